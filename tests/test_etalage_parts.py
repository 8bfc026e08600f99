"""Etalage's parts against literal readings of its rules: the settling (ranking and claim order, and the memo the
bots read it through), the trick record, the listing's shared action objects and every view, written out for speed,
against the table's codec.

Speed itself is measured by ``tools/bench_compare.py``, never here.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import pygame_rules as pr
from pygame_rules.core.memo import Memo
from pygame_rules.games import etalage
from pygame_rules.games.etalage import (
    CARD_INFO,
    COLOURS,
    LAST_TRICK,
    Claim,
    EtalageState,
    Play,
    card_key,
    claim_order,
    deck,
    display_groups,
    rank_colours,
)


def test_an_empty_display_skips_the_remaining_claimants() -> None:
    hands: list[list[str]] = [[] for _ in range(3)]
    state = pr.from_scenario("etalage", {"players": 3, "display": ["green-5", "green-4", "green-3"],
                                         "plays": ["red-10", "red-9", "red-8"],
                                         "leader": 1, "hands": hands, "seed": 2})
    assert state.claimants == [1, 2, 0]
    state.play(state.legal_actions()[0])  # seat 1 takes green; seats 2 and 0 face an empty display
    assert [(c["seat"], c["colour"]) for c in state.last_trick["claims"]] == [(1, "green"), (2, None), (0, None)]
    assert state.claimants == [] and state.leader == 1


def test_a_trick_settled_in_front_of_an_empty_display_gives_nobody_anything() -> None:
    hands: list[list[str]] = [["red-1"], ["green-1"], ["yellow-1"]]
    plays = ["red-10", "green-9", "yellow-2"]
    won = [c for c in deck(COLOURS[:3]) if c not in plays and c not in ("red-1", "green-1", "yellow-1")]
    state = pr.from_scenario("etalage", {"players": 3, "display": [], "plays": plays, "leader": 0, "hands": hands,
                                         "won": [won, [], []], "seed": 2})
    record = state.last_trick
    assert [(c["seat"], c["colour"], c["cards"]) for c in record["claims"]] == [(0, None, []), (1, None, []),
                                                                                (2, None, [])]
    assert state.claimants == [] and state.leader == 0 and sorted(state.display) == ["green-9", "red-10", "yellow-2"]


def test_the_trick_record_is_the_trick_just_settled() -> None:
    """``last_trick`` is written from the claims made, not from a second claim order: check it against the rule."""
    for players in (3, 4, 6):
        state = pr.new_game("etalage", players=players, seed=players)
        rng = random.Random(players)
        closed = 0
        trick: list[tuple[int, str]] = []
        leader = state.leader
        while not state.is_over():
            action = rng.choice(state.legal_actions())
            if len(state.plays) == players - 1 and not state.claimants:  # this card completes the trick
                assert isinstance(action, Play)
                leader = state.leader
                trick = [*state.trick_plays(), (state.current_player, action.card)]
            state.apply_listed(action)
            if state.last_trick is not None and state.last_trick["number"] != closed:
                closed += 1
                order = claim_order(trick)
                record = state.last_trick
                assert record["number"] == closed
                assert record["leader"] == leader
                assert [(p["seat"], p["card"]) for p in record["plays"]] == trick
                assert [c["seat"] for c in record["claims"]] == order
                assert record["next_leader"] == state.leader == (order[0] if order else leader)
                assert state.claims == [] and state.plays == []
        assert closed == 9


def test_legal_actions_are_a_fresh_list_of_the_same_objects() -> None:
    state = pr.new_game("etalage", players=4, seed=7)
    first = state.legal_actions()
    assert all(type(a) is Play for a in first) and [a.card for a in first] == state.hands[state.current_player]
    first.clear()
    again = state.legal_actions()
    assert again and all(a is b for a, b in zip(again, state.legal_actions(), strict=True))
    while not state.claimants:
        state.play(state.legal_actions()[0])
    claims = state.legal_actions()
    present = {c.split("-")[0] for c in state.display}
    assert [a.colour for a in claims if isinstance(a, Claim)] == [c for c in COLOURS if c in present]
    while not state.is_over():
        state.play(state.legal_actions()[-1])
    assert state.legal_actions() == []


def test_claims_are_listed_in_colour_order_whatever_the_order_of_the_games_colours() -> None:
    hands: list[list[str]] = [[] for _ in range(3)]
    state = pr.from_scenario("etalage", {"players": 3, "colours": ["purple", "blue", "red"], "leader": 0,
                                         "display": ["purple-5", "red-4", "blue-3"], "hands": hands,
                                         "plays": ["red-10", "blue-9", "purple-1"], "seed": 4})
    assert state.phase == "claim"
    assert [a.colour for a in state.legal_actions() if isinstance(a, Claim)] == ["red", "blue", "purple"]
    refusal = state.refusal(Claim("green"))
    assert refusal is not None and refusal.params["present"] == ["red", "blue", "purple"]


def test_claim_order_equals_the_claiming_seats_of_the_ranking() -> None:
    rng = random.Random(15)
    for _ in range(3000):
        players = rng.randint(2, 6)
        cards = rng.sample(deck(COLOURS[:rng.randint(1, players)]), players)
        plays = list(zip(rng.sample(range(players), players), cards, strict=True))
        ranking = rank_colours(plays)
        expected = [s for entry in ranking if entry["status"] == "claims" for s in entry["seats"]]
        assert claim_order(plays) == expected
        assert claim_order(plays) == expected  # asked again: now remembered
        assert claim_order([list(pair) for pair in plays]) == expected  # unhashable pairs are computed


def test_remembered_claim_orders_are_fresh_lists_and_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(etalage.cards, "_ORDERS", Memo("test.claim_orders", 50))
    plays = [(0, "red-3"), (1, "red-9"), (2, "blue-4")]
    first = claim_order(plays)
    assert first == [1, 0, 2]
    first.pop()
    assert claim_order(plays) == [1, 0, 2]
    rng = random.Random(3)
    for _ in range(500):
        cards = rng.sample(deck(COLOURS[:4]), 4)
        claim_order(list(enumerate(cards)))
        assert len(etalage.cards._ORDERS) <= 50
    assert claim_order(plays) == [1, 0, 2]


def test_play_refuses_what_is_no_etalage_action() -> None:
    state = EtalageState.new(3, 1)
    with pytest.raises(TypeError):
        state.play(object())  # type: ignore[arg-type]


def test_the_deck_is_a_fresh_list_each_time() -> None:
    first = deck(["red", "blue"])
    assert first == [f"{c}-{v}" for c in ("red", "blue") for v in range(1, 11)]
    first.clear()
    assert len(deck(("red", "blue"))) == 20


# ----- the view: the written-out copy against the codec, the ranking against a literal reading -----------------------
def _reference_ranking(plays: list[tuple[int, str]]) -> list[dict[str, Any]]:
    """The colour ranking read literally (group, sum, sort by a key function): the oracle of ``rank_colours``."""
    groups: dict[str, list[tuple[int, int, str]]] = {}
    for seat, card in plays:
        colour, value = CARD_INFO[card]
        groups.setdefault(colour, []).append((value, seat, card))
    strengths = {c: sum(v for v, _, _ in g) for c, g in groups.items()}
    seen: dict[int, int] = {}
    for s in strengths.values():
        seen[s] = seen.get(s, 0) + 1
    out: list[dict[str, Any]] = []
    stopped_at: int | None = None
    for colour in sorted(groups, key=lambda c: (-strengths[c], COLOURS.index(c))):
        strength = strengths[colour]
        if stopped_at is None and seen[strength] > 1:
            stopped_at = strength
        status = "claims" if stopped_at is None else "tied" if strength == stopped_at else "blocked"
        members = sorted(groups[colour], reverse=True)
        out.append({"colour": colour, "strength": strength, "seats": [s for _, s, _ in members],
                    "cards": [c for _, _, c in members], "status": status})
    return out


def _reference_trick_number(state: EtalageState) -> int:
    n = state.players
    played = {(state.leader + i) % n for i in range(len(state.plays))}
    unplayed = [s for s in range(n) if s not in played]
    at_start = len(state.hands[unplayed[0]]) if unplayed else len(state.hands[0]) + 1
    return min(9, max(1, 9 - at_start + 1))


def test_rank_colours_equals_the_first_ranking() -> None:
    rng = random.Random(19)
    assert rank_colours([]) == []
    for _ in range(3000):
        players = rng.randint(2, 6)
        cards = rng.sample(deck(COLOURS[:rng.randint(1, players)]), rng.randint(1, players))
        plays = list(zip(rng.sample(range(players), len(cards)), cards, strict=True))
        assert rank_colours(plays) == _reference_ranking(plays)


@pytest.mark.parametrize("players", [3, 4, 6])
def test_every_view_is_the_view_of_the_generic_parts(players: int) -> None:
    """Every seat's view after every move, key order included, against the codec's copy of the last trick, the
    first ranking and the first trick count."""
    state = pr.new_game("etalage", players=players, seed=40 + players, options={"open_winnings": players == 4})
    rng = random.Random(players)
    while True:
        assert state.trick_number() == _reference_trick_number(state)
        for seat in range(players):
            view = state.view(seat)
            expected = LAST_TRICK.encode(state.last_trick) if state.last_trick else None
            if expected is not None:
                expected["ranking"] = _reference_ranking([(p["seat"], p["card"]) for p in expected["plays"]])
            assert json.dumps(view["last_trick"]) == json.dumps(expected)
            assert json.dumps(view["ranking"]) == json.dumps(_reference_ranking(state.trick_plays()))
        if state.is_over():
            break
        state.play(rng.choice(state.legal_actions()))


def test_a_view_owns_its_lists_even_when_the_last_ranking_is_remembered() -> None:
    state = pr.new_game("etalage", players=4, seed=8)
    while state.last_trick is None:
        state.play(state.legal_actions()[0])
    first = state.view(0)
    text = json.dumps(first)
    for view in (first, state.view(1)):  # the second view is served from the remembered ranking
        for entry in view["last_trick"]["ranking"]:
            entry["seats"].clear()
            entry["cards"].append("red-1")
            entry["status"] = "changed"
        view["last_trick"]["plays"][0]["card"] = "red-1"
        view["last_trick"]["claims"].clear()
        view["display_groups"].clear()
    assert json.dumps(state.view(0)) == text


def test_display_groups_sorts_unless_told_the_display_is_sorted() -> None:
    display = ["blue-2", "red-3", "blue-9", "green-6", "red-10"]
    expected = [{"colour": "red", "cards": ["red-10", "red-3"], "sum": 13},
                {"colour": "green", "cards": ["green-6"], "sum": 6},
                {"colour": "blue", "cards": ["blue-9", "blue-2"], "sum": 11}]
    assert display_groups(display) == expected
    assert display_groups(sorted(display, key=card_key), presorted=True) == expected
    assert display_groups([]) == []
