"""Scenario tests for Top Spot: every rule of issue 4, the error paths, the deck data, saves and the match."""

from __future__ import annotations

import copy
import itertools
import json
import random

import pytest

import pygame_rules as pr
from pygame_rules.api import handle_request
from pygame_rules.bots import make_bot
from pygame_rules.core.match import MatchState
from pygame_rules.core.memo import clear_caches
from pygame_rules.games import topspot as ts
from pygame_rules.games.topspot import JOKER, Play, TopSpotState, parse_deck, stack_value
from pygame_rules.words import describe_refusal

COLOURS = ["red", "yellow", "green", "blue", "purple"]


def scenario(hands: list[list[str]], level: str = "junior", **extra) -> TopSpotState:
    """A position at a round start; seat 0 deals, so seat 1 leads unless ``leader`` says otherwise.

    The colours in play are those of the cards used, filled up in deck order (or ``colours=`` if given).
    """
    players = len(hands)
    used = {ts.COLOUR[c] for h in [*hands, *(s for w in extra.get("won", []) for s in w)] for c in h if c != JOKER}
    colours = [c for c in COLOURS if c in used]
    colours += [c for c in COLOURS if c not in used][:players - len(colours)]
    data = {"players": players, "options": {"level": level}, "colours": colours, "hands": hands}
    data.update(extra)
    return TopSpotState.from_scenario(data)


def play(state: pr.State, *cards: str, colour: str | None = None) -> list[dict]:
    return state.apply({"type": "play", "cards": list(cards), "colour": colour})


def refused(state: pr.State, *cards: str, colour: str | None = None, match: str = "") -> pr.IllegalAction:
    before = state.to_json()
    with pytest.raises(pr.IllegalAction, match=match) as info:
        play(state, *cards, colour=colour)
    assert state.to_json() == before
    return info.value


# ----- deck data and stack values ---------------------------------------------------------------------------
def test_deck_file_matches_the_issue_table():
    corners = {n: lay.corners for n, lay in ts.DECK.layouts.items()}
    assert corners == {1: (1, 9), 2: (1, 7), 3: (2, 8), 4: (2, 6), 5: (3, 7), 6: (3, 5), 7: (4, 8), 8: (4, 6),
                       9: (5, 7), 10: (5, 6), 11: (6, 8), 12: (7, 7)}
    assert ts.DECK.joker.corners == (0, 6)


def _deck_data() -> dict:
    with open(ts.DECK_FILE, encoding="utf-8") as handle:
        return json.load(handle)


@pytest.mark.parametrize("change, message", [
    (lambda d: d["cards"].pop(), "exactly 12"),
    (lambda d: d["cards"][0]["spots"].append(9), "cells are whole numbers 0..8"),
    (lambda d: d["cards"][1]["holes"].append(0), "both a spot and a hole"),
    (lambda d: d["cards"][2].update(number=1), "distinct 'number'"),
    (lambda d: d["cards"][3].update(spots=[0, 8], holes=[1, 2, 3, 5, 6, 7]), "same layout"),
    (lambda d: d["joker"].update(spots=[4]), "no spots"),
    (lambda d: d["colours"].pop(), "at least 5"),
    (lambda d: d.update(format="other"), "format"),
])
def test_bad_deck_data_is_refused_on_load(change, message):
    data = _deck_data()
    change(data)
    with pytest.raises(ValueError, match=message):
        parse_deck(data)


def test_replacement_layouts_load_without_code_changes(tmp_path):
    data = _deck_data()
    data["cards"][0] = {"number": 1, "spots": [4, 0], "holes": [1, 2, 3, 5, 6, 7, 8]}
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(data))
    assert ts.load_deck(path).layouts[1].corners == (2, 9)


def test_stack_1_over_7_over_8_is_worth_9():
    assert stack_value(["red-1", "red-7", "red-8"]) == 9
    state = scenario([["red-2", "yellow-1"], ["red-1", "red-7", "red-8", "yellow-2"], ["red-3", "yellow-3"]])
    events = play(state, "red-1", "red-7", "red-8")
    assert events[0]["value"] == 9 and events[0]["colour"] == "red"
    assert state.hands[1] == ["yellow-2"]


def test_stack_value_counts_the_first_spot_seen_through_holes():
    assert stack_value(["red-12"]) == 7  # no holes: the centre is blank
    assert stack_value(["red-2", "red-12"]) == 7  # red-2 shows cell 0 and red-12 the other six of its spots
    assert stack_value(["red-7", "red-12"]) == 4 + 4  # red-12 shows cells 1, 3, 5, 7 through the holes of red-7
    assert stack_value(["red-4", "red-10"]) == 2 + 2  # cells 0, 1, 7, 8 open: red-10 shows 1 and 7


def test_lower_card_showing_no_own_spot_makes_the_stack_illegal():
    state = scenario([["red-2"], ["red-12", "red-1", "red-6"], ["red-3"]])
    refused(state, "red-12", "red-1", match=r"Red 1 \(card 2 from the top\) does not raise the value: it would show "
            r"none of its own spots \(without it the stack is worth 7, with it 7\)")
    # red-6 under red-1 shows its spots in cells 3 and 5, so that stack is fine
    play(state, "red-1", "red-6")
    assert state.plays[0]["value"] == 3


def test_each_extra_card_must_show_a_spot_even_deep_in_the_stack():
    state = scenario([["red-2"], ["red-1", "red-8", "red-6"], ["red-3"]])
    # red-6 under 1 and 8 only finds cells 0 and 8 open and its spots are 3, 4, 5: it would add nothing
    refused(state, "red-1", "red-8", "red-6", match="Red 6 .card 3 from the top. does not raise the value: it would "
            "show none of its own spots .without it the stack is worth 5, with it 5.")
    # red-1 over red-7 over red-9: red-9 shows nothing, and red-7 is not needed either (red-9's corner spots would
    # show without it); the refusal names the first such card from the top
    state = scenario([["red-2"], ["red-1", "red-7", "red-9"], ["red-3"]])
    refused(state, "red-1", "red-7", "red-9", match="Red 7 .card 2 from the top. does not raise the value")


def test_issue_19_a_card_that_lowers_the_value_may_not_be_added():
    # red 1 over red 7 is worth 5; slipping red 2 between them covers two of red 7's corner spots with blanks
    # and adds only one spot of its own, so the three-card stack is worth 4: red 2 does not raise the value.
    assert stack_value(["red-1", "red-7"]) == 5 and stack_value(["red-1", "red-2", "red-7"]) == 4
    assert ts.stack_needs(["red-1", "red-2", "red-7"]) == [(5, 4), (2, 4)]
    state = scenario([["red-3"], ["red-1", "red-2", "red-7"], ["red-4"]])
    legal = {a.cards for a in state.legal_actions()}
    assert ("red-1", "red-2", "red-7") not in legal
    assert {("red-1", "red-7"), ("red-1", "red-2")} <= legal
    refused(state, "red-1", "red-2", "red-7",
            match=r"Red 2 \(card 2 from the top\) does not raise the value: without it the stack is worth 5, "
                  r"with it 4\.$")
    assert state.problem(Play(("red-1", "red-2", "red-7"))) is not None
    play(state, "red-1", "red-7")
    assert state.plays[0]["value"] == 5


def test_issue_19_every_card_under_a_joker_must_raise_the_value_too():
    # The joker shows cells 0, 2, 3, 5, 6, 8. Red 7's corner spots already fill 0, 2, 6, 8; yellow 4 above it
    # shows its own spots in 2 and 6 but hides red 7's there: worth 4 either way, so yellow 4 is not needed.
    assert stack_value([JOKER, "yellow-4", "red-7"]) == stack_value([JOKER, "red-7"]) == 4
    state = scenario([["red-3"], [JOKER, "yellow-4", "red-7"], ["red-4"]], level="expert")
    legal = {a.cards for a in state.legal_actions()}
    assert (JOKER, "yellow-4", "red-7") not in legal and (JOKER, "red-7", "yellow-4") not in legal
    assert {(JOKER, "red-7"), (JOKER, "yellow-4")} <= legal
    refused(state, JOKER, "yellow-4", "red-7", colour="red",
            match=r"Yellow 4 \(card 2 from the top\) does not raise the value: without it the stack is worth 4, "
                  r"with it 4\.$")
    # the order matters: under red 7, yellow 4's spots 2 and 6 are covered, so it shows none of its own
    refused(state, JOKER, "red-7", "yellow-4", colour="red", match="Yellow 4 .card 3 from the top. does not raise")
    events = play(state, JOKER, "red-7", colour="red")
    assert events[0]["value"] == 4


def _old_pin(cards: tuple[str, ...]) -> bool:
    """The pin before issue 19: every card under the top shows at least one of its own spots."""
    return all(ts.stack_shows(cards)[1:])


def _new_pin(cards: tuple[str, ...]) -> bool:
    """Issue 19: taking out any card under the top (the others kept in order) gives a strictly lower value."""
    value = stack_value(cards)
    return all(stack_value(cards[:i] + cards[i + 1:]) < value for i in range(1, len(cards)))


def test_issue_19_count_of_same_colour_stacks_that_became_illegal():
    """Counted from the deck data: the issue's figure of 84 two- and three-card stacks of one colour."""
    cards = [ts.card_code("red", n) for n in ts.DECK.layouts]
    lost = {k: [s for s in itertools.permutations(cards, k) if _old_pin(s) and not _new_pin(s)] for k in (2, 3)}
    assert len(lost[2]) == 0  # with two cards both pins ask the same: the bottom card shows a spot
    assert len(lost[3]) == 84
    assert ("red-1", "red-2", "red-7") in lost[3]
    # the new pin implies the old one, and move generation lists exactly the stacks the new pin allows
    generated = {s for s, _ in ts.colour_stacks(cards)}
    for k in (1, 2, 3, 4):
        allowed = {s for s in itertools.permutations(cards, k) if _new_pin(s)}
        assert all(_old_pin(s) for s in allowed)
        assert {s for s in generated if len(s) == k} == allowed


def test_each_colour_group_lists_the_stacks_of_its_numbers_from_the_search():
    """The lister's table of a colour group: for every subset of numbers in a colour, the plays are exactly the
    searched stacks of those cards (as :func:`stacks_of` lists them, in its order), low numbers only, high only,
    and both halves of the numbers (the table reads each half separately)."""
    from pygame_rules.games.topspot import fast

    clear_caches()
    cards = list(ts.COLOUR_CARDS[ts.DECK.colours[1]])
    rng = random.Random(19)
    masks = {(1 << 12) - 1, 1, 1 << 11} | {rng.getrandbits(12) & rng.getrandbits(12) for _ in range(400)} - {0}
    for mask in sorted(masks):
        held = [card for i, card in enumerate(cards) if mask >> i & 1]
        listed = [play.cards for play in fast._group_plays(mask << 12)]
        assert listed == ts.stacks_of(held), held


def test_the_group_table_refuses_a_deck_with_more_stacks_than_a_byte_counts(monkeypatch):
    """The colour groups' table holds one byte per stack of a colour: a deck file that made more than 255 stacks
    would be refused when the table is made (at import), not listed wrongly."""
    from pygame_rules.games.topspot import fast

    assert len(fast.SHAPES) <= 255
    monkeypatch.setattr(fast, "SHAPES", fast.SHAPES * 2)
    with pytest.raises(ValueError, match="at most 255"):
        fast._held_halves()


def test_mixed_colours_without_a_joker_are_refused():
    state = scenario([["red-2"], ["red-1", "yellow-7", "red-8"], ["red-3"]])
    error = refused(state, "red-1", "yellow-7", match="colours .red and yellow. can only be stacked under a joker")
    assert error.code == "illegal_action"


# ----- leading and following --------------------------------------------------------------------------------
def test_player_left_of_dealer_leads_and_seats_go_clockwise():
    state = scenario([["red-2"], ["red-1", "red-3"], ["red-4"], ["red-5"]], dealer=3)
    assert state.current_player == 0
    state = scenario([["red-2"], ["red-1", "red-3"], ["red-4"], ["red-5"]], dealer=1)
    assert state.current_player == 2 and state.order == [2, 3, 0, 1]


def test_a_player_holding_the_led_colour_must_follow_it():
    state = scenario([["red-2", "yellow-12"], ["red-5", "yellow-1"], ["red-3", "yellow-2"]])
    play(state, "red-5")
    refused(state, "yellow-2", match="Red was led and you hold red 3: you must follow red")
    assert {a.cards for a in state.legal_actions()} == {("red-3",)}


def test_a_void_player_without_joker_plays_exactly_one_card_which_cannot_win():
    state = scenario([["red-2", "yellow-1"], ["red-4", "yellow-2"],
                      ["yellow-12", "yellow-3", "green-1"]])
    play(state, "red-4")  # value 2
    refused(state, "yellow-3", "yellow-12", match="You cannot follow red, so play exactly one card")
    assert sorted(a.cards for a in state.legal_actions()) == [("green-1",), ("yellow-12",), ("yellow-3",)]
    play(state, "yellow-12")  # 7 spots, but it did not follow
    events = play(state, "red-2")
    won = [e for e in events if e["type"] == "round_won"]
    assert won[0]["winner"] == 1 and state.won[1] == [["red-4", "yellow-12", "red-2"]]
    assert state.voids[2] == ["red"]
    assert state.current_player == 1


def test_the_leader_chooses_the_colour_by_the_card_played():
    state = scenario([["green-2", "red-1"], ["green-5", "red-3"], ["green-4", "red-2"]])
    play(state, "green-5")
    assert state.led_colour == "green"
    assert all(ts.COLOUR[a.cards[0]] == "green" for a in state.legal_actions())


# ----- Junior ties and the end of a game --------------------------------------------------------------------
def test_junior_tie_goes_to_the_first_player_in_playing_order():
    state = scenario([["red-2", "blue-1"], ["red-5", "blue-2"], ["red-6", "blue-3"]])
    play(state, "red-5")  # 3
    play(state, "red-6")  # 3
    events = play(state, "red-2")
    assert [e["winner"] for e in events if e["type"] == "round_won"] == [1]
    assert state.scores() == [0, 1, 0] and state.tiebreak == 0


def test_junior_tie_in_the_middle_of_the_order_still_goes_to_the_earlier_player():
    state = scenario([["red-10", "blue-1"], ["red-1", "blue-2"], ["red-9", "blue-3"]])
    play(state, "red-1")  # 1
    play(state, "red-9")  # 5
    play(state, "red-10")  # 5
    assert state.last_winner == 2


def test_winning_a_round_with_the_last_card_ends_the_game():
    state = scenario([["red-2", "blue-1"], ["red-12"], ["red-3", "blue-3"]])
    play(state, "red-12")
    play(state, "red-3")
    events = play(state, "red-2")
    assert state.is_over() and events[-1]["type"] == "end"
    assert state.result()["scores"] == [0, 1, 0] and state.result()["winners"] == [1]
    assert (state.result()["end_code"], state.result()["end_player"]) == ("last_cards", 1)
    with pytest.raises(pr.GameOverError):
        play(state, "blue-1")


def test_a_player_losing_with_the_last_card_is_out_and_the_others_continue():
    state = scenario([["red-2", "blue-1"], ["red-12", "blue-2"], ["red-3"]])
    play(state, "red-12")
    play(state, "red-3")  # seat 2's last card loses
    play(state, "red-2")
    assert not state.is_over() and state.order == [1, 0]
    play(state, "blue-2")
    play(state, "blue-1")
    assert state.is_over() and state.scores() == [0, 2, 0]


def test_extra_points_when_the_winner_is_the_only_player_with_cards():
    state = scenario([["red-2"], ["red-12", "blue-2", "blue-3", "green-4"], ["red-3"]])
    play(state, "red-12")
    play(state, "red-3")
    events = play(state, "red-2")
    assert state.is_over()
    assert [e["points"] for e in events if e["type"] == "bonus"] == [3]
    assert state.result()["scores"] == [0, 4, 0] and state.result()["bonus"] == [0, 3, 0]


# ----- Expert: jokers ---------------------------------------------------------------------------------------
def test_expert_joker_stack_value_is_capped_at_six():
    assert stack_value([JOKER]) == 0
    assert stack_value([JOKER, "red-12"]) == 5
    assert stack_value([JOKER, "red-7", "red-6"]) == 6
    rng = random.Random(4)
    coloured = [ts.card_code(c, n) for c in COLOURS[:3] for n in range(1, 13)]
    for _ in range(50):
        assert max(v for _, v in ts.joker_stacks(rng.sample(coloured, 12))) <= 6


def test_joker_stack_may_mix_colours_and_must_have_the_joker_on_top():
    state = scenario([["red-2"], [JOKER, "red-7", "yellow-6"], ["red-3"]], level="expert")
    refused(state, "red-7", JOKER, match="A joker can only be the top card")
    refused(state, JOKER, "red-7", "yellow-6", match="must name its colour")
    refused(state, JOKER, "red-7", "yellow-6", colour="purple", match="must name its colour")
    events = play(state, JOKER, "red-7", "yellow-6", colour="green")
    assert events[0]["value"] == 6 and state.led_colour == "green"


def test_a_declared_colour_is_only_for_a_leading_joker():
    state = scenario([["red-2"], ["red-12", JOKER], [JOKER, "red-3"]], level="expert")
    refused(state, "red-12", colour="green", match="Only a leading joker stack names a colour")
    play(state, "red-12")
    refused(state, JOKER, colour="green", match="red was led and must be followed")
    events = play(state, JOKER, "red-3")
    assert events[0]["colour"] == "red" and events[0]["follows"]


def test_following_with_a_joker_stack_when_void_in_the_led_colour():
    state = scenario([["red-2", "blue-1"], ["red-5", "blue-2"], [JOKER, "yellow-12", "yellow-2"]], level="expert")
    play(state, "red-5")  # 3
    legal = state.legal_actions()
    assert legal and all(a.cards[0] == JOKER for a in legal)  # holding a joker, the void player must use it
    refused(state, "yellow-12", match="you hold a joker: follow with a joker stack")
    play(state, JOKER, "yellow-12")  # 5, counts as red
    events = play(state, "red-2")
    assert [e["winner"] for e in events if e["type"] == "round_won"] == [2]


def test_a_player_holding_the_led_colour_may_follow_with_a_joker_stack_instead():
    state = scenario([["red-2", "blue-1"], ["red-5", "blue-2"], [JOKER, "red-1", "yellow-12"]], level="expert")
    play(state, "red-5")
    firsts = {a.cards[0] for a in state.legal_actions()}
    assert firsts == {"red-1", JOKER}
    refused(state, "yellow-12", match="you must follow red")


def test_a_lone_joker_wins_when_nobody_can_follow_the_declared_colour():
    state = scenario([["red-2", "blue-1"], [JOKER, "blue-2"], ["red-3", "blue-3"]], level="expert",
                     colours=["red", "green", "blue"])
    play(state, JOKER, colour="green")
    play(state, "red-3")
    events = play(state, "red-2")
    assert [e["winner"] for e in events if e["type"] == "round_won"] == [1]


# ----- Expert: tiebreakers ----------------------------------------------------------------------------------
def test_expert_tie_starts_a_tiebreaker_between_the_tied_players_only():
    state = scenario([["red-2", "blue-1"], ["red-5", "yellow-9", "blue-2"], ["red-6", "yellow-2", "blue-3"]],
                     level="expert")
    play(state, "red-5")
    play(state, "red-6")
    events = play(state, "red-2")
    assert events[-1]["type"] == "tiebreak" and events[-1]["tied"] == [1, 2]
    assert state.tiebreak == 1 and state.order == [1, 2] and state.current_player == 1
    assert state.scores() == [0, 0, 0] and sorted(state.pot) == ["red-2", "red-5", "red-6"]
    view = state.view(0)
    assert view["tiebreak"] == 1 and view["led_colour"] is None
    play(state, "yellow-9")  # a new colour chosen by the first tied player
    play(state, "yellow-2")
    assert state.tiebreak == 0 and state.current_player == 1 and state.order == [1, 2, 0]
    # the winner takes every card of the original and the tiebreaker round as one stack, for one point
    assert state.scores() == [0, 1, 0]
    assert sorted(state.won[1][0]) == sorted(["red-5", "red-6", "red-2", "yellow-9", "yellow-2"])


def test_expert_tiebreakers_repeat_until_one_player_wins():
    hands = [["red-2", "blue-1"], ["red-5", "yellow-6", "green-9", "blue-2"],
             ["red-6", "yellow-5", "green-1", "blue-3"], ["red-1", "blue-4"]]
    state = scenario(hands, level="expert")
    for card in ("red-5", "red-6", "red-1", "red-2"):
        play(state, card)
    assert state.tiebreak == 1 and state.order == [1, 2]
    play(state, "yellow-6")  # 3
    events = play(state, "yellow-5")  # 3 again
    assert events[-1]["type"] == "tiebreak" and state.tiebreak == 2 and state.current_player == 1
    play(state, "green-9")
    play(state, "green-1")
    assert state.scores() == [0, 1, 0, 0] and len(state.won[1]) == 1 and len(state.won[1][0]) == 8


def test_a_tiebreaker_keeps_the_playing_order_of_the_round():
    # seat 2 leads; seats 0 and 1 tie, seat 0 played before seat 1 so seat 0 leads the tiebreaker
    hands = [["red-6", "blue-9", "blue-1"], ["red-5", "blue-2", "blue-3"], ["red-2", "green-1"]]
    state = scenario(hands, level="expert", leader=2)
    play(state, "red-2")
    play(state, "red-6")
    play(state, "red-5")
    assert state.order == [0, 1] and state.current_player == 0


def test_a_tied_player_without_cards_loses_the_tiebreaker():
    state = scenario([["red-2", "blue-1"], ["red-5", "blue-2"], ["red-6"]], level="expert")
    play(state, "red-5")
    play(state, "red-6")  # seat 2 ties with its last card
    events = play(state, "red-2")
    assert [e["winner"] for e in events if e["type"] == "round_won"] == [1]
    assert state.tiebreak == 0 and state.scores() == [0, 1, 0] and state.order == [1, 0]


def test_running_out_during_a_tied_tiebreaker_loses_it():
    hands = [["red-2", "blue-1"], ["red-5", "yellow-6", "blue-2"], ["red-6", "yellow-5"]]
    state = scenario(hands, level="expert")
    play(state, "red-5")
    play(state, "red-6")
    play(state, "red-2")
    play(state, "yellow-6")
    events = play(state, "yellow-5")  # a new tie, and seat 2 has no cards left
    assert [e["winner"] for e in events if e["type"] == "round_won"] == [1]
    assert len(state.won[1][0]) == 5 and not state.is_over() and state.order == [1, 0]


def test_all_tied_players_out_of_cards_nobody_scores_and_the_last_winner_leads():
    hands = [["red-2", "blue-1", "blue-5"], ["red-5"], ["red-6"], ["red-1", "blue-2"]]
    state = scenario(hands, level="expert", leader=0, last_winner=0)
    play(state, "red-2")  # seat 0 leads with 1
    play(state, "red-5")  # 3, last card
    play(state, "red-6")  # 3, last card
    events = play(state, "red-1")
    assert [e["type"] for e in events][-2:] == ["round_void", "round_start"]
    assert state.scores() == [0, 0, 0, 0] and sorted(state.unclaimed) == ["red-1", "red-2", "red-5", "red-6"]
    assert state.order == [0, 3] and state.current_player == 0


def test_all_tied_out_when_the_last_winner_has_no_cards_passes_the_lead_clockwise():
    hands = [["red-5"], ["red-6"], ["red-2", "blue-1"], ["red-1", "blue-2"]]
    state = scenario(hands, level="expert", leader=0, last_winner=0)
    for card in ("red-5", "red-6", "red-2", "red-1"):
        play(state, card)
    assert state.scores() == [0, 0, 0, 0] and state.order == [2, 3]


def test_winning_a_tiebreaker_with_the_last_card_ends_the_game():
    hands = [["red-2", "blue-1"], ["red-5", "yellow-9"], ["red-6", "yellow-2", "blue-3"]]
    state = scenario(hands, level="expert")
    play(state, "red-5")
    play(state, "red-6")
    play(state, "red-2")
    play(state, "yellow-9")
    play(state, "yellow-2")
    assert state.is_over() and state.result()["scores"] == [0, 1, 0] and state.result()["winners"] == [1]


def test_a_final_tie_with_nobody_holding_cards_scores_nothing():
    hands = [["red-2"], ["red-5"], ["red-6"]]
    won = [[], [["blue-1"]], [["blue-2"]]]
    state = scenario(hands, level="expert", won=won)
    play(state, "red-5")
    play(state, "red-6")
    play(state, "red-2")
    assert state.is_over() and state.result()["scores"] == [0, 1, 1] and state.result()["winners"] == [1, 2]
    assert sorted(state.unclaimed) == ["red-2", "red-5", "red-6"] and state.pot == []
    assert pr.load_state(state.to_json()) == state  # the loader re-checks that every card is accounted for


# ----- options, dealing, match ------------------------------------------------------------------------------
@pytest.mark.parametrize("players, level, joker_each, size", [
    (3, "junior", False, 12), (5, "junior", False, 12), (4, "expert", False, 13), (5, "expert", True, 13)])
def test_dealing(players, level, joker_each, size):
    state = pr.new_game("topspot", players=players, seed=7,
                        options={"level": level, "joker_each": joker_each, "games": 1})
    assert [len(h) for h in state.hands] == [size] * players
    assert len(state.colours) == players
    jokers = [h.count(JOKER) for h in state.hands]
    assert sum(jokers) == (players if level == "expert" else 0)
    if joker_each:
        assert jokers == [1] * players
    assert state.current_player == (state.start + 1) % players


@pytest.mark.parametrize("options, message", [
    ({"joker_each": True}, "only applies to the expert level"),
    ({"games": 4}, "multiple of the player count"),
    ({"level": "master"}, "must be one of"),
    ({"games": 0}, "at least 1"),
])
def test_bad_options_are_refused(options, message):
    with pytest.raises(pr.BadOptions, match=message):
        pr.new_game("topspot", players=3, seed=1, options=options)
    with pytest.raises(pr.BadOptions, match="3 to 5 players"):
        pr.new_game("topspot", players=2, seed=1)


def _play_out(state: pr.State, seed: int) -> None:
    bots = [make_bot("topspot", "normal") for _ in range(state.players)]
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.current_player
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng), player=seat)


def test_a_match_rotates_the_dealer_clockwise_and_adds_scores():
    state = pr.new_game("topspot", players=3, seed=11, options={"level": "expert"})
    assert isinstance(state, MatchState) and state.options["games"] == 3
    first = state.inner.start
    leaders = []
    for _ in range(3):
        game = state.inner
        leaders.append(game.first_leader)
        bots = [make_bot("topspot", "normal") for _ in range(3)]
        rng = random.Random(5)
        while state.inner is game and not state.is_over():
            seat = state.current_player
            state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
    assert state.is_over()
    assert [g["start"] for g in state.history] == [first, (first + 1) % 3, (first + 2) % 3]
    assert leaders == [(first + 1) % 3, (first + 2) % 3, first]
    totals = [sum(g["result"]["scores"][i] for g in state.history) for i in range(3)]
    assert state.result()["scores"] == totals
    assert state.result()["winners"] == [i for i, t in enumerate(totals) if t == max(totals)]
    saved = pr.load_state(json.loads(json.dumps(state.to_json())))
    assert saved.to_json() == state.to_json()


def test_single_game_when_games_is_one():
    state = pr.new_game("topspot", players=4, seed=3, options={"games": 1})
    assert isinstance(state, TopSpotState)
    _play_out(state, 3)
    assert sum(state.result()["scores"]) >= 1


# ----- protocol, views, saves, scenarios --------------------------------------------------------------------
def test_malformed_and_out_of_turn_actions():
    state = scenario([["red-2"], ["red-5", "red-1"], ["red-6"]])
    before = state.to_json()
    with pytest.raises(pr.MalformedAction):
        state.apply({"type": "play", "cards": ["red-5"]})
    with pytest.raises(pr.MalformedAction):
        state.apply({"type": "pass"})
    with pytest.raises(pr.NotYourTurn):
        state.apply({"type": "play", "cards": ["red-2"], "colour": None}, player=0)
    refused(state, match="at least one card")
    refused(state, "red-6", match="You do not hold red 6")
    refused(state, "red-5", "red-5", match="in the stack 2 times")
    refused(state, "blue-5", match="not a card of this game")
    assert state.to_json() == before


def test_check_and_legal_actions_agree_on_a_position():
    state = scenario([["red-2"], ["red-1", "red-7", "red-8", "red-5", JOKER], ["red-6"]], level="expert")
    legal = set(state.legal_actions())
    assert Play(("red-1", "red-7", "red-8"), None) in legal
    assert Play((JOKER,), "blue") not in legal and Play((JOKER,), "green") in legal
    for action in legal:
        assert state.problem(action) is None


def test_view_hides_other_hands_and_the_seed():
    state = pr.new_game("topspot", players=4, seed="secret-seed", options={"level": "expert", "games": 1})
    for seat in range(4):
        text = json.dumps(state.view(seat))
        assert "secret-seed" not in text
        view = state.view(seat)
        assert view["hand"] == state.hands[seat] and view["hand_counts"] == [len(h) for h in state.hands]
        others = {c for s, h in enumerate(state.hands) if s != seat for c in h} - set(state.hands[seat]) - {JOKER}
        assert not any(f'"{c}"' in text for c in others)


def test_corrupt_saves_are_refused():
    state = scenario([["red-2"], ["red-5", "red-1"], ["red-6"]])
    good = state.to_json()
    assert pr.load_state(copy.deepcopy(good)) == state
    bad = copy.deepcopy(good)
    bad["data"]["hands"][0].append("red-5")
    with pytest.raises(pr.BadState, match="not conserved"):
        pr.load_state(bad)
    bad = copy.deepcopy(good)
    bad["data"]["order"] = [0, 0]
    with pytest.raises(pr.BadState):
        pr.load_state(bad)
    bad = copy.deepcopy(good)
    del bad["data"]["pot"]
    with pytest.raises(pr.BadState):
        pr.load_state(bad)


@pytest.mark.parametrize("change, message", [
    (lambda s: s["hands"][0].append("red-5"), "red-5 is used more times"),
    (lambda s: s["hands"][0].append("purple-3"), "'purple-3' is not a card of this game"),
    (lambda s: s["hands"][1].append(JOKER), "'joker' is not a card of this game"),
    (lambda s: s.update(colours=["red", "red", "blue"]), "distinct colours"),
    (lambda s: s.update(leader=5), "leader"),
    (lambda s: s.update(extra=1), "unknown scenario field"),
])
def test_bad_scenarios_name_the_problem(change, message):
    data = {"players": 3, "colours": ["red", "yellow", "green"],
            "hands": [["red-2"], ["red-5", "red-1"], ["red-6"]]}
    change(data)
    with pytest.raises(pr.BadScenario, match=message):
        pr.from_scenario("topspot", data)


def test_api_plays_a_game_with_bots():
    answer = handle_request({"op": "new", "game": "topspot", "players": 3, "seed": 9,
                             "options": {"games": 1, "level": "expert"}, "seat": 0})
    assert answer["ok"], answer
    sid = answer["session"]
    for _ in range(200):
        answer = handle_request({"op": "bot", "session": sid, "level": "normal", "seat": 0})
        assert answer["ok"], answer
        if answer["table"]["over"]:
            break
    assert answer["table"]["over"] and "result" in answer["table"]
    handle_request({"op": "drop", "session": sid})


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_bots_and_hints_choose_only_stacks_where_every_card_raises_the_value(level):
    """Issue 19: from a hand where the old pin allowed stacks with a card that lowers the value (red 1 over red 2
    over red 7, joker over yellow 4 over red 7), every level (hard answers the hint button) picks a stack in
    which every card under the top is needed, over many choices."""
    from pygame_rules.bots import hint_level

    assert hint_level("topspot") in ("normal", "hard")
    rng = random.Random(level)
    bot = make_bot("topspot", level)
    state = scenario([["red-3", "green-5"], [JOKER, "red-1", "red-2", "red-7", "yellow-4", "yellow-8"],
                      ["red-4", "yellow-9"]], level="expert")
    legal = state.legal_actions()
    assert all(_new_pin(a.cards) for a in legal)
    assert any(len(a.cards) == 3 and _old_pin(a.cards) and not _new_pin(a.cards)
               for a in (Play(c) for c in itertools.permutations(state.hands[1], 3)))  # the old pin had more
    for _ in range(5 if level.startswith("hard") else 40):
        choice = bot.choose(state.view(1), legal, rng)
        assert choice in legal and state.problem(choice) is None and _new_pin(choice.cards)


# ----- refusal codes (issue 15) --------------------------------------------------------------------------------
def _candidate_plays(state: TopSpotState) -> list[Play]:
    """Plays to ask about: singles, pairs and triples of the hand (both orders), with and without a colour,
    plus a card the hand lacks, one listed twice and a name that is no card."""
    hand = state.hands[state.current_player]
    lacked = next(c for c in ts.sort_cards(list(state.full_deck())) if c not in hand)
    out = [Play(()), Play(("nope-3",)), Play((hand[0], hand[0])), Play((lacked,))]
    for k in (1, 2, 3):
        for cards in itertools.islice(itertools.permutations(hand, k), 60):
            out += [Play(cards), Play(cards, state.colours[0]), Play(cards, "mauve")]
    return out


@pytest.mark.parametrize("seed", [3, 11])
def test_every_refusal_is_a_code_whose_wording_is_the_message(seed):
    rng = random.Random(seed)
    state = TopSpotState.new(4, seed, {"level": "expert", "games": 1})
    seen = set()
    while not state.is_over():
        for action in _candidate_plays(state):
            error = state.problem(action)
            refusal = state.refusal(action)
            assert (error is None) == (refusal is None) == (action in state.legal_actions()), action
            if error is None:
                continue
            seen.add(error.reason)
            assert error.reason == refusal.reason in TopSpotState.REFUSAL_CODES
            assert error.params == dict(refusal.params) == json.loads(json.dumps(error.params))
            assert error.message == describe_refusal("topspot", error.reason, error.params)  # the catalogue's
            assert error.details == {"cards": list(action.cards)}
        state.apply(rng.choice(state.legal_actions()))
    assert {"not_in_hand", "not_a_card", "empty_play", "listed_twice", "mixed_colours"} <= seen, seen


def test_refusal_codes_name_the_rule_and_reach_the_api():
    state = scenario([["red-2"], ["red-1", "yellow-7", "red-8"], ["red-3"]])
    assert state.refusal(Play(("red-1", "yellow-7"))) == ("mixed_colours", {"colours": ["red", "yellow"]})
    play(state, "red-8")
    assert state.refusal(Play(("red-3",), "red")) == ("declares_when_following", {"led": "red"})
    assert state.refusal(Play(("red-3",))) is None
    hands = [["red-2"], ["red-1", "yellow-7", "red-8"], ["red-3"]]
    sid = handle_request({"op": "scenario", "game": "topspot", "seat": 1, "scenario": {
        "players": 3, "colours": ["red", "yellow", "green"], "hands": hands}})["session"]
    action = {"type": "play", "cards": ["red-2"], "colour": None}
    answer = handle_request({"op": "check", "session": sid, "seat": 1, "action": action})
    assert answer["legal"] is False and answer["reason"] == "not_in_hand", answer
    assert answer["params"] == {"card": "red-2"}, answer


def test_the_end_reason_is_a_code_in_the_end_event_and_the_result() -> None:
    seen: set[str] = set()
    for seed in range(60):
        state = TopSpotState.new(3 + seed % 3, seed, {"level": "expert" if seed % 2 else "junior", "games": 1})
        rng = random.Random(seed)
        ends = []
        while not state.is_over():
            ends += [e for e in state.apply(rng.choice(state.legal_actions())) if e["type"] == "end"]
        assert len(ends) == 1
        end = ends[0]
        code, player = end["end_code"], end["end_player"]
        assert (code, player) == (state.end_code, state.end_player) and "reason" not in end
        assert (player is None) == (code == "nobody")
        result = pr.load_state(state.to_json()).result()  # a loaded save gives the same code
        assert (result["end_code"], result["end_player"]) == (code, player) and "reason" not in result
        seen.add(code)
    assert {"last_cards", "only_one"} <= seen


def test_a_save_with_the_older_english_end_reason_loads_with_its_code() -> None:
    state = TopSpotState.new(3, 4, {"games": 1})
    rng = random.Random(4)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    code, player = state.end_code, state.end_player
    old = state.to_json()
    del old["data"]["end_code"], old["data"]["end_player"]
    old["data"]["end_reason"] = ts._OLD_END_TEXTS[str(code)].format(seat=player)
    loaded = pr.load_state(old)
    assert (loaded.result()["end_code"], loaded.result()["end_player"]) == (code, player)
    assert loaded == state
    old["data"]["end_reason"] = "a reason of a scenario's own"
    assert pr.load_state(old).result()["end_code"] is None


def test_sort_cards_sorts_by_colour_in_deck_order_then_number_jokers_last() -> None:
    assert ts.sort_cards([JOKER, "yellow-2", "red-10", "purple-1", "red-9"]) == [
        "red-9", "red-10", "yellow-2", "purple-1", JOKER]


def _hand_scenario(hand: list[str]) -> TopSpotState:
    return TopSpotState.from_scenario({
        "players": 3, "options": {"level": "expert"}, "dealer": 2, "colours": ["red", "yellow", "green"],
        "hands": [hand, ["yellow-12"], ["green-3"]]})


def test_two_jokers_in_one_hand_give_each_joker_stack_once() -> None:
    state = _hand_scenario(["red-1", "red-7", "red-8", JOKER, JOKER])
    legal = state.legal_actions()
    assert len(set(legal)) == len(legal)
    assert Play((JOKER, "red-7"), "yellow") in legal and Play((JOKER, JOKER), "red") not in legal


def test_the_hands_bits_kept_by_the_table_follow_every_play() -> None:
    """The lister reads each hand as one integer kept beside the table (made at a hand's first listing, a played
    card's bit taken away): after every play, on both paths and with up to two jokers in a hand, it is the
    integer made afresh from the hand, and a clone or a reloaded game lists the same plays."""
    from pygame_rules.games.topspot import fast

    for seed in range(12):
        options = {"level": "expert" if seed % 3 else "junior", "games": 1, "joker_each": seed % 3 == 2}
        state = TopSpotState.new(3 + seed % 3, seed, options)
        rng = random.Random(seed)
        while not state.is_over():
            legal = state.legal_actions()
            seat = state.current_player
            assert state._bits[seat] == fast.hand_bits(state.hands[seat]) is not None
            action = legal[rng.randrange(len(legal))]
            if seed % 2:
                state.play(action)
            else:
                state.apply(action)
            assert [b in (None, fast.hand_bits(h)) for b, h in zip(state._bits, state.hands, strict=True)] \
                == [True] * state.players
            if not state.over and rng.random() < 0.2:
                assert state.clone().legal_actions() == state.legal_actions() == \
                    pr.load_state(state.to_json()).legal_actions()


def test_a_hand_out_of_display_order_lists_the_same_plays_in_its_own_order() -> None:
    """A save may hold a hand in any order: the same plays are legal, each colour's stacks in the hand's order."""
    hand = ["red-8", "red-1", "yellow-5", "red-7", JOKER, "yellow-2"]
    state = _hand_scenario(ts.sort_cards(hand))
    other = state.clone()
    other.hands[0] = list(hand)
    listed = other.legal_actions()
    assert set(listed) == set(state.legal_actions()) and len(listed) == len(set(listed))
    tops = [a.cards[0] for a in listed if len(a.cards) == 1 and a.cards[0] != JOKER]
    assert tops == ["red-8", "red-1", "red-7", "yellow-5", "yellow-2"]
    assert [a.cards[0] for a in state.legal_actions() if len(a.cards) == 1][:3] == ["red-1", "red-7", "red-8"]


def test_events_are_data_without_english_text() -> None:
    """Events carry a type and fields only; the page and pygame_rules.words word them (issue 25)."""
    state = TopSpotState.new(3, 4, {"level": "expert", "games": 1})
    rng = random.Random(4)
    kinds = set()
    while not state.is_over():
        for event in state.apply(rng.choice(state.legal_actions())):
            kinds.add(event["type"])
            assert "text" not in event, event
    assert {"play", "round_won", "round_start", "end"} <= kinds
