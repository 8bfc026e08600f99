"""Top Spot (SmartGames, 2018): a trick game with cards of spots and holes, Junior and Expert levels.

Each card is a 3x3 grid of cells (numbered 0..8 row by row) holding spots, holes or blanks. A play is one card
or a stack of cards laid exactly on top of each other, listed top to bottom; its value is the number of spots you
see looking down through the holes. The highest play that followed the led colour wins the round and one point.
The card layouts are data (``data/topspot_deck.json``), validated when this module is imported.

Seats are clockwise in increasing index. ``start`` (the attribute used by matches) is the dealer; the seat to
the dealer's left leads the first round. Rules text and every decision taken where the rulebook is open are in
``docs/games/topspot.md``.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import operator
from collections import Counter
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Annotated, Any, TypedDict

from ..core.actions import Action, action_kinds
from ..core.errors import BadOptions, BadScenario, IllegalAction
from ..core.game import Event, GameInfo, OptionSpec, Refusal, State, check_seat, winners_by_max
from ..core.match import MatchRules
from ..core.memo import Memo
from ..core.rng import GameRandom
from ..core.table import Count, Is, PerSeat, Seat, codec_for

JOKER = "joker"
CELLS = 9
ALL_CELLS = (1 << CELLS) - 1
DECK_FILE = Path(__file__).with_name("data") / "topspot_deck.json"
DECK_FORMAT = "pygame_rules.topspot.deck"


# ----- the deck (rules data) -------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Layout:
    """One card face: which cells are spots and which are holes (the rest are blank), as 9-bit masks."""

    spots: int
    holes: int

    @property
    def corners(self) -> tuple[int, int]:
        """The printed corner numbers: (spots, spots + holes)."""
        return self.spots.bit_count(), self.spots.bit_count() + self.holes.bit_count()

    def to_json(self) -> dict[str, Any]:
        """Cells as sorted lists plus the corner numbers, for views and docs."""
        return {"spots": _cells(self.spots), "holes": _cells(self.holes), "corners": list(self.corners)}


@dataclasses.dataclass(frozen=True)
class Deck:
    """The validated deck data: the colour names, the 12 layouts of every colour set, the joker layout."""

    colours: tuple[str, ...]
    layouts: Mapping[int, Layout]  # card number -> layout (same in every colour)
    joker: Layout


def _cells(mask: int) -> list[int]:
    return [c for c in range(CELLS) if mask >> c & 1]


def _mask(cells: Any, where: str) -> int:
    if not isinstance(cells, list):
        raise ValueError(f"{where} must be a list of cell numbers")
    mask = 0
    for cell in cells:
        if isinstance(cell, bool) or not isinstance(cell, int) or not 0 <= cell < CELLS:
            raise ValueError(f"{where} has cell {cell!r}: cells are whole numbers 0..8")
        if mask >> cell & 1:
            raise ValueError(f"{where} lists cell {cell} twice")
        mask |= 1 << cell
    return mask


def _layout(entry: Any, where: str) -> Layout:
    if not isinstance(entry, dict):
        raise ValueError(f"{where} must be an object with 'spots' and 'holes'")
    spots = _mask(entry.get("spots"), f"{where} spots")
    holes = _mask(entry.get("holes"), f"{where} holes")
    both = spots & holes
    if both:
        raise ValueError(f"{where}: cell(s) {_cells(both)} cannot be both a spot and a hole")
    return Layout(spots, holes)


def parse_deck(data: Any) -> Deck:
    """Validate deck data (the JSON file's content) and return a :class:`Deck`; ``ValueError`` says what is wrong.

    The rules the data must meet: at least 5 distinct colour names (one set per player, up to 5 players);
    exactly 12 cards numbered 1..12 with distinct layouts; cells 0..8, none both spot and hole; every card has a
    spot (a card must be able to show one); the joker has holes but no spots.
    """
    if not isinstance(data, dict) or data.get("format") != DECK_FORMAT:
        raise ValueError(f"deck data must be an object with format {DECK_FORMAT!r}")
    colours = data.get("colours")
    if (not isinstance(colours, list) or len(colours) < 5 or len(set(colours)) != len(colours)
            or not all(isinstance(c, str) and c and "-" not in c and c != JOKER for c in colours)):
        raise ValueError("deck 'colours' must list at least 5 distinct names (no '-', not 'joker')")
    cards = data.get("cards")
    if not isinstance(cards, list) or len(cards) != 12:
        raise ValueError("deck 'cards' must list exactly 12 cards")
    layouts: dict[int, Layout] = {}
    for i, entry in enumerate(cards):
        number = entry.get("number") if isinstance(entry, dict) else None
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 12 or number in layouts:
            raise ValueError(f"deck card #{i + 1} needs a distinct 'number' from 1 to 12, not {number!r}")
        layout = _layout(entry, f"card {number}")
        if not layout.spots:
            raise ValueError(f"card {number} has no spot")
        if layout in layouts.values():
            raise ValueError(f"card {number} has the same layout as another card: the 12 cards must be distinct")
        layouts[number] = layout
    joker = _layout(data.get("joker"), "joker")
    if joker.spots or not joker.holes:
        raise ValueError("the joker must have holes and no spots")
    return Deck(tuple(colours), dict(sorted(layouts.items())), joker)


def load_deck(path: Path = DECK_FILE) -> Deck:
    """Read and validate the deck file."""
    with open(path, encoding="utf-8") as handle:
        return parse_deck(json.load(handle))


DECK = load_deck()


def card_code(colour: str, number: int) -> str:
    """The name of a coloured card, e.g. ``"red-7"``."""
    return f"{colour}-{number}"


def _build_tables(deck: Deck) -> tuple[dict[str, int], dict[str, int], dict[str, str | None],
                                      dict[str, tuple[int, int]]]:
    spots: dict[str, int] = {JOKER: deck.joker.spots}
    holes: dict[str, int] = {JOKER: deck.joker.holes}
    colour: dict[str, str | None] = {JOKER: None}
    order: dict[str, tuple[int, int]] = {JOKER: (len(deck.colours), 0)}
    for ci, col in enumerate(deck.colours):
        for number, layout in deck.layouts.items():
            code = card_code(col, number)
            spots[code], holes[code], colour[code], order[code] = layout.spots, layout.holes, col, (ci, number)
    return spots, holes, colour, order


SPOTS, HOLES, COLOUR, SORT_KEY = _build_tables(DECK)
_LAYOUTS_JSON = json.dumps({"cards": {str(n): lay.to_json() for n, lay in DECK.layouts.items()},
                            "joker": DECK.joker.to_json()})
#: the same layouts as rows of tuples, from which each view builds its own fresh copy (quicker than json.loads)
_LAYOUT_ROWS: tuple[tuple[str, tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...] = tuple(
    (str(n), tuple(_cells(lay.spots)), tuple(_cells(lay.holes)), lay.corners) for n, lay in DECK.layouts.items())
_JOKER_ROW = (tuple(_cells(DECK.joker.spots)), tuple(_cells(DECK.joker.holes)), DECK.joker.corners)


def _layouts_view() -> dict[str, Any]:
    """The card layouts for a view, as ``json.loads(_LAYOUTS_JSON)`` gives them: a fresh copy every time."""
    spots, holes, corners = _JOKER_ROW
    return {"cards": {n: {"spots": list(s), "holes": list(h), "corners": list(c)} for n, s, h, c in _LAYOUT_ROWS},
            "joker": {"spots": list(spots), "holes": list(holes), "corners": list(corners)}}


#: a card's place in display order as one number (sorting by it is sorting by SORT_KEY, and quicker)
_RANK: dict[str, int] = {card: i for i, card in enumerate(sorted(SORT_KEY, key=SORT_KEY.__getitem__))}
#: each colour's twelve cards in number order
_COLOUR_CARDS: dict[str, tuple[str, ...]] = {col: tuple(card_code(col, n) for n in DECK.layouts)
                                             for col in DECK.colours}


def sort_cards(cards: list[str]) -> list[str]:
    """Cards in display order: by colour (deck order), then number; jokers last."""
    return sorted(cards, key=_RANK.__getitem__)


def stack_shows(cards: tuple[str, ...] | list[str]) -> list[int]:
    """For a stack listed top to bottom, the mask of each card's own spots that stay visible.

    >>> [len(_cells(m)) for m in stack_shows(["red-1", "red-7", "red-8"])]
    [1, 4, 4]
    """
    open_cells = ALL_CELLS
    shows = []
    for card in cards:
        shows.append(SPOTS[card] & open_cells)
        open_cells &= HOLES[card]
    return shows


def stack_value(cards: tuple[str, ...] | list[str]) -> int:
    """The value of a stack listed top to bottom: each cell counts the first spot seen through the holes.

    >>> stack_value(["red-1", "red-7", "red-8"])
    9
    >>> stack_value(["joker"]), stack_value(["joker", "red-7", "red-6"])
    (0, 6)
    """
    value, open_cells = 0, ALL_CELLS  # (stack_shows summed, in one pass)
    for card in cards:
        value += (SPOTS[card] & open_cells).bit_count()
        open_cells &= HOLES[card]
    return value


def stack_top_view(cards: tuple[str, ...] | list[str]) -> list[list[Any]]:
    """What each of the nine cells shows looking down on a stack listed top to bottom, for drawing it.

    Each cell is ``[depth, "spot"]`` or ``[depth, "blank"]`` for the first card (0 = top) whose cell is not a hole,
    or ``[None, "hole"]`` when the cell is a hole all the way down. The spots counted are exactly the value.

    >>> stack_top_view(["red-1", "red-7", "red-8"])[:3]
    [[1, 'spot'], [2, 'spot'], [1, 'spot']]
    """
    out: list[list[Any]] = []
    for cell in range(CELLS):
        bit = 1 << cell
        shown: list[Any] = [None, "hole"]
        for depth, card in enumerate(cards):
            if SPOTS[card] & bit:
                shown = [depth, "spot"]
                break
            if not HOLES[card] & bit:
                shown = [depth, "blank"]
                break
        out.append(shown)
    return out


def stack_needs(cards: tuple[str, ...] | list[str]) -> list[tuple[int, int]]:
    """For each card under the top of a stack (top to bottom), the stack's value without it and with it.

    A card is *needed* when taking it out (the others kept in order) leaves a strictly lower value; the rules
    allow a stack only when every card under the top is needed (issue 19). The top card is the play itself.

    >>> stack_needs(["red-1", "red-2", "red-7"])  # red 2 covers two of red 7's spots and shows one of its own
    [(5, 4), (2, 4)]
    """
    value = stack_value(cards)
    return [(stack_value([*cards[:i], *cards[i + 1:]]), value) for i in range(1, len(cards))]


def _stacks_under(open_cells: int, avail: list[str], prefix: tuple[str, ...], value: int,
                  blocked: tuple[int, ...], margins: tuple[int, ...],
                  out: list[tuple[tuple[str, ...], int]]) -> None:
    """Append every legal extension of ``prefix`` downward.

    For each card already under the top, ``margins`` holds how much value the stack would lose without it and
    ``blocked`` the cells where it is what you see while every card below it is a hole. A new bottom card's spots
    in a blocked cell would show if that card were taken out, so they lower its margin. Margins never grow as
    cards are added below, so a stack with a card that is not needed (margin 0 or less) is pruned with every
    extension of it; a new card that shows none of its own spots has margin 0 at once.
    """
    covered = 0  # every blocked cell: a new card with no spot there leaves all margins as they are
    for b in blocked:
        covered |= b
    for i, card in enumerate(avail):
        spots = SPOTS[card]
        shown = spots & open_cells
        if not shown:
            continue
        kept = margins
        if spots & covered:
            kept = tuple([m - (spots & b).bit_count() for m, b in zip(margins, blocked, strict=True)])
            if min(kept) <= 0:
                continue
        holes = HOLES[card]
        stack = prefix + (card,)
        v = value + shown.bit_count()
        out.append((stack, v))
        below = open_cells & holes
        if below:
            _stacks_under(below, avail[:i] + avail[i + 1:], stack, v,
                          tuple(b & holes for b in blocked) + (open_cells & ~holes,),
                          kept + (shown.bit_count(),), out)


_STACKS_CACHE_SIZE = 4096
_STACKS_CACHE: Memo[tuple[str, tuple[str, ...]], tuple[tuple[tuple[str, ...], int], ...]] = Memo(
    "topspot.stacks", _STACKS_CACHE_SIZE)


def _remembered(kind: str, cards: list[str],
                build: Callable[[list[str]], list[tuple[tuple[str, ...], int]]]) -> list[tuple[tuple[str, ...], int]]:
    """``build(cards)``, remembered per (kind, cards) in a bounded memo (:class:`~pygame_rules.core.memo.Memo`).

    The stacks of a set of cards never change and hands only shrink during a deal, so the legal list and the bots
    ask about the same card lists again and again. A fresh list is returned each time.
    """
    key = (kind, tuple(cards))
    found = _STACKS_CACHE.get(key)
    if found is None:
        found = _STACKS_CACHE.put(key, tuple(build(cards)))
    return list(found)


_PLAYS_CACHE: Memo[tuple[str, tuple[str, ...], tuple[str, ...] | None], tuple[Play, ...]] = Memo(
    "topspot.plays", _STACKS_CACHE_SIZE)
_SINGLES: Memo[str, Play] = Memo("topspot.singles", None)  # one per card
#: one action object per (stack, declared colour): the same stacks recur in many hands, and building a frozen
#: dataclass costs more than finding it
_PLAY_OBJECTS: Memo[tuple[tuple[str, ...], str | None], Play] = Memo("topspot.play_objects", 16 * _STACKS_CACHE_SIZE)


def _plays(kind: str, cards: list[str], declare: tuple[str, ...] | None) -> tuple[Play, ...]:
    """The plays of :func:`colour_stacks` or :func:`joker_stacks` (``kind``) of ``cards`` as actions, remembered.

    ``declare``: the colours a leading joker stack may declare, each stack once per colour in that order; ``None``
    for no declaration. Bounded like the stacks themselves.
    """
    key = (kind, tuple(cards), declare)
    found = _PLAYS_CACHE.get(key)
    if found is None:
        stacks = colour_stacks(cards) if kind == "colour" else joker_stacks(cards)
        objects = _PLAY_OBJECTS
        found = _PLAYS_CACHE.put(key, tuple([
            objects.get((stack, colour)) or objects.put((stack, colour), Play(stack, colour))
            for stack, _ in stacks for colour in ((None,) if declare is None else declare)]))
    return found


def _single(card: str) -> Play:
    """The one-card play of ``card`` (discarding it when the player cannot follow), one object per card."""
    found = _SINGLES.get(card)
    if found is None:
        found = _SINGLES.put(card, Play((card,), None))
    return found


def colour_stacks(cards: list[str]) -> list[tuple[tuple[str, ...], int]]:
    """Every legal stack (with its value) of the given cards of one colour, built top-down (remembered).

    Cards of one colour in number order are read from the shape tables (below); any other list is searched.
    """
    group = 0
    for card in cards:
        bit = _CARD_BIT.get(card, 0)
        if bit <= group:  # not a coloured card, or not in number order
            return _remembered("colour", cards, _colour_stacks)
        group |= bit
    if not group:
        return []
    if group >= _JOKER_BIT:  # a joker is no card of a colour: searched as it always was
        return _remembered("colour", cards, _colour_stacks)
    ci = (group.bit_length() - 1) // _MASK_BITS
    mask = group >> (ci * _MASK_BITS)
    if mask << (ci * _MASK_BITS) != group:  # more than one colour
        return _remembered("colour", cards, _colour_stacks)
    found = _GROUP_STACKS.get(group)
    if found is None:
        found = _GROUP_STACKS.put(group, tuple([(play.cards, _SHAPE_VALUES[i]) for play, i in zip(
            _group_plays(group), _shape_ids(mask), strict=True)]))
    return list(found)


def joker_stacks(cards: list[str]) -> list[tuple[tuple[str, ...], int]]:
    """Every legal stack (with its value) topped by a joker over any of the given coloured cards (remembered)."""
    return _remembered("joker", cards, _joker_stacks)


def _colour_stacks(cards: list[str]) -> list[tuple[tuple[str, ...], int]]:
    out: list[tuple[tuple[str, ...], int]] = []
    for i, top in enumerate(cards):
        v = SPOTS[top].bit_count()
        out.append(((top,), v))
        _stacks_under(HOLES[top], cards[:i] + cards[i + 1:], (top,), v, (), (), out)
    return out


def _joker_stacks(cards: list[str]) -> list[tuple[tuple[str, ...], int]]:
    out: list[tuple[tuple[str, ...], int]] = [((JOKER,), 0)]
    _stacks_under(HOLES[JOKER], cards, (JOKER,), 0, (), (), out)
    return out


# ----- stack shapes: the legal stacks of one colour as numbers, found once -----------------------------------------
# Whether a stack of one colour is legal depends only on the card numbers (every colour has the same 12 layouts),
# and the search lists a sorted hand's stacks in lexicographic order of their numbers (each prefix before its
# extensions). So the stacks of any set of numbers are the stacks of all twelve, in the same order, kept when all
# their numbers are in the set: the full list (a few hundred stacks) is searched once at import, and a hand's
# colour group is a 12-bit mask of numbers whose stacks are picked from it, remembered per mask.
_NUMBERS: tuple[int, ...] = tuple(DECK.layouts)  # in increasing order (parse_deck sorts them)
_MASK_BITS = len(_NUMBERS)
_NUMBERS_MASK = (1 << _MASK_BITS) - 1
#: A hand as one integer: each coloured card one bit (12 bits per deck colour, in deck colour order, each in number
#: order), the joker the bit above them all. A hand in display order has strictly increasing bits (a second joker
#: repeats the top one), and a colour group is the hand's bits inside that colour's field.
_CARD_BIT: dict[str, int] = {card_code(col, n): 1 << (ci * _MASK_BITS + i)
                             for ci, col in enumerate(DECK.colours) for i, n in enumerate(_NUMBERS)}
_JOKER_BIT = _CARD_BIT[JOKER] = 1 << (len(DECK.colours) * _MASK_BITS)
_COLOUR_FIELD: dict[str, int] = {col: _NUMBERS_MASK << (ci * _MASK_BITS) for ci, col in enumerate(DECK.colours)}


def _shape_table() -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]:
    """Every legal one-colour stack as a tuple of number positions (0..11), in search order, with its number mask
    and its value."""
    names = [card_code(DECK.colours[0], n) for n in _NUMBERS]
    position = {name: i for i, name in enumerate(names)}
    stacks = _colour_stacks(names)
    shapes = tuple(tuple(position[c] for c in stack) for stack, _ in stacks)
    return shapes, tuple(sum(1 << i for i in shape) for shape in shapes), tuple(v for _, v in stacks)


_SHAPES, _SHAPE_MASKS, _SHAPE_VALUES = _shape_table()
#: per top number position, its shapes (id, mask): they are consecutive in search order
_SHAPES_BY_TOP: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((i, m) for i, m in enumerate(_SHAPE_MASKS) if _SHAPES[i][0] == top) for top in range(len(_NUMBERS)))
#: per top number position, the numbers that lie under it in some stack: the only ones its stacks depend on
_UNDER: tuple[int, ...] = tuple(functools.reduce(operator.or_, (m for _, m in shapes), 0) & ~(1 << top)
                                for top, shapes in enumerate(_SHAPES_BY_TOP))
#: per top number position, (numbers held among its _UNDER) -> the ids of its stacks (at most 2 ** 11 in all)
_TOP_IDS: list[Memo[int, tuple[int, ...]]] = [Memo(f"topspot.top_ids.{i}", None) for i, _ in enumerate(_NUMBERS)]
_SHAPE_IDS: Memo[int, tuple[int, ...]] = Memo("topspot.shape_ids", None)  # number mask -> its shapes (<= 4,096)
#: a colour group's bits (see _CARD_BIT) -> its stacks as Play objects (bounded; a game asks about a few dozen
#: groups)
_GROUP_PLAYS_SIZE = 4 * 4096
_GROUP_PLAYS: Memo[int, tuple[Play, ...]] = Memo("topspot.group_plays", _GROUP_PLAYS_SIZE)
#: the same for colour_stacks
_GROUP_STACKS: Memo[int, tuple[tuple[tuple[str, ...], int], ...]] = Memo("topspot.group_stacks", _GROUP_PLAYS_SIZE)
#: per deck colour, one Play per shape (all made when the colour is first needed)
_SHAPE_PLAYS: list[list[Play]] = [[] for _ in DECK.colours]


def _shape_ids(mask: int) -> tuple[int, ...]:
    """The ids of the shapes whose numbers are all in ``mask``, in search order; remembered. Built top by top,
    each top's part remembered by the numbers that can lie under it (many masks share it)."""
    ids = _SHAPE_IDS.get(mask)
    if ids is None:
        picked: list[int] = []
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            top = low.bit_length() - 1
            key = mask & _UNDER[top]
            part = _TOP_IDS[top].get(key)
            if part is None:
                outside = ~(key | low)
                part = _TOP_IDS[top].put(key, tuple([i for i, m in _SHAPES_BY_TOP[top] if not m & outside]))
            picked += part
        ids = _SHAPE_IDS.put(mask, tuple(picked))
    return ids


def _group_plays(group: int) -> tuple[Play, ...]:
    """The stacks of one colour group of a hand in display order (``group``: its bits, not 0), as Play objects in
    the order :func:`colour_stacks` lists them; remembered."""
    found = _GROUP_PLAYS.get(group)
    if found is not None:
        return found
    ci = (group.bit_length() - 1) // _MASK_BITS
    made = _SHAPE_PLAYS[ci]
    if not made:
        cards = _COLOUR_CARDS[DECK.colours[ci]]
        made += [Play(tuple([cards[p] for p in shape]), None) for shape in _SHAPES]
    found = _GROUP_PLAYS.put(group, tuple([made[i] for i in _shape_ids(group >> (ci * _MASK_BITS))]))
    return found


# The joker stacks work the same way over the whole deck: the stacks under a joker of any set of coloured cards in
# display order are those of all the deck's coloured cards (found once, when first needed) whose cards are all in
# the set, in the same order. A hand's coloured cards are its bits (_CARD_BIT) without the joker's.
_JOKER_TABLE: list[tuple[tuple[int, int], ...]] = []  # per first card under the joker: (id, cards)
_JOKER_STACKS: list[tuple[str, ...]] = []  # the stacks by id; 0 is the joker alone
#: (the coloured cards' bits, the colours a leading stack declares or None) -> the Play objects (bounded)
_JOKER_PLAYS: Memo[tuple[int, tuple[str, ...] | None], tuple[Play, ...]] = Memo(
    "topspot.joker_plays", _STACKS_CACHE_SIZE)


def _joker_plays(coloured: int, declare: tuple[str, ...] | None) -> tuple[Play, ...]:
    """The plays of :func:`joker_stacks` of the coloured cards whose bits are ``coloured`` (a hand in display
    order), each stack once per colour of ``declare`` in that order, or once undeclared when ``declare`` is None."""
    key = (coloured, declare)
    found = _JOKER_PLAYS.get(key)
    if found is not None:
        return found
    if not _JOKER_STACKS:
        deck = [card for colour in DECK.colours for card in _COLOUR_CARDS[colour]]
        groups: list[list[tuple[int, int]]] = [[] for _ in deck]
        for i, (stack, _) in enumerate(_joker_stacks(deck)):
            _JOKER_STACKS.append(stack)
            if i:
                mask = 0
                for card in stack[1:]:
                    mask |= _CARD_BIT[card]
                groups[_CARD_BIT[stack[1]].bit_length() - 1].append((i, mask))
        _JOKER_TABLE.extend(tuple(g) for g in groups)
    outside = ~coloured
    ids = [0]
    rest = coloured
    while rest:
        low = rest & -rest
        rest ^= low
        ids += [i for i, m in _JOKER_TABLE[low.bit_length() - 1] if not m & outside]
    objects = _PLAY_OBJECTS
    colours = (None,) if declare is None else declare
    plays = []
    for i in ids:
        stack = _JOKER_STACKS[i]
        for colour in colours:
            play = objects.get((stack, colour))
            if play is None:
                play = objects.put((stack, colour), Play(stack, colour))
            plays.append(play)
    found = _JOKER_PLAYS.put(key, tuple(plays))
    return found


#: stack -> (value, top view as tuples): the playable stacks of a view, remembered (bounded)
_DRAWINGS: Memo[tuple[str, ...], tuple[int, tuple[tuple[int | None, str], ...]]] = Memo("topspot.drawings", 8192)


def _drawing(cards: tuple[str, ...]) -> tuple[int, tuple[tuple[int | None, str], ...]]:
    """A stack's value and :func:`stack_top_view` as tuples, remembered: a view lists every playable stack with
    both, and the same stacks come back view after view."""
    found = _DRAWINGS.put(cards, (stack_value(cards), tuple((d, k) for d, k in stack_top_view(cards))))
    return found


def _drawn(play: Mapping[str, Any]) -> dict[str, Any]:
    """A play for the view: a copy with its ``top_view`` (what the stack shows from above)."""
    cards = play["cards"]
    key = tuple(cards)
    found = _DRAWINGS.get(key)
    if found is None:
        found = _drawing(key)
    return dict(play, cards=list(cards), top_view=list(map(list, found[1])))


# ----- actions -----------------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Play(Action):
    """Play one card or a stack, listed top to bottom. ``colour`` is declared only by a joker stack that leads."""

    kind = "play"
    cards: tuple[str, ...]
    colour: str | None = None

    def __str__(self) -> str:
        said = f" as {self.colour}" if self.colour else ""
        return " over ".join(self.cards) + said if self.cards else "an empty play"


def play_colour(play: Play, led: str | None) -> str:
    """The colour a play counts as: its top card's; a joker on top takes the led colour, or when it leads the
    colour it declares. A play follows when this is the led colour."""
    top = play.cards[0]
    colour = COLOUR[top] if top != JOKER else play.colour if led is None else led
    assert colour is not None  # a leading joker stack declares one (checked), every other card has one
    return colour


# ----- options and match -------------------------------------------------------------------------------------------
def _games_default(players: int) -> int:
    return players


INFO = GameInfo(
    name="topspot",
    title="Top Spot",
    min_players=3,
    max_players=5,
    options=(
        OptionSpec("level", "str", "junior", "Junior (12 cards, no jokers, first of a tie wins) or Expert "
                   "(one joker per player, 13 cards, tiebreaker rounds)", choices=("junior", "expert")),
        OptionSpec("joker_each", "bool", False, "Expert only: every player is dealt one joker plus 12 coloured "
                   "cards instead of the jokers being shuffled in"),
        OptionSpec("games", "int", _games_default, "Games in the match: 1 for a single game, otherwise a "
                   "multiple of the player count so everyone deals equally often (default: one per player)",
                   minimum=1, maximum=60),
    ),
    hidden_information=True,
    summary="Stack cards so their spots show through each other's holes; the highest stack in the led colour "
            "wins the round.",
)

MATCH = MatchRules(
    enabled=lambda options: options["games"] > 1,
    points=lambda result, players, options: list(result["scores"]),
    finished=lambda totals, played, options: played >= options["games"],
    next_start=lambda game, totals, previous: (previous + 1) % game.players,  # the dealer moves clockwise
)


# ----- the table ---------------------------------------------------------------------------------------------------
Card = Annotated[str, Is(lambda c: c in SPOTS, "a Top Spot card")]
Colour = Annotated[str, Is(lambda c: c in DECK.colours, "a Top Spot colour")]


class TablePlay(TypedDict):
    """One play of the round in progress (face up on the table)."""

    player: Seat
    cards: list[Card]  # top to bottom
    colour: Colour
    value: Count
    follows: bool


class LastRound(TypedDict):
    """The round just settled, as the view explains it."""

    round: Count
    tiebreak: Count
    led_colour: Colour | None
    plays: list[TablePlay]
    best: Count
    tied: list[Seat]
    winner: Seat | None
    cards: list[Card]


LAST_ROUND = codec_for(LastRound)


# ----- the game ----------------------------------------------------------------------------------------------------
#: How a game ends: the code that the end event and the result carry (``end_code``, with ``end_player`` the seat
#: it names), which the page words in the reader's language, and the English kept in the table's ``end_reason``
#: (saves hold that text, so it stays as it was written).
END_REASONS: dict[str, str] = {
    "last_cards": "seat {seat} won a round with their last card(s)",
    "only_one": "seat {seat} was the only player with cards left",
    "nobody": "nobody has cards left",
}


def end_code(reason: str, players: int) -> tuple[str | None, int | None]:
    """The code and seat of an ``end_reason`` written from :data:`END_REASONS`; ``(None, None)`` for any other
    text (a scenario may give its own)."""
    for code, words in END_REASONS.items():
        for seat in range(players) if "{seat}" in words else (None,):
            if words.format(seat=seat) == reason:
                return code, seat
    return None, None


class TopSpotState(State):
    """A Top Spot game in progress (one deal, from the first round until someone cannot lead any more)."""

    info = INFO
    ACTIONS = action_kinds(Play)
    MATCH = MATCH
    EVENT_SINK = True  # one path for every action: _perform, its events to a sink or nowhere

    SCENARIO_ALIASES = {"dealer": "start"}
    SCENARIO_PARAMS = ("leader",)
    SCENARIO_OPTIONS = {"games": 1}

    # the table
    colours: PerSeat[Colour]  # the colour sets in the box this game, in deck order
    start: Seat  # the dealer
    first_leader: Seat
    hands: PerSeat[list[Card]]
    won: PerSeat[list[list[Card]]]  # per seat, the stacks of cards of each round won
    bonus: PerSeat[Count]  # extra points for cards left when the last player with cards won a round
    unclaimed: list[Card]  # cards of tied rounds that nobody won
    aside: list[Card]  # scenario only: deck cards out of play from the start
    order: list[Seat]  # seats playing the current (tiebreaker) round, in playing order
    plays: list[TablePlay]  # the current round's plays
    pot: list[Card]  # cards of the earlier rounds of a tie still being broken
    tiebreak: Count  # 0 for a normal round, n for the n-th tiebreaker round
    round_no: Count
    last_winner: Seat | None
    last_round: LastRound | None
    voids: PerSeat[list[Colour]]  # colours each seat has publicly shown it cannot follow
    no_joker: PerSeat[bool]  # seats that publicly showed they hold no joker (discarded off-colour in Expert)
    over: bool
    end_reason: str

    # ----- construction -------------------------------------------------------------------------------------
    @classmethod
    def _check_option_combination(cls, players: int, options: dict[str, Any]) -> None:
        if options["joker_each"] and options["level"] != "expert":
            raise BadOptions("option 'joker_each' only applies to the expert level", option="joker_each")
        games = options["games"]
        if games != 1 and games % players:
            raise BadOptions(f"option 'games' must be 1 or a multiple of the player count ({players}) so that "
                             f"everyone deals equally often, not {games}", option="games")

    @classmethod
    def _setup(cls, players: int, options: dict[str, Any], rng: GameRandom, start: int | None) -> TopSpotState:
        state = cls(players, options, rng)
        chosen = list(DECK.colours)
        rng.shuffle(chosen)  # which colour sets are in the box this time
        state.colours = [c for c in DECK.colours if c in chosen[:players]]
        state.start = rng.randint(0, players - 1) if start is None else start
        coloured = [card for c in state.colours for card in _COLOUR_CARDS[c]]
        if options["level"] == "expert" and options["joker_each"]:
            rng.shuffle(coloured)
            hands = [[JOKER] + coloured[12 * i:12 * i + 12] for i in range(players)]
        else:
            deck = coloured + [JOKER] * (players if options["level"] == "expert" else 0)
            rng.shuffle(deck)
            size = len(deck) // players
            hands = [deck[size * i:size * i + size] for i in range(players)]
        rank = _RANK.__getitem__
        for hand in hands:
            hand.sort(key=rank)
        state.hands = hands
        state.first_leader = (state.start + 1) % players
        state._start_round(state.first_leader)
        return state

    def full_deck(self) -> Counter[str]:
        """Every card of this game: one set per colour in play, plus the jokers at the expert level."""
        deck = Counter(card_code(c, n) for c in self.colours for n in DECK.layouts)
        if self.options["level"] == "expert":
            deck[JOKER] = self.players
        return deck

    # ----- queries ------------------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self.over:
            return None
        return self.order[len(self.plays)]

    @property
    def led_colour(self) -> str | None:
        """The colour of the current round (``None`` before the lead)."""
        return self.plays[0]["colour"] if self.plays else None

    def is_over(self) -> bool:
        return self.over

    def _list_legal(self) -> list[Action]:
        """Every distinct legal play of the current player: leading, each colour's stacks then the joker stacks
        once per colour they may declare; following, the led colour's stacks and the joker stacks, or one card of
        another colour when neither is held. Made of action objects remembered per card list (a rollout or a bot
        asks about the same hands again and again; building the actions was most of the cost)."""
        hand = self.hands[self.order[len(self.plays)]]
        bits = 0  # the hand as one integer (see _CARD_BIT)
        card_bit = _CARD_BIT
        for card in hand:
            bit = card_bit[card]
            if bits >= bit:  # not in display order, unless a second joker
                if bit == _JOKER_BIT:
                    continue
                return self._list_legal_unsorted(hand)  # (a hand-written save may hold any order)
            bits |= bit
        plays = self.plays
        groups = _GROUP_PLAYS
        out: list[Action] = []
        if not plays:
            field = _COLOUR_FIELD
            for colour in self.colours:
                group = bits & field[colour]
                if group:
                    out += groups.get(group) or _group_plays(group)
            if bits & _JOKER_BIT:
                out += _joker_plays(bits ^ _JOKER_BIT, tuple(self.colours))
            return out
        group = bits & _COLOUR_FIELD[plays[0]["colour"]]
        if group:
            out += groups.get(group) or _group_plays(group)
        if bits & _JOKER_BIT:
            out += _joker_plays(bits ^ _JOKER_BIT, None)
        elif not group:
            out += [_single(card) for card in hand]
        return out

    def _list_legal_unsorted(self, hand: list[str]) -> list[Action]:
        """:meth:`_list_legal` by searching the hand's colour groups in the hand's own order (a hand not in number
        order within a colour, as a hand-written save may hold: the shape tables assume number order)."""
        coloured = [c for c in hand if c != JOKER]
        has_joker = JOKER in hand
        led = self.led_colour
        out: list[Action] = []
        if led is None:
            for colour in self.colours:
                out += _plays("colour", [c for c in coloured if COLOUR[c] == colour], None)
            if has_joker:
                out += _plays("joker", coloured, tuple(self.colours))
            return out
        follow = [c for c in coloured if COLOUR[c] == led]
        if follow or has_joker:
            out += _plays("colour", follow, None)
            if has_joker:
                out += _plays("joker", coloured, None)
        else:
            out += [_single(card) for card in coloured]
        return out

    def candidates(self) -> list[Action]:
        """Every stack of the hand's cards in which each card under the top shows a spot of its own through the
        holes above it (a card that shows none adds nothing a player could see), with no colour or any colour
        declared: a superset of the legal plays, which the checker sorts out."""
        hand = self.hands[self.current_player]  # type: ignore[index]
        stacks: list[tuple[str, ...]] = []

        def lay(stack: tuple[str, ...], open_cells: int, rest: list[str]) -> None:
            stacks.append(stack)
            for i, card in enumerate(rest):
                if SPOTS[card] & open_cells:
                    lay(stack + (card,), open_cells & HOLES[card], rest[:i] + rest[i + 1:])

        for i, top in enumerate(hand):
            lay((top,), HOLES[top], hand[:i] + hand[i + 1:])
        return [Play(stack, colour) for stack in stacks for colour in (None, *self.colours)]

    def _playable(self) -> list[dict[str, Any]]:
        """The current player's distinct legal stacks with value and top view, so the app can show a stack's
        value and legality while the player builds it without a rule in JavaScript (one entry per card order;
        a leading joker stack's colour choices share it)."""
        seen: set[tuple[str, ...]] = set()
        out = []
        for action in self.legal_actions():  # the one listing of legal plays
            cards = action.cards  # type: ignore[attr-defined]
            if cards not in seen:
                seen.add(cards)
                found = _DRAWINGS.get(cards)
                if found is None:
                    found = _drawing(cards)
                value, cells = found
                out.append({"cards": list(cards), "value": value, "top_view": list(map(list, cells))})
        return out

    def result(self) -> dict[str, Any]:
        if not self.over:
            raise IllegalAction("the game is not over yet", code="not_over")
        scores = self.scores()
        return {
            "scores": scores,
            "winners": winners_by_max(scores),
            "rounds_won": [len(w) for w in self.won],
            "bonus": list(self.bonus),
            "reason": self.end_reason,
            **dict(zip(("end_code", "end_player"), end_code(self.end_reason, self.players), strict=True)),
            "dealer": self.start,
        }

    def scores(self) -> list[int]:
        """Points so far: rounds won plus extra points for cards left."""
        return [len(w) + b for w, b in zip(self.won, self.bonus, strict=True)]

    def undoable(self) -> bool:
        # Every play puts cards face up on the table: nothing can be taken back.
        return False

    def view(self, player: int) -> dict[str, Any]:
        out = self.view_envelope(player)
        out.update({
            "you": player,
            "level": self.options["level"],
            "joker_each": self.options["joker_each"],
            "colours": list(self.colours),
            "dealer": self.start,
            "first_leader": self.first_leader,
            "jokers_in_game": self.players if self.options["level"] == "expert" else 0,
            "hand": list(self.hands[player]),
            "hand_counts": [len(h) for h in self.hands],
            "round": self.round_no,
            "tiebreak": self.tiebreak,
            "order": list(self.order),
            "led_colour": self.led_colour,
            "table": [_drawn(p) for p in self.plays],
            "pot": list(self.pot),
            "won": [[list(s) for s in w] for w in self.won],
            "rounds_won": [len(w) for w in self.won],
            "bonus": list(self.bonus),
            "scores": self.scores(),
            "unclaimed": list(self.unclaimed),
            "aside": list(self.aside),
            "voids": [list(v) for v in self.voids],
            "no_joker": list(self.no_joker),
            "last_winner": self.last_winner,
            "last_round": None if self.last_round is None else self._last_round_view(self.last_round),
            "playable": self._playable() if player == self.current_player else [],
            "layouts": _layouts_view(),  # a fresh copy: views are never shared
        })
        return out

    @staticmethod
    def _last_round_view(last: LastRound) -> dict[str, Any]:
        """``last_round`` for the view: its record (keys in declaration order, as its codec encodes it) with
        each play drawn. Written out: views are built on every move of a bot's rollout."""
        return {"round": last["round"], "tiebreak": last["tiebreak"], "led_colour": last["led_colour"],
                "plays": [_drawn(p) for p in last["plays"]], "best": last["best"], "tied": list(last["tied"]),
                "winner": last["winner"], "cards": list(last["cards"])}

    # ----- validation ---------------------------------------------------------------------------------------
    def problem(self, action: Action) -> IllegalAction | None:
        """Why ``action`` is illegal for the current player now (the refusal), or ``None`` when it is legal.

        This checks the same rules that :meth:`legal_actions` generates from (tests hold the two equal). The reason
        is a code with parameters (:meth:`refusal`, listed in ``REFUSAL_CODES``, worded per language by the page);
        the English sentence is built here, only when a move is refused.
        """
        assert isinstance(action, Play)
        why = self.refusal(action)
        if why is None:
            return None
        text = self.REFUSALS[why.reason](why.params)
        return IllegalAction(f"cannot play {action}: {text}", reason=why.reason, params=dict(why.params),
                             cards=list(action.cards))

    def refusal(self, action: Action) -> Refusal | None:
        """The reason code and JSON-safe parameters why ``action`` (a :class:`Play`) is illegal now, or ``None``."""
        assert isinstance(action, Play)
        seat = self.current_player
        if seat is None:
            return Refusal("game_over", {})
        hand = self.hands[seat]
        cards = action.cards
        if not cards:
            return Refusal("empty_play", {})
        have = Counter(hand)
        for card, n in Counter(cards).items():
            if card not in SPOTS or (card != JOKER and COLOUR[card] not in self.colours):
                return Refusal("not_a_card", {"card": card})
            if n > have[card]:
                if not have[card]:
                    return Refusal("not_in_hand", {"card": card})
                return Refusal("listed_twice", {"card": card, "times": n})
        if JOKER in cards and (cards[0] != JOKER or cards.count(JOKER) > 1):
            return Refusal("joker_not_on_top", {})
        joker_top = cards[0] == JOKER
        if not joker_top:
            colours = sorted({str(COLOUR[c]) for c in cards}, key=self.colours.index)
            if len(colours) > 1:
                return Refusal("mixed_colours", {"colours": colours})
        shows = stack_shows(cards)
        for depth, (without, value) in enumerate(stack_needs(cards), start=1):
            if without >= value:
                return Refusal("does_not_raise", {"card": cards[depth], "position": depth + 1, "without": without,
                                                  "value": value, "shows": bool(shows[depth])})
        led = self.led_colour
        if led is None:
            if joker_top:
                if action.colour not in self.colours:
                    return Refusal("must_declare", {"colours": list(self.colours), "given": action.colour})
            elif action.colour is not None:
                return Refusal("declares_own_colour", {"card": cards[0], "colour": COLOUR[cards[0]]})
            return None
        if action.colour is not None:
            return Refusal("declares_when_following", {"led": led})
        if joker_top or COLOUR[cards[0]] == led:
            return None
        follow = [c for c in hand if COLOUR.get(c) == led]
        if follow:
            return Refusal("must_follow", {"led": led, "card": follow[0]})
        if JOKER in hand:
            return Refusal("must_follow_with_joker", {"led": led})
        if len(cards) > 1:
            return Refusal("discard_one_card", {"led": led})
        return None

    REFUSALS = {
        "game_over": lambda p: "the game is over",
        "empty_play": lambda p: "a play needs at least one card",
        "not_a_card": lambda p: f"{p['card']!r} is not a card of this game",
        "not_in_hand": lambda p: f"you do not hold {p['card']}",
        "listed_twice": lambda p: f"{p['card']} is listed {p['times']} times",
        "joker_not_on_top": lambda p: "a joker can only be the top card of a stack",
        "mixed_colours": lambda p: (f"cards of different colours ({', '.join(p['colours'])}) can only be stacked "
                                    "under a joker"),
        "does_not_raise": lambda p: (
            f"{p['card']} (card {p['position']} from the top) does not raise the value: without it the stack is "
            f"worth {p['without']}, with it {p['value']}"
            + ("" if p["shows"] else " (it would show none of its own spots)")),
        "must_declare": lambda p: (f"a joker stack that leads must declare a colour, one of {', '.join(p['colours'])}"
                                   + ("" if p["given"] is None else f" (not {p['given']!r})")),
        "declares_own_colour": lambda p: (f"only a joker stack that leads declares a colour; {p['card']} already is "
                                          f"{p['colour']}"),
        "declares_when_following": lambda p: (f"only a joker stack that leads declares a colour; {p['led']} was led "
                                              "and must be followed"),
        "must_follow": lambda p: f"{p['led']} was led and you hold {p['card']}: you must follow {p['led']}",
        "must_follow_with_joker": lambda p: (f"{p['led']} was led and you hold a joker: you must follow with a joker "
                                             "stack"),
        "discard_one_card": lambda p: (f"you cannot follow {p['led']}, so you must play exactly one card of another "
                                       "colour"),
    }
    REFUSAL_CODES = frozenset(REFUSALS)

    # ----- acting -------------------------------------------------------------------------------------------
    def _holders(self, leader: int) -> list[int]:
        """The seats that still hold cards, clockwise from ``leader`` on: who plays in a round ``leader`` leads."""
        hands = self.hands
        return [s for s in range(leader, self.players) if hands[s]] + [s for s in range(leader) if hands[s]]

    def _start_round(self, leader: int, order: list[int] | None = None) -> None:
        """Start a round led by ``leader``; ``order``, when given, is :meth:`_holders` of ``leader``."""
        self.round_no += 1
        self.tiebreak = 0
        self.pot = []
        self.plays = []
        self.order = self._holders(leader) if order is None else order

    def _perform(self, action: Action, log: list[Event] | None) -> None:
        """Play the current player's stack; when it completes the round, settle it (:meth:`_resolve`)."""
        assert isinstance(action, Play)
        plays = self.plays
        seat = self.order[len(plays)]
        hand = self.hands[seat]
        stack = action.cards
        for card in stack:
            hand.remove(card)
        value = stack_value(stack)
        led = plays[0]["colour"] if plays else None
        colour = play_colour(action, led)
        follows = led is None or colour == led
        if led is not None and not follows:
            self.voids[seat] = sorted(set(self.voids[seat]) | {led}, key=self.colours.index)
            if self.options["level"] == "expert":
                self.no_joker[seat] = True
        # (a TablePlay, written as a literal: the same keys in the same order)
        plays.append({"player": seat, "cards": list(stack), "colour": colour, "value": value, "follows": follows})
        if log is not None:
            log.append({"type": "play", "player": seat, "cards": list(stack), "colour": colour, "value": value,
                        "follows": follows, "tiebreak": self.tiebreak})
        if len(plays) == len(self.order):
            self._resolve(log)

    def _resolve(self, log: list[Event] | None) -> None:
        """The round is complete: find the winner, or start a tiebreaker, or leave the cards unclaimed.

        The round's play records move into ``last_round`` as they are: every way out of here replaces
        ``self.plays`` with a new list, so nothing else holds them."""
        plays = self.plays
        best = -1
        tied: list[int] = []  # the seats that followed with the best value, in playing order
        round_cards: list[str] = []
        for p in plays:
            round_cards += p["cards"]
            if p["follows"]:
                value = p["value"]
                if value > best:
                    best, tied = value, [p["player"]]
                elif value == best:
                    tied.append(p["player"])
        # (a LastRound, written as a literal: the same keys in the same order)
        summary: LastRound = {"round": self.round_no, "tiebreak": self.tiebreak, "led_colour": plays[0]["colour"],
                              "plays": plays, "best": best, "tied": tied, "winner": None, "cards": []}
        self.last_round = summary
        if len(tied) == 1 or self.options["level"] == "junior":
            self._award(tied[0], summary, round_cards, log)
            return
        self.pot.extend(round_cards)
        with_cards = [s for s in tied if self.hands[s]]
        if len(with_cards) == 1:
            self._award(with_cards[0], summary, [], log)
        elif not with_cards:
            cards, self.pot = self.pot, []
            self.unclaimed.extend(cards)
            summary["cards"] = list(cards)
            if log is not None:
                log.append({"type": "round_void", "tied": tied, "cards": list(cards)})
            self._continue(self.first_leader if self.last_winner is None else self.last_winner, False, log)
        else:
            self.tiebreak += 1
            self.order = with_cards
            self.plays = []
            if log is not None:
                log.append({"type": "tiebreak", "tied": tied, "players": with_cards, "number": self.tiebreak})

    def _award(self, winner: int, summary: LastRound, round_cards: list[str], log: list[Event] | None) -> None:
        cards = self.pot + round_cards
        self.won[winner].append(cards)
        self.pot = []
        self.last_winner = winner
        summary["winner"], summary["cards"] = winner, list(cards)
        if log is not None:
            log.append({"type": "round_won", "winner": winner, "value": summary["best"], "cards": list(cards),
                        "scores": self.scores()})
        self._continue(winner, True, log)

    def _continue(self, leader: int, won: bool, log: list[Event] | None) -> None:
        """After a round: end the game or let ``leader`` (or the next seat with cards) lead the next round."""
        holders = self._holders(leader)
        if not self.hands[leader]:
            if won:
                self._end("last_cards", leader, log)
                return
            if not holders:
                self._end("nobody", None, log)
                return
            leader = holders[0]  # (the seats between had no cards: the order from it is the same list)
        if len(holders) == 1:  # nobody but the leader has cards
            extra = len(self.hands[leader])
            self.bonus[leader] += extra
            if log is not None:
                log.append({"type": "bonus", "player": leader, "points": extra})
            self._end("only_one", leader, log)
            return
        self._start_round(leader, holders)
        if log is not None:
            log.append({"type": "round_start", "leader": leader, "round": self.round_no})

    def _end(self, code: str, seat: int | None, log: list[Event] | None) -> None:
        """End the game for reason ``code`` of :data:`END_REASONS` (``seat``: the player it names, if any)."""
        reason = END_REASONS[code].format(seat=seat)
        self.over = True
        self.end_reason = reason
        self.order, self.plays, self.pot = [], [], []
        if log is not None:
            scores = self.scores()
            log.append({"type": "end", "scores": scores, "winners": winners_by_max(scores), "reason": reason,
                        "end_code": code, "end_player": seat})

    # ----- invariants -------------------------------------------------------------------------------------
    def _validate(self) -> None:
        """What must hold between the fields: the round in progress, its plays, the colours, won stacks."""
        if len(set(self.colours)) != self.players or self.colours != [c for c in DECK.colours if c in self.colours]:
            raise ValueError(f"colours must be {self.players} distinct deck colours in deck order")
        for card in [*(c for h in self.hands for c in h), *self.unclaimed, *self.aside, *self.pot]:
            if card != JOKER and COLOUR[card] not in self.colours:
                raise ValueError(f"{card} is not a card of this game's colours")
        if any(v not in self.colours for vs in self.voids for v in vs):
            raise ValueError("voids must list colours of this game")
        if any(not s for w in self.won for s in w):
            raise ValueError("a won stack cannot be empty")
        if self.over:
            if self.order or self.plays or self.pot:
                raise ValueError("a finished game has no round in progress")
            return
        if not self.order or len(set(self.order)) != len(self.order) or len(self.plays) >= len(self.order):
            raise ValueError("the round order must list distinct seats, more than have played")
        for i, play in enumerate(self.plays):
            self._validate_play(i, play)
        if not self.hands[self.order[len(self.plays)]]:
            raise ValueError("the player to act has no cards")
        if self.tiebreak == 0 and self.pot:
            raise ValueError("only a tiebreaker round has cards of earlier rounds in the pot")

    def _validate_play(self, i: int, play: TablePlay) -> None:
        if play["player"] != self.order[i]:
            raise ValueError(f"play {i} is by seat {play['player']}, not seat {self.order[i]} whose turn it was")
        cards = play["cards"]
        if not cards:
            raise ValueError(f"play {i} has no cards")
        if play["value"] != stack_value(cards) or play["colour"] not in self.colours:
            raise ValueError(f"play {i} has a wrong value or colour")
        if i == 0 and not play["follows"]:
            raise ValueError(f"play {i} has a wrong 'follows' flag")

    def all_cards(self) -> Counter[str]:
        """Every card of the game wherever it lies: hands, won stacks, the table, the pot, unclaimed, aside."""
        seen: Counter[str] = Counter()
        for pile in [*self.hands, *(s for w in self.won for s in w), self.unclaimed, self.aside, self.pot]:
            seen.update(pile)
        for play in self.plays:
            seen.update(play["cards"])
        return seen

    # ----- scenarios ----------------------------------------------------------------------------------------
    def _deal_rest(self, given: set[str], params: dict[str, Any]) -> None:
        """A scenario starts a round of a single game: ``leader`` (a parameter; by default left of the dealer)
        leads, and deck cards placed nowhere are set aside (out of play, public)."""
        players = self.players
        if self.options["games"] != 1:
            raise BadScenario("a scenario is a single game: option 'games' must be 1")
        if len(set(self.colours)) != players:
            raise BadScenario(f"'colours' must list {players} distinct colours")
        self.colours = [c for c in DECK.colours if c in self.colours]
        deck = self.full_deck()
        used = self.all_cards()
        for card in sorted(used):
            if deck[card] == 0:
                raise BadScenario(f"{card!r} is not a card of this game")
            if used[card] > deck[card]:
                raise BadScenario(f"{card} is used more times than the deck has it")
        self.hands = [sort_cards(h) for h in self.hands]
        self.aside = sort_cards(list((deck - used).elements()))
        leader = params.get("leader", (self.start + 1) % players)
        check_seat(leader, players, "leader")
        if not self.hands[leader]:
            raise BadScenario(f"the leader, seat {leader}, has no cards", reason="leader_no_cards",
                              params={"seat": leader})
        self.first_leader = (self.start + 1) % players
        self._start_round(leader)


__all__ = ["TopSpotState", "Play", "DECK", "Deck", "Layout", "parse_deck", "load_deck", "stack_value",
           "stack_shows", "stack_needs", "stack_top_view", "colour_stacks", "joker_stacks", "card_code", "JOKER",
           "sort_cards"]
