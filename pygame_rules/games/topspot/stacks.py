"""Top Spot's stacks: the one reading of a stack's cells (its value, what it shows from above), which stacks a hand
can make, and the plays they become (:class:`Play`). Every other form (the lister's tables in :mod:`.fast`, the view's
drawings) is computed from these functions.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from ...core.actions import Action
from ...core.memo import Memo
from .deck import (  # (re-exported: the deck's names are part of this game's API)
    ALL_CELLS,
    CELLS,
    COLOUR,
    DECK,
    HOLES,
    JOKER,
    SORT_KEY,
    SPOTS,
    _cells,
    card_code,
)

#: every layout's :meth:`Layout.to_json`, from which each view builds its own fresh copy
_LAYOUTS: dict[str, dict[str, Any]] = {**{str(n): lay.to_json() for n, lay in DECK.layouts.items()},
                                       JOKER: DECK.joker.to_json()}


def _layouts_view() -> dict[str, Any]:
    """The card layouts for a view (by card number, and the joker's): a fresh copy every time."""
    fresh = {name: {key: list(cells) for key, cells in layout.items()} for name, layout in _LAYOUTS.items()}
    joker = fresh.pop(JOKER)
    return {"cards": fresh, "joker": joker}


#: a card's place in display order as one number (sorting by it is sorting by SORT_KEY, and quicker)
_RANK: dict[str, int] = {card: i for i, card in enumerate(sorted(SORT_KEY, key=SORT_KEY.__getitem__))}
#: each colour's twelve cards in number order
COLOUR_CARDS: dict[str, tuple[str, ...]] = {col: tuple(card_code(col, n) for n in DECK.layouts)
                                            for col in DECK.colours}


def sort_cards(cards: list[str]) -> list[str]:
    """Cards in display order: by colour (deck order), then number; jokers last."""
    return sorted(cards, key=_RANK.__getitem__)


# ----- looking at a stack: the one reading of a stack's cells --------------------------------------------------------
def stack_layers(cards: tuple[str, ...] | list[str]) -> list[tuple[int, int]]:
    """For a stack listed top to bottom, per card: the cells where it is what you see looking down (the cells
    still open above it that are not its holes), and which of those are its spots. Value, drawing and the rule
    that every card must raise the value are all read from this.

    >>> [(len(_cells(seen)), len(_cells(spots))) for seen, spots in stack_layers(["red-1", "red-7"])]
    [(1, 1), (4, 4)]
    """
    open_cells = ALL_CELLS
    layers = []
    for card in cards:
        holes = HOLES[card]
        layers.append((open_cells & ~holes, SPOTS[card] & open_cells))
        open_cells &= holes
    return layers


def stack_shows(cards: tuple[str, ...] | list[str]) -> list[int]:
    """For a stack listed top to bottom, the mask of each card's own spots that stay visible.

    >>> [len(_cells(m)) for m in stack_shows(["red-1", "red-7", "red-8"])]
    [1, 4, 4]
    """
    return [spots for _, spots in stack_layers(cards)]


def stack_value(cards: tuple[str, ...] | list[str]) -> int:
    """The value of a stack listed top to bottom: each cell counts the first spot seen through the holes.

    >>> stack_value(["red-1", "red-7", "red-8"])
    9
    >>> stack_value(["joker"]), stack_value(["joker", "red-7", "red-6"])
    (0, 6)
    """
    return sum([spots.bit_count() for _, spots in stack_layers(cards)])


def stack_top_view(cards: tuple[str, ...] | list[str]) -> list[list[Any]]:
    """What each of the nine cells shows looking down on a stack listed top to bottom, for drawing it.

    Each cell is ``[depth, "spot"]`` or ``[depth, "blank"]`` for the first card (0 = top) whose cell is not a hole,
    or ``[None, "hole"]`` when the cell is a hole all the way down. The spots counted are exactly the value.

    >>> stack_top_view(["red-1", "red-7", "red-8"])[:3]
    [[1, 'spot'], [2, 'spot'], [1, 'spot']]
    """
    out: list[list[Any]] = [[None, "hole"] for _ in range(CELLS)]
    for depth, (seen, spots) in enumerate(stack_layers(cards)):
        for cell in _cells(seen):
            out[cell] = [depth, "spot" if spots >> cell & 1 else "blank"]
    return out


#: stack -> :func:`stack_value`, remembered for the plays of a game (a stack is looked at once per play)
_VALUES: Memo[tuple[str, ...], int] = Memo("topspot.values", 65536)


def stack_needs(cards: tuple[str, ...] | list[str]) -> list[tuple[int, int]]:
    """For each card under the top of a stack (top to bottom), the stack's value without it and with it.

    A card is *needed* when taking it out (the others kept in order) leaves a strictly lower value; the rules
    allow a stack only when every card under the top is needed (issue 19). The top card is the play itself.

    >>> stack_needs(["red-1", "red-2", "red-7"])  # red 2 covers two of red 7's spots and shows one of its own
    [(5, 4), (2, 4)]
    """
    value = stack_value(cards)
    return [(stack_value([*cards[:i], *cards[i + 1:]]), value) for i in range(1, len(cards))]


def unneeded(cards: tuple[str, ...] | list[str]) -> int | None:
    """The depth of the first card under the top that does not raise the stack's value (:func:`stack_needs`), or
    ``None`` when every card does: the stacking rule, as the checker and the search both ask it.

    A card that is not needed stays so whatever is added below it (what it adds can only shrink), so a search
    never extends a stack that breaks this rule.
    """
    for depth, (without, value) in enumerate(stack_needs(cards), start=1):
        if without >= value:
            return depth
    return None


def may_lie_under(top: str, card: str) -> bool:
    """The colour rule of a stack: cards of the top card's colour lie under it, any coloured card under a joker,
    and a joker under nothing (it can only be the top card)."""
    return card != JOKER and (top == JOKER or COLOUR[card] == COLOUR[top])


def declarations(top: str, led: str | None, colours: list[str]) -> tuple[str | None, ...]:
    """The colours a play topped by ``top`` may declare: a joker stack that leads declares one of the game's
    colours; every other play declares none."""
    return tuple(colours) if top == JOKER and led is None else (None,)


def stacks_topped_by(top: str, cards: list[str]) -> list[tuple[str, ...]]:
    """Every legal stack with ``top`` on top and some of ``cards`` under it, by the rules above: the cards that
    :func:`may_lie_under` the top, each stack before its extensions, in the order of ``cards``.

    A stack is extended only while :func:`unneeded` finds nothing; a new bottom card with no spot in the cells
    seen through the whole stack (:func:`stack_layers`) would show none of its own, cannot raise the value, and
    is passed over without asking.
    """
    out: list[tuple[str, ...]] = []

    def extend(stack: tuple[str, ...], rest: list[str]) -> None:
        out.append(stack)
        through = ALL_CELLS
        for seen, _ in stack_layers(stack):
            through &= ~seen
        for i, card in enumerate(rest):
            longer = stack + (card,)
            if SPOTS[card] & through and unneeded(longer) is None:
                extend(longer, rest[:i] + rest[i + 1:])

    extend((top,), [card for card in cards if may_lie_under(top, card)])
    return out


def stacks_of(cards: list[str]) -> list[tuple[str, ...]]:
    """Every legal stack of some of ``cards``, each card on top in turn (in the order of ``cards``)."""
    return [stack for i, top in enumerate(cards) for stack in stacks_topped_by(top, cards[:i] + cards[i + 1:])]


def joker_stacks(cards: list[str]) -> list[tuple[tuple[str, ...], int]]:
    """Every legal stack (with its value) topped by a joker over any of the given coloured cards."""
    return [(stack, stack_value(stack)) for stack in stacks_topped_by(JOKER, cards)]


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


#: one action object per (stack, declared colour): the same stacks recur in many hands, and building a frozen
#: dataclass costs more than finding it
_PLAYS: Memo[tuple[tuple[str, ...], str | None], Play] = Memo("topspot.plays", 65536)


def play_of(stack: tuple[str, ...], colour: str | None) -> Play:
    """The shared :class:`Play` of ``stack`` declaring ``colour``."""
    found = _PLAYS.get((stack, colour))
    if found is None:
        found = _PLAYS.put((stack, colour), Play(stack, colour))
    return found


def play_colour(play: Play, led: str | None) -> str:
    """The colour a play counts as: its top card's; a joker on top takes the led colour, or when it leads the
    colour it declares. A play follows when this is the led colour."""
    top = play.cards[0]
    colour = COLOUR[top] if top != JOKER else play.colour if led is None else led
    assert colour is not None  # a leading joker stack declares one (checked), every other card has one
    return colour


def must_follow(hand: list[str], led: str) -> bool:
    """Whether a hand must follow ``led`` (it holds that colour or a joker); one that cannot discards one card."""
    for card in hand:
        if card == JOKER or COLOUR[card] == led:
            return True
    return False


def searched_plays(hand: list[str], led: str | None, colours: list[str]) -> list[Play]:
    """The plays of a hand that may lead (``led`` is ``None``) or must follow ``led``: for each colour it may
    play (every one of ``colours`` when leading), the stacks of its cards in the hand's order; then the joker
    stacks over all its coloured cards, once per colour a joker stack may declare (:func:`declarations`)."""
    out: list[Play] = []
    for colour in colours if led is None else (led,):
        group = [card for card in hand if COLOUR[card] == colour]
        out += [play_of(stack, None) for stack in stacks_of(group)]
    if JOKER in hand:
        declare = declarations(JOKER, led, colours)
        out += [play_of(stack, colour) for stack in stacks_topped_by(JOKER, hand) for colour in declare]
    return out


#: stack -> (value, top view as tuples): the stacks a view draws, remembered (bounded)
_DRAWINGS: Memo[tuple[str, ...], tuple[int, tuple[tuple[int | None, str], ...]]] = Memo("topspot.drawings", 8192)


def _drawing(cards: tuple[str, ...]) -> tuple[int, list[list[Any]]]:
    """A stack's value and a fresh :func:`stack_top_view` of it (from a memo: views draw the same stacks often)."""
    found = _DRAWINGS.get(cards)
    if found is None:
        found = _DRAWINGS.put(cards, (stack_value(cards), tuple((d, k) for d, k in stack_top_view(cards))))
    return found[0], list(map(list, found[1]))


def _drawn(play: Mapping[str, Any]) -> dict[str, Any]:
    """A play for the view: a copy with its ``top_view`` (what the stack shows from above)."""
    cards = play["cards"]
    return dict(play, cards=list(cards), top_view=_drawing(tuple(cards))[1])
