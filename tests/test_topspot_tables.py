"""The precomputed tables behind Top Spot's speed give exactly what the plain search and the generic code give.

The legal list of a hand in display order is read from a table of stack shapes keyed by the hand's card bits
(``_list_legal``); the plain search over the hand's own order (``_list_legal_unsorted``) is the reference, and
also what any other hand order uses. Deals sort hands by an integer rank. Each is compared here with the code it
replaces, over every subset of a colour or many games.
"""

from __future__ import annotations

import random

import pytest

import pygame_rules as pr
from pygame_rules.games import topspot as ts
from pygame_rules.games.topspot import DECK, JOKER, SORT_KEY, TopSpotState, card_code, sort_cards


def test_every_subset_of_a_colour_gets_the_searched_stacks_in_the_searched_order():
    numbers = list(DECK.layouts)
    for ci, colour in enumerate(DECK.colours[:2]):
        cards = [card_code(colour, n) for n in numbers]
        for mask in range(1, 1 << len(cards)):
            held = [c for i, c in enumerate(cards) if mask >> i & 1]
            searched = [ts.Play(stack, None) for stack, _ in ts._colour_stacks(held)]
            picked = ts._group_plays(mask << (ci * len(numbers)))
            assert list(picked) == searched, held
            assert ts.colour_stacks(held) == ts._colour_stacks(held)


def test_colour_stacks_of_other_lists_are_searched_in_their_order():
    rng = random.Random(5)
    cards = [card_code(c, n) for c in DECK.colours[:3] for n in DECK.layouts]
    for _ in range(300):
        held = rng.sample(cards, rng.randint(0, 6)) + ([JOKER] if rng.random() < 0.2 else [])
        rng.shuffle(held)
        assert ts.colour_stacks(held) == ts._colour_stacks(held)
        one = sorted((c for c in held if c != JOKER and ts.COLOUR[c] == DECK.colours[0]), key=ts._RANK.__getitem__)
        assert ts.colour_stacks(one) == ts._colour_stacks(one)
        assert ts.colour_stacks(one[::-1]) == ts._colour_stacks(one[::-1])


def test_shape_table_holds_every_legal_stack_of_a_full_colour():
    cards = [card_code(DECK.colours[0], n) for n in DECK.layouts]
    assert len(ts._SHAPES) == len(ts._colour_stacks(cards)) > 100
    assert all(len(set(shape)) == len(shape) for shape in ts._SHAPES)


def _positions(level: str, joker_each: bool, players: int, games: int):
    for seed in range(games):
        state = pr.new_game("topspot", players=players, seed=seed,
                            options={"level": level, "joker_each": joker_each, "games": 1})
        rng = random.Random(seed)
        while not state.is_over():
            yield state
            state.play(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("level,joker_each,players", [("junior", False, 3), ("junior", False, 5),
                                                      ("expert", False, 4), ("expert", True, 3)])
def test_legal_list_from_the_tables_equals_the_search(level, joker_each, players, monkeypatch):
    search = TopSpotState._list_legal_unsorted
    searched = []
    monkeypatch.setattr(TopSpotState, "_list_legal_unsorted", lambda self, hand: searched.append(hand))
    seen = 0
    for state in _positions(level, joker_each, players, 40):
        hand = state.hands[state.current_player]
        assert state._list_legal() == search(state, hand)
        seen += 1
    assert seen > 300
    assert not searched  # dealt hands are in display order: the tables answered every time


def test_a_hand_out_of_display_order_is_searched_in_its_own_order():
    """A save may hold a hand in any order: the legal list then follows that order, as the search always did."""
    rng = random.Random(7)
    checked = 0
    for state in _positions("expert", False, 3, 25):
        hand = state.hands[state.current_player]
        if len({c for c in hand if c != JOKER}) < 3:
            continue
        shuffled = list(hand)
        while shuffled == hand:
            rng.shuffle(shuffled)
        other = state.clone()
        other.hands[other.current_player] = shuffled
        listed = other.legal_actions()
        assert listed == other._list_legal_unsorted(shuffled)
        assert sorted(map(str, listed)) == sorted(map(str, state.legal_actions()))
        checked += 1
    assert checked > 100


def test_two_jokers_in_one_hand_use_the_tables(monkeypatch):
    colours = [c for c in DECK.colours if c in ("red", "blue", "green")]
    state = TopSpotState.from_scenario({
        "players": 3, "options": {"level": "expert"}, "dealer": 2, "colours": colours,
        "hands": [["red-1", "red-7", "red-8", "joker", "joker"], ["blue-2"], ["green-3"]]})
    assert state.current_player == 0
    hand = state.hands[0]
    expected = state._list_legal_unsorted(hand)

    def refuse(self, hand):
        raise AssertionError("searched")

    monkeypatch.setattr(TopSpotState, "_list_legal_unsorted", refuse)
    assert state._list_legal() == expected
    assert any(a.cards[0] == JOKER and len(a.cards) > 1 for a in state.legal_actions())


def test_sort_cards_sorts_by_colour_then_number_jokers_last():
    cards = list(SORT_KEY) + [JOKER, JOKER]
    for seed in range(50):
        random.Random(seed).shuffle(cards)
        assert sort_cards(cards) == sorted(cards, key=SORT_KEY.__getitem__)


def test_views_equal_their_plain_forms_and_are_fresh_copies():
    import json

    checked = 0
    for state in _positions("expert", False, 4, 8):
        seat = state.current_player
        view = state.view(seat)
        assert view["layouts"] == json.loads(ts._LAYOUTS_JSON)
        cards_listed = []
        for entry in view["playable"]:
            cards = entry["cards"]
            assert entry == {"cards": cards, "value": ts.stack_value(cards), "top_view": ts.stack_top_view(cards)}
            cards_listed.append(tuple(cards))
        assert cards_listed == list(dict.fromkeys(a.cards for a in state.legal_actions()))
        # a view may be changed by its reader: the next view is not
        view["layouts"]["cards"]["1"]["spots"].append(99)
        view["layouts"]["joker"]["holes"].clear()
        if view["playable"]:
            view["playable"][0]["top_view"][0][1] = "changed"
            view["playable"][0]["cards"].append("x")
        plain = [dict(p, cards=list(p["cards"]), top_view=ts.stack_top_view(p["cards"])) for p in state.plays]
        assert json.dumps(view["table"]) == json.dumps(plain)  # same keys in the same order
        if state.last_round is not None:
            last = dict(ts.LAST_ROUND.encode(state.last_round),
                        plays=[dict(p, cards=list(p["cards"]), top_view=ts.stack_top_view(p["cards"]))
                               for p in state.last_round["plays"]])
            assert json.dumps(view["last_round"]) == json.dumps(last)
            view["last_round"]["plays"][0]["top_view"][0][0] = "changed"
            view["last_round"]["tied"].append(9)
        for entry in view["table"]:
            entry["top_view"][0].append("changed")
        again = state.view(seat)
        assert again["layouts"] == json.loads(ts._LAYOUTS_JSON)
        assert json.dumps(again["table"]) == json.dumps(plain)
        if state.last_round is not None:
            assert json.dumps(again["last_round"]) == json.dumps(last)
        assert again["playable"] == [{"cards": list(c), "value": ts.stack_value(c), "top_view": ts.stack_top_view(c)}
                                     for c in cards_listed]
        checked += 1
    assert checked > 100
