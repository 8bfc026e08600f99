"""Skip-Bo's whole-turn planner (the heuristic under ``hard``): reach counting, chains to the stock, refusing
gifts that the one-card heuristic does not see, keeping wilds, and the plan search's re-scoring over sampled deals."""

from __future__ import annotations

import random
from typing import Any

from pygame_rules import registry as pr
from pygame_rules.bots.skipbo import HeuristicBot
from pygame_rules.bots.skipbo_plan import Planner, PlanSearchBot, reach
from pygame_rules.games.skipbo import WILD, Discard, PlayHand, PlayStock


def _state(**kw: Any) -> Any:
    base: dict[str, Any] = {
        "players": 2,
        "current_player": 0,
        "hands": [[3, 4, 9, 11, 12], [5, 6, 7, 8, 10]],
        "stocks": [[7, 5], [10, 10]],
        "discards": [[[], [], [], []], [[], [], [], []]],
        "building": [[1, 2], [], [], []],
        "seed": 5,
    }
    base.update(kw)
    return pr.from_scenario("skipbo", base)


def _choose(bot: Any, state: Any) -> Any:
    return bot.choose(state.view(0), state.legal_actions(), random.Random(1))


def test_reach_counts_missing_cards_after_visible_discards() -> None:
    # a pile at 3 and a stock top of 6: 4 and 5 are needed; a discard top of 5 only helps once the 4 is there
    assert reach([3], 6, [[5]]) == 1
    assert reach([3], 6, [[5, 4]]) == 0  # the 4 on top, then the 5 below it
    assert reach([3, 5], 6, []) == 0  # already fits
    assert reach([7, 8], 6, []) == 99  # no pile below 6 (empty piles count as 0 only when listed)
    assert reach([0], 1, []) == 0
    assert reach([3], WILD, []) == 0
    assert reach([3], None, []) == 99
    # with a known hand: its numbers and then its wilds fill the gaps
    assert reach([3], 7, [], hand=[4, 6]) == 1
    assert reach([3], 7, [], hand=[4, 6, WILD]) == 0


def test_planner_starts_the_chain_that_reaches_the_stock() -> None:
    state = _state()  # pile at 2, hand 3 and 4, stock top 5
    assert _choose(Planner(), state) == PlayHand(3, 0)
    state.apply(PlayHand(3, 0))
    assert _choose(Planner(), state) == PlayHand(4, 0)
    state.apply(PlayHand(4, 0))
    assert _choose(Planner(), state) == PlayStock(0, 0)


def test_planner_refuses_a_gift_two_cards_deep_that_the_quick_heuristic_makes() -> None:
    # the rival shows a 5 on its discard pile and has 6 on its stock: a 4 on the pile at 3 lets it play 5 then 6
    state = _state(hands=[[4, 9, 10, 11, 12], [1, 2, 7, 8, 10]], stocks=[[7, 8], [10, 6]],
                   discards=[[[], [], [], []], [[5], [], [], []]], building=[[1, 2, 3], [], [], []])
    assert _choose(HeuristicBot(), state) == PlayHand(4, 0)
    move = _choose(Planner(), state)
    assert move != PlayHand(4, 0)
    assert isinstance(move, Discard)


def test_planner_keeps_its_wild_when_nothing_can_be_built() -> None:
    state = _state(hands=[[WILD, 5, 5, 9, 9], [1, 2, 7, 8, 10]], stocks=[[7, 4], [10, 10]],
                   building=[[1, 2, 3, 4, 5, 6, 7], [], [], []])
    move = _choose(Planner(), state)
    assert isinstance(move, Discard) and move.card != WILD


def test_planner_plays_the_last_stock_card_to_win() -> None:
    state = _state(stocks=[[3], [10, 10]])
    assert _choose(Planner(), state) == PlayStock(0, 0)


def test_plan_search_rescores_close_plans_over_sampled_deals() -> None:
    state = _state(hands=[[4, 9, 10, 11, 12], [1, 2, 7, 8, 10]], stocks=[[7, 8], [10, 6]],
                   discards=[[[], [], [], []], [[5], [], [], []]], building=[[1, 2, 3], [], [], []])
    bot = PlanSearchBot(worlds=8, window=5.0)
    move = _choose(bot, state)
    assert move in state.legal_actions()
    assert bot.stats["searched"] and bot.stats["worlds"] == 8 and bot.stats["candidates"] >= 2
    # the same view and random stream give the same move; a stock play is never searched
    assert _choose(PlanSearchBot(worlds=8, window=5.0), state) == move
    assert _choose(PlanSearchBot(), _state()) == PlayHand(3, 0)


def test_reach_takes_any_hand_card_not_just_the_lowest() -> None:
    # hand cards are not a pile: a useless 2 must not hide the 5 that is needed
    assert reach([4], 6, [], hand=[2, 5]) == 0
    assert reach([3], 6, [[5]], hand=[9, 4]) == 0  # 4 from the hand, then 5 from the discard pile
    assert reach([3], 7, [], hand=[WILD, 2, 11]) == 2  # 4, 5, 6 needed: the wild covers one
