"""Level 8's kit for the scenario editor (:func:`pygame_rules.scenario_tools.editor_kit`): where its cards go in
its scenario JSON."""

from __future__ import annotations

from typing import Any

from ...scenario_tools import filled, place, seat_label, seat_places


def kit(state: Any, deal: bool) -> tuple[list[Any], list[dict[str, Any]], dict[str, Any]]:
    """Level 8's deck, places and (empty or dealt) scenario for the scenario editor (the scenario JSON of
    docs/games/level8.md)."""
    players = state.players
    places = seat_places(players, ("hands", "hand"), ("discards", "discard pile (bottom to top)"))
    places.append(place(["draw"], "Draw pile: its top cards (last = top; the rest is shuffled under them)", None))
    for s in range(players):
        for k in range(4):  # a level has at most four parts (four pairs)
            places.append(dict(place(["table", s, k], seat_label(s, f"laid-out part {k + 1}"), s),
                               kinds=["run", "set", "colour"]))
    scenario: dict[str, Any] = {"players": players, "dealer": 0, "turn": 1 % players, "phase": "draw"}
    if deal:
        scenario.update(dealer=state.dealer, turn=state.turn)
    scenario.update(hands=filled(state.hands, deal), discards=filled(state.discards, deal), draw=[],
                    table=[[list(p) for p in parts] for parts in state.table] if deal else filled(state.table, False))
    return list(state.deck()), places, scenario
