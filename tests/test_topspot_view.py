"""Top Spot view data for the app: the playable stacks of the seat to move and what stacks show from above."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pygame_rules.games.topspot import (
    DECK,
    HOLES,
    JOKER,
    SPOTS,
    TopSpotState,
    colour_stacks,
    stack_top_view,
    stack_value,
)
from pygame_rules.registry import from_scenario, new_game


def test_worked_example_shows_a_spot_in_every_cell() -> None:
    view = stack_top_view(["red-1", "red-7", "red-8"])
    assert view[4] == [0, "spot"]  # the centre spot of card 1
    assert [view[c] for c in (0, 2, 6, 8)] == [[1, "spot"]] * 4  # card 7's corners through card 1's holes
    assert [view[c] for c in (1, 3, 5, 7)] == [[2, "spot"]] * 4  # card 8's edges through both
    assert sum(kind == "spot" for _, kind in view) == 9 == stack_value(["red-1", "red-7", "red-8"])


def test_lone_joker_shows_its_blanks_and_the_table_through_its_holes() -> None:
    view = stack_top_view([JOKER])
    for cell, (depth, kind) in enumerate(view):
        if HOLES[JOKER] >> cell & 1:
            assert (depth, kind) == (None, "hole")
        else:
            assert (depth, kind) == (0, "blank")


def test_top_view_agrees_with_the_value_and_the_layouts() -> None:
    """Every legal stack of a whole colour set: the spots seen equal the value, and each cell names the first card
    (from the top) whose cell is not a hole."""
    cards = [f"green-{n}" for n in DECK.layouts]
    stacks = colour_stacks(cards)
    assert len(stacks) > 200  # every one of them (issue 19's pin leaves 205 stacks of one colour set)
    for stack, value in stacks:
        view = stack_top_view(stack)
        assert sum(kind == "spot" for _, kind in view) == value
        for cell, (depth, kind) in enumerate(view):
            bit = 1 << cell
            above = stack if depth is None else stack[:depth]
            assert all(HOLES[c] & bit for c in above), (stack, cell)
            if depth is not None:
                card = stack[depth]
                assert kind == ("spot" if SPOTS[card] & bit else "blank")
                assert not HOLES[card] & bit


@pytest.mark.parametrize("level", ["junior", "expert"])
def test_playable_lists_exactly_the_legal_stacks_of_the_seat_to_move(level: str) -> None:
    rng = random.Random(level)
    for seed in range(6):
        state = new_game("topspot", players=3 + seed % 3, seed=seed, options={"level": level, "games": 1})
        while not state.is_over():
            mover = state.current_player
            legal = state.legal_actions()
            for seat in range(state.players):
                playable = state.view(seat)["playable"]
                if seat != mover:
                    assert playable == []
                    continue
                assert sorted(tuple(p["cards"]) for p in playable) == sorted({a.cards for a in legal})
                hand = Counter(state.hands[seat])
                for p in playable:
                    assert p["value"] == stack_value(p["cards"])
                    assert p["top_view"] == stack_top_view(p["cards"])
                    assert not Counter(p["cards"]) - hand  # only the seat's own cards
            state.apply(rng.choice(legal))


def test_table_and_last_round_plays_carry_their_top_view() -> None:
    state = from_scenario("topspot", {
        "players": 3, "colours": ["red", "yellow", "green"], "leader": 0,
        "hands": [["red-1", "red-7", "red-8", "yellow-2"], ["red-2", "red-5"], ["red-3", "green-4"]],
    })
    assert isinstance(state, TopSpotState)
    state.apply({"type": "play", "cards": ["red-1", "red-7", "red-8"], "colour": None})
    play = state.view(1)["table"][0]
    assert play["value"] == 9 and play["top_view"] == stack_top_view(["red-1", "red-7", "red-8"])
    state.apply({"type": "play", "cards": ["red-2"], "colour": None})
    state.apply({"type": "play", "cards": ["red-3"], "colour": None})
    last = state.view(2)["last_round"]
    assert last["winner"] == 0
    assert [p["top_view"] for p in last["plays"]] == [stack_top_view(p["cards"]) for p in last["plays"]]
    assert "top_view" not in state.last_round["plays"][0]  # the view adds it; the saved state stays lean


def _positions(level: str, players: int, games: int):
    for seed in range(games):
        state = new_game("topspot", players=players, seed=seed, options={"level": level, "games": 1})
        rng = random.Random(seed)
        while not state.is_over():
            yield state
            state.play(rng.choice(state.legal_actions()))


def test_views_are_fresh_copies_a_reader_may_change() -> None:
    """A view may be changed by its reader (the page keeps and edits them): the next view is not."""
    checked = 0
    for state in _positions("expert", 4, 8):
        seat = state.current_player
        view = state.view(seat)
        before = state.view(seat)
        view["layouts"]["cards"]["1"]["spots"].append(99)
        view["layouts"]["joker"]["holes"].clear()
        for entry in [*view["playable"], *view["table"], *((view["last_round"] or {}).get("plays", []))]:
            entry["top_view"][0].append("changed")
            entry["cards"].append("x")
        if view["last_round"] is not None:
            view["last_round"]["tied"].append(9)
            view["last_round"]["cards"].append("x")
        assert state.view(seat) == before
        checked += 1
    assert checked > 100


def test_the_last_round_is_its_record_with_each_play_drawn() -> None:
    for state in _positions("expert", 3, 4):
        last = state.last_round
        if last is None:
            continue
        shown = state.view(0)["last_round"]
        assert [p["top_view"] for p in shown["plays"]] == [stack_top_view(p["cards"]) for p in last["plays"]]
        assert {k: v for k, v in shown.items() if k != "plays"} == {k: v for k, v in last.items() if k != "plays"}
