"""Etalage's kit for the scenario editor (:func:`pygame_rules.scenario_tools.editor_kit`): where its cards go in
its scenario JSON."""

from __future__ import annotations

from typing import Any

from ...scenario_tools import place, seat_label
from .rules import deck


def kit(state: Any, deal: bool) -> tuple[list[Any], list[dict[str, Any]], dict[str, Any]]:
    """Etalage's deck, places and (empty or dealt) scenario for the scenario editor (the scenario JSON of
    docs/games/etalage.md)."""
    players = state.players
    places = [place(["hands", s], seat_label(s, "hand"), s) for s in range(players)]
    places.append(place(["display"], "The display (face-up cards)", None))
    places.append(place(["plays"], "Cards played in this trick (from the leader on)", None))
    scenario: dict[str, Any] = {"players": players, "colours": list(state.colours), "leader": 0}
    if deal:
        scenario.update(leader=state.leader, hands=[list(h) for h in state.hands], display=list(state.display),
                        plays=[])
    else:
        scenario.update(hands=[[] for _ in range(players)], display=[], plays=[])
    return list(deck(state.colours)), places, scenario
