"""Top Spot's fast lister: the legal stacks of a hand in display order, read from tables of the rules' own search.

Whether a stack of one colour is legal depends only on the card numbers (every colour has the same twelve
layouts), and :func:`~pygame_rules.games.topspot.stacks_of` lists a sorted hand's stacks in lexicographic
order of their numbers (each stack before its extensions). So the stacks of any set of numbers are the stacks of
all twelve, in the same order, kept when all their numbers are in the set: the full list (a few hundred stacks) is
searched once at import, and a colour group of a hand is a 12-bit mask of numbers whose stacks are picked from it.
The joker stacks work the same way over the whole deck (searched when first needed). Nothing here decides what is
legal: every table is computed from the search, and the shared test suite holds this lister equal to the reference
lister ("every candidate the checker accepts") in every variant. Any other hand order is searched instead.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable

from ...core.memo import Memo
from .deck import DECK, JOKER
from .stacks import _VALUES, COLOUR_CARDS, Play, declarations, play_of, stack_value, stacks_of, stacks_topped_by

NUMBERS: tuple[int, ...] = tuple(DECK.layouts)  # in increasing order (parse_deck sorts them)
_BITS = len(NUMBERS)
#: A hand as one integer: each coloured card one bit (12 bits per deck colour, in deck colour order, each in number
#: order), each joker one unit of the bit above them all (the sum of the cards' bits, so a card that leaves the hand
#: is taken away by subtracting its bit). A hand in display order has strictly increasing bits (jokers last), and a
#: colour group is the hand's bits inside that colour's field.
CARD_BIT: dict[str, int] = {card: 1 << (ci * _BITS + i)
                            for ci, col in enumerate(DECK.colours) for i, card in enumerate(COLOUR_CARDS[col])}
JOKER_BIT = CARD_BIT[JOKER] = 1 << (len(DECK.colours) * _BITS)
_COLOURED = JOKER_BIT - 1  # the bits of every coloured card
FIELD: dict[str, int] = {col: ((1 << _BITS) - 1) << (ci * _BITS) for ci, col in enumerate(DECK.colours)}


def _shape_table() -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]:
    """Every legal one-colour stack as number positions (0..11) in search order, with its number mask and value."""
    names = list(COLOUR_CARDS[DECK.colours[0]])
    stacks = stacks_of(names)
    shapes = tuple(tuple(names.index(c) for c in stack) for stack in stacks)
    return shapes, tuple(sum(1 << i for i in shape) for shape in shapes), tuple(map(stack_value, stacks))


SHAPES, _SHAPE_MASKS, _SHAPE_VALUES = _shape_table()
#: per shape, what picks its stack out of a colour's twelve cards (a one-card shape as a slice: a tuple too)
_PICKS: tuple[Callable[[tuple[str, ...]], tuple[str, ...]], ...] = tuple(
    operator.itemgetter(*shape) if len(shape) > 1 else operator.itemgetter(slice(shape[0], shape[0] + 1))
    for shape in SHAPES)
def _held_halves() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The shapes of a set of numbers as integers, one byte per shape: shape ``i`` is the ``i``-th byte from the
    top, ``i + 1`` when the shape is kept and 0 when not. Per half of the numbers (the low six, then the rest) and
    per choice of which of them are held, the integer keeps the shapes that use no other number of that half; a
    mask's shapes are the bytes left in the AND of its two halves' integers (:func:`_shape_ids`)."""
    size = len(SHAPES)
    if size > 255:
        raise ValueError(f"the deck makes {size} stacks of one colour: a byte holds the ids of at most 255")
    halves = []
    for shift, width in ((0, _HALF), (_HALF, _BITS - _HALF)):
        kept = [0] * (1 << width)  # first: the shapes whose numbers in this half are exactly the index
        for i, mask in enumerate(_SHAPE_MASKS):
            kept[mask >> shift & (1 << width) - 1] += (i + 1) << 8 * (size - 1 - i)
        for bit in range(width):  # then each index gathers the shapes of its subsets
            for held in range(1 << width):
                if held >> bit & 1:
                    kept[held] += kept[held ^ 1 << bit]
        halves.append(tuple(kept))
    return halves[0], halves[1]


_HALF = _BITS // 2
_LOW_HALF = (1 << _HALF) - 1
_LOW, _HIGH = _held_halves()
_SIZE = len(SHAPES)
#: colour index -> its Play of every shape, in search order, after a copy of the first (the ids of
#: :func:`_shape_ids` count from 1): all made at once the first time a group of the colour is listed, straight from
#: the class (almost every shape's play is listed in a few games, and going through play_of's memo one by one cost
#: more than the plays themselves)
_COLOUR_PLAYS: Memo[int, tuple[Play, ...]] = Memo("topspot.colour_plays", None)
#: a colour group's bits -> its plays: unbounded, as the keys are a small fixed domain (4,095 groups per colour)
_GROUP_PLAYS: Memo[int, tuple[Play, ...]] = Memo("topspot.group_plays", None)
_JOKER_TABLE: Memo[None, tuple[tuple[tuple[tuple[int, int], ...], ...], tuple[tuple[str, ...], ...]]] = Memo(
    "topspot.joker_table", None)
_JOKER_PLAYS: Memo[tuple[int, tuple[str | None, ...]], tuple[Play, ...]] = Memo("topspot.joker_plays", 4096)


def _shape_ids(mask: int) -> bytes:
    """The ids of the shapes whose numbers are all in ``mask``, each plus one, in search order (as bytes): the
    bytes of :data:`_LOW` and :data:`_HIGH` kept for both halves of ``mask``, the zero bytes dropped."""
    return (_LOW[mask & _LOW_HALF] & _HIGH[mask >> _HALF]).to_bytes(_SIZE, "big").translate(None, b"\0")


def _group_plays(group: int) -> tuple[Play, ...]:
    """The stacks of one colour group of a hand in display order (``group``: its bits, not 0) as Play objects in
    search order; remembered."""
    found = _GROUP_PLAYS.get(group)
    if found is not None:
        return found
    ci = (group.bit_length() - 1) // _BITS
    made = _COLOUR_PLAYS.get(ci)
    if made is None:  # (every shape's play of the colour made at once, straight from the class: see _COLOUR_PLAYS)
        cards = COLOUR_CARDS[DECK.colours[ci]]
        stacks = tuple(map(operator.call, _PICKS, itertools.repeat(cards)))
        _VALUES.put_many(zip(stacks, _SHAPE_VALUES, strict=True))  # (the values the plays will ask for)
        made = tuple(map(Play, stacks))
        made = _COLOUR_PLAYS.put(ci, (made[0], *made))
    ids = _shape_ids(group >> (ci * _BITS))
    return _GROUP_PLAYS.put(group, operator.itemgetter(*ids)(made) if len(ids) > 1 else (made[ids[0]],))


def _joker_table() -> tuple[tuple[tuple[tuple[int, int], ...], ...], tuple[tuple[str, ...], ...]]:
    """The stacks under a joker of all the deck's coloured cards (id 0: the joker alone), and per first card under
    the joker the (id, cards' bits) of its stacks; searched when first needed."""
    found = _JOKER_TABLE.get(None)
    if found is None:
        deck = [card for colour in DECK.colours for card in COLOUR_CARDS[colour]]
        stacks = tuple(stacks_topped_by(JOKER, deck))
        groups: list[list[tuple[int, int]]] = [[] for _ in deck]
        for i, stack in enumerate(stacks[1:], start=1):
            groups[CARD_BIT[stack[1]].bit_length() - 1].append((i, sum(CARD_BIT[c] for c in stack[1:])))
        found = _JOKER_TABLE.put(None, (tuple(map(tuple, groups)), stacks))
    return found


def _joker_plays(coloured: int, declare: tuple[str | None, ...]) -> tuple[Play, ...]:
    """The joker stacks over the coloured cards whose bits are ``coloured``, each once per colour of ``declare``."""
    key = (coloured, declare)
    found = _JOKER_PLAYS.get(key)
    if found is None:
        table, stacks = _joker_table()
        outside = ~coloured
        ids = [0]
        rest = coloured
        while rest:
            low = rest & -rest
            rest ^= low
            ids += [i for i, m in table[low.bit_length() - 1] if not m & outside]
        found = _JOKER_PLAYS.put(key, tuple([play_of(stacks[i], colour) for i in ids for colour in declare]))
    return found


def hand_bits(cards: list[str]) -> int | None:
    """The cards as one integer (see :data:`CARD_BIT`), or ``None`` when they are not in display order."""
    bits = 0
    card_bit = CARD_BIT
    for card in cards:
        bit = card_bit[card]
        if bits >= bit and bit != JOKER_BIT:  # (a second joker is counted above the first)
            return None
        bits += bit
    return bits


def hand_plays(bits: int, led: str | None, colours: list[str]) -> list[Play]:
    """:func:`~pygame_rules.games.topspot.searched_plays` of the hand in display order whose :func:`hand_bits` are
    ``bits``, from the tables (a hand-written save may hold a hand in any order: that one is searched instead, the
    tables assume number order)."""
    groups = _GROUP_PLAYS
    out: list[Play] = []
    for colour in colours if led is None else (led,):
        group = bits & FIELD[colour]
        if group:
            out += groups.get(group) or _group_plays(group)
    if bits >= JOKER_BIT:
        out += _joker_plays(bits & _COLOURED, declarations(JOKER, led, colours))
    return out


def group_stacks(cards: list[str]) -> list[tuple[tuple[str, ...], int]] | None:
    """The stacks with their values of cards of one colour in number order, from the tables (``None``: other
    cards, which are searched)."""
    bits = hand_bits(cards) if JOKER not in cards else None
    if not bits:
        return None if bits is None else []
    ci = (bits.bit_length() - 1) // _BITS
    mask = bits >> (ci * _BITS)
    if mask << (ci * _BITS) != bits:  # more than one colour
        return None
    return [(play.cards, _SHAPE_VALUES[i - 1]) for play, i in zip(_group_plays(bits), _shape_ids(mask), strict=True)]


def colour_stacks(cards: list[str]) -> list[tuple[tuple[str, ...], int]]:
    """Every legal stack (with its value) of the given cards of one colour, each card on top in turn: from the
    tables when they hold the group, else from the stack search."""
    found = group_stacks(cards)
    if found is not None:
        return found
    return [(stack, stack_value(stack)) for stack in stacks_of(cards)]
