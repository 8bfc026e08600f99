"""The group-by-group lister of Level 8 levels of sets alone (or colour groups alone), held to the rule and its order.

What it lists is held to the reference lister (every candidate lay-out that ``check_layout`` accepts); the order it
lists them in is held to its definition: each lay-out's parts in canonical order, the lay-outs by their parts' places
in the table of every part of the kind that the hand allows (:class:`~pygame_rules.games.level8.tables._Table`).
"""

from __future__ import annotations

import random

import pytest

from pygame_rules.core.memo import clear_caches
from pygame_rules.games.level8.counts import _Pool
from pygame_rules.games.level8.data import DECK, JOKER, NUMBER_CARDS, Layout, PartError, Requirement
from pygame_rules.games.level8.parts import candidate_layouts, check_layout, layout_key
from pygame_rules.games.level8.search import find_layouts
from pygame_rules.games.level8.tables import _Table

LEVELS = [
    (("set", 2), ("set", 2), ("set", 2), ("set", 2)),
    (("set", 2), ("set", 3), ("set", 3)),
    (("set", 2), ("set", 3), ("set", 4)),
    (("set", 3), ("set", 3), ("set", 3)),
    (("set", 4), ("set", 4), ("set", 2)),
    (("set", 2), ("set", 2)),
    (("colour", 3), ("colour", 3)),
    (("colour", 2), ("colour", 4)),
]


def _hand(rng: random.Random, kind: str) -> list[str]:
    """A hand of 7 to 11 cards drawn from few numbers (sets) or few colours (colour groups), so that parts often
    form, with 0 to 4 jokers."""
    if kind == "set":
        numbers = rng.sample(range(DECK.low, DECK.high + 1), 4)
        pool = [t for t, (_, n) in NUMBER_CARDS.items() if n in numbers]
    else:
        colours = rng.sample(DECK.colours, 2)
        pool = [t for t, (c, n) in NUMBER_CARDS.items() if c in colours and n <= 6]
    jokers = rng.randint(0, 4)
    return rng.sample(pool, rng.randint(7, 11) - jokers) + [JOKER] * jokers


def _accepted(reqs: tuple[Requirement, ...], hand: list[str]) -> set[Layout]:
    """The reference lister: every candidate lay-out that the rule accepts (``None`` for one it refuses)."""

    def checked(lay: Layout) -> Layout | None:
        try:
            return check_layout(reqs, hand, lay)
        except PartError:
            return None

    return set(map(checked, candidate_layouts(reqs, hand))) - {None}


def _places(kind: str, hand: list[str], size: int) -> dict[tuple[str, ...], int]:
    """Each part of ``kind`` with at least ``size`` cards that the hand allows, by its place in the table."""
    pool = _Pool(hand)
    pool.groups(kind == "colour")
    parts = _Table(kind, pool, size, len(hand), pool.jokers, False, False, masks=False).parts
    return {part: i for i, part in enumerate(parts)}


@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: "+".join(f"{k}{s}" for k, s in lv))
def test_sets_alone_are_every_accepted_layout_in_the_table_order(level: tuple[tuple[str, int], ...]) -> None:
    rng = random.Random(LEVELS.index(level))
    reqs = tuple(Requirement(k, s) for k, s in level)
    kind = level[0][0]
    found = 0
    for _ in range(12):
        clear_caches()
        hand = _hand(rng, kind)
        got = find_layouts(reqs, hand)
        assert set(got) == _accepted(reqs, hand), hand
        assert all(list(lay) == sorted(lay, key=layout_key) for lay in got)  # parts in canonical order
        place = _places(kind, hand, min(s for _, s in level))
        keys = [tuple(place[part] for part in lay) for lay in got]
        assert keys == sorted(keys) and len(set(keys)) == len(keys), hand
        found += len(got)
    assert found  # (the hands do lay out)
