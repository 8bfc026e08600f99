"""Bots: they see only a seat's view and the legal actions, never the state.

Each game contributes its bots in ``pygame_rules/bots/<game>.py`` as a ``BOTS`` dict from level name to a
zero-argument factory. ``random`` exists for every game.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from .base import Bot, RandomBot

_BOT_MODULES = {
    "skipbo": "pygame_rules.bots.skipbo",
    "topspot": "pygame_rules.bots.topspot",
    "etalage": "pygame_rules.bots.etalage",
    "level8": "pygame_rules.bots.level8",
}


def bot_levels(game: str) -> list[str]:
    """The bot level names available for ``game`` (``random`` first)."""
    return ["random", *[k for k in _game_bots(game) if k != "random"]]


def make_bot(game: str, level: str) -> Bot:
    """A fresh bot of ``level`` for ``game``; ``ValueError`` for an unknown level."""
    if level == "random":
        return RandomBot()
    table = _game_bots(game)
    if level not in table:
        raise ValueError(f"no bot level {level!r} for {game} (known: {', '.join(bot_levels(game))})")
    return table[level]()


def _game_bots(game: str) -> dict[str, Callable[[], Bot]]:
    module = _BOT_MODULES.get(game)
    if module is None:
        return {}
    return importlib.import_module(module).BOTS


__all__ = ["Bot", "RandomBot", "bot_levels", "make_bot"]
