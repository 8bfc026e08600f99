"""The registry of games and the top-level functions of the public API.

Games register lazily by module path so that importing ``pygame_rules`` stays cheap in the browser.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from .core.errors import BadState, RulesError, UnknownGame
from .core.game import STATE_FORMAT, STATE_VERSION, STATE_VERSIONS, GameInfo, State
from .core.match import MatchState, new_state

# name -> "module:StateClass". Adding a game is one line here.
_GAME_MODULES: dict[str, str] = {
    "skipbo": "pygame_rules.games.skipbo:SkipBoState",
    "topspot": "pygame_rules.games.topspot:TopSpotState",
    "etalage": "pygame_rules.games.etalage:EtalageState",
    "level8": "pygame_rules.games.level8:Level8State",
}

GAMES: tuple[str, ...] = tuple(_GAME_MODULES)
_loaded: dict[str, type[State]] = {}


def game_class(name: Any) -> type[State]:
    """The State class registered under ``name``; :class:`UnknownGame` otherwise."""
    if not isinstance(name, str) or name not in _GAME_MODULES:
        raise UnknownGame(f"unknown game {name!r} (known: {', '.join(GAMES)})", game=str(name))
    cls = _loaded.get(name)
    if cls is None:
        module, attr = _GAME_MODULES[name].split(":")
        cls = getattr(importlib.import_module(module), attr)
        _loaded[name] = cls
    return cls


def game_info(name: str) -> GameInfo:
    """The frozen declaration of game ``name``."""
    return game_class(name).info


def new_game(name: str, *, players: int, seed: int | str, options: Mapping[str, Any] | None = None) -> State:
    """A freshly dealt game (or match, when the options ask for one)."""
    return new_state(game_class(name), players, seed, options)


def from_scenario(name: str, scenario: Mapping[str, Any]) -> State:
    """The exact position a teaching scenario describes; :class:`BadScenario` when it is impossible."""
    return game_class(name).from_scenario(scenario)


def load_state(data: Any) -> State:
    """Inverse of ``State.to_json()``. Anything corrupt or foreign raises :class:`BadState` with the reason."""
    if not isinstance(data, Mapping):
        raise BadState(f"a saved game must be a JSON object, not {type(data).__name__}")
    if data.get("format") != STATE_FORMAT:
        raise BadState("this is not a saved pygame_rules game (the 'format' field is missing or wrong)")
    version = data.get("version")
    if isinstance(version, bool) or version not in STATE_VERSIONS:
        raise BadState(f"saved game version {version!r} is not supported (expected {STATE_VERSION})")
    try:
        cls = game_class(data.get("game"))
    except UnknownGame as exc:
        raise BadState(f"the saved game names an unknown game: {exc.message}") from exc
    kind = data.get("kind", "game" if version == 1 else None)
    if kind not in ("game", "match"):
        raise BadState(f"a saved game's kind must be 'game' or 'match', not {kind!r}")
    if kind == "match":
        try:
            return MatchState.load(cls, data)
        except BadState:
            raise
        except (RulesError, KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError) as exc:
            reason = exc.message if isinstance(exc, RulesError) else str(exc) if isinstance(
                exc, ValueError) else f"{type(exc).__name__}: {exc}"
            raise BadState(f"the saved {cls.info.title} match is corrupt ({reason})") from exc
    return cls.from_json(data)
