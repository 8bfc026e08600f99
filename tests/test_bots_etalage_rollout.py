"""Etalage's rollout player for the searches (:class:`pygame_rules.bots.etalage.GreedyRollout`): it reads the
sampled deal's state instead of building a view for every move, and must choose exactly as ``easy`` without its
slips does on the view, drawing the same random numbers, so that the searches play as before, only sooner."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from pygame_rules.bots import make_bot
from pygame_rules.bots.etalage import EasyBot, GreedyRollout
from pygame_rules.bots.samplers import sample_state
from pygame_rules.bots.search import PROFILES, SearchBot
from pygame_rules.core.game import State
from pygame_rules.registry import new_game


def _states(players: int, games: int) -> list[Any]:
    """Every position with a choice of seeded games between ``normal`` and ``easy`` (plays and claims)."""
    out: list[Any] = []
    rng = random.Random(players)
    bots = [make_bot("etalage", "normal" if s % 2 else "easy") for s in range(players)]
    for g in range(games):
        state = new_game("etalage", players=players, seed=f"greedy/{players}/{g}")
        while not state.is_over():
            seat = state.current_player
            assert seat is not None
            legal = state.legal_actions()
            if len(legal) > 1:
                out.append(state.clone())
            state.apply(bots[seat].choose(state.view(seat), legal, rng))
    return out


@pytest.mark.parametrize("players", [3, 4, 6])
def test_it_chooses_as_easy_without_slips_and_draws_the_same_numbers(players: int) -> None:
    fast, plain = GreedyRollout(), EasyBot(slip=0.0)
    states = _states(players, 3)
    assert any(s.phase == "claim" for s in states) and any(s.phase == "play" for s in states)
    for index, state in enumerate(states):
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        by_state, by_view = random.Random(index), random.Random(index)
        before = state.to_json()
        assert fast.choose_state(state, legal, by_state) == plain.choose(state.view(seat), legal, by_view)
        assert by_state.getstate() == by_view.getstate()
        assert state.to_json() == before  # only read
        assert fast.choose(state.view(seat), legal, random.Random(index)) == plain.choose(
            state.view(seat), legal, random.Random(index))


def test_reading_the_state_it_sees_no_hidden_card() -> None:
    """A re-deal of the cards the mover cannot see (other hands, won piles) never changes its choice: it reads only
    what the mover's view shows, though it is handed the whole state."""
    fast = GreedyRollout()
    for index, state in enumerate(_states(4, 2)):
        seat = state.current_player
        view = state.view(seat)
        for k in range(2):
            twin = sample_state(view, random.Random(f"twin/{index}/{k}"))
            assert twin.view(seat) == view and twin.legal_actions() == state.legal_actions()
            assert fast.choose_state(twin, twin.legal_actions(), random.Random(index)) == fast.choose_state(
                state, state.legal_actions(), random.Random(index))


@pytest.mark.parametrize("level", ["hard", "hard-is"])
def test_the_searches_build_no_view_inside_their_rollouts(monkeypatch: pytest.MonkeyPatch, level: str) -> None:
    """The searches ask the rollout player for its move on the state: a decision builds no view beyond the ones
    that check each sampled deal as it is loaded (the bot is given its own view)."""
    state = next(s for s in _states(4, 1) if s.phase == "play" and len(s.legal_actions()) > 4)
    seat = state.current_player
    assert seat is not None
    view, legal = state.view(seat), state.legal_actions()
    cls: Any = type(state)
    real_view, real_check = cls.view, cls._check_usable
    views = {"loading": 0, "playing": 0}
    loading = False

    def counted(self: State, player: int) -> dict[str, Any]:
        views["loading" if loading else "playing"] += 1
        return real_view(self, player)  # type: ignore[no-any-return]

    def check(self: State) -> None:
        nonlocal loading
        loading = True
        try:
            real_check(self)
        finally:
            loading = False

    monkeypatch.setattr(cls, "view", counted)
    monkeypatch.setattr(cls, "_check_usable", check)
    bot: Any = make_bot("etalage", level, iterations=40, worlds=4)
    assert bot.choose(view, legal, random.Random(3)) in legal
    assert bot.stats["searched"] and bot.stats["rollouts"] >= 30
    assert views["loading"] > 0 and views["playing"] == 0


def test_the_search_decides_as_it_did_with_the_view_reading_rollout() -> None:
    """Same moves, same statistics: ``hard`` with the state-reading rollout equals ``hard`` whose rollouts play
    ``easy`` without slips on a view of every move (the rollout player before this one)."""
    with_views = dataclasses.replace(PROFILES["etalage"], rollout=lambda: EasyBot(slip=0.0))
    for index, state in enumerate(_states(4, 1)[:12:3]):
        seat = state.current_player
        assert seat is not None
        view, legal = state.view(seat), state.legal_actions()
        fast, slow = SearchBot("etalage", iterations=30, worlds=3), SearchBot("etalage", iterations=30, worlds=3,
                                                                                profile=with_views)
        assert fast.choose(view, legal, random.Random(index)) == slow.choose(view, legal, random.Random(index))
        assert fast.stats == slow.stats
