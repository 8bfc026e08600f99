"""Skip-Bo's fast paths against the rules they shortcut, position by position in whole games.

The engine lists moves from prebuilt rows by bit masks (``_list_legal``) and plays quietly through its own
``play`` (no events). Both are written for speed, so here they are held, at every position of many seeded games
(every player count, partnership, short and full stocks, dry draw piles), to:

- the listing: exactly the actions that :meth:`refusal` accepts, in the documented order (hand plays by card, wild
  first, then by pile; per usable seat its stock plays, then its discard plays by pile; then the discards by card
  and pile, or ending the turn);
- quiet play: after every move, the very state (table, random generator) that ``apply_listed`` leaves.

Each run also counts the rare paths it went through (reshuffles, completed piles, ending a turn, stalemates, wins
of both kinds) and fails if one was never met, so that the comparison cannot pass by not reaching them.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pygame_rules as pr
from pygame_rules.games.skipbo import RULES, Discard, EndTurn, PlayDiscard, PlayHand, PlayStock, SkipBoState

CARDS = range(RULES.numbers + 1)  # 0 (the wild) first, as the listing orders hand cards
PILES = range(RULES.building_piles)
DISCARD_PILES = range(RULES.discard_piles)
BUILDS = ("play_hand", "play_stock", "play_discard")


def documented_order(state: SkipBoState) -> list[Any]:
    """Every action the current seat could name, in the order the legal list promises."""
    seat = state.current
    partner = state.partner(seat)
    owners = [seat] if partner is None else [seat, partner]
    out: list[Any] = [PlayHand(c, p) for c in CARDS for p in PILES]
    for owner in owners:
        out += [PlayStock(owner, p) for p in PILES]
        out += [PlayDiscard(owner, d, p) for d in DISCARD_PILES for p in PILES]
    out += [Discard(c, d) for c in CARDS for d in DISCARD_PILES]
    out.append(EndTurn())
    return out


def pick(legal: list[Any], rng: random.Random, eagerness: float) -> Any:
    """Mostly building plays (so piles complete and stocks empty), sometimes anything."""
    builds = [a for a in legal if a.kind in BUILDS]
    if builds and rng.random() < eagerness:
        return rng.choice(builds)
    return rng.choice(legal)


def dry_start(seed: int) -> SkipBoState:
    """Two players, draw pile and set-aside empty, short hands: turns end without a discard, stalemates come."""
    stocks = [[7, 9, 3], [10, 10, 11]]
    hands = [[5], [2, 12]]
    rest = Counter(RULES.deck())
    rest.subtract([c for s in stocks for c in s] + [c for h in hands for c in h])
    cards = sorted(rest.elements(), key=lambda c: (c not in (0, 1), c))
    piles = [cards[i::8] for i in range(8)]
    for p in piles:
        p.sort(key=lambda c: (c not in (0, 1), c))
    return pr.from_scenario("skipbo", {
        "players": 2, "current_player": seed % 2, "hands": hands, "stocks": stocks, "draw": [],
        "discards": [piles[:4], piles[4:]], "building": [[], [], [], []], "seed": seed})  # type: ignore[return-value]


def starts() -> list[tuple[SkipBoState, float]]:
    """The games: (first position, eagerness of the policy)."""
    out: list[tuple[SkipBoState, float]] = []
    configs = [(2, {}), (3, {}), (4, {}), (4, {"partnership": True}), (5, {}), (6, {"partnership": True}),
               (2, {"stock_size": 5}), (6, {"stock_size": 3})]
    for n, (players, options) in enumerate(configs):
        for seed in range(3):
            state = pr.new_game("skipbo", players=players, seed=100 * n + seed, options=options)
            out.append((state, (0.97, 0.7, 0.3)[seed]))  # type: ignore[arg-type]
    out += [(dry_start(seed), 0.5) for seed in range(4)]
    return out


def test_fast_listing_is_what_the_rules_accept_in_the_documented_order() -> None:
    rng = random.Random(15)
    positions = 0
    for state, eagerness in starts():
        while not state.is_over():
            legal = state.legal_actions()
            assert legal == [a for a in documented_order(state) if state.refusal(a) is None]
            positions += 1
            state.play(pick(legal, rng, eagerness))
    assert positions > 5000


def test_quiet_play_leaves_the_state_that_apply_leaves() -> None:
    rng = random.Random(51)
    seen: Counter[str] = Counter()
    for loud, eagerness in starts():
        quiet = loud.clone()
        while not loud.is_over():
            legal = loud.legal_actions()
            index = legal.index(pick(legal, rng, eagerness))
            action = legal[index]
            events = loud.apply_listed(action)
            quiet.play(quiet.legal_actions()[index])
            assert quiet == loud
            assert quiet.to_json() == loud.to_json()
            assert quiet.undoable() == loud.undoable()
            seen[action.kind] += 1
            for event in events:
                seen[event["type"]] += event["type"] != "draw" or event["recycled"]
                if event["type"] == "game_over":
                    seen[event["reason"]] += 1
        assert quiet.is_over() and quiet.result() == loud.result()
    for path in ("play_hand", "play_stock", "play_discard", "discard", "end_turn", "complete", "draw",
                 "stalemate", "stock_empty"):
        assert seen[path], f"no game went through {path!r}: the comparison did not cover it"


def test_quiet_play_inside_a_match_leaves_the_state_that_apply_leaves() -> None:
    """A match plays its games quietly through Skip-Bo's own ``play``: whole matches, compared after every move."""
    rng = random.Random(7)
    games = 0
    for seed in range(6):
        loud = pr.new_game("skipbo", players=2 + seed % 2, seed=seed, options={"stock_size": 3, "match_target": 60})
        quiet = loud.clone()
        while not loud.is_over():
            legal = loud.legal_actions()
            index = legal.index(pick(legal, rng, 0.8))
            events = loud.apply_listed(legal[index])
            quiet.play(quiet.legal_actions()[index])
            assert quiet == loud
            assert quiet.to_json() == loud.to_json()
            games += any(e["type"] == "game_over" for e in events)
        assert quiet.result() == loud.result()
    assert games > 6  # matches of several games each
