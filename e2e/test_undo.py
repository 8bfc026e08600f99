"""Undo in the built site (issue 24, item 1): taking back a Level 8 addition with combinations on the table, and an
undo that fails saying so in the player's words and turning the Undo button off.

The position is reached in the CPython copy of the engine (the "normal" bot's advice for the human seat, the bot for
the other) and handed to the page as the worker's own save, which the page resumes after a reload.
Every test ends with ``guard.check()``: no request left the origin and the console stayed free of errors.
"""

from __future__ import annotations

import json
from typing import Any

from pygame_rules import api
from pygame_rules.words import CATALOGUE_DIR

from .conftest import ENGINE_TIMEOUT, open_new_game, wait_my_turn, write_save

CATALOGUE = json.loads((CATALOGUE_DIR / "en.json").read_text(encoding="utf-8"))


def _engine(**request: Any) -> dict[str, Any]:
    answer = json.loads(api.handle(json.dumps({"id": 0, **request})))
    assert answer["ok"], answer
    return answer


def _level8_save_with_an_addition(seed: int = 1) -> tuple[str, dict[str, Any]]:
    """A saved 2-player Level 8 game where seat 0 is to play with a part on the table and an ``add`` it may make."""
    answer = _engine(op="new", game="level8", players=2, seed=seed, seat=0)
    sid, table = answer["session"], answer["table"]
    for _ in range(400):
        assert not table["over"]
        if table["current_player"] == 1:
            table = _engine(op="bot", session=sid, level="normal", seat=0)["table"]
            continue
        adds = [a for a in table["legal"] if a["type"] == "add"]
        if table["view"]["phase"] == "play" and adds:
            save = json.dumps(api._sessions[sid].save())
            _engine(op="drop", session=sid)
            return save, adds[0]
        advice = _engine(op="hint", session=sid, level="normal", seat=0)["action"]
        table = _engine(op="act", session=sid, seat=0, action=advice)["table"]
    raise AssertionError("no addition came up")


def _resume(page: Any, save: str) -> None:
    """Start a Level 8 game of the same seats, then replace the worker's save with ``save`` and reload."""
    open_new_game(page, "level8", seats=["human", "bot:normal"], board=".l8", seed=1, speed="instant")
    write_save(page, save)
    page.reload()
    page.wait_for_selector(".l8", timeout=ENGINE_TIMEOUT)
    wait_my_turn(page)


def _play(page: Any, action: dict[str, Any]) -> None:
    """Make ``action`` by clicking its source and then its target, as the page's move list names them."""
    want = json.dumps(action, sort_keys=True)
    moves = page.evaluate("() => window.__app.controller.moves.map(m => ({action: m.action, source: m.source,"
                          " target: m.target}))")
    move = next(m for m in moves if json.dumps(m["action"], sort_keys=True) == want)
    before = page.evaluate("() => window.__app.controller.log.length")
    page.locator(f'#board [data-key="{move["source"]}"]').first.click()
    page.locator(f'#board [data-key="{move["target"]}"]').first.click()
    page.wait_for_function(f"() => window.__app.controller.log.length > {before} && !window.__app.controller.busy",
                           timeout=60_000)


def test_level8_undo_takes_back_an_addition_with_parts_on_the_table(page: Any, guard: Any) -> None:
    save, add = _level8_save_with_an_addition()
    _resume(page, save)
    before = page.evaluate("() => window.__app.controller.table.view")
    assert any(before["laid_out"]), "the position must have a combination on the table"
    _play(page, add)
    page.wait_for_function("() => window.__app.controller.table.undoable")
    assert page.locator("#undo").is_enabled()
    page.click("#undo")
    page.locator("#status").filter(has_text=CATALOGUE["table.undone"]).wait_for(timeout=10_000)
    assert page.evaluate("() => window.__app.controller.table.view") == before
    guard.check()


def test_a_failed_undo_says_so_and_turns_undo_off(page: Any, guard: Any) -> None:
    save, add = _level8_save_with_an_addition()
    _resume(page, save)
    _play(page, add)
    page.wait_for_function("() => window.__app.controller.table.undoable")
    after = page.evaluate("() => window.__app.controller.table.view")
    # The worker refuses this undo as it would if the position before the move could not be restored.
    page.evaluate("""() => { const engine = window.__app.controller.engine; const real = engine.request.bind(engine);
      engine.request = (op, args) => op === "undo" ? Promise.reject(Object.assign(
        new Error("the move cannot be taken back"), { code: "undo_failed" })) : real(op, args); }""")
    page.click("#undo")
    status = page.locator("#status")
    status.filter(has_text=CATALOGUE["table.undo_failed"]).wait_for(timeout=10_000)
    assert status.get_attribute("data-kind") == "error"
    assert status.inner_text() == CATALOGUE["table.undo_failed"]  # the engine's English is only the tooltip
    assert page.locator("#undo").is_disabled()
    page.keyboard.press("u")  # the shortcut does not try again either
    assert page.evaluate("() => window.__app.controller.table.view") == after
    assert page.locator("#undo").is_disabled()
    guard.check()
