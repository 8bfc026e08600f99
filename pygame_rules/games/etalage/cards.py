"""Etalage's cards and how a trick is judged: the colours and numbers (``etalage.json``), the deck, the seat order,
the ranking of the colours played and who claims in which order, the display by colour."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ...core.memo import Memo


# ----- rules data ---------------------------------------------------------------------------------------------
def _load_rules() -> dict[str, Any]:
    """Read and validate ``etalage.json`` (the colours and card numbers are data, not code)."""
    path = Path(__file__).with_name("etalage.json")
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    colours = data["colours"]
    if not (isinstance(colours, list) and all(isinstance(c, str) and c.isalpha() for c in colours)):
        raise ValueError("etalage.json: 'colours' must be a list of single words")
    if len(set(colours)) != len(colours) or len(colours) < data["max_players"]:
        raise ValueError("etalage.json: colours must be distinct, one per possible player")
    if not 1 <= data["lowest"] < data["highest"]:
        raise ValueError("etalage.json: card numbers must run from 'lowest' up to 'highest'")
    if not 2 <= data["min_players"] <= data["max_players"]:
        raise ValueError("etalage.json: bad player range")
    return data


def card_name(colour: str, value: int) -> str:
    """The canonical name of a card, e.g. ``card_name("red", 7) == "red-7"``."""
    return f"{colour}-{value}"


_RULES = _load_rules()
COLOURS: tuple[str, ...] = tuple(_RULES["colours"])
VALUES: tuple[int, ...] = tuple(range(_RULES["lowest"], _RULES["highest"] + 1))
COLOUR_INDEX: dict[str, int] = {c: i for i, c in enumerate(COLOURS)}
SET_SIZE = len(VALUES)
#: card name -> (colour, number); a card is written "colour-number", e.g. "red-7".
CARD_INFO: dict[str, tuple[str, int]] = {card_name(c, v): (c, v) for c in COLOURS for v in VALUES}
CARD_VALUE: dict[str, int] = {name: v for name, (_, v) in CARD_INFO.items()}
CARD_COLOUR: dict[str, str] = {name: c for name, (c, _) in CARD_INFO.items()}


_CARD_KEYS: dict[str, tuple[int, int]] = {name: (COLOUR_INDEX[c], -v) for name, (c, v) in CARD_INFO.items()}
#: Sort key: colour order, then highest number first (how the display and hands are shown).
card_key = _CARD_KEYS.__getitem__


_DECKS: Memo[tuple[str, ...], tuple[str, ...]] = Memo("etalage.decks", 256)  # every deal asks for the same few


def deck(colours: Sequence[str]) -> list[str]:
    """All cards of the given colour sets, in a fixed order (colour by colour, numbers rising)."""
    key = tuple(colours)
    found = _DECKS.get(key)
    if found is None:
        found = _DECKS.put(key, tuple(card_name(c, v) for c in key for v in VALUES))
    return list(found)


def first_colours(players: int) -> list[str]:
    """The colour sets of a new game: the first colours of the data file, one per player."""
    return list(COLOURS[:players])


def sorted_hands(hands: Sequence[list[str]]) -> list[list[str]]:
    """Hands as they are kept: in :func:`card_key` order."""
    return [sorted(hand, key=card_key) for hand in hands]


def hand_size(players: int) -> int:
    """Cards dealt to each player: the deck minus one display card per player, shared evenly (always 9)."""
    return (SET_SIZE * players - players) // players


def seat_after(seat: int, steps: int, players: int) -> int:
    """The seat ``steps`` places clockwise after ``seat``: clockwise is increasing seat number, wrapping round."""
    return (seat + steps) % players


#: players -> leader -> the seats in playing order from that leader (derived from :func:`seat_after`)
TURN_ORDER: dict[int, tuple[tuple[int, ...], ...]] = {
    n: tuple(tuple(seat_after(leader, i, n) for i in range(n)) for leader in range(n))
    for n in range(1, _RULES["max_players"] + 1)
}


def points(cards: Sequence[str]) -> int:
    """Points of won cards: the sum of their numbers."""
    return sum(map(CARD_VALUE.__getitem__, cards))


# ----- settling a trick (pure functions, shared with the bots) ------------------------------------------------
#: One card of a ranked trick: (strength of its colour, minus the colour's index, number, seat, card).
Ranked = tuple[int, int, int, int, str]
#: card -> (colour, number, minus the colour's index): what ranking a trick reads of a card
_RANK_KEY: dict[str, tuple[str, int, int]] = {name: (c, v, -COLOUR_INDEX[c]) for name, (c, v) in CARD_INFO.items()}


def _rank(plays: Sequence[tuple[int, str]]) -> tuple[list[Ranked], int]:
    """The settling rule, written once: every card of the trick, strongest first, and the tie cutoff.

    A colour's strength is the sum of its cards. Colours go strongest first (equal strengths in colour order),
    within a colour the highest card first. The cutoff is the highest strength two or more colours share (0: none,
    as every strength is at least 1): colours above it claim, those at it tie, those below are blocked. A strength
    above the cutoff belongs to one colour only, so the claim order is the cards above the cutoff, in this order.
    """
    key = _RANK_KEY
    strengths: dict[str, int] = {}
    for _, card in plays:
        colour, value, _ = key[card]
        strengths[colour] = strengths.get(colour, 0) + value
    cutoff = 0
    if len(set(strengths.values())) < len(strengths):
        seen: set[int] = set()
        for strength in strengths.values():
            if strength in seen and strength > cutoff:
                cutoff = strength
            seen.add(strength)
    ranked: list[Ranked] = []
    for seat, card in plays:
        colour, value, minus_index = key[card]
        ranked.append((strengths[colour], minus_index, value, seat, card))
    ranked.sort(reverse=True)
    return ranked, cutoff


def _order_of(rank: tuple[list[Ranked], int]) -> list[int]:
    """The claim order of a ranked trick: the seats of the cards above the tie cutoff, strongest first."""
    ranked, cutoff = rank
    return [r[3] for r in ranked if r[0] > cutoff]


def _ranking_of(rank: tuple[list[Ranked], int]) -> list[dict[str, Any]]:
    """The colours of a ranked trick, strongest first (see :func:`rank_colours`)."""
    ranked, cutoff = rank
    out: list[dict[str, Any]] = []
    entry: dict[str, Any] = {"colour": None}
    for strength, _, _, seat, card in ranked:
        colour = CARD_COLOUR[card]
        if colour != entry["colour"]:
            status = "claims" if strength > cutoff else "tied" if strength == cutoff else "blocked"
            entry = {"colour": colour, "strength": strength, "seats": [], "cards": [], "status": status}
            out.append(entry)
        entry["seats"].append(seat)
        entry["cards"].append(card)
    return out


def rank_colours(plays: Sequence[tuple[int, str]]) -> list[dict[str, Any]]:
    """The colours played in a trick, strongest first.

    Each entry: ``colour``, ``strength`` (sum of its cards), ``seats`` (its players, highest card first), ``cards``
    (the same order) and ``status``: ``"claims"`` (its players claim), ``"tied"`` (equal strength with another
    colour: nothing) or ``"blocked"`` (weaker than a tie: nothing). Equal strengths are listed in colour order.
    """
    return _ranking_of(_rank(plays))


_ORDERS: Memo[tuple[tuple[int, str], ...], tuple[int, ...]] = Memo("etalage.claim_orders", 8192)


def claim_order(plays: Sequence[tuple[int, str]]) -> list[int]:
    """The seats that claim, in order: strongest colour's players by descending card, then the next colour...

    Claiming stops at the first strength shared by two or more colours; those players and every weaker colour's
    players receive nothing. The bots ask this for every card they might play, and the same tricks come back
    again and again within a decision, so the answers are remembered in a bounded memo.
    """
    try:
        return list(_ORDERS.intern(tuple(plays), lambda: tuple(_order_of(_rank(plays)))))
    except TypeError:  # (seat, card) pairs given as lists: not hashable, so not remembered
        return _order_of(_rank(plays))


def display_groups(display: Sequence[str], presorted: bool = False) -> list[dict[str, Any]]:
    """The display grouped by colour (colour order), each group's cards highest first and its sum."""
    out: list[dict[str, Any]] = []
    colour = ""
    cards: list[str] = []
    total = 0
    for card in display if presorted else sorted(display, key=card_key):  # (a loop: faster than groupby)
        card_colour, value = CARD_INFO[card]
        if card_colour != colour:
            if cards:
                out.append({"colour": colour, "cards": cards, "sum": total})
            colour, cards, total = card_colour, [card], value
        else:
            cards.append(card)
            total += value
    if cards:
        out.append({"colour": colour, "cards": cards, "sum": total})
    return out
