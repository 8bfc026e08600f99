"""The JSON boundary's promises of issue 16, one by one: schema refusals, check-then-act, undo by the mover only,
failed loads leaving no session, worker-kept saves, and bot answers that reveal no more than the public event."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pygame_rules import api


def call(**req: Any) -> dict[str, Any]:
    return json.loads(api.handle(json.dumps(req)))


def state_of(sid: str) -> str:
    return json.dumps(api._sessions[sid].state.to_json(), sort_keys=True)


def skipbo_with_undo() -> str:
    scenario = {"players": 2, "hands": [[1, 2, 9, 9, 9], [5]], "stocks": [[7, 4], [9]], "seed": 2}
    sid = call(op="scenario", game="skipbo", scenario=scenario, seat=0)["session"]
    assert call(op="act", session=sid, seat=0, action={"type": "play_hand", "card": 1, "pile": 0})["table"]["undoable"]
    return sid


@pytest.mark.parametrize("seat", [1.0, 1, "0", True, -1, 7])
def test_undo_is_refused_for_any_other_seat_and_changes_nothing(seat: Any) -> None:
    sid = skipbo_with_undo()
    before = state_of(sid), len(api._sessions[sid].log)
    answer = call(op="undo", session=sid, seat=seat)
    assert not answer["ok"] and answer["error"]["code"] in {"bad_request", "not_your_turn"}
    assert (state_of(sid), len(api._sessions[sid].log)) == before
    assert call(op="undo", session=sid, seat=0)["ok"]  # the mover still can


def test_an_undo_that_cannot_restore_is_refused_with_its_own_code_and_changes_nothing() -> None:
    """Should the position before the move ever fail to load, undo says so with ``undo_failed`` (the page words it
    and disables its Undo button), not ``bad_state`` with the loader's sentence, and the game stays as it is."""
    sid = skipbo_with_undo()
    session = api._sessions[sid]
    session.undo_stack[-1][0]["data"]["hands"][0].append(99)  # a snapshot that no longer loads
    before = state_of(sid), len(session.log), len(session.undo_stack)
    answer = call(op="undo", session=sid, seat=0)
    assert not answer["ok"] and answer["error"]["code"] == "undo_failed", answer
    assert "corrupt" not in answer["error"]["message"]
    assert (state_of(sid), len(session.log), len(session.undo_stack)) == before
    assert call(op="table", session=sid, seat=0)["ok"]


def test_the_other_seat_is_never_offered_undo() -> None:
    sid = skipbo_with_undo()
    assert call(op="table", session=sid, seat=0)["table"]["undoable"]
    assert not call(op="table", session=sid, seat=1)["table"]["undoable"]


@pytest.mark.parametrize("text", [
    '{"op": "games", "id": ' + "[" * 5000 + "]" * 5000 + "}",
    '{"op": "act", "session": "s1", "seat": 0, "action": ' + '{"a":' * 5000 + "1" + "}" * 5000 + "}",
    "[" * 3000 + "]" * 3000,
    json.dumps({"op": "new", "game": "skipbo", "players": 2, "seed": "9" * 8_000_000}),
    json.dumps({"op": "new", "game": "skipbo", "players": 2, "seed": "9" * 65}),
    json.dumps({"op": "table", "session": {"a": 1}}),
    json.dumps({"op": "table", "session": ["s1"]}),
    json.dumps({"op": "new", "game": "skipbo", "players": 2, "seed": {"a": 1}}),
    json.dumps({"op": "new", "game": "skipbo", "players": 2, "seed": -0.0}),
    '{"op": "new", "game": "skipbo", "players": 2, "seed": "\\ud800"}',
    '{"op": "new", "game": "skipbo", "players": 2, "seed": NaN}',
    json.dumps({"op": "new", "game": "skipbo", "players": 2, "surprise": 1}),
    json.dumps({"op": "new", "game": "skipbo"}),
])
def test_schema_refusals_are_bad_request_before_any_work(text: str) -> None:
    sessions = dict(api._sessions)
    answer = json.loads(api.handle(text))
    assert answer["ok"] is False and answer["error"]["code"] == "bad_request", answer
    assert len(answer["error"]["message"]) < 300
    assert api._sessions == sessions


def test_unknown_bot_level_is_bad_request() -> None:
    sid = call(op="new", game="skipbo", players=2, seed=1)["session"]
    before = state_of(sid)
    answer = call(op="bot", session=sid, level="hard2")
    assert answer["error"]["code"] == "bad_request" and state_of(sid) == before


def test_a_failed_load_leaves_no_session() -> None:
    sid = call(op="new", game="skipbo", players=2, seed=1, keep="t1")["session"]
    save = dict(json.loads(api.pending_saves()))["t1"]
    count = len(api._sessions)
    for bad in (save[: len(save) // 2], save.replace('"seed":1', '"seed":{}'), {"format": "x"}):
        answer = call(op="load", save=bad, keep="t1")
        assert answer["error"]["code"] == "bad_state"
        assert len(api._sessions) == count
    answer = call(op="load", save=save, seat=5)  # the save is fine, the seat is not: still no session
    assert answer["error"]["code"] == "bad_request" and len(api._sessions) == count
    call(op="drop", session=sid)


def test_kept_sessions_are_saved_once_per_change_and_never_in_answers() -> None:
    new = call(op="new", game="skipbo", players=2, seed=4, keep="t2", seat=0)
    sid = new["session"]
    assert "save" not in json.dumps(new) and "draw_pile" not in json.dumps(new)
    assert [slot for slot, _ in json.loads(api.pending_saves())] == ["t2"]
    assert json.loads(api.pending_saves()) == []
    call(op="table", session=sid, seat=0)
    assert json.loads(api.pending_saves()) == []  # reading changes nothing
    call(op="bot", session=sid, level="random", seat=0)
    [[slot, text]] = json.loads(api.pending_saves())
    loaded = call(op="load", save=text, seat=0, keep="t2")
    assert loaded["ok"] and loaded["table"]["view"] == call(op="table", session=sid, seat=0)["table"]["view"]
    # the slot moved to the loaded session: the old one no longer writes there
    call(op="bot", session=sid, level="random", seat=0)
    assert json.loads(api.pending_saves()) == []


def test_answers_do_not_grow_with_the_game() -> None:
    sid = call(op="new", game="skipbo", players=2, seed=8, seat=0, options={"stock_size": 5})["session"]
    sizes = []
    for _ in range(400):
        answer = call(op="bot", session=sid, level="random", seat=0)
        if not answer["ok"]:
            break
        sizes.append(len(json.dumps(answer)))
    assert len(sizes) > 50
    assert max(sizes[-20:]) < 3 * max(sizes[:20])


def test_a_bot_action_shows_other_seats_only_its_public_event() -> None:
    action = {"type": "keep", "cards": ["r3", "g7"]}
    events = [{"type": "keep", "player": 1, "count": 2, "text": "Seat 1 keeps 2 card(s).",
               "private": {"1": {"cards": ["r3", "g7"], "text": "Seat 1 keeps r3 g7."}}}]
    assert api.public_action(action, events, 1, 0) == {"type": "keep", "count": 2}
    assert api.public_action(action, events, 1, 1) == action
    play = {"type": "play_hand", "card": 5, "pile": 0}
    draw = [{"type": "draw", "player": 1, "private": {"1": {"cards": [3]}}}]
    assert api.public_action(play, draw, 1, 0) == play  # a public play stays whole


def test_a_request_refused_before_parsing_keeps_its_leading_id() -> None:
    """js/worker/engine.js sends the id first, so even a request too deep to parse is answered to the right caller."""
    deep = '{"id": 41, "op": "scenario", "scenario": ' + "[" * 5000 + "]" * 5000 + "}"
    assert json.loads(api.handle(deep))["id"] == 41
    assert json.loads(api.handle('{"id": "a1", "op": "games", "x": ' + "[" * 99 + "]" * 99 + "}"))["id"] == "a1"
    assert json.loads(api.handle("[" * 5000 + "]" * 5000))["id"] is None


def test_check_passes_the_games_refusal_reason_to_the_page() -> None:
    scenario = {"players": 2, "hands": [[1, 2, 9, 9, 9], [5]], "stocks": [[7, 4], [9]], "seed": 2}
    sid = call(op="scenario", game="skipbo", scenario=scenario, seat=0)["session"]
    answer = call(op="check", session=sid, seat=0, action={"type": "play_hand", "card": 2, "pile": 0})
    assert answer["ok"] and answer["legal"] is False
    assert answer["reason"] == "pile_starts_with_1" and answer["params"]["card"] == 2, answer
    assert "message" in answer and "details" not in answer


@pytest.mark.parametrize("budget", [0, 9, 10_001, 1.5, "100", True])
def test_a_bot_budget_outside_10_to_10000_ms_is_refused_before_any_work(budget: Any) -> None:
    sid = call(op="new", game="topspot", players=3, seed=3)["session"]
    before = state_of(sid)
    answer = call(op="bot", session=sid, level="hard", budget_ms=budget)
    assert answer["ok"] is False and answer["error"]["code"] == "bad_request"
    assert "budget_ms" in answer["error"]["message"]
    assert state_of(sid) == before


def test_a_bot_with_a_budget_plays_a_legal_move_and_keeps_a_bot_per_budget() -> None:
    sid = call(op="new", game="topspot", players=3, seed=3)["session"]
    answer = call(op="bot", session=sid, level="hard", budget_ms=20)
    assert answer["ok"] is True and answer["player"] == 0
    hint = call(op="hint", session=sid, level="hard", seat=1, budget_ms=20)
    assert hint["ok"] is True
    bots = api._sessions[sid].bots
    assert {level for _, level in bots} == {"hard@20"}
    assert all(bot.max_ms == 20 for bot in bots.values())
    call(op="bot", session=sid, level="hard")
    assert any(bot.max_ms == api.app_budget_ms("topspot", "hard") for bot in api._sessions[sid].bots.values())
