"""One package per game: ``pygame_rules/games/<game>/`` holds its rules, rules data, editor kit, determinization
sampler (:mod:`.sampling` holds what the samplers share) and bench policy.

Each package declares its registry entry (``ENTRY``, a :class:`GameEntry`) in its ``__init__``, which imports none
of the game's rules: the registry collects every entry when ``pygame_rules`` is imported, and a game's rules are
imported only when the game is first used. The package's other names (``SkipBoState``, ``WILD``, ...) are its rules
modules' names, read from the package as ``pygame_rules.games.skipbo.SkipBoState`` and imported on first use
(:func:`lazy_names`).
"""

from __future__ import annotations

import dataclasses
import importlib
import sys
from collections.abc import Callable
from typing import Any


@dataclasses.dataclass(frozen=True)
class GameEntry:
    """Everything that plugs one game in, named once (modules by path, so nothing is imported until used).

    - ``state``: ``"module:Class"`` of the game's :class:`~pygame_rules.core.game.State` (its declaration is
      ``Class.info``);
    - ``bots``: the module whose ``BOTS`` dict maps level names to bot factories;
    - ``sampler``: ``"module:function"`` that deals a full state consistent with a view (the search bots; the
      game's ``sampler.py``, sharing :mod:`.sampling`);
    - ``search``: ``"module:name"`` of the game's :class:`~pygame_rules.bots.search.SearchProfile`;
    - ``editor``: ``"module:function"`` of the game's editor kit (:mod:`pygame_rules.scenario_tools`);
    - ``renderer``: the page's renderer module, relative to ``web/js/games/`` (a test checks the page lists it);
    - ``scenarios``: the prefix of the game's teaching scenarios in ``web/scenarios/``.

    A game's bench policy is its package's ``bench_policy.py``, found by file (:mod:`pygame_rules.bench`).
    """

    name: str
    state: str
    bots: str
    sampler: str
    search: str
    editor: str
    renderer: str
    scenarios: str


def entry(name: str, state_class: str) -> GameEntry:
    """The usual layout: every part of game ``name`` where the other games keep theirs (the search profile in the
    shared bot module, for now)."""
    return GameEntry(name=name, state=f"pygame_rules.games.{name}:{state_class}", bots=f"pygame_rules.bots.{name}",
                     sampler=f"pygame_rules.games.{name}.sampler:sample_{name}",
                     search=f"pygame_rules.bots.search:{name.upper()}_PROFILE",
                     editor=f"pygame_rules.games.{name}.editor:kit", renderer=f"{name}.js", scenarios=f"{name}-")


def lazy_names(package: str, modules: tuple[str, ...]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for game package ``package``: a name not yet defined there is looked up in its
    ``modules`` (in that order, imported on first use) and kept in the package, so that the package offers its
    rules' names without importing them when only its ``ENTRY`` is read."""

    def __getattr__(name: str) -> Any:
        if not name.startswith("__"):
            namespace = vars(sys.modules[package])
            for module in modules:
                found = vars(importlib.import_module(f"{package}.{module}"))
                if name in found:
                    namespace[name] = found[name]
                    return found[name]
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__
