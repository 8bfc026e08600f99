"""The engine core shared by every game: errors, seeded randomness, actions, the game protocol and matches."""

from .actions import Action, action_kinds, parse_action
from .errors import (
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
from .game import Event, GameInfo, OptionSpec, State, redact_event
from .match import MatchRules, MatchState
from .memo import Memo, cached, clear_caches
from .rng import GameRandom

__all__ = [
    "Action", "action_kinds", "parse_action", "BadOptions", "BadScenario", "BadState", "GameOverError",
    "IllegalAction", "MalformedAction", "NotYourTurn", "RulesError", "UnknownGame", "Event", "GameInfo",
    "OptionSpec", "State", "redact_event", "MatchRules", "MatchState", "GameRandom",
    "Memo", "cached", "clear_caches",
]
