"""Level 8 rules data, combinations and lay-out search under one name (what bots and tools import).

The rules live in three modules: :mod:`.data` (cards, decks, level sheets), :mod:`.parts` (one
combination: normalise, check a lay-out, what a part accepts) and :mod:`.search` (the fast listing of
lay-outs). Validating a move asks the parts; listing lay-outs asks the search, and the shared reference test holds
the two equal (every listed lay-out is accepted, every accepted candidate is listed) in every variant.
"""

from __future__ import annotations

from .data import (
    COLOUR_INDEX,
    DECK,
    HAND_ORDER,
    JOKER,
    KIND_INDEX,
    KINDS,
    NUMBER_CARDS,
    PART_PROBLEMS,
    SHEETS,
    SKIP,
    Deck,
    Edition,
    Layout,
    Part,
    PartError,
    Requirement,
    RulesDataError,
    Sheet,
    card_key,
    is_card,
    parse_deck,
    parse_sheets,
    physical,
    sort_cards,
)
from .parts import (
    accepts,
    add_options,
    add_to_part,
    added_token,
    candidate_layouts,
    check_layout,
    declare_jokers,
    joker_readings,
    layout_key,
    normalise_part,
    part_text,
)
from .search import can_lay_out, enumerate_layouts, find_layouts, layouts_of_plan, plan_of

__all__ = [
    "COLOUR_INDEX", "DECK", "HAND_ORDER", "JOKER", "KIND_INDEX", "KINDS", "NUMBER_CARDS", "PART_PROBLEMS", "SHEETS",
    "SKIP", "Deck", "Edition", "Layout", "Part", "PartError", "Requirement", "RulesDataError", "Sheet", "accepts",
    "add_options", "add_to_part", "added_token", "can_lay_out", "candidate_layouts",
    "card_key", "check_layout",
    "declare_jokers", "enumerate_layouts", "find_layouts", "is_card", "joker_readings", "layout_key",
    "layouts_of_plan", "normalise_part", "parse_deck", "parse_sheets", "part_text", "physical", "plan_of",
    "sort_cards",
]
