"""Issue 16 in real Chromium: hidden cards never reach the page, and the page survives a hostile or dead engine.

At several points of a hot-seat game and of a game against bots, everything the page can read is collected:
localStorage, sessionStorage, every IndexedDB record (raw, as the storage panel shows it), the app's JS objects
reachable from ``window.__app``, the DOM, and every message the page received from the worker (recorded by an init
script that wraps ``Worker``). None of it may name a card another seat holds, a hidden stock card or the order of
the draw pile. The true state comes from the worker's own save, read through a test-only path (e2e/conftest.py).
The needles are runs of three hidden cards in a row, written as they stand inside any JSON list (``7,0,12``), so a
leak is found wherever it is, whole or in part, under any key; runs the seat may also see (its own hand, a discard
pile) are not looked for.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

import pygame_rules as pr

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


RUN = 3  # hidden cards in a row that make a needle


def _runs(cards: list[Any]) -> list[str]:
    """Every ``RUN`` consecutive cards of ``cards``, written as they appear inside any JSON list (``7,0,12``)."""
    return [",".join(json.dumps(c) for c in cards[i:i + RUN]) for i in range(len(cards) - RUN + 1)]


def _occurs(run: str, text: str) -> bool:
    """Whether ``run`` stands in ``text`` as consecutive items of a JSON list (not as part of longer numbers)."""
    return re.search(r"(?<=[\[,])" + re.escape(run) + r"(?=[,\]])", text) is not None


def _orders(hand: list[int]) -> list[list[int]]:
    """A hand as held, sorted, and sorted the way the view shows it (Skip-Bo cards, 0, last)."""
    return [hand, sorted(hand), sorted(hand, key=lambda c: (c == 0, c))]


def _hidden_runs(save: dict[str, Any], visible: int | None) -> dict[str, set[str]]:
    """Runs of cards hidden from seat ``visible`` (None: from everyone) in a Skip-Bo save, by where they lie: other
    seats' hands (in any order they may be written), the face-down stock cards under each top card, and the draw
    pile (both ways)."""
    data = save["state"]["data"]
    out: dict[str, set[str]] = {"hands": set(), "stocks": set(), "draw": set()}
    for seat, hand in enumerate(data["hands"]):
        if seat != visible:
            out["hands"].update(r for order in _orders(hand) for r in _runs(order))
    for stock in data["stocks"]:
        out["stocks"].update(_runs(stock[:-1]))  # every stock card under the top one is face down
    out["draw"].update(_runs(data["draw"]) + _runs(data["draw"][::-1]))
    return out


def _seen_text(save: dict[str, Any], visible: int | None) -> str:
    """Every card seat ``visible`` may see (None: what every seat may see), as JSON text, from the true save alone
    (never from what the engine shows, which is what is under test): its own hand, the building piles, the discard
    piles, the stock tops and the piles set aside."""
    data = save["state"]["data"]
    own = _orders(data["hands"][visible]) if visible is not None else []
    public = [data["building"], data["discards"], [s[-1:] for s in data["stocks"]], data["set_aside"]]
    return _squash(json.dumps([own, public]))


def _needles(save: dict[str, Any], visible: int | None) -> set[str]:
    """The hidden runs to look for: those that do not also stand among the cards the seat may see (its own hand, a
    discard pile...), so that finding one anywhere means a hidden card came through."""
    seen = _seen_text(save, visible)
    groups = {where: {r for r in runs if not _occurs(r, seen)} for where, runs in _hidden_runs(save, visible).items()}
    data = save["state"]["data"]
    present = {"hands": any(len(h) >= RUN for s, h in enumerate(data["hands"]) if s != visible),
               "stocks": any(len(st) > RUN for st in data["stocks"]), "draw": len(data["draw"]) >= RUN}
    for where, runs in groups.items():
        assert runs or not present[where], f"no needle left for the hidden {where}: the test would look for nothing"
    return set().union(*groups.values())


def _without_own_cards(answer: dict[str, Any]) -> dict[str, Any]:
    """A worker answer without the asking seat's own cards at that time: its hand and its own log lines (its draws).

    An earlier answer shows the hand as it was then; a run of it may match a hidden run of today by the values alone
    (sorted hands share many runs), which is no leak. The latest answer's hand is checked against the true save with
    everything else the page holds (its table is in ``window.__app``)."""
    table = answer["table"]
    seat = table["seat"]
    view = {k: v for k, v in table["view"].items() if k != "hand"}
    log = [e for e in table["log"] if e.get("player") != seat]
    return {**answer, "table": {**table, "view": view, "log": log}}


def _assert_nothing_hidden(page: Any, visible: int | None, checked: dict[str, int]) -> None:
    """Everything the page can read now, and every worker message since the last call, names no secret."""
    save = read_save(page)
    assert save is not None, "the worker saved nothing"
    needles = _needles(save, visible)
    assert needles, "the test found nothing hidden to look for"
    haystack = _squash(page.evaluate(COLLECT))
    for needle in needles:
        assert not _occurs(needle, haystack), f"hidden cards {needle} (in a row) are readable by the page"
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
        if table is not None:
            rest = _squash(json.dumps(_without_own_cards(answer)))
            for needle in _needles(save, table["seat"]):
                assert not _occurs(needle, rest), f"an answer for seat {table['seat']} names hidden cards {needle}"
    checked["messages"] = len(messages)
    record = page.evaluate("() => localStorage.getItem('pygame_rules.game.v2')")
    assert record and "save" not in json.loads(record)
    assert page.evaluate("() => localStorage.getItem('pygame_rules.game.v1')") is None


def test_needles_find_hidden_runs_wherever_they_stand() -> None:
    """The needles themselves (no browser): a run of three hidden cards is found inside any list that holds it, and
    not inside longer numbers or where the seat may see the same cards."""
    assert _runs([7, 0, 12, 3]) == ["7,0,12", "0,12,3"]
    assert _occurs("7,0,12", '{"x":[1,7,0,12,4]}') and _occurs("7,0,12", "[7,0,12]")
    assert not _occurs("7,0,12", "[17,0,12]") and not _occurs("7,0,12", "[7,0,123]")
    assert not _occurs("7,0,12", "rgba(7,0,12,0.5)")
    state = pr.new_game("skipbo", players=3, seed=12, options={"stock_size": 6})
    save = {"state": json.loads(json.dumps(state.to_json())), "log": []}
    data = save["state"]["data"]
    needles = _needles(save, 0)
    assert set(_runs(data["draw"][-RUN - 2:])) <= needles and set(_runs(data["stocks"][1][:-1])) <= needles
    assert not needles & set(_runs(data["hands"][0]))  # seat 0's own hand is no secret to seat 0
    leak = json.dumps({"peek": data["draw"][-5:], "under": data["stocks"][2][1:-1]}).replace(" ", "")
    assert sum(_occurs(n, leak) for n in needles) >= 3


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
