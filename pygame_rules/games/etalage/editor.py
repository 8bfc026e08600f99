"""Etalage's kit for the scenario editor (:func:`pygame_rules.scenario_tools.editor_kit`): where its cards go in
its scenario JSON."""

from __future__ import annotations

from typing import Any

from ...scenario_tools import filled, place, seat_places
from .cards import deck


def kit(state: Any, deal: bool) -> tuple[list[Any], list[dict[str, Any]], dict[str, Any]]:
    """Etalage's deck, places and (empty or dealt) scenario for the scenario editor (the scenario JSON of
    docs/games/etalage.md)."""
    players = state.players
    places = [*seat_places(players, ("hands", "hand")), place(["display"], "The display (face-up cards)", None),
              place(["plays"], "Cards played in this trick (from the leader on)", None)]
    scenario: dict[str, Any] = {"players": players, "colours": list(state.colours),
                                "leader": state.leader if deal else 0, "hands": filled(state.hands, deal),
                                "display": list(state.display) if deal else [], "plays": []}
    return list(deck(state.colours)), places, scenario
