"""The one JSON boundary the browser worker calls: ``handle(request_json) -> response_json``.

Requests are ``{"id": any, "op": str, ...}``; responses are ``{"id": same, "ok": true, ...}`` or
``{"id": same, "ok": false, "error": {"code", "message"}}``. Nothing here knows a rule: it composes the public API.

Sessions live in memory in the worker. Every answer about a session carries a ``table`` for the seat asked
(``seat``): that seat's view, its legal actions when it is to move, whether undo is allowed, the new log entries
as that seat may see them, and the ``save`` blob the page stores so that a reload resumes the game.

Operations (all arguments are JSON):

- ``games``: the declarations of every game and its bot levels.
- ``new``: ``game, players, seed, options, seat`` -> a new session.
- ``load``: ``save, seat`` -> a session from a stored save (``bad_state`` error when corrupt).
- ``scenario``: ``game, scenario, seat`` -> a session at a teaching position.
- ``table``: ``session, seat`` -> the table again (e.g. after switching the hot-seat player).
- ``check``: ``session, action, seat`` -> ``{"legal": bool, "message"}`` without changing anything.
- ``act``: ``session, action, seat`` -> apply the action for ``seat``.
- ``bot``: ``session, level, seat`` -> the bot chooses and plays for the current player; ``seat`` is the viewer.
- ``hint``: ``session, level, seat`` -> the action a bot would choose for ``seat`` (not applied); ``level`` "auto"
  (the default) lets the engine pick the game's best measured level (``bots.hint_level``).
- ``undo``: ``session, seat`` -> take back the last action if the engine allows it.
- ``drop``: ``session`` -> forget a session.
- ``editor``: ``game, players, options, deal, seed`` -> the deck, the places and an empty (or dealt) scenario for
  the scenario editor (pygame_rules/scenario_tools.py).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import Any

from .bots import bot_levels, hint_level, make_bot
from .core.errors import IllegalAction, RulesError
from .core.game import State, redact_event
from .registry import GAMES, from_scenario, game_class, load_state, new_game

SAVE_FORMAT = "pygame_rules.save"


class Session:
    """One game in the worker: the state, the full event log, an undo stack and a bot random stream."""

    def __init__(self, state: State, seed: Any, log: list[dict[str, Any]] | None = None) -> None:
        self.state = state
        self.seed = seed
        self.log: list[dict[str, Any]] = log or []
        self.undo_stack: list[tuple[dict[str, Any], int]] = []
        self.bot_calls = 0
        # one bot per (seat, level) for the session, as in the arena: a bot may remember its own plan between moves
        # (Skip-Bo's hard follows the turn plan it chose). Not saved: after a reload the bot plans afresh.
        self.bots: dict[tuple[int, str], Any] = {}

    def apply(self, action: Any, player: int | None) -> list[dict[str, Any]]:
        """Apply for ``player``; keep an undo snapshot when the engine says the action may be taken back."""
        before = self.state.to_json()
        log_len = len(self.log)
        events = self.state.apply(action, player=player)
        for event in events:
            event.setdefault("player", player)
            event["seq"] = len(self.log)
            self.log.append(event)
        if self.state.undoable():
            self.undo_stack.append((before, log_len))
        else:
            self.undo_stack.clear()
        return events

    def undo(self) -> None:
        """Restore the state before the last undoable action."""
        if not self.undo_stack:
            raise IllegalAction("nothing to undo: the last move revealed a card or ended the turn", code="no_undo")
        before, log_len = self.undo_stack.pop()
        self.state = load_state(before)
        del self.log[log_len:]

    def bot_rng(self) -> random.Random:
        """A reproducible stream for bot decisions in this session."""
        self.bot_calls += 1
        return random.Random(f"{self.seed}/bot/{self.bot_calls}")

    def save(self) -> dict[str, Any]:
        """Everything needed to resume after a reload."""
        return {"format": SAVE_FORMAT, "state": self.state.to_json(), "seed": self.seed, "log": self.log,
                "bot_calls": self.bot_calls}

    def table(self, seat: int, since: int = 0) -> dict[str, Any]:
        """What the page draws for ``seat``."""
        state = self.state
        mine = state.current_player == seat
        out: dict[str, Any] = {
            "game": state.game,
            "seat": seat,
            "view": state.view(seat),
            "current_player": state.current_player,
            "over": state.is_over(),
            "legal": [a.to_json() for a in state.legal_actions()] if mine else [],
            "undoable": bool(self.undo_stack) and mine,
            "log": [redact_event(e, seat) for e in self.log[since:]],
            "log_length": len(self.log),
            "save": self.save(),
        }
        if state.is_over():
            out["result"] = state.result()
        return out


_sessions: dict[str, Session] = {}
_counter = 0


def _new_session(state: State, seed: Any, log: list[dict[str, Any]] | None = None) -> str:
    global _counter
    _counter += 1
    sid = f"s{_counter}"
    _sessions[sid] = Session(state, seed, log)
    return sid


def _session(req: dict[str, Any]) -> Session:
    sid = req.get("session")
    if sid not in _sessions:
        raise RulesError(f"no session {sid!r}: start or load a game first", code="no_session")
    return _sessions[sid]


def _seat(req: dict[str, Any], session: Session | None = None) -> int:
    seat = req.get("seat", 0)
    players = session.state.players if session else 99
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise RulesError(f"seat must be a seat number, not {seat!r}", code="bad_request")
    return seat


def op_games(req: dict[str, Any]) -> dict[str, Any]:
    """Declarations of every registered game."""
    return {"games": [dict(game_class(n).info.to_json(), bots=bot_levels(n)) for n in GAMES]}


def op_new(req: dict[str, Any]) -> dict[str, Any]:
    """Start a new session."""
    seed = req.get("seed")
    if seed is None:
        seed = random.SystemRandom().randrange(1, 10**9)
    state = new_game(req.get("game"), players=req.get("players"), seed=seed, options=req.get("options"))
    sid = _new_session(state, seed)
    return {"session": sid, "seed": seed, "table": _sessions[sid].table(_seat(req, _sessions[sid]))}


def op_load(req: dict[str, Any]) -> dict[str, Any]:
    """Resume a stored save; a corrupt save is refused with ``bad_state``."""
    save = req.get("save")
    if isinstance(save, str):
        try:
            save = json.loads(save)
        except ValueError as exc:
            raise RulesError(f"the saved game is not valid JSON ({exc})", code="bad_state") from exc
    if not isinstance(save, dict) or save.get("format") != SAVE_FORMAT:
        raise RulesError("the saved game is not a pygame_rules save", code="bad_state")
    state = load_state(save.get("state"))
    log = save.get("log")
    if not isinstance(log, list) or not all(isinstance(e, dict) for e in log):
        raise RulesError("the saved game's log is corrupt", code="bad_state")
    sid = _new_session(state, save.get("seed"), log)
    session = _sessions[sid]
    calls = save.get("bot_calls", 0)
    session.bot_calls = calls if isinstance(calls, int) else 0
    return {"session": sid, "seed": session.seed, "table": session.table(_seat(req, session))}


def op_scenario(req: dict[str, Any]) -> dict[str, Any]:
    """Start a session at a scenario's position."""
    state = from_scenario(req.get("game"), req.get("scenario"))
    sid = _new_session(state, req.get("seed", 0))
    return {"session": sid, "table": _sessions[sid].table(_seat(req, _sessions[sid]))}


def op_table(req: dict[str, Any]) -> dict[str, Any]:
    """The table for a seat."""
    session = _session(req)
    return {"table": session.table(_seat(req, session), _since(req))}


def op_check(req: dict[str, Any]) -> dict[str, Any]:
    """Would this action be legal? Never changes anything."""
    session = _session(req)
    try:
        session.state.check(req.get("action"), player=_seat(req, session))
    except IllegalAction as exc:
        return {"legal": False, "code": exc.code, "message": exc.message}
    return {"legal": True, "message": "legal"}


def op_act(req: dict[str, Any]) -> dict[str, Any]:
    """Apply an action for ``seat``."""
    session = _session(req)
    seat = _seat(req, session)
    since = len(session.log)
    session.apply(req.get("action"), seat)
    return {"table": session.table(seat, since)}


def _bot_choice(session: Session, level: Any, seat: int) -> tuple[Any, float]:
    if not isinstance(level, str):
        raise RulesError("bot level must be a string", code="bad_request")
    state = session.state
    if state.is_over():
        raise RulesError("the game is over", code="game_over")
    bot = session.bots.get((seat, level))
    if bot is None:
        bot = session.bots[(seat, level)] = make_bot(state.game, level)
    start = time.perf_counter()
    action = bot.choose(state.view(seat), state.legal_actions(), session.bot_rng())
    return action, (time.perf_counter() - start) * 1000


def op_bot(req: dict[str, Any]) -> dict[str, Any]:
    """Let a bot play the current player's move; ``seat`` is whose table to return."""
    session = _session(req)
    seat = _seat(req, session)
    mover = session.state.current_player
    if mover is None:
        raise RulesError("the game is over", code="game_over")
    action, ms = _bot_choice(session, req.get("level", "normal"), mover)
    since = len(session.log)
    session.apply(action, mover)
    return {"action": action.to_json(), "player": mover, "ms": ms, "table": session.table(seat, since)}


def op_hint(req: dict[str, Any]) -> dict[str, Any]:
    """The move a bot suggests for ``seat`` (who must be to move)."""
    session = _session(req)
    seat = _seat(req, session)
    if session.state.current_player != seat:
        raise RulesError("a hint is only given to the player whose turn it is", code="not_your_turn")
    level = req.get("level", "auto")
    if level == "auto":
        level = hint_level(session.state.game)
    action, ms = _bot_choice(session, level, seat)
    return {"action": action.to_json(), "ms": ms, "level": level}


def op_undo(req: dict[str, Any]) -> dict[str, Any]:
    """Take back the last undoable action."""
    session = _session(req)
    session.undo()
    return {"table": session.table(_seat(req, session), 0)}


def op_drop(req: dict[str, Any]) -> dict[str, Any]:
    """Forget a session."""
    _sessions.pop(req.get("session"), None)
    return {}


def op_editor(req: dict[str, Any]) -> dict[str, Any]:
    """What the scenario editor lays out a position with (scenario_tools.editor_kit)."""
    from .scenario_tools import editor_kit

    return editor_kit(req.get("game"), req.get("players"), req.get("options"), req.get("deal") is True,
                      req.get("seed", 1))


def _since(req: dict[str, Any]) -> int:
    since = req.get("since", 0)
    return since if isinstance(since, int) and not isinstance(since, bool) and since >= 0 else 0


OPS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "games": op_games, "new": op_new, "load": op_load, "scenario": op_scenario, "table": op_table,
    "check": op_check, "act": op_act, "bot": op_bot, "hint": op_hint, "undo": op_undo, "drop": op_drop,
    "editor": op_editor,
}


def handle_request(req: Any) -> dict[str, Any]:
    """Answer one request dict; every refusal becomes ``ok: false`` with a stable code, never an exception."""
    rid = req.get("id") if isinstance(req, dict) else None
    try:
        if not isinstance(req, dict):
            raise RulesError("a request must be a JSON object", code="bad_request")
        op = OPS.get(req.get("op"))
        if op is None:
            raise RulesError(f"unknown op {req.get('op')!r} (known: {', '.join(OPS)})", code="bad_request")
        return {"id": rid, "ok": True, **op(req)}
    except RulesError as exc:
        return {"id": rid, "ok": False, "error": exc.to_json()}
    except Exception as exc:  # a bug: report it instead of killing the worker
        return {"id": rid, "ok": False, "error": {"code": "internal_error", "message": f"{type(exc).__name__}: {exc}"}}


def handle(request_json: str) -> str:
    """The worker's entry point: JSON text in, JSON text out."""
    try:
        req = json.loads(request_json)
    except ValueError as exc:
        return json.dumps({"id": None, "ok": False, "error": {"code": "bad_request", "message": f"bad JSON: {exc}"}})
    return json.dumps(handle_request(req))
