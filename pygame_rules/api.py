"""The one JSON boundary the browser worker calls: ``handle(request_json) -> response_json``.

Requests are ``{"id": any, "op": str, ...}``; responses are ``{"id": same, "ok": true, ...}`` or
``{"id": same, "ok": false, "error": {"code", "message"}}``. Nothing here knows a rule: it composes the public API.

The worker owns the game. Sessions live in memory in the worker; the full state, the unredacted log and the save
never leave it in an answer. Every answer about a session carries a ``table`` for the seat asked (``seat``): that
seat's view, its legal actions when it is to move, whether it may undo, the new log lines as that seat may see them
and the result once the game is over. A session started with ``keep: "<slot>"`` is saved by the worker itself:
after each request the worker calls :func:`pending_saves` and writes what it returns to its own storage.

Every request is checked against one schema before anything else happens (:func:`check_request`): the text's
length and nesting depth before it is parsed, then the type and size of every field, unknown fields refused. A
refusal is an answer with a stable code (``bad_request`` for anything the schema refuses), never an exception, and a
refused request changes nothing: each operation checks everything it needs before it acts. The schema and its
limits are documented in docs/api.md.

Operations (all arguments are JSON):

- ``games``: the declarations of every game and its bot levels.
- ``new``: ``game, players, seed, options, seat, keep`` -> a new session.
- ``load``: ``save, seat, keep`` -> a session from a save (``bad_state`` when corrupt; no session is left behind).
- ``scenario``: ``game, scenario, seat, seed`` -> a session at a teaching position.
- ``table``: ``session, seat, since`` -> the table again (e.g. after the hot-seat hand-over).
- ``check``: ``session, action, seat`` -> ``{"legal": bool, "message"}`` without changing anything; a refusal
  also carries ``code`` and, where the game gives them, ``reason`` and ``params`` (docs/api.md).
- ``act``: ``session, action, seat`` -> apply the action for ``seat``.
- ``bot``: ``session, level, seat`` -> the bot chooses and plays for the current player; ``seat`` is the viewer.
  The bot's action is shown to other seats only as far as its public event shows it.
- ``hint``: ``session, level, seat`` -> the action a bot would choose for ``seat`` (not applied) and its
  ``reason`` (``{"code", "params"}`` from the bot's own evaluation, worded by the page: ``bots.reasons``); ``level``
  "auto" (the default) lets the engine pick the game's best measured level (``bots.hint_level``).
  Both take an optional ``budget_ms`` (10-10000): the searching levels' wall-clock ceiling per decision; without
  it they think at most the game's default (``bots.app_budget_ms``), so a bot never keeps a player waiting.
- ``undo``: ``session, seat`` -> take back the last action, only for the seat that made it and is still to move.
- ``drop``: ``session`` -> forget a session (its stored save stays with the worker).
- ``reveal``: ``session`` -> once the game is over: every action applied, in order, with the seed, game, players and
  options, so another device can replay the whole game (docs/multiplayer.md, "A deal anyone can check").
- ``replay``: ``game, players, seed, options, actions, seat`` -> play ``actions`` from a new deal and give the whole
  log as ``seat`` may see it and the final table; a refused action ends the replay (``refused``: its index).
- ``editor``: ``game, players, options, deal, seed`` -> the deck, the places and an empty (or dealt) scenario for
  the scenario editor (pygame_rules/scenario_tools.py).
- ``coach``: ``session, seat, since`` -> ``{"situations": [...], "sections": {situation: anchor}}``: the rule
  situations the seat meets now, read from its own table (pygame_rules/coach.py), and the rules-page section of each,
  for the page's one-line tips.
- ``goal``: ``session, goal, seat`` -> ``{"met": bool}``: whether a lesson's target holds for ``seat`` after the
  session's moves so far (pygame_rules/lessons.py).
"""

from __future__ import annotations

import json
import math
import random
import re
import time
from collections.abc import Callable
from typing import Any

from .bots import app_budget_ms, bot_levels, hint_level, make_bot
from .bots.reasons import explain
from .core.errors import IllegalAction, RulesError
from .core.game import State, redact_event
from .registry import GAMES, from_scenario, game_class, load_state, new_game

SAVE_FORMAT = "pygame_rules.save"

# ----- limits (docs/api.md, "Request schema") ------------------------------------------------------------------
MAX_REQUEST_CHARS = 2_000_000  # a whole request as JSON text (a long saved match is well under 1 MB)
MAX_DEPTH = 24  # nesting of arrays and objects in a request, counted before parsing (a save needs about 8)
MAX_NODES = 200_000  # values in one parsed request
MAX_SHORT = 64  # characters of a name, a level, a session id, a seed, an id
MIN_BUDGET_MS, MAX_BUDGET_MS = 10, 10_000  # a bot's thinking ceiling per decision, when a request sets one
MAX_INT = 2**53  # integers anywhere in a request stay within what JavaScript represents exactly
MAX_OPTIONS = 32  # keys of ``options``
LOG_WINDOW = 400  # log lines at most in one answer (the newest ones)
MAX_ACTIONS = 20_000  # actions in one ``replay`` (a long Skip-Bo match has a few thousand)
SLOT = re.compile(r"[a-z0-9_.-]{1,32}\Z")
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")


def _bad(message: str) -> RulesError:
    return RulesError(message, code="bad_request")


class Session:
    """One game in the worker: the state, the full event log, an undo stack and a bot random stream."""

    def __init__(self, state: State, seed: Any, log: list[dict[str, Any]] | None = None,
                 keep: str | None = None) -> None:
        self.state = state
        self.seed = seed
        self.log: list[dict[str, Any]] = log or []
        # every applied action's JSON, in order (``reveal``); None for a session loaded from a save without them
        self.actions: list[dict[str, Any]] | None = [] if not log else None
        # (state before, log length before, the seat that acted): only that seat may take it back
        self.undo_stack: list[tuple[dict[str, Any], int, int | None]] = []
        self.bot_calls = 0
        self.keep = keep  # the worker's storage slot this session is saved in, if any
        self.dirty = keep is not None
        # one bot per (seat, level) for the session, as in the arena: a bot may remember its own plan between moves
        # (Skip-Bo's hard follows the turn plan it chose). Not saved: after a reload the bot plans afresh.
        self.bots: dict[tuple[int, str], Any] = {}

    def apply(self, action: Any, player: int | None) -> list[dict[str, Any]]:
        """Apply for ``player``; keep an undo snapshot when the engine says the action may be taken back."""
        before = self.state.to_json()
        log_len = len(self.log)
        events = self.state.apply(action, player=player)  # a refused action raises here, nothing changed
        if self.actions is not None:
            self.actions.append(self.state.parse_action(action).to_json())
        for event in events:
            event.setdefault("player", player)
            event["seq"] = len(self.log)
            self.log.append(event)
        if self.state.undoable():
            self.undo_stack.append((before, log_len, player))
        else:
            self.undo_stack.clear()
        self.dirty = self.keep is not None
        return events

    def check_undo(self, seat: int) -> None:
        """Raise unless ``seat`` may take back the last action now (it made it and is still to move)."""
        if not self.undo_stack:
            raise IllegalAction("nothing to undo: the last move revealed a card or ended the turn", code="no_undo")
        if self.undo_stack[-1][2] != seat or self.state.current_player != seat:
            raise IllegalAction(f"seat {seat} cannot undo: only the player who moved, while still to move",
                                code="not_your_turn")

    def undo(self, seat: int) -> None:
        """Restore the state before the last undoable action of ``seat``."""
        self.check_undo(seat)
        before, log_len, _ = self.undo_stack[-1]
        try:
            state = load_state(before)
        except RulesError as exc:  # never expected (tests/test_save_roundtrip.py): say so with a code, change nothing
            raise RulesError("the move cannot be taken back: the position before it could not be restored",
                             code="undo_failed") from exc
        self.undo_stack.pop()
        self.state = state
        if self.actions:  # the top of the undo stack is always the last apply (any other apply clears the stack)
            self.actions.pop()
        del self.log[log_len:]
        self.dirty = self.keep is not None

    def bot_rng(self) -> random.Random:
        """A reproducible stream for bot decisions in this session."""
        self.bot_calls += 1
        return random.Random(f"{self.seed}/bot/{self.bot_calls}")

    def save(self) -> dict[str, Any]:
        """Everything needed to resume after a reload. Only the worker's storage ever holds it."""
        out = {"format": SAVE_FORMAT, "state": self.state.to_json(), "seed": self.seed, "log": self.log,
               "bot_calls": self.bot_calls}
        if self.actions is not None:
            out["actions"] = self.actions
        return out

    def table(self, seat: int, since: int = 0) -> dict[str, Any]:
        """What the page draws for ``seat``: nothing another seat holds, and only the log lines from ``since``."""
        state = self.state
        mine = state.current_player == seat
        start = max(since, len(self.log) - LOG_WINDOW)
        out: dict[str, Any] = {
            "game": state.game,
            "seat": seat,
            "view": state.view(seat),
            "current_player": state.current_player,
            "over": state.is_over(),
            "legal": [a.to_json() for a in state.legal_actions()] if mine else [],
            "undoable": bool(self.undo_stack) and mine and self.undo_stack[-1][2] == seat,
            "log": [redact_event(e, seat) for e in self.log[start:]],
            "log_length": len(self.log),
        }
        if state.is_over():
            out["result"] = state.result()
        return out


_sessions: dict[str, Session] = {}
_counter = 0


def _register(session: Session) -> str:
    """Add a fully built session (only once nothing can fail any more) and give its id."""
    global _counter
    _counter += 1
    sid = f"s{_counter}"
    if session.keep is not None:  # one session per slot: an older one stops saving there
        for other in _sessions.values():
            if other.keep == session.keep:
                other.keep = None
                other.dirty = False
    _sessions[sid] = session
    return sid


def _session(req: dict[str, Any]) -> Session:
    sid = req.get("session")
    if sid not in _sessions:
        raise RulesError(f"no session {sid!r}: start or load a game first", code="no_session")
    return _sessions[sid]


def _seat(req: dict[str, Any], state: State) -> int:
    seat = req.get("seat", 0)
    if not 0 <= seat < state.players:
        raise _bad(f"seat must be a seat of this {state.players}-player game, not {seat!r}")
    return int(seat)


# ----- the request schema --------------------------------------------------------------------------------------
def _short(value: Any, name: str) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= MAX_SHORT:
        raise _bad(f"{name} must be a string of 1 to {MAX_SHORT} characters")
    return value


def _int(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _bad(f"{name} must be a whole number from {low} to {high}")
    return value


def _f_id(v: Any) -> None:
    if v is not None and not (isinstance(v, str) and len(v) <= MAX_SHORT):
        _int(v, "id", -MAX_INT, MAX_INT)


def _f_seed(v: Any) -> None:
    if v is None:
        return
    if isinstance(v, str):
        if len(v) > MAX_SHORT:
            raise _bad(f"a seed has at most {MAX_SHORT} characters")
        return
    _int(v, "seed", -MAX_INT, MAX_INT)


def _f_options(v: Any) -> None:
    if v is None:
        return
    if not isinstance(v, dict) or len(v) > MAX_OPTIONS:
        raise _bad(f"options must be an object with at most {MAX_OPTIONS} entries")
    for key, value in v.items():
        _short(key, "an option name")
        if isinstance(value, str):
            _short(value, f"option {key}")
        elif value is not None and not isinstance(value, (bool, int)):
            raise _bad(f"option {key} must be a number, true/false, a short string or null")


def _f_object(name: str) -> Callable[[Any], None]:
    def check(v: Any) -> None:
        if not isinstance(v, dict):
            raise _bad(f"{name} must be a JSON object")
    return check


def _f_save(v: Any) -> None:
    if not isinstance(v, (dict, str)):
        raise _bad("save must be a saved game (an object or its JSON text)")


def _f_keep(v: Any) -> None:
    if not isinstance(v, str) or not SLOT.match(v):
        raise _bad("keep must be a slot name of 1 to 32 characters a-z 0-9 _ . -")


def _f_actions(v: Any) -> None:
    if not isinstance(v, list) or len(v) > MAX_ACTIONS or not all(isinstance(a, dict) for a in v):
        raise _bad(f"actions must be a list of at most {MAX_ACTIONS} action objects")


def _f_bool(v: Any, name: str) -> None:
    if not isinstance(v, bool):
        raise _bad(f"{name} must be true or false")


FIELDS: dict[str, Callable[[Any], Any]] = {
    "id": _f_id,
    "op": lambda v: _short(v, "op"),
    "session": lambda v: _short(v, "session"),
    "seat": lambda v: _int(v, "seat", 0, 63),
    "game": lambda v: _short(v, "game"),
    "players": lambda v: _int(v, "players", 1, 64),
    "seed": _f_seed,
    "options": _f_options,
    "scenario": _f_object("scenario"),
    "action": _f_object("action"),
    "goal": _f_object("goal"),
    "level": lambda v: _short(v, "level"),
    "since": lambda v: _int(v, "since", 0, MAX_INT),
    "save": _f_save,
    "keep": _f_keep,
    "deal": lambda v: _f_bool(v, "deal"),
    "actions": _f_actions,
    "budget_ms": lambda v: _int(v, "budget_ms", MIN_BUDGET_MS, MAX_BUDGET_MS),
}

# per op: (required fields, optional fields); "id" and "op" are always allowed
SCHEMA: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    op: (frozenset(req.split()), frozenset(opt.split())) for op, req, opt in (
        ("games", "", ""),
        ("new", "game players", "seed options seat keep"),
        ("load", "save", "seat keep"),
        ("scenario", "game scenario", "seat seed"),
        ("table", "session", "seat since"),
        ("check", "session action", "seat"),
        ("act", "session action", "seat"),
        ("bot", "session", "level seat budget_ms"),
        ("hint", "session", "level seat budget_ms"),
        ("undo", "session", "seat"),
        ("drop", "session", ""),
        ("reveal", "session", ""),
        ("replay", "game players actions", "seed options seat"),
        ("editor", "game players", "options deal seed"),
        ("goal", "session goal", "seat"),
        ("coach", "session", "seat since"),
    )
}


def check_text(text: Any, what: str = "request", code: str = "bad_request") -> None:
    """Refuse JSON text that is too long or nested too deeply, before any parser sees it (a deep document can
    exhaust the interpreter's stack in the browser, where that kills the worker instead of raising)."""
    if not isinstance(text, str):
        raise RulesError(f"the {what} must be JSON text", code=code)
    if len(text) > MAX_REQUEST_CHARS:
        raise RulesError(f"the {what} is too long ({len(text)} characters, at most {MAX_REQUEST_CHARS})", code=code)
    depth = 0
    # brackets inside strings do not nest; an unterminated string leaves its brackets counted (refused either way)
    for ch in _NOT_BRACKETS.sub("", _STRINGS.sub("", text)):
        if ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise RulesError(f"the {what} is nested too deeply (at most {MAX_DEPTH} levels)", code=code)
        else:
            depth -= 1


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_json(text: Any, what: str = "request", code: str = "bad_request") -> Any:
    """Parse after :func:`check_text`; every value checked: finite numbers, integers within ±2**53, strings that
    are valid Unicode (no lone surrogates), at most ``MAX_NODES`` values."""
    check_text(text, what, code)
    try:
        value = json.loads(text, parse_constant=_reject_constant)
    except (ValueError, RecursionError) as exc:
        raise RulesError(f"the {what} is not valid JSON ({exc})", code=code) from exc
    _check_values(value, what, code)
    return value


def _check_values(value: Any, what: str, code: str) -> None:
    stack = [value]
    count = 0
    while stack:
        v = stack.pop()
        count += 1
        if count > MAX_NODES:
            raise RulesError(f"the {what} has too many values (at most {MAX_NODES})", code=code)
        if isinstance(v, dict):
            for key in v:
                _check_string(key, what, code)
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
        elif isinstance(v, str):
            _check_string(v, what, code)
        elif isinstance(v, float):
            if not math.isfinite(v):
                raise RulesError(f"the {what} holds a number out of range", code=code)
        elif isinstance(v, int) and not isinstance(v, bool) and not -MAX_INT <= v <= MAX_INT:
            raise RulesError(f"the {what} holds an integer beyond ±2**53", code=code)


def _check_string(s: str, what: str, code: str) -> None:
    try:
        s.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise RulesError(f"the {what} holds a string that is not valid Unicode", code=code) from exc


def check_request(req: Any) -> dict[str, Any]:
    """The schema check every request passes before any work: known op, known fields, each of its type and size."""
    if not isinstance(req, dict):
        raise _bad("a request must be a JSON object")
    op = req.get("op")
    if not isinstance(op, str) or op not in SCHEMA:
        shown = op if isinstance(op, str) and len(op) <= MAX_SHORT else "?"
        raise _bad(f"unknown op {shown!r} (known: {', '.join(SCHEMA)})")
    required, optional = SCHEMA[op]
    for name in req:
        if name not in required and name not in optional and name not in ("id", "op"):
            shown = name if len(name) <= MAX_SHORT else name[:MAX_SHORT] + "…"
            raise _bad(f"op {op!r} takes no field {shown!r}")
    for name in required:
        if name not in req:
            raise _bad(f"op {op!r} needs the field {name!r}")
    for name, value in req.items():
        FIELDS[name](value)
    return req


# ----- operations: each checks everything it needs before it changes anything -----------------------------------
def op_games(req: dict[str, Any]) -> dict[str, Any]:
    """Declarations of every registered game."""
    return {"games": [dict(game_class(n).info.to_json(), bots=bot_levels(n)) for n in GAMES]}


def op_new(req: dict[str, Any]) -> dict[str, Any]:
    """Start a new session."""
    seed = req.get("seed")
    if seed is None:
        seed = random.SystemRandom().randrange(1, 10**9)
    state = new_game(req["game"], players=req["players"], seed=seed, options=req.get("options"))
    session = Session(state, seed, keep=req.get("keep"))
    table = session.table(_seat(req, state))
    return {"session": _register(session), "seed": seed, "table": table}


def _guarded(code: str, what: str, build: Callable[[], Any]) -> Any:
    """Run ``build`` on a document from outside (a save, a scenario); a crash deep in a game's loader on input it
    did not foresee is still that document's fault, so it is refused with ``code`` instead of ``internal_error``."""
    try:
        return build()
    except RulesError:
        raise
    except Exception as exc:  # noqa: BLE001 - the boundary turns every crash on foreign input into a refusal
        raise RulesError(f"the {what} is corrupt ({type(exc).__name__}: {exc})", code=code) from exc


def _check_log(log: Any) -> list[dict[str, Any]]:
    if not isinstance(log, list) or not all(
            isinstance(e, dict) and isinstance(e.get("private", {}), dict)
            and all(isinstance(p, dict) for p in e.get("private", {}).values()) for e in log):
        raise RulesError("the saved game's log is corrupt", code="bad_state")
    return log


def op_load(req: dict[str, Any]) -> dict[str, Any]:
    """Resume a save; a corrupt one is refused with ``bad_state`` and leaves no session behind."""
    save = req["save"]
    if isinstance(save, str):
        save = parse_json(save, "saved game", "bad_state")
    if not isinstance(save, dict) or save.get("format") != SAVE_FORMAT:
        raise RulesError("the saved game is not a pygame_rules save", code="bad_state")
    log = _check_log(save.get("log"))
    seed = save.get("seed")
    if not (isinstance(seed, str) and len(seed) <= MAX_SHORT or isinstance(seed, int) and not isinstance(seed, bool)):
        raise RulesError("the saved game's seed is corrupt", code="bad_state")

    def build() -> tuple[Session, dict[str, Any]]:
        state = load_state(save.get("state"))
        session = Session(state, seed, log, keep=req.get("keep"))
        calls = save.get("bot_calls", 0)
        session.bot_calls = calls if isinstance(calls, int) and not isinstance(calls, bool) and calls >= 0 else 0
        actions = save.get("actions")
        if isinstance(actions, list) and all(isinstance(a, dict) for a in actions):
            session.actions = list(actions)
        session.dirty = False  # it is what the slot holds already
        return session, session.table(_seat(req, state))

    session, table = _guarded("bad_state", "saved game", build)
    return {"session": _register(session), "seed": seed, "table": table}


def op_scenario(req: dict[str, Any]) -> dict[str, Any]:
    """Start a session at a scenario's position."""
    def build() -> tuple[Session, dict[str, Any]]:
        state = from_scenario(req["game"], req["scenario"])
        session = Session(state, req.get("seed", 0))
        return session, session.table(_seat(req, state))

    session, table = _guarded("bad_scenario", "scenario", build)
    return {"session": _register(session), "table": table}


def op_table(req: dict[str, Any]) -> dict[str, Any]:
    """The table for a seat."""
    session = _session(req)
    return {"table": session.table(_seat(req, session.state), req.get("since", 0))}


def op_check(req: dict[str, Any]) -> dict[str, Any]:
    """Would this action be legal? Never changes anything."""
    session = _session(req)
    try:
        session.state.check(req["action"], player=_seat(req, session.state))
    except IllegalAction as exc:
        refusal = exc.to_json()  # code, message, and the game's reason and params when it gave them
        return {"legal": False, **{k: v for k, v in refusal.items() if k != "details"}}
    return {"legal": True, "message": "legal"}


def op_act(req: dict[str, Any]) -> dict[str, Any]:
    """Apply an action for ``seat``."""
    session = _session(req)
    seat = _seat(req, session.state)
    since = len(session.log)
    session.apply(req["action"], seat)
    return {"table": session.table(seat, since)}


def _bot(session: Session, level: str, seat: int, budget_ms: int | None = None) -> Any:
    """The session's bot of ``level`` for ``seat`` (``bad_request`` for a level the game has no bot for).

    A searching level thinks at most ``budget_ms`` (default: the game's :func:`app_budget_ms`) per decision."""
    game = session.state.game
    budget = app_budget_ms(game, level) if budget_ms is None else float(budget_ms)
    key = (seat, level) if budget_ms is None else (seat, f"{level}@{budget_ms}")
    bot = session.bots.get(key)
    if bot is None:
        try:
            bot = make_bot(game, level) if app_budget_ms(game, level) is None else make_bot(
                game, level, budget_ms=budget)
        except ValueError as exc:
            raise _bad(f"no bot level {level!r} for {game}") from exc
        session.bots[key] = bot
    return bot


def _bot_choice(session: Session, level: str, seat: int, budget_ms: int | None = None) -> tuple[Any, float]:
    state = session.state
    bot = _bot(session, level, seat, budget_ms)
    start = time.perf_counter()
    action = bot.choose(state.view(seat), state.legal_actions(), session.bot_rng())
    return action, (time.perf_counter() - start) * 1000


def public_action(action: dict[str, Any], events: list[dict[str, Any]], mover: int, viewer: int) -> dict[str, Any]:
    """The bot's action as ``viewer`` may see it: whole for the mover; for the others reduced to its type and the
    public fields of its own event when that event keeps a part private to the mover (Level 8's kept cards)."""
    if viewer == mover:
        return action
    for event in events:
        if event.get("type") == action.get("type") and str(mover) in (event.get("private") or {}):
            public = redact_event(event, None)
            return {"type": action.get("type"), **{k: v for k, v in public.items()
                                                   if k not in ("type", "text", "player", "seq")}}
    return action


def op_bot(req: dict[str, Any]) -> dict[str, Any]:
    """Let a bot play the current player's move; ``seat`` is whose table to return."""
    session = _session(req)
    seat = _seat(req, session.state)
    mover = session.state.current_player
    if mover is None or session.state.is_over():
        raise RulesError("the game is over", code="game_over")
    action, ms = _bot_choice(session, req.get("level", "normal"), mover, req.get("budget_ms"))
    since = len(session.log)
    events = session.apply(action, mover)
    return {"action": public_action(action.to_json(), events, mover, seat), "player": mover, "ms": ms,
            "table": session.table(seat, since)}


def op_hint(req: dict[str, Any]) -> dict[str, Any]:
    """The move a bot suggests for ``seat`` (who must be to move)."""
    session = _session(req)
    seat = _seat(req, session.state)
    if session.state.is_over():
        raise RulesError("the game is over", code="game_over")
    if session.state.current_player != seat:
        raise RulesError("a hint is only given to the player whose turn it is", code="not_your_turn")
    level = req.get("level", "auto")
    if level == "auto":
        level = hint_level(session.state.game)
    view, legal = session.state.view(seat), session.state.legal_actions()
    action, ms = _bot_choice(session, level, seat, req.get("budget_ms"))
    try:
        reason = explain(session.state.game, _bot(session, level, seat, req.get("budget_ms")), view, legal, action)
    except Exception:  # noqa: BLE001 - a hint without its reason beats no hint (the page words "best" then)
        reason = {"code": "best", "params": {}}
    return {"action": action.to_json(), "ms": ms, "level": level, "reason": reason}


def op_undo(req: dict[str, Any]) -> dict[str, Any]:
    """Take back the last undoable action of ``seat``; the answer's ``log_length`` says where the log now ends."""
    session = _session(req)
    seat = _seat(req, session.state)
    session.undo(seat)
    return {"table": session.table(seat, len(session.log))}


def op_drop(req: dict[str, Any]) -> dict[str, Any]:
    """Forget a session."""
    _sessions.pop(req["session"], None)
    return {}


def op_reveal(req: dict[str, Any]) -> dict[str, Any]:
    """Every action of a finished game, for the guests' check (never while it is played: they would show hands)."""
    session = _session(req)
    state = session.state
    if not state.is_over():
        raise RulesError("the actions are revealed only once the game is over", code="not_over")
    if session.actions is None:
        raise RulesError("this game was resumed from a save that does not list its actions", code="no_actions")
    return {"actions": session.actions, "seed": session.seed, "game": state.game, "players": state.players,
            "options": state.options}


def op_replay(req: dict[str, Any]) -> dict[str, Any]:
    """Replay ``actions`` from a new deal: the log as ``seat`` sees it and the final table, or where it broke."""
    seed = req.get("seed")
    state = new_game(req["game"], players=req["players"], seed=seed, options=req.get("options"))
    seat = _seat(req, state)
    session = Session(state, seed)
    refused: dict[str, Any] = {}
    for index, action in enumerate(req["actions"]):
        try:
            session.apply(action, state.current_player)
        except IllegalAction as exc:
            refused = {"refused": index, "error": exc.to_json()}
            break
    log = [redact_event(e, seat) for e in session.log]
    table = session.table(seat, len(session.log))
    return {"log": log, "table": table, **refused}


def op_editor(req: dict[str, Any]) -> dict[str, Any]:
    """What the scenario editor lays out a position with (scenario_tools.editor_kit)."""
    from .scenario_tools import editor_kit

    return editor_kit(req.get("game"), req.get("players"), req.get("options"), req.get("deal") is True,
                      req.get("seed", 1))


def op_goal(req: dict[str, Any]) -> dict[str, Any]:
    """Whether a lesson's target holds for ``seat`` after the session's moves (lessons.goal_met)."""
    from .lessons import goal_met

    session = _session(req)
    seat = _seat(req, session.state)
    return {"met": goal_met(session.log, seat, req["goal"], session.state.game)}


def op_coach(req: dict[str, Any]) -> dict[str, Any]:
    """The rule situations ``seat`` meets now (coach.situations), from the table that seat may see."""
    from .coach import SECTIONS, situations

    session = _session(req)
    found = situations(session.table(_seat(req, session.state), req.get("since", 0)))
    return {"situations": found, "sections": {s: SECTIONS[session.state.game][s] for s in found}}


OPS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "games": op_games, "new": op_new, "load": op_load, "scenario": op_scenario, "table": op_table,
    "check": op_check, "act": op_act, "bot": op_bot, "hint": op_hint, "undo": op_undo, "drop": op_drop,
    "reveal": op_reveal, "replay": op_replay, "editor": op_editor, "goal": op_goal, "coach": op_coach,
}


def _safe_id(req: Any) -> Any:
    rid = req.get("id") if isinstance(req, dict) else None
    try:
        _f_id(rid)
    except RulesError:
        return None
    return rid


def handle_request(req: Any) -> dict[str, Any]:
    """Answer one request dict; every refusal becomes ``ok: false`` with a stable code, never an exception."""
    rid = _safe_id(req)
    try:
        if isinstance(req, dict):
            _check_values(req, "request", "bad_request")
        check_request(req)
        return {"id": rid, "ok": True, **OPS[req["op"]](req)}
    except RulesError as exc:
        return {"id": rid, "ok": False, "error": exc.to_json()}
    except Exception as exc:  # a bug: report it instead of killing the worker
        return {"id": rid, "ok": False, "error": {"code": "internal_error", "message": f"{type(exc).__name__}: {exc}"}}


_LEADING_ID = re.compile(r'\s*\{\s*"id"\s*:\s*(-?\d{1,16}|"[^"\\]{0,64}")\s*[,}]')


def _rescue_id(text: Any) -> Any:
    """The id of a request refused before parsing, if it comes first (as js/worker/engine.js sends it), so the page can
    still match the refusal to its request; otherwise None."""
    match = _LEADING_ID.match(text[:200]) if isinstance(text, str) else None
    return json.loads(match.group(1)) if match else None


def handle(request_json: str) -> str:
    """The worker's entry point: JSON text in, JSON text out (length and depth checked before parsing)."""
    try:
        req = parse_json(request_json)
    except RulesError as exc:
        return json.dumps({"id": _rescue_id(request_json), "ok": False, "error": exc.to_json()})
    return json.dumps(handle_request(req))


def pending_saves() -> str:
    """For the worker, after each request: ``[[slot, save_json], ...]`` for the kept sessions that changed since
    the last call. The saves go to the worker's own storage, never to the page."""
    out = []
    for session in _sessions.values():
        if session.dirty and session.keep is not None:
            session.dirty = False
            out.append([session.keep, json.dumps(session.save(), separators=(",", ":"))])
    return json.dumps(out)
