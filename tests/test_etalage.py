"""Scenario and unit tests for Etalage: the rulebook's worked example and every rule the issue lists."""

from __future__ import annotations

import ast
import inspect
import json
import random
import textwrap

import pytest

import pygame_rules as pr
from pygame_rules.api import handle_request
from pygame_rules.bots import bot_levels, make_bot
from pygame_rules.core.errors import BadOptions, BadScenario, BadState, IllegalAction, MalformedAction, NotYourTurn
from pygame_rules.games.etalage import (
    COLOURS,
    MATCH,
    EtalageState,
    card_key,
    claim_order,
    deck,
    rank_colours,
)
from pygame_rules.words import describe_refusal

ANNA, BEN, CECILE, DORA, EMIEL, FRANK = range(6)
EXAMPLE_DISPLAY = ["yellow-7", "yellow-4", "red-8", "red-1", "green-6", "blue-4"]
EXAMPLE_PLAYS = ["green-7", "green-2", "yellow-9", "red-5", "blue-10"]  # Anna..Emiel; Frank plays red-6


def example(**extra):
    """The worked example one card before the end of the trick: Frank still holds his red 6."""
    hands = [[] for _ in range(6)]
    hands[FRANK] = ["red-6"]
    scenario = {"players": 6, "display": EXAMPLE_DISPLAY, "plays": EXAMPLE_PLAYS, "leader": ANNA, "hands": hands,
                "seed": 5}
    scenario.update(extra)
    return pr.from_scenario("etalage", scenario)


def snapshot(state):
    return json.dumps(state.to_json(), sort_keys=True)


def claim(state, colour):
    return state.apply({"type": "claim", "colour": colour}, player=state.current_player)


def play(state, card):
    return state.apply({"type": "play", "card": card}, player=state.current_player)


# ----- the rulebook's worked example ---------------------------------------------------------------------------
def test_worked_example_exactly():
    state = example()
    assert state.current_player == FRANK and state.phase == "play"
    events = play(state, "red-6")
    settle = next(e for e in events if e["type"] == "settle")
    ranking = [(r["colour"], r["strength"], r["seats"], r["status"]) for r in settle["ranking"]]
    assert ranking == [
        ("red", 11, [FRANK, DORA], "claims"),
        ("blue", 10, [EMIEL], "claims"),
        ("yellow", 9, [CECILE], "tied"),
        ("green", 9, [ANNA, BEN], "tied"),
    ]
    assert settle["claim_order"] == [FRANK, DORA, EMIEL]
    # Frank claims first and may take any colour on the display
    assert state.current_player == FRANK and state.phase == "claim"
    assert [a.colour for a in state.legal_actions()] == ["red", "yellow", "green", "blue"]
    claim(state, "yellow")
    assert state.current_player == DORA
    claim(state, "red")
    assert state.current_player == EMIEL
    assert [a.colour for a in state.legal_actions()] == ["green", "blue"]
    events = claim(state, "green")
    assert events[-1]["type"] == "trick_end"
    assert sorted(state.won[FRANK]) == ["yellow-4", "yellow-7"]
    assert sorted(state.won[DORA]) == ["red-1", "red-8"]
    assert state.won[EMIEL] == ["green-6"]
    assert state.won[ANNA] == state.won[BEN] == state.won[CECILE] == []
    # blue 4 stays and the six played cards join it; Frank leads the next trick
    assert sorted(state.display) == sorted(["blue-4", *EXAMPLE_PLAYS, "red-6"])
    assert state.leader == FRANK and state.current_player == FRANK and state.phase == "play"
    assert state.scores()[FRANK] == 11 and state.scores()[DORA] == 9 and state.scores()[EMIEL] == 6
    assert state.trick_number() == 2 and all(len(h) == 8 for h in state.hands)


def test_worked_example_as_complete_trick_scenario_starts_settling():
    state = pr.from_scenario("etalage", {"players": 6, "display": EXAMPLE_DISPLAY,
                                         "plays": [*EXAMPLE_PLAYS, "red-6"], "leader": ANNA})
    assert state.phase == "claim" and state.claimants == [FRANK, DORA, EMIEL]
    view = state.view(ANNA)
    assert view["claim_order"] == [FRANK, DORA, EMIEL]
    assert [g["colour"] for g in view["display_groups"]] == ["red", "yellow", "green", "blue"]
    assert [g["sum"] for g in view["display_groups"]] == [9, 11, 6, 4]


def test_live_ranking_in_view_while_the_trick_is_played():
    state = example()
    view = state.view(FRANK)
    assert [(r["colour"], r["strength"], r["status"]) for r in view["ranking"]] == [
        ("blue", 10, "claims"), ("yellow", 9, "tied"), ("green", 9, "tied"), ("red", 5, "blocked")]
    assert view["claim_order"] == [EMIEL]


# ----- ties -----------------------------------------------------------------------------------------------------
def test_tie_at_the_top_nobody_claims_and_the_same_leader_leads_again():
    # 4 players, leader seat 2: red 9 + red 1 = 10 ties blue 10; green 3 is weaker
    state = pr.from_scenario("etalage", {"players": 4, "leader": 2,
                                         "display": ["green-8", "yellow-5", "red-2", "blue-7"],
                                         "plays": ["red-9", "blue-10", "red-1"], "hands": [[], ["green-3"], [], []]})
    before_display = list(state.display)
    assert state.current_player == 1
    events = play(state, "green-3")
    types = [e["type"] for e in events]
    assert types == ["play", "settle", "trick_end"]
    assert events[1]["claim_order"] == []
    assert state.leader == 2 and state.current_player == 2
    assert all(w == [] for w in state.won)
    assert sorted(state.display) == sorted(before_display + ["red-9", "blue-10", "red-1", "green-3"])
    assert state.last_trick["claims"] == [] and state.last_trick["next_leader"] == 2


def test_tie_lower_down_stops_the_claims():
    # red 10 alone on top; yellow 4 and green 4 tie; blue 3 is weaker: only seat 0 claims
    state = pr.from_scenario("etalage", {"players": 4, "leader": 0,
                                         "display": ["green-8", "yellow-5", "red-2", "blue-7"],
                                         "plays": ["red-10", "yellow-4", "green-4"], "hands": [[], [], [], ["blue-3"]]})
    play(state, "blue-3")
    assert state.claimants == [0]
    ranking = {r["colour"]: r["status"] for r in state.view(1)["ranking"]}
    assert ranking == {"red": "claims", "yellow": "tied", "green": "tied", "blue": "blocked"}
    events = claim(state, "green")
    assert events[-1]["type"] == "trick_end"
    assert state.won == [["green-8"], [], [], []]
    # the display keeps the unclaimed colours although players 1-3 could have taken them
    assert {"yellow-5", "red-2", "blue-7"} <= set(state.display)
    assert state.leader == 0


def test_claim_order_function_stops_at_first_tie_even_below_the_top():
    plays = [(0, "red-5"), (1, "yellow-6"), (2, "green-6"), (3, "blue-1"), (4, "purple-9")]
    assert claim_order(plays) == [4]
    assert claim_order([(0, "red-5"), (1, "yellow-5")]) == []
    assert claim_order([(0, "red-5"), (1, "red-4"), (2, "yellow-3")]) == [0, 1, 2]


# ----- empty display, card order within a colour --------------------------------------------------------------
def test_a_claimant_facing_an_empty_display_takes_nothing():
    state = pr.from_scenario("etalage", {"players": 3, "leader": 0, "display": ["red-1", "red-2", "red-3"],
                                         "plays": ["yellow-8", "green-5"], "hands": [[], [], ["yellow-9"]]})
    play(state, "yellow-9")
    assert state.claimants == [2, 0, 1]
    assert [a.to_json() for a in state.legal_actions()] == [{"type": "claim", "colour": "red"}]
    events = claim(state, "red")
    nothing = [e for e in events if e["type"] == "claim" and e["colour"] is None]
    assert [e["player"] for e in nothing] == [0, 1] and all(e["cards"] == [] for e in nothing)
    assert state.won == [[], [], ["red-1", "red-2", "red-3"]]
    assert state.leader == 2 and state.phase == "play"
    assert state.last_trick["claims"][1:] == [{"seat": 0, "colour": None, "cards": []},
                                              {"seat": 1, "colour": None, "cards": []}]


def test_card_values_order_the_players_within_a_colour():
    # leader seat 1: seat 1 red 2, seat 2 red 9, seat 0 red 5 -> 9, 5, 2
    state = pr.from_scenario("etalage", {"players": 3, "leader": 1, "display": ["green-1", "yellow-2", "yellow-3"],
                                         "plays": ["red-2", "red-9"], "hands": [["red-5"], [], []]})
    play(state, "red-5")
    assert state.claimants == [2, 0, 1]
    assert rank_colours(state.trick_plays())[0]["cards"] == ["red-9", "red-5", "red-2"]
    claim(state, "yellow")
    claim(state, "green")
    assert state.won[2] == ["yellow-2", "yellow-3"] and state.won[0] == ["green-1"]
    assert state.won[1] == [] and state.leader == 2


# ----- scoring and the end of the game -------------------------------------------------------------------------
def last_trick_scenario():
    """3 players, one card each left; earlier winnings placed in won piles."""
    cards = deck(COLOURS[:3])
    won = [["red-10", "red-9"], ["yellow-10", "yellow-9"], ["green-1"]]
    plays, hands, display = ["red-1"], [[], ["yellow-1"], ["green-2"]], ["red-2", "red-3", "green-3"]
    placed = {c for w in won for c in w} | set(plays) | {c for h in hands for c in h} | set(display)
    rest = [c for c in cards if c not in placed]
    # leader 0 has played red-1; the rest of the cards sit on the display
    return pr.from_scenario("etalage", {"players": 3, "leader": 0, "plays": plays, "hands": hands, "won": won,
                                        "display": display + rest})


def test_scoring_sums_the_won_numbers_and_ties_share():
    state = last_trick_scenario()
    assert state.trick_number() == 9
    play(state, "yellow-1")
    play(state, "green-2")
    # red 1, yellow 1, green 2 -> green strongest; red and yellow tie at 1: only seat 2 claims
    assert state.claimants == [2]
    claim(state, "red")
    assert state.is_over() and state.current_player is None and state.legal_actions() == []
    red_on_display = sum(v for v in range(2, 9))  # red 2..8 were on the display
    result = state.result()
    assert result["scores"] == [19, 19, 1 + red_on_display]
    assert result["winners"] == [2]
    assert state.view(0)["result"]["scores"] == result["scores"]
    assert sorted(result["display_left"] + [c for w in result["won"] for c in w]) == sorted(deck(COLOURS[:3]))


def test_tied_winners_share():
    placed = {"red-1", "yellow-1", "green-1", "red-10", "yellow-10"}
    rest = [c for c in deck(COLOURS[:3]) if c not in placed]
    state = pr.from_scenario("etalage", {"players": 3, "leader": 0, "plays": ["red-1", "yellow-1"],
                                         "hands": [[], [], ["green-1"]],
                                         "won": [["red-10"], ["yellow-10"], []], "display": rest})
    play(state, "green-1")
    assert state.is_over()
    assert state.result()["scores"] == [10, 10, 0] and state.result()["winners"] == [0, 1]


def test_game_ends_after_nine_tricks_and_is_refused_afterwards():
    state = pr.new_game("etalage", players=4, seed=3)
    rng = random.Random(0)
    steps = 0
    while not state.is_over():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        steps += 1
    assert all(h == [] for h in state.hands) and state.trick_number() == 9
    assert steps >= 36
    with pytest.raises(pr.GameOverError):
        state.apply({"type": "play", "card": "red-1"})


# ----- setup -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_setup_deals_nine_each_and_one_display_card_per_player(players):
    state = pr.new_game("etalage", players=players, seed=11)
    assert state.colours == list(COLOURS[:players])
    assert len(state.display) == players and all(len(h) == 9 for h in state.hands)
    assert state.leader == state.start and state.current_player == state.start
    again = pr.new_game("etalage", players=players, seed=11)
    assert again == state
    leaders = {pr.new_game("etalage", players=players, seed=s).start for s in range(40)}
    assert leaders == set(range(players))  # the starting player is chosen by the seed


def test_bad_options_and_player_counts():
    with pytest.raises(BadOptions):
        pr.new_game("etalage", players=2, seed=1)
    with pytest.raises(BadOptions):
        pr.new_game("etalage", players=7, seed=1)
    with pytest.raises(BadOptions):
        pr.new_game("etalage", players=4, seed=1, options={"games": 0})
    with pytest.raises(BadOptions):
        pr.new_game("etalage", players=4, seed=1, options={"rounds": 2})


# ----- refusals leave the state unchanged ---------------------------------------------------------------------
def test_illegal_actions_are_refused_with_reasons_and_no_change():
    state = example()
    before = snapshot(state)
    cases = [
        ({"type": "play", "card": "red-7"}, IllegalAction, "You do not hold red 7"),
        ({"type": "play", "card": "pink-3"}, MalformedAction, "not an Etalage card"),
        ({"type": "play", "card": 7}, MalformedAction, "string"),
        ({"type": "claim", "colour": "red"}, IllegalAction, "everyone plays a card to the trick first"),
        ({"type": "claim", "colour": "pink"}, MalformedAction, "not an Etalage colour"),
        ({"type": "pass"}, MalformedAction, "no action type"),
        ({"type": "play"}, MalformedAction, "missing"),
    ]
    for action, error, words in cases:
        with pytest.raises(error, match=words):
            state.apply(action, player=FRANK)
        assert snapshot(state) == before
    with pytest.raises(NotYourTurn):
        state.apply({"type": "play", "card": "red-6"}, player=ANNA)
    assert snapshot(state) == before
    play(state, "red-6")
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="claimed from the display first"):
        state.apply({"type": "play", "card": "red-6"}, player=FRANK)
    with pytest.raises(IllegalAction, match="has no purple cards"):
        state.apply({"type": "claim", "colour": "purple"}, player=FRANK)
    with pytest.raises(NotYourTurn):
        state.apply({"type": "claim", "colour": "red"}, player=DORA)
    assert snapshot(state) == before


def test_colour_not_in_a_small_game():
    state = pr.new_game("etalage", players=3, seed=2)
    with pytest.raises(IllegalAction, match="not used in this game"):
        state.apply({"type": "play", "card": "orange-4"})
    assert not state.undoable()


# ----- views --------------------------------------------------------------------------------------------------
def test_views_hide_other_hands_and_won_cards():
    state = example()
    play(state, "red-6")
    claim(state, "yellow")
    claim(state, "red")
    claim(state, "green")
    view = state.view(ANNA)
    text = json.dumps(view)
    for seat in range(1, 6):
        for card in state.hands[seat]:
            assert f'"{card}"' not in text
    assert view["won"] is None and view["score"] is None and view["won_counts"] == [0, 0, 0, 2, 1, 2]
    assert view["hand"] == state.hands[ANNA] and view["hand_counts"] == [8] * 6
    assert "rng" not in text and "seed" not in text
    frank = state.view(FRANK)  # won cards lie face down: even their owner sees only how many (issue 19)
    assert frank["won"] is None and frank["score"] is None and frank["won_counts"][FRANK] == 2
    opened = example(options={"open_winnings": True})
    play(opened, "red-6")
    for colour in ("yellow", "red", "green"):
        claim(opened, colour)
    frank = opened.view(FRANK)  # the memory-aid variant: your own pile and score, still only counts for others
    assert frank["won"] == ["yellow-7", "yellow-4"] and frank["score"] == 11
    assert opened.view(ANNA)["won"] == [] and opened.view(ANNA)["score"] == 0
    # the claims of the trick just settled are public (everyone saw them at the table)
    assert [c["seat"] for c in view["last_trick"]["claims"]] == [FRANK, DORA, EMIEL]
    with pytest.raises(ValueError):
        state.view(6)


@pytest.mark.parametrize("players, seed", [(3, 1), (4, 2), (6, 3)])
def test_won_cards_stay_face_down_until_the_end(players, seed):
    """Issue 19: by default no view shows a won pile (its owner's included) or a running score. A won card may
    appear only where everybody saw it: in the claims of this trick or the last (and the last trick's plays); the
    claim events announce what was taken. At the end the result and the view reveal every pile."""
    state = pr.new_game("etalage", players=players, seed=seed)
    rng = random.Random(seed)
    announced = [0] * players
    while not state.is_over():
        for seat in range(players):
            view = state.view(seat)
            assert view["won"] is None and view["score"] is None
            assert view["won_counts"] == [len(w) for w in state.won]
            public = {c for trick in (view, view["last_trick"] or {}) for cl in trick.get("claims", ()) for c in
                      cl["cards"]} | {p["card"] for p in (view["last_trick"] or {}).get("plays", ())}
            text = json.dumps(view)
            for pile in state.won:
                for card in pile:
                    assert f'"{card}"' not in text or card in public, (seat, card)
        legal = state.legal_actions()
        for event in state.apply(legal[rng.randrange(len(legal))]):
            if event["type"] == "claim":
                announced[event["player"]] += event["points"]
    for seat in range(players):
        view = state.view(seat)
        assert view["won"] == sorted(state.won[seat], key=card_key) and view["score"] == state.scores()[seat]
        assert view["result"]["scores"] == state.scores() == announced


def test_view_explains_the_last_trick_with_its_ranking():
    """After the claims the played cards join the display; the view keeps the settled trick's ranking for the app."""
    state = example()
    play(state, "red-6")
    for colour in ("yellow", "red", "green"):
        claim(state, colour)
    last = state.view(BEN)["last_trick"]
    assert [(r["colour"], r["strength"], r["status"]) for r in last["ranking"]] == [
        ("red", 11, "claims"), ("blue", 10, "claims"), ("yellow", 9, "tied"), ("green", 9, "tied")]
    assert last["ranking"][0]["seats"] == [FRANK, DORA]
    assert "ranking" not in state.to_json()["data"]["last_trick"]  # derived for the view, not saved


# ----- saves and scenarios ------------------------------------------------------------------------------------
def test_json_round_trip_mid_claim():
    state = example()
    play(state, "red-6")
    claim(state, "yellow")
    data = json.loads(json.dumps(state.to_json()))
    loaded = pr.load_state(data)
    assert loaded == state and loaded.current_player == DORA
    claim(loaded, "red")
    claim(state, "red")
    assert loaded == state


@pytest.mark.parametrize("corrupt", [
    lambda d: d["data"]["hands"][0].append(d["data"]["hands"][1][0]),  # duplicated card
    lambda d: d["data"]["display"].pop(),  # lost card
    lambda d: d["data"]["claimants"].reverse(),  # claim order broken
    lambda d: d["data"].pop("won"),
    lambda d: d["data"].update(leader=9),
    lambda d: d["data"]["hands"][2].append("pink-1"),
    lambda d: d["data"].update(last_trick=[1, 2]),
])
def test_corrupt_saves_raise_bad_state(corrupt):
    state = example()
    play(state, "red-6")
    claim(state, "yellow")
    data = json.loads(json.dumps(state.to_json()))
    corrupt(data)
    with pytest.raises(BadState):
        pr.load_state(data)


@pytest.mark.parametrize("scenario, words", [
    ({"players": 3, "display": ["red-1", "red-1"]}, "red-1 appears twice"),
    ({"players": 3, "display": ["red-11"]}, r"display\[0\] must be an Etalage card.*'red-11'"),
    ({"players": 3, "display": ["blue-4"]}, "blue-4 is of a colour not in this game"),
    ({"players": 3, "display": ["red-1", "red-2"]}, "cannot be shared evenly"),
    ({"players": 3, "display": ["red-1", "red-2", "red-3"],
      "hands": [["yellow-1"] + [f"green-{v}" for v in range(1, 10)], [], []]}, "only 9 fit"),
    ({"players": 3, "plays": ["red-1", "red-2", "red-3", "red-4"]}, "only 3 players"),
    ({"players": 3, "leader": 5}, "leader must be a seat"),
    ({"players": 3, "colour": ["red"]}, "unknown scenario field"),
    ({"players": 2}, "for 3 to 6 players"),
])
def test_bad_scenarios_name_the_problem(scenario, words):
    with pytest.raises(BadScenario, match=words):
        pr.from_scenario("etalage", scenario)


# ----- match --------------------------------------------------------------------------------------------------
class _Finished:
    """A stand-in for a finished game: next_start only reads the result's scores."""

    def __init__(self, scores):
        self.scores = scores

    def result(self):
        return {"scores": self.scores}


@pytest.mark.parametrize("scores, previous, expected", [
    ([10, 20, 5, 20], 1, 3),  # tie between 1 and 3: the first after the previous leader (1) is 3
    ([10, 20, 5, 20], 3, 1),
    ([20, 20, 5, 1], 1, 0),  # the previous leader comes last among the tied seats
    ([20, 20, 5, 1], 0, 1),
    ([1, 2, 30], 2, 2),  # a sole best scorer leads, even if they led before
])
def test_match_next_leader_rule(scores, previous, expected):
    assert MATCH.next_start(_Finished(scores), [0] * len(scores), previous) == expected


def test_match_of_three_games_adds_scores_and_follows_the_leader_rule():
    state = pr.new_game("etalage", players=4, seed=9, options={"games": 3})
    assert state.view(0)["match"]["game_number"] == 1
    rng = random.Random(1)
    starts = [state.inner.start]
    game_scores = []
    while not state.is_over():
        legal = state.legal_actions()
        events = state.apply(legal[rng.randrange(len(legal))])
        for e in events:
            if e["type"] == "game_end":
                game_scores.append(e["points"])
            if e["type"] == "game_start":
                starts.append(e["start"])
                assert state.inner.leader == e["start"] and state.inner.current_player == e["start"]
    assert len(game_scores) == 3 and len(starts) == 3
    for i in range(2):
        scores = game_scores[i]
        best = max(scores)
        tied = [s for s in range(4) if scores[s] == best]
        order = [(starts[i] + k) % 4 for k in range(1, 5)]
        assert starts[i + 1] == next(s for s in order if s in tied)
    assert state.result()["scores"] == [sum(g[s] for g in game_scores) for s in range(4)]
    loaded = pr.load_state(json.loads(json.dumps(state.to_json())))
    assert loaded.result() == state.result()


def test_single_game_is_not_a_match():
    state = pr.new_game("etalage", players=3, seed=1)
    assert isinstance(state, EtalageState) and "match" not in state.view(0)


# ----- bots ---------------------------------------------------------------------------------------------------
def test_bot_levels_registered():
    assert bot_levels("etalage") == ["random", "easy", "normal", "hard"]


def test_normal_bot_claims_the_best_pile_and_breaks_near_ties_against_the_next_claimant():
    state = example()
    play(state, "red-6")
    bot = make_bot("etalage", "normal")
    action = bot.choose(state.view(FRANK), state.legal_actions(), random.Random(0))
    assert action.to_json() == {"type": "claim", "colour": "yellow"}  # 11 beats red 9, green 6, blue 4


def position(players, display, plays, hands, leader=0):
    """A scenario where the given hands are exactly the hands: the cards not needed to fill the other hands go
    to seat 0's won pile (the bots cannot see won piles of others, so this changes nothing they know)."""
    placed = set(display) | set(plays) | {c for h in hands for c in h}
    rest = [c for c in deck(COLOURS[:players]) if c not in placed]
    played = {(leader + i) % players for i in range(len(plays))}
    at_start = max(len(h) + (s in played) for s, h in enumerate(hands))
    need = sum(at_start - (s in played) - len(h) for s, h in enumerate(hands))
    won = [rest[need:]] + [[] for _ in range(players - 1)]
    return pr.from_scenario("etalage", {"players": players, "leader": leader, "display": display, "plays": plays,
                                        "hands": hands, "won": won, "seed": 1})


def test_normal_bot_avoids_a_tie_that_wins_it_nothing():
    # Last to play. Display piles: yellow 19, green 9, blue 1. Plays: red 8, blue 5, green 3, purple 9.
    # red-1 makes red 9 tie purple 9 at the top: nobody claims, the bot included. purple-1 makes purple 10 the only
    # top colour: seat 3 (purple 9) takes yellow 19 and the bot, second in purple, takes green 9.
    state = position(5, ["yellow-10", "yellow-9", "green-8", "green-1", "blue-1"],
                     ["red-8", "blue-5", "green-3", "purple-9"],
                     [[], [], [], [], ["red-1", "purple-1", "blue-2", "yellow-3"]])
    assert state.hands[4] == ["red-1", "yellow-3", "blue-2", "purple-1"]
    bot = make_bot("etalage", "normal")
    action = bot.choose(state.view(4), state.legal_actions(), random.Random(0))
    assert action.card == "purple-1"
    state.apply(action)
    assert state.claimants == [3, 4, 0, 1, 2]


def test_normal_bot_takes_first_claim_when_it_can():
    # Last to play with a 10: red 10 beats everything and claims the 19 pile first.
    state = position(3, ["yellow-10", "yellow-9", "green-1"], ["green-6", "yellow-5"],
                     [[], [], ["red-10", "red-1", "green-2"]])
    bot = make_bot("etalage", "normal")
    action = bot.choose(state.view(2), state.legal_actions(), random.Random(0))
    assert action.card == "red-10"


def test_normal_bot_plays_low_when_it_cannot_win_anything():
    # green 6 and yellow 6 tie on top; its red 1, 2 or 3 lands below the tie and wins nothing: spend the lowest.
    state = position(3, ["red-9", "red-8", "yellow-1"], ["green-6", "yellow-6"], [[], [], ["red-1", "red-2", "red-3"]])
    bot = make_bot("etalage", "normal")
    action = bot.choose(state.view(2), state.legal_actions(), random.Random(0))
    assert action.card == "red-1"


@pytest.mark.parametrize("hand, expected", [
    (["red-1", "yellow-2", "blue-1"], "red"),  # weak hand: break up the pile an opponent will probably take next
    (["red-10", "yellow-9", "blue-10"], "yellow"),  # strong hand: take the most now, leave the big pile for later
])
def test_normal_bot_claims_with_the_next_trick_in_mind(hand, expected):
    # Seat 1 is the only claimant (green 10; red 7 ties blue 7). Display: yellow 10 against red 5 + 4 = 9.
    # Taking yellow leaves red 9, which merges with the red 7 just played into a 16 pile for the next trick's first
    # claimant; taking red leaves nothing bigger than 10 next trick.
    state = position(4, ["yellow-10", "red-5", "red-4"], ["red-7", "green-10", "blue-4", "blue-3"],
                     [[], hand, [], []])
    assert state.claimants == [1] and sorted(state.hands[1]) == sorted(hand)
    bot = make_bot("etalage", "normal")
    action = bot.choose(state.view(1), state.legal_actions(), random.Random(0))
    assert action.to_json() == {"type": "claim", "colour": expected}


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_bots_only_choose_legal_actions_for_a_whole_game(level):
    state = pr.new_game("etalage", players=5, seed=21)
    rng = random.Random(3)
    bot = make_bot("etalage", level)
    while not state.is_over():
        legal = state.legal_actions()
        action = bot.choose(state.view(state.current_player), legal, rng)
        assert action in legal
        state.apply(action)


def test_normal_bot_outscores_random_players():
    normal, rnd = make_bot("etalage", "normal"), make_bot("etalage", "random")
    hero, others = 0, 0
    games = 12
    for g in range(games):
        state = pr.new_game("etalage", players=4, seed=500 + g)
        seat = g % 4
        rng = random.Random(g)
        while not state.is_over():
            p = state.current_player
            bot = normal if p == seat else rnd
            state.apply(bot.choose(state.view(p), state.legal_actions(), rng))
        scores = state.result()["scores"]
        hero += scores[seat]
        others += (sum(scores) - scores[seat]) / 3
    assert hero > 1.3 * others


def test_api_plays_etalage_with_bots():
    from pygame_rules import api

    reply = api.handle_request({"op": "new", "game": "etalage", "players": 3, "seed": 4, "seat": 0})
    assert reply["ok"], reply
    sid = reply["session"]
    for _ in range(200):
        table = api.handle_request({"op": "table", "session": sid, "seat": 0})["table"]
        if table["over"]:
            break
        reply = api.handle_request({"op": "bot", "session": sid, "level": "normal", "seat": 0})
        assert reply["ok"], reply
    assert table["over"] and len(table["result"]["scores"]) == 3


def test_normal_bot_leaves_cards_seen_claimed_out_of_the_unseen_cards():
    """Cards claimed in the last trick lie in won piles, so the bot never deals them to a later player's hand."""
    from pygame_rules.bots.etalage import _unseen

    state = pr.new_game("etalage", players=4, seed=3)
    rng = random.Random(1)
    bot = make_bot("etalage", "normal")
    while state.view(0)["trick_number"] < 3:
        state.apply(bot.choose(state.view(state.current_player), state.legal_actions(), rng))
    view = state.view(state.current_player)
    me = view["seat"]
    claimed = {c for claim in view["last_trick"]["claims"] for c in claim["cards"]}
    others = {c for claim in view["last_trick"]["claims"] if claim["seat"] != me for c in claim["cards"]}
    assert others, "the scenario needs a claim by another seat"
    pool = set(_unseen(view))
    assert not pool & claimed  # its own claims too: it saw them go to its face-down pile
    hidden = {c for s in range(4) if s != me for c in state.hands[s]}
    assert hidden <= pool  # every card really in another hand stays possible
    # its own won cards claimed earlier are out of sight (face down), so they count as unseen too
    assert set(state.won[me]) - claimed <= pool


# ----- refusal codes (issue 15) --------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [2, 9])
def test_every_refusal_is_a_code_whose_wording_is_the_message(seed):
    rng = random.Random(seed)
    state = EtalageState.new(4, seed)
    candidates = [{"type": "play", "card": c} for c in [*deck(COLOURS), "pink-3"]]
    candidates += [{"type": "claim", "colour": c} for c in [*COLOURS, "pink"]]
    seen = set()
    while not state.is_over():
        for raw in candidates:
            action = state.parse_action(raw)
            error = state.problem(action)
            refusal = state.refusal(action)
            assert (error is None) == (refusal is None) == (action in state.legal_actions())
            if error is None:
                continue
            seen.add(refusal.reason)
            if refusal.reason in EtalageState.REFUSAL_CODES:  # the English of the catalogue, as the page's
                assert error.message == describe_refusal("etalage", refusal.reason, refusal.params)
            if isinstance(error, MalformedAction):  # no card or colour at all: not a rule, no code
                assert refusal.reason in ("not_a_card", "not_a_colour") and error.reason is None
            else:
                assert error.reason == refusal.reason in EtalageState.REFUSAL_CODES
                assert error.params == dict(refusal.params) == json.loads(json.dumps(error.params))
        state.apply(rng.choice(state.legal_actions()))
    assert seen == {"not_a_card", "not_a_colour", "claim_first", "play_first", "colour_not_in_game",
                    "not_in_hand", "colour_not_on_display"}, seen


def test_refusal_codes_keep_the_error_codes_and_reach_the_api():
    state = EtalageState.new(3, 5)
    seat = state.current_player
    other = next(c for c in deck(state.colours) if c not in state.hands[seat])
    error = state.problem(state.parse_action({"type": "play", "card": other}))
    assert (error.code, error.reason, error.params) == ("illegal_action", "not_in_hand", {"card": other, "seat": seat})
    error = state.problem(state.parse_action({"type": "claim", "colour": "red"}))
    assert (error.code, error.reason, error.params) == ("play_first", "play_first", {"colour": "red", "seat": seat})
    sid = handle_request({"op": "new", "game": "etalage", "players": 3, "seed": 5, "seat": seat})["session"]
    action = {"type": "play", "card": other}
    answer = handle_request({"op": "check", "session": sid, "seat": seat, "action": action})
    assert answer["legal"] is False and answer["reason"] == "not_in_hand", answer
    assert answer["params"] == {"card": other, "seat": seat}, answer


# ----- one apply path, events as data (issue 25) ---------------------------------------------------------------
def test_one_apply_path_no_game_copy_of_the_cores_machinery():
    """Every caller (the page's move, a bot's rollout, the bench) performs an action through ``_perform``."""
    # (read from the source: the core installs its generated __init__ and clone on the class when first used)
    body = ast.parse(textwrap.dedent(inspect.getsource(EtalageState))).body[0]
    defined = {node.name for node in body.body if isinstance(node, ast.FunctionDef)}
    assert defined & {"_apply", "play", "legal_actions", "__init__", "clone", "to_json", "_blank"} == set()
    assert "_perform" in defined


@pytest.mark.parametrize("players, seed", [(3, 1), (4, "events"), (6, 7)])
def test_events_are_data_without_english_and_quiet_play_builds_none(players, seed, monkeypatch):
    """Events carry a type and fields only (the page and the describer word them); ``play`` builds no event."""
    state = pr.new_game("etalage", players=players, seed=seed)
    quiet = state.clone()
    rng = random.Random(players)
    kinds = set()
    while not state.is_over():
        action = rng.choice(state.legal_actions())
        for event in state.apply_listed(action):
            kinds.add(event["type"])
            assert "text" not in event, event
            assert json.loads(json.dumps(event)) == event
        quiet.play(action)
        assert quiet == state
    assert kinds == {"play", "settle", "claim", "trick_end", "game_over"}
    built = []
    fresh = pr.new_game("etalage", players=players, seed=seed)
    original = EtalageState._perform

    def spy(self, act, log):
        built.append(log)
        return original(self, act, log)

    monkeypatch.setattr(EtalageState, "_perform", spy)
    fresh.play(fresh.legal_actions()[0])
    fresh.apply_listed(fresh.legal_actions()[0])
    assert built[0] is None  # play: nobody reads the events, so none is built
    assert [sorted(event) for event in built[1]] == [["card", "player", "type"]]


def test_the_turn_order_table_is_seat_after():
    from pygame_rules.games.etalage import TURN_ORDER, seat_after
    for players, orders in TURN_ORDER.items():
        for leader, order in enumerate(orders):
            assert order == tuple(seat_after(leader, i, players) for i in range(players))
    assert TURN_ORDER[4][2] == (2, 3, 0, 1)  # clockwise is increasing seat number, wrapping round
