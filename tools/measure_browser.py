"""Measure the browser app against a bare ``loadPyodide`` page (a script that prints figures, not a test).

One run of ``--rounds`` interleaved rounds (at least 3). Every round, in a rotating order, with fresh on-disk
profiles and the same server (tools/serve.py's handler: netlify.toml headers and gzip/brotli like the published site):

- the bare page (``/__bare/``, served from a temporary folder): a module worker that only awaits ``loadPyodide``
  from the same ``pyodide/<version>/`` files, cold and then warm from the HTTP cache;
- the app with service workers blocked: cold (a normal start that makes and stores the memory snapshot), then warm
  from the HTTP cache (a return visit: should start from the snapshot);
- the app with its service worker: cold, then a return visit through the service worker, then offline.

Each app figure is printed with its ratio to the bare page in the same round: cold against bare cold, the return
visits against bare warm. Also printed: the first clickable control, the worker's start path and stages, the
bytes of a first visit (raw / gzip / brotli, from the files the server sent, service-worker precache included), the
stored snapshot's size, the time of a bot move, and a rules page's widgets (all boards painted, wasm before the
first interaction or not, a click to the engine's first table) and a lesson's board (painted from its stored table,
wasm before the first interaction or not, the first touch until it plays) and an embed.html scenario widget's
(the same, with a click on Next until the first step is played). Times are from navigation start. Last,
the main thread's long tasks (over 50 ms, Long Tasks API) while a person plays a Skip-Bo game against a bot at the
default speed: their count, how many exceed 200 ms, the longest and their sum, per game.

Run after building: ``python tools/measure_browser.py [--rounds 3] [--site site] [--no-bots]
[--long-task-games N] [--only-long-tasks] [--only-paint]``.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import serve  # noqa: E402

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
READY = "body[data-engine=ready]"
TIMEOUT = 180_000

BARE_HTML = """<!doctype html><meta charset="utf-8"><title>bare loadPyodide</title>
<script type="module">
const w = new Worker("./worker.js", {type: "module"});
w.onmessage = (e) => { window.__bare = {readyAt: performance.now(), inWorker: e.data};
  document.body.dataset.ready = "1"; };
</script><body></body>
"""
BARE_WORKER = """const t0 = performance.now();
const base = new URL("../pyodide/%(version)s/", self.location.href).href;
const { loadPyodide } = await import(base + "pyodide.mjs");
await loadPyodide({ indexURL: base, packages: [], stdout: () => {}, stderr: () => {} });
self.postMessage(performance.now() - t0);
"""
# Records when the first "New game" button exists (the first clickable control of the start page).
FIRST_CLICKABLE = """
new MutationObserver((_, obs) => {
  if (document.querySelector('.game-tile .new-game')) { window.__firstClickable = performance.now(); obs.disconnect(); }
}).observe(document, {childList: true, subtree: true});
"""


def make_handler(site: Path, bare: Path) -> type:
    """tools/serve.py's handler (headers, compression, byte counting) plus ``/__bare/`` from ``bare``."""

    class Handler(serve.Handler):
        rules = serve.load_header_rules()
        served: list[str] = []
        sent_bytes = 0

        def translate_path(self, path: str) -> str:
            clean = path.split("?", 1)[0]
            if clean.startswith("/__bare/"):
                return str(bare / (clean[len("/__bare/"):] or "index.html"))
            return super().translate_path(path)

    return functools.partial(Handler, directory=str(site))


def packed_sizes(paths: list[Path]) -> tuple[int, int, int, int]:
    """Raw, gzip, brotli as tools/serve.py sends it (the build's quality-11 ``<file>.br`` when there is one, else
    quality 5 over 1 MB) and brotli quality 11 bytes of ``paths``; incompressible types count raw."""
    raw = gz = br = br11 = 0
    for path in paths:
        data = path.read_bytes()
        raw += len(data)
        ctype = serve.Handler.extensions_map.get(path.suffix, "text/html" if path.suffix == ".html" else "")
        if not ctype.startswith(serve.COMPRESSIBLE):
            gz += len(data)
            br += len(data)
            br11 += len(data)
            continue
        gz += len(gzip.compress(data, 6))
        if serve.brotli is None:
            br += len(gzip.compress(data, 9))
            br11 += len(gzip.compress(data, 9))
            continue
        sibling = path.with_name(path.name + ".br")
        if sibling.is_file():  # precompressed by tools/build_site.py at quality 11: what serve.py sends
            br += sibling.stat().st_size
            br11 += sibling.stat().st_size
            continue
        br += len(serve.compress(data, "br"))
        br11 += len(serve.brotli.compress(data, quality=11))
    return raw, gz, br, br11


class Rounds:
    """Drives the browser for one measuring session and keeps every figure."""

    def __init__(self, pw: Any, chromium: str, url: str, handler: Any) -> None:
        self.pw, self.chromium, self.url, self.handler = pw, chromium, url, handler
        self.profiles: list[str] = []
        self.rows: list[dict[str, Any]] = []
        self.first_visit_paths: list[set[str]] = []
        self.first_visit_wire: list[int] = []
        self.snapshot_bytes: list[int] = []
        self.snapshot_memory: list[int] = []
        self.snapshot_heap: list[dict[str, Any]] = []
        self.stages: list[dict[str, Any]] = []
        self.paths: dict[str, list[str]] = {}

    def context(self, **kwargs: Any) -> Any:
        self.profiles.append(tempfile.mkdtemp(prefix="measure-profile-"))
        ctx = self.pw.chromium.launch_persistent_context(self.profiles[-1], executable_path=self.chromium,
                                                         args=ARGS, **kwargs)
        ctx.add_init_script(FIRST_CLICKABLE)
        return ctx

    def app_ready(self, page: Any, label: str, row: dict[str, Any]) -> float:
        page.wait_for_selector(READY, timeout=TIMEOUT)
        info = page.evaluate("() => ({ready: window.__app.engineReadyAt, click: window.__firstClickable,"
                             " start: window.__app.engine.start, timings: window.__app.engine.timings,"
                             " opened: window.__app.engine.openedAt, ran: window.__app.engine.workerRanAt})")
        self.paths.setdefault(label, []).append((info["start"] or {}).get("path", "?"))
        page_times = {k: info[k] for k in ("opened", "ran", "ready") if isinstance(info.get(k), (int, float))}
        self.stages.append({"label": label, **(info["timings"] or {}), "page": page_times})
        if info["click"] is not None:
            row.setdefault("clickable", []).append(info["click"])
        return float(info["ready"])

    def wait_snapshot(self, page: Any) -> None:
        page.wait_for_function("() => window.__app.engine.snapshot !== undefined", timeout=TIMEOUT)
        snap = page.evaluate("() => window.__app.engine.snapshot")
        if snap.get("stored"):
            self.snapshot_bytes.append(snap["bytes"])
            self.snapshot_memory.append(snap.get("memory", snap["bytes"]))
        self.snapshot_heap.append(snap)  # heap, limit, headroom: js/worker/pyodide-start.js keepSnapshot

    def bare(self, row: dict[str, Any]) -> None:
        ctx = self.context(service_workers="block")
        page = ctx.new_page()
        for name in ("bare_cold", "bare_warm"):
            page.goto("about:blank")
            page.goto(self.url + "__bare/")
            page.wait_for_selector("body[data-ready='1']", state="attached", timeout=TIMEOUT)
            row[name] = page.evaluate("() => window.__bare.readyAt")
        ctx.close()

    def app_http(self, row: dict[str, Any]) -> None:
        ctx = self.context(service_workers="block")
        page = ctx.new_page()
        page.goto(self.url)
        row["cold_http"] = self.app_ready(page, "cold", row)
        self.wait_snapshot(page)
        page.goto("about:blank")
        page.goto(self.url)
        row["warm_http"] = self.app_ready(page, "warm (HTTP cache)", row)
        ctx.close()

    def app_sw(self, row: dict[str, Any]) -> None:
        ctx = self.context()
        page = ctx.new_page()
        self.handler.func.served = []  # type: ignore[attr-defined]
        wire0 = self.handler.func.sent_bytes  # type: ignore[attr-defined]
        page.goto(self.url)
        row["cold_sw"] = self.app_ready(page, "cold", row)
        page.wait_for_selector("body[data-offline=ready]", timeout=TIMEOUT)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT)
        self.wait_snapshot(page)
        time.sleep(0.5)  # let the last precache responses finish
        self.first_visit_paths.append(set(self.handler.func.served))  # type: ignore[attr-defined]
        self.first_visit_wire.append(self.handler.func.sent_bytes - wire0)  # type: ignore[attr-defined]
        page.goto("about:blank")
        page.goto(self.url)
        row["warm_sw"] = self.app_ready(page, "warm (service worker)", row)
        ctx.set_offline(True)
        page.goto("about:blank")
        page.goto(self.url)
        row["offline"] = self.app_ready(page, "offline", row)
        ctx.close()

    def run(self, rounds: int) -> None:
        steps = [self.bare, self.app_http, self.app_sw]
        for n in range(rounds):
            row: dict[str, Any] = {}
            order = steps[n % 3:] + steps[:n % 3]
            for step in order:
                step(row)
            self.rows.append(row)
            print(f"round {n + 1}/{rounds} done", file=sys.stderr, flush=True)

    def cleanup(self) -> None:
        for path in self.profiles:
            shutil.rmtree(path, ignore_errors=True)


def bot_moves(pw: Any, chromium: str, url: str) -> tuple[list[float], list[float]]:
    """Python think times and page round trips of a bots-only 2-player Skip-Bo game at instant speed."""
    browser = pw.chromium.launch(executable_path=chromium, args=ARGS)
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_selector(READY, timeout=TIMEOUT)
    page.click(".game-tile[data-game=skipbo] .new-game")
    page.select_option('select[data-seat="0"][data-role="kind"]', "bot")
    page.fill("#opt-stock_size", "15")
    page.locator("#replay-deal").evaluate("d => { d.open = true; }")  # the deal number sits in a <details>
    page.fill("#seed-input", "2026")
    page.select_option("#speed-input", "instant")
    page.click("#start-game")
    page.wait_for_selector("#result-dialog", timeout=600_000)
    think = page.evaluate("() => window.__app.controller.botTimes")
    trips = page.evaluate("() => window.__app.controller.botRoundTrips")
    ctx.close()
    browser.close()
    return think, trips


RULES_PAGE = "rules/topspot.en.html"  # three widgets
ALL_PAINTED = """() => { const els = [...document.querySelectorAll('rules-scenario')];
  return els.length > 0 && els.every((el) => el.dataset.state === 'painted'); }"""


def cold_paint(pw: Any, chromium: str, url: str, runs: int, path: str, painted: str, interact: Any,
               answered: str) -> list[dict[str, Any]]:
    """A page of widgets drawn from stored tables, cold (a fresh browser and profile each run): wait until
    ``painted`` (a JS predicate) holds, then let ``interact(page)`` be the reader's first touch and wait for the
    ``answered`` selector (the engine's answer). Per run: how many boards were painted and when the last was (ms from
    navigation start, nan when none), how many requests for Python's wasm came before the first interaction, and
    the ms from the touch to the answer."""
    rows = []
    for _ in range(runs):
        browser = pw.chromium.launch(executable_path=chromium, args=ARGS)
        ctx = browser.new_context()
        requested: list[str] = []
        ctx.on("request", lambda r, seen=requested: seen.append(r.url))
        page = ctx.new_page()
        page.goto(url + path)
        page.wait_for_function(painted, timeout=TIMEOUT)
        page.wait_for_timeout(1000)
        times = page.evaluate("() => window.__widgets.stats.paintedAt")
        wasm_before = sum(u.split("?")[0].endswith("pyodide.asm.wasm") for u in requested)
        touched = page.evaluate("() => performance.now()")
        interact(page)
        page.wait_for_selector(answered, timeout=TIMEOUT)
        answer = page.evaluate("() => performance.now()")
        rows.append({"widgets": len(times), "painted": max(times) if times else float("nan"),
                     "wasm_before": wasm_before, "to_answer": answer - touched})
        ctx.close()
        browser.close()
    return rows


WIDGET_PAINTED = "() => document.querySelector('#widget')?.dataset.state === 'painted'"


def rules_page_paint(pw: Any, chromium: str, url: str, runs: int) -> list[dict[str, Any]]:
    """A rules page with its widgets: when every board was painted, whether Python's wasm was requested before the
    first interaction, and how long a click on the first board takes to its engine's first table."""
    return cold_paint(pw, chromium, url, runs, RULES_PAGE, ALL_PAINTED,
                      lambda page: page.click("rules-scenario .rw-stage"), "rules-scenario[data-state=ready]")


def report_rules_page(rows: list[dict[str, Any]]) -> None:
    """Print rules_page_paint's figures."""
    med = statistics.median
    n = rows[0]["widgets"] if rows else 0
    print(f"rules page ({RULES_PAGE}, {n} widgets, cold, {len(rows)} runs): all boards painted median "
          f"{med([r['painted'] for r in rows]):.0f} ms after navigation (max {max(r['painted'] for r in rows):.0f}); "
          f"wasm requested before the first interaction: {sum(r['wasm_before'] > 0 for r in rows)}/{len(rows)} runs; "
          f"click to the engine's first table: median {med([r['to_answer'] for r in rows]):.0f} ms")


LESSON_PAGE = "embed.html?lesson=topspot-3-follow&lang=en"  # opens with two cards led by the other seats


def lesson_paint(pw: Any, chromium: str, url: str, runs: int) -> list[dict[str, Any]]:
    """A lesson: when its board was painted from the table stored with it, whether Python's wasm was requested
    before the first interaction, and how long the learner's first touch (the pointer entering it) takes until the
    lesson plays."""
    return cold_paint(pw, chromium, url, runs, LESSON_PAGE, WIDGET_PAINTED,
                      lambda page: page.hover("#widget .lesson-goal"), "#widget[data-lesson=playing]")


def report_lesson(rows: list[dict[str, Any]]) -> None:
    """Print lesson_paint's figures (beside the rules page's)."""
    if not rows:
        return
    med = statistics.median
    print(f"lesson ({LESSON_PAGE}, cold, {len(rows)} runs): board painted median "
          f"{med([r['painted'] for r in rows]):.0f} ms after navigation (max {max(r['painted'] for r in rows):.0f}); "
          f"wasm requested before the first interaction: {sum(r['wasm_before'] > 0 for r in rows)}/{len(rows)} runs; "
          f"first touch to playing: median {med([r['to_answer'] for r in rows]):.0f} ms")


EMBED_PAGE = "embed.html?src=scenarios/demo-topspot.json&lang=en"  # a scenario widget frame, two scripted steps


def embed_paint(pw: Any, chromium: str, url: str, runs: int) -> list[dict[str, Any]]:
    """An embed.html scenario widget: when its board was painted from the table stored with its file, how many
    requests for Python's wasm came before the first interaction, and how long a click on Next takes until the
    engine has played the first step."""
    return cold_paint(pw, chromium, url, runs, EMBED_PAGE, WIDGET_PAINTED,
                      lambda page: page.click("#widget .rw-next"), "#widget[data-step='1']")


def report_embed(rows: list[dict[str, Any]]) -> None:
    """Print embed_paint's figures (beside the rules page's and the lesson's)."""
    if not rows:
        return
    med = statistics.median
    print(f"embed ({EMBED_PAGE}, cold, {len(rows)} runs): board painted median "
          f"{med([r['painted'] for r in rows]):.0f} ms after navigation (max {max(r['painted'] for r in rows):.0f}); "
          f"wasm requested before the first interaction: {sum(r['wasm_before'] for r in rows)} requests in "
          f"{len(rows)} runs; click on Next to the first step played: median "
          f"{med([r['to_answer'] for r in rows]):.0f} ms")


# Records every main-thread task over 50 ms (Long Tasks API) from the first script on; `__longTasksFrom` marks the
# start of the game so that start-up work is counted apart.
LONG_TASKS = """
window.__longTasks = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({start: e.startTime, ms: e.duration});
  }).observe({type: "longtask", buffered: true});
} catch (err) { window.__longTasks = null; }
"""
# The human seat's policy while measuring: any move to a building pile before a discard (which ends the turn).
HUMAN_MOVE = """() => { const c = window.__app.controller;
  if (!c || !c.myTurn || c.busy || c._running) return false;
  const legal = c.table.legal; const a = legal.find((x) => x.type !== "discard") || legal[0];
  c.play(a); return true; }"""


def long_tasks(pw: Any, chromium: str, url: str, games: int) -> list[dict[str, Any]]:
    """Main-thread long tasks (over 50 ms) of ``games`` 2-player Skip-Bo games (stock 10, seeds 1..n) at the
    default speed, the human seat playing any building move before a discard: what a player's page does per move
    (drawing, animating, the log, storage writes). One fresh browser per game; the start-up is counted apart."""
    out = []
    for seed in range(1, games + 1):
        browser = pw.chromium.launch(executable_path=chromium, args=ARGS)
        ctx = browser.new_context(viewport={"width": 1280, "height": 800})
        page = ctx.new_page()
        page.add_init_script(LONG_TASKS)
        page.goto(url)
        page.wait_for_selector(READY, timeout=TIMEOUT)
        page.wait_for_timeout(3000)  # let the background snapshot settle: the game is measured, not the start
        page.click(".game-tile[data-game=skipbo] .new-game")
        page.select_option("#players", "2")
        page.select_option('select[data-seat="0"][data-role="kind"]', "human")
        page.select_option('select[data-seat="1"][data-role="kind"]', "bot")
        page.select_option('select[data-seat="1"][data-role="level"]', "normal")
        page.fill("#opt-stock_size", "10")
        page.locator("#replay-deal").evaluate("d => { d.open = true; }")
        page.fill("#seed-input", str(seed))
        page.select_option("#speed-input", "normal")
        startup = page.evaluate("() => window.__longTasks ? window.__longTasks.length : -1")
        page.evaluate("() => { window.__longTasksFrom = window.__longTasks ? window.__longTasks.length : 0; }")
        page.click("#start-game")
        moves = 0
        deadline = time.monotonic() + 900
        while time.monotonic() < deadline:
            if page.locator("#result-dialog").count():
                break
            if page.evaluate(HUMAN_MOVE):
                moves += 1
            page.wait_for_timeout(50)
        tasks = page.evaluate("() => window.__longTasks ? window.__longTasks.slice(window.__longTasksFrom) : null")
        events = page.evaluate("() => window.__app.controller ? window.__app.controller.table.log_length : 0")
        out.append({"seed": seed, "tasks": tasks, "human_moves": moves, "events": events, "startup": startup,
                    "finished": bool(page.locator("#result-dialog").count())})
        ctx.close()
        browser.close()
    return out


def report_long_tasks(rows: list[dict[str, Any]]) -> None:
    """Print the long-task count and maximum per game."""
    print("main-thread long tasks per Skip-Bo game (2 players, human + normal bot, stock 10, normal speed):")
    for row in rows:
        tasks = row["tasks"]
        if tasks is None:
            print(f"  seed {row['seed']}: this browser has no Long Tasks API")
            continue
        ms = [t["ms"] for t in tasks]
        over200 = sum(1 for m in ms if m > 200)
        print(f"  seed {row['seed']}: {len(ms)} tasks over 50 ms, {over200} over 200 ms, longest "
              f"{max(ms, default=0):.0f} ms, total {sum(ms):.0f} ms ({row['events']} log events, "
              f"{row['human_moves']} human moves{'' if row['finished'] else ', NOT finished'}; "
              f"{row['startup']} long tasks before the game)")


def report(r: Rounds, site: Path, bots: tuple[list[float], list[float]] | None) -> None:
    """Print every figure."""
    med = statistics.median
    rows = r.rows
    print(f"\n{len(rows)} interleaved rounds; times from navigation start to engine ready (ms); "
          "ratio = app / bare page in the same round")
    print(f"{'round':>5} {'bare cold':>9} {'bare warm':>9} | {'app cold':>14} {'warm HTTP':>14} "
          f"{'warm SW':>14} {'offline':>14}")
    ratios: dict[str, list[float]] = {k: [] for k in ("cold_http", "cold_sw", "warm_http", "warm_sw", "offline")}
    for i, row in enumerate(rows, 1):
        cells = []
        for key, base in (("cold_http", "bare_cold"), ("warm_http", "bare_warm"), ("warm_sw", "bare_warm"),
                          ("offline", "bare_warm")):
            ratio = row[key] / row[base]
            ratios[key].append(ratio)
            cells.append(f"{row[key]:6.0f} {ratio:5.2f}x")
        ratios["cold_sw"].append(row["cold_sw"] / row["bare_cold"])
        print(f"{i:>5} {row['bare_cold']:9.0f} {row['bare_warm']:9.0f} | " + " ".join(f"{c:>14}" for c in cells))

    def line(label: str, key: str) -> None:
        values = [row[key] for row in rows]
        rs = ratios[key]
        print(f"  {label:<34} median {med(values):6.0f} ms   ratio median {med(rs):.2f}x "
              f"[{min(rs):.2f}-{max(rs):.2f}]")

    print("summary:")
    print(f"  {'bare loadPyodide, cold':<34} median {med([row['bare_cold'] for row in rows]):6.0f} ms")
    print(f"  {'bare loadPyodide, warm':<34} median {med([row['bare_warm'] for row in rows]):6.0f} ms")
    line("app cold (SW blocked), first visit", "cold_http")
    line("app cold (with SW), first visit", "cold_sw")
    line("app warm, HTTP cache (vs bare warm)", "warm_http")
    line("app warm, service worker (vs warm)", "warm_sw")
    line("app offline (vs bare warm)", "offline")
    clicks = [c for row in rows for c in row.get("clickable", [])]
    if clicks:
        print(f"  first clickable control: median {med(clicks):.0f} ms, max {max(clicks):.0f} ms "
              f"({len(clicks)} app loads)")
    for label, paths in r.paths.items():
        counts = {p: paths.count(p) for p in sorted(set(paths))}
        print(f"  start path, {label}: {counts}")
    for label in sorted({s["label"] for s in r.stages}):
        stages = [s for s in r.stages if s["label"] == label]
        names = ("snapshotFound", "snapshotRead", "python", "wheel", "imports", "snapshotMade", "api")
        keys = [k for k in names if k in stages[0]]
        parts = ", ".join(f"{k} {med([s.get(k, 0) for s in stages]):.0f}" for k in keys)
        print(f"  worker stages, {label} (ms after the worker started, medians): {parts}")
        page = [s["page"] for s in stages if len(s.get("page", {})) == 3]
        if page:
            # Page time (ms after navigation): the worker asked for, its first module running, engine ready.
            print(f"    on the page's clock: worker opened {med([p['opened'] for p in page]):.0f}, its module ran "
                  f"{med([p['ran'] for p in page]):.0f}, engine ready {med([p['ready'] for p in page]):.0f}")

    paths = set().union(*r.first_visit_paths) if r.first_visit_paths else set()
    wanted = {site / "index.html" if p == "/" else site / p.lstrip("/") for p in paths}
    files = sorted(f for f in wanted if f.is_file())
    raw, gz, br, br11 = packed_sizes(files)
    print(f"first visit ({len(files)} files, SW precache included): {raw / 1e6:.2f} MB raw, {gz / 1e6:.2f} MB gzip, "
          f"{br / 1e6:.2f} MB brotli as served (.br files of the build, else quality 5 over 1 MB), "
          f"{br11 / 1e6:.2f} MB brotli quality 11"
          f"{'' if serve.brotli is not None else ' (gzip -9: brotli not installed)'}; "
          f"on the wire from this server: median {med(r.first_visit_wire) / 1e6:.2f} MB")
    stdlib = next(iter(sorted((site / "pyodide").glob("*/python_stdlib.zip"))), None)
    original = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
    if stdlib and original.exists() and serve.brotli is not None:
        for q in (5, 11):
            a, b = (len(serve.brotli.compress(p.read_bytes(), quality=q)) for p in (original, stdlib))
            print(f"  python_stdlib.zip brotli quality {q}: {a / 1e6:.2f} MB as shipped (deflated), "
                  f"{b / 1e6:.2f} MB re-stored (-{(a - b) / 1e6:.2f} MB)")
    lazy = [p for p in (site / "pyscript").rglob("*") if p.is_file()]
    sent_lazy = [p for p in paths if p.startswith("/pyscript/")]
    print(f"  PyScript (lab only): {sum(p.stat().st_size for p in lazy) / 1e6:.2f} MB raw, "
          f"{len(sent_lazy)} of its {len(lazy)} files fetched by a first visit")
    if r.snapshot_bytes:
        print(f"snapshot kept in Cache Storage: {med(r.snapshot_bytes) / 1e6:.1f} MB stored (zero pages left out, "
              f"js/storage/snapshot-pages.js) of {med(r.snapshot_memory) / 1e6:.1f} MB of memory")
    if heads := [s for s in r.snapshot_heap if "headroom" in s]:
        print(f"snapshot heap headroom: {min(s['headroom'] for s in heads) / 2**20:.2f} MiB (min of {len(heads)}) "
              f"before Python's heap outgrows the {heads[0]['limit'] / 2**20:.0f} MiB a restore holds (Pyodide #6254)")
    if bots:
        think, trips = bots
        print(f"bot move ('normal', 2 players, {len(think)} moves): median {med(think):.2f} ms in Python, "
              f"{med(trips):.2f} ms page-to-worker round trip, max {max(think):.1f} ms")


def main() -> None:
    """Run every measurement and print a summary."""
    parser = argparse.ArgumentParser(description="Measure start-up, sizes and bot times of the built site")
    parser.add_argument("--site", default=str(ROOT / "site"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--no-bots", action="store_true", help="skip the bot move timing")
    parser.add_argument("--long-task-games", type=int, default=1,
                        help="Skip-Bo games played for the main thread's long tasks (0: none)")
    parser.add_argument("--only-long-tasks", action="store_true", help="measure only the long tasks")
    parser.add_argument("--only-paint", action="store_true",
                        help="measure only the rules page's, the lesson's and the embed's paint (cold)")
    args = parser.parse_args()
    site = Path(args.site).resolve()
    if not (site / "index.html").exists():
        sys.exit("site/ is not built: run `python tools/build_site.py` (or `make site`) first")
    if args.rounds < 3:
        sys.exit("at least 3 interleaved rounds")
    version = next(p.name for p in (site / "pyodide").iterdir() if p.is_dir())
    bare = Path(tempfile.mkdtemp(prefix="measure-bare-"))
    (bare / "index.html").write_text(BARE_HTML)
    (bare / "worker.js").write_text(BARE_WORKER % {"version": version})

    from playwright.sync_api import sync_playwright

    handler = make_handler(site, bare)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    print(f"measuring {site} at {url} (load average {os.getloadavg()[0]:.1f})", file=sys.stderr, flush=True)
    with sync_playwright() as pw:
        rounds = Rounds(pw, args.chromium, url, handler)
        try:
            full = not args.only_long_tasks and not args.only_paint
            if full:
                rounds.run(args.rounds)
            bots = None if args.no_bots or not full else bot_moves(pw, args.chromium, url)
            paint = [] if args.only_long_tasks else rules_page_paint(pw, args.chromium, url, args.rounds)
            lesson = [] if args.only_long_tasks else lesson_paint(pw, args.chromium, url, args.rounds)
            embed = [] if args.only_long_tasks else embed_paint(pw, args.chromium, url, args.rounds)
            stalls = [] if args.only_paint else long_tasks(pw, args.chromium, url, args.long_task_games)
        finally:
            rounds.cleanup()
    server.shutdown()
    shutil.rmtree(bare, ignore_errors=True)
    if full:
        report(rounds, site, bots)
    if not args.only_long_tasks:
        report_rules_page(paint)
        report_lesson(lesson)
        report_embed(embed)
    if not args.only_paint:
        report_long_tasks(stalls)
    print(f"(load average at the end {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
