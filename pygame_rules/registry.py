"""The registry of games and the top-level functions of the public API.

Each game's package declares its entry (:class:`~pygame_rules.games.GameEntry`); the entries name modules by path
and a package's ``__init__`` imports none of its rules, so importing ``pygame_rules`` stays cheap in the browser.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from .core.errors import BadState, RulesError, UnknownGame
from .core.game import STATE_FORMAT, STATE_VERSION, STATE_VERSIONS, GameInfo, State
from .core.match import MatchState, new_state
from .games import GameEntry

# The games, in the order the page lists them; each package declares its own entry (``ENTRY``). Adding a game is its
# package and one name here.
GAME_PACKAGES = ("skipbo", "topspot", "etalage", "level8")
ENTRIES: tuple[GameEntry, ...] = tuple(
    importlib.import_module(f"{__package__}.games.{name}").ENTRY for name in GAME_PACKAGES)
ENTRY: dict[str, GameEntry] = {e.name: e for e in ENTRIES}
GAMES: tuple[str, ...] = tuple(ENTRY)
_loaded: dict[str, type[State]] = {}


def resolve(path: str) -> Any:
    """The object a ``"module:name"`` path names (imported on first use)."""
    module, _, attr = path.partition(":")
    return getattr(importlib.import_module(module), attr)


def game_class(name: Any) -> type[State]:
    """The State class registered under ``name``; :class:`UnknownGame` otherwise."""
    if not isinstance(name, str) or name not in ENTRY:
        raise UnknownGame(f"unknown game {name!r} (known: {', '.join(GAMES)})", game=str(name))
    cls = _loaded.get(name)
    if cls is None:
        cls = resolve(ENTRY[name].state)
        _loaded[name] = cls
    return cls


def game_info(name: str) -> GameInfo:
    """The frozen declaration of game ``name``."""
    return game_class(name).info


def new_game(name: Any, *, players: Any, seed: Any, options: Any = None) -> State:
    """A freshly dealt game (or match, when the options ask for one).

    Every argument is checked (``UnknownGame``, ``BadOptions``), so any JSON value may be passed.
    """
    return new_state(game_class(name), players, seed, options)


def from_scenario(name: Any, scenario: Any) -> State:
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
