"""Determinization samplers: every sampled state shows the seat exactly its view and conserves every card.

Seeded random games of every registered game with a sampler; at a sample of steps, every seat's view is
re-dealt several times and checked against the view, the deck and the view's constraints (voids, known claims,
completed Skip-Bo runs, stock tops).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_rules.bots import make_bot
from pygame_rules.bots.samplers import SAMPLERS, sample_state, view_without_match
from pygame_rules.core.match import MatchState
from pygame_rules.games.sampling import SampleError, constrained_deal
from pygame_rules.registry import GAMES, new_game

CONFIGS = [
    ("skipbo", 2, None),
    ("skipbo", 3, {"stock_size": 10}),
    ("skipbo", 4, {"partnership": True, "stock_size": 8}),
    ("topspot", 3, None),  # the default is a match: the sampler sees through the "match" part of the view
    ("topspot", 4, {"level": "expert", "games": 1}),
    ("topspot", 5, {"level": "expert", "joker_each": True, "games": 1}),
    ("etalage", 3, None),
    ("etalage", 5, None),
    ("etalage", 4, {"open_winnings": True}),  # the memory-aid variant: the own won pile is in the view
    ("level8", 2, None),
    ("level8", 4, {"sheet": "two_star", "edition": "2016"}),
]


def _game(state: Any) -> Any:
    return state.inner if isinstance(state, MatchState) else state


def _all_cards(state: Any) -> Counter[Any]:
    game = _game(state)
    if game.game == "skipbo":
        return Counter(game.all_cards())
    if game.game == "topspot":
        cards: list[str] = [c for h in game.hands for c in h] + game.unclaimed + game.aside + game.pot
        cards += [c for w in game.won for s in w for c in s] + [c for p in game.plays for c in p["cards"]]
        return Counter(cards)
    if game.game == "level8":
        return +game.all_cards()
    return Counter([c for h in game.hands for c in h] + game.display + game.plays + [c for w in game.won for c in w])


def _check_constraints(view: dict[str, Any], sampled: Any, seat: int) -> None:
    """What the view says about hidden cards holds in the sample."""
    if view["game"] == "topspot":
        from pygame_rules.games.topspot import COLOUR, JOKER

        for s, hand in enumerate(sampled.hands):
            assert not any(COLOUR.get(c) in view["voids"][s] for c in hand), "a void seat was dealt that colour"
            if view["no_joker"][s]:
                assert JOKER not in hand
            if view["joker_each"]:
                assert hand.count(JOKER) <= 1
    elif view["game"] == "etalage":
        claims = list(view["claims"]) + (view["last_trick"]["claims"] if view["last_trick"] else [])
        for claim in claims:
            assert set(claim["cards"]) <= set(sampled.won[claim["seat"]])
    elif view["game"] == "skipbo":
        from pygame_rules.games.skipbo import WILD

        runs = sampled.set_aside
        for i, card in enumerate(runs):
            assert card in (WILD, i % 12 + 1), "set-aside cards must form completed runs"
        for s, info in enumerate(view["seats"]):
            assert (sampled.stocks[s][-1] if sampled.stocks[s] else None) == info["stock_top"]


@pytest.mark.parametrize("game,players,options", CONFIGS)
def test_samples_match_the_view_and_conserve_cards(game: str, players: int, options: Any) -> None:
    rng = random.Random(f"sampler/{game}/{players}")
    bots = [make_bot(game, "easy") for _ in range(players)]
    checked = 0
    for g in range(3):
        state = new_game(game, players=players, seed=f"s{g}", options=options)
        full = _all_cards(state)
        first = _game(state)
        step = 0
        while not state.is_over():
            seat = state.current_player
            if step % 7 == 3:
                for viewer in range(players):
                    view = state.view(viewer)
                    for _ in range(2):
                        sampled = sample_state(view, rng)
                        assert sampled.view(viewer) == view_without_match(view)
                        assert _all_cards(sampled) == full, "every card of the game exactly once"
                        assert sampled.current_player == _game(state).current_player
                        assert sampled.legal_actions() == state.legal_actions() or viewer != seat
                        _check_constraints(view, sampled, viewer)
                        checked += 1
            state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
            if _game(state) is not first:  # a match dealt its next game: this one is done
                break
            step += 1
            if game in ("skipbo", "level8") and step > 240:  # long games: the first steps cover every kind of pile
                break
    assert checked > 10


@pytest.mark.parametrize("game", sorted(SAMPLERS))
def test_samples_vary_the_hidden_cards(game: str) -> None:
    """Different random streams give different deals (the sampler really re-deals what the seat cannot see)."""
    players = {"skipbo": 2, "topspot": 3, "etalage": 4, "level8": 3}[game]
    state = new_game(game, players=players, seed=3, options={"games": 1} if game == "topspot" else None)
    view = state.view(state.current_player)
    deals = {repr(sample_state(view, random.Random(i)).to_json()["data"]) for i in range(6)}
    assert len(deals) > 1


def test_every_registered_game_has_a_sampler() -> None:
    missing = [g for g in GAMES if g not in SAMPLERS]
    assert not missing, f"games without a determinization sampler (no hard bot): {missing}"


def test_corrupt_view_is_refused() -> None:
    state = new_game("etalage", players=3, seed=1)
    view = state.view(0)
    view["hand"] = view["hand"] + view["display"][:1]  # a card both in the hand and on the display
    with pytest.raises(SampleError):
        sample_state(view, random.Random(0))


@settings(derandomize=True, max_examples=60, deadline=None)
@given(st.data())
def test_constrained_deal_respects_rooms_and_rules(data: st.DataObject) -> None:
    seats = data.draw(st.integers(1, 5))
    colours = ["a", "b", "c", "d"]
    forbidden = {s: set(data.draw(st.lists(st.sampled_from(colours), max_size=2))) for s in range(seats)}
    # build a deal that is known to be possible, then ask for another one with the same rooms
    truth: dict[int, list[str]] = {}
    cards: list[str] = []
    for s in range(seats):
        allowed = [c for c in colours if c not in forbidden[s]] or None
        n = data.draw(st.integers(0, 6)) if allowed else 0
        hand = [f"{data.draw(st.sampled_from(allowed))}-{s}-{i}" for i in range(n)] if allowed else []
        truth[s] = hand
        cards += hand
    capacity = {s: len(h) for s, h in truth.items()}
    dealt = constrained_deal(list(cards), capacity, lambda card, s: card.split("-")[0] not in forbidden[s],
                             random.Random(data.draw(st.integers(0, 99))))
    assert sorted(c for h in dealt.values() for c in h) == sorted(cards)
    for s, hand in dealt.items():
        assert len(hand) == capacity[s]
        assert not any(c.split("-")[0] in forbidden[s] for c in hand)


def test_constrained_deal_refuses_the_impossible() -> None:
    with pytest.raises(SampleError):
        constrained_deal(["x", "x"], {0: 1, 1: 1}, lambda card, s: s == 0, random.Random(0))
