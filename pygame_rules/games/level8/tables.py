"""Level 8 lay-out search, the parts of one kind that a hand allows (:class:`_Table`), with the bit masks the
search (:mod:`.search`) walks.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from .counts import _JOKER_AS_COLOUR, _JOKER_AS_NUMBER, _JOKER_ONES, _NUMBERS, _Pool
from .data import Part

_Grown = tuple[tuple[str, ...], tuple[str, ...], int]  # a run being grown: its tokens, its real cards, its jokers


def _grow_runs(grown: list[_Grown], ones: Sequence[tuple[str, ...]], joker: tuple[str, ...],
               jokers: int) -> list[_Grown]:
    """The runs of ``grown`` each followed by one card of the next number (``ones``: each as a 1-tuple, in colour
    order: a run grows by concatenation) or by a joker meaning it while fewer than ``jokers`` are used."""
    if not jokers:
        return [(toks + one, real + one, 0) for toks, real, _ in grown for one in ones]
    out: list[_Grown] = []
    add = out.append
    for toks, real, js in grown:
        for one in ones:
            add((toks + one, real + one, js))
        if js < jokers:
            add((toks + joker, real, js + 1))
    return out


def _grown_before(a: int, stop: int, e: int, empty: list[int], singles: list[Sequence[tuple[str, ...]]],
                  jokers: int) -> list[_Grown]:
    """(The part: kind, cards and joker tokens; real cards; jokers used) of every run from number ``a`` to just
    before ``stop`` (the shortest run's last number) that can still reach ``stop``: a run keeps a joker for each
    number without a card still ahead up to ``stop`` (``empty``: those numbers, ``empty[e]`` the first at or after
    ``a``); the others could not reach the shortest length."""
    grown: list[_Grown] = [(("run",), (), 0)]
    f = e
    while empty[f] <= stop:
        f += 1
    ahead = f - e
    f = e
    for b in range(a, stop):
        if b == empty[f]:
            f += 1
            ahead -= 1
        grown = _grow_runs(grown, singles[b], _JOKER_ONES[b], jokers - ahead)
    return grown


class _Table:
    """Every part of one kind that the hand allows (from ``lo`` to ``hi`` cards, up to all its jokers), in the order
    the search tries them, with bit masks over those parts (bit ``i`` is part ``i``): the parts using a card
    (``uses``), using at most ``j`` jokers, of at least / at most ``s`` cards, and sorting at or after a part
    (``from_``). A slot's choices given the cards already taken are then a few operations on integers.

    The order: runs by first number, then length, then at each number its cards in colour order and the joker
    last; sets (colour groups) by number (colour), then jokers used, then real cards, then the combination in
    colour (number) order. Taking cards away from the hand removes parts and keeps the others' order, so every
    slot's choices are this list filtered.
    """

    __slots__ = ("parts", "reals", "jokers", "lengths", "blocks", "hi", "uses", "jokers_le", "size_ge", "size_le",
                 "from_")

    def __init__(self, kind: str, pool: _Pool, lo: int, hi: int, jokers: int, clashes: bool, ordered: bool,
                 masks: bool = True) -> None:
        """``clashes``: a slot before one of this kind takes cards (make :attr:`uses`); ``ordered``: the kind fills
        several slots (make :attr:`from_`); ``masks``: make the masks at all (a one-slot level needs only the
        parts)."""
        self.parts: list[Part] = []
        self.reals: list[tuple[str, ...]] = []
        self.jokers: list[int] = []
        self.lengths: list[int] = []
        # sets and colour groups: parts from the same group with the same counts share a block number (they leave
        # the same counts behind); runs: each part its own block (``-1 - index`` never repeats)
        self.blocks: Sequence[int] = ()
        self.hi = hi
        by_size = [0] * (hi + 2)
        by_jokers = [0] * (jokers + 1)
        if kind == "run":
            self._runs(pool.by_number, lo, hi, jokers, by_size, by_jokers)
        elif kind == "set":
            self._groups(kind, pool.by_number, _JOKER_AS_NUMBER, lo, hi, jokers, by_size, by_jokers)
        else:
            self._groups(kind, pool.by_colour, _JOKER_AS_COLOUR, lo, hi, jokers, by_size, by_jokers)
        if not masks:
            return
        for j in range(1, jokers + 1):
            by_jokers[j] |= by_jokers[j - 1]
        self.jokers_le = by_jokers
        size_le = by_size[:]
        for k in range(1, hi + 2):
            size_le[k] |= size_le[k - 1]
        size_ge = by_size
        for k in range(hi, -1, -1):
            size_ge[k] |= size_ge[k + 1]
        self.size_le = size_le
        self.size_ge = size_ge
        uses: dict[str, int] = {}
        if clashes:
            bit = 1
            for real in self.reals:
                for t in real:
                    uses[t] = uses.get(t, 0) | bit
                bit <<= 1
        self.uses = uses
        from_: list[int] = []
        if ordered:
            parts = self.parts
            keys = list(zip(self.lengths, parts, strict=True))
            from_ = [0] * len(parts)
            acc = 0
            for i in sorted(range(len(parts)), key=keys.__getitem__, reverse=True):
                acc |= 1 << i
                from_[i] = acc
        self.from_ = from_

    def _runs(self, by_number: list[list[str]], lo: int, hi: int, jokers: int, by_size: list[int],
              by_jokers: list[int]) -> None:
        """Every run of ``lo``..``hi`` cards, in the table's order.

        From each first number, the runs grow one number at a time: the runs ending at ``b`` are those ending at
        ``b - 1``, each followed by one of ``b``'s cards (in colour order) or a joker while one is left, which is
        the table's order. Growth stops when no run can reach further.
        """
        # the numbers without a card, then stops at the end: a run from ``a`` ends before the (jokers+1)-th
        empty = [x for x in range(_NUMBERS) if not by_number[x]]
        empty += [_NUMBERS] * (jokers + 1)
        e = 0
        singles: list[Sequence[tuple[str, ...]]] = [[(t,) for t in cards] if cards else () for cards in by_number]
        joker_ones = _JOKER_ONES
        cells: list[list[_Grown]] = []  # the runs of each first number and length, in the table's order
        lengths = self.lengths
        count = 0
        a = 0
        while a <= _NUMBERS - lo:
            while empty[e] < a:
                e += 1
            end = empty[e + jokers]
            if end - a < lo:
                # nor from any first number up to the next one without a card (its runs end at the same place)
                a = empty[e] + 1
                continue
            if end - a > hi:
                end = a + hi
            grown = _grown_before(a, a + lo - 1, e, empty, singles, jokers)
            for b in range(lo + a - 1, end):
                grown = _grow_runs(grown, singles[b], joker_ones[b], jokers)
                cells.append(grown)
                size = len(grown)
                by_size[b - a + 1] |= ((1 << size) - 1) << count
                lengths += [b - a + 1] * size
                count += size
            a += 1
        self.blocks = range(-1, -1 - count, -1)  # ``-1 - index`` for every part, made in O(1)
        if not cells:
            return
        parts, reals, used = zip(*itertools.chain.from_iterable(cells), strict=True)
        self.parts = list(parts)
        self.reals = list(reals)
        self.jokers = list(used)
        if not jokers:
            by_jokers[0] = (1 << count) - 1
            return
        bit = 1
        for j in used:
            by_jokers[j] |= bit
            bit <<= 1

    def _groups(self, kind: str, groups: list[list[str]], joker_tokens: tuple[str, ...], lo: int, hi: int,
                jokers: int, by_size: list[int], by_jokers: list[int]) -> None:
        """Every set (colour group) of ``lo``..``hi`` cards, in the table's order.

        A block is the parts of one group with ``k`` jokers and ``r`` real cards; a block of one part (no real
        card, or all of the group's) is added without building combinations."""
        parts = self.parts
        reals = self.reals
        blocks: list[int] = []
        self.blocks = blocks
        used = self.jokers
        lengths = self.lengths
        combinations = itertools.combinations
        top = min(jokers, hi)
        for key, group in enumerate(groups):
            n = len(group)
            if n + jokers < lo:
                continue
            jt = joker_tokens[key]
            whole = tuple(group)
            # ``k`` jokers and ``r`` real cards, lo <= r + k <= hi and r <= n: from the fewest jokers that reach
            # ``lo`` (no range left empty, no max or min called)
            for k in range(lo - n if n < lo else 0, top + 1):
                js = (jt,) * k
                for r in range(lo - k if k < lo else 0, (hi - k if hi - k < n else n) + 1):
                    if r + k == 0:
                        continue
                    start = len(parts)
                    if r == 0 or r == n:
                        # one part: jokers alone, or the whole group (and jokers)
                        real = whole if r else ()
                        parts.append((kind, *real, *js))
                        reals.append(real)
                        bit = 1 << start
                        by_size[r + k] |= bit
                        by_jokers[k] |= bit
                        used.append(k)
                        lengths.append(r + k)
                        blocks.append(start)
                        continue
                    combos = list(combinations(group, r))
                    parts += [(kind, *c, *js) for c in combos]
                    reals += combos
                    count = len(combos)
                    block = ((1 << count) - 1) << start
                    by_size[r + k] |= block
                    by_jokers[k] |= block
                    used += [k] * count
                    lengths += [r + k] * count
                    blocks += [start] * count
