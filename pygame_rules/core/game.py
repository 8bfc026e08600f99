"""The protocol every game meets: a frozen declaration plus a :class:`State` subclass.

Bots, the command line, the browser API and the tests use exactly this surface, so a new game plugs into all of
them by subclassing :class:`State` and filling in the ``_``-prefixed hooks.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from .actions import Action, parse_action
from .errors import BadOptions, BadScenario, BadState, GameOverError, IllegalAction, NotYourTurn, RulesError
from .rng import GameRandom

STATE_FORMAT = "pygame_rules.state"
STATE_VERSION = 1

Event = dict[str, Any]


@dataclasses.dataclass(frozen=True)
class OptionSpec:
    """One rule option: its name, JSON type, default and constraints.

    ``kind`` is one of ``"int"``, ``"bool"``, ``"str"``. ``nullable`` admits ``None``. ``choices`` limits the
    values; ``minimum``/``maximum`` bound ints. ``default`` may be a callable of the player count.
    """

    name: str
    kind: str
    default: Any
    description: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False

    def default_for(self, players: int) -> Any:
        """The default value for this many players."""
        return self.default(players) if callable(self.default) else self.default

    def check(self, value: Any) -> Any:
        """Return ``value`` if it fits, else raise :class:`BadOptions` naming the option and the problem."""
        if value is None:
            if self.nullable:
                return None
            raise BadOptions(f"option '{self.name}' may not be null", option=self.name)
        expected = {"int": int, "bool": bool, "str": str}[self.kind]
        if not isinstance(value, expected) or (self.kind == "int" and isinstance(value, bool)):
            raise BadOptions(f"option '{self.name}' must be {self.kind}, not {value!r}", option=self.name)
        if self.choices and value not in self.choices:
            allowed = ", ".join(map(repr, self.choices))
            raise BadOptions(f"option '{self.name}' must be one of {allowed}, not {value!r}", option=self.name)
        if self.minimum is not None and value < self.minimum:
            raise BadOptions(f"option '{self.name}' must be at least {self.minimum}, not {value}", option=self.name)
        if self.maximum is not None and value > self.maximum:
            raise BadOptions(f"option '{self.name}' must be at most {self.maximum}, not {value}", option=self.name)
        return value

    def to_json(self) -> dict[str, Any]:
        """JSON description for the new-game dialog (callable defaults are described, not evaluated)."""
        out = {k: v for k, v in dataclasses.asdict(self).items() if v not in ((), None) or k == "nullable"}
        out["choices"] = list(self.choices)
        if callable(self.default):
            out["default"] = None
            out["default_depends_on_players"] = True
        return out


@dataclasses.dataclass(frozen=True)
class GameInfo:
    """The frozen declaration of a game (after OpenSpiel's game type/info)."""

    name: str
    title: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]
    hidden_information: bool
    summary: str

    def option(self, name: str) -> OptionSpec:
        """The spec of option ``name``."""
        for spec in self.options:
            if spec.name == name:
                return spec
        raise KeyError(name)

    def resolve_options(self, players: Any, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Validate the player count and options; return every option filled in with its default."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise BadOptions(f"players must be a whole number, not {players!r}", option="players")
        if not self.min_players <= players <= self.max_players:
            raise BadOptions(
                f"{self.title} is for {self.min_players} to {self.max_players} players, not {players}",
                option="players",
            )
        if options is None:
            options = {}
        if not isinstance(options, Mapping):
            raise BadOptions(f"options must be an object, not {type(options).__name__}")
        known = {spec.name for spec in self.options}
        unknown = sorted(str(k) for k in options if k not in known)
        if unknown:
            raise BadOptions(
                f"{self.title} has no option(s) {', '.join(unknown)} (known: {', '.join(sorted(known))})",
                option=unknown[0],
            )
        return {
            spec.name: spec.check(options[spec.name]) if spec.name in options else spec.default_for(players)
            for spec in self.options
        }

    def to_json(self) -> dict[str, Any]:
        """JSON description used by the app's game list and new-game dialog."""
        return {
            "name": self.name,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "hidden_information": self.hidden_information,
            "summary": self.summary,
            "options": [spec.to_json() for spec in self.options],
        }


def redact_event(event: Event, seat: int | None) -> Event:
    """The event as ``seat`` may see it: public fields plus that seat's own ``private`` part, if any.

    ``seat=None`` gives the spectator's (public) version.
    """
    private = event.get("private")
    if private is None:
        return event
    out = {k: v for k, v in event.items() if k != "private"}
    if seat is not None:
        mine = private.get(str(seat))
        if mine:
            out.update(mine)
    return out


class State:
    """Base class of a game in progress. Subclasses implement the ``_`` hooks and the abstract queries.

    The public methods here are the whole contract: ``apply`` parses, checks the seat, validates through the
    game's own legality (by default: membership in :meth:`legal_actions`) and only then mutates, so a refused
    action leaves the state untouched.
    """

    info: ClassVar[GameInfo]
    ACTIONS: ClassVar[dict[str, type[Action]]]

    players: int
    options: dict[str, Any]
    rng: GameRandom

    # ----- construction -------------------------------------------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int | str, options: Mapping[str, Any] | None = None) -> State:
        """A fresh game: validate everything, then deal."""
        opts = cls.info.resolve_options(players, options)
        cls._check_option_combination(players, opts)
        rng = GameRandom(_check_seed(seed))
        return cls._setup(players, opts, rng, start=None)

    @classmethod
    def _check_option_combination(cls, players: int, options: dict[str, Any]) -> None:
        """Hook: refuse combinations of options and player count that single checks cannot see."""

    @classmethod
    def _setup(cls, players: int, options: dict[str, Any], rng: GameRandom, start: int | None) -> State:
        """Hook: deal a new game. ``start`` is the game-defined starting seat/dealer (``None``: choose by rng)."""
        raise NotImplementedError

    @classmethod
    def from_scenario(cls, scenario: Any) -> State:
        """Build an exact position from a teaching scenario; raise :class:`BadScenario` when it is impossible."""
        if not isinstance(scenario, Mapping):
            raise BadScenario(f"a scenario must be a JSON object, not {type(scenario).__name__}")
        try:
            return cls._from_scenario(scenario)
        except RulesError as exc:
            if isinstance(exc, BadScenario):
                raise
            raise BadScenario(f"bad scenario: {exc.message}") from exc
        except (KeyError, TypeError, IndexError, AttributeError) as exc:
            raise BadScenario(f"bad scenario: {type(exc).__name__}: {exc}") from exc

    @classmethod
    def _from_scenario(cls, scenario: Mapping[str, Any]) -> State:
        raise BadScenario(f"{cls.info.title} has no scenarios yet")

    # ----- queries ------------------------------------------------------------------------------------------
    @property
    def game(self) -> str:
        """The registered name of the game."""
        return self.info.name

    @property
    def current_player(self) -> int | None:
        """The seat whose decision it is, or ``None`` when the game is over."""
        raise NotImplementedError

    def legal_actions(self) -> list[Action]:
        """Every legal action of the current player (empty when the game is over)."""
        raise NotImplementedError

    def is_over(self) -> bool:
        """True once the game has ended."""
        raise NotImplementedError

    def result(self) -> dict[str, Any]:
        """Per-seat ``scores`` and the list of ``winners`` (seats); only when the game is over."""
        raise NotImplementedError

    def view(self, player: int) -> dict[str, Any]:
        """Everything seat ``player`` may know, JSON-safe. The only thing UIs, bots and widgets ever see."""
        raise NotImplementedError

    def undoable(self) -> bool:
        """Whether the last action may be taken back (same turn, no hidden card revealed since)."""
        return False

    # ----- acting -------------------------------------------------------------------------------------------
    def parse_action(self, action: Any) -> Action:
        """An :class:`Action` of this game from an Action or its JSON form; raises ``MalformedAction``."""
        return parse_action(action, self.ACTIONS, self.info.title)

    def check(self, action: Any, *, player: int | None = None) -> Action:
        """Validate without changing anything: return the parsed action or raise an :class:`IllegalAction`."""
        if self.is_over():
            raise GameOverError(f"the {self.info.title} game is over; no more actions")
        act = self.parse_action(action)
        seat = player
        if seat is None and isinstance(action, Mapping) and "player" in action:
            seat = action["player"]
            if isinstance(seat, bool) or not isinstance(seat, int):
                raise NotYourTurn(f"'player' must be a seat number, not {seat!r}")
        if seat is not None and seat != self.current_player:
            raise NotYourTurn(
                f"it is seat {self.current_player}'s turn, not seat {seat}'s",
                current_player=self.current_player,
            )
        self._check(act)
        return act

    def _check(self, action: Action) -> None:
        """Hook: raise :class:`IllegalAction` unless legal. Default: membership in :meth:`legal_actions`."""
        if action not in self.legal_actions():
            raise self._explain(action)

    def _explain(self, action: Action) -> IllegalAction:
        """Hook: the error for an action that is not legal now, saying why in the game's own words."""
        return IllegalAction(f"{action} is not a legal action now")

    def apply(self, action: Any, *, player: int | None = None) -> list[Event]:
        """Validate then perform ``action`` (an Action or its JSON); return the events it caused."""
        act = self.check(action, player=player)
        return self._apply(act)

    def _apply(self, action: Action) -> list[Event]:
        raise NotImplementedError

    # ----- persistence --------------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """Everything, including the random generator, so that :func:`load_state` continues identically."""
        return {
            "format": STATE_FORMAT,
            "version": STATE_VERSION,
            "game": self.game,
            "players": self.players,
            "options": dict(self.options),
            "rng": self.rng.to_json(),
            "data": self._data_to_json(),
        }

    def _data_to_json(self) -> dict[str, Any]:
        raise NotImplementedError

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> State:
        """Inverse of :meth:`to_json` for this game. Anything inconsistent raises :class:`BadState`."""
        try:
            players = data["players"]
            options = cls.info.resolve_options(players, data["options"])
            rng = GameRandom.from_json(data["rng"])
            state = cls._data_from_json(players, options, rng, data["data"])
            state._validate()
        except BadState:
            raise
        except (RulesError, KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            reason = exc.message if isinstance(exc, RulesError) else f"{type(exc).__name__}: {exc}"
            raise BadState(f"the saved {cls.info.title} game is corrupt ({reason})") from exc
        return state

    @classmethod
    def _data_from_json(cls, players: int, options: dict[str, Any], rng: GameRandom, data: Any) -> State:
        raise NotImplementedError

    def _validate(self) -> None:
        """Hook: raise ``ValueError`` if the state breaks an invariant (cards not conserved, bad seat...)."""

    def clone(self) -> State:
        """An independent copy."""
        return type(self).from_json(self.to_json())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{self.info.title} {self.players}p {json.dumps(self.options, sort_keys=True)}>"


def _check_seed(seed: Any) -> int | str:
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise BadOptions(f"seed must be a whole number or a string, not {seed!r}", option="seed")
    return seed


def check_seat(value: Any, players: int, what: str = "seat") -> int:
    """``value`` as a seat index, or ``ValueError`` naming ``what``."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise ValueError(f"{what} must be a seat from 0 to {players - 1}, not {value!r}")
    return value


def winners_by_max(scores: Sequence[int | float]) -> list[int]:
    """Seats sharing the highest score."""
    best = max(scores)
    return [i for i, s in enumerate(scores) if s == best]


def winners_by_min(scores: Sequence[int | float]) -> list[int]:
    """Seats sharing the lowest score."""
    best = min(scores)
    return [i for i, s in enumerate(scores) if s == best]


ScenarioBuilder = Callable[[Mapping[str, Any]], State]
