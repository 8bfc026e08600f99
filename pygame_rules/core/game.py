"""The protocol every game meets: a frozen declaration plus a :class:`State` subclass.

Bots, the command line, the browser API and the tests use exactly this surface, so a new game plugs into all of
them by subclassing :class:`State` and filling in the ``_``-prefixed hooks.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, NamedTuple

from ..words import refusal_message
from .actions import Action, parse_action
from .compiled import compile_table
from .errors import (
    BadOptions,
    BadScenario,
    BadState,
    GameOverError,
    IllegalAction,
    NotYourTurn,
    RulesError,
    TableProblem,
)
from .rng import GameRandom, check_seed
from .table import Context, TableError, check_keys, table_fields

STATE_FORMAT = "pygame_rules.state"
STATE_VERSION = 2
STATE_VERSIONS = (1, 2)  # versions load_state reads (version 1: before the typed tables)

Event = dict[str, Any]


class Refusal(NamedTuple):
    """Why an action is illegal, as data: a stable ``reason`` code and JSON-safe ``params``."""

    reason: str
    params: Mapping[str, Any]


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
        if self.minimum is not None and isinstance(value, int) and value < self.minimum:
            raise BadOptions(f"option '{self.name}' must be at least {self.minimum}, not {value}", option=self.name)
        if self.maximum is not None and isinstance(value, int) and value > self.maximum:
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
    """Base class of a game in progress: the protocol, plus everything that is not a rule.

    A game declares its table (its whole position) as annotated attributes in its class body; see
    :mod:`pygame_rules.core.table`. From that declaration this class derives the blank table of a new game, saving
    (:meth:`to_json`), loading with validation (:meth:`from_json`), :meth:`clone`, equality, the common part of every
    view (:meth:`view_envelope`) and scenarios as partial tables (:meth:`from_scenario`). The game itself writes the
    rules: the deal (``_setup``), what may be played and why not (``_list_legal``, ``refusal``/``problem``, and
    ``candidates`` for the reference lister), what happens (``_perform``, which writes its events to a sink or
    nowhere), what each seat sees (``view``) and what must always hold (``_validate``).

    ``apply`` parses, checks the seat, asks :meth:`problem` and only then mutates, so a refused action leaves the
    state untouched. The legal-move list is cached here, once for every game, and dropped by every action.
    """

    info: ClassVar[GameInfo]
    ACTIONS: ClassVar[dict[str, type[Action]]]
    #: Every ``reason`` code a refusal of this game can carry, each worded per language from the catalogue key
    #: ``refusal.<game>.<code>`` by the page and by :mod:`pygame_rules.words` (a test holds the two together).
    REFUSAL_CODES: ClassVar[frozenset[str]] = frozenset()
    # scenario keys that are other names of table fields (kept for scenarios written before the table existed)
    SCENARIO_ALIASES: ClassVar[dict[str, str]] = {}
    # scenario keys that are not part of the table but parameters of the game's dealing rule
    SCENARIO_PARAMS: ClassVar[tuple[str, ...]] = ()
    # option values a scenario gets unless it sets them (e.g. a single game rather than a match)
    SCENARIO_OPTIONS: ClassVar[dict[str, Any]] = {}

    players: int  # (the base's own attributes are never table fields: only a game class's own annotations are)
    options: dict[str, Any]
    rng: GameRandom
    _legal: list[Action] | None = None

    def __init__(self, players: int, options: dict[str, Any], rng: GameRandom) -> None:
        """A blank table: every declared field at its empty value (class-level scalar defaults win).

        The first table a game class makes compiles that class's own ``__init__`` and ``clone`` from its declaration
        (:mod:`pygame_rules.core.compiled`); this loop over the codecs is what they are generated from, and what a
        class without a table (or with its own ``__init__``) runs.
        """
        cls = type(self)
        if "__init__" not in cls.__dict__ and compile_table(cls):
            cls.__dict__["__init__"](self, players, options, rng)
            return
        self.players = players
        self.options = options
        self.rng = rng
        ctx = Context(players)
        for field in table_fields(type(self)):
            preset = type(self).__dict__.get(field.name)
            setattr(self, field.name, preset if preset is not None else field.codec.default(ctx))
        self._legal = None
        self._init()

    def _init(self) -> None:
        """Hook: set attributes that are derived or transient (never saved) after the table is filled in."""

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
        """Build an exact position from a teaching scenario; raise :class:`BadScenario` when it is impossible.

        A scenario is a partial table: ``players``, ``options``, ``seed`` and any of the game's table fields (or
        their scenario aliases), checked like a save; the game's :meth:`_deal_rest` deals the cards not listed.
        """
        if not isinstance(scenario, Mapping):
            raise BadScenario(f"a scenario must be a JSON object, not {type(scenario).__name__}")
        try:
            return cls._from_scenario(scenario)
        except RulesError as exc:
            if isinstance(exc, BadScenario):
                raise
            raise BadScenario(f"bad scenario: {exc.message}") from exc
        except (TableError, KeyError, TypeError, IndexError, AttributeError, ValueError) as exc:
            reason = str(exc) if isinstance(exc, (TableError, ValueError)) else f"{type(exc).__name__}: {exc}"
            if isinstance(exc, TableProblem):  # a named problem: the editor words it
                raise BadScenario(f"bad scenario: {reason}", reason=exc.reason, params=exc.params) from exc
            raise BadScenario(f"bad scenario: {reason}") from exc

    @classmethod
    def _from_scenario(cls, scenario: Mapping[str, Any]) -> State:
        fields = {f.name: f for f in table_fields(cls)}
        if not fields:
            raise BadScenario(f"{cls.info.title} has no scenarios yet")
        known = {"players", "options", "seed", *fields, *cls.SCENARIO_ALIASES, *cls.SCENARIO_PARAMS}
        unknown = sorted(str(k) for k in scenario if k not in known)
        if unknown:
            raise BadScenario(f"unknown scenario field(s): {', '.join(unknown)}")
        players: Any = scenario.get("players")
        given_options = scenario.get("options") or {}
        if isinstance(given_options, Mapping):
            given_options = {**cls.SCENARIO_OPTIONS, **given_options}
        options = cls.info.resolve_options(players, given_options)
        cls._check_option_combination(players, options)
        state = cls(players, options, GameRandom(_check_seed(scenario.get("seed", 0))))
        ctx = Context(players)
        given: set[str] = set()
        for key, value in scenario.items():
            name = cls.SCENARIO_ALIASES.get(key, key)
            if name in fields:
                setattr(state, name, fields[name].codec.decode(value, key, ctx))
                given.add(name)
        params = {k: scenario[k] for k in cls.SCENARIO_PARAMS if k in scenario}
        state._deal_rest(given, params)
        state._check_table()
        return state

    def _deal_rest(self, given: set[str], params: dict[str, Any]) -> None:
        """Hook: complete a scenario's partial table (``given`` names the fields it set): deal the unlisted cards."""

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
        """Every legal action of the current player (empty when the game is over); cached until the next action."""
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.is_over() else self._list_legal()
        return [*legal]

    def _list_legal(self) -> list[Action]:
        """Hook: every legal action of the current player (the game is not over)."""
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

    def view_envelope(self, player: int) -> dict[str, Any]:
        """The part of every game's view that is the same for all games: who looks, who moves, over, result."""
        check_seat(player, self.players, "player")
        over = self.is_over()
        out: dict[str, Any] = {"game": self.game, "seat": player, "players": self.players,
                               "current_player": self.current_player, "over": over, "options": dict(self.options)}
        if over:
            out["result"] = self.result()
        return out

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
        # (an Action is never a Mapping: testing that first skips the slow abstract-class check on the hot path)
        if seat is None and not isinstance(action, Action) and isinstance(action, Mapping) and "player" in action:
            seat = action["player"]
            if isinstance(seat, bool) or not isinstance(seat, int):
                raise NotYourTurn(f"'player' must be a seat number, not {seat!r}")
        if seat is not None and seat != self.current_player:
            raise NotYourTurn(
                f"it is seat {self.current_player}'s turn, not seat {seat}'s",
                current_player=self.current_player,
            )
        self._check(act)
        return self.canonical(act)

    def canonical(self, action: Action) -> Action:
        """Hook: the spelling in which the game performs the legal ``action`` (what :meth:`check` returns).

        Default: the action itself. A game whose move may be spelt several ways (a Level 8 lay-out's parts and cards
        in any order) returns the spelling its lister lists, so that performing never normalises again: every move
        reaching :meth:`_perform` is one the lister lists (what :meth:`play` is given) or one :meth:`check` returned.
        """
        return action

    def can(self, action: Any, *, player: int | None = None) -> bool:
        """Whether ``action`` (an Action or its JSON) would be accepted now; never raises for a refusal."""
        try:
            self.check(action, player=player)
        except IllegalAction:
            return False
        return True

    def problem(self, action: Action) -> IllegalAction | None:
        """Why ``action`` (a parsed action of this game, the game not over) is illegal now, or ``None`` if legal.

        The one source of legality: :meth:`refusal` decides; the error carries its reason code and parameters, and
        its English message is worded from the catalogue (:func:`pygame_rules.words.describe_refusal`) only if read.
        """
        refusal = self.refusal(action)
        if refusal is None:
            return None
        return self.refused(refusal.reason, refusal.params)

    def refused(self, reason: str, params: Mapping[str, Any], *, code: str | None = None,
                **details: Any) -> IllegalAction:
        """The :class:`IllegalAction` of a refusal of this game: ``reason``, JSON-safe ``params``, and an English
        message worded from the words catalogue when somebody reads it (never while bots search)."""
        game, kept = self.info.name, dict(params)
        return IllegalAction(lambda: refusal_message(game, reason, kept), code=code, reason=reason, params=kept,
                             **details)

    def refusal(self, action: Action) -> Refusal | None:
        """Hook: the reason code and parameters why ``action`` is illegal now, or ``None`` when it is legal.

        Cheap on purpose (no message is built), so that a game may list its moves by asking it about every
        candidate. Default: membership in :meth:`legal_actions`.
        """
        if action in self.legal_actions():
            return None
        return Refusal("not_legal_now", {"action": action.kind})

    def candidates(self) -> Iterable[Action]:
        """Hook: every action that might be legal now, a superset of the legal ones (the game is not over).

        Written from the rulebook's shape of a move (which cards, which places), not from its legality: the
        reference lister keeps those the checker accepts. The shared test suite holds every game's fast
        :meth:`_list_legal` equal to that reference in every variant, so the two can never drift apart.
        """
        raise NotImplementedError

    def reference_legal_actions(self) -> list[Action]:
        """The legal actions by definition: every candidate that :meth:`refusal` accepts (slow; for the tests)."""
        if self.is_over():
            return []
        return [action for action in dict.fromkeys(self.candidates()) if self.refusal(action) is None]

    def _check(self, action: Action) -> None:
        """Raise the :class:`IllegalAction` of :meth:`problem`, if any.

        An action that IS one of the objects of the cached legal list (a bot, a rollout or the bench passing back
        what :meth:`legal_actions` gave it) was already judged legal in this very position: it is not asked again.
        The test is identity, not equality, so it costs a few pointer comparisons and never builds anything.
        """
        legal = self._legal
        if legal is not None:
            for listed in legal:
                if listed is action:
                    return
        refusal = self.problem(action)
        if refusal is not None:
            raise refusal

    def apply(self, action: Any, *, player: int | None = None) -> list[Event]:
        """Validate then perform ``action`` (an Action or its JSON); return the events it caused.

        An action that IS one of the objects of the cached legal list (what :meth:`legal_actions` handed out for
        this very position) needs no parsing and no asking: the list is the check, as in :meth:`_check`. Only the
        seat, if given, is compared; anything else takes the whole way through :meth:`check`. The performing is
        written here once, for :meth:`apply_listed` too (no second call frame on the page's and the bench's path).
        """
        legal = self._legal
        if legal is not None and (player is None or player == self.current_player):
            for listed in legal:
                if listed is action:
                    break
            else:
                action = self.check(action, player=player)
        else:
            action = self.check(action, player=player)
        self._legal = None
        events: list[Event] = []
        try:
            self._perform(action, events)
        finally:
            self._legal = None
        return events

    def apply_listed(self, action: Action) -> list[Event]:
        """Perform an action taken from :meth:`legal_actions` and return its events: :meth:`apply`, which finds
        the very object in the cached list and so does not check it again (anything else it checks)."""
        return self.apply(action)

    def play(self, action: Action) -> None:
        """Perform an action taken from :meth:`legal_actions` when nobody reads its events (searches, the bench).

        The same code as :meth:`apply_listed` (:meth:`_perform`), given no event sink, so no event is built.
        Anything not from the legal list is undefined behaviour, as for :meth:`apply_listed`.
        """
        self._legal = None
        try:
            self._perform(action, None)
        finally:
            self._legal = None

    def _perform(self, action: Action, log: list[Event] | None) -> None:
        """Hook: perform a legal action; append its events to ``log``, or build none when ``log`` is ``None``.

        The one path of every action: the page's move, a bot's rollout and the bench run the same code, and only
        the building of event dicts depends on whether anyone reads them. Events are data (a ``type``, fields and
        codes); no words are built here: :mod:`pygame_rules.words` describes them.
        """
        raise NotImplementedError

    # ----- persistence --------------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """Everything, including the random generator, so that :func:`load_state` continues identically."""
        return {
            "format": STATE_FORMAT,
            "version": STATE_VERSION,
            "game": self.game,
            "kind": "game",
            "players": self.players,
            "options": dict(self.options),
            "rng": self.rng.to_json(),
            "data": self._data_to_json(),
        }

    def _data_to_json(self) -> dict[str, Any]:
        """The table as JSON (derived from the declaration; a game without one overrides this)."""
        return {f.name: f.codec.encode(getattr(self, f.name)) for f in table_fields(type(self))}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> State:
        """Inverse of :meth:`to_json` for this game. Anything inconsistent raises :class:`BadState`.

        A loaded state is checked as far as a client can use it: types, ranges, cards and the game's invariants,
        then every query a client makes (whose turn, the legal moves, every seat's view, the result). Nothing in
        ``data`` is kept: the state is built from copies.
        """
        try:
            players = data["players"]
            options = cls.info.resolve_options(players, data["options"])
            cls._check_option_combination(players, options)
            rng = GameRandom.from_json(data["rng"])
            body = data["data"]
            if data.get("version") == 1:
                body = cls._upgrade_v1(body)
            state = cls._data_from_json(players, options, rng, body)
            state._check_table()
            state._check_usable()
        except BadState:
            raise
        except (RulesError, TableError, KeyError, TypeError, ValueError, IndexError, AttributeError,
                RecursionError) as exc:
            reason = exc.message if isinstance(exc, RulesError) else str(exc) if isinstance(
                exc, (TableError, ValueError)) else f"{type(exc).__name__}: {exc}"
            raise BadState(f"the saved {cls.info.title} game is corrupt ({reason})") from exc
        return state

    @classmethod
    def _upgrade_v1(cls, data: Any) -> Any:
        """Hook: a version-1 ``data`` section in today's form (default: unchanged)."""
        return data

    @classmethod
    def _data_from_json(cls, players: int, options: dict[str, Any], rng: GameRandom, data: Any) -> State:
        """The table from JSON, checked field by field (derived from the declaration; overridable)."""
        fields = table_fields(cls)
        try:
            check_keys(data, [f.name for f in fields], "data")
        except TableError as exc:
            raise ValueError(str(exc)) from None
        state = cls(players, options, rng)
        ctx = Context(players)
        for f in fields:
            setattr(state, f.name, f.codec.decode(data[f.name], f.name, ctx))
        state._init()
        return state

    def _check_table(self) -> None:
        """The game's own invariants, then cards conserved (when the game lists its cards)."""
        self._validate()
        cards = self.all_cards()
        if cards is not None:
            deck = self.full_deck()
            if cards != deck:
                extra = sorted((cards - deck).elements(), key=str)
                missing = sorted((deck - cards).elements(), key=str)
                raise ValueError(_conservation_text(extra, missing))

    def _check_usable(self) -> None:
        """Every query a client makes must answer: a save that breaks one is refused here, not later."""
        over = self.is_over()
        if over:
            self.result()
        elif not self.legal_actions():
            raise ValueError("the game is not over but nobody can act")
        elif self.current_player is None:
            raise ValueError("the game is not over but nobody is to act")
        for seat in range(self.players):
            self.view(seat)

    def _validate(self) -> None:
        """Hook: raise ``ValueError`` if the state breaks an invariant of the game (bad seat, impossible pile...)."""

    def all_cards(self) -> Counter[Any] | None:
        """Hook: every card in the game wherever it lies, for the conservation check (``None``: not checked)."""
        return None

    def full_deck(self) -> Counter[Any]:
        """Hook: the cards a game of these options has (compared with :meth:`all_cards`)."""
        raise NotImplementedError

    def clone(self) -> State:
        """An independent copy (field by field from the declaration; equal to a JSON round trip).

        Compiled per game class like :meth:`__init__`; this loop is the reference the generated code follows.
        """
        cls = type(self)
        if "clone" not in cls.__dict__ and compile_table(cls):
            clone: Callable[[State], State] = cls.__dict__["clone"]
            return clone(self)
        fields = table_fields(cls)
        if not fields:
            return type(self).from_json(self.to_json())
        other = type(self).__new__(type(self))
        other.players = self.players
        other.options = dict(self.options)
        other.rng = self.rng.copy()
        for f in fields:
            setattr(other, f.name, f.codec.copy(getattr(self, f.name)))
        other._legal = self._legal  # actions are immutable and the list is copied on every read
        other._init()
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State) or type(other) is not type(self):
            return False
        fields = table_fields(type(self))
        if not fields:
            return self.to_json() == other.to_json()
        return (self.players == other.players and self.options == other.options
                and self.rng.to_json() == other.rng.to_json()
                and all(getattr(self, f.name) == getattr(other, f.name) for f in fields))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{self.info.title} {self.players}p {json.dumps(self.options, sort_keys=True)}>"


def _conservation_text(extra: list[Any], missing: list[Any]) -> str:
    parts = []
    if extra:
        parts.append(f"extra {extra[:5]}")
    if missing:
        parts.append(f"missing {missing[:5]}")
    return "cards are not conserved: " + ", ".join(parts)


def _check_seed(seed: Any) -> int | str:
    try:
        return check_seed(seed)
    except ValueError as exc:
        raise BadOptions(str(exc), option="seed") from None


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

