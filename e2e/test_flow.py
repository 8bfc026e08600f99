"""The flow around a game: the first click, a finished game, the stats, and two tabs sharing one game slot.

- Play on a first visit opens the table's skeleton at once, with the start-up line and a bar of the bytes fetched.
- A finished game is history: counted once in the stats (by its identity, whatever reloads happen) and never
  offered as a game to continue.
- A tab still showing an old start page asks before it replaces the game in progress in another tab, and that
  tab's "Play here" never brings a game that is not its own.
"""

from __future__ import annotations

import json
from typing import Any

from .conftest import ENGINE_TIMEOUT, GAME_KEY, Guard, open_new_game, wait_engine, wait_my_turn

# Plays the human seat (a move that is not a discard, else the first legal move) until the result dialog shows.
PLAY_TO_END = """async () => {
  const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
  for (let i = 0; i < 20000; i++) {
    if (document.querySelector('#result-dialog')) return true;
    const c = window.__app.controller;
    if (c && c.myTurn && !c.busy && !c._running) {
      const legal = c.table.legal;
      c.play(legal.find((a) => a.type !== 'discard') || legal[0]);
    }
    await sleep(20);
  }
  return false;
}"""


def _stats(page: Any) -> dict[str, Any]:
    return page.evaluate("() => JSON.parse(localStorage.getItem('pygame_rules.stats.v1') || 'null')")


def test_a_long_finished_game_is_counted_once_and_is_history_not_in_progress(page: Any, guard: Guard) -> None:
    # Level 8, you and five easy bots, deal 62: more log events than one answer carries (the api's LOG_WINDOW).
    open_new_game(page, "level8", seats=["human"] + ["bot:easy"] * 5, board=".l8", seed=62)
    assert page.evaluate(PLAY_TO_END)
    assert page.evaluate("() => window.__app.controller.table.log_length") > 400
    stats = _stats(page)
    assert stats["totals"]["level8"]["easy"]["played"] == 1
    # A reload on the result screen shows the result again and counts nothing more, however often it happens.
    for _ in range(2):
        page.reload()
        wait_engine(page)
        page.wait_for_selector("#result-dialog", timeout=ENGINE_TIMEOUT)
        stats = _stats(page)
        assert stats["totals"]["level8"]["easy"]["played"] == 1, stats["totals"]
        assert len(stats["history"]) == 1
    # Looking at the final table and then going to the start page: the game is listed as history, not in progress.
    page.click("#result-dialog .dialog-buttons .btn.ghost")  # "View the table"
    page.click("#home-link")
    page.wait_for_selector("#stats .history-entry")
    assert page.locator("#resume").count() == 0
    assert page.locator("#stats .history-entry").count() == 1
    # ... and not after a reload of the start page either.
    page.reload()
    wait_engine(page)
    page.wait_for_selector("#stats .history-entry")
    assert page.locator("#resume").count() == 0
    guard.check()


def _record_game(page: Any) -> str | None:
    text = page.evaluate(f"() => localStorage.getItem('{GAME_KEY}')")
    return json.loads(text)["setup"]["game"] if text else None


def test_an_old_start_page_asks_before_replacing_the_game_in_another_tab(page: Any, guard: Guard) -> None:
    other = page.context.new_page()
    try:
        # The other tab shows the start page before any game exists (no "Continue" there).
        other.goto(page.url.split("#")[0])
        wait_engine(other)
        assert other.locator("#resume").count() == 0
        open_new_game(page, "skipbo", seats=["human", "bot:normal"], board=".sb", seed=5,
                      fill={"#opt-stock_size": 5})
        wait_my_turn(page)
        # Play on the old page: it asks first (in the reader's words) and, kept, nothing is replaced.
        other.click(".game-tile[data-game=topspot] .play-now")
        other.wait_for_selector("#replace-dialog, #board .ts", timeout=ENGINE_TIMEOUT)
        dialog = other.locator("#replace-dialog")
        assert dialog.count() == 1, "a new game replaced the game in progress without asking"
        assert "Skip-Bo" in dialog.inner_text()
        other.click("#replace-keep")
        other.wait_for_selector("#resume")
        assert other.locator("#board").count() == 0
        assert _record_game(page) == "skipbo"
        assert page.locator("#elsewhere").count() == 0
        assert page.evaluate("() => !!window.__app.controller && window.__app.controller.alive")
        # Asked again and confirmed: the new game starts there, and this tab says its game was replaced.
        other.click(".game-tile[data-game=topspot] .play-now")
        other.click("#replace-confirm")
        other.wait_for_selector("#board .ts", timeout=ENGINE_TIMEOUT)
        assert _record_game(other) == "topspot"
        page.wait_for_selector("#elsewhere[data-replaced=true]", timeout=30_000)
        assert page.locator("#play-here").count() == 0
        assert "Top Spot" in page.locator("#elsewhere").inner_text()
    finally:
        other.close()
    guard.check()


def test_play_here_never_brings_a_game_that_is_not_this_tabs(page: Any, guard: Guard) -> None:
    open_new_game(page, "skipbo", seats=["human", "bot:normal"], board=".sb", seed=9, fill={"#opt-stock_size": 5})
    wait_my_turn(page)
    other = page.context.new_page()
    try:
        # The game moves to the other tab; this one offers to bring it back.
        other.goto(page.url.split("#")[0])
        wait_engine(other)
        other.click("#resume")
        wait_my_turn(other)
        page.wait_for_selector("#play-here", timeout=30_000)
        # There the player goes home and starts another game, replacing it (after being asked).
        other.click("#home-link")
        other.click(".game-tile[data-game=etalage] .play-now")
        other.click("#replace-confirm")
        other.wait_for_selector("#board .et", timeout=ENGINE_TIMEOUT)
        # "Play here" in the first tab would now bring Etalage: it says the game was replaced instead.
        if page.locator("#play-here").count():
            page.click("#play-here")
        page.wait_for_selector("#elsewhere[data-replaced=true], #board", timeout=30_000)
        assert page.locator("#board").count() == 0, "Play here brought another tab's new game"
        assert "Etalage" in page.locator("#elsewhere").inner_text()
    finally:
        other.close()
    guard.check()


def test_play_on_a_first_visit_shows_the_table_skeleton_and_the_bytes_fetched(context: Any, guard: Guard,
                                                                              base_url: str) -> None:
    # A slow start: the engine's wheel is held, so Python cannot be ready while the rest downloads.
    held: list[Any] = []
    context.route("**/*.whl", lambda route: held.append(route))
    page = context.new_page()
    page.goto(base_url)
    page.click(".game-tile[data-game=topspot] .play-now")
    skeleton = page.wait_for_selector("#table-skeleton", timeout=10_000)
    assert page.evaluate("() => document.body.dataset.engine") == "loading"
    assert page.locator("#table-skeleton .sk-bar").count() == 1
    # The bar follows the bytes as they arrive (the runtime and its library), before the engine is ready.
    page.wait_for_function("() => { const s = document.querySelector('#table-skeleton');"
                           " return s && Number(s.dataset.bytesDone) > 0 && Number(s.dataset.bytesTotal) > 1e6; }",
                           timeout=ENGINE_TIMEOUT)
    assert page.evaluate("() => document.body.dataset.engine") == "loading"
    bar = page.evaluate("() => { const b = document.querySelector('#table-skeleton .sk-bar');"
                        " return [b.value, b.max]; }")
    assert 0 < bar[0] <= bar[1]
    assert "MB" in page.locator("#table-skeleton .sk-bytes").inner_text()
    assert page.locator("#table-skeleton .sk-stage").inner_text().strip()
    assert skeleton.is_visible()
    while not held:
        page.wait_for_timeout(100)
    held[0].continue_()
    page.wait_for_selector("#board .ts", timeout=ENGINE_TIMEOUT)
    assert page.locator("#table-skeleton").count() == 0
    guard.check()
