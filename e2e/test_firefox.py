"""Firefox smoke suite (issue 17, point 11): the built site in a second browser engine.

Debian's firefox-esr is driven by puppeteer-core (npm, pinned) over WebDriver BiDi from ``e2e/firefox_smoke.mjs``:
every game starts from its Play button and plays a few moves, an offline reload resumes the game from the service
worker, and a rules page's widget starts and steps. The script prints one JSON line per check; this test runs it
once and fails with the failing checks' lines. Like the Chromium tests it skips on a developer machine without
the browser and fails in CI, where .ci/run installs firefox-esr.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

from e2e.conftest import ARTIFACTS, ROOT, _missing

FIREFOX = os.environ.get("FIREFOX", "/usr/bin/firefox-esr")


def test_firefox_plays_every_game_offline_and_a_widget(site_dir: Path) -> None:
    if shutil.which(FIREFOX) is None and not Path(FIREFOX).exists():
        _missing(f"Firefox ESR at {FIREFOX}")
    if not (ROOT / "node_modules" / "puppeteer-core" / "package.json").exists():
        _missing("node_modules/puppeteer-core")
    run = subprocess.run(["node", str(ROOT / "e2e" / "firefox_smoke.mjs"), str(site_dir), FIREFOX],
                         capture_output=True, text=True, timeout=900, cwd=ROOT)
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "firefox-smoke.log").write_text(run.stdout + "\n--- stderr ---\n" + run.stderr)
    checks = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
    names = [c["check"] for c in checks]
    expected = ["engine ready", "play skipbo", "play topspot", "play level8", "play etalage", "offline reload",
                "widget", "no page errors"]
    assert names == expected, f"checks {names}, stderr: {run.stderr[-2000:]}"
    failed = [c for c in checks if not c["ok"]]
    assert not failed, failed
    assert run.returncode == 0, run.stderr[-2000:]
