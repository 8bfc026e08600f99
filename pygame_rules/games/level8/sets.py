"""Level 8 lay-out search for levels of sets alone (or colour groups alone): a fast lister, group by group.

A set takes its cards from one number (a colour group from one colour), so parts of different groups never share a
card. A lay-out of such a level is therefore, for each group in turn, a bundle of disjoint parts of that group (some
of its real cards, plus jokers meaning it), within the hand's jokers and budget, with as many parts as the level has
slots and their lengths, sorted, at least the slots' sizes, sorted. The search walks the groups that hold cards in
order and, before each, asks whether the slots still empty can be filled from the groups after it at all (the
exact count test of the "cannot" answers, :func:`~pygame_rules.games.level8.counts._groups_fit_cached`, and its
memo), so no dead branch goes past a group; the parts of jokers alone, which every group allows, come last.

It lists what :mod:`.search`'s slot-by-slot search over a :class:`~pygame_rules.games.level8.tables._Table` lists,
in the same order: each lay-out's parts in canonical order (by length, then cards), the lay-outs by their parts'
places in that table (group, jokers used, real cards used, then the cards' combination). It is a fast lister, not a
rule: the shared reference test holds it to :func:`~pygame_rules.games.level8.parts.check_layout`.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from ...core.memo import Memo
from .counts import _GROUPS_MEMO, _JOKER_AS_COLOUR, _JOKER_AS_NUMBER, _groups_fit_cached, _Pool
from .data import Layout, Part

_Shape = tuple[int, int, int, tuple[int, ...]]  # a part of a group: jokers, real cards, their positions (mask, tuple)
# bundles of a group's parts alike: jokers, lengths (largest first), cards, each bundle's shape indices
_Bundle = tuple[int, tuple[int, ...], int, tuple[tuple[int, ...], ...]]
# per (cards of a group, jokers, smallest and largest part, most parts): the group's shapes, the index of each
# jokers-only shape by its jokers, and the bundles of its parts of real cards (:func:`_group`)
_GROUPS: Memo[tuple[int, int, int, int, int], tuple[tuple[_Shape, ...], dict[int, int], tuple[_Bundle, ...]]] = Memo(
    "level8.group_parts", 1024)
# the slots left (largest first) once parts of these lengths take the largest slots they fill, with their cards;
# ``()`` when one fills none (the keys are a level's sizes and part lengths: a small fixed domain)
_TAKE: Memo[tuple[tuple[int, ...], tuple[int, ...]], tuple[tuple[int, ...], int] | tuple[()]] = Memo(
    "level8.group_take", None)
_ZERO = (0,)  # a bundle of one part given by its place (its group's first place being the place)
_STRIDE = 1 << 20  # a part's place: its group times this plus its shape's index (more than any group's shapes)


def group_layouts(kind: str, sizes: Sequence[int], pool: _Pool, budget: int) -> list[Layout]:
    """Every lay-out of slots of ``kind`` ("set" or "colour") alone, of these minimum ``sizes``, from ``pool`` (whose
    groups are made) using at most ``budget`` cards, in the order of :mod:`.search`'s slot-by-slot search: each
    lay-out's parts in canonical order (by length, then cards), the lay-outs by their parts' places."""
    if kind == "set":
        groups, tokens = pool.by_number, _JOKER_AS_NUMBER
    else:
        groups, tokens = pool.by_colour, _JOKER_AS_COLOUR
    slots = tuple(sorted(sizes, reverse=True))
    search = _GroupSearch(groups, pool.jokers, slots, budget)
    search.step(0, slots, pool.jokers, budget)
    return _in_order(search, kind, tokens)


def _in_order(search: _GroupSearch, kind: str, tokens: tuple[str, ...]) -> list[Layout]:
    """The lay-outs of the choices ``search`` found: each one's parts in canonical order (by length, then cards; the
    parts used are ranked so once), the lay-outs by their parts' places in that order."""
    chosen = [[base + idx for base, shapes in bundles for idx in shapes] for bundles in search.found]
    made: dict[int, tuple[int, Part]] = {}
    for places in chosen:
        for place in places:
            if place not in made:
                x, at = divmod(place, _STRIDE)
                k, r, _, positions = search.shapes[x][at]
                cards = search.groups[x]
                made[place] = (r + k, (kind, *[cards[p] for p in positions], *(tokens[x],) * k))
    rank = {place: i for i, place in enumerate(sorted(made, key=made.__getitem__))}
    part_of = {place: part for place, (_, part) in made.items()}
    found = []
    for places in chosen:
        places.sort(key=rank.__getitem__)
        found.append((tuple(places), tuple(map(part_of.__getitem__, places))))
    found.sort()
    return [lay for _, lay in found]


def _group(n: int, jokers: int, lo: int, hi: int, most: int) -> tuple[tuple[_Shape, ...], dict[int, int],
                                                                   tuple[_Bundle, ...]]:
    """A group of ``n`` cards, with ``jokers`` jokers, parts of ``lo``..``hi`` cards and at most ``most``
    parts: every part as (jokers, real cards, positions) in :class:`~pygame_rules.games.level8.tables._Table`'s
    order (by jokers, then real cards, then the combination of positions); the index of each jokers-only part by its
    jokers; and the bundles of one or more disjoint parts with real cards, those of the same jokers and lengths
    together (they leave the same slots, jokers and room): as (jokers, lengths largest first, cards, each bundle's
    parts' indices), by jokers. The same for every group of ``n`` cards: remembered."""
    key = (n, jokers, lo, hi, most)
    found = _GROUPS.get(key)
    if found is None:
        shapes: list[_Shape] = []
        jokers_only: dict[int, int] = {}
        bits = [1 << p for p in range(n)]
        for k in range(min(jokers, hi) + 1):
            for r in range(n + 1):
                if lo <= r + k <= hi:
                    if not r:
                        jokers_only[k] = len(shapes)
                    for pos in itertools.combinations(range(n), r):
                        mask = 0
                        for p in pos:
                            mask |= bits[p]
                        shapes.append((k, r, mask, pos))
        bundles: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []

        def grow(start: int, taken: int, used: int, lengths: tuple[int, ...], chosen: tuple[int, ...]) -> None:
            """Add every bundle that adds parts from shape ``start`` on to the bundle ``chosen`` (and it)."""
            bundles.append((used, lengths, chosen))
            for idx in range(start, len(shapes) if len(chosen) < most else 0):
                k, r, mask, _ = shapes[idx]
                if r and not mask & taken and used + k <= jokers:
                    grow(idx + 1, taken | mask, used + k, (*lengths, r + k), (*chosen, idx))

        grow(0, 0, 0, (), ())
        alike: dict[tuple[int, tuple[int, ...]], list[tuple[int, ...]]] = {}
        for used, lengths, chosen in bundles[1:]:  # (not the empty bundle)
            alike.setdefault((used, tuple(sorted(lengths, reverse=True))), []).append(chosen)
        classes = sorted((used, lengths, sum(lengths), tuple(members)) for (used, lengths), members in alike.items())
        found = _GROUPS.put(key, (tuple(shapes), jokers_only, tuple(classes)))
    return found


def _take(slots: tuple[int, ...], lengths: tuple[int, ...]) -> tuple[tuple[int, ...], int] | tuple[()]:
    """The slots left once parts of these ``lengths`` (in any order) each take the largest of ``slots`` (largest
    first) that it fills, and their cards; ``()`` when one fills none. Taking the largest is never worse: any part
    that fills it fills the smaller ones too (so a lay-out exists after this choice whenever one exists at all)."""
    found: tuple[tuple[int, ...], int] | tuple[()] = ()
    rest = list(slots)
    for length in lengths:
        i = next((i for i, size in enumerate(rest) if size <= length), -1)
        if i < 0:
            break
        del rest[i]
    else:
        found = (tuple(rest), sum(rest))
    return _TAKE.put((slots, lengths), found)


class _GroupSearch:
    """One search: the groups' cards, jokers and part sizes; the groups that hold cards (``held``) with their bundles
    and the sorted counts of each suffix of them (what the count test reads); the parts chosen so far (``acc``: per
    bundle, its group's first place and its parts' indices) and the choices found (``found``)."""

    __slots__ = ("groups", "jokers", "lo", "hi", "most", "shapes", "held", "bundles", "suffix", "only", "acc", "found")

    def __init__(self, groups: list[list[str]], jokers: int, slots: tuple[int, ...], budget: int) -> None:
        self.groups = groups
        self.lo = lo = slots[-1]
        self.hi = hi = budget - sum(slots) + slots[0]  # the other slots need at least their sizes
        self.jokers = jokers
        self.most = most = len(slots)
        self.shapes: dict[int, tuple[_Shape, ...]] = {}
        self.held = []
        self.bundles = []
        counts = []
        for x, cards in enumerate(groups):
            if cards:
                shapes, _, bundles = _group(len(cards), jokers, lo, hi, most)
                self.shapes[x] = shapes
                self.held.append(x * _STRIDE)
                self.bundles.append(bundles)
                counts.append(len(cards))
        # per suffix of ``held``: its groups' counts sorted, with one group of none (where jokers alone go)
        self.suffix = [(0, *sorted(counts[i:])) for i in range(len(counts) + 1)]
        self.only: list[tuple[int, int]] = []
        self.acc: list[tuple[int, tuple[int, ...]]] = []
        self.found: list[tuple[tuple[int, tuple[int, ...]], ...]] = []

    def step(self, first: int, slots: tuple[int, ...], jl: int, room: int) -> None:
        """Fill ``slots`` (largest first, not none) with ``jl`` jokers and ``room`` cards from the groups
        ``held[first:]`` and jokers alone: for each group in turn while the slots can still be filled from it and
        the groups after it (:func:`~pygame_rules.games.level8.counts._groups_fit_cached`; fewer groups never fill
        more), each bundle of its parts that leaves slots the groups after it can fill, then those; last, jokers
        alone."""
        acc = self.acc
        fits = _groups_fit_cached  # (called on a miss of its memo, read here first)
        take = _TAKE.get
        bundles_of = self.bundles
        suffix = self.suffix
        found = self.found
        need_all = sum(slots)
        memo = _GROUPS_MEMO.get
        for at in range(first, len(bundles_of)):
            if at > first and jl < need_all:
                ok = memo((slots, suffix[at], jl))
                if ok is None:
                    ok = fits(slots, suffix[at], jl)
                if not ok:
                    return  # (nor from fewer groups, nor from jokers alone)
            base = self.held[at]
            after = suffix[at + 1]
            for jokers, lengths, cards, members in bundles_of[at]:
                if jokers > jl:
                    break  # (bundles come by jokers)
                took = take((slots, lengths))
                if took is None:
                    took = _take(slots, lengths)
                if not took or cards + took[1] > room:
                    continue
                rest, need = took
                left = jl - jokers
                if rest and left < need:
                    ok = memo((rest, after, left))
                    if ok is None:
                        ok = fits(rest, after, left)
                    if not ok:
                        continue
                start = len(found)
                acc.append((base, members[0]))
                if not rest:
                    found.append(tuple(acc))
                elif len(rest) == 1:
                    self.last(at + 1, rest[0], left, room - cards)
                else:
                    self.step(at + 1, rest, left, room - cards)
                acc.pop()
                if len(members) > 1 and len(found) > start:
                    self.alike(start, len(acc), base, members)
        self.jokers_only(0, slots, jl, room)

    def alike(self, start: int, i: int, base: int, members: tuple[tuple[int, ...], ...]) -> None:
        """The lay-outs found from ``start`` on hold the first of ``members`` (bundles alike of the group at
        ``base``) as their ``i``-th bundle: add them again with each other member instead (what a search after
        each would find, without searching)."""
        found = self.found
        made = found[start:]
        for shapes in members[1:]:
            bundle = ((base, shapes),)
            found += [lay[:i] + bundle + lay[i + 1:] for lay in made]

    def last(self, first: int, size: int, jl: int, room: int) -> None:
        """Fill the last slot, of ``size`` cards, with ``jl`` jokers and ``room`` cards: with each part of a group
        ``held[first:]`` that fits, then each part of jokers alone (no bundles, no count test: one part)."""
        acc, found, suffix, zero = self.acc, self.found, self.suffix, _ZERO
        for at in range(first, len(self.held)):
            if suffix[at][-1] + jl < size:
                break  # (no group from here on has cards enough)
            base = self.held[at]
            for idx, (k, r, _, _) in enumerate(self.shapes[base // _STRIDE]):
                if k > jl:
                    break  # (shapes come by jokers)
                if r and size <= r + k <= room:
                    found.append((*acc, (base + idx, zero)))
        if jl >= size:
            for place, k in self.jokers_only_parts():
                if size <= k <= jl and k <= room:
                    found.append((*acc, (place, zero)))

    def jokers_only(self, start: int, slots: tuple[int, ...], jl: int, room: int) -> None:
        """Fill ``slots`` with parts of jokers alone, from the ``start``-th on (one may come again: it uses no card)."""
        if sum(slots) > jl:
            return
        only = self.jokers_only_parts()
        acc = self.acc
        take = _TAKE.get
        for i in range(start, len(only)):
            place, k = only[i]
            if k > jl:
                continue
            took = take((slots, (k,)))
            if took is None:
                took = _take(slots, (k,))
            if not took or k + took[1] > room or k + took[1] > jl:
                continue
            acc.append((place, _ZERO))
            if took[0]:
                self.jokers_only(i, took[0], jl - k, room - k)
            else:
                self.found.append(tuple(acc))
            acc.pop()

    def jokers_only_parts(self) -> list[tuple[int, int]]:
        """Every jokers-only part, in table order, as (place, jokers) (made when first needed)."""
        if not self.only:
            empty = _group(0, self.jokers, self.lo, self.hi, self.most)
            for x, cards in enumerate(self.groups):
                shapes, where, _ = _group(len(cards), self.jokers, self.lo, self.hi, self.most) if cards else empty
                self.shapes[x] = shapes
                self.only += [(x * _STRIDE + at, k) for k, at in where.items()]
        return self.only
