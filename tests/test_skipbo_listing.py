"""Skip-Bo's legal list and its events, pinned where the shared suite does not reach.

- The listing is exactly the candidates the checker accepts, in the candidates' order (hand plays by card, wild
  first, then by pile; the own stock and discard plays, then the partner's; then the discards by card and pile, or
  ending the turn), at every position of seeded games of every kind, stalemates and dry draw piles included.
  The shared test (tests/test_all_games.py) compares the two as sets; bots and the bench pick by position, so the
  order is part of the promise.
- The listed objects are the prebuilt ones, carrying their class's ``kind`` as their own attribute (a speed trick
  for callers that filter by kind) without changing what they are; the tables of which piles a card fits are
  the building rule at every height of the piles.
- Events are data: a ``type`` and fields (the page words them from web/js/log-words.js), no English.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pygame_rules as pr
from pygame_rules.core.actions import Action
from pygame_rules.games import skipbo
from pygame_rules.games.skipbo import RULES, SkipBoState

BUILDS = ("play_hand", "play_stock", "play_discard")


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
    return pr.from_scenario("skipbo", {  # type: ignore[return-value]
        "players": 2, "current_player": seed % 2, "hands": hands, "stocks": stocks, "draw": [],
        "discards": [piles[:4], piles[4:]], "building": [[], [], [], []], "seed": seed})


def starts() -> list[tuple[SkipBoState, float]]:
    """The games: (first position, eagerness of the policy)."""
    out: list[tuple[SkipBoState, float]] = []
    configs = [(2, {}), (3, {}), (4, {"partnership": True}), (5, {}), (6, {"partnership": True}),
               (2, {"stock_size": 5}), (6, {"stock_size": 3})]
    for n, (players, options) in enumerate(configs):
        for seed in range(2):
            state = pr.new_game("skipbo", players=players, seed=100 * n + seed, options=options)
            out.append((state, (0.97, 0.5)[seed]))  # type: ignore[arg-type]
    out += [(dry_start(seed), 0.5) for seed in range(3)]
    return out


def test_the_listing_is_the_accepted_candidates_in_their_order() -> None:
    rng = random.Random(15)
    seen: Counter[str] = Counter()
    for state, eagerness in starts():
        while not state.is_over():
            legal = state.legal_actions()
            assert legal == state.reference_legal_actions()
            action = pick(legal, rng, eagerness)
            for event in state.apply(action):
                seen[event["type"]] += 1
                seen[str(event.get("reason"))] += 1
    for path in ("play_hand", "play_stock", "play_discard", "discard", "end_turn", "complete", "draw",
                 "stalemate", "stock_empty"):
        assert seen[path], f"no game went through {path!r}: the comparison did not cover it"


def test_listed_actions_carry_their_kind_without_changing_what_they_are() -> None:
    state = pr.new_game("skipbo", players=4, seed=1)
    rows = [*skipbo._PLAY_HAND, *skipbo._PLAY_STOCK, *[r for rows in skipbo._PLAY_DISCARD for r in rows],
            *skipbo._DISCARD, (skipbo.END_TURN,)]
    for action in [a for row in rows for a in row]:
        assert vars(action)["kind"] == type(action).kind  # own attribute, same value as the class's
        parsed = state.parse_action(action.to_json())  # made anew, as bots' plans are: the class's kind only
        assert type(parsed) is type(action) and parsed.kind == type(action).kind
        assert parsed == action and hash(parsed) == hash(action)
        assert action.to_json() == Action.to_json(action) == parsed.to_json()
        assert "kind" not in action.to_json()


def test_the_fit_tables_are_the_building_rule_for_every_height_of_the_four_piles() -> None:
    """The lister reads which piles a card fits from two tables (piles 0-1 and 2-3, by their heights): for every
    heights of the four piles, a card's mask is the piles that :func:`fits` accepts it on, and the cards marked as
    fitting somewhere are exactly those with a mask."""
    heights = range(RULES.numbers)
    for h0 in heights:
        for h1 in heights:
            lo, lo_cards = skipbo._FITS_01[h0][h1]
            for h2 in heights:
                for h3 in heights:
                    hi, hi_cards = skipbo._FITS_23[h2][h3]
                    for card in skipbo.CARDS:
                        mask = sum(1 << p for p, h in enumerate((h0, h1, h2, h3)) if skipbo.fits(card, h))
                        assert lo[card] | hi[card] == mask, (card, h0, h1, h2, h3)
                        assert bool((lo_cards | hi_cards) >> card & 1) == bool(mask), (card, h0, h1, h2, h3)


def test_the_listing_hands_out_prebuilt_objects() -> None:
    for players, options in ((2, {}), (4, {"partnership": True}), (6, {})):
        state = pr.new_game("skipbo", players=players, seed=5, options=options)
        assert isinstance(state, SkipBoState)
        rng = random.Random(5)
        while not state.is_over():
            legal = state.legal_actions()
            assert all(vars(a)["kind"] == type(a).kind for a in legal)
            state.play(rng.choice(legal))


# the fields of each event (beside ``type``) that the page's log words read, and that bots and lessons use
EVENT_FIELDS = {
    "play_hand": {"player", "card", "pile", "value"},
    "play_stock": {"player", "card", "pile", "value", "owner", "revealed"},
    "play_discard": {"player", "card", "pile", "value", "owner", "discard"},
    "discard": {"player", "card", "discard"},
    "end_turn": {"player"},
    "complete": {"player", "pile"},
    "draw": {"player", "count", "recycled", "private"},
    "game_over": {"winners", "reason"},
}


def test_the_ends_of_a_turn_are_every_discard_of_every_held_card_for_every_hand() -> None:
    """How a turn ends is read from two small tables of discards joined (the low cards' and the others'): for every
    set of held cards it is every discard of each held card, cards ascending, and only an empty hand has none."""
    for held in range(1 << len(skipbo.CARDS)):
        expected = tuple(skipbo.Discard(card, d) for card in skipbo.CARDS if held >> card & 1
                         for d in range(RULES.discard_piles))
        assert skipbo._ends(held) == (expected or (skipbo.END_TURN,)), bin(held)


def test_events_are_data_without_words() -> None:
    rng = random.Random(3)
    seen: set[str] = set()
    for state, eagerness in starts()[::3]:
        while not state.is_over():
            for event in state.apply(pick(state.legal_actions(), rng, eagerness)):
                assert set(event) == {"type"} | EVENT_FIELDS[event["type"]], event
                assert all(not isinstance(v, str) or k in ("type", "reason") for k, v in event.items()), event
                if event["type"] == "draw":
                    private = event["private"][str(event["player"])]
                    assert set(private) == {"cards"} and len(private["cards"]) == event["count"]
                seen.add(event["type"])
    assert seen == set(EVENT_FIELDS)
