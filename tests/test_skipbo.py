"""Scenario tests: one exact position per Skip-Bo rule, with the expected outcome."""

from __future__ import annotations

from collections import Counter

import pytest

import pygame_rules as pr
from pygame_rules.games.skipbo import RULES, WILD, deck_problem

EMPTY4 = [[], [], [], []]


def scenario(**kw):
    """A 2-player scenario with sensible defaults; keyword arguments override fields."""
    base = {
        "players": 2,
        "current_player": 0,
        "hands": [[3, 4, 9, 11, 12], [5, 6, 7, 8, 10]],
        "stocks": [[7, 2], [10, 10]],
        "discards": [[[], [], [], []], [[], [], [], []]],
        "building": [[], [], [], []],
        "seed": 5,
    }
    base.update(kw)
    return pr.from_scenario("skipbo", base)


def act(state, **action):
    return state.apply(action)


# ----- the deck and the deal -----------------------------------------------------------------------------------
def test_deck_has_162_cards_twelve_of_each_number_and_eighteen_wilds():
    deck = Counter(RULES.deck())
    assert sum(deck.values()) == 162
    assert deck[WILD] == 18
    assert all(deck[n] == 12 for n in range(1, 13))


@pytest.mark.parametrize("players,stock", [(2, 30), (3, 30), (4, 30), (5, 20), (6, 20)])
def test_stock_sizes_by_player_count(players, stock):
    state = pr.new_game("skipbo", players=players, seed=3)
    view = state.view(0)
    assert [s["stock_count"] for s in view["seats"]] == [stock] * players
    assert view["draw_count"] == 162 - players * stock - 5  # the first player has drawn five
    assert all(s["stock_top"] is not None for s in view["seats"])


def test_short_game_stock_option():
    state = pr.new_game("skipbo", players=4, seed=3, options={"stock_size": 10})
    assert [s["stock_count"] for s in state.view(1)["seats"]] == [10] * 4


def test_first_player_from_seed_is_reproducible_and_option_overrides():
    firsts = {pr.new_game("skipbo", players=4, seed=s).current_player for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert pr.new_game("skipbo", players=4, seed=9).current_player == pr.new_game(
        "skipbo", players=4, seed=9).current_player
    assert pr.new_game("skipbo", players=4, seed=9, options={"first_player": 2}).current_player == 2


def test_turn_starts_with_hand_filled_to_five():
    state = pr.new_game("skipbo", players=2, seed=1)
    me = state.current_player
    assert len(state.view(me)["hand"]) == 5
    other = 1 - me
    assert state.view(other)["hand"] == []


# ----- building piles ------------------------------------------------------------------------------------------
def test_new_pile_needs_a_one_or_a_wild():
    state = scenario(hands=[[2, 1, WILD, 9, 11], [5, 6, 7, 8, 10]])
    legal = {tuple(a.to_json().items()) for a in state.legal_actions()}
    assert (("type", "play_hand"), ("card", 1), ("pile", 0)) in legal
    assert (("type", "play_hand"), ("card", 0), ("pile", 3)) in legal
    before = state.to_json()
    with pytest.raises(pr.IllegalAction, match="a new pile starts with a 1 or a Skip-Bo card"):
        act(state, type="play_hand", card=2, pile=0)
    assert state.to_json() == before


def test_building_strictly_next_number_and_message_names_the_need():
    state = scenario(building=[[1, 2, 3, 4], [], [], []], hands=[[5, 7, 9, 11, 12], [5, 6, 7, 8, 10]])
    before = state.to_json()
    with pytest.raises(pr.IllegalAction, match="7 does not fit on building pile 1: it needs a 5"):
        act(state, type="play_hand", card=7, pile=0)
    assert state.to_json() == before
    act(state, type="play_hand", card=5, pile=0)
    assert state.view(0)["building"][0]["value"] == 5


def test_wild_stands_for_the_needed_number_from_hand_stock_and_discard():
    state = scenario(
        building=[[1, 2, 3], [1], [], []],
        hands=[[WILD, 9, 11, 12, 10], [5, 6, 7, 8, 10]],
        stocks=[[7, WILD], [10, 10]],
        discards=[[[8, WILD], [], [], []], EMPTY4],
    )
    act(state, type="play_hand", card=WILD, pile=0)
    assert state.view(0)["building"][0] == {"count": 4, "value": 4, "top": WILD, "cards": [1, 2, 3, WILD]}
    act(state, type="play_stock", owner=0, pile=0)
    assert state.view(0)["building"][0]["value"] == 5
    act(state, type="play_discard", owner=0, discard=0, pile=1)
    assert state.view(0)["building"][1]["value"] == 2
    # after a wild the next card must be the number after the one the wild stood for
    with pytest.raises(pr.IllegalAction, match="it needs a 6"):
        act(state, type="play_stock", owner=0, pile=0)


def test_play_events_carry_their_own_fields_and_are_worded_from_them():
    """A building play's event names where its card came from (owner and discard pile) as its own fields, not as a
    copy of the action; the log line reads the discard pile from there, and from the action that a log saved
    before carried."""
    from pygame_rules.words import describe_event

    state = scenario(building=[[], [1], [], []], discards=[[[], [], [1], []], EMPTY4])
    stock, = act(state, type="play_stock", owner=0, pile=1)
    played, = act(state, type="play_discard", owner=0, discard=2, pile=0)
    assert stock == {"type": "play_stock", "player": 0, "card": 2, "pile": 1, "value": 2, "owner": 0, "revealed": 7}
    assert played == {"type": "play_discard", "player": 0, "card": 1, "pile": 0, "value": 1, "owner": 0,
                      "discard": 2}
    ended = act(state, type="discard", card=3, discard=0)[0]
    assert ended == {"type": "discard", "player": 0, "card": 3, "discard": 0}
    line = describe_event("skipbo", played)
    assert "3" in line and line == describe_event(
        "skipbo", {k: v for k, v in played.items() if k != "discard"} | {"action": {"discard": 2}})
    assert line != describe_event("skipbo", {**played, "discard": 0})


def test_pile_reaching_twelve_is_set_aside():
    state = scenario(building=[list(range(1, 12)), [], [], []], hands=[[12, 3, 4, 5, 6], [5, 6, 7, 8, 10]])
    events = act(state, type="play_hand", card=12, pile=0)
    assert [e["type"] for e in events] == ["play_hand", "complete"]
    view = state.view(0)
    assert view["building"][0] is None
    assert view["set_aside_count"] == 12


def test_at_most_four_building_piles():
    state = scenario(building=[[1], [1, 2], [WILD], [1, 2, 3]], hands=[[1, 9, 9, 10, 11], [5, 6, 7, 8, 10]])
    assert not [a for a in state.legal_actions() if a.kind == "play_hand" and a.card == 1]
    with pytest.raises(pr.IllegalAction, match="it needs a"):
        act(state, type="play_hand", card=1, pile=0)
    with pytest.raises(pr.IllegalAction, match="no building pile 5"):
        act(state, type="play_hand", card=1, pile=4)


# ----- the turn ------------------------------------------------------------------------------------------------
def test_discard_ends_turn_and_next_player_refills_to_five():
    state = scenario(hands=[[3, 4, 9, 11, 12], [5, 6, 7]])
    act(state, type="discard", card=9, discard=2)
    assert state.current_player == 1
    assert len(state.view(1)["hand"]) == 5
    assert state.view(1)["seats"][0]["discards"][2] == [9]
    assert len(state.view(0)["hand"]) == 4  # no refill for the player who discarded


def test_discard_any_value_any_order_including_a_wild():
    state = scenario(hands=[[WILD, 4, 9, 11, 12], [5, 6, 7, 8, 10]], discards=[[[2], [], [], []], EMPTY4])
    act(state, type="discard", card=WILD, discard=0)
    assert state.view(0)["seats"][0]["discards"][0] == [2, WILD]


def test_emptied_hand_draws_five_and_turn_continues():
    state = scenario(hands=[[1, 2], [5, 6, 7, 8, 10]])
    act(state, type="play_hand", card=1, pile=0)
    assert state.undoable()  # a play from the hand revealed nothing
    events = act(state, type="play_hand", card=2, pile=0)
    assert events[-1]["type"] == "draw" and events[-1]["count"] == 5
    assert state.current_player == 0
    assert len(state.view(0)["hand"]) == 5
    assert not state.undoable()  # hidden cards were revealed


def test_discarding_the_last_card_does_not_draw_at_once():
    state = scenario(hands=[[9], [5, 6, 7, 8, 10]])
    act(state, type="discard", card=9, discard=0)
    assert state.current_player == 1
    assert state.view(0)["hand"] == []


def test_not_in_hand_and_wrong_owner_refused_with_reasons():
    state = scenario()
    before = state.to_json()
    with pytest.raises(pr.IllegalAction, match="no 5 in your hand"):
        act(state, type="play_hand", card=5, pile=0)
    with pytest.raises(pr.IllegalAction, match="only play from your own piles"):
        act(state, type="play_stock", owner=1, pile=0)
    with pytest.raises(pr.IllegalAction, match="Discard pile 1 of player 1 is empty"):
        act(state, type="play_discard", owner=0, discard=0, pile=0)
    with pytest.raises(pr.IllegalAction, match="End your turn by putting one hand card on a discard pile"):
        act(state, type="end_turn")
    assert state.to_json() == before


# ----- the draw pile -------------------------------------------------------------------------------------------
def test_empty_draw_pile_recycles_completed_piles_reproducibly():
    def build():
        return scenario(hands=[[9, 9, 9, 9, 9], [5, 6]], draw=[], set_aside=list(range(1, 13)))

    a, b = build(), build()
    assert a.view(0)["draw_count"] == 0
    events = act(a, type="discard", card=9, discard=0)
    act(b, type="discard", card=9, discard=0)
    draw = events[-1]
    assert draw["type"] == "draw" and draw["recycled"] and draw["count"] == 3
    assert a.view(1)["set_aside_count"] == 0
    # unplaced cards of a scenario with an explicit draw pile count as set aside, so every card not in a hand,
    # a stock or a discard pile is now in the draw pile: 162 - 9 in hands - 4 in stocks - 1 discarded
    assert a.view(1)["draw_count"] == 162 - 9 - 4 - 1
    assert a.to_json() == b.to_json()  # the reshuffle replays identically


def dry_table(stocks, hands=([], [])):
    """Draw pile and set-aside empty; every other card on discard piles whose tops cannot be played."""
    rest = Counter(RULES.deck())
    rest.subtract([c for s in stocks for c in s] + [c for h in hands for c in h])
    cards = sorted(rest.elements(), key=lambda c: (c not in (0, 1), c))  # wilds and 1s at the bottom
    piles = [cards[i::8] for i in range(8)]
    for p in piles:
        p.sort(key=lambda c: (c not in (0, 1), c))
    return scenario(hands=[list(h) for h in hands], stocks=stocks, draw=[],
                    discards=[piles[:4], piles[4:]])


def test_draw_what_exists_then_stalemate_ends_with_fewest_stock_winning():
    state = dry_table(stocks=[[7, 9], [10, 10, 11]])
    assert [a.kind for a in state.legal_actions()] == ["end_turn"]
    act(state, type="end_turn")
    assert not state.is_over()
    events = act(state, type="end_turn")
    assert state.is_over()
    assert events[-1]["reason"] == "stalemate"
    assert state.result()["winners"] == [0]
    assert state.result()["stock_left"] == [2, 3]


def test_stalemate_ties_share_the_win():
    state = dry_table(stocks=[[7, 9], [10, 11]])
    act(state, type="end_turn")
    act(state, type="end_turn")
    assert state.result()["winners"] == [0, 1]


def test_a_play_resets_the_stalemate_count():
    state = dry_table(stocks=[[7, 9], [10, 11]], hands=([], [1]))
    act(state, type="end_turn")
    act(state, type="play_hand", card=1, pile=0)
    act(state, type="end_turn")
    assert not state.is_over()


# ----- winning -------------------------------------------------------------------------------------------------
def test_empty_stock_wins_at_once_mid_turn():
    state = scenario(stocks=[[1], [10, 10]], hands=[[3, 4, 9, 11, 12], [5, 6, 7, 8, 10]])
    events = act(state, type="play_stock", owner=0, pile=2)
    assert state.is_over()
    assert state.current_player is None
    result = state.result()
    assert result["winners"] == [0]
    assert result["scores"] == [25 + 5 * 2, 0]
    assert events[-1]["type"] == "game_over"
    with pytest.raises(pr.GameOverError):
        act(state, type="discard", card=3, discard=0)


# ----- partnership ---------------------------------------------------------------------------------------------
def partnership(**kw):
    base = {
        "players": 4,
        "options": {"partnership": True},
        "current_player": 0,
        "hands": [[3, 4, 9, 11, 12], [5], [6], [7]],
        "stocks": [[8], [10], [1], [10]],
        "discards": [EMPTY4, EMPTY4, [[], [WILD], [], []], EMPTY4],
    }
    base.update(kw)
    return pr.from_scenario("skipbo", base)


def test_partnership_needs_four_or_six_players():
    with pytest.raises(pr.BadOptions, match="4 or 6 players"):
        pr.new_game("skipbo", players=3, seed=1, options={"partnership": True})
    assert pr.new_game("skipbo", players=6, seed=1, options={"partnership": True}).view(0)["seats"][0]["partner"] == 3


def test_partner_stock_and_discards_are_playable_but_not_opponents():
    state = partnership()
    legal = {a.to_json()["type"] + str(a.to_json().get("owner")) for a in state.legal_actions()}
    assert "play_stock2" in legal and "play_discard2" in legal
    with pytest.raises(pr.IllegalAction, match="your own piles and your partner's"):
        act(state, type="play_stock", owner=1, pile=0)
    act(state, type="play_stock", owner=2, pile=0)  # partner's 1 starts a pile
    act(state, type="play_discard", owner=2, discard=1, pile=0)
    assert state.view(0)["building"][0]["value"] == 2
    # discarding goes on the player's own piles only
    act(state, type="discard", card=9, discard=0)
    assert state.view(0)["seats"][0]["discards"][0] == [9]


def test_team_wins_only_when_both_stocks_are_empty():
    state = partnership(stocks=[[1], [10], [2], [10]])
    act(state, type="play_stock", owner=0, pile=0)
    assert not state.is_over()  # own stock empty, partner's not: play on
    act(state, type="play_stock", owner=2, pile=0)
    assert state.is_over()
    result = state.result()
    assert result["winners"] == [0, 2]
    assert result["scores"] == [35, 0, 35, 0]


# ----- matches -------------------------------------------------------------------------------------------------
def test_match_scores_and_rotates_first_player():
    state = pr.new_game("skipbo", players=2, seed=11, options={"stock_size": 1, "match_target": 60,
                                                                "first_player": 0})
    firsts = [state.current_player]
    games = 0
    import random

    from pygame_rules.bots.skipbo import HeuristicBot

    bot, rng = HeuristicBot(), random.Random(0)
    while not state.is_over():
        seat = state.current_player
        events = state.apply(bot.choose(state.view(seat), state.legal_actions(), rng))
        if any(e["type"] == "game_start" for e in events):
            games += 1
            firsts.append(state.current_player)
    result = state.result()
    assert max(result["scores"]) >= 60
    assert sum(g["points"][0] + g["points"][1] for g in result["games"]) == sum(result["scores"])
    assert all(g["scores"] == g["points"] for g in result["games"])
    assert firsts[:3] == [0, 1, 0][: len(firsts[:3])]
    assert games == len(result["games"]) - 1
    loaded = pr.load_state(state.to_json())
    assert loaded.result() == result


# ----- scenarios -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "change,message",
    [
        ({"hands": [[13, 4, 9, 11, 12], [5, 6, 7, 8, 10]]}, "13"),
        ({"stocks": [[7] * 13, [10]]}, "card 7 appears 14 times, but the deck has only 12"),
        ({"hands": [[WILD] * 5, [WILD] * 5], "stocks": [[WILD] * 9, [10]]}, "card Skip-Bo appears 19 times"),
        ({"building": [[1, 3], [], [], []]}, "card 3 cannot stand at height 2"),
        ({"hands": [[1, 2, 3, 4, 5, 6], [5]]}, "at most 5"),
        ({"stocks": [[], [10]]}, "stock is empty"),
        ({"players": 7}, "2 to 6 players"),
        ({"color": "red"}, "unknown scenario field"),
        ({"current_player": 2}, "current_player"),
    ],
)
def test_bad_scenarios_say_which_card_or_field(change, message):
    with pytest.raises(pr.BadScenario, match=message):
        scenario(**change)


def test_scenario_fills_the_draw_pile_from_the_seed():
    a = scenario(seed=1)
    b = scenario(seed=1)
    c = scenario(seed=2)
    assert a.to_json()["data"]["draw"] == b.to_json()["data"]["draw"]
    assert a.to_json()["data"]["draw"] != c.to_json()["data"]["draw"]
    assert deck_problem(a.all_cards(), complete=True) is None


def test_clone_is_independent_and_equals_a_json_round_trip():
    state = pr.new_game("skipbo", players=4, seed=12, options={"partnership": True})
    for _ in range(30):
        state.apply(state.legal_actions()[-1])
    copy = state.clone()
    assert copy.to_json() == pr.load_state(state.to_json()).to_json()
    copy.apply(copy.legal_actions()[0])
    assert copy.to_json() != state.to_json()
    assert state.legal_actions() == pr.load_state(state.to_json()).legal_actions()
