"""A match is a series of games with scores carried over: one shared mechanism, configured per game.

A game opts in by giving its State class a ``MATCH`` attribute (a :class:`MatchRules`). When the options ask for a
match, :func:`new_state` wraps the game in a :class:`MatchState` that deals each next game automatically (with the
game's own rule for who starts), adds up the points, and ends when the game's rule says the match is over.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable, Mapping
from typing import Annotated, Any

from .actions import Action
from .errors import IllegalAction
from .game import Event, State, winners_by_max
from .rng import GameRandom
from .table import PER_SEAT, Context, Range, Seat, Size, check_keys, codec_for


@dataclasses.dataclass(frozen=True)
class MatchRules:
    """How one game is played as a match.

    - ``enabled(options)``: whether these options ask for a match at all.
    - ``points(result, players, options)``: the match points each seat earns from one finished game.
    - ``finished(totals, games_played, options)``: whether the match is over after a game.
    - ``next_start(finished_game, totals, previous_start)``: the ``start`` seat handed to the next game's setup.
    """

    enabled: Callable[[dict[str, Any]], bool]
    points: Callable[[dict[str, Any], int, dict[str, Any]], list[int]]
    finished: Callable[[list[int], int, dict[str, Any]], bool]
    next_start: Callable[[State, list[int], int], int]


def new_state(cls: type[State], players: int, seed: int | str, options: Mapping[str, Any] | None) -> State:
    """A new game of ``cls``, wrapped in a match when the game has match rules and the options ask for one."""
    state = cls.new(players, seed, options)
    rules = getattr(cls, "MATCH", None)
    if rules is not None and rules.enabled(state.options):
        return MatchState(cls, state, seed)
    return state


class MatchState(State):
    """A whole match: delegates every query to the current game and deals the next game when one ends."""

    def __init__(self, cls: type[State], first: State, seed: int | str) -> None:
        self.inner_cls = cls
        self.info = cls.info  # type: ignore[misc]
        self.ACTIONS = cls.ACTIONS  # type: ignore[misc]
        self.rules: MatchRules = cls.MATCH  # type: ignore[attr-defined]
        self.inner = first
        self.players = first.players
        self.options = first.options
        self.rng = GameRandom(seed)
        self.totals = [0] * self.players
        self.history: list[dict[str, Any]] = []  # finished games: result, points, start
        self.start = _start_of(first)
        self.over = False

    # delegation -------------------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.over else self.inner.current_player

    def legal_actions(self) -> list[Action]:
        return [] if self.over else self.inner.legal_actions()

    def is_over(self) -> bool:
        return self.over

    def undoable(self) -> bool:
        return not self.over and not self.inner.is_over() and self.inner.undoable()

    def _check(self, action: Action) -> None:
        self.inner._check(action)

    def apply(self, action: Any, *, player: int | None = None) -> list[Event]:
        """The current game's :meth:`State.apply` (its checks are the match's: same actions, same seat to move, and
        a match in progress always has a game in progress), then the next game when that one ended."""
        if self.over:
            return super().apply(action, player=player)  # (refused: the match is over)
        inner = self.inner
        events = inner.apply(action, player=player)
        if inner.is_over():
            events += self._finish_game()
        return events

    def play(self, action: Action) -> None:
        """The current game's :meth:`State.play` (no event built), then the next game when that one ended."""
        inner = self.inner
        inner.play(action)
        if inner.is_over():
            self._finish_game()

    def _perform(self, action: Action, log: list[Event] | None) -> None:
        if log is None:  # nobody reads the events, so the inner game builds none either
            self.play(action)
            return
        inner = self.inner
        log += inner.apply_listed(action)
        if inner.is_over():
            log += self._finish_game()

    def _finish_game(self) -> list[Event]:
        result = self.inner.result()
        points = self.rules.points(result, self.players, self.options)
        self.totals = [t + p for t, p in zip(self.totals, points, strict=True)]
        number = len(self.history) + 1
        self.history.append({"result": result, "points": points, "start": self.start})
        events: list[Event] = [
            {
                "type": "game_end",
                "game_number": number,
                "points": points,
                "totals": list(self.totals),
            }
        ]
        if self.rules.finished(self.totals, number, self.options):
            self.over = True
            winners = winners_by_max(self.totals)
            events.append({"type": "match_end", "winners": winners, "totals": list(self.totals)})
            return events
        self.start = self.rules.next_start(self.inner, self.totals, self.start)
        self.inner = self.inner_cls._setup(self.players, self.options, self.rng.fork(f"game{number + 1}"),
                                           start=self.start)
        events.append({"type": "game_start", "game_number": number + 1, "start": self.start})
        return events

    def result(self) -> dict[str, Any]:
        if not self.over:
            raise IllegalAction("the match is not over yet", code="not_over")
        return {
            "scores": list(self.totals),
            "winners": winners_by_max(self.totals),
            "games": [dict(g["result"], points=g["points"]) for g in self.history],
        }

    def view(self, player: int) -> dict[str, Any]:
        out = self.inner.view(player)
        out["match"] = self._match_view()
        if self.over:
            out["over"] = True
            out["current_player"] = None
            out["result"] = self.result()
        return out

    def _match_view(self) -> dict[str, Any]:
        return {
            "game_number": len(self.history) + (0 if self.over else 1),
            "totals": list(self.totals),
            "games": [{"points": g["points"], "scores": g["result"].get("scores"),
                       "winners": g["result"].get("winners")} for g in self.history],
            "over": self.over,
        }

    # persistence -------------------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out["kind"] = "match"
        return out

    def _data_to_json(self) -> dict[str, Any]:
        return {
            "match": {"totals": list(self.totals), "history": copy.deepcopy(self.history), "start": self.start,
                      "over": self.over},
            "game": self.inner.to_json(),
        }

    def clone(self) -> MatchState:
        """An independent copy (the match and its current game)."""
        other = MatchState(self.inner_cls, self.inner.clone(), self.rng.seed)
        other.rng = self.rng.copy()
        other.totals = list(self.totals)
        other.history = copy.deepcopy(self.history)
        other.start = self.start
        other.over = self.over
        return other

    @classmethod
    def load(cls, inner_cls: type[State], data: Mapping[str, Any]) -> MatchState:
        """Rebuild from :meth:`to_json` output (``data`` is the whole saved dict), checking the match as a table.

        The history must add up to the totals, a finished game is only ever the last one of a finished match,
        and the match is over exactly when its rule says so. Nothing of ``data`` is kept.
        """
        body = data["data"]
        check_keys(body, ["match", "game"], "data")
        inner = inner_cls.from_json(body["game"])
        # The current game plays by the match's options (its rules for points and the end read them): a game saved
        # with other options, or options that ask for no match, would be accepted and fail at the end of the game.
        options = inner_cls.info.resolve_options(data["players"], data["options"])
        if inner.players != data["players"] or inner.options != options:
            raise ValueError("the current game's players or options differ from the match's")
        rules: MatchRules = inner_cls.MATCH  # type: ignore[attr-defined]
        if not rules.enabled(options):
            raise ValueError("the match's options do not ask for a match")
        record = MATCH_RECORD.decode(body["match"], "match", Context(inner.players))
        state = cls(inner_cls, inner, GameRandom.from_json(data["rng"]).seed)
        state.rng = GameRandom.from_json(data["rng"])
        state.totals = list(record.totals)
        state.history = [PLAYED_GAME.encode(g) for g in record.history]
        state.start = record.start
        state.over = record.over
        for i, game in enumerate(record.history):
            result = game.result
            if not isinstance(result, dict):
                raise ValueError(f"match.history[{i}].result must be an object")
            GAME_RESULT.decode({"scores": result.get("scores"), "winners": result.get("winners")},
                               f"match.history[{i}].result", Context(state.players))
            if list(game.points) != state.rules.points(result, state.players, state.options):
                raise ValueError(f"match.history[{i}].points do not follow from that game's result")
        sums = [sum(g.points[s] for g in record.history) for s in range(state.players)]
        if sums != state.totals:
            raise ValueError(f"match totals {state.totals} are not the sum of the games' points {sums}")
        if record.over != (bool(record.history) and state.rules.finished(state.totals, len(record.history),
                                                                         state.options)):
            raise ValueError("the match is over exactly when its rule says so after the last game")
        if inner.is_over() != record.over:
            raise ValueError("the current game is finished exactly when the match is")
        if not record.over:
            state._check_usable()
        return state


@dataclasses.dataclass(frozen=True)
class GameResult:
    """What a match keeps of one finished game's result: scores and winners (the rest is the game's own)."""

    scores: Annotated[tuple[int, ...], PER_SEAT]
    winners: Annotated[tuple[Seat, ...], Size(most=8)]


@dataclasses.dataclass(frozen=True)
class PlayedGame:
    """One finished game of a match."""

    result: Any
    points: Annotated[tuple[Annotated[int, Range(0)], ...], PER_SEAT]
    start: Seat


@dataclasses.dataclass(frozen=True)
class MatchRecord:
    """The match part of a saved match."""

    totals: Annotated[tuple[int, ...], PER_SEAT]
    history: tuple[PlayedGame, ...]
    start: Seat
    over: bool


PLAYED_GAME = codec_for(PlayedGame)
MATCH_RECORD = codec_for(MatchRecord)
GAME_RESULT = codec_for(GameResult)


def _start_of(state: State) -> int:
    start = getattr(state, "start", None)
    return start if isinstance(start, int) else 0
