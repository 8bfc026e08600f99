"""Level 8's solver caches are invisible: a state behaves the same whatever the caches hold.

The solver remembers lay-outs per (requirements, sorted hand), plans per level and group-fit answers per counts
(pygame_rules/games/level8_solver.py). None of that may show: the legal list of a position must be the same from a
warm process, from a clone, from a state restored from its JSON save with every cache emptied, and the old
generate-then-filter listing (tests/level8_oracle.py) must agree. Random games at 2 and 4 players on both sheets,
with lay-outs chosen more often than chance so that the cached (non-empty) answers are met often.
"""

from __future__ import annotations

import json
import random

import pytest

import pygame_rules as pr
from pygame_rules.games import level8_solver as solver
from pygame_rules.games.level8 import Level8State
from pygame_rules.games.level8_solver import Requirement
from tests.level8_oracle import old_enumerate_layouts, old_legal_actions
from tests.test_level8_oracle import _random_hand


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
        if moves % 16 == 0:
            assert legal == old_legal_actions(state), (state.phase, state.hands[state.turn])
        lays = [a for a in legal if a.kind == "lay_out"]
        action = rng.choice(lays) if lays and rng.random() < 0.3 else rng.choice(legal)
        state.play(action)
        moves += 1
    assert layouts_seen > 20  # the cached answers (hands that can lay out) were met


def test_cached_layouts_equal_a_fresh_search_for_every_hand_of_a_game() -> None:
    # the same hands asked twice (warm cache) and once without any cache give the same tuple, order included
    state = pr.new_game("level8", players=4, seed="cache/fresh")
    assert isinstance(state, Level8State)
    rng = random.Random("cache/fresh")
    checked = 0
    while not state.is_over() and checked < 150:
        if state.phase == "play" and not state.laid[state.turn]:
            reqs = state.level_requirements(state.turn)
            hand = list(state.hands[state.turn])
            first = solver.find_layouts(reqs, hand)
            again = solver.find_layouts(reqs, list(reversed(hand)))
            fresh = tuple(solver._enumerate_layouts(reqs, hand))
            assert first == again == fresh, hand
            checked += bool(fresh)
        state.play(rng.choice(state.legal_actions()))
    assert checked > 10


@pytest.mark.parametrize("kind", ["set", "colour"])
def test_levels_of_equal_groups_list_the_old_layouts_in_the_old_order(kind: str) -> None:
    # levels of 2-4 sets (or colour groups) of one size take their own path (level8_solver._groups_only)
    rng = random.Random(f"cache/groups/{kind}")
    hits = 0
    for _ in range(400):
        slots = rng.randint(2, 4)
        size = rng.randint(2, 10 // slots)
        reqs = (Requirement(kind, size),) * slots
        hand = _random_hand(rng)
        solver._LAYOUTS_CACHE.clear()
        want = old_enumerate_layouts(reqs, hand)
        assert list(solver.enumerate_layouts(reqs, hand)) == want, (reqs, hand)
        hits += bool(want)
    assert hits > 40
