"""Measure what a teacher's page with several widgets costs: Python engines started and memory.

A host page on a second local origin (tools/serve.py on another port) embeds N iframe widgets of the built site
(``site/``, build it first). For N = 1 and N = 5 with the shared engine, and N = 5 with one dedicated worker per frame
(``worker=dedicated``, the behaviour before one engine per page), the script starts a fresh Chromium, waits until
every widget is ready, asks each frame's worker for its counters (web/js/worker/worker-shared.js) and sums the
proportional set size (PSS, /proc/<pid>/smaps_rollup) of every process of that browser. Figures are printed as
ratios against one widget measured in the same run. Run it on a quiet machine (``nice`` it on a shared one):

    .venv/bin/python tools/measure_widgets.py [--runs 2]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import embed_code, serve  # noqa: E402

SCENARIOS = ["demo-topspot.json", "demo-level8-try.json", "demo-etalage.json", "skipbo-complete.json",
             "level8-layout.json"]
STATS = ("async () => { const m = await import(document.querySelector('script[type=module]').src"
         ".replace('/embed.js', '/widget.js')); return m.getEngine().workerStats(); }")


def _children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        tree.setdefault(ppid, []).append(int(entry))
    return tree


def _pss_kib(root: int) -> int:
    """PSS of every process below ``root`` (this script: the Playwright driver and its Chromium)."""
    tree = _children()
    todo, total = list(tree.get(root, [])), 0
    while todo:
        pid = todo.pop()
        todo.extend(tree.get(pid, []))
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes()
            if b"chrom" not in cmd:
                continue
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total


def measure(count: int, dedicated: bool, base: str, host_dir: Path, host_url: str) -> dict[str, Any]:
    """Start Chromium, open a host page with ``count`` widgets, wait for all, return engines and memory."""
    from playwright.sync_api import sync_playwright

    extra = "&worker=dedicated" if dedicated else ""
    frames = []
    for i in range(count):
        code = embed_code.encode(json.loads((ROOT / "web" / "scenarios" / SCENARIOS[i % len(SCENARIOS)]).read_text()))
        frames.append(f'<iframe data-pygame-rules src="{base}embed.html?s={code}&id=w{i}{extra}&start=load" '
                      f'width="100%" height="600" style="border:0"></iframe>')
    name = f"host-{count}-{int(dedicated)}.html"
    (host_dir / name).write_text("<!doctype html><meta charset=utf-8><title>m</title>" + "".join(frames))
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium",
                                     args=["--headless", "--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 900, "height": 900})
        started = time.perf_counter()
        page.goto(host_url + name)
        for i in range(count):
            page.frame_locator("iframe").nth(i).locator("#widget[data-state=ready]").wait_for(timeout=300_000)
        ready_s = time.perf_counter() - started
        page.wait_for_timeout(1500)
        stats = [f.evaluate(STATS) for f in page.frames if "embed.html" in f.url]
        pss = _pss_kib(os.getpid())
        browser.close()
    engines = len({s["instance"] for s in stats})
    return {"widgets": count, "dedicated": dedicated, "engines": engines,
            "python_starts": sum(s["pythonReady"] for s in {s["instance"]: s for s in stats}.values()),
            "pss_mb": pss / 1024, "ready_s": ready_s}


def main() -> None:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    site = ROOT / "site"
    if not (site / "embed.html").exists():
        raise SystemExit("build the site first: python tools/build_site.py")
    server, base = serve.start(site)
    host_dir = Path(tempfile.mkdtemp(prefix="widgets-host-"))
    host, host_url = serve.start(host_dir)
    rows = []
    for _ in range(args.runs):
        for count, dedicated in ((1, False), (5, False), (5, True)):
            rows.append(measure(count, dedicated, base, host_dir, host_url))
    one = [r["pss_mb"] for r in rows if r["widgets"] == 1]
    baseline = sum(one) / len(one)
    print(f"{'widgets':>8} {'worker':>10} {'engines':>8} {'Pythons':>8} {'PSS MB':>8} {'ratio':>6} {'ready s':>8}")
    for r in rows:
        print(f"{r['widgets']:>8} {'dedicated' if r['dedicated'] else 'shared':>10} {r['engines']:>8} "
              f"{r['python_starts']:>8} {r['pss_mb']:>8.0f} {r['pss_mb'] / baseline:>6.2f} {r['ready_s']:>8.1f}")
    server.shutdown()
    host.shutdown()


if __name__ == "__main__":
    main()
