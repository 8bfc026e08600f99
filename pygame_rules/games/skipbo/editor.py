"""Skip-Bo's kit for the scenario editor (:func:`pygame_rules.scenario_tools.editor_kit`): where its cards go in
its scenario JSON."""

from __future__ import annotations

from typing import Any

from ...scenario_tools import filled, place, seat_label


def kit(state: Any, deal: bool) -> tuple[list[Any], list[dict[str, Any]], dict[str, Any]]:
    """Skip-Bo's deck, places and (empty or dealt) scenario for the scenario editor (the scenario JSON of
    docs/games/skipbo.md)."""
    players = state.players
    places: list[dict[str, Any]] = []
    for s in range(players):
        places.append(place(["hands", s], seat_label(s, "hand (at most 5)"), s))
        places.append(place(["stocks", s], seat_label(s, "stock pile (bottom to top)"), s))
        for k in range(len(state.discards[s])):
            places.append(place(["discards", s, k], seat_label(s, f"discard pile {k + 1} (bottom to top)"), s))
    for k in range(len(state.building)):
        places.append(place(["building", k], f"Building pile {k + 1} (1 upwards; 0 is a Skip-Bo card)", None))
    scenario: dict[str, Any] = {"players": players, "current_player": 0}
    if options_given := {k: v for k, v in state.options.items() if k == "stock_size"}:
        scenario["options"] = options_given
    if deal:
        scenario["current_player"] = state.current
    scenario.update(hands=filled(state.hands, deal), stocks=filled(state.stocks, deal),
                    discards=[filled(ds, deal) for ds in state.discards], building=filled(state.building, deal))
    return sorted(state.all_cards().elements()), places, scenario
