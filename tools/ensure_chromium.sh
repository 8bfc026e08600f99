#!/usr/bin/env bash
# Make sure Debian's Chromium is at /usr/bin/chromium for the browser tests (never `playwright install`).
# As root it installs the package; otherwise it says what to run (the e2e tests then skip locally, fail in CI).
set -euo pipefail
[ -x /usr/bin/chromium ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends chromium
else
  echo "note: /usr/bin/chromium is missing; run 'sudo apt-get install chromium' to run the browser tests" >&2
fi
