"""Readings the rulebooks leave open, pinned as the docs state them (docs/games/*.md "Decisions", docs/api.md
"Events"; issue 24, item 10)."""

from __future__ import annotations

import json
import random

import pygame_rules as pr
from pygame_rules.api import handle_request


def _skipbo(hand: list[int], stock_top: int) -> pr.State:
    return pr.from_scenario("skipbo", {"players": 2, "current_player": 0, "hands": [hand, [3, 4, 6, 8, 10]],
                                       "stocks": [[12, stock_top], [3, 10]]})


def test_skipbo_the_stock_card_is_not_forced_first() -> None:
    """docs/games/skipbo.md: the stock card "should" go first (EN/DE/FR advice); a hand card to the same pile is
    legal too."""
    state = _skipbo([1, 5, 7, 9, 11], stock_top=1)
    legal = [a.to_json() for a in state.legal_actions()]
    assert {"type": "play_stock", "owner": 0, "pile": 0} in legal
    assert {"type": "play_hand", "card": 1, "pile": 0} in legal
    state.apply({"type": "play_hand", "card": 1, "pile": 0})  # accepted, not refused


def test_skipbo_a_player_need_not_play_what_they_can() -> None:
    """docs/games/skipbo.md: every play is a choice; only the closing discard is required."""
    state = _skipbo([2, 5, 7, 9, 11], stock_top=1)
    assert state.can({"type": "play_stock", "owner": 0, "pile": 0})
    events = state.apply({"type": "discard", "card": 2, "discard": 0})
    assert state.current_player == 1 and any(e["type"] == "discard" for e in events)


def test_level8_a_skip_card_on_a_discard_pile_may_be_taken() -> None:
    """docs/games/level8.md: "the top card of any discard pile", a skip card included; it is then an ordinary skip
    card in hand, which can end the taker's turn in front of another player."""
    state = pr.from_scenario("level8", {"players": 3, "dealer": 2, "turn": 0, "phase": "draw",
                                        "hands": [["R1", "R2"], ["G1"], ["B1"]], "discards": [[], ["R5", "S"], []]})
    assert {"type": "take_discard", "seat": 1} in [a.to_json() for a in state.legal_actions()]
    state.apply({"type": "take_discard", "seat": 1})
    assert "S" in state.hands[0]
    state.apply({"type": "skip", "target": 2})
    assert state.skipped[2]


def test_events_name_the_acting_seat_and_table_events_have_none() -> None:
    """docs/api.md "Events": a seat's own doing carries `player`; what the table does (a deal, a settled trick, a
    game's end) has no `player` key from `State.apply`; the API's log gives every event a `player`."""
    table_events = {"deal", "deal_end", "round_start", "round_won", "end", "settle", "trick_end", "game_over",
                    "game_end", "game_start", "match_end"}
    seen: set[str] = set()
    for game, players, options in (("level8", 2, {}), ("etalage", 4, {"games": 2}), ("topspot", 3, {"games": 3}),
                                   ("skipbo", 2, {"stock_size": 3, "match_target": 100})):
        state = pr.new_game(game, players=players, seed=3, options=options)
        rng = random.Random(3)
        for _ in range(1500):
            if state.is_over():
                break
            for event in state.apply(rng.choice(state.legal_actions())):
                if event["type"] in table_events:
                    assert "player" not in event, event
                    seen.add(event["type"])
                else:
                    assert isinstance(event.get("player"), int), event
    assert {"deal", "settle", "game_end"} <= seen, seen
    started = handle_request({"id": 1, "op": "new", "game": "etalage", "players": 4, "seed": 3})
    session = started["session"]
    for _ in range(8):
        table = handle_request({"id": 2, "op": "table", "session": session, "seat": 0})["table"]
        seat = table["current_player"]
        legal = handle_request({"id": 3, "op": "table", "session": session, "seat": seat})["table"]["legal"]
        handle_request({"id": 4, "op": "act", "session": session, "action": legal[0], "seat": seat})
    log = handle_request({"id": 5, "op": "table", "session": session, "seat": 0})["table"]["log"]
    assert any(e["type"] == "settle" for e in log)
    assert all(isinstance(e.get("player"), int) for e in log), json.dumps(log)[:300]
