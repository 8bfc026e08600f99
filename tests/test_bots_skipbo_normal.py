"""Skip-Bo ``normal`` (:class:`NormalBot`): it searches its own turn, plays for its stock first, empties its hand
when that opens nothing to the rival, builds past a rival's stock number instead of stopping one below it, and
discards so that its stock top stays within reach. Each position here was decided differently by the older
one-card heuristic (:class:`HeuristicBot`, still the rivals' model inside ``hard``)."""

from __future__ import annotations

from pygame_rules.bots import make_bot
from pygame_rules.bots.skipbo import HeuristicBot, NormalBot, rival_chance
from pygame_rules.games.skipbo import WILD, Discard, PlayHand, PlayStock
from tests.test_bots_skipbo_plan import _choose, _state  # the same two-player position builder


def test_normal_is_the_turn_searching_bot() -> None:
    assert isinstance(make_bot("skipbo", "normal"), NormalBot)


def test_normal_plays_the_chain_that_reaches_the_stock() -> None:
    state = _state()  # pile at 2, hand 3 and 4, stock top 5
    for expected in (PlayHand(3, 0), PlayHand(4, 0), PlayStock(0, 0)):
        move = _choose(NormalBot(), state)
        assert move == expected
        state.apply(move)


def test_normal_builds_past_the_rivals_stock_number() -> None:
    # the rival waits for a 7 and the pile is at 5: a 6 alone would hand it over, a 6 then the 7 keeps it out
    state = _state(hands=[[6, 7, 11, 11, 12], [1, 2, 3, 4, 10]], stocks=[[7, 3], [10, 7]],
                   building=[[1, 2, 3, 4, 5], [], [], []])
    assert rival_chance([5, 0, 0, 0], [(7, [])]) < rival_chance([6, 0, 0, 0], [(7, [])])
    assert isinstance(_choose(HeuristicBot(), state), Discard)  # the old heuristic stopped one below the gift
    assert _choose(NormalBot(), state) == PlayHand(6, 0)
    state.apply(PlayHand(6, 0))
    assert _choose(NormalBot(), state) == PlayHand(7, 0)


def test_normal_refuses_a_gift_two_cards_deep() -> None:
    # the rival shows a 5 on its discard pile and has 6 on its stock: a 4 on the pile at 3 lets it play 5 then 6
    state = _state(hands=[[4, 9, 10, 11, 12], [1, 2, 7, 8, 10]], stocks=[[7, 8], [10, 6]],
                   discards=[[[], [], [], []], [[5], [], [], []]], building=[[1, 2, 3], [], [], []])
    assert _choose(HeuristicBot(), state) == PlayHand(4, 0)
    assert isinstance(_choose(NormalBot(), state), Discard)


def test_normal_empties_its_hand_with_a_wild_when_that_opens_nothing() -> None:
    # stock 10 is out of reach; a Skip-Bo card as 3 and then the 4 empty the hand: five fresh cards
    state = _state(hands=[[WILD, 4], [1, 2, 7, 8, 10]], stocks=[[7, 10], [10, 12]])
    assert not isinstance(_choose(HeuristicBot(), state), PlayHand)  # the old heuristic kept the wild
    assert _choose(NormalBot(), state) == PlayHand(WILD, 0)
    state.apply(PlayHand(WILD, 0))
    assert _choose(NormalBot(), state) == PlayHand(4, 0)


def test_normal_discards_without_burying_what_its_stock_needs() -> None:
    # stock top 10, pile at 7: the 8 is missing and the 9 waits on a discard pile. Every discard is equally
    # untidy, and the tidy rule alone put the 6 on the 9 (first pile); normal keeps the 9 uncovered
    state = _state(hands=[[5, 6], [1, 2, 3, 4, 11]], stocks=[[7, 10], [10, 12]],
                   discards=[[[9], [12], [12], [12]], [[], [], [], []]],
                   building=[list(range(1, 8)), [], [], []])
    assert _choose(HeuristicBot(), state) == Discard(6, 0)
    move = _choose(NormalBot(), state)
    assert isinstance(move, Discard) and move.discard != 0
