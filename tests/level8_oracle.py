"""The Level 8 move listing as it was before issue 15's solver work, kept as a test oracle (never used by the engine).

``old_enumerate_layouts`` is the lay-out enumeration of the solver before the bitmask search (generators of parts
per kind, a depth-first search over the level's slots, a quick necessary refusal first); ``old_legal_actions`` is the
listing before it stopped re-validating: every candidate move, kept when ``problem`` accepts it. The property tests
compare the engine with these on many random hands and positions: same content, same order.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from pygame_rules.core.actions import Action
from pygame_rules.games.level8 import (
    Add,
    Discard,
    Draw,
    Keep,
    LayOut,
    Level8State,
    ServeSkip,
    Skip,
    TakeDiscard,
    TakeNothing,
    _combinations_multiset,
)
from pygame_rules.games.level8_solver import (
    COLOUR_INDEX,
    DECK,
    JOKER,
    KIND_INDEX,
    NUMBER_CARDS,
    SKIP,
    PartError,
    Requirement,
    add_options,
    add_to_part,
    sort_cards,
)

Part = tuple[str, ...]
Layout = tuple[Part, ...]


class _Pool:
    """The hand's number cards indexed for candidate generation, plus the joker count."""

    def __init__(self, hand: Sequence[str]) -> None:
        self.by_number: dict[int, list[str]] = {n: [] for n in range(DECK.low, DECK.high + 1)}
        self.by_colour: dict[str, list[str]] = {c: [] for c in DECK.colours}
        for t in sort_cards([t for t in hand if t in NUMBER_CARDS]):
            c, n = NUMBER_CARDS[t]
            self.by_number[n].append(t)
        for t in sorted((t for t in hand if t in NUMBER_CARDS), key=lambda t: NUMBER_CARDS[t][1]):
            self.by_colour[NUMBER_CARDS[t][0]].append(t)
        for n in self.by_number:
            self.by_number[n].sort(key=lambda t: COLOUR_INDEX[NUMBER_CARDS[t][0]])
        self.jokers = sum(1 for t in hand if t == JOKER)


def _group_candidates(kind: str, groups: dict[Any, list[str]], keys: Iterable[Any], used: set[str], jokers: int,
                      lo: int, hi: int) -> Iterator[Part]:
    """Parts of ``kind`` drawn from one group (cards of one number for sets, one colour for colour groups), with
    ``lo``..``hi`` cards of which any number are jokers declared as that group's number or colour."""
    for key in keys:
        avail = [t for t in groups[key] if t not in used]
        if len(avail) + jokers < lo:
            continue
        jt = f"{JOKER}{key}"
        for k in range(0, min(jokers, hi) + 1):
            for r in range(max(0, lo - k), min(len(avail), hi - k) + 1):
                if r + k == 0:
                    continue
                for combo in itertools.combinations(avail, r):
                    yield (kind, *combo, *([jt] * k))


def _set_candidates(pool: _Pool, used: set[str], jokers: int, lo: int, hi: int) -> Iterator[Part]:
    return _group_candidates("set", pool.by_number, range(DECK.low, DECK.high + 1), used, jokers, lo, hi)


def _colour_candidates(pool: _Pool, used: set[str], jokers: int, lo: int, hi: int) -> Iterator[Part]:
    return _group_candidates("colour", pool.by_colour, DECK.colours, used, jokers, lo, hi)


def _run_candidates(pool: _Pool, used: set[str], jokers: int, lo: int, hi: int) -> Iterator[Part]:
    options = {n: [t for t in pool.by_number[n] if t not in used] for n in range(DECK.low, DECK.high + 1)}
    for a in range(DECK.low, DECK.high + 1):
        gaps = 0
        for b in range(a, min(DECK.high, a + hi - 1) + 1):
            if not options[b]:
                gaps += 1
            if gaps > jokers:
                break
            if b - a + 1 < lo:
                continue
            yield from _run_fill(options, a, b, jokers, [])


def _run_fill(options: dict[int, list[str]], x: int, b: int, jokers: int, acc: list[str]) -> Iterator[Part]:
    if x > b:
        yield ("run", *acc)
        return
    for t in options[x]:
        acc.append(t)
        yield from _run_fill(options, x + 1, b, jokers, acc)
        acc.pop()
    if jokers:
        acc.append(f"{JOKER}{x}")
        yield from _run_fill(options, x + 1, b, jokers - 1, acc)
        acc.pop()


_GENERATORS = {"run": _run_candidates, "set": _set_candidates, "colour": _colour_candidates}


def _no_part_fits(pool: _Pool, slots: Sequence[Requirement]) -> bool:
    """True when some requirement has no part at all, even alone with every joker: then there is no lay-out.

    A cheap necessary test that answers the common "cannot lay out" case before the full enumeration.
    """
    nothing: set[str] = set()
    for req in dict.fromkeys(slots):
        if next(iter(_GENERATORS[req.kind](pool, nothing, pool.jokers, req.size, req.size)), None) is None:
            return True
    # all the sets together (and all the colour groups together) must fit the hand's numbers (colours) and jokers
    for kind, groups in (("set", pool.by_number), ("colour", pool.by_colour)):
        sizes = sorted((r.size for r in slots if r.kind == kind), reverse=True)
        if len(sizes) > 1 and not _groups_fit(sizes, [len(g) for g in groups.values()], pool.jokers):
            return True
    return False


def _groups_fit(sizes: Sequence[int], counts: list[int], jokers: int) -> bool:
    """Whether parts of these minimum ``sizes``, each from one group (a number or a colour) topped up by jokers,
    can all be made at once from groups holding ``counts`` cards and ``jokers`` jokers.

    A part takes as many real cards of its group as it can (they serve nothing else here), jokers for the rest.
    Groups with the same count left are interchangeable, so only one of each is tried.
    """
    if not sizes:
        return True
    size, rest = sizes[0], sizes[1:]
    for left in set(counts):
        need = max(0, size - left)
        if need <= jokers:
            after = counts[:]
            after[after.index(left)] = max(0, left - size)
            if _groups_fit(rest, after, jokers - need):
                return True
    return False


def _enumerate_layouts(reqs: Sequence[Requirement], hand: Sequence[str]) -> Iterator[Layout]:
    """The enumeration behind :func:`enumerate_layouts` (no cache).

    Parts of one kind are generated in non-decreasing (size, cards) order and matched against that kind's minimum
    sizes sorted ascending, which visits each multiset of parts exactly once; kinds come in the order run, set,
    colour, so the output is already sorted as :func:`check_layout` sorts.
    """
    pool = _Pool(hand)
    slots = sorted(reqs, key=lambda r: (KIND_INDEX[r.kind], r.size))
    budget = len(hand) - 1
    suffix = [sum(r.size for r in slots[i:]) for i in range(len(slots) + 1)]
    if suffix[0] > budget or _no_part_fits(pool, slots):
        return
    used: set[str] = set()
    acc: list[Part] = []

    def rec(i: int, jokers: int, spent: int, prev: tuple[int, Part] | None) -> Iterator[Layout]:
        if i == len(slots):
            yield tuple(acc)
            return
        req = slots[i]
        hi = budget - spent - suffix[i + 1]
        if hi < req.size:
            return
        same_kind = i > 0 and slots[i - 1].kind == req.kind
        for part in _GENERATORS[req.kind](pool, used, jokers, req.size, hi):
            key = (len(part), part)
            if same_kind and prev is not None and key < prev:
                continue
            js = sum(1 for t in part[1:] if t[0] == JOKER)
            real = [t for t in part[1:] if t[0] != JOKER]
            used.update(real)
            acc.append(part)
            yield from rec(i + 1, jokers - js, spent + len(part) - 1, key)
            acc.pop()
            used.difference_update(real)

    yield from rec(0, pool.jokers, 0, None)


def old_enumerate_layouts(reqs: Sequence[Requirement], hand: Sequence[str]) -> list[Layout]:
    """Every distinct canonical lay-out, in the order the engine listed them before issue 15's solver work."""
    return list(_enumerate_layouts(reqs, hand))


def old_candidates(state: Level8State) -> list[Action]:
    """The candidate moves of the old listing (before the filter by ``problem``)."""
    p = state.current_player
    assert p is not None
    if state.phase == "keep":
        hand = state.hands[p]
        found: dict[tuple[str, ...], None] = {}
        for r in range(0, min(state.sheet.keep_cards, len(hand)) + 1):
            for combo in _combinations_multiset(hand, r):
                found[combo] = None
        return [Keep(c) for c in found]
    if state.phase == "skipped":
        return [ServeSkip()]
    if state.phase == "draw":
        out: list[Action] = [Draw()] if state.draw else []
        out += [TakeDiscard(s) for s in range(state.players) if state.discards[s]]
        return out or [TakeNothing()]
    hand = state.hands[p]
    out = []
    if not state.laid[p]:
        out += [LayOut(lay) for lay in old_enumerate_layouts(state.level_requirements(p), hand)]
    elif len(hand) >= 2:
        distinct = [c for c in dict.fromkeys(hand) if c != SKIP]
        for s in range(state.players):
            for i, part in enumerate(state.table[s]):
                for card in distinct:
                    tokens = add_options(part) if card == JOKER else [card]
                    for tok in tokens:
                        try:
                            add_to_part(part, tok)
                        except PartError:
                            continue
                        out.append(Add(s, i, tok))
    out += [Discard(c) for c in dict.fromkeys(hand)]
    if SKIP in hand:
        out += [Skip(t) for t in range(state.players) if t != p and not state.skipped[t]]
    return out


def old_legal_actions(state: Level8State) -> list[Action]:
    """The legal list as the engine built it before issue 15: the candidates that ``problem`` accepts."""
    return [a for a in old_candidates(state) if state.problem(a) is None]
