"""Property tests for Etalage: 1,200 seeded random games with 3-6 players and the usual invariants.

Every game is played to the end. Cheap invariants are checked at every step; the expensive ones (every listed
action applies, refusals leave the state unchanged, JSON round trip, every seat's view) on a fixed sample of steps.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pygame_rules as pr
from pygame_rules.core.errors import IllegalAction, NotYourTurn
from pygame_rules.games.etalage import CARD_INFO, CARD_VALUE, COLOURS, Claim, Play, claim_order, deck, rank_colours

GAMES = 1200
CHUNKS = 12


def cards_in(obj, out):
    """Every card name anywhere in a JSON-like value."""
    if isinstance(obj, str):
        if obj in CARD_INFO:
            out.add(obj)
    elif isinstance(obj, dict):
        for value in obj.values():
            cards_in(value, out)
    elif isinstance(obj, list):
        for value in obj:
            cards_in(value, out)
    return out


def check_view(state, seat):
    """The view shows only what ``seat`` may know."""
    view = state.view(seat)
    json.dumps(view)
    assert view["hand"] == state.hands[seat]
    assert view["hand_counts"] == [len(h) for h in state.hands]
    assert view["won_counts"] == [len(w) for w in state.won]
    allowed = set(state.hands[seat]) | set(state.display) | set(state.plays)
    if state.options["open_winnings"]:  # the memory-aid variant shows the seat its own pile
        assert sorted(view["won"]) == sorted(state.won[seat])
        allowed |= set(state.won[seat])
    else:  # by the rulebook won cards lie face down, also for their owner (issue 19)
        assert view["won"] is None and view["score"] is None
    for claim in state.claims:  # claims of this trick were made in the open
        allowed |= set(claim["cards"])
    if state.last_trick is not None:  # and so were the plays and claims of the trick just settled
        allowed |= {p["card"] for p in state.last_trick["plays"]}
        for claim in state.last_trick["claims"]:
            allowed |= set(claim["cards"])
    shown = cards_in(view, set())
    assert shown <= allowed, f"seat {seat} sees {sorted(shown - allowed)}"
    for other in range(state.players):
        if other != seat:
            assert not shown & set(state.hands[other])
    text = json.dumps(view)
    assert '"rng"' not in text and '"seed"' not in text


def check_conservation(state):
    everything = [c for h in state.hands for c in h] + state.display + state.plays + [c for w in state.won for c in w]
    assert sorted(everything) == sorted(deck(state.colours))
    assert len(everything) == 10 * state.players


def illegal_attempts(state):
    """A few actions that must be refused now."""
    seat = state.current_player
    attempts = [({"type": "play", "card": "nonsense"}, seat), ({"type": "claim", "colour": "pink"}, seat),
                ({"type": "bid"}, seat)]
    other = (seat + 1) % state.players
    legal = state.legal_actions()
    attempts.append((legal[0], other))
    if state.phase == "claim":
        attempts.append((Play(state.hands[seat][0] if state.hands[seat] else "red-1"), seat))
        present = {CARD_INFO[c][0] for c in state.display}
        for colour in state.colours:
            if colour not in present:
                attempts.append((Claim(colour), seat))
                break
    else:
        attempts.append((Claim(state.colours[0]), seat))
        mine = set(state.hands[seat])
        foreign = next(c for c in deck(state.colours) if c not in mine)
        attempts.append((Play(foreign), seat))
    return attempts


def play_game(index):
    players = 3 + index % 4
    state = pr.new_game("etalage", players=players, seed=index, options={"open_winnings": index % 3 == 0})
    rng = random.Random(index)
    steps = 0
    limit = 2 * 9 * players  # every play, and at most one claim per play
    while not state.is_over():
        assert steps < limit, "the game did not terminate"
        seat = state.current_player
        legal = state.legal_actions()
        assert legal and seat is not None
        check_conservation(state)
        sample = (steps + index) % 11 == 0
        if sample:
            before = json.dumps(state.to_json(), sort_keys=True)
            for action, who in illegal_attempts(state):
                with pytest.raises(IllegalAction) as info:
                    state.apply(action, player=who)
                if who != seat:
                    assert isinstance(info.value, NotYourTurn)
                assert info.value.message
            for action in legal:
                copy = state.clone()
                copy.apply(action, player=seat)
            after = json.dumps(state.to_json(), sort_keys=True)
            assert after == before
            loaded = pr.load_state(json.loads(after))
            assert loaded == state and loaded.legal_actions() == legal
            for s in range(players):
                check_view(state, s)
        else:
            check_view(state, seat)
        action = legal[rng.randrange(len(legal))]
        if steps % 2:
            action = action.to_json()  # the JSON form applies the same way
        state.apply(action, player=seat)
        steps += 1
    assert state.current_player is None and state.legal_actions() == []
    check_conservation(state)
    result = state.result()
    assert result["scores"] == [sum(CARD_VALUE[c] for c in w) for w in state.won]
    assert max(result["scores"]) == result["scores"][result["winners"][0]]
    assert sum(result["scores"]) + sum(CARD_VALUE[c] for c in result["display_left"]) == 55 * players
    assert pr.load_state(json.loads(json.dumps(state.to_json()))) == state
    for s in range(players):
        assert state.view(s)["result"] == result
    return steps


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_invariant(chunk):
    per = GAMES // CHUNKS
    total = 0
    for index in range(chunk * per, (chunk + 1) * per):
        total += play_game(index)
    assert total >= per * 27  # at least the 9 plays per player per game happened


def test_replay_from_seed_and_actions_is_identical():
    for index in range(20):
        players = 3 + index % 4
        a = pr.new_game("etalage", players=players, seed=f"replay{index}")
        rng = random.Random(index)
        actions = []
        while not a.is_over():
            legal = a.legal_actions()
            action = legal[rng.randrange(len(legal))]
            actions.append(action.to_json())
            a.apply(action)
        b = pr.new_game("etalage", players=players, seed=f"replay{index}")
        for action in actions:
            b.apply(action)
        assert a == b and a.result() == b.result()


# ----- the claim order against a literal reading of the rule ---------------------------------------------------
def reference_order(plays):
    """Colours by strength; walk down; stop at the first strength two colours share; within a colour high first."""
    strength = {}
    for _, card in plays:
        colour, value = CARD_INFO[card]
        strength[colour] = strength.get(colour, 0) + value
    order = []
    for level in sorted(set(strength.values()), reverse=True):
        colours = [c for c in strength if strength[c] == level]
        if len(colours) > 1:
            break
        members = [(CARD_INFO[card][1], seat) for seat, card in plays if CARD_INFO[card][0] == colours[0]]
        order += [seat for _, seat in sorted(members, reverse=True)]
    return order


@settings(derandomize=True, max_examples=400, deadline=None)
@given(st.integers(3, 6).flatmap(lambda n: st.tuples(
    st.just(n),
    st.lists(st.sampled_from(deck(COLOURS[:n])), min_size=n, max_size=n, unique=True))))
def test_claim_order_matches_the_rule(trick):
    players, cards = trick
    plays = list(enumerate(cards))
    expected = reference_order(plays)
    assert claim_order(plays) == expected
    ranking = rank_colours(plays)
    assert [s for r in ranking if r["status"] == "claims" for s in r["seats"]] == expected
    assert sum(r["strength"] for r in ranking) == sum(CARD_INFO[c][1] for c in cards)
    assert sorted(s for r in ranking for s in r["seats"]) == list(range(players))
