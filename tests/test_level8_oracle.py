"""Level 8's fast move listing against the old one (tests/level8_oracle.py): the same moves, in the same order.

The engine's solver and listing were rewritten for speed (issue 15); the old code is kept as the oracle. Hands are
drawn so that lay-outs are common: narrow pools (few numbers, few colours) and many jokers, besides plain deals.
Positions come from seeded random games of every player count, both sheets and both editions, so that the keep
phase, skipped turns, lay-outs and additions to every kind of part are all met.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import pygame_rules as pr
from pygame_rules.games import level8_solver as solver
from pygame_rules.games.level8 import Level8State
from pygame_rules.games.level8_solver import DECK, JOKER, KINDS, NUMBER_CARDS, SHEETS, SKIP, Requirement
from tests.level8_oracle import old_enumerate_layouts, old_legal_actions

EDITION_DECK = DECK.cards("101")


def _random_hand(rng: random.Random) -> list[str]:
    """A hand of 2-14 cards: from the whole deck, from a narrow pool, or joker-heavy."""
    style = rng.randrange(4)
    numbers = [t for t in NUMBER_CARDS]
    if style == 0:
        pool = EDITION_DECK
    elif style == 1:
        lo = rng.randint(DECK.low, DECK.high - 4)
        cols = rng.sample(DECK.colours, rng.randint(1, 3))
        pool = [t for t in numbers if NUMBER_CARDS[t][0] in cols and lo <= NUMBER_CARDS[t][1] <= lo + 5]
        pool += [JOKER] * 4 + [SKIP] * 2
    elif style == 2:
        lo = rng.randint(DECK.low, DECK.high - 2)
        pool = [t for t in numbers if lo <= NUMBER_CARDS[t][1] <= lo + 2] + [JOKER] * 3
    else:
        pool = rng.sample(numbers, 12) + [JOKER] * 7 + [SKIP]
    size = min(len(pool), rng.randint(2, 14))
    return rng.sample(pool, size)


def _random_reqs(rng: random.Random) -> tuple[Requirement, ...]:
    """A level of a sheet, or a random level of 1-4 parts (the data allows any kinds and sizes up to 10 cards)."""
    if rng.random() < 0.6:
        return rng.choice(rng.choice(list(SHEETS.values())).levels)
    parts = []
    total = 0
    for _ in range(rng.randint(1, 4)):
        size = rng.randint(2, 5)
        if total + size > 10:
            break
        parts.append(Requirement(rng.choice(KINDS), size))
        total += size
    return tuple(parts) or (Requirement("run", 3),)


@pytest.mark.parametrize("chunk", range(8))
def test_solver_lists_the_old_layouts_in_the_old_order(chunk: int) -> None:
    rng = random.Random(f"l8-oracle/{chunk}")
    found = 0
    for _ in range(300):
        reqs = _random_reqs(rng)
        hand = _random_hand(rng)
        want = old_enumerate_layouts(reqs, hand)
        solver._LAYOUTS_CACHE.clear()
        assert list(solver.enumerate_layouts(reqs, hand)) == want, (reqs, hand)
        assert solver.can_lay_out(reqs, hand) == bool(want), (reqs, hand)
        shuffled = hand[:]
        rng.shuffle(shuffled)
        assert list(solver.enumerate_layouts(reqs, shuffled)) == want  # from the cache, whatever the order
        found += bool(want)
    assert found > 75  # the hands are drawn so that many lay out


def test_solver_agrees_on_every_level_of_both_sheets() -> None:
    rng = random.Random("l8-oracle/levels")
    for sheet in SHEETS.values():
        for reqs in sheet.levels:
            hits = 0
            for _ in range(60):
                hand = _random_hand(rng)
                want = old_enumerate_layouts(reqs, hand)
                solver._LAYOUTS_CACHE.clear()
                assert list(solver.enumerate_layouts(reqs, hand)) == want, (reqs, hand)
                assert solver.can_lay_out(reqs, hand) == bool(want), (reqs, hand)
                hits += bool(want)
            assert hits, f"no hand laid out {reqs}: the check proved nothing"


CONFIGS = [(players, sheet, edition) for players in range(2, 7) for sheet in SHEETS for edition in DECK.editions]


@pytest.mark.parametrize(("players", "sheet", "edition"), CONFIGS)
def test_legal_list_is_the_old_one_in_random_games(players: int, sheet: str, edition: str) -> None:
    kinds: Counter[str] = Counter()
    for seed in range(2):
        state = pr.new_game("level8", players=players, seed=f"oracle/{seed}",
                            options={"sheet": sheet, "edition": edition})
        assert isinstance(state, Level8State)
        rng = random.Random(f"oracle/{players}/{sheet}/{edition}/{seed}")
        moves = 0
        while not state.is_over() and moves < 1500:
            legal = state.legal_actions()
            assert legal == old_legal_actions(state), (state.phase, state.hands[state.current_player or 0])
            kinds.update(a.kind for a in legal)
            lays = [a for a in legal if a.kind in ("lay_out", "add")]
            # lay out and add more often than chance, so that tables fill and the laid-out listing is exercised
            action = rng.choice(lays) if lays and rng.random() < 0.5 else rng.choice(legal)
            if moves % 3:
                state.play(action)
            else:
                state.apply(action)
            moves += 1
    assert kinds["lay_out"] and kinds["add"] and kinds["discard"]


@pytest.mark.parametrize("kind", ["run", "set"])
def test_one_part_with_a_colour_group_is_decided_exactly(kind: str) -> None:
    # the closed formula of the mixed levels, on hands near the edge: few colours and numbers, 0-3 jokers
    rng = random.Random(f"l8-oracle/mixed/{kind}")
    yes = no = 0
    for _ in range(600):
        reqs = (Requirement(kind, rng.randint(2, 5)), Requirement("colour", rng.randint(2, 6)))
        lo = rng.randint(DECK.low, DECK.high - 5)
        cols = rng.sample(DECK.colours, rng.randint(1, 3))
        pool = [t for t in NUMBER_CARDS if NUMBER_CARDS[t][0] in cols and lo <= NUMBER_CARDS[t][1] <= lo + 5]
        hand = rng.sample(pool, min(len(pool), rng.randint(3, 10))) + [JOKER] * rng.randint(0, 3) + [SKIP]
        want = bool(old_enumerate_layouts(reqs, hand))
        assert solver.can_lay_out(reqs, hand) == want, (reqs, hand)
        yes += want
        no += not want
    assert yes > 50 and no > 50


def test_listed_layouts_pass_check_layout_unchanged() -> None:
    rng = random.Random("l8-oracle/check")
    seen = 0
    for _ in range(300):
        reqs = _random_reqs(rng)
        hand = _random_hand(rng)
        for lay in solver.find_layouts(reqs, hand):
            assert solver.check_layout(reqs, hand, lay) == lay
            seen += 1
    assert seen > 1000
