"""What the scenario editor needs from the engine to lay out a position by clicking (docs/embedding.md).

For a game, a number of players and options, :func:`editor_kit` answers with

- ``deck``: every physical card of that game, one entry per copy, in the engine's own order (the editor's card
  picker shows the ones not yet placed);
- ``places``: where cards may be put in the game's scenario JSON (``path`` into the scenario, e.g.
  ``["discards", 0, 2]``, with a ``label`` and the ``seat`` it belongs to or ``null``), bottom-to-top order as the
  game's scenario documentation says. A place with ``kinds`` (Level 8's laid-out parts) is a list whose first entry
  is one of those kinds, followed by the cards; it is optional: left out of the scenario while it holds no card;
- ``scenario``: an empty position (every place empty) or, with ``deal``, the position of a freshly dealt game.

The browser keeps no rule: it places tokens from ``deck`` into ``places`` and asks the engine (api op ``scenario``)
whether the position is valid. The per-game knowledge here is the shape of each game's scenario JSON, documented in
docs/games/<game>.md; legality stays in the game modules.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from .core.errors import RulesError
from .registry import GAMES, new_game


def _seat_label(seat: int, what: str) -> str:
    return f"Player {seat + 1}: {what}"


def _place(path: list[Any], label: str, seat: int | None) -> dict[str, Any]:
    return {"path": path, "label": label, "seat": seat}


def _skipbo(state: Any, deal: bool) -> tuple[list[Any], list[dict[str, Any]], dict[str, Any]]:
    players = state.players
    places: list[dict[str, Any]] = []
    for s in range(players):
        places.append(_place(["hands", s], _seat_label(s, "hand (at most 5)"), s))
        places.append(_place(["stocks", s], _seat_label(s, "stock pile (bottom to top)"), s))
        for k in range(len(state.discards[s])):
            places.append(_place(["discards", s, k], _seat_label(s, f"discard pile {k + 1} (bottom to top)"), s))
    for k in range(len(state.building)):
        places.append(_place(["building", k], f"Building pile {k + 1} (1 upwards; 0 is a Skip-Bo card)", None))
    scenario: dict[str, Any] = {"players": players, "current_player": 0}
    if options_given := {k: v for k, v in state.options.items() if k == "stock_size"}:
        scenario["options"] = options_given
    if deal:
        scenario.update(current_player=state.current, hands=[list(h) for h in state.hands],
                        stocks=[list(st) for st in state.stocks],
                        discards=[[list(d) for d in ds] for ds in state.discards],
                        building=[list(b) for b in state.building])
    else:
        scenario.update(hands=[[] for _ in range(players)], stocks=[[] for _ in range(players)],
                        discards=[[[] for _ in ds] for ds in state.discards], building=[[] for _ in state.building])
    return sorted(state.all_cards()), places, scenario


def _topspot(state: Any, deal: bool) -> tuple[list[Any], list[dict[str, Any]], dict[str, Any]]:
    from .games import topspot

    players = state.players
    places = [_place(["hands", s], _seat_label(s, "hand"), s) for s in range(players)]
    scenario: dict[str, Any] = {"players": players, "colours": list(state.colours), "dealer": 0}
    if state.options.get("level") == "expert":
        scenario["options"] = {"level": "expert"}
    scenario["hands"] = [list(h) for h in state.hands] if deal else [[] for _ in range(players)]
    return topspot.sort_cards(list(state.full_deck().elements())), places, scenario


def _level8(state: Any, deal: bool) -> tuple[list[Any], list[dict[str, Any]], dict[str, Any]]:
    players = state.players
    places: list[dict[str, Any]] = []
    for s in range(players):
        places.append(_place(["hands", s], _seat_label(s, "hand"), s))
        places.append(_place(["discards", s], _seat_label(s, "discard pile (bottom to top)"), s))
    places.append(_place(["draw"], "Draw pile: its top cards (last = top; the rest is shuffled under them)", None))
    for s in range(players):
        for k in range(4):  # a level has at most four parts (four pairs)
            places.append(dict(_place(["table", s, k], _seat_label(s, f"laid-out part {k + 1}"), s),
                               kinds=["run", "set", "colour"]))
    scenario: dict[str, Any] = {"players": players, "dealer": 0, "turn": 1 % players, "phase": "draw"}
    if deal:
        scenario.update(dealer=state.dealer, turn=state.turn, hands=[list(h) for h in state.hands],
                        discards=[list(d) for d in state.discards], draw=[])
    else:
        scenario.update(hands=[[] for _ in range(players)], discards=[[] for _ in range(players)], draw=[])
    scenario["table"] = [[list(p) for p in parts] for parts in state.table] if deal else [[] for _ in range(players)]
    return list(state.deck()), places, scenario


def _etalage(state: Any, deal: bool) -> tuple[list[Any], list[dict[str, Any]], dict[str, Any]]:
    from .games import etalage

    players = state.players
    places = [_place(["hands", s], _seat_label(s, "hand"), s) for s in range(players)]
    places.append(_place(["display"], "The display (face-up cards)", None))
    places.append(_place(["plays"], "Cards played in this trick (from the leader on)", None))
    scenario: dict[str, Any] = {"players": players, "colours": list(state.colours), "leader": 0}
    if deal:
        scenario.update(leader=state.leader, hands=[list(h) for h in state.hands], display=list(state.display),
                        plays=[])
    else:
        scenario.update(hands=[[] for _ in range(players)], display=[], plays=[])
    return list(etalage.deck(state.colours)), places, scenario


KITS: dict[str, Callable[[Any, bool], tuple[list[Any], list[dict[str, Any]], dict[str, Any]]]] = {
    "skipbo": _skipbo, "topspot": _topspot, "level8": _level8, "etalage": _etalage,
}


def editor_kit(game: Any, players: Any, options: Any = None, deal: bool = False, seed: Any = 1) -> dict[str, Any]:
    """The deck, the places and an empty (or dealt) scenario of ``game`` for the scenario editor."""
    if game not in KITS:
        known = ", ".join(g for g in GAMES if g in KITS)
        raise RulesError(f"the editor knows no game {game!r} (known: {known})", code="bad_request")
    state = new_game(game, players=players, seed=seed, options=options)
    state = getattr(state, "inner", state)  # a match: its first game
    deck, places, scenario = KITS[game](state, bool(deal))
    return {"game": game, "deck": deck, "places": places, "scenario": scenario}


def placed_cards(scenario: dict[str, Any], places: list[dict[str, Any]]) -> Counter[Any]:
    """Every card the scenario puts in one of ``places`` (the editor computes the same to show the free cards)."""
    out: Counter[Any] = Counter()
    for place in places:
        value: Any = scenario
        for key in place["path"]:
            try:
                value = value[key]
            except (KeyError, IndexError, TypeError):
                value = []
                break
        if isinstance(value, list):
            out.update(value[1:] if place.get("kinds") else value)
    return out
