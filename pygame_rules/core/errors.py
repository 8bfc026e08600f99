"""The error hierarchy shared by every game.

Every error is a ``ValueError`` so that callers who only care about "bad input" can catch one thing, and each
carries a stable ``code`` string that the browser API passes on unchanged (the UI and tests key on the code, never
on the wording of the message).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class RulesError(ValueError):
    """Base class: something the caller supplied was refused. ``code`` is stable, ``details`` is JSON-safe.

    ``message`` is English for a programmer. It may be given as a function that words it, called the first time the
    message is read (a refusal's words come from the catalogues, and a bot asking :meth:`State.can` never reads them).
    """

    code: str = "rules_error"

    def __init__(self, message: str | Callable[[], str], *, code: str | None = None, **details: Any) -> None:
        super().__init__()
        if code is not None:
            self.code = code
        self._message = message
        self.details = details

    @property
    def message(self) -> str:
        """The English message, worded on first reading when it was given as a function."""
        if not isinstance(self._message, str):
            self._message = self._message()
        return self._message

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.message!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled worded (the arena's worker processes send errors back): its class, message and fields."""
        return _restore, (type(self), self.message, {k: v for k, v in vars(self).items() if k != "_message"})

    def to_json(self) -> dict[str, Any]:
        """The error as the JSON boundary reports it."""
        out: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.details:
            out["details"] = self.details
        return out


def _restore(cls: type[RulesError], message: str, fields: dict[str, Any]) -> RulesError:
    """An error as :meth:`RulesError.__reduce__` pickled it."""
    error = cls.__new__(cls)
    vars(error).update(fields, _message=message)
    return error


class ReasonedError(RulesError):
    """An error that may carry a stable ``reason`` code and JSON-safe ``params`` besides its English message, so that
    a page can word it in the reader's language (refusals, impossible scenarios)."""

    def __init__(self, message: str | Callable[[], str], *, code: str | None = None, reason: str | None = None,
                 params: dict[str, Any] | None = None, **details: Any) -> None:
        super().__init__(message, code=code, **details)
        self.reason = reason
        self.params = dict(params or {})

    def to_json(self) -> dict[str, Any]:
        """The error as the JSON boundary reports it, with ``reason`` and ``params`` when they were given."""
        out = super().to_json()
        if self.reason is not None:
            out["reason"] = self.reason
            out["params"] = dict(self.params)
        return out


class IllegalAction(ReasonedError):
    """An action was refused; the state is exactly as it was before the attempt.

    Besides the English ``message``, a refusal may carry a stable ``reason`` code and its ``params`` (JSON-safe),
    so that a page can word it in the reader's language; the codes are listed in docs/api.md.
    """

    code = "illegal_action"


class MalformedAction(IllegalAction):
    """The action is not a well-formed action of this game at all (unknown type, missing or bad fields)."""

    code = "malformed_action"


class NotYourTurn(IllegalAction):
    """The action was submitted for a seat that is not the one to decide."""

    code = "not_your_turn"


class GameOverError(IllegalAction):
    """The game has ended; no action is accepted."""

    code = "game_over"


class UnknownGame(RulesError):
    """No game is registered under that name."""

    code = "unknown_game"


class BadOptions(RulesError):
    """Options or the player count do not fit the game's declaration."""

    code = "bad_options"


class BadScenario(ReasonedError):
    """A scenario describes an impossible position (invented or duplicated cards, wrong shapes...).

    Like a refusal, it may carry a stable ``reason`` code and JSON-safe ``params`` (seats 0-based), so that the
    scenario editor can word the problem in the reader's language (``editor.problem.<game>.<reason>``).
    """

    code = "bad_scenario"


class TableProblem(ValueError):
    """A position breaks one of its game's invariants; ``reason`` and ``params`` name the problem for a reader (a
    scenario built on it is refused as :class:`BadScenario` with the same reason, a save as :class:`BadState`)."""

    def __init__(self, message: str, *, reason: str, params: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.params = dict(params or {})


class BadState(RulesError):
    """A saved state could not be loaded: it is corrupt, truncated, or from an incompatible format."""

    code = "bad_state"
