"""The hard bots' wall-clock budget (issue 15): anytime search that stops at the budget, instant decisions without a
choice, the API and arena options. Time never decides a test here: the bots' clock is replaced by a fake one that
advances a fixed step per reading, so every run takes the same path."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from pygame_rules import api, arena
from pygame_rules.bots import make_bot, skipbo_plan
from pygame_rules.bots import search as search_mod
from pygame_rules.bots.search import PROFILES, TIME_MODE_SHARE, SearchBot, default_time_budget_ms
from pygame_rules.registry import new_game


class FakeClock:
    """A clock that advances ``step`` seconds each time it is read, and counts the readings."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.step
        return self.now


def _position(game: str, players: int, options: dict[str, Any] | None = None, min_legal: int = 3) -> Any:
    """The first position of a seeded normal-bot game where the player to move has ``min_legal`` choices or more
    and the hard bot actually searches."""
    state = new_game(game, players=players, seed="anytime", options=options)
    rng = random.Random(3)
    normal = make_bot(game, "normal")
    while not state.is_over():
        seat = state.current_player
        view, legal = state.view(seat), state.legal_actions()
        if len(legal) >= min_legal:
            probe = make_bot(game, "hard", iterations=8, worlds=2)
            probe.choose(view, legal, random.Random(1))
            if probe.stats.get("searched"):
                return view, legal
        state.apply(normal.choose(view, legal, rng))
    raise AssertionError("no searched position")


@pytest.mark.parametrize("game,players,options", [("topspot", 3, {"games": 1}), ("etalage", 4, None)])
def test_the_clock_stops_the_search_and_the_move_is_legal(monkeypatch: pytest.MonkeyPatch, game: str,
                                                         players: int, options: dict[str, Any] | None) -> None:
    view, legal = _position(game, players, options)
    free = make_bot(game, "hard", iterations=40, worlds=4)
    free.choose(view, legal, random.Random(5))
    assert free.stats["rollouts"] >= 30  # without a clock the rollout budget is spent (almost) whole

    fake = FakeClock(0.004)  # 4 ms per reading: a 60 ms budget allows about 15 readings, one per rollout
    monkeypatch.setattr(search_mod, "clock", fake)
    timed = make_bot(game, "hard", iterations=40, worlds=4, time_budget_ms=60)
    action = timed.choose(view, legal, random.Random(5))
    assert action in legal
    assert timed.stats["rollouts"] < free.stats["rollouts"]
    # the clock is read after every rollout, so the search overshoots its budget by at most one reading's step
    assert fake.now <= 0.060 + 3 * fake.step


def test_a_budget_too_small_for_one_batch_keeps_the_prior(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rollouts ran, but no batch was complete inside the budget: none counts and the prior's move is played."""
    view, legal = _position("topspot", 3, {"games": 1})
    monkeypatch.setattr(search_mod, "clock", FakeClock(1.0))  # every reading is past the budget
    bot = make_bot("topspot", "hard", time_budget_ms=5)
    rng = random.Random(9)
    seed_rng = random.Random(9)
    seed = seed_rng.getrandbits(64)
    expected = search_mod.SearchBot("topspot").prior_bot.choose(view, legal, random.Random(f"{seed}/prior"))
    assert bot.choose(view, legal, rng) == expected
    assert bot.stats["rollouts"] == 0 and bot.stats["searched"]


def test_one_legal_move_never_searches(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeClock(0.001)
    monkeypatch.setattr(search_mod, "clock", fake)
    state = new_game("topspot", players=3, seed="one", options={"games": 1})
    legal = state.legal_actions()[:1]
    bot = make_bot("topspot", "hard", time_budget_ms=300)
    assert bot.choose(state.view(state.current_player), legal, random.Random(0)) == legal[0]
    assert bot.stats == {"searched": False}


def test_time_mode_raises_the_rollout_cap_and_rollout_mode_stays_reproducible() -> None:
    hard = make_bot("topspot", "hard")
    timed = make_bot("topspot", "hard", time_budget_ms=300)
    assert isinstance(hard, SearchBot) and isinstance(timed, SearchBot)
    assert hard.max_ms is None and timed.max_ms == 300
    assert timed.iterations == TIME_MODE_SHARE * PROFILES["topspot"].iterations
    view, legal = _position("topspot", 3, {"games": 1})
    picks = {make_bot("topspot", "hard", iterations=12, worlds=3).choose(view, legal, random.Random(4))
             for _ in range(3)}
    assert len(picks) == 1


def test_skipbo_plan_search_drops_a_deal_cut_by_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Skip-Bo's planner: a deal not played out for every plan is dropped; no deal at all keeps the planner's
    first choice; the budget counts from the call of ``choose``."""
    state = new_game("skipbo", players=2, seed="plan-clock")
    rng = random.Random(1)
    normal = make_bot("skipbo", "normal")
    searched = 0
    for _ in range(400):
        if state.is_over():
            break
        seat = state.current_player
        view, legal = state.view(seat), state.legal_actions()
        free = make_bot("skipbo", "hard")
        free.choose(view, legal, random.Random(7))
        if free.stats.get("searched"):
            fake = FakeClock(0.010)
            monkeypatch.setattr(skipbo_plan, "clock", fake)
            timed = make_bot("skipbo", "hard", time_budget_ms=15)
            assert timed.choose(view, legal, random.Random(7)) in legal
            assert timed.stats["worlds"] < free.stats["worlds"]
            monkeypatch.undo()
            searched += 1
            if searched >= 3:
                return
        state.apply(normal.choose(view, legal, rng))
    assert searched, "no Skip-Bo position where the planner searched"


def _call(**req: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(api.handle(json.dumps(req)))
    return answer


@pytest.mark.parametrize("bad", [-1, 10_001, "300", 1.5, True])
def test_api_validates_time_budget_ms(bad: Any) -> None:
    session = _call(op="new", game="topspot", players=3, options={"games": 1})["session"]
    answer = _call(op="bot", session=session, level="hard", time_budget_ms=bad)
    assert answer["error"]["code"] == "bad_request"
    assert "time_budget_ms" in answer["error"]["message"]


def test_api_bot_uses_the_game_default_or_the_requested_budget() -> None:
    session_id = _call(op="new", game="topspot", players=3, options={"games": 1})["session"]
    assert "error" not in _call(op="bot", session=session_id, level="hard")
    assert "error" not in _call(op="bot", session=session_id, level="hard", time_budget_ms=0)
    session = api._sessions[session_id]
    budgets = sorted(getattr(bot, "max_ms", None) or 0 for bot in session.bots.values())
    assert budgets == [0, default_time_budget_ms("topspot")]
    assert api.time_budget("topspot", "normal", 300) is None
    assert api.time_budget("topspot", "hard-fast", None) == pytest.approx(
        default_time_budget_ms("topspot") * search_mod.FAST_SHARE)


def test_arena_time_budget_option(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[dict[str, Any]] = []
    real = arena.make_bot

    def spy(game: str, level: str, **params: Any) -> Any:
        seen.append(dict(params, level=level))
        return real(game, level, **({"iterations": 4, "worlds": 2, **params} if level == "hard" else params))

    monkeypatch.setattr(arena, "make_bot", spy)
    task = {"game": "topspot", "players": 3, "index": 0, "seed": "tb", "bots": ["hard", "normal", "normal"],
            "options": {"games": 1}, "params": {"time_budget_ms": "default"}}
    arena.play_one(task)
    hard = [p for p in seen if p["level"] == "hard"]
    assert hard and all(p["time_budget_ms"] == default_time_budget_ms("topspot") for p in hard)
    parser = arena.add_parser(__import__("argparse").ArgumentParser().add_subparsers(), "arena")
    assert parser.parse_args(["topspot", "--time-budget-ms", "250"]).time_budget_ms == 250.0
    assert parser.parse_args(["topspot", "--time-budget-ms", "default"]).time_budget_ms == "default"
