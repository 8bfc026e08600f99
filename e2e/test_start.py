"""Instant start (docs/web.md, "Instant start"): the worker's start path, reported by the worker itself.

A first visit starts Python normally and keeps a memory snapshot in Cache Storage; a return visit starts from it; a
damaged, foreign or stale snapshot is refused, the app starts normally and stores a good one again. Offline after one
visit every game still deals and plays; a widget page starts from the snapshot the app made. The table's skeleton
shows while Python starts. No test asserts a time: the path taken is what is checked.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from e2e.conftest import CHROMIUM, CHROMIUM_ARGS, ENGINE_TIMEOUT, Guard, open_new_game, wait_engine

CACHE = "pyodide-snapshot.v1"  # js/worker/pyodide-start.js SNAPSHOT_CACHE


def start_path(page: Any) -> dict[str, Any]:
    """The worker's report of how Python started: {path, reason}."""
    wait_engine(page)
    return page.evaluate("() => window.__app.engine.start")


def wait_stored(page: Any) -> dict[str, Any]:
    """Wait until the worker says it kept a fresh snapshot, and return its report."""
    page.wait_for_function("() => window.__app.engine.snapshot !== undefined", timeout=ENGINE_TIMEOUT)
    report = page.evaluate("() => window.__app.engine.snapshot")
    assert report["stored"], report
    return report


def stored_entries(page: Any) -> list[dict[str, Any]]:
    """The snapshot cache's entries: url, length header and real length."""
    return page.evaluate("""async (name) => {
      const cache = await caches.open(name);
      const out = [];
      for (const req of await cache.keys()) {
        const res = await cache.match(req);
        const body = await res.arrayBuffer();
        out.push({url: req.url, length: Number(res.headers.get('X-Snapshot-Length')), size: body.byteLength,
                  key: res.headers.get('X-Snapshot-Key')});
      }
      return out;
    }""", CACHE)


def rewrite_snapshot(page: Any, how: str) -> None:
    """Damage the stored snapshot in place: ``flip`` bytes keeping the old checksum, ``truncate`` it with headers
    that match the cut bytes, or replace it with ``garbage`` whose headers match (a foreign file)."""
    page.evaluate("""async ([name, how]) => {
      const cache = await caches.open(name);
      const [req] = await cache.keys();
      const res = await cache.match(req);
      let bytes = new Uint8Array(await res.arrayBuffer());
      const headers = Object.fromEntries(res.headers.entries());
      const hex = async (b) => Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', b)),
                                          (x) => x.toString(16).padStart(2, '0')).join('');
      if (how === 'flip') {
        bytes = bytes.slice();
        for (let i = 1000; i < bytes.length; i += 4096) bytes[i] ^= 0xff;
      } else if (how === 'truncate') {
        bytes = bytes.slice(0, Math.floor(bytes.length / 2));
      } else {
        bytes = new Uint8Array(1 << 20);
        crypto.getRandomValues(bytes.subarray(0, 65536));
      }
      if (how !== 'flip') {
        headers['x-snapshot-length'] = String(bytes.length);
        headers['x-snapshot-sha256'] = await hex(bytes);
      }
      await cache.put(req, new Response(bytes, {headers}));
    }""", [CACHE, how])


def first_visit(context: Any, url: str) -> Any:
    """Open ``url`` in a fresh context, check it started normally, and wait until its snapshot is stored."""
    page = context.new_page()
    page.goto(url)
    first = start_path(page)
    assert first["path"] == "normal", first
    report = wait_stored(page)
    assert report["bytes"] > 1_000_000
    return page


def test_a_return_visit_starts_from_the_snapshot(context: Any, guard: Guard, base_url: str) -> None:
    page = first_visit(context, base_url)
    # The app's worker left the snapshot to a worker of its own (js/worker/snapshot-worker.js), so its own start
    # imported only what the page asked for.
    assert page.evaluate("() => window.__app.engine.snapshot.where") == "background"
    [entry] = stored_entries(page)
    assert entry["length"] == entry["size"] > 1_000_000
    assert entry["key"].startswith("314.0.7/")  # Pyodide version / wheel hash / format
    page.reload()
    assert start_path(page) == {"path": "snapshot", "reason": None}
    # The restored engine answers, and two fresh games get different seeds (Python's memory is frozen in the
    # snapshot: nothing random may come out of it the same on every visit).
    seeds = {page.evaluate("() => window.__app.engine.request('new', {game: 'topspot', players: 3}).then(a => a.seed)")
             for _ in range(2)}
    assert len(seeds) == 2
    guard.check()


def test_a_damaged_snapshot_falls_back_and_heals(context: Any, guard: Guard, base_url: str) -> None:
    page = first_visit(context, base_url)
    for how, reason in (("flip", "checksum"), ("truncate", "restore refused"), ("garbage", "restore refused")):
        rewrite_snapshot(page, how)
        page.goto(base_url)
        started = start_path(page)
        assert started["path"] == "fallback" and reason in started["reason"], (how, started)
        # The app works after the fallback ...
        open_new_game(page, "topspot", seats=["human", "bot:easy", "bot:easy"], board=".ts")
        page.evaluate("() => localStorage.clear()")  # no saved game to resume on the next visit
        # ... and a good snapshot was stored again: the next visit uses it.
        wait_stored(page)
        page.goto(base_url)
        assert start_path(page)["path"] == "snapshot", how
    guard.check()


def test_a_stale_snapshot_is_replaced(context: Any, guard: Guard, base_url: str) -> None:
    page = first_visit(context, base_url)
    # A snapshot kept for another wheel (an older site) is never used and is deleted when the new one is stored.
    page.evaluate("""async (name) => {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) await cache.delete(req);
      await cache.put(new URL('/__pyodide-snapshot/314.0.7%2Fold-wheel%2F1', location.origin).href,
                      new Response(new Uint8Array(64), {headers: {'X-Snapshot-Length': '64'}}));
    }""", CACHE)
    page.reload()
    started = start_path(page)
    assert started["path"] == "normal" and started["reason"] == "none", started
    wait_stored(page)
    assert ["old-wheel" not in e["url"] for e in stored_entries(page)] == [True]
    page.reload()
    assert start_path(page)["path"] == "snapshot"
    guard.check()


GAMES = {
    "skipbo": dict(seats=["human", "bot:normal"], board=".sb", fill={"#opt-stock_size": 5}),
    "topspot": dict(seats=["human", "bot:normal", "bot:normal"], board=".ts"),
    "level8": dict(seats=["human", "bot:normal"], board=".l8"),
    "etalage": dict(seats=["human", "bot:normal", "bot:normal"], board=".et"),
}


def test_offline_after_one_visit_every_game_plays(context: Any, guard: Guard, base_url: str) -> None:
    page = first_visit(context, base_url)
    page.wait_for_selector("body[data-offline=ready]", timeout=ENGINE_TIMEOUT)
    context.set_offline(True)
    try:
        page.reload()
        assert start_path(page)["path"] == "snapshot"
        for game, how in GAMES.items():
            page.goto(base_url)
            wait_engine(page)
            open_new_game(page, game, seed=7, **how)
            # The bots play instantly until the human must act: a legal move list came from the engine.
            page.wait_for_function("() => { const c = window.__app.controller;"
                                   " return c && (c.myTurn || c.table.result) && !c.busy; }", timeout=ENGINE_TIMEOUT)
            moves = page.evaluate("() => window.__app.controller.moves.length")
            over = page.evaluate("() => !!window.__app.controller.table.result")
            assert moves > 0 or over, game
            if moves:  # play the first legal move through the engine; the table answers with a new state
                before = page.evaluate("() => window.__app.controller.log.length")
                page.evaluate("() => { const c = window.__app.controller; return c.play(c.moves[0].action); }")
                page.wait_for_function("(n) => window.__app.controller.log.length > n", arg=before,
                                       timeout=ENGINE_TIMEOUT)
    finally:
        context.set_offline(False)
    guard.check()


def test_a_widget_page_starts_from_the_snapshot(context: Any, guard: Guard, base_url: str) -> None:
    first_visit(context, base_url)
    widget = context.new_page()
    widget.goto(base_url + "embed.html?src=scenarios/demo-topspot.json")
    widget.wait_for_selector("#widget[data-state=ready]", timeout=ENGINE_TIMEOUT)
    started = widget.evaluate("() => window.__widgets.stats.start")
    assert started["path"] == "snapshot", started
    widget.click(".rw-next")
    widget.wait_for_selector("#widget[data-step='1']", timeout=30_000)
    guard.check()


def test_the_table_skeleton_shows_while_python_starts(context: Any, guard: Guard, base_url: str) -> None:
    # Hold the wheel's download so that Python cannot be ready before the game is chosen.
    held: list[Any] = []
    context.route("**/*.whl", lambda route: held.append(route))
    page = context.new_page()
    page.goto(base_url)
    page.click(".game-tile[data-game=topspot] .new-game")
    page.click("#start-game")
    skeleton = page.wait_for_selector("#table-skeleton", timeout=ENGINE_TIMEOUT)
    assert page.evaluate("() => document.body.dataset.engine") == "loading"
    assert "first visit" in skeleton.inner_text().lower()
    assert page.locator("#table-skeleton .sk-card").count() >= 5
    while not held:
        page.wait_for_timeout(100)
    held[0].continue_()
    page.wait_for_selector(".ts", timeout=ENGINE_TIMEOUT)
    assert page.locator("#table-skeleton").count() == 0
    guard.check()


def test_a_snapshot_past_the_restore_limit_is_not_made_again(browser: Any, site_dir: Path, tmp_path: Path) -> None:
    """Pyodide 314 restores a snapshot into the memory a fresh instance starts with (30 MiB) and never grows it: a
    snapshot taken after Python's heap grew past that fails every restore (Pyodide issue #6254). Grow the heap of the
    interpreter that makes the snapshot (a copy of the site whose start-up imports also allocate 6 MiB): the app
    must start normally, store nothing, say why, and not make, fail and make it again on the next visits."""
    from tools import serve

    copy = tmp_path / "site"
    shutil.copytree(site_dir, copy)
    [start] = copy.glob("app/*/js/worker/pyodide-start.js")
    text = start.read_text()
    assert text.count("del _pkg, _mod, _info\n") == 1
    ballast = "del _pkg, _mod, _info\n_heap_ballast = bytearray(6 << 20)\n"
    start.write_text(text.replace("del _pkg, _mod, _info\n", ballast))
    server, url = serve.start(copy)
    guard = Guard(url)
    ctx = browser.new_context(service_workers="allow")
    guard.watch_context(ctx)
    try:
        page = ctx.new_page()
        page.goto(url)
        assert start_path(page)["path"] == "normal"
        page.wait_for_function("() => window.__app.engine.snapshot !== undefined", timeout=ENGINE_TIMEOUT)
        report = page.evaluate("() => window.__app.engine.snapshot")
        assert report["stored"] is False, report
        assert report["heap"] > report["limit"] == 31_457_280, report  # pyodide.asm.wasm's initial memory
        assert "#6254" in report["reason"], report
        assert [e for e in stored_entries(page) if "/__pyodide-snapshot/" in e["url"]] == []
        for _ in range(2):
            page.reload()
            # A normal start, not a fallback from a refused restore; no snapshot is made again.
            assert start_path(page) == {"path": "normal", "reason": "none"}
            page.wait_for_function("() => window.__app.engine.snapshot !== undefined", timeout=ENGINE_TIMEOUT)
            again = page.evaluate("() => window.__app.engine.snapshot")
            assert again["stored"] is False and again.get("skipped") is True and "#6254" in again["reason"], again
            open_new_game(page, "topspot", seats=["human", "bot:easy", "bot:easy"], board=".ts")
            page.evaluate("() => localStorage.clear()")  # no saved game to resume on the next visit
        guard.check()
    finally:
        ctx.close()
        server.shutdown()


def test_an_insecure_origin_plays_and_says_no_snapshot_is_kept(browser: Any, base_url: str) -> None:
    """Served over plain http from a name other than localhost (a school's LAN server, say), the page is not a
    secure context: no service worker, no Cache Storage, no SubtleCrypto in the worker. The engine must still start
    and play, and the worker must still send its one report about the start snapshot (the page and the tests wait
    for it), saying that none can be kept here."""
    port = base_url.rstrip("/").rsplit(":", 1)[1]
    other = browser.browser_type.launch(executable_path=CHROMIUM,
                                        args=[*CHROMIUM_ARGS, "--host-resolver-rules=MAP insecure.test 127.0.0.1"])
    url = f"http://insecure.test:{port}/"
    guard = Guard(url)
    try:
        ctx = other.new_context()
        guard.watch_context(ctx)
        page = ctx.new_page()
        page.goto(url)
        assert page.evaluate("() => isSecureContext") is False
        assert start_path(page) == {"path": "normal", "reason": "unsupported"}
        page.wait_for_function("() => window.__app.engine.snapshot !== undefined", timeout=ENGINE_TIMEOUT)
        report = page.evaluate("() => window.__app.engine.snapshot")
        assert report["stored"] is False and "not possible" in report["reason"], report
        open_new_game(page, "topspot", seats=["human", "bot:easy", "bot:easy"], board=".ts")
        guard.check()
    finally:
        other.close()
