"""Every phase of a bot decision stays inside the ceiling, pinned by counting work, never by timing it.

- Skip-Bo's chain search (the normal bot, and the rivals inside the hard bot's sampled deals) is bounded: with
  several Skip-Bo cards and equal building piles it used to expand tens of thousands of positions.
- The chain search still finds the best chain (fewest wilds, then fewest plays), checked against an exhaustive
  search written here on seeded random positions.
- The issue's position (hand 6 10 10 12 and a Skip-Bo card, stock top 9, discard tops 5 4 6, building piles at 1
  and 1) decided under a clock that moves only when work is done: the decision ends within 1.5 times the ceiling.
- The generic search drops a rollout that the ceiling cuts and never starts one it cannot finish.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from pygame_rules import registry as pr
from pygame_rules.bots import clock as bot_clock
from pygame_rules.bots import make_bot
from pygame_rules.bots import skipbo as sb
from pygame_rules.bots.samplers import sample_state
from pygame_rules.bots.search import SearchBot
from pygame_rules.games.skipbo import WILD


def _position(hand: list[int], stock: int, discards: list[list[int]], piles: list[int],
              opp_stock: int = 10) -> Any:
    return pr.from_scenario("skipbo", {
        "players": 2, "current_player": 0, "hands": [hand, [3, 4, 7, 8, 11]], "stocks": [[5, stock], [10, opp_stock]],
        "discards": [discards, [[], [], [], []]], "building": [list(range(1, p + 1)) for p in piles], "seed": 5})


class _Counter:
    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.copies = 0
        real = sb._Table.copy

        def counted(table: Any) -> Any:
            self.copies += 1
            return real(table)

        monkeypatch.setattr(sb._Table, "copy", counted)


def test_chain_search_with_many_wilds_and_equal_piles_stays_small(monkeypatch: pytest.MonkeyPatch) -> None:
    # three Skip-Bo cards in hand, four building piles at 1: the old search copied 72,652 positions here
    state = _position([2, 2, WILD, WILD, WILD], 10, [[6, 4, 2], [9, 8, 8], [12, 12, 12], []], [1, 1, 1, 1])
    counter = _Counter(monkeypatch)
    action = sb.HeuristicBot().choose(state.view(0), state.legal_actions(), random.Random(1))
    assert action in state.legal_actions()
    assert 0 < counter.copies <= 2000


def test_chain_search_node_cap_bounds_the_work(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _position([2, 3, WILD, WILD, WILD], 8, [[6, 4], [9, 8], [11, 5], [7]], [0, 1, 0, 1])
    counter = _Counter(monkeypatch)
    full = sb._chain_to_stock(state.view(0))
    free = counter.copies
    counter.copies = 0
    capped = sb._chain_to_stock(state.view(0), max_nodes=3)
    assert full is not None
    assert counter.copies < free
    assert counter.copies <= 3 * 4 * 9  # three positions expanded, each at most 4 piles x (4 discards + 5 cards)
    assert capped is None or capped[-1].kind == "play_stock"


def _exhaustive(hand: list[int], discards: list[list[int]], piles: list[int], top: int,
                depth: int = 6) -> tuple[int, int] | None:
    """(wilds, plays) of the best chain to the stock top, by trying every sequence (no pruning, no memory)."""
    best: tuple[int, int] | None = None

    def go(hand: list[int], discards: list[list[int]], piles: list[int], n: int, wilds: int) -> None:
        nonlocal best
        if any(top == WILD or top == p + 1 for p in piles):
            if best is None or (wilds, n + 1) < best:
                best = (wilds, n + 1)
            return
        if n >= depth:
            return
        for i, p in enumerate(piles):
            nxt = 0 if p + 1 == 12 else p + 1
            for d, stack in enumerate(discards):
                if stack and (stack[-1] == WILD or stack[-1] == p + 1):
                    nd = [list(s) for s in discards]
                    card = nd[d].pop()
                    go(hand, nd, piles[:i] + [nxt] + piles[i + 1:], n + 1, wilds + (card == WILD))
            for card in set(hand):
                if card == WILD or card == p + 1:
                    nh = list(hand)
                    nh.remove(card)
                    go(nh, discards, piles[:i] + [nxt] + piles[i + 1:], n + 1, wilds + (card == WILD))

    go(hand, discards, piles, 0, 0)
    return best


def test_chain_search_finds_the_best_chain_as_an_exhaustive_search_does() -> None:
    rng = random.Random(28)
    checked = 0
    for _ in range(150):
        cards = [rng.choice([WILD, *range(1, 13)]) for _ in range(20)]
        hand = cards[:rng.randint(1, 4)]
        discards = [cards[5 + 3 * d:5 + 3 * d + rng.randint(0, 2)] for d in range(4)]
        piles = [rng.choice([0, 0, 1, 2, 3, 5]) for _ in range(4)]
        top = rng.randint(2, 9)
        if any(top == p + 1 for p in piles):
            continue
        state = _position(hand, top, discards, piles)
        chain = sb._chain_to_stock(state.view(0))
        expected = _exhaustive(hand, discards, piles, top)
        if expected is None:
            assert chain is None
            continue
        assert chain is not None
        wilds = 0
        trial = state.clone()
        for step in chain:
            if step.kind == "play_hand":
                wilds += step.card == WILD  # type: ignore[attr-defined]
            elif step.kind == "play_discard":
                wilds += trial.discards[0][step.discard][-1] == WILD  # type: ignore[attr-defined]
            trial.apply(step)  # every step is legal in turn
        assert (wilds, len(chain)) == expected
        checked += 1
    assert checked >= 20


class _WorkClock:
    """A clock that moves only when work is done (set as the bots' clock)."""

    def __init__(self) -> None:
        self.now = 100.0

    def read(self) -> float:
        return self.now

    def spend(self, ms: float) -> None:
        self.now += ms / 1000


ISSUE_POSITION = ([6, 10, 10, 12, WILD], 9, [[5], [4], [6], []], [1, 1, 0, 0])


@pytest.mark.parametrize("cost_scale", [1.0, 100.0])
def test_issue_position_decides_within_the_ceiling_on_a_work_clock(monkeypatch: pytest.MonkeyPatch,
                                                                   cost_scale: float) -> None:
    """Every unit of work costs fake time (a planner position, a chain-search copy, a sampled deal, a rival's
    move); at a hundred times those costs the planner and the sampled deals must be cut, and the decision still ends
    within 1.5 times the 380 ms ceiling with a legal move."""
    from pygame_rules.bots.skipbo_plan import Planner

    work = _WorkClock()
    previous = bot_clock.use(work.read)
    try:
        real_moves, real_copy, real_choose = Planner._moves, sb._Table.copy, sb.HeuristicBot.choose
        real_sample = sample_state

        def moves(self: Planner, *args: Any) -> Any:
            work.spend(0.2 * cost_scale)
            return real_moves(self, *args)

        def copy(self: Any) -> Any:
            work.spend(0.01 * cost_scale)
            return real_copy(self)

        def choose(self: Any, *args: Any) -> Any:
            work.spend(0.3 * cost_scale)
            return real_choose(self, *args)

        def sample(*args: Any) -> Any:
            work.spend(1.0 * cost_scale)
            return real_sample(*args)

        monkeypatch.setattr(Planner, "_moves", moves)
        monkeypatch.setattr(sb._Table, "copy", copy)
        monkeypatch.setattr(sb.HeuristicBot, "choose", choose)
        real_normal = sb.NormalBot.choose

        def normal(self: Any, *args: Any) -> Any:  # the policy of hard's sampled deals
            work.spend(0.3 * cost_scale)
            return real_normal(self, *args)

        monkeypatch.setattr(sb.NormalBot, "choose", normal)
        monkeypatch.setattr("pygame_rules.bots.samplers.sample_state", sample)
        state = _position(*ISSUE_POSITION)
        state.turn = 8
        legal = state.legal_actions()
        for seed in range(3):
            bot: Any = make_bot("skipbo", "hard", budget_ms=380)
            start = work.now
            assert bot.choose(state.view(0), legal, random.Random(seed)) in legal
            assert (work.now - start) * 1000 <= 1.5 * 380
            if cost_scale > 1 and bot.stats.get("searched"):
                assert bot.stats["cut"] is True
    finally:
        bot_clock.use(previous)


def test_generic_search_never_scores_a_cut_rollout(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rollout during which the ceiling passes returns nothing and is not counted; the answer stays legal."""
    work = _WorkClock()
    previous = bot_clock.use(work.read)
    try:
        state = pr.new_game("etalage", players=4, seed="cut")
        seat = state.current_player
        assert seat is not None
        view, legal = state.view(seat), state.legal_actions()
        real_rollout = SearchBot._rollout
        scored: list[float | None] = []

        def slow(self: SearchBot, world: Any, action: Any, me: int, dice: str, deadline: float | None = None) -> Any:
            work.spend(150)  # the clock moves mid-rollout: the third one crosses the 380 ms ceiling
            value = real_rollout(self, world, action, me, dice, deadline)
            scored.append(value)
            return value

        monkeypatch.setattr(SearchBot, "_rollout", slow)
        bot: Any = make_bot("etalage", "hard", budget_ms=380)
        assert bot.choose(view, legal, random.Random(2)) in legal
        if bot.stats.get("searched"):
            assert bot.stats["cut"] is True
            assert bot.stats["rollouts"] == sum(v is not None for v in scored)
            assert None in scored or len(scored) <= 2
    finally:
        bot_clock.use(previous)


def test_the_sweep_reports_its_slowest_positions_and_they_replay(tmp_path: Any) -> None:
    """``arena sweep`` on the wild-heavy Skip-Bo deal: per-configuration figures, the maximum against 1.5 times the
    ceiling, and saved positions that ``arena replay`` decides again (a legal move each)."""
    from pygame_rules.arena import _wild_heavy, replay_positions, run_sweep

    state = pr.new_game("skipbo", players=2, seed="w", options={"stock_size": 20})
    before = sorted(c for hand in state.hands for c in hand) + sorted(state.draw)  # type: ignore[attr-defined]
    _wild_heavy(state, random.Random(1))
    hands = state.hands  # type: ignore[attr-defined]
    assert all(hand.count(WILD) >= 3 for hand in hands if hand)  # hands dealt so far (the others draw later)
    draw = state.draw  # type: ignore[attr-defined]
    assert WILD not in draw[:-30 - draw.count(WILD)]  # the rest lie near the top of the draw pile
    assert sorted(c for hand in hands for c in hand) + sorted(state.draw) != before  # type: ignore[attr-defined]
    assert sorted(sorted(c for hand in hands for c in hand) + list(state.draw)) == sorted(before)  # type: ignore

    out = tmp_path / "sweep.json"
    lines: list[str] = []
    summary = run_sweep(6, only="skipbo/2p/stock20/wild", keep=2, out=str(out), echo=lines.append)
    assert summary["configs"][0]["decisions"] >= 6 and summary["summary"]["limit_ms"] == 1.5 * 380
    assert len(summary["slowest"]) == 2 and all("save" in s for s in summary["slowest"])
    replayed = replay_positions(str(out), top=2, echo=lines.append)
    for pos, again in zip(summary["slowest"], replayed, strict=True):
        state = pr.load_state(pos["save"])
        assert state.check(again["action"]) in state.legal_actions()
