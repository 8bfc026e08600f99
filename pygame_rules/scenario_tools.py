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
whether the position is valid. The per-game knowledge, the shape of each game's scenario JSON (documented in
docs/games/<game>.md), is each game package's ``editor.py``, named by its registry entry; legality stays in the
game's rules.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .core.errors import RulesError
from .registry import ENTRY, GAMES, new_game, resolve


def seat_label(seat: int, what: str) -> str:
    """How the editor names a place of seat ``seat``."""
    return f"Player {seat + 1}: {what}"


def place(path: list[Any], label: str, seat: int | None) -> dict[str, Any]:
    """One place of the editor: a ``path`` into the scenario JSON, its ``label`` and the ``seat`` it belongs to."""
    return {"path": path, "label": label, "seat": seat}


def seat_places(players: int, *named: tuple[str, str]) -> list[dict[str, Any]]:
    """Seat by seat, one place per ``(scenario key, label)`` in ``named``: the seat's entry of that key."""
    return [place([key, seat], seat_label(seat, what), seat) for seat in range(players) for key, what in named]


def filled(rows: list[Any], deal: bool) -> list[list[Any]]:
    """Copies of ``rows`` (a dealt position's lists) when ``deal``, else as many empty lists."""
    return [list(row) for row in rows] if deal else [[] for _ in rows]


def editor_kit(game: Any, players: Any, options: Any = None, deal: bool = False, seed: Any = 1) -> dict[str, Any]:
    """The deck, the places and an empty (or dealt) scenario of ``game`` for the scenario editor."""
    if game not in ENTRY:
        raise RulesError(f"the editor knows no game {game!r} (known: {', '.join(GAMES)})", code="bad_request")
    state = new_game(game, players=players, seed=seed, options=options)
    state = getattr(state, "inner", state)  # a match: its first game
    deck, places, scenario = resolve(ENTRY[game].editor)(state, bool(deal))
    return {"game": game, "deck": deck, "places": places, "scenario": scenario}


def placed_cards(scenario: dict[str, Any], places: list[dict[str, Any]]) -> Counter[Any]:
    """Every card the scenario puts in one of ``places`` (the editor computes the same to show the free cards)."""
    out: Counter[Any] = Counter()
    for spot in places:
        value: Any = scenario
        for key in spot["path"]:
            try:
                value = value[key]
            except (KeyError, IndexError, TypeError):
                value = []
                break
        if isinstance(value, list):
            out.update(value[1:] if spot.get("kinds") else value)
    return out
