"""Top Spot's cards as data: the deck file (``topspot_deck.json``) read and validated, and the tables of every
card's spots, holes, colour and display order built from it when the game is imported.

Each card is a 3x3 grid of cells (numbered 0..8 row by row) holding spots, holes or blanks; a cell set is a 9-bit
mask. Replacing the file with other layouts changes no code.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

JOKER = "joker"
CELLS = 9
ALL_CELLS = (1 << CELLS) - 1
DECK_FILE = Path(__file__).with_name("topspot_deck.json")
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


DECK: Deck = load_deck()


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
