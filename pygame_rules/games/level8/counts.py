"""Level 8 lay-out search, what counts alone decide: the hand as counts (:class:`_Pool`), a level's plan of slots
(:class:`_Plan`) and the fit tests from counts that refuse most hands before any search (:mod:`.search` asks them).

Part of the fast lister of :mod:`.search`; the shared reference test holds the lister to the rule
(:func:`~pygame_rules.games.level8.parts.check_layout`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.memo import Memo
from .data import COLOUR_INDEX, DECK, JOKER, KIND_INDEX, NUMBER_CARDS, SKIP, Requirement

_NUMBERS = DECK.high - DECK.low + 1
_COLOURS = len(DECK.colours)
# per number card: (number index, colour index); number index = number - DECK.low
_CARD_AT: dict[str, tuple[int, int]] = {t: (n - DECK.low, COLOUR_INDEX[c]) for t, (c, n) in NUMBER_CARDS.items()}
# the order in which the pool lists cards: by number, then colour (the hand order of :func:`card_key`)
_CARD_ORDER: dict[str, int] = {t: n * _COLOURS + c for t, (n, c) in _CARD_AT.items()}
_SORT_KEY: dict[str, int] = {**_CARD_ORDER, JOKER: len(_CARD_ORDER), SKIP: len(_CARD_ORDER) + 1}  # (cards first)
# what :class:`_Pool` counts per token of a hand (a physical card): a number card's (number, colour) indices, a joker
# or a skip a spare slot past both
_OTHER = (_NUMBERS, _COLOURS)
_COUNT_AT: dict[str, tuple[int, int]] = {**_CARD_AT, JOKER: _OTHER, SKIP: _OTHER}
# the number index of each card (jokers and skips count in the spare slot past the numbers)
_NUMBER_AT: dict[str, int] = {t: n for t, (n, _) in _COUNT_AT.items()}
# the colour index of each card (jokers and skips count in the spare slot past the colours)
_COLOUR_AT: dict[str, int] = {t: c for t, (_, c) in _COUNT_AT.items()}
# the bit of each number card's number index (what a one-run level's "cannot" answer reads; none for the others)
_NUMBER_BIT: dict[str, int] = {t: 1 << n if n < _NUMBERS else 0 for t, (n, _) in _COUNT_AT.items()}
# where :func:`hand_counts` counts each token: its number's slot (jokers and skips: the spare past the numbers), and
# past that spare its colour's slot (jokers and skips: the spare past the colours)
COUNT_SLOTS: dict[str, tuple[int, int]] = {t: (n, _NUMBERS + 1 + c) for t, (n, c) in _COUNT_AT.items()}
_COLOUR_SLOTS = slice(_NUMBERS + 1, _NUMBERS + 1 + _COLOURS)  # the colour counts in a list of hand_counts
_JOKER_AS_NUMBER = tuple(f"{JOKER}{n}" for n in range(DECK.low, DECK.high + 1))
_JOKER_AS_COLOUR = tuple(f"{JOKER}{c}" for c in DECK.colours)
_JOKER_ONES = tuple((t,) for t in _JOKER_AS_NUMBER)  # each number's joker token as a 1-tuple (run growth)


class _Pool:
    """The hand as the search sees it: the count of each number and each colour, the numbers held in each colour
    (bit masks), the joker count; the cards by number (in colour order) and by colour (in number order) are made
    only when a search needs them (:meth:`groups`). Other tokens (skips) are ignored."""

    __slots__ = ("hand", "ncount", "ccount", "jokers", "by_number", "by_colour")

    def __init__(self, hand: Sequence[str], ccount: list[int] | None = None, counts: list[int] | None = None) -> None:
        """``ccount``: the hand's colour counts when the caller has them already (then only numbers are counted);
        ``counts``: the hand's :func:`hand_counts` (then nothing is counted)."""
        if counts is not None:
            self.hand = hand
            self.ncount = counts[:_NUMBERS]
            self.ccount = counts[_COLOUR_SLOTS]
            self.jokers = hand.count(JOKER)
            self.by_number: list[list[str]] = []
            self.by_colour: list[list[str]] = []
            return
        # jokers, skips and any other token count in a spare last slot of each list, dropped at the end (one loop)
        if ccount is None:
            ncount = [0] * (_NUMBERS + 1)
            ccount = [0] * (_COLOURS + 1)
            at = _COUNT_AT
            for t in hand:
                n, c = at[t]  # (a subscript, not a call: this loop runs for most hands asked about)
                ncount[n] += 1
                ccount[c] += 1
            ccount.pop()
            ncount.pop()
        else:
            ncount = tally(hand, _NUMBER_AT, _NUMBERS)
        self.hand = hand
        self.ncount = ncount
        self.ccount = ccount
        self.jokers = hand.count(JOKER)
        self.by_number = []
        self.by_colour = []

    def groups(self, colours: bool) -> None:
        """Fill :attr:`by_number`, and :attr:`by_colour` when ``colours`` (a level with colour groups), once."""
        if self.by_number:
            return
        by_number: list[list[str]] = [[] for _ in range(_NUMBERS)]
        hand = self.hand
        # the number cards in the pool's order: jokers and skips sort after them and are cut off
        cards = sorted(hand, key=_SORT_KEY.__getitem__)[:len(hand) - self.jokers - hand.count(SKIP)]
        if colours:
            by_colour: list[list[str]] = [[] for _ in range(_COLOURS)]
            at = _CARD_AT
            for t in cards:
                n, c = at[t]
                by_number[n].append(t)
                by_colour[c].append(t)
            self.by_colour = by_colour
        else:
            number_at = _NUMBER_AT
            for t in cards:
                by_number[number_at[t]].append(t)
        self.by_number = by_number

    def colour_masks(self) -> list[int]:
        """Per colour, the numbers held in it as a bit mask (bit ``n`` for number index ``n``)."""
        masks = [0] * (_COLOURS + 1)  # (jokers and skips in a spare last slot, dropped: no filtering of the hand)
        at = _COUNT_AT
        for t in self.hand:
            n, c = at[t]
            masks[c] |= 1 << n
        masks.pop()
        return masks




def hand_counts(hand: Sequence[str]) -> list[int]:
    """The counts of a hand in one list (see :data:`COUNT_SLOTS`): per number, a spare (jokers and skips), per
    colour, a spare. A game's table keeps this per seat, moving a card's two counts as the card comes and goes, so
    that a listing need not count the hand (:func:`~pygame_rules.games.level8.search.layouts_of_plan`)."""
    counts = [0] * (_NUMBERS + _COLOURS + 2)
    at = COUNT_SLOTS
    for t in hand:
        n, c = at[t]
        counts[n] += 1
        counts[c] += 1
    return counts


def tally(hand: Sequence[str], slot_of: dict[str, int], size: int) -> list[int]:
    """How many of ``hand``'s tokens :data:`slot_of` puts in each slot ``0..size-1`` (``_NUMBER_AT``: per number,
    ``_COLOUR_AT``: per colour); jokers and skips go to the spare slot ``size``, which is dropped (one loop, no
    filtering of the hand first)."""
    counts = [0] * (size + 1)
    for t in hand:
        counts[slot_of[t]] += 1
    counts.pop()
    return counts


def count_card(counts: list[int] | None, card: str, step: int) -> None:
    """Move ``card``'s two counts in a hand's kept :func:`hand_counts` by ``step`` (+1: the card came into the hand,
    -1: it left); nothing when the counts are not kept (``None``)."""
    if counts is not None:
        n, c = COUNT_SLOTS[card]
        counts[n] += step
        counts[c] += step


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


def _groups_fit_cached(sizes: tuple[int, ...], counts: Sequence[int], jokers: int) -> bool:
    """:func:`_groups_fit` for ``sizes`` (largest first), remembered per multiset of counts: one group part is a
    single comparison, several are looked up by their sorted counts (hands repeat those shapes all the time)."""
    if len(sizes) == 1:
        return max(counts) + jokers >= sizes[0]
    key = (sizes, tuple(sorted(counts)), jokers)
    found = _GROUPS_MEMO.get(key)
    if found is None:
        found = _GROUPS_MEMO.put(key, _groups_fit(sizes, list(counts), jokers))
    return found


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
