"""The registry of games and the top-level functions of the public API.

Games register lazily by module path so that importing ``pygame_rules`` stays cheap in the browser.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Mapping
from typing import Any

from .core.errors import BadState, RulesError, UnknownGame
from .core.game import STATE_FORMAT, STATE_VERSION, STATE_VERSIONS, GameInfo, State
from .core.match import MatchState, new_state


@dataclasses.dataclass(frozen=True)
class GameEntry:
    """Everything that plugs one game in, named once (modules by path, so nothing is imported until used).

    - ``state``: ``"module:Class"`` of the game's :class:`State` (its declaration is ``Class.info``);
    - ``bots``: the module whose ``BOTS`` dict maps level names to bot factories;
    - ``sampler``: ``"module:function"`` that deals a full state consistent with a view (the search bots);
    - ``search``: ``"module:name"`` of the game's :class:`~pygame_rules.bots.search.SearchProfile`;
    - ``renderer``: the page's renderer module, relative to ``web/js/games/`` (a test checks the page lists it);
    - ``scenarios``: the prefix of the game's teaching scenarios in ``web/scenarios/``.
    """

    name: str
    state: str
    bots: str
    sampler: str
    search: str
    renderer: str
    scenarios: str


def _entry(name: str, state_class: str) -> GameEntry:
    """The usual layout: every part of game ``name`` where the other games keep theirs."""
    return GameEntry(name=name, state=f"pygame_rules.games.{name}:{state_class}", bots=f"pygame_rules.bots.{name}",
                     sampler=f"pygame_rules.bots.samplers:sample_{name}",
                     search=f"pygame_rules.bots.search:{name.upper()}_PROFILE", renderer=f"{name}.js",
                     scenarios=f"{name}-")


# Adding a game is one line here (and the game's own files).
ENTRIES: tuple[GameEntry, ...] = (
    _entry("skipbo", "SkipBoState"),
    _entry("topspot", "TopSpotState"),
    _entry("etalage", "EtalageState"),
    _entry("level8", "Level8State"),
)
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
