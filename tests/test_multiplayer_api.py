"""The two API operations behind a deal anyone can check (docs/multiplayer.md): ``reveal`` gives a finished game's
actions, ``replay`` plays them from the seed on another device and gives the log as one seat saw it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pygame_rules import api

SEED = "3f1c" * 16  # a 64-character seed, as a table with guests derives it


def call(**req: Any) -> dict[str, Any]:
    return json.loads(api.handle(json.dumps(req)))


def play_out(game: str, players: int, options: dict[str, Any], seat_logs: bool = True) -> tuple[str, list[list[Any]]]:
    """A bots-only game to its end through the API; returns the session and what each seat received of the log."""
    sid = call(op="new", game=game, players=players, seed=SEED, options=options, seat=0)["session"]
    seen: list[list[Any]] = [[] for _ in range(players)]
    for _ in range(5000):
        table = call(op="table", session=sid, seat=0)["table"]
        if table["over"]:
            break
        since = len(api._sessions[sid].log)
        assert call(op="bot", session=sid, level="random", seat=0)["ok"]
        for seat in range(players):
            seen[seat].extend(call(op="table", session=sid, seat=seat, since=since)["table"]["log"])
    assert api._sessions[sid].state.is_over()
    return sid, seen


@pytest.mark.parametrize(("game", "players", "options"), [
    ("skipbo", 3, {"stock_size": 5}), ("topspot", 3, {"games": 1}), ("etalage", 3, {"games": 1}),
    ("level8", 2, {}),
])
def test_a_revealed_game_replays_to_exactly_the_log_each_seat_received(game: str, players: int,
                                                                      options: dict[str, Any]) -> None:
    sid, seen = play_out(game, players, options)
    revealed = call(op="reveal", session=sid)
    assert revealed["ok"] and revealed["seed"] == SEED and revealed["game"] == game
    for seat in range(players):
        replay = call(op="replay", game=game, players=players, seed=SEED, options=revealed["options"],
                      actions=revealed["actions"], seat=seat)
        assert replay["ok"] and "refused" not in replay
        assert replay["log"] == seen[seat]
        assert replay["table"]["over"] and replay["table"]["result"] == api._sessions[sid].state.result()


def test_reveal_is_refused_while_the_game_is_played() -> None:
    sid = call(op="new", game="skipbo", players=2, seed=SEED, options={"stock_size": 5}, seat=0)["session"]
    answer = call(op="reveal", session=sid)
    assert not answer["ok"] and answer["error"]["code"] == "not_over"


def test_a_changed_action_or_another_deal_does_not_replay_to_the_same_log() -> None:
    sid, seen = play_out("skipbo", 2, {"stock_size": 5})
    actions = call(op="reveal", session=sid)["actions"]
    other_seed = call(op="replay", game="skipbo", players=2, seed="x" + SEED[1:], options={"stock_size": 5},
                      actions=actions, seat=1)
    assert "refused" in other_seed or other_seed["log"] != seen[1]
    forged = [*actions[:3], {"type": "end_turn"}, *actions[4:]] if actions[3] != {"type": "end_turn"} else actions[1:]
    broken = call(op="replay", game="skipbo", players=2, seed=SEED, options={"stock_size": 5}, actions=forged, seat=1)
    assert "refused" in broken or broken["log"] != seen[1]


def test_undo_takes_the_action_back_from_the_list_and_saves_keep_it() -> None:
    scenario = {"players": 2, "hands": [[1, 2, 9, 9, 9], [5]], "stocks": [[7, 4], [9]], "seed": 2}
    sid = call(op="scenario", game="skipbo", scenario=scenario, seat=0)["session"]
    session = api._sessions[sid]
    seat = 0
    undoable = {"type": "play_hand", "card": 1, "pile": 0}
    assert call(op="act", session=sid, seat=seat, action=undoable)["table"]["undoable"]
    assert session.actions == [undoable]
    assert call(op="undo", session=sid, seat=seat)["ok"]
    assert session.actions == []
    call(op="act", session=sid, seat=seat, action=undoable)
    loaded = call(op="load", save=session.save(), seat=0)
    assert api._sessions[loaded["session"]].actions == [undoable]
    old = session.save()
    del old["actions"]
    stale = call(op="load", save=old, seat=0)["session"]
    assert api._sessions[stale].actions is None


def test_replay_checks_its_fields() -> None:
    answer = call(op="replay", game="skipbo", players=2, seed=1, actions="nope")
    assert answer["error"]["code"] == "bad_request"
    answer = call(op="replay", game="skipbo", players=2, seed=1, actions=[1, 2])
    assert answer["error"]["code"] == "bad_request"
    answer = call(op="replay", game="skipbo", players=2, seed=1, actions=[{"type": "fly"}])
    assert answer["ok"] and answer["refused"] == 0 and answer["error"]["code"] == "malformed_action"
