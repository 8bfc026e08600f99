"""The hard search's wall-clock ceiling, pinned without timing anything: the bots' clock is replaced by a fake one
whose time moves only when a rollout (or a sampled Skip-Bo deal) is played, so every run takes the same path and
the test checks the *rule* of the anytime search: it never starts a batch that, at the last batch's pace, would
end past the ceiling, and it always answers with a legal move."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from pygame_rules.bots import make_bot
from pygame_rules.bots.search import SearchBot
from pygame_rules.registry import new_game


def _hard(game: str, **params: Any) -> Any:
    """A hard bot, typed loosely: the tests read its ``stats`` and ``iterations``."""
    return make_bot(game, "hard", **params)


class FakeTime:
    """``perf_counter`` stand-in: time stands still until :meth:`spend` moves it."""

    def __init__(self) -> None:
        self.now = 1000.0

    def perf_counter(self) -> float:
        return self.now

    def spend(self, seconds: float) -> None:
        self.now += seconds


def _searched_position(game: str, players: int, options: dict[str, Any] | None) -> tuple[dict[str, Any], list[Any]]:
    """The first position of a seeded normal-bot game where a small hard search actually searches 4+ moves."""
    state = new_game(game, players=players, seed="anytime", options=options)
    rng = random.Random(3)
    normal = make_bot(game, "normal")
    while not state.is_over():
        seat = state.current_player
        assert seat is not None
        view, legal = state.view(seat), state.legal_actions()
        probe = _hard(game, iterations=8, worlds=2)
        probe.choose(view, legal, random.Random(1))
        if probe.stats.get("searched") and probe.stats["candidates"] >= 4:
            return view, legal
        state.apply(normal.choose(view, legal, rng))
    raise AssertionError("no searched position")


@pytest.mark.parametrize("game,players,options", [("topspot", 3, {"games": 1}), ("etalage", 4, None)])
@pytest.mark.parametrize("rollout_ms,ceiling_ms", [(10, 100), (10, 35), (1, 300)])
def test_the_search_stops_before_a_batch_would_pass_the_ceiling(
        monkeypatch: pytest.MonkeyPatch, game: str, players: int, options: dict[str, Any] | None,
        rollout_ms: float, ceiling_ms: float) -> None:
    view, legal = _searched_position(game, players, options)
    fake = FakeTime()
    monkeypatch.setattr(time, "perf_counter", fake.perf_counter)  # what search.py reads
    real_rollout = SearchBot._rollout

    def timed_rollout(self: SearchBot, *args: Any) -> float:
        fake.spend(rollout_ms / 1000)
        return real_rollout(self, *args)

    monkeypatch.setattr(SearchBot, "_rollout", timed_rollout)
    bot = _hard(game, budget_ms=ceiling_ms)
    start = fake.now
    action = bot.choose(view, legal, random.Random(5))
    assert action in legal
    spent_ms = (fake.now - start) * 1000
    used = bot.stats["rollouts"]
    first_batch_ms = bot.stats["candidates"] * rollout_ms
    assert used > 0  # the first batch always runs: the anytime answer is backed by at least one comparison
    if used < bot.iterations:  # stopped by the clock: within the ceiling, or after the one unavoidable first batch
        assert bot.stats["cut"] is True
        assert spent_ms <= max(ceiling_ms, first_batch_ms) + 1e-6
    else:
        assert bot.stats["cut"] is False
    monkeypatch.undo()
    free = _hard(game)
    free.choose(view, legal, random.Random(5))
    assert free.stats["cut"] is False and free.stats["rollouts"] >= used


def test_a_generous_ceiling_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """With time standing still the ceiling is never reached: the move and the rollouts equal the reproducible
    rollout-budget search's (the ceiling only ever cuts, it never changes what is searched)."""
    view, legal = _searched_position("topspot", 3, {"games": 1})
    free = _hard("topspot", iterations=40, worlds=4)
    expected = free.choose(view, legal, random.Random(8))
    fake = FakeTime()
    monkeypatch.setattr(time, "perf_counter", fake.perf_counter)  # what search.py reads
    timed = _hard("topspot", iterations=40, worlds=4, budget_ms=50)
    assert timed.choose(view, legal, random.Random(8)) == expected
    assert timed.stats["rollouts"] == free.stats["rollouts"]
    assert timed.stats["means"] == free.stats["means"]


def test_one_legal_move_is_instant_even_with_a_ceiling(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[Any] = []

    def counted(self: SearchBot, *args: Any) -> float:
        calls.append(args)
        return 0.5

    monkeypatch.setattr(SearchBot, "_rollout", counted)
    state = new_game("topspot", players=3, seed="one", options={"games": 1})
    legal = state.legal_actions()[:1]
    bot = _hard("topspot", budget_ms=380)
    seat = state.current_player
    assert seat is not None
    assert bot.choose(state.view(seat), legal, random.Random(0)) == legal[0]
    assert bot.stats == {"searched": False} and calls == []


def _skipbo_positions(count: int) -> list[tuple[dict[str, Any], list[Any]]]:
    """Skip-Bo positions (the first ``count`` with a choice) from a seeded normal-bot game."""
    out: list[tuple[dict[str, Any], list[Any]]] = []
    rng = random.Random(2)
    normal = make_bot("skipbo", "normal")
    game = 0
    while len(out) < count:
        state = new_game("skipbo", players=2, seed=f"anytime-plan/{game}")
        game += 1
        while not state.is_over() and len(out) < count:
            seat = state.current_player
            assert seat is not None
            view, legal = state.view(seat), state.legal_actions()
            if len(legal) > 1:
                out.append((view, legal))
            state.apply(normal.choose(view, legal, rng))
    return out


def test_skipbo_planning_stops_going_deeper_past_the_ceiling(monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole-turn planner (the slowest part of a Skip-Bo decision) ends its plans where they are once the
    clock passes the deadline, as it does past its node budget; the bot still answers legally (with the planner's
    best plan when no sampled deal fits in what is left)."""
    from pygame_rules.bots.skipbo_plan import Planner, PlanSearchBot

    def explored(planner: Planner, view: dict[str, Any], legal: list[Any]) -> tuple[int, list[Any]]:
        """How many positions the planner expanded (calls of its move generator), and its plans."""
        calls = 0
        real = planner._moves

        def counting(*args: Any) -> Any:
            nonlocal calls
            calls += 1
            return real(*args)

        planner._moves = counting  # type: ignore[method-assign,assignment]
        plans = planner.plans(view, legal)
        return calls, plans

    smaller = 0
    for view, legal in _skipbo_positions(400)[::2]:
        free_nodes, _ = explored(Planner(), view, legal)
        late_planner = Planner()
        late_planner.deadline = float("-inf")  # any reading of the clock is past it
        late_nodes, late = explored(late_planner, view, legal)
        assert late and all(p.first in legal for p in late)
        assert late_nodes <= free_nodes
        smaller += late_nodes < free_nodes
    assert smaller, "no position where the deadline cut the planning: the test proves nothing"

    fake = FakeTime()

    def jumping() -> float:  # every reading is a second later: the 380 ms ceiling is gone after the first one
        fake.spend(1.0)
        return fake.now

    monkeypatch.setattr(time, "perf_counter", jumping)
    for view, legal in _skipbo_positions(40):
        bot = PlanSearchBot(max_ms=380)
        assert bot.choose(view, legal, random.Random(4)) in legal
        if bot.stats.get("searched"):
            # no deal fits in a ceiling that is already gone: the planner's own best plan, cut
            assert bot.stats["worlds"] == 0 and bot.stats["cut"] is True
