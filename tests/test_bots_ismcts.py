"""The information-set search (``hard-is``, :mod:`pygame_rules.bots.ismcts`): reproducible from its seed, legal
moves only (at the root and in every tree step, which the engine checks as the deals are played on), and anytime
under a fake clock that moves only when an iteration is played, so no test times anything."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from pygame_rules.bots import bot_levels, make_bot
from pygame_rules.bots.ismcts import ISMCTSBot
from pygame_rules.core.game import State
from pygame_rules.registry import new_game

GAMES = [("level8", 2), ("etalage", 4)]


def _is(game: str, **params: Any) -> Any:
    """A ``hard-is`` bot, typed loosely: the tests read its ``stats``."""
    return make_bot(game, "hard-is", **params)


def _searched_positions(game: str, players: int, count: int) -> list[tuple[dict[str, Any], list[Any]]]:
    """The first ``count`` positions of seeded normal-bot games where a small ``hard-is`` really searches."""
    out: list[tuple[dict[str, Any], list[Any]]] = []
    rng = random.Random(3)
    normal = make_bot(game, "normal")
    index = 0
    while len(out) < count:
        state = new_game(game, players=players, seed=f"ismcts/{index}")
        index += 1
        while not state.is_over() and len(out) < count:
            seat = state.current_player
            assert seat is not None
            view, legal = state.view(seat), state.legal_actions()
            probe = _is(game, iterations=4)
            probe.choose(view, legal, random.Random(1))
            if probe.stats.get("searched"):
                out.append((view, legal))
            state.apply(normal.choose(view, legal, rng))
    return out


@pytest.mark.parametrize("game,players", GAMES)
def test_the_same_seed_gives_the_same_search(game: str, players: int) -> None:
    for view, legal in _searched_positions(game, players, 2):
        first, second = _is(game, iterations=30), _is(game, iterations=30)
        assert first.choose(view, legal, random.Random(7)) == second.choose(view, legal, random.Random(7))
        assert first.stats == second.stats
        assert first.stats["rollouts"] == 30 and first.stats["cut"] is False


@pytest.mark.parametrize("game,players", GAMES)
def test_every_move_is_legal_in_the_root_and_in_the_tree(monkeypatch: pytest.MonkeyPatch, game: str,
                                                         players: int) -> None:
    """The answer is one of ``legal`` and the engine accepts it; every move the search plays inside a sampled deal
    (tree steps and rollout) is in that deal's legal list at the time."""
    played = 0
    real_play = State.play

    def checked_play(self: State, action: Any) -> Any:
        nonlocal played
        assert action in self.legal_actions()
        played += 1
        return real_play(self, action)

    monkeypatch.setattr(State, "play", checked_play)
    for view, legal in _searched_positions(game, players, 3):
        bot = _is(game, iterations=25)
        action = bot.choose(view, legal, random.Random(11))
        assert action in legal
        assert set(bot.stats["counts"]) <= set(legal)
        assert sum(bot.stats["counts"].values()) == bot.stats["rollouts"] == 25
    assert played > 0


def test_it_is_an_arena_level_the_app_does_not_list() -> None:
    for game, _ in GAMES:
        assert isinstance(make_bot(game, "hard-is"), ISMCTSBot)
        assert "hard-is" not in bot_levels(game, all_levels=True)


class FakeTime:
    """``perf_counter`` stand-in: time stands still until :meth:`spend` moves it."""

    def __init__(self) -> None:
        self.now = 1000.0

    def perf_counter(self) -> float:
        return self.now

    def spend(self, seconds: float) -> None:
        self.now += seconds


@pytest.mark.parametrize("game,players", GAMES)
@pytest.mark.parametrize("iteration_ms,ceiling_ms", [(10, 100), (7, 45), (30, 40)])
def test_no_iteration_starts_that_would_end_past_the_ceiling(monkeypatch: pytest.MonkeyPatch, game: str,
                                                             players: int, iteration_ms: float,
                                                             ceiling_ms: float) -> None:
    view, legal = _searched_positions(game, players, 1)[0]
    fake = FakeTime()
    monkeypatch.setattr(time, "perf_counter", fake.perf_counter)  # what bots.clock reads
    real_iterate = ISMCTSBot._iterate

    def timed_iterate(self: ISMCTSBot, *args: Any) -> bool:
        fake.spend(iteration_ms / 1000)
        return real_iterate(self, *args)

    monkeypatch.setattr(ISMCTSBot, "_iterate", timed_iterate)
    bot = _is(game, budget_ms=ceiling_ms, iterations=1000)
    start = fake.now
    assert bot.choose(view, legal, random.Random(5)) in legal
    spent_ms = (fake.now - start) * 1000
    assert bot.stats["cut"] is True and 0 < bot.stats["rollouts"] < 1000
    assert spent_ms <= max(ceiling_ms, iteration_ms) + 1e-6  # the first iteration always runs
    assert bot.stats["rollouts"] == max(1, int(ceiling_ms // iteration_ms))  # and no fewer than fit


def test_a_ceiling_that_time_never_reaches_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    view, legal = _searched_positions("etalage", 4, 1)[0]
    free = _is("etalage", iterations=40)
    expected = free.choose(view, legal, random.Random(8))
    fake = FakeTime()
    monkeypatch.setattr(time, "perf_counter", fake.perf_counter)
    timed = _is("etalage", iterations=40, budget_ms=50)
    assert timed.choose(view, legal, random.Random(8)) == expected
    assert timed.stats == free.stats


def test_a_deal_cut_by_the_ceiling_is_not_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    """When the clock passes the ceiling inside an iteration (a long rollout), nothing of it is backed up."""
    view, legal = _searched_positions("etalage", 4, 1)[0]
    fake = FakeTime()

    def jumping() -> float:  # every reading is 5 ms later: the third iteration's rollout passes a 30 ms ceiling
        fake.spend(0.005)
        return fake.now

    monkeypatch.setattr(time, "perf_counter", jumping)
    bot = _is("etalage", iterations=1000, budget_ms=30)
    assert bot.choose(view, legal, random.Random(2)) in legal
    assert bot.stats["cut"] is True
    assert sum(bot.stats["counts"].values()) == bot.stats["rollouts"] < 1000
