"""Measure the browser app (a script that prints figures, not a test).

Prints: time from navigation to "engine ready" with a cold cache, a warm HTTP cache and offline through the service
worker; the size of site/ (raw and gzip); the bytes a first visit downloads (counted by the server, service-worker
precache included); and the median time of a bot move in the browser (Python time in the worker and the page's
round trip), from a bots-only game.

Run after building: ``python tools/measure_browser.py [--runs 3] [--site site]``.
"""

from __future__ import annotations

import argparse
import gzip
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import serve  # noqa: E402

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
READY = "body[data-engine=ready]"


class CountingHandler(serve.Handler):
    """Counts the body bytes the server sends."""

    sent = 0

    def copyfile(self, source: Any, outputfile: Any) -> None:
        data = source.read()
        type(self).sent += len(data)
        outputfile.write(data)


def site_sizes(site: Path) -> tuple[int, int]:
    """Raw and gzip-compressed size of every file in the site."""
    raw = packed = 0
    for path in site.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            raw += len(data)
            packed += len(gzip.compress(data, 6))
    return raw, packed


TIMINGS: list[dict[str, float]] = []


def ready_ms(page: Any) -> float:
    """Milliseconds from navigation start to the engine-ready signal (worker stage timings kept in TIMINGS)."""
    page.wait_for_selector(READY, timeout=120_000)
    TIMINGS.append(page.evaluate("() => ({worker: window.__app.engine.readyAt - 0, ...window.__app.engine.timings})"))
    return page.evaluate("() => window.__app.engineReadyAt")


def main() -> None:
    """Run every measurement and print a summary."""
    parser = argparse.ArgumentParser(description="Measure load and bot times of the built site in Chromium")
    parser.add_argument("--site", default=str(ROOT / "site"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    site = Path(args.site).resolve()
    if not (site / "index.html").exists():
        sys.exit("site/ is not built: run `python tools/build_site.py` (or `make site`) first")

    import functools
    import http.server
    import threading

    from playwright.sync_api import sync_playwright

    handler = type("H", (CountingHandler,), {"rules": serve.load_header_rules()})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"

    cold, warm, offline, first_visit = [], [], [], []
    with sync_playwright() as pw:
        # Real profiles on disk (an in-memory incognito cache would not keep the 9.6 MB wasm file).
        profiles: list[str] = []

        def profile(**kwargs: Any) -> Any:
            profiles.append(tempfile.mkdtemp(prefix="measure-profile-"))
            return pw.chromium.launch_persistent_context(profiles[-1],
                                                         executable_path=args.chromium, args=ARGS, **kwargs)

        for _ in range(args.runs):
            # Cold: a fresh profile; then everything the first visit fetches, service-worker precache included.
            ctx = profile()
            page = ctx.new_page()
            handler.sent = 0
            page.goto(url)
            cold.append(ready_ms(page))
            page.wait_for_selector("body[data-offline=ready]", timeout=120_000)
            page.wait_for_function("() => navigator.serviceWorker.controller !== null")
            first_visit.append(handler.sent)
            # Offline through the service worker.
            ctx.set_offline(True)
            page.reload()
            offline.append(ready_ms(page))
            ctx.close()
            # Warm HTTP cache, no service worker: a second visit in the same profile.
            ctx = profile(service_workers="block")
            page = ctx.new_page()
            page.goto(url)
            ready_ms(page)
            page.goto("about:blank")
            page.goto(url)
            warm.append(ready_ms(page))
            ctx.close()

        browser = pw.chromium.launch(executable_path=args.chromium, args=ARGS)
        # Bot move time: a bots-only 2-player game with "normal" bots at instant speed.
        ctx = browser.new_context()
        page = ctx.new_page()
        page.goto(url)
        ready_ms(page)
        page.click(".game-tile[data-game=skipbo] .new-game")
        page.select_option('select[data-seat="0"][data-role="kind"]', "bot")
        page.fill("#opt-stock_size", "15")
        page.fill("#seed-input", "2026")
        page.select_option("#speed-input", "instant")
        page.click("#start-game")
        page.wait_for_selector("#result-dialog", timeout=600_000)
        think = page.evaluate("() => window.__app.controller.botTimes")
        trips = page.evaluate("() => window.__app.controller.botRoundTrips")
        ctx.close()
        browser.close()
    server.shutdown()
    for path in profiles:
        shutil.rmtree(path, ignore_errors=True)

    raw, packed = site_sizes(site)
    med = statistics.median
    files = sum(1 for p in site.rglob("*") if p.is_file())
    print(f"site/: {raw / 1e6:.2f} MB raw, {packed / 1e6:.2f} MB gzipped ({files} files)")
    print(f"first visit downloads (server bytes, SW precache included): {med(first_visit) / 1e6:.2f} MB raw")
    print(f"engine ready, cold cache:        median {med(cold):6.0f} ms  runs {[round(x) for x in cold]}")
    print(f"engine ready, warm HTTP cache:   median {med(warm):6.0f} ms  runs {[round(x) for x in warm]}")
    print(f"engine ready, offline (SW):      median {med(offline):6.0f} ms  runs {[round(x) for x in offline]}")
    stages = {k: med([t[k] for t in TIMINGS]) for k in ("python", "wheel", "api")}
    print(f"worker stages (ms after the worker started, medians): Python up {stages['python']:.0f}, "
          f"wheel unpacked {stages['wheel']:.0f}, api imported {stages['api']:.0f}")
    print(f"bot move ('normal', 2 players, {len(think)} moves): median {med(think):.2f} ms in Python, "
          f"{med(trips):.2f} ms page-to-worker round trip, max {max(think):.1f} ms")


if __name__ == "__main__":
    main()
