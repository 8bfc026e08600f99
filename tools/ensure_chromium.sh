#!/usr/bin/env bash
# Make sure Debian's browsers are there for the browser tests: Chromium at /usr/bin/chromium (never
# `playwright install`) and Firefox ESR at /usr/bin/firefox-esr (the Firefox smoke suite, e2e/test_firefox.py).
# As root it installs the missing packages; otherwise it says what to run (the e2e tests then skip locally, fail in CI).
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/firefox-esr ] || missing+=(firefox-esr)
[ ${#missing[@]} = 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's ${missing[*]} for the browser tests..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${missing[@]}"
else
  echo "note: ${missing[*]} missing; run 'sudo apt-get install ${missing[*]}' to run the browser tests" >&2
fi
