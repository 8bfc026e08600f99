"""Issue 16 in real Chromium: hidden cards never reach the page, and the page survives a hostile or dead engine.

At several points of a hot-seat game and of a game against bots, everything the page can read is collected:
localStorage, sessionStorage, every IndexedDB record (raw, as the storage panel shows it), the app's JS objects
reachable from ``window.__app``, the DOM, and every message the page received from the worker (recorded by an init
script that wraps ``Worker``). None of it may name a card another seat holds, a hidden stock card or the order of
the draw pile. The true state comes from the worker's own save, read through a test-only path (e2e/conftest.py).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import ENGINE_TIMEOUT, read_save, saved_record, start_game, wait_engine, wait_my_turn, write_save

SPY = """(() => {
  const Real = window.Worker;
  window.__received = [];
  window.Worker = class extends Real {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (e) => window.__received.push(JSON.stringify(e.data)));
    }
  };
})();"""

# Everything the page can read, as one text (binary IndexedDB values as Latin-1 text, the way a panel shows bytes).
COLLECT = """async () => {
  const out = { local: {}, session: {}, idb: [], app: null, dom: document.documentElement.outerHTML };
  for (const [store, into] of [[localStorage, out.local], [sessionStorage, out.session]]) {
    for (let i = 0; i < store.length; i++) into[store.key(i)] = store.getItem(store.key(i));
  }
  const plain = (v) => v instanceof Uint8Array ? Array.from(v, (b) => String.fromCharCode(b)).join("") : v;
  for (const info of await indexedDB.databases()) {
    const db = await new Promise((ok, no) => { const r = indexedDB.open(info.name); r.onsuccess = () => ok(r.result);
      r.onerror = () => no(r.error); });
    for (const name of db.objectStoreNames) {
      const all = await new Promise((ok) => { const q = db.transaction(name).objectStore(name).getAll();
        q.onsuccess = () => ok(q.result); });
      out.idb.push(JSON.stringify(all, (k, v) => plain(v)));
    }
    db.close();
  }
  const seen = new WeakSet();
  const walk = (v, depth) => {
    if (v === null || typeof v !== "object") return typeof v === "function" ? undefined : v;
    if (seen.has(v) || depth > 12 || v instanceof Node || v instanceof Window) return undefined;
    seen.add(v);
    if (v instanceof Map) return [...v.entries()].map(([k, x]) => [walk(k, depth + 1), walk(x, depth + 1)]);
    if (v instanceof Set) return [...v].map((x) => walk(x, depth + 1));
    const o = Array.isArray(v) ? [] : {};
    for (const k of Object.keys(v)) o[k] = walk(v[k], depth + 1);
    return o;
  };
  out.app = walk(window.__app, 0);
  return JSON.stringify(out);
}"""


@pytest.fixture
def spied(shared_context: tuple[Any, dict[str, Any]], guard: Any, base_url: str) -> Iterator[Any]:
    """Like the ``page`` fixture, with every message from the worker recorded in ``window.__received``."""
    ctx, holder = shared_context
    holder["guard"] = guard
    page = ctx.new_page()
    page.add_init_script("if (!sessionStorage.getItem('e2e-cleared')) {"
                         " localStorage.clear(); sessionStorage.setItem('e2e-cleared', '1'); }")
    page.add_init_script(SPY)
    page.goto(base_url)
    wait_engine(page)
    yield page
    page.close()
    holder["guard"] = None


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _secrets(save: dict[str, Any], visible: int | None) -> list[list[int]]:
    """Card sequences hidden from seat ``visible`` (None: from everyone) in a Skip-Bo state."""
    data = save["state"]["data"]
    own = data["hands"][visible] if visible is not None else None
    found = []
    for seat, hand in enumerate(data["hands"]):
        if seat != visible and len(hand) >= 4:
            for form in (hand, sorted(hand)):
                if own is None or sorted(own) != sorted(hand):
                    found.append(form)
    for stock in data["stocks"]:
        if len(stock) >= 5:
            found.append(stock[:-1])  # every stock card under the top one is face down
    if len(data["draw"]) >= 8:
        found += [data["draw"][-8:], data["draw"][:8], data["draw"][-8:][::-1]]
    return found


def _assert_nothing_hidden(page: Any, visible: int | None, checked: dict[str, int]) -> None:
    """Everything the page can read now, and every worker message since the last call, names no secret."""
    save = read_save(page)
    assert save is not None, "the worker saved nothing"
    needles = {_squash(json.dumps(s)) for s in _secrets(save, visible)}
    needles = {n for n in needles if n.count(",") >= 3}
    assert needles, "the test found nothing hidden to look for"
    haystack = _squash(page.evaluate(COLLECT))
    for needle in needles:
        assert needle not in haystack, f"a hidden card sequence {needle} is readable by the page"
    messages = page.evaluate("() => window.__received")
    for text in messages[checked["messages"]:]:
        msg = json.loads(text)
        if msg.get("type") != "response":
            continue
        answer = json.loads(msg["json"])
        blob = _squash(msg["json"])
        for key in ('"save":', '"private":', '"draw":[', '"hands":', '"stocks":', '"state":'):
            assert key not in blob, f"a worker answer carries {key} {blob[:200]}"
        table = answer.get("table")
        seat = table["seat"] if table else None
        for needle in {_squash(json.dumps(s)) for s in _secrets(save, seat)}:
            if needle.count(",") >= 3 and table is not None:
                assert needle not in blob, f"an answer for seat {seat} names hidden cards {needle}"
    checked["messages"] = len(messages)
    record = page.evaluate("() => localStorage.getItem('pygame_rules.game.v2')")
    assert record and "save" not in json.loads(record)
    assert page.evaluate("() => localStorage.getItem('pygame_rules.game.v1')") is None


def _play_turn(page: Any) -> None:
    """The human to move plays a card or two if it can, then discards (which ends the turn)."""
    for _ in range(2):
        plays = page.evaluate("() => window.__app.controller.table.legal.filter(a => a.type !== 'discard')")
        if not plays:
            break
        page.evaluate("(a) => window.__app.controller.play(a)", plays[0])
        page.wait_for_function("() => { const c = window.__app.controller; return c && !c.busy; }")
        if page.locator("#pass-screen").count() or page.locator("#result-dialog").count():
            return
        wait_my_turn(page)
    discard = page.evaluate("() => window.__app.controller.table.legal.find(a => a.type === 'discard')")
    page.evaluate("(a) => window.__app.controller.play(a)", discard)


def test_hot_seat_no_hidden_card_reaches_the_page(spied: Any, guard: Any) -> None:
    page = spied
    checked = {"messages": 0}
    start_game(page, seats=["human", "human"], seed=33, stock=6)
    page.wait_for_function("() => window.__app.controller?.table === null || window.__app.controller?.myTurn")
    for turn in range(4):
        if page.locator("#pass-screen").count() == 0:
            wait_my_turn(page)
            viewer = page.evaluate("() => window.__app.controller.viewer")
            _assert_nothing_hidden(page, viewer, checked)
            _play_turn(page)
        page.wait_for_selector("#pass-screen")
        # Board handed over: no seat's hand may be anywhere in the page, its storage or its memory.
        assert page.evaluate("() => window.__app.controller.table") is None
        _assert_nothing_hidden(page, None, checked)
        if turn == 1:  # a reload at the pass screen comes back to the pass screen, not to a hand
            page.reload()
            wait_engine(page)
            page.wait_for_selector("#pass-screen", timeout=ENGINE_TIMEOUT)
            _assert_nothing_hidden(page, None, {"messages": 0})
            checked["messages"] = len(page.evaluate("() => window.__received"))
        page.click("#take-over")
        page.wait_for_function("() => !document.querySelector('#pass-screen') && window.__app.controller?.table")
    guard.check()


def test_against_bots_no_bot_card_reaches_the_page(spied: Any, guard: Any) -> None:
    page = spied
    checked = {"messages": 0}
    start_game(page, seats=["human", "bot:random", "bot:easy"], seed=12, stock=6)
    for _ in range(4):
        wait_my_turn(page)
        _assert_nothing_hidden(page, 0, checked)
        _play_turn(page)
    wait_my_turn(page)
    _assert_nothing_hidden(page, 0, checked)
    page.reload()
    wait_engine(page)
    wait_my_turn(page)
    _assert_nothing_hidden(page, 0, {"messages": 0})
    guard.check()


def _deep(depth: int) -> str:
    return "[" * depth + "]" * depth


def test_a_5000_deep_saved_game_gives_a_clear_error_and_the_page_recovers(page: Any, guard: Any) -> None:
    start_game(page, seats=["human", "bot:random"], seed=3)
    wait_my_turn(page)
    save = saved_record(page)["save"]
    text = json.dumps(save)
    tampered = text.replace('"log":', f'"deep":{_deep(5000)},"log":', 1)
    write_save(page, tampered)
    page.reload()
    wait_engine(page)
    page.locator("#toast").filter(has_text="nested too deeply").wait_for(timeout=ENGINE_TIMEOUT)
    assert page.locator(".game-list").is_visible()
    assert read_save(page) is None and saved_record(page) is None
    start_game(page, seats=["human", "bot:random"], seed=4)  # the engine still works
    wait_my_turn(page)
    guard.check()


def test_a_5000_deep_embed_code_gives_a_clear_error_and_the_engine_lives(browser: Any, base_url: str) -> None:
    import base64
    import zlib

    # the scenario code format of tools/embed_code.py, written by hand: CPython's own json cannot nest this deep
    raw = ('{"game":"skipbo","scenario":{"players":2,"hands":' + _deep(5000) + "}}").encode()
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    code = "z" + base64.urlsafe_b64encode(packer.compress(raw) + packer.flush()).decode().rstrip("=")
    assert len(code) < 200
    page = browser.new_page()
    try:
        page.goto(f"{base_url}embed.html?s={code}")
        page.wait_for_selector("#widget[data-state=failed]", timeout=ENGINE_TIMEOUT)
        assert "nested too deeply" in page.locator("#widget").inner_text()
        # the same page's engine still answers (the widget module shares one engine per page)
        app = page.evaluate("() => [...document.scripts].map(s => s.src).find(s => s.includes('/app/'))")
        games = page.evaluate("async (url) => { const m = await import(new URL('widget.js', url).href);"
                              " return (await m.getEngine().request('games')).games.length; }", app)
        assert games >= 4
    finally:
        page.close()


def test_a_dead_worker_is_restarted_and_the_game_resumes(page: Any, guard: Any) -> None:
    start_game(page, seats=["human", "bot:random"], seed=7)
    wait_my_turn(page)
    before = page.evaluate("() => window.__app.controller.table.view")
    # The worker dies silently (as after an out-of-memory kill): the next request times out.
    page.evaluate("() => { document.documentElement.dataset.engineTimeout = '4000';"
                  " window.__app.engine.worker.terminate(); }")
    page.evaluate("() => window.__app.controller.showHint()")
    page.locator("#toast").filter(has_text="restarted").wait_for(timeout=ENGINE_TIMEOUT)
    wait_engine(page)
    wait_my_turn(page)
    assert page.evaluate("() => window.__app.controller.table.view") == before
    guard.check()


def test_a_game_opened_in_a_second_tab_moves_there_and_can_come_back(page: Any, guard: Any) -> None:
    """One save slot, one place to play: the tab that opens the game last has it; the other stops (no live table,
    so it cannot overwrite the save) and can take the game back, with every move made meanwhile."""
    start_game(page, seats=["human", "bot:random"], seed=23)
    wait_my_turn(page)
    second = page.context.new_page()
    try:
        second.goto(page.url.split("#")[0])
        wait_engine(second)
        second.click("#resume")
        wait_my_turn(second)
        page.wait_for_selector("#elsewhere", timeout=30_000)
        assert page.evaluate("() => window.__app.controller === undefined")
        assert page.evaluate("() => document.querySelectorAll('.fly-ghost, .drag-ghost').length") == 0
        second.evaluate("(a) => window.__app.controller.play(a)",
                        second.evaluate("() => window.__app.controller.table.legal[0]"))
        wait_my_turn(second)
        view = second.evaluate("() => window.__app.controller.table.view")
        page.click("#play-here")
        wait_my_turn(page)
        assert page.evaluate("() => window.__app.controller.table.view") == view
        second.wait_for_selector("#elsewhere", timeout=30_000)
        assert second.evaluate("() => window.__app.controller === undefined")
    finally:
        second.close()
    guard.check()


def test_a_new_tab_offline_resumes_the_game_from_the_workers_save(page: Any, guard: Any) -> None:
    start_game(page, seats=["human", "bot:random"], seed=17)
    wait_my_turn(page)
    page.evaluate("(a) => window.__app.controller.play(a)",
                  page.evaluate("() => window.__app.controller.table.legal[0]"))
    wait_my_turn(page)
    view = page.evaluate("() => window.__app.controller.table.view")
    page.wait_for_selector("body[data-offline=ready]", timeout=60_000)
    context = page.context
    context.set_offline(True)
    second = context.new_page()
    try:
        second.goto(page.url.split("#")[0])
        wait_engine(second)
        second.click("#resume")
        wait_my_turn(second)
        assert second.evaluate("() => window.__app.controller.table.view") == view
    finally:
        context.set_offline(False)
        second.close()
    guard.check()
