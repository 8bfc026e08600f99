"""Level 8's solver caches are invisible: a state behaves the same whatever the caches hold.

The solver remembers lay-outs per (requirements, sorted hand), plans per level and group-fit answers per counts
(pygame_rules/games/level8/search.py). None of that may show: the legal list of a position must be the same from a
warm process, from a clone and from a state restored from its JSON save with every cache emptied. Random games at
2 and 4 players on both sheets, with lay-outs chosen more often than chance so that the cached (non-empty)
answers are met often.
"""

from __future__ import annotations

import json
import random

import pytest

import pygame_rules as pr
from pygame_rules.games.level8 import Level8State


def _empty_caches() -> None:
    pr.clear_caches()


@pytest.mark.parametrize(("players", "sheet"), [(2, "one_star"), (4, "one_star"), (4, "two_star")])
def test_legal_lists_survive_clone_and_save_round_trips_with_cold_caches(players: int, sheet: str) -> None:
    state = pr.new_game("level8", players=players, seed=f"cache/{players}/{sheet}", options={"sheet": sheet})
    assert isinstance(state, Level8State)
    rng = random.Random(f"cache/{players}/{sheet}")
    layouts_seen = 0
    moves = 0
    while not state.is_over() and moves < 900:
        legal = state.legal_actions()  # warm caches: whatever earlier positions left in them
        layouts_seen += sum(a.kind == "lay_out" for a in legal)
        if moves % 4 == 0:
            assert state.clone().legal_actions() == legal
            saved = json.loads(json.dumps(state.to_json()))
            _empty_caches()
            restored = pr.load_state(saved)
            assert restored.legal_actions() == legal, (state.phase, state.hands[state.turn])
        lays = [a for a in legal if a.kind == "lay_out"]
        action = rng.choice(lays) if lays and rng.random() < 0.3 else rng.choice(legal)
        state.play(action)
        moves += 1
    assert layouts_seen > 20  # the cached answers (hands that can lay out) were met


@pytest.mark.parametrize("players", [2, 4])
def test_kept_hand_counts_follow_every_move(players: int) -> None:
    """The table keeps each hand's counts for the listing (made at the hand's first listing, then moved as cards come
    and go, dropped once the seat has laid out); at every move the counts kept are what counting the hand gives,
    through draws, takes, discards, lay-outs, additions, skips and new deals."""
    from pygame_rules.games.level8.counts import hand_counts

    state = pr.new_game("level8", players=players, seed=f"counts/{players}")
    assert isinstance(state, Level8State)
    rng = random.Random(f"counts/{players}")
    kept = 0
    kinds: set[str] = set()
    for _ in range(3000):
        if state.is_over():
            break
        legal = state.legal_actions()
        for seat, counts in enumerate(state._counts):
            if counts is not None:
                assert counts == hand_counts(state.hands[seat]), (seat, state.hands[seat])
                kept += 1
        lays = [a for a in legal if a.kind in ("lay_out", "add", "skip")]
        action = rng.choice(lays) if lays and rng.random() < 0.5 else rng.choice(legal)
        kinds.add(action.kind)
        state.apply(action)
    assert kept > 500 and {"draw", "discard", "lay_out", "add"} <= kinds
