"""Top Spot's kit for the scenario editor (:func:`pygame_rules.scenario_tools.editor_kit`): where its cards go in
its scenario JSON."""

from __future__ import annotations

from typing import Any

from ...scenario_tools import filled, seat_places
from .rules import sort_cards


def kit(state: Any, deal: bool) -> tuple[list[Any], list[dict[str, Any]], dict[str, Any]]:
    """Top Spot's deck, places and (empty or dealt) scenario for the scenario editor (the scenario JSON of
    docs/games/topspot.md)."""
    players = state.players
    places = seat_places(players, ("hands", "hand"))
    scenario: dict[str, Any] = {"players": players, "colours": list(state.colours), "dealer": 0}
    if state.options.get("level") == "expert":
        scenario["options"] = {"level": "expert"}
    scenario["hands"] = filled(state.hands, deal)
    return sort_cards(list(state.full_deck().elements())), places, scenario
