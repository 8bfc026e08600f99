"""Seeded random Level 8 games: both editions, both sheets, 2-6 players, with the invariants of the issue.

Every game is played to its end (or to the turn cap, which is counted and must stay rare). Cheap invariants are
checked at every step (cards conserved, a legal action exists, the chosen action applies); expensive ones (JSON
round trip, hidden cards absent from every view, illegal actions refused with the state unchanged, other listed
actions applying) on a sample of steps.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import pygame_rules as pr
from pygame_rules.bots import make_bot
from pygame_rules.games.level8 import Add, Discard, Keep, LayOut, Level8State, Skip, TakeDiscard
from pygame_rules.games.level8.solver import NUMBER_CARDS, check_layout

GAMES = 520
TURN_CAP = 2500
SAMPLE_EVERY = 29
CONFIGS = [(2 + i % 5, ("one_star", "two_star")[i // 5 % 2], ("101", "2016")[i // 10 % 2]) for i in range(GAMES)]


class GreedyRandom:
    """Lays out and adds whenever it can, keeps its jokers, otherwise acts at random (the issue's test bot)."""

    name = "greedy-random"

    def choose(self, view, legal, rng):
        lays = [a for a in legal if a.kind == "lay_out"]
        if lays:
            return rng.choice(lays)
        adds = [a for a in legal if a.kind == "add"]
        if adds:
            return rng.choice(adds)
        jokers = [a for a in legal if a.kind == "take_discard" and view["discards"][a.seat]["top"] == "J"]
        if jokers:
            return jokers[0]
        plain = [a for a in legal if not (a.kind == "discard" and a.card == "J")]
        discards = [a for a in plain if a.kind == "discard" and a.card in NUMBER_CARDS]
        if discards and len(discards) == len([a for a in plain if a.kind == "discard"]) and rng.random() < 0.7:
            return min(discards, key=lambda a: (_usefulness(view, a.card), rng.random()))
        return rng.choice(plain or legal)


def _usefulness(view, card: str) -> int:
    """How many hand cards share something with ``card`` that the level's kinds care about (cheap, rough)."""
    kinds = {p["kind"] for p in view["sheet"]["levels"][view["levels"][view["seat"]] - 1]["parts"]}
    colour, number = NUMBER_CARDS[card]
    score = 0
    for other in view["hand"]:
        if other == card or other not in NUMBER_CARDS:
            continue
        c, n = NUMBER_CARDS[other]
        score += ("set" in kinds and n == number) + ("colour" in kinds and c == colour)
        score += "run" in kinds and 0 < abs(n - number) <= 2
    return score


def _hidden_cards(state: Level8State, seat: int) -> set[str]:
    """Number cards ``seat`` may not see: other hands, the draw pile, discards under their tops."""
    hidden = set(state.draw)
    for s, hand in enumerate(state.hands):
        if s != seat:
            hidden.update(hand)
    for pile in state.discards:
        hidden.update(pile[:-1])
    return {c for c in hidden if c in NUMBER_CARDS}


def _strings(obj, out: set[str]) -> set[str]:
    if isinstance(obj, str):
        out.add(obj)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            _strings(k, out)
            _strings(v, out)
    elif isinstance(obj, list):
        for v in obj:
            _strings(v, out)
    return out


def _candidates(state: Level8State, rng: random.Random) -> list:
    """A few random actions, legal or not, of every kind."""
    p = state.current_player
    cards = list(NUMBER_CARDS) + ["J", "S", "J7", "JR"]
    seat = rng.randrange(state.players)
    hand = state.hands[p]
    out = [
        Discard(rng.choice(cards)), TakeDiscard(seat), Skip(seat), Keep(tuple(rng.sample(cards, 2))),
        Add(seat, rng.randrange(3), rng.choice(cards)),
    ]
    if len(hand) >= 3:
        out.append(LayOut((("set", *rng.sample(hand, 2)), ("run", *rng.sample(hand, 1)))))
        out.append(LayOut((("run", *sorted(rng.sample(hand, 3))),)))
    return out


def _sampled_checks(state: Level8State, rng: random.Random, deck: Counter) -> None:
    data = json.loads(json.dumps(state.to_json()))
    again = pr.load_state(data)
    assert again == state
    for seat in range(state.players):
        view = state.view(seat)
        assert view["hand"] == state.hands[seat]
        assert not _strings(view, set()) & _hidden_cards(state, seat), "a view shows a hidden card"
    if state.is_over():
        return
    legal = state.legal_actions()
    before = json.dumps(state.to_json(), sort_keys=True)
    for action in _candidates(state, rng):
        try:
            state.check(action)
            accepted = True
        except pr.IllegalAction:
            accepted = False
        if isinstance(action, LayOut) and accepted:
            canon = check_layout(state.level_requirements(state.current_player), state.hands[state.current_player],
                                 action.parts)
            assert LayOut(canon) in legal
        elif isinstance(action, Keep):
            assert accepted == any(Counter(a.cards) == Counter(action.cards) for a in legal if a.kind == "keep")
        else:
            assert accepted == (action in legal), action
        assert json.dumps(state.to_json(), sort_keys=True) == before
    for action in rng.sample(legal, min(4, len(legal))):
        clone = state.clone()
        clone.apply(action)
        assert clone.all_cards() == deck


def play(players: int, sheet: str, edition: str, seed: int, bots=None) -> tuple[Level8State, int]:
    state = pr.new_game("level8", players=players, seed=seed, options={"sheet": sheet, "edition": edition})
    deck = Counter(state.deck())
    assert sum(deck.values()) == (101 if edition == "101" else 98)
    bots = bots or [GreedyRandom()] * players
    rng = random.Random(f"test/{seed}")
    step = 0
    while not state.is_over() and state.turns < TURN_CAP:
        p = state.current_player
        legal = state.legal_actions()
        assert legal and p is not None
        action = bots[p].choose(state.view(p), legal, rng)
        state.apply(action, player=p)
        assert state.all_cards() == deck
        step += 1
        if step % SAMPLE_EVERY == 0:
            _sampled_checks(state, rng, deck)
    _sampled_checks(state, rng, deck)
    return state, step


def test_random_games_keep_every_invariant():
    caps = 0
    for i, (players, sheet, edition) in enumerate(CONFIGS):
        state, _ = play(players, sheet, edition, seed=i)
        if not state.is_over():
            caps += 1
            continue
        result = state.result()
        assert len(result["winners"]) == 1 and result["scores"][result["winners"][0]] == 8
        assert all(s < 8 for k, s in enumerate(result["scores"]) if k != result["winners"][0])
        assert state.legal_actions() == [] and state.current_player is None
    print(f"\nlevel8: {len(CONFIGS)} random games, turn cap ({TURN_CAP}) hit {caps} time(s)")
    assert caps <= len(CONFIGS) // 100, f"turn cap hit in {caps} of {len(CONFIGS)} games"


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("sheet", ["one_star", "two_star"])
def test_bot_games_end(players, sheet):
    bots = [make_bot("level8", ("normal", "easy")[s % 2]) for s in range(players)]
    state, _ = play(players, sheet, "101", seed=1000 + players, bots=bots)
    assert state.is_over()


def test_replay_is_identical():
    for seed in range(3):
        state = pr.new_game("level8", players=3, seed=seed, options={"sheet": "two_star"})
        replay = pr.new_game("level8", players=3, seed=seed, options={"sheet": "two_star"})
        rng = random.Random(seed)
        bot = GreedyRandom()
        while not state.is_over() and state.turns < TURN_CAP:
            action = bot.choose(state.view(state.current_player), state.legal_actions(), rng)
            state.apply(action)
            replay.apply(action.to_json())
        assert state == replay
