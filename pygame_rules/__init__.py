"""pygame_rules: faithful rules engines for real tabletop card games, standard library only.

The public API (a contract)::

    import pygame_rules as pr
    state = pr.new_game("skipbo", players=3, seed=1)
    while not state.is_over():
        state.apply(state.legal_actions()[0])
    state.result()
"""

from .core.actions import Action
from .core.errors import (
    BadOptions,
    BadScenario,
    BadState,
    GameOverError,
    IllegalAction,
    MalformedAction,
    NotYourTurn,
    RulesError,
    UnknownGame,
)
from .core.game import State
from .core.memo import clear_caches
from .registry import GAMES, from_scenario, game_class, game_info, load_state, new_game

__version__ = "0.1.0"

__all__ = [
    "GAMES", "new_game", "from_scenario", "load_state", "game_info", "game_class", "State", "Action",
    "IllegalAction", "MalformedAction", "NotYourTurn", "GameOverError", "RulesError", "BadOptions",
    "BadScenario", "BadState", "UnknownGame", "clear_caches", "__version__",
]
