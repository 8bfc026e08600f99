"""Level 8 combinations: what one part is (:func:`normalise_part`), what a whole lay-out is (:func:`check_layout`)
and what a part on the table accepts (:func:`accepts`, with :func:`add_to_part` placing the card).

Canonical form (what "distinct" means): a lay-out is the multiset of parts it puts on the table, each part being its
kind plus its cards with every joker's meaning. Inside a part the cards are in a fixed order (runs by number, sets
by colour then jokers, colour groups by number then jokers); the parts are sorted by (kind run/set/colour, number of
cards, card tokens). Which requirement of the level a part "fills" is not recorded: two lay-outs that put the same
cards in the same combinations on the table are one option, whatever the labels. A joker's meaning is only what
matters for the table: a number in runs and sets, a colour in colour groups.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

from ...core.memo import Memo
from .data import (
    COLOUR_INDEX,
    DECK,
    JOKER,
    KIND_INDEX,
    KINDS,
    NUMBER_CARDS,
    SKIP,
    Layout,
    Part,
    PartError,
    Requirement,
    physical,
    sort_cards,
)


def _joker_meaning(token: str, kind: str) -> int | str:
    """The number or colour a declared joker stands for; :class:`PartError` when undeclared or the wrong sort."""
    rest = token[1:]
    if not rest:
        what = "a colour, e.g. JR" if kind == "colour" else "a number, e.g. J7"
        raise PartError(f"undeclared joker: a joker in a {kind} must say what it stands for ({what})", "joker_choice",
                        kind=kind, values=[])
    if kind == "colour":
        if rest not in COLOUR_INDEX:
            raise PartError(f"joker {token} in a colour group must state a colour ({', '.join(DECK.colours)})",
                            "joker_meaning", kind=kind)
        return rest
    if not rest.isdigit() or not DECK.low <= int(rest) <= DECK.high or rest != str(int(rest)):
        raise PartError(f"joker {token} in a {kind} must state a number from {DECK.low} to {DECK.high}",
                        "joker_meaning", kind=kind)
    return int(rest)


def joker_readings(kind: str, cards: Sequence[str]) -> list[tuple[str, ...]]:
    """Every way to declare the undeclared jokers (``"J"``) among ``cards`` so that they make a well-formed
    ``kind``: each reading is the declared tokens of those jokers, sorted (jokers are interchangeable, so one tuple
    per multiset of meanings), in ascending order. ``[]`` when no reading works; ``[()]`` when there is no
    undeclared joker. Sizes are not considered (a level decides them); other tokens that are not cards give ``[]``.

    >>> joker_readings("run", ["R4", "J", "B6"])
    [('J5',)]
    >>> joker_readings("run", ["R5", "R6", "J"])
    [('J4',), ('J7',)]
    >>> joker_readings("set", ["G9", "J", "J"])
    [('J9', 'J9')]
    """
    k = sum(1 for t in cards if t == JOKER)
    if not k:
        return [()]
    meanings: list[int | str] = []
    for tok in cards:
        if tok == JOKER:
            continue
        if not isinstance(tok, str) or not (tok in NUMBER_CARDS or tok.startswith(JOKER)):
            return []
        try:
            meanings.append(_joker_meaning(tok, kind) if tok[0] == JOKER else
                            NUMBER_CARDS[tok][0 if kind == "colour" else 1])
        except PartError:
            return []
    if kind == "colour":
        held = set(meanings)
        options = [str(c) for c in held] if held else list(DECK.colours)
        return [(f"{JOKER}{c}",) * k for c in options] if len(held) <= 1 else []
    numbers = [int(m) for m in meanings]
    if kind == "set":
        held_n = set(numbers)
        values = list(held_n) if held_n else list(range(DECK.low, DECK.high + 1))
        return [(f"{JOKER}{v}",) * k for v in values] if len(held_n) <= 1 else []
    length = len(numbers) + k
    if len(set(numbers)) < len(numbers):
        return []
    if not numbers:  # only jokers: every run of that length
        return [tuple(f"{JOKER}{s + i}" for i in range(length)) for s in range(DECK.low, DECK.high - length + 2)]
    low, high = min(numbers), max(numbers)
    spare = length - (high - low + 1)  # jokers left once the gaps inside are filled; they extend the ends
    if spare < 0:
        return []
    gaps = [n for n in range(low, high + 1) if n not in numbers]
    out = []
    for below in range(spare, -1, -1):
        start, end = low - below, high + spare - below
        if start >= DECK.low and end <= DECK.high:
            out.append(tuple(f"{JOKER}{n}" for n in sorted([*gaps, *range(start, low), *range(high + 1, end + 1)])))
    return out


def declare_jokers(kind: str, cards: Sequence[str]) -> list[str]:
    """``cards`` with every undeclared joker declared, when the part allows exactly one reading of them
    (:func:`joker_readings`): a run red 4, joker, blue 6 needs no declaration. :class:`PartError` ``joker_choice``
    (with ``values``, the meanings a joker may take) when there is a real choice, ``no_reading`` when no meaning
    makes the part well formed (or the other cards' own problem, when they have one)."""
    if not any(t == JOKER for t in cards):
        return list(cards)
    readings = joker_readings(kind, cards)
    if len(readings) == 1:
        tokens = iter(readings[0])
        return [next(tokens) if t == JOKER else t for t in cards]
    if not readings:
        others = [t for t in cards if t != JOKER]
        try:
            if others:
                normalise_part(kind, others)  # the other cards' own problem (two 5s in a run...), if they have one
        except PartError as exc:
            if exc.why not in ("run_gap", "run_wraps"):  # (gaps are what jokers fill: not the problem here)
                raise
        raise PartError(f"no meaning of the joker makes a {kind} of {' '.join(map(str, cards))}", "no_reading",
                        kind=kind)
    meant = {t[1:] for r in readings for t in r}
    values: list[int | str] = []
    if kind == "colour":
        colours: list[str] = sorted(meant, key=COLOUR_INDEX.__getitem__)
        values.extend(colours)
    else:
        values.extend(sorted(int(v) for v in meant))
    shown = " or ".join(map(str, values))
    raise PartError(f"undeclared joker: in the {kind} {' '.join(cards)} a joker may stand for {shown}; say which "
                    f"(e.g. {JOKER}{values[0]})", "joker_choice", kind=kind, values=values)


def normalise_part(kind: str, cards: Sequence[str]) -> Part:
    """The canonical form ``(kind, card, ...)`` of one combination, or :class:`PartError` saying why it is wrong.

    Sizes are not checked here (a level decides the minimum); an empty part is refused.
    """
    if kind not in KINDS:
        raise PartError(f"unknown kind {kind!r} (known: {', '.join(KINDS)})")
    if not cards:
        raise PartError(f"a {kind} needs cards")
    if any(t == JOKER for t in cards):  # undeclared jokers: declared here when the part allows one reading only
        cards = declare_jokers(kind, cards)
    real: list[tuple[str, int, str]] = []  # (colour, number, token)
    jokers: list[tuple[int | str, str]] = []
    for tok in cards:
        if not isinstance(tok, str):
            raise PartError(f"{tok!r} is not a card", "not_a_card")
        if tok in NUMBER_CARDS:
            c, n = NUMBER_CARDS[tok]
            real.append((c, n, tok))
        elif tok == SKIP:
            raise PartError("a skip card cannot be part of a combination", "skip_in_part")
        elif tok.startswith(JOKER):
            jokers.append((_joker_meaning(tok, kind), tok))
        else:
            raise PartError(f"{tok!r} is not a card", "not_a_card")
    if kind == "run":
        slots = sorted([(n, 0, COLOUR_INDEX[c], t) for c, n, t in real] + [(int(m), 1, 0, t) for m, t in jokers])
        numbers = [s[0] for s in slots]
        for a, b in zip(numbers, numbers[1:], strict=False):
            if b == a:
                raise PartError(f"a run cannot hold two {a}s ({' '.join(cards)})", "run_repeats", number=a)
            if b != a + 1:
                if numbers[0] == DECK.low and numbers[-1] == DECK.high:
                    raise PartError(f"a run does not wrap from {DECK.high} to {DECK.low} ({' '.join(cards)})",
                                    "run_wraps", high=DECK.high, low=DECK.low)
                raise PartError(f"a run needs consecutive numbers: {a} is followed by {b} ({' '.join(cards)})",
                                "run_gap", number=a, next=b)
        return (kind, *[s[3] for s in slots])
    if kind == "set":
        values = {n for _, n, _ in real} | {int(m) for m, _ in jokers}
        if len(values) > 1:
            shown = " and ".join(str(v) for v in sorted(values))
            raise PartError(f"mixed numbers in a set: {shown} ({' '.join(cards)})", "set_mixed",
                            numbers=sorted(values))
        ordered = [t for _, _, t in sorted((COLOUR_INDEX[c], n, t) for c, n, t in real)]
        return (kind, *ordered, *[t for _, t in jokers])
    colours = {c for c, _, _ in real} | {str(m) for m, _ in jokers}
    if len(colours) > 1:
        names = [DECK.colour_names[COLOUR_INDEX[v]] for v in sorted(colours, key=COLOUR_INDEX.__getitem__)]
        raise PartError(f"mixed colours in a colour group: {' and '.join(names)} ({' '.join(cards)})", "colour_mixed",
                        colours=names)
    ordered = [t for _, t in sorted((n, t) for _, n, t in real)]
    return (kind, *ordered, *[t for _, t in jokers])


def part_text(part: Sequence[str]) -> str:
    """A part in words, e.g. ``"run R5 G6 J7"``."""
    return f"{part[0]} {' '.join(part[1:])}"


def layout_key(part: Part) -> tuple[int, int, Part]:
    """Sort key of a part inside a canonical lay-out."""
    return (KIND_INDEX[part[0]], len(part), part)


def check_layout(reqs: Sequence[Requirement], hand: Sequence[str], parts: Any) -> Layout:
    """The canonical form of ``parts`` if they lay out ``reqs`` from ``hand``; :class:`PartError` otherwise.

    ``parts`` is a sequence of ``(kind, card, ...)``; order of parts and of cards inside a part is free. The hand
    must keep at least one card afterwards (the turn ends with a discard).
    """
    if not isinstance(parts, (list, tuple)) or not parts:
        raise PartError("a lay-out needs its parts")
    canon = []
    for i, p in enumerate(parts):
        if not isinstance(p, (list, tuple)) or len(p) < 2 or not isinstance(p[0], str):
            raise PartError(f"each part is [kind, card, ...], not {p!r}")
        try:
            canon.append(normalise_part(p[0], list(p[1:])))
        except PartError as exc:
            exc.params.setdefault("part", i)  # which part of the lay-out, as given
            raise
    have = Counter(hand)
    used = Counter(physical(t) for p in canon for t in p[1:])
    for card, n in sorted(used.items()):
        if have[card] < n:
            if card == JOKER:
                raise PartError(f"the lay-out uses {n} jokers but the hand holds {have[card]}", "too_many_jokers",
                                used=n, held=have[card])
            raise PartError(f"the hand does not hold {card}", "not_in_hand", card=card)
    for kind in KINDS:
        mins = sorted(r.size for r in reqs if r.kind == kind)
        got = sorted((p for p in canon if p[0] == kind), key=len)
        word = {"run": "run", "set": "set", "colour": "colour group"}[kind]
        if len(got) < len(mins):
            raise PartError(f"missing part: this level needs {len(mins)} {word}(s), the lay-out has {len(got)}",
                            "missing_part", kind=kind, need=len(mins), have=len(got))
        if len(got) > len(mins):
            raise PartError(f"extra part: this level needs {len(mins)} {word}(s), the lay-out has {len(got)}",
                            "extra_part", kind=kind, need=len(mins), have=len(got))
        for m, p in zip(mins, got, strict=True):
            if len(p) - 1 < m:
                raise PartError(f"the {word} {' '.join(p[1:])} has {len(p) - 1} card(s); it needs at least {m}",
                                "too_short", kind=kind, cards=list(p[1:]), size=m)
    if sum(used.values()) >= len(hand):
        raise PartError("the lay-out would empty the hand: keep at least one card to discard", "empties_hand")
    return tuple(sorted(canon, key=layout_key))


def accepts(part: Part) -> dict[str, tuple[str, ...]]:
    """What may be added to the canonical ``part``, the one rule of additions: hand card -> the tokens it is added as.

    A run grows at either end (a card of the number just below or above it, in any colour, or a joker meaning that
    number), a set takes its number (any card of it, or a joker meaning it), a colour group its colour (any card of
    it, or a joker meaning it). A number card is added as itself; a joker as each meaning, numbers ascending.
    Remembered per part (a bounded :class:`~pygame_rules.core.memo.Memo`).
    """
    found = _ACCEPTS.get(part)
    if found is None:
        kind = part[0]
        if kind == "run":
            numbers = [_token_number(t) for t in part[1:]]
            ends = [n for n in (min(numbers) - 1, max(numbers) + 1) if DECK.low <= n <= DECK.high]
            found = {t: (t,) for n in ends for t in _OF_NUMBER[n]}
            found[JOKER] = tuple(f"{JOKER}{n}" for n in ends)
        elif kind == "set":
            number = _token_number(part[1])
            found = {t: (t,) for t in _OF_NUMBER[number]}
            found[JOKER] = (f"{JOKER}{number}",)
        else:
            colour = _part_colour(part)
            found = {t: (t,) for t in _OF_COLOUR[colour]}
            found[JOKER] = (f"{JOKER}{colour}",)
        _ACCEPTS.put(part, found)
    return found


# the number cards of each number and of each colour
_OF_NUMBER = {n: tuple(t for t, (_, m) in NUMBER_CARDS.items() if m == n) for n in range(DECK.low, DECK.high + 1)}
_OF_COLOUR = {c: tuple(t for t, (d, _) in NUMBER_CARDS.items() if d == c) for c in DECK.colours}
_ACCEPTS: Memo[Part, dict[str, tuple[str, ...]]] = Memo("level8.accepts", 4096)
_ADDED: Memo[tuple[Part, str], Part] = Memo("level8.added", 4096)


def add_to_part(part: Part, token: str) -> Part:
    """The part after adding ``token`` (a number card, a declared joker or an undeclared joker whose meaning the
    part decides) when :func:`accepts` allows it, in canonical form; :class:`PartError` why not otherwise (the
    combination's own problem, e.g. a gap in a run)."""
    kind = part[0]
    found = _ADDED.get((part, token))
    if found is not None:
        return found
    try:
        declared = added_token(part, token)
        after = normalise_part(kind, [*part[1:], declared])  # (a refused addition: what is wrong with it)
        if declared not in accepts(part).get(physical(declared), ()):
            raise PartError(f"{declared} is not next to the {kind}", "malformed")
    except PartError as exc:
        raise PartError(f"cannot add {token} to the {kind} {' '.join(part[1:])}: {exc}", exc.why,
                        **exc.params) from exc
    return _ADDED.put((part, token), after)


def added_token(part: Part, token: str) -> str:
    """The token an addition puts on the table: ``token`` itself, or for an undeclared joker ``"J"`` the one
    meaning ``part`` leaves it (a joker added to a set of 7s is ``J7``); :class:`PartError` when it has a choice."""
    if token != JOKER:
        return token
    return declare_jokers(part[0], [*part[1:], JOKER])[-1]


def add_options(part: Part) -> list[str]:
    """Every joker meaning that fits ``part`` (J-tokens), from :func:`accepts`."""
    return list(accepts(part).get(JOKER, ()))


def _token_number(token: str) -> int:
    return NUMBER_CARDS[token][1] if token in NUMBER_CARDS else int(token[1:])


def _part_colour(part: Part) -> str:
    t = part[1]
    return NUMBER_CARDS[t][0] if t in NUMBER_CARDS else t[1:]


def candidate_parts(kind: str, cards: Sequence[str], jokers: int, least: int) -> Iterator[Part]:
    """Every canonical ``kind`` part of at least ``least`` cards from some of ``cards`` (distinct number cards) and
    up to ``jokers`` jokers, each joker under every meaning :func:`joker_readings` allows (a superset, for tests).

    Built card by card: a choice of cards that no added card can mend (two 5s in a run, mixed numbers in a set,
    mixed colours in a group) is dropped as soon as :func:`normalise_part` says so.
    """
    def grow(start: int, chosen: list[str]) -> Iterator[Part]:
        for k in range(jokers + 1):
            if len(chosen) + k >= max(least, 1):
                for reading in joker_readings(kind, [*chosen, *[JOKER] * k]):
                    try:
                        yield normalise_part(kind, [*chosen, *reading])
                    except PartError:
                        continue
        for i in range(start, len(cards)):
            more = [*chosen, cards[i]]
            try:
                normalise_part(kind, more)
            except PartError as exc:
                if exc.why not in ("run_gap", "run_wraps"):  # (gaps are what later cards and jokers fill)
                    continue
            yield from grow(i + 1, more)

    return grow(0, [])


def candidate_layouts(reqs: Sequence[Requirement], hand: Sequence[str]) -> set[Layout]:
    """Every canonical lay-out that gives each requirement a part of its kind and at least its size from ``hand``
    (the hand-keeps-a-card rule aside): the shape of a lay-out, for the reference lister (slow; for tests)."""
    out: set[Layout] = set()

    def fill(i: int, left: Counter[str], chosen: tuple[Part, ...]) -> None:
        if i == len(reqs):
            out.add(tuple(sorted(chosen, key=layout_key)))
            return
        cards = [t for t in left if t in NUMBER_CARDS and left[t]]
        for part in candidate_parts(reqs[i].kind, cards, left[JOKER], reqs[i].size):
            fill(i + 1, left - Counter(physical(t) for t in part[1:]), (*chosen, part))

    fill(0, Counter(hand), ())
    return out


# a joker named with each meaning it may have in a part: each number, each colour
JOKER_MEANINGS = (*(f"{JOKER}{n}" for n in range(DECK.low, DECK.high + 1)), *(f"{JOKER}{c}" for c in DECK.colours))


def sub_multisets(hand: Sequence[str], r: int) -> list[tuple[str, ...]]:
    """Distinct sorted sub-multisets of size ``r`` of ``hand`` (jokers and skips are interchangeable)."""
    return sorted({tuple(sort_cards(c)) for c in itertools.combinations(sort_cards(hand), r)})
