"""Level 8 lay-out search: every distinct canonical lay-out of a level that a hand allows, fast.

The listing's own path to the lay-outs (a plain generate-and-check over the hand would take seconds on some hands):
counts decide most hands cannot lay out at all (:mod:`.counts`), and the others are searched over tables of the parts
each kind allows (:mod:`.tables`), or group by group for levels of sets alone (:mod:`.sets`). It is a fast lister,
not a second rule: the shared reference test holds the moves it lists equal to every candidate lay-out that
:func:`~pygame_rules.games.level8.parts.check_layout` accepts, in every variant.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ...core.memo import Memo
from .counts import (
    _CARD_AT,
    _COLOUR_AT,
    _COLOUR_SLOTS,
    _COLOURS,
    _NUMBER_AT,
    _NUMBER_BIT,
    _NUMBERS,
    Rest,
    _groups_fit_cached,
    _one_with_colour_fits,
    _Plan,
    _plan,
    _Pool,
    _rest_fits,
    _run_lack,
    _runs_fit,
    tally,
)
from .data import JOKER, Layout, Part, Requirement
from .sets import group_layouts
from .tables import _Table

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


def layouts_of_plan(plan: _Plan, hand: Sequence[str], counts: list[int] | None = None) -> tuple[Layout, ...]:
    """:func:`find_layouts` for the plan of its requirements (:func:`plan_of`): a caller that asks about the
    same levels all the time (a game's listing) keeps the plans instead of looking them up on every call, and may
    pass the hand's :func:`~pygame_rules.games.level8.counts.hand_counts` that it keeps (then the hand is not
    counted here)."""
    budget = len(hand) - 1
    if plan.total > budget:
        return ()
    pool = None  # made only when needed: to decide "cannot" from colour counts, or to search
    if plan.colours:
        # "cannot" first from the colour counts alone when the largest colour group is out of reach (most hands)
        if counts is None:
            ccount = tally(hand, _COLOUR_AT, _COLOURS)
        else:
            ccount = counts[_COLOUR_SLOTS]
        if max(ccount) + hand.count(JOKER) < plan.rest[0][2][0]:
            return ()
        pool = _Pool(hand, ccount, counts)
        if _cannot(plan, pool):
            return ()
    elif plan.one_run:
        # one run alone: "cannot" from the numbers held (a bit mask) and the jokers, without a pool
        held = 0
        bit_at = _NUMBER_BIT
        for t in hand:
            held |= bit_at[t]
        if _run_lack(plan.one_run, held) > hand.count(JOKER):
            return ()
    else:
        # runs and sets alone: "cannot" from the number counts, without a pool (most hands stop here)
        if counts is None:
            ncount = tally(hand, _NUMBER_AT, _NUMBERS)
        else:
            ncount = counts[:_NUMBERS]
        runs, sets, _ = plan.rest[0]
        if runs:
            if not _runs_fit(runs, sets, ncount, hand.count(JOKER)):
                return ()
        elif not _groups_fit_cached(sets, ncount, hand.count(JOKER)):
            return ()
    key = (plan.key, tuple(sorted(hand)))
    found = _LAYOUTS_CACHE.get(key)
    if found is None:
        if pool is None:
            pool = _Pool(hand, None, counts)
        pool.groups(plan.colours)
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
        pool.groups(True)
        budget = sum(pool.ncount) + pool.jokers  # the hand's budget does not matter here: only the cards
        return not _search(plan, pool, budget, limit=1)
    return not _rest_fits(rest, pool.ncount, pool.ccount, pool.jokers)


def _enumerate_layouts(reqs: Sequence[Requirement], hand: Sequence[str]) -> Iterator[Layout]:
    """The enumeration behind :func:`enumerate_layouts` (no cache): a quick exact refusal, then the search."""
    plan = _plan(reqs)
    budget = len(hand) - 1
    if plan.total > budget:
        return iter(())
    pool = _Pool(hand)
    if _no_part_fits(pool, plan.slots):
        return iter(())
    pool.groups(plan.colours)
    return iter(_search(plan, pool, budget))




def _search(plan: _Plan, pool: _Pool, budget: int, limit: int = 0) -> list[Layout]:
    """Every lay-out of ``plan``'s slots from ``pool`` using at most ``budget`` cards, in the solver's order (only the
    first ``limit`` when ``limit`` is set). ``pool.groups`` must have been called.

    Slots are filled in order (run, set, colour; small to large within a kind), each from its kind's
    :class:`_Table` in the table's order, and a slot of the same kind as the one before takes only parts whose
    (length, cards) is at least that one's: so each multiset of parts comes once, already sorted as
    :func:`check_layout` sorts. Levels of sets alone (or colour groups alone) are listed group by group in that
    same order (:mod:`.sets`), levels of one slot straight from their table, and levels of a run and one other part
    by :func:`_two_runs` and :func:`_run_and_other`; the others go slot by slot
    (:class:`_Search`).
    """
    kinds = plan.kinds
    sizes = plan.sizes
    last = len(kinds) - 1
    jokers = pool.jokers
    if last and kinds[0] == kinds[last] != "run":
        # sets alone (or colour groups alone): group by group (:mod:`.sets`)
        found = group_layouts(kinds[0], sizes, pool, budget)
        return found[:limit] if limit else found
    if last == 0:
        # one slot: every part of the kind with ``size``..``budget`` cards and up to all the jokers is a lay-out,
        # in the table's order (no masks needed)
        parts_only = _Table(kinds[0], pool, sizes[0], budget, jokers, False, False, masks=False).parts
        return [(part,) for part in (parts_only[:limit] if limit else parts_only)]
    if last == 1 and kinds[0] == "run":
        found = (_two_runs if kinds[1] == "run" else _run_and_other)(plan, pool, budget)
        return found[:limit] if limit else found
    tables = _kind_tables(plan, pool, budget)
    if tables is None:
        return []
    search = _Search(plan, pool, budget, limit, tables)
    search.slot(0, jokers, 0, -1)
    return search.out


def _two_runs(plan: _Plan, pool: _Pool, budget: int) -> list[Layout]:
    """The lay-outs of a level of two runs, in :func:`_search`'s order, from one run table: each pair of runs
    that share no card and fit the jokers and the budget (a run with no real card may pair with itself), taken
    as (the run that sorts first, the other) and listed by the two runs' places in the table.

    That is the order in which :class:`_Search` finds them (the second slot takes runs that sort at or after the
    first's, both in table order), without sorting the whole table for it: only the pairs found are compared.
    """
    tables = _kind_tables(plan, pool, budget, ordered=False)
    if tables is None:
        return []
    table = tables["run"]
    parts, lengths, used, reals, uses = table.parts, table.lengths, table.jokers, table.reals, table.uses
    jokers_le, size_le, hi = table.jokers_le, table.size_le, table.hi
    second = plan.sizes[1]
    jokers = pool.jokers
    every = (1 << len(parts)) - 1
    # per run, the runs that follow it in a lay-out: filled in table order, so each list comes out sorted (a run's
    # pairs with earlier runs are found before its own turn, the others during it)
    seconds: list[list[int]] = [[] for _ in parts]
    for i, real in enumerate(reals):
        length = lengths[i]
        room = budget - length  # at least ``first``: the table's runs leave room for the shorter slot
        clash = 0
        for t in real:
            clash |= uses[t]
        # the runs from this one on (itself: only when it takes no card, else its cards clash)
        fits = (every ^ ((1 << i) - 1)) & ~clash & jokers_le[jokers - used[i]] & size_le[room if room < hi else hi]
        part = parts[i]
        mine = seconds[i]
        while fits:
            bit = fits & -fits
            fits ^= bit
            k = bit.bit_length() - 1
            other = lengths[k]
            if length < other or length == other and part <= parts[k]:
                if other >= second:
                    mine.append(k)
            elif length >= second:
                seconds[k].append(i)
    return [(part, parts[k]) for part, after in zip(parts, seconds, strict=True) for k in after]


def _run_and_other(plan: _Plan, pool: _Pool, budget: int) -> list[Layout]:
    """The lay-outs of a level of one run and one set or colour group, in :func:`_search`'s order: each run of the
    run table (in its order) with each part of the other table (in its order) that it leaves cards, jokers and
    room for.

    The runs are only walked in order, so their table is made without masks; the other part's choices for a run
    are one mask of the other table (the parts that fit the jokers and room left and share none of its cards),
    without the slot-by-slot search (:class:`_Search`).
    """
    tables = _kind_tables(plan, pool, budget, bare="run")
    if tables is None:
        return []
    runs, other = tables["run"], tables[plan.kinds[1]]
    parts, uses, jokers_le, size_le, hi = other.parts, other.uses, other.jokers_le, other.size_le, other.hi
    jokers = pool.jokers
    out: list[Layout] = []
    for run, real, length, js in zip(runs.parts, runs.reals, runs.lengths, runs.jokers, strict=True):
        room = budget - length  # at least the other slot's size: the run table's runs leave room for it
        clash = 0
        for t in real:
            clash |= uses.get(t, 0)
        fits = jokers_le[jokers - js] & size_le[room if room < hi else hi] & ~clash
        while fits:
            bit = fits & -fits
            fits ^= bit
            out.append((run, parts[bit.bit_length() - 1]))
    return out


def _kind_tables(plan: _Plan, pool: _Pool, budget: int, bare: str = "",
                 ordered: bool = True) -> dict[str, _Table] | None:
    """Per kind of the level, the :class:`_Table` of the parts its slots may take (``None``: no lay-out at all),
    with the masks that the searches walk, but for the kind ``bare`` (its parts are only walked in order);
    ``ordered``: with the "sorts at or after" masks of a kind that fills several slots.

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
        masks = kind != bare
        table = _Table(kind, pool, lo, hi, spare, after_another, several and ordered, masks)
        if masks:
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
