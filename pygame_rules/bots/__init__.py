"""Bots: they see only a seat's view and the legal actions, never the state.

Each game contributes its bots in ``pygame_rules/bots/<game>.py`` as a ``BOTS`` dict from level name to a
zero-argument factory. ``random`` exists for every game.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from .base import Bot, RandomBot

SEARCH_LEVELS = ("hard",)  # generic determinized search, for every game with a sampler

# Games whose measured ladder (docs/bots.md) shows the search beating the heuristic with a 95% interval above
# parity. Only there does the app offer "hard" and the hint use the search: a level called "hard" that is not
# stronger than "normal" would mislead players. The search still runs for every game with a sampler (arena, tests).
SEARCH_PROVEN = frozenset({"skipbo", "topspot", "etalage", "level8"})


def bot_levels(game: str, *, all_levels: bool = False) -> list[str]:
    """The bot level names the app offers for ``game`` (``random`` first; ``hard`` where the search has been
    measured stronger than ``normal``, or wherever it can run with ``all_levels``)."""
    from .samplers import has_sampler

    levels = ["random", *[k for k in _game_bots(game) if k != "random"]]
    if has_sampler(game) and "hard" not in levels and (all_levels or game in SEARCH_PROVEN):
        levels.append("hard")
    return levels


def hint_level(game: str) -> str:
    """The level that answers the hint button: the game's strongest offered level, ``hard`` where the search is
    measured stronger, else ``normal``. A hint is asked for, not awaited after every move, so it thinks as long as a
    hard bot's move: a shorter search gave each candidate a single played-out game and read as a guess."""
    if game in SEARCH_PROVEN:
        return "hard"
    levels = bot_levels(game)
    return "normal" if "normal" in levels else levels[-1]


def app_budget_ms(game: str, level: str) -> float | None:
    """The wall-clock ceiling (ms) of one decision of ``level`` when it plays in the app, or ``None`` for levels
    that do not search. It is the game's ``SearchProfile.budget_ms`` (for the hint too);
    the API, the browser bench and ``arena timing`` use it, so the figures measure what players get."""
    if level not in SEARCH_LEVELS:
        return None
    from .search import DEFAULT_PROFILE, PROFILES

    return PROFILES.get(game, DEFAULT_PROFILE).budget_ms


def make_bot(game: str, level: str, **params: Any) -> Bot:
    """A fresh bot of ``level`` for ``game``; ``ValueError`` for an unknown level.

    Besides the app's levels it builds ``hard-is`` (:mod:`.ismcts`, an experimental information-set search) and
    the game's reference opponents for the arena (``play-first`` and
    ``stock-first`` in Skip-Bo, :mod:`.skipbo_refs`), which :func:`bot_levels` does not list.
    ``params`` tune the search levels only: ``make_bot(game, "hard", budget_ms=150)`` caps the thinking time
    (not reproducible: the result depends on the machine's speed), ``iterations=`` sets the rollout budget.
    """
    if level == "random":
        return RandomBot()
    if level == "hard-is":  # the information-set search: arena only, never listed (docs/bots.md has its figures)
        from .ismcts import make_ismcts_bot
        from .samplers import has_sampler

        if has_sampler(game):
            return make_ismcts_bot(game, **params)
    reference = _references(game).get(level)
    if reference is not None:
        return reference()
    table = _game_bots(game)
    if level in SEARCH_LEVELS and level not in table:
        from .samplers import has_sampler
        from .search import make_search_bot

        if has_sampler(game):
            return make_search_bot(game, level, **params)
    if level not in table:
        known = ", ".join(bot_levels(game, all_levels=True))
        raise ValueError(f"no bot level {level!r} for {game} (known: {known})")
    return table[level]()


def _references(game: str) -> dict[str, Callable[[], Bot]]:
    """The game's reference opponents for the arena (``<game>_refs.REFERENCES``), never offered in the app."""
    try:
        module = importlib.import_module(f"{__name__}.{game}_refs")
    except ImportError:
        return {}
    refs: dict[str, Callable[[], Bot]] = module.REFERENCES
    return refs


def reference_levels(game: str) -> list[str]:
    """The names of ``game``'s reference opponents (arena only; see :func:`make_bot`)."""
    return list(_references(game))


def _game_bots(game: str) -> dict[str, Callable[[], Bot]]:
    from ..registry import ENTRY

    entry = ENTRY.get(game)
    if entry is None:
        return {}
    bots: dict[str, Callable[[], Bot]] = importlib.import_module(entry.bots).BOTS
    return bots


__all__ = ["Bot", "RandomBot", "app_budget_ms", "bot_levels", "hint_level", "make_bot", "reference_levels",
           "SEARCH_PROVEN"]
