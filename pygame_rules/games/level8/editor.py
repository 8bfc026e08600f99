"""Level 8's kit for the scenario editor (:func:`pygame_rules.scenario_tools.editor_kit`): where its cards go in
its scenario JSON."""

from __future__ import annotations

from typing import Any

from ...scenario_tools import place, seat_label


def kit(state: Any, deal: bool) -> tuple[list[Any], list[dict[str, Any]], dict[str, Any]]:
    """Level 8's deck, places and (empty or dealt) scenario for the scenario editor (the scenario JSON of
    docs/games/level8.md)."""
    players = state.players
    places: list[dict[str, Any]] = []
    for s in range(players):
        places.append(place(["hands", s], seat_label(s, "hand"), s))
        places.append(place(["discards", s], seat_label(s, "discard pile (bottom to top)"), s))
    places.append(place(["draw"], "Draw pile: its top cards (last = top; the rest is shuffled under them)", None))
    for s in range(players):
        for k in range(4):  # a level has at most four parts (four pairs)
            places.append(dict(place(["table", s, k], seat_label(s, f"laid-out part {k + 1}"), s),
                               kinds=["run", "set", "colour"]))
    scenario: dict[str, Any] = {"players": players, "dealer": 0, "turn": 1 % players, "phase": "draw"}
    if deal:
        scenario.update(dealer=state.dealer, turn=state.turn, hands=[list(h) for h in state.hands],
                        discards=[list(d) for d in state.discards], draw=[])
    else:
        scenario.update(hands=[[] for _ in range(players)], discards=[[] for _ in range(players)], draw=[])
    scenario["table"] = [[list(p) for p in parts] for parts in state.table] if deal else [[] for _ in range(players)]
    return list(state.deck()), places, scenario
