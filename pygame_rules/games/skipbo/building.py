"""Skip-Bo's building rule (:func:`fits`, :func:`completes`), which the checker and the moves ask, and the listing
tables derived from it at import and checked against it there, which the legal list reads."""

from __future__ import annotations

from ...core.actions import Action
from ...core.memo import Memo
from .cards import (
    END_TURN,
    MAX_PLAYERS,
    RULES,
    WILD,
    Discard,
    PlayDiscard,
    PlayHand,
    PlayStock,
)

# ----- the rules of building ---------------------------------------------------------------------------------------
CARDS = range(RULES.numbers + 1)  # every card, the wild (0) first: the order in which moves are listed
PILES = range(RULES.building_piles)


def fits(card: int, height: int) -> bool:
    """The building rule: a pile of ``height`` cards takes the next number up (a new pile a 1), or a wild."""
    return card == WILD or card == height + 1


def completes(height: int) -> bool:
    """A building pile that reaches the top number (12) is complete: it is set aside for the next draw pile."""
    return height == RULES.numbers


_COMPLETES = tuple(completes(height) for height in range(RULES.numbers + 1))  # by height: the rule as a table


# every action of the game, built once (actions are frozen values): the legal list hands out these objects
_PLAY_HAND: list[tuple[Action, ...]] = [tuple(PlayHand(card, p) for p in PILES) for card in CARDS]
_PLAY_STOCK: list[tuple[Action, ...]] = [tuple(PlayStock(owner, p) for p in PILES) for owner in range(MAX_PLAYERS)]
_PLAY_DISCARD: list[list[tuple[Action, ...]]] = [
    [tuple(PlayDiscard(owner, d, p) for p in PILES) for d in range(RULES.discard_piles)]
    for owner in range(MAX_PLAYERS)]
_DISCARD: list[tuple[Action, ...]] = [tuple(Discard(card, d) for d in range(RULES.discard_piles)) for card in CARDS]
# The listed objects also carry their class's ``kind`` as their own attribute (the same value; equality, hashing and
# JSON are by fields and unchanged). Callers filter legal lists by ``a.kind`` (the bench's play-first policy, bots),
# and CPython 3.11 never specialises reading a class attribute through an instance, while it does an instance one:
# measured 4-7% of a whole bench game. Only these prebuilt objects get it (set as frozen dataclasses set fields, by
# ``object.__setattr__``): actions parsed or built elsewhere (bots' plans) are made as fast as ever.
for _row in [*_PLAY_HAND, *_PLAY_STOCK, *[row for rows in _PLAY_DISCARD for row in rows], *_DISCARD, (END_TURN,)]:
    for _action in _row:
        object.__setattr__(_action, "kind", type(_action).kind)


def _by_mask(row: tuple[Action, ...]) -> tuple[tuple[Action, ...], ...]:
    """``row``'s sub-tuples for every bit mask of building piles (bit p set: pile p), in pile order."""
    return tuple(tuple(a for p, a in enumerate(row) if mask >> p & 1) for mask in range(1 << len(row)))


# the same objects per mask of the piles a card fits: listing a card's plays is one index
_PLAY_HAND_M = [_by_mask(row) for row in _PLAY_HAND]
_PLAY_STOCK_M = [_by_mask(row) for row in _PLAY_STOCK]
_PLAY_DISCARD_M = [[_by_mask(row) for row in rows] for rows in _PLAY_DISCARD]

if RULES.building_piles != 4:  # _list_legal reads the four building piles by name, in two pairs
    raise ValueError("skipbo rules: the engine is written for four building piles")
_BIT = tuple(1 << card for card in CARDS)  # each card's bit in a mask of cards (a lookup, where a shift allocates)


def _pair_fits(first: int, low: int, high: int) -> tuple[tuple[int, ...], int]:
    """:func:`fits` as a table for building piles ``first`` and ``first + 1`` of heights ``low`` and ``high``: each
    card's bit mask of those two piles that it fits (bit p: pile p), and the bits of the cards that fit either."""
    masks = tuple(a << first | b << first + 1 for a, b in zip(_FITS_AT[low], _FITS_AT[high], strict=True))
    return masks, sum(bit for bit, mask in zip(_BIT, masks, strict=True) if mask)


# :func:`fits` for the four piles, as two tables made from it here: one per pair of piles, by the pair's heights (a
# full pile is set aside). The mask of the piles a card fits is its mask in the one table plus its mask in the other.
_HEIGHTS = range(RULES.numbers)
_FITS_AT = tuple(tuple(int(fits(card, height)) for card in CARDS) for height in _HEIGHTS)  # per height, per card
_FITS_01 = tuple(tuple(_pair_fits(0, low, high) for high in _HEIGHTS) for low in _HEIGHTS)
_FITS_23 = tuple(tuple(_pair_fits(2, low, high) for high in _HEIGHTS) for low in _HEIGHTS)

_HELD: Memo[int, tuple[int, ...]] = Memo("skipbo.held", None)  # a mask of cards -> those cards, ascending
_ENDS: Memo[int, tuple[Action, ...]] = Memo("skipbo.ends", None)  # a mask of the hand's cards -> how the turn ends
# The memos' lookups, bound once: the lister calls these. (CPython 3.11 compiles a method call on an imported name as
# an attribute read, which makes a bound method on every call; a bound method made once is called directly.)
_HELD_GET = _HELD.get
_ENDS_GET = _ENDS.get


def _held(mask: int) -> tuple[int, ...]:
    """The cards whose bits are set in ``mask``, wild first (kept in ``_HELD``)."""
    cards = _HELD.get(mask)
    if cards is None:
        cards = _HELD.put(mask, tuple(card for card in CARDS if mask >> card & 1))
    return cards


def _discards(held: int) -> tuple[Action, ...]:
    """Every discard of the cards whose bits are set in ``held`` (cards ascending, then discard piles)."""
    return tuple(a for card in CARDS if held >> card & 1 for a in _DISCARD[card])


# :func:`_discards` of the low seven cards' bits and of the others', as two small tables made from it once: the
# discards of a whole hand are one of each, joined (the hands' masks are far too many to list them all ahead)
_LOW_BITS = 7
_LOW_DISCARDS = tuple(_discards(mask) for mask in range(1 << _LOW_BITS))
_HIGH_DISCARDS = tuple(_discards(mask << _LOW_BITS) for mask in range(1 << (len(CARDS) - _LOW_BITS)))


def _ends(held: int) -> tuple[Action, ...]:
    """How a turn may end, for a hand whose distinct cards are the bits of ``held``: by discarding any hand card
    on any own discard pile; only an empty hand (the draw pile ran dry) ends it without a discard."""
    ends = _ENDS.get(held)
    if ends is None:
        ends = _ENDS.put(held, _LOW_DISCARDS[held & (1 << _LOW_BITS) - 1] + _HIGH_DISCARDS[held >> _LOW_BITS]
                         if held else (END_TURN,))
    return ends


_DECK = RULES.deck()  # the unshuffled deck, copied for every deal
