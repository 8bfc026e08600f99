"""Level 8 lay-out search: every distinct canonical lay-out of a level that a hand allows, fast.

The listing's own path to the lay-outs (a plain generate-and-check over the hand would take seconds on some hands):
counts decide most hands cannot lay out at all, and the others are searched over tables of the parts each kind
allows. It is a fast lister, not a second rule: the shared reference test holds the moves it lists equal to every
candidate lay-out that :func:`~pygame_rules.games.level8_parts.check_layout` accepts, in every variant.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Iterator, Sequence

from ...core.memo import Memo
from .data import COLOUR_INDEX, DECK, JOKER, KIND_INDEX, NUMBER_CARDS, SKIP, Layout, Part, Requirement

# ----- enumeration ------------------------------------------------------------------------------------------


_NUMBERS = DECK.high - DECK.low + 1
_COLOURS = len(DECK.colours)
# per number card: (number index, colour index); number index = number - DECK.low
_CARD_AT: dict[str, tuple[int, int]] = {t: (n - DECK.low, COLOUR_INDEX[c]) for t, (c, n) in NUMBER_CARDS.items()}
# the order in which the pool lists cards: by number, then colour (the hand order of :func:`card_key`)
_CARD_ORDER: dict[str, int] = {t: n * _COLOURS + c for t, (n, c) in _CARD_AT.items()}
# what :class:`_Pool` counts per token: a number card's (number, colour) indices, others a spare slot past both
_OTHER = (_NUMBERS, _COLOURS)
_COUNT_AT: dict[str, tuple[int, int]] = {**_CARD_AT, JOKER: _OTHER, SKIP: _OTHER}
# the number index of each card (jokers and skips count in the spare slot past the numbers)
_NUMBER_AT: dict[str, int] = {t: n for t, (n, _) in _COUNT_AT.items()}
# the bit of each number card's number index (what a one-run level's "cannot" answer reads)
_NUMBER_BIT: dict[str, int] = {t: 1 << n for t, (n, _) in _CARD_AT.items()}
_JOKER_AS_NUMBER = tuple(f"{JOKER}{n}" for n in range(DECK.low, DECK.high + 1))
_JOKER_AS_COLOUR = tuple(f"{JOKER}{c}" for c in DECK.colours)
_JOKER_ONES = tuple((t,) for t in _JOKER_AS_NUMBER)  # each number's joker token as a 1-tuple (run growth)


class _Pool:
    """The hand as the search sees it: the count of each number and each colour, the numbers held in each colour
    (bit masks), the joker count; the cards by number (in colour order) and by colour (in number order) are made
    only when a search needs them (:meth:`groups`). Other tokens (skips) are ignored."""

    __slots__ = ("hand", "ncount", "ccount", "jokers", "by_number", "by_colour")

    def __init__(self, hand: Sequence[str]) -> None:
        # jokers, skips and any other token count in a spare last slot of each list, dropped at the end (one loop)
        ncount = [0] * (_NUMBERS + 1)
        ccount = [0] * (_COLOURS + 1)
        at = _COUNT_AT
        other = _OTHER
        for t in hand:
            n, c = at.get(t, other)
            ncount[n] += 1
            ccount[c] += 1
        ncount.pop()
        ccount.pop()
        self.hand = hand
        self.ncount = ncount
        self.ccount = ccount
        self.jokers = hand.count(JOKER)
        self.by_number: list[list[str]] = []
        self.by_colour: list[list[str]] = []

    @property
    def cards(self) -> list[str]:
        """The number cards of the hand (made when asked: only searches need them)."""
        at = _CARD_AT
        return [t for t in self.hand if t in at]

    def groups(self) -> None:
        """Fill :attr:`by_number` and :attr:`by_colour` (once)."""
        if self.by_number:
            return
        by_number: list[list[str]] = [[] for _ in range(_NUMBERS)]
        by_colour: list[list[str]] = [[] for _ in range(_COLOURS)]
        at = _CARD_AT
        for t in sorted(self.cards, key=_CARD_ORDER.__getitem__):
            n, c = at[t]
            by_number[n].append(t)
            by_colour[c].append(t)
        self.by_number = by_number
        self.by_colour = by_colour

    def colour_masks(self) -> list[int]:
        """Per colour, the numbers held in it as a bit mask (bit ``n`` for number index ``n``)."""
        masks = [0] * _COLOURS
        at = _CARD_AT
        for t in self.cards:
            n, c = at[t]
            masks[c] |= 1 << n
        return masks


_LAYOUTS_CACHE: Memo[tuple[tuple[tuple[str, int], ...], tuple[str, ...]], tuple[Layout, ...]] = Memo(
    "level8.layouts", 1024)


def enumerate_layouts(reqs: Sequence[Requirement], hand: Sequence[str]) -> Iterator[Layout]:
    """Every distinct canonical lay-out of ``reqs`` from ``hand`` (keeping at least one card), each once."""
    return iter(find_layouts(reqs, hand))


def find_layouts(reqs: Sequence[Requirement], hand: Sequence[str]) -> tuple[Layout, ...]:
    """What :func:`enumerate_layouts` lists, as a tuple; ``()`` at once when the hand cannot lay out.

    Most hands cannot, and are answered by :func:`_no_part_fits` from card counts. A hand that can is searched once
    and remembered per (requirements, sorted hand): the answer depends only on the multiset of cards, and the app
    and bots' rollouts ask about the same hands again. The memo is bounded (:class:`~pygame_rules.core.memo.Memo`).
    """
    return layouts_of_plan(_plan(reqs), hand)


def plan_of(reqs: Sequence[Requirement]) -> _Plan:
    """The solver's plan of a level (what :func:`layouts_of_plan` takes), remembered per requirements tuple."""
    return _plan(reqs)


def layouts_of_plan(plan: _Plan, hand: Sequence[str]) -> tuple[Layout, ...]:
    """:func:`find_layouts` for the plan of its requirements (:func:`plan_of`): a caller that asks about the
    same levels all the time (a game's listing) keeps the plans instead of looking them up on every call."""
    budget = len(hand) - 1
    if plan.total > budget:
        return ()
    if plan.colours:
        pool = _Pool(hand)
        if _cannot(plan, pool):
            return ()
    elif plan.one_run:
        # one run alone: "cannot" from the numbers held (a bit mask) and the jokers, before any pool is made
        held = 0
        bit_at = _NUMBER_BIT
        for t in hand:
            held |= bit_at.get(t, 0)
        if _run_lack(plan.one_run, held) > hand.count(JOKER):
            return ()
        pool = _Pool(hand)
    else:
        # runs and sets alone: "cannot" from the number counts, before any pool is made (most hands stop here)
        ncount = [0] * (_NUMBERS + 1)
        number_at = _NUMBER_AT
        spare = _NUMBERS
        for t in hand:
            ncount[number_at.get(t, spare)] += 1
        ncount.pop()
        runs, sets, _ = plan.rest[0]
        if runs:
            if not _runs_fit(runs, sets, ncount, hand.count(JOKER)):
                return ()
        elif not _groups_fit_cached(sets, ncount, hand.count(JOKER)):
            return ()
        pool = _Pool(hand)
    key = (plan.key, tuple(sorted(hand)))
    found = _LAYOUTS_CACHE.get(key)
    if found is None:
        pool.groups()
        found = _LAYOUTS_CACHE.put(key, tuple(_search(plan, pool, budget)))
    return found


def can_lay_out(reqs: Sequence[Requirement], hand: Sequence[str]) -> bool:
    """Whether ``hand`` can lay out ``reqs`` at all, i.e. :func:`enumerate_layouts` lists at least one lay-out.

    Answered without listing, from card counts (:func:`_no_part_fits`).
    """
    plan = _plan(reqs)
    if plan.total > len(hand) - 1:
        return False
    return not _cannot(plan, _Pool(hand))


Rest = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]  # slot sizes: runs, sets, colour groups


class _Plan:
    """What the search needs to know about a level once: its slots in search order (run, set, colour; small to
    large within a kind), the card counts of every suffix of slots, and per suffix the sizes of each kind."""

    __slots__ = ("slots", "key", "kinds", "sizes", "suffix", "rest", "total", "colours", "one_run", "per_kind",
                 "_after")

    def __init__(self, reqs: Sequence[Requirement]) -> None:
        slots = tuple(sorted(reqs, key=lambda r: (KIND_INDEX[r.kind], r.size)))
        self.slots = slots
        self.key = tuple((r.kind, r.size) for r in reqs)  # the requirements as a quickly hashed value
        self.kinds = tuple(r.kind for r in slots)
        self.sizes = tuple(r.size for r in slots)
        self.suffix = tuple(sum(self.sizes[i:]) for i in range(len(slots) + 1))
        self.total = self.suffix[0]
        self.colours = "colour" in self.kinds  # whether deciding "cannot" needs the colour counts
        self.one_run = self.sizes[0] if self.kinds == ("run",) else 0  # a level of one run: its size
        # per suffix: (run sizes, set sizes largest first, colour sizes largest first)
        self.rest = tuple(
            (tuple(r.size for r in slots[i:] if r.kind == "run"),
             tuple(sorted((r.size for r in slots[i:] if r.kind == "set"), reverse=True)),
             tuple(sorted((r.size for r in slots[i:] if r.kind == "colour"), reverse=True)))
            for i in range(len(slots) + 1)
        )
        # per kind (in slot order): its smallest and largest slot, the other slots with that largest one left out
        # (what the kind's parts must leave jokers for), whether a slot before one of it takes cards, and whether
        # it fills several slots (what :func:`_search` builds its :class:`_Table` with)
        per_kind = []
        for kind in dict.fromkeys(self.kinds):
            ks = [r.size for r in slots if r.kind == kind]
            fewer = {"run": list(self.rest[0][0]), "set": list(self.rest[0][1]), "colour": list(self.rest[0][2])}
            fewer[kind].remove(max(ks))
            others: Rest = (tuple(fewer["run"]), tuple(fewer["set"]), tuple(fewer["colour"]))
            per_kind.append((kind, min(ks), max(ks), others, kind in self.kinds[1:], len(ks) > 1))
        self.per_kind = tuple(per_kind)
        self._after: dict[int, tuple[list[list[int]], list[list[Rest]]]] = {}

    def after(self, budget: int) -> tuple[list[list[int]], list[list[Rest]]]:
        """Per slot ``i`` and part length ``L`` (up to ``budget``): the least number of cards the later slots need,
        and their kinds' sizes, once slot ``i`` holds a part of ``L`` cards. Every later slot of the same kind then
        takes parts of at least ``L`` cards (they sort after it, and parts sort by length first). Remembered per
        budget (hands have few sizes)."""
        found = self._after.get(budget)
        if found is not None:
            return found
        kinds = self.kinds
        sizes = self.sizes
        need_after: list[list[int]] = []
        rest_after: list[list[Rest]] = []
        for i in range(len(kinds)):
            same_sizes = [sizes[j] for j in range(i + 1, len(kinds)) if kinds[j] == kinds[i]]
            other_cards = self.suffix[i + 1] - sum(same_sizes)
            need_after.append([other_cards + sum(max(x, n) for x in same_sizes) for n in range(budget + 2)])
            runs, sets, colours = self.rest[i + 1]
            raised: list[Rest] = []
            for n in range(budget + 2):
                if kinds[i] == "run":
                    raised.append((tuple(max(x, n) for x in runs), sets, colours))
                elif kinds[i] == "set":
                    raised.append((runs, tuple(max(x, n) for x in sets), colours))
                else:
                    raised.append((runs, sets, tuple(max(x, n) for x in colours)))
            rest_after.append(raised)
        self._after[budget] = (need_after, rest_after)
        return need_after, rest_after


_PLANS: Memo[int, tuple[tuple[Requirement, ...], _Plan]] = Memo("level8.plans", 256)
_PLANS_BY_VALUE: Memo[tuple[Requirement, ...], _Plan] = Memo("level8.plans_by_value", 256)


def _plan(reqs: Sequence[Requirement]) -> _Plan:
    """The plan of ``reqs``, remembered per requirements tuple (a sheet's levels are the same tuples all game);
    other sequences (a list may change) are looked up by value."""
    if type(reqs) is not tuple:
        key = tuple(reqs)
        plan = _PLANS_BY_VALUE.get(key)
        if plan is None:
            plan = _PLANS_BY_VALUE.put(key, _Plan(key))
        return plan
    found = _PLANS.get(id(reqs))
    if found is not None and found[0] is reqs:
        return found[1]
    plan = _Plan(reqs)
    _PLANS.put(id(reqs), (reqs, plan))  # the entry holds ``reqs``, so its id cannot be reused while it is here
    return plan


def _rest_fits(rest: Rest, ncount: list[int],
               ccount: list[int], jokers: int) -> bool:
    """A necessary condition for the slots of ``rest`` to be filled from cards with these number and colour counts
    and ``jokers`` jokers, exact when the slots are all of the number kinds (runs, sets) or all colour groups.

    Number kinds and colour groups draw on the same cards; with both, each side is tested on its own (necessary).
    """
    runs, sets, colours = rest
    if colours and not _groups_fit_cached(colours, ccount, jokers):
        return False
    if runs:
        return _runs_fit(runs, sets, ncount, jokers)
    return not sets or _groups_fit_cached(sets, ncount, jokers)


def _runs_fit(runs: tuple[int, ...], sets: tuple[int, ...], counts: list[int], jokers: int, first: int = 0) -> bool:
    """Whether runs of these minimum lengths, then sets, fit number counts ``counts`` with ``jokers`` jokers.

    Exact: a run takes a real card of each of its numbers when there is one (a joker is worth the same anywhere),
    so only where each run starts matters; runs of equal length are tried in non-decreasing starts (``first``).
    """
    size = runs[0]
    rest = runs[1:]
    for a in range(first, _NUMBERS - size + 1):
        window = counts[a:a + size]
        need = window.count(0)
        if need > jokers:
            continue
        if not rest and not sets:
            return True  # the last run fits: nothing else needs the counts it leaves
        after = counts[:]
        for x in range(a, a + size):
            if after[x]:
                after[x] -= 1
        if rest:
            if _runs_fit(rest, sets, after, jokers - need, a if rest[0] == size else 0):
                return True
        elif not sets or _groups_fit_cached(sets, after, jokers - need):
            return True
    return False


_RUN_LACK: Memo[tuple[int, int], int] = Memo("level8.run_lack", None)


def _run_lack(length: int, held: int) -> int:
    """The fewest numbers missing from any run window of ``length`` numbers, given the numbers held (bit ``n`` for
    number index ``n``): one run fits exactly when the jokers cover that. Remembered per (length, mask): at most
    4,096 masks per length."""
    key = (length, held)
    found = _RUN_LACK.get(key)
    if found is None:
        w = (1 << length) - 1
        lacks = [length - (w << a & held).bit_count() for a in range(_NUMBERS - length + 1)]
        found = _RUN_LACK.put(key, min(lacks) if lacks else 1 << 30)  # no window at all: never fits
    return found


_GROUPS_MEMO: Memo[tuple[tuple[int, ...], tuple[int, ...], int], bool] = Memo("level8.groups_fit", 65536)


def _groups_fit_cached(sizes: tuple[int, ...], counts: list[int], jokers: int) -> bool:
    """:func:`_groups_fit` for ``sizes`` (largest first), remembered per multiset of counts: one group part is a
    single comparison, several are looked up by their sorted counts (hands repeat those shapes all the time)."""
    if len(sizes) == 1:
        return max(counts) + jokers >= sizes[0]
    key = (sizes, tuple(sorted(counts)), jokers)
    found = _GROUPS_MEMO.get(key)
    if found is None:
        found = _GROUPS_MEMO.put(key, _groups_fit(sizes, counts, jokers))
    return found


def _no_part_fits(pool: _Pool, slots: Sequence[Requirement]) -> bool:
    """True when ``pool`` cannot fill ``slots`` (at their minimum sizes, the budget aside): then there is no lay-out.

    Exact. Levels of the number kinds only, or of colour groups only, are answered from the counts
    (:func:`_rest_fits`); one run or set with one colour group (every mixed level of the sheets) by
    :func:`_one_with_colour_fits`; any other mix passes the necessary test of :func:`_rest_fits`, then a search for
    one lay-out decides.
    """
    return _cannot(_plan(slots), pool)


def _cannot(plan: _Plan, pool: _Pool) -> bool:
    """:func:`_no_part_fits` for a plan at hand."""
    rest = plan.rest[0]
    runs, sets, colours = rest
    if colours and (runs or sets):
        if len(colours) == 1 and len(runs) + len(sets) == 1:
            return not _one_with_colour_fits(pool, runs, sets, colours[0])
        if not _rest_fits(rest, pool.ncount, pool.ccount, pool.jokers):
            return True
        pool.groups()
        budget = sum(pool.ncount) + pool.jokers  # the hand's budget does not matter here: only the cards
        return not _search(plan, pool, budget, limit=1)
    return not _rest_fits(rest, pool.ncount, pool.ccount, pool.jokers)


def _one_with_colour_fits(pool: _Pool, runs: tuple[int, ...], sets: tuple[int, ...], size: int) -> bool:
    """Whether one run (``runs``) or one set (``sets``) and one colour group of ``size`` fit the pool at once.

    They compete only for the cards of the group's colour. For a colour ``c`` and a place for the other part, a
    card of ``c`` is fought over only at a number where that part has no card of another colour; giving it to the
    run or set never costs more than giving it to the group (the group takes it only while short, and then a joker
    replaces it either way). So the jokers needed are exact from counts:

    - a run over window ``w``: the numbers of ``w`` with no card at all, plus what the group lacks once it has
      lost the cards of ``c`` that are the only card of their number in ``w``;
    - a set of number ``x``: what the set lacks, plus what the group lacks, plus one when ``x``'s card of colour
      ``c`` is needed by both (the set has at most ``size`` cards of ``x`` and the group at most ``size`` of ``c``).
    """
    jokers = pool.jokers
    ncount = pool.ncount
    ccount = pool.ccount
    low_lack = size - max(ccount)  # what the best colour lacks (at most: negative when it has more than enough)
    if low_lack > jokers:
        return False
    low_lack = max(0, low_lack)
    if runs:
        masks = pool.colour_masks()
        length = runs[0]
        held = sum(1 << n for n, k in enumerate(ncount) if k)
        single = sum(1 << n for n, k in enumerate(ncount) if k == 1)
        # only the colours whose group fits at all can take the group
        colours = [(size - cc, masks[c]) for c, cc in enumerate(ccount) if size - cc <= jokers]
        w = (1 << length) - 1
        for _ in range(_NUMBERS - length + 1):
            empty = length - (w & held).bit_count()
            if empty <= jokers:
                for lacking, mask in colours:
                    if empty + max(0, lacking + (w & single & mask).bit_count()) <= jokers:
                        return True
            w <<= 1
        return False
    # a set: decided by the best number and the best colour alone unless the jokers are exactly enough; then some
    # best number and best colour must not fight over a card
    need = sets[0]
    low_short = max(0, need - max(ncount))
    best = low_short + low_lack
    if best != jokers:
        return best < jokers
    masks = pool.colour_masks()
    for x, k in enumerate(ncount):
        if max(0, need - k) != low_short:
            continue
        for c, cc in enumerate(ccount):
            if max(0, size - cc) == low_lack and not (masks[c] >> x & 1 and k <= need and cc <= size):
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
    """The enumeration behind :func:`enumerate_layouts` (no cache): a quick exact refusal, then the search."""
    plan = _plan(reqs)
    budget = len(hand) - 1
    if plan.total > budget:
        return iter(())
    pool = _Pool(hand)
    if _no_part_fits(pool, plan.slots):
        return iter(())
    pool.groups()
    return iter(_search(plan, pool, budget))


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
            keys = [(n, p) for n, p in zip(self.lengths, parts, strict=True)]
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
        parts = self.parts
        reals = self.reals
        used = self.jokers
        lengths = self.lengths
        # the numbers without a card, then stops past the end: a run from ``a`` ends before the (jokers+1)-th
        empty = [x for x in range(_NUMBERS) if not by_number[x]]
        empty += range(_NUMBERS, _NUMBERS + jokers + 1)
        e = 0
        singles = [[(t,) for t in cards] for cards in by_number]
        joker_ones = _JOKER_ONES
        for a in range(_NUMBERS - lo + 1):
            while empty[e] < a:
                e += 1
            end = min(empty[e + jokers], a + hi, _NUMBERS)
            if end - a < lo:
                continue
            # (the part: kind, cards and joker tokens; real cards; jokers used) of every run from ``a`` to ``b``
            grown: list[_Grown] = [(("run",), (), 0)]
            for b in range(a, end):
                grown = _grow_runs(grown, singles[b], joker_ones[b], jokers)
                if not grown:
                    break
                length = b - a + 1
                if length < lo:
                    continue
                start = len(parts)
                parts += [toks for toks, _, _ in grown]
                reals += [real for _, real, _ in grown]
                count = len(grown)
                block = ((1 << count) - 1) << start
                by_size[length] |= block
                lengths += [length] * count
                if jokers:
                    bit = 1 << start
                    for _, _, js in grown:
                        used.append(js)
                        by_jokers[js] |= bit
                        bit <<= 1
                else:
                    used += [0] * count
                    by_jokers[0] |= block
        self.blocks = range(-1, -1 - len(parts), -1)  # ``-1 - index`` for every part, made in O(1)

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
            for k in range(0, top + 1):
                js = (jt,) * k
                for r in range(max(0, lo - k), min(n, hi - k) + 1):
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


def _equal_slots(table: _Table, slots: int, size: int, jokers: int, budget: int) -> list[Layout]:
    """Every lay-out of a level of ``slots`` parts of one kind, all of at least ``size`` cards, in the solver's
    order, from ``table`` (its parts only: no masks) instead of the slot-by-slot masks of :func:`_search`.

    A lay-out is chosen as parts in the table's order (a later part, or the same joker-only part again), pairwise
    disjoint, within the jokers and the budget. Each lay-out is then put in canonical order (parts by length,
    then cards) and the list sorted by its parts' places in the table, which is the order in which
    :func:`_search` finds them (each slot tried in the table's order, a slot of the kind after another taking
    parts that sort after the other's).
    With slots of several sizes the counts tests of :func:`_search` prune far better (this walk measured slower,
    up to 5x with jokers).
    """
    parts = table.parts
    used = table.jokers
    lengths = table.lengths
    bits: dict[str, int] = {}
    masks: list[int] = []
    for real in table.reals:
        m = 0
        for t in real:
            b = bits.get(t)
            if b is None:
                b = bits[t] = 1 << len(bits)
            m |= b
        masks.append(m)
    canon = list(zip(lengths, parts, strict=True))  # the order of parts inside a lay-out: by length, then cards
    total = len(parts)
    # per joker count ``j``: the parts using at most ``j`` jokers, and where each part index starts in that list
    usable = [[i for i in range(total) if used[i] <= j] for j in range(jokers + 1)]
    start_at = [[bisect.bisect_left(lst, i) for i in range(total + 1)] for lst in usable]
    found: list[tuple[tuple[int, ...], Layout]] = []
    chosen: list[int] = []
    key_of = canon.__getitem__

    def walk(first: int, need: int, jl: int, room: int, taken: int) -> None:
        """Choose ``need`` more parts from part ``first`` on, none using ``taken``."""
        if room < need * size:
            return
        candidates = usable[jl]
        for at in range(start_at[jl][first], len(candidates)):
            i = candidates[at]
            m = masks[i]
            length = lengths[i]
            if m & taken or length > room:
                continue
            chosen.append(i)
            if need == 1:
                order = sorted(chosen, key=key_of)
                found.append((tuple(order), tuple([parts[j] for j in order])))
            else:
                walk(i if not m else i + 1, need - 1, jl - used[i], room - length, taken | m)
            chosen.pop()

    walk(0, slots, jokers, budget, 0)
    found.sort()
    return [lay for _, lay in found]


def _search(plan: _Plan, pool: _Pool, budget: int, limit: int = 0) -> list[Layout]:
    """Every lay-out of ``plan``'s slots from ``pool`` using at most ``budget`` cards, in the solver's order (only the
    first ``limit`` when ``limit`` is set). ``pool.groups()`` must have been called.

    Slots are filled in order (run, set, colour; small to large within a kind), each from its kind's
    :class:`_Table` in the table's order, and a slot of the same kind as the one before takes only parts whose
    (length, cards) is at least that one's: so each multiset of parts comes once, already sorted as
    :func:`check_layout` sorts. Levels of one slot, and of equal sets (or colour groups) alone, take the shorter
    ways below; the others go slot by slot (:class:`_Search`).
    """
    kinds = plan.kinds
    sizes = plan.sizes
    last = len(kinds) - 1
    jokers = pool.jokers
    if last and kinds[0] == kinds[last] != "run" and sizes[0] == sizes[last] and jokers < 3:
        # sets alone (or colour groups alone) of one size: chosen from the table's parts, then sorted into the
        # solver's order (runs, and hands of 3 jokers or more, measured slower this way: their many lay-outs cost
        # more to sort than the slot-by-slot search spends listing them)
        size = sizes[0]
        hi = budget - size * last
        if hi < size:
            return []
        found = _equal_slots(_Table(kinds[0], pool, size, hi, jokers, False, False, masks=False), last + 1, size,
                             jokers, budget)
        return found[:limit] if limit else found
    if last == 0:
        # one slot: every part of the kind with ``size``..``budget`` cards and up to all the jokers is a lay-out,
        # in the table's order (no masks needed)
        parts_only = _Table(kinds[0], pool, sizes[0], budget, jokers, False, False, masks=False).parts
        return [(part,) for part in (parts_only[:limit] if limit else parts_only)]
    tables = _kind_tables(plan, pool, budget)
    if tables is None:
        return []
    search = _Search(plan, pool, budget, limit, tables)
    search.slot(0, jokers, 0, -1)
    return search.out


def _kind_tables(plan: _Plan, pool: _Pool, budget: int) -> dict[str, _Table] | None:
    """Per kind of the level, the :class:`_Table` of the parts its slots may take (``None``: no lay-out at all).

    A part of a kind may use only the jokers that the level's other slots can spare: they need at least what they
    would need with the whole hand (the largest of the kind's slots left out: the fewest needed).
    """
    tables: dict[str, _Table] = {}
    jokers = pool.jokers
    for kind, lo, top, others, after_another, several in plan.per_kind:
        hi = budget - plan.total + top
        if hi < lo:
            return None
        spare = jokers
        while spare >= 0 and not _rest_fits(others, pool.ncount, pool.ccount, jokers - spare):
            spare -= 1
        if spare < 0:
            return None
        table = _Table(kind, pool, lo, hi, spare, after_another, several)
        table.jokers_le += [table.jokers_le[-1]] * (jokers - spare)
        tables[kind] = table
    return tables


class _Search:
    """One slot-by-slot search of a level of two slots or more: the slots' tables, per kind the parts that share a
    card with the parts already chosen (``clash``), the remaining card counts, the lay-out being built (``acc``)
    and the lay-outs found (``out``).

    A slot's choices are a mask: the parts of the right size and joker count that sort late enough and use none of
    the cards taken. The last slot's mask, given the part of the slot before it, is the list of lay-outs completing
    the others (:meth:`last_two`). Before going deeper than the next slot, the remaining slots are tested against
    the remaining counts (:func:`_rest_fits`), so dead branches are cut early.
    """

    __slots__ = ("kinds", "sizes", "suffix", "rests", "last", "budget", "limit", "tables", "slot_tables", "later",
                 "clash", "clash_of", "ncount", "ccount", "acc", "out", "need_after", "rest_after")

    def __init__(self, plan: _Plan, pool: _Pool, budget: int, limit: int, tables: dict[str, _Table]) -> None:
        kinds = self.kinds = plan.kinds
        self.sizes = plan.sizes
        self.suffix = plan.suffix
        self.rests = plan.rest
        self.last = len(kinds) - 1
        self.budget = budget
        self.limit = limit
        self.tables = tables
        self.slot_tables = [tables[k] for k in kinds]
        self.later = [tuple(dict.fromkeys(kinds[i + 1:])) for i in range(len(kinds))]
        self.clash = dict.fromkeys(tables, 0)
        # per (kind, later kind): each part's clashes with the later kind's parts, worked out when first needed
        self.clash_of: dict[tuple[str, str], list[int]] = {
            (kinds[i], q): [-1] * len(self.slot_tables[i].parts) for i in range(self.last) for q in self.later[i]
        }
        self.ncount = pool.ncount[:]
        self.ccount = pool.ccount[:]
        self.acc: list[Part] = []
        self.out: list[Layout] = []
        self.need_after, self.rest_after = plan.after(budget) if self.last > 1 else ([], [])

    def clashes(self, kind: str, later_kind: str, idx: int) -> int:
        """The parts of ``later_kind`` that share a card with part ``idx`` of ``kind``."""
        cache = self.clash_of[(kind, later_kind)]
        m = cache[idx]
        if m < 0:
            uses = self.tables[later_kind].uses
            m = 0
            for t in self.tables[kind].reals[idx]:
                m |= uses.get(t, 0)
            cache[idx] = m
        return m

    def slot(self, i: int, jl: int, spent: int, prev: int) -> bool:
        """Fill slots ``i`` and after with ``jl`` jokers left and ``spent`` cards used, a slot of the kind of the
        one before taking parts from ``prev`` on; False once ``limit`` lay-outs are found (stop)."""
        table = self.slot_tables[i]
        hi = min(self.budget - spent - self.suffix[i + 1], table.hi)
        if hi < self.sizes[i]:
            return True
        valid = table.size_ge[self.sizes[i]] & table.size_le[hi] & table.jokers_le[jl] & ~self.clash[self.kinds[i]]
        if prev >= 0:
            valid &= table.from_[prev]
        if i + 1 == self.last:
            return self.last_two(i, valid, jl, spent)
        return self.deeper(i, valid, jl, spent)

    def last_two(self, i: int, valid: int, jl: int, spent: int) -> bool:
        """The last two slots: each part of slot ``i`` (in ``valid``) with the parts of the last slot completing it,
        as one mask (a last slot of the same kind takes only parts that sort at or after slot ``i``'s)."""
        table = self.slot_tables[i]
        kind = self.kinds[i]
        final = self.slot_tables[self.last]
        final_kind = self.kinds[self.last]
        same = final_kind == kind
        avail = final.size_ge[self.sizes[self.last]] & ~self.clash[final_kind]
        final_jokers = final.jokers_le
        need = self.sizes[self.last]
        # the last slot needs at least ``least`` jokers whatever this part is: parts leaving fewer are out
        least = 0
        while least <= jl and not avail & final_jokers[least]:
            least += 1
        if least > jl:
            return True
        valid &= table.jokers_le[jl - least]
        parts, used_jokers, lengths = table.parts, table.jokers, table.lengths
        final_le, final_hi, final_from, final_parts = final.size_le, final.hi, final.from_, final.parts
        cache = self.clash_of[(kind, final_kind)]
        out, limit, acc, room_of = self.out, self.limit, self.acc, self.budget - spent
        while valid:
            low = valid & -valid
            valid ^= low
            idx = low.bit_length() - 1
            room = room_of - lengths[idx]
            if room < need:
                continue
            last_valid = avail & final_jokers[jl - used_jokers[idx]]
            if same:
                last_valid &= final_from[idx]
            if not last_valid:
                continue
            hit = cache[idx]
            if hit < 0:
                hit = self.clashes(kind, final_kind, idx)
            last_valid &= final_le[room if room < final_hi else final_hi] & ~hit
            if last_valid:
                base = (*acc, parts[idx])
                while last_valid:
                    bit = last_valid & -last_valid
                    last_valid ^= bit
                    out.append((*base, final_parts[bit.bit_length() - 1]))
                    if len(out) == limit:
                        return False
        return True

    def deeper(self, i: int, valid: int, jl: int, spent: int) -> bool:
        """Slot ``i`` with two slots or more after it: each part of ``valid`` whose rest can still be filled (the
        counts test, once per block of parts that leave the same counts), then the next slot."""
        table = self.slot_tables[i]
        kind = self.kinds[i]
        same = self.kinds[i + 1] == kind
        rest = self.rests[i + 1]
        # the rest needs at least ``least`` jokers even with every card still here: parts leaving fewer are out
        least = 0
        while least <= jl and not _rest_fits(rest, self.ncount, self.ccount, least):
            least += 1
        if least > jl:
            return True
        valid &= table.jokers_le[jl - least]
        # the rest sees only the counts this part leaves: one test per block, unless the rest mixes in colour
        # groups after sets or runs (then which colours a part takes matters)
        per_part = bool(rest[2]) and kind != "colour"
        needs, raised, blocks = self.need_after[i], self.rest_after[i], table.blocks
        used_jokers, lengths, budget = table.jokers, table.lengths, self.budget
        last_block = -1 << 60  # no block yet
        last_ok = False
        while valid:
            low = valid & -valid
            valid ^= low
            idx = low.bit_length() - 1
            left = jl - used_jokers[idx]
            length = lengths[idx]
            if spent + length + needs[length] > budget:
                continue
            if same and not self.next_has_room(i, idx, spent + length, left):
                continue
            block = blocks[idx]
            if block != last_block or per_part:
                last_ok = self.rest_fits_without(table.reals[idx], raised[length], left)
                last_block = block
            if last_ok and not self.take(i, idx, left, spent + length, idx if same else -1):
                return False
        return True

    def next_has_room(self, i: int, idx: int, spent: int, left: int) -> bool:
        """Whether slot ``i + 1`` (of slot ``i``'s kind) has a part that sorts after part ``idx``, fits and is free
        (what :meth:`slot` would find first, without its counts test)."""
        table = self.slot_tables[i]
        kind = self.kinds[i]
        nhi = self.budget - spent - self.suffix[i + 2]
        return bool(table.from_[idx] & table.size_ge[self.sizes[i + 1]] & table.size_le[min(nhi, table.hi)]
                    & table.jokers_le[left] & ~(self.clash[kind] | self.clashes(kind, kind, idx)))

    def rest_fits_without(self, real: tuple[str, ...], rest: Rest, jokers: int) -> bool:
        """:func:`_rest_fits` for ``rest`` once the cards ``real`` are taken from the counts."""
        ncount, ccount, at = self.ncount, self.ccount, _CARD_AT
        for t in real:
            n, c = at[t]
            ncount[n] -= 1
            ccount[c] -= 1
        ok = _rest_fits(rest, ncount, ccount, jokers)
        for t in real:
            n, c = at[t]
            ncount[n] += 1
            ccount[c] += 1
        return ok

    def take(self, i: int, idx: int, left: int, spent: int, prev: int) -> bool:
        """Put part ``idx`` in slot ``i`` and fill the slots after it; False once ``limit`` lay-outs are found."""
        kind = self.kinds[i]
        clash = self.clash
        later = self.later[i]
        saved = [clash[k] for k in later]
        for k in later:
            clash[k] |= self.clashes(kind, k, idx)
        self.acc.append(self.slot_tables[i].parts[idx])
        going = self.slot(i + 1, left, spent, prev)
        self.acc.pop()
        for k, m in zip(later, saved, strict=True):
            clash[k] = m
        return going
