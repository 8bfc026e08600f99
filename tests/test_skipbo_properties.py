"""Property tests over thousands of seeded Skip-Bo games (hypothesis picks seeds, player counts and options).

Cheap invariants are checked after every action; the expensive ones (every listed action applies, every other
action is refused with the state unchanged, hidden cards never change the view, JSON round trips and continues
identically) on a regular sample of steps of every game.
"""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pygame_rules as pr
from pygame_rules.games.skipbo import RULES, Discard, EndTurn, PlayDiscard, PlayHand, PlayStock, SkipBoState

FULL_DECK = Counter(RULES.deck())
CHECK_EVERY = 31
ROUND_TRIP_EVERY = 5
REFUSALS_PER_CHECK = 24
ACTION_CAP = 5000

# every action of the game's action space, legal or not (owners beyond the table are added per game)
UNIVERSE_BASE = (
    [PlayHand(c, p) for c in range(13) for p in range(4)]
    + [Discard(c, d) for c in range(13) for d in range(4)]
    + [EndTurn()]
)


def universe(players: int) -> list:
    out = list(UNIVERSE_BASE)
    for owner in range(players):
        out += [PlayStock(owner, p) for p in range(4)]
        out += [PlayDiscard(owner, d, p) for d in range(4) for p in range(4)]
    return out


def policy(state: SkipBoState, rng: random.Random, eagerness: float):
    """Random, but eager to play (so that stocks empty and piles complete) with probability ``eagerness``."""
    legal = state.legal_actions()
    plays = [a for a in legal if a.kind.startswith("play")]
    stock = [a for a in plays if a.kind == "play_stock"]
    if stock and rng.random() < eagerness:
        return rng.choice(stock)
    if plays and rng.random() < eagerness:
        return rng.choice(plays)
    return rng.choice(legal)


def hidden_shuffle(state: SkipBoState, viewer: int, rng: random.Random) -> SkipBoState:
    """A copy in which everything ``viewer`` cannot see is rearranged: others' hands, stocks below the top, draw."""
    other = state.clone()
    hidden: list[int] = list(other.draw)
    for seat in range(other.players):
        if seat != viewer:
            hidden += other.hands[seat]
        hidden += other.stocks[seat][:-1]
    rng.shuffle(hidden)
    it = iter(hidden)
    other.draw = [next(it) for _ in other.draw]
    for seat in range(other.players):
        if seat != viewer:
            other.hands[seat] = [next(it) for _ in other.hands[seat]]
        stock = other.stocks[seat]
        if stock:
            other.stocks[seat] = [next(it) for _ in stock[:-1]] + [stock[-1]]
    return other


def check_deep(state: SkipBoState, rng: random.Random, space: list) -> None:
    before = state.to_json()
    legal = state.legal_actions()
    legal_set = set(legal)
    assert len(legal_set) == len(legal), "legal_actions lists an action twice"
    for action in legal:  # every listed action applies (to a copy), also from its JSON form
        copy = pr.load_state(before)
        copy.apply(action.to_json())
        json.dumps(copy.to_json())
    for action in space:  # the wording function agrees with legal_actions everywhere (cheap)
        assert (state.problem(action) is None) == (action in legal_set), f"{action}: explanation disagrees"
    illegal = [a for a in space if a not in legal_set]
    for action in rng.sample(illegal, min(REFUSALS_PER_CHECK, len(illegal))):
        try:
            state.apply(action)
        except pr.IllegalAction:
            pass
        else:
            raise AssertionError(f"{action} was not listed but was accepted")
        assert state.to_json() == before, f"refusing {action} changed the state"
    wrong_seat = (state.current_player + 1) % state.players
    for bad in ({"type": "play_hand", "card": "7", "pile": 0}, {"type": "nope"}, [], {"type": "discard"},
                dict(legal[0].to_json(), player=wrong_seat)):
        try:
            state.apply(bad)
        except pr.IllegalAction:
            pass
        else:
            raise AssertionError(f"{bad} was accepted")
        assert state.to_json() == before
    for viewer in range(state.players):  # views never depend on what the seat cannot see
        assert state.view(viewer) == hidden_shuffle(state, viewer, rng).view(viewer)


def check_view_shape(state: SkipBoState) -> None:
    for viewer in range(state.players):
        view = state.view(viewer)
        assert sorted(view["hand"]) == sorted(state.hands[viewer])
        text = json.dumps(view)
        assert "draw\"" not in text and "seed" not in text
        for seat in view["seats"]:
            assert set(seat) == {"seat", "stock_count", "stock_top", "discards", "hand_count", "partner"}


@settings(max_examples=2000, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**9),
    players=st.integers(2, 6),
    stock=st.sampled_from([None, 1, 3, 5, 10]),
    partnership=st.booleans(),
    eagerness=st.sampled_from([0.0, 0.7, 0.97]),
)
def test_random_games_keep_every_invariant(seed, players, stock, partnership, eagerness):
    options = {"partnership": partnership and players in (4, 6)}
    if stock is not None:
        options["stock_size"] = stock
    state = pr.new_game("skipbo", players=players, seed=seed, options=options)
    rng = random.Random(seed)
    space = universe(players)
    twin = None  # a copy loaded from JSON mid-game that must continue identically
    played = []
    steps = 0
    while not state.is_over():
        assert steps < ACTION_CAP, "game did not end"
        assert Counter(state.all_cards()) == FULL_DECK  # all 162 cards accounted for
        legal = state.legal_actions()
        assert legal, "no legal action in a running game"
        assert state.current_player is not None
        if steps % CHECK_EVERY == 0:
            check_deep(state, rng, space)
            check_view_shape(state)
        if steps == 7:
            twin = pr.load_state(json.loads(json.dumps(state.to_json())))
        action = policy(state, rng, eagerness)
        state.apply(action)
        if twin is not None:
            played.append(action.to_json())
        steps += 1
        if steps % ROUND_TRIP_EVERY == 0:
            assert pr.load_state(state.to_json()).to_json() == state.to_json()
    assert state.current_player is None and state.legal_actions() == []
    result = state.result()
    assert result["winners"]
    if result["reason"] == "stock_empty":
        for w in result["winners"]:
            assert not state.stocks[w]
    if twin is not None:
        for action in played:
            twin.apply(action)
        assert twin.to_json() == state.to_json()
