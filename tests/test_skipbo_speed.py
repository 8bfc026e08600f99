"""Skip-Bo's speed helpers against what they stand for (issue 15; docs/games/skipbo.md, "Engine notes").

- every listed (prebuilt) action carries its class's ``kind`` as its own attribute too, without changing
  equality, hashing or JSON;
- the listing's per-state scratch (``_fit_masks``) is left clean after every listing, and the cached legal list is
  never handed out itself (a caller may change its copy).

The listing and quiet play themselves are held to the rules in tests/test_skipbo_fast_paths.py.
"""

from __future__ import annotations

import random

import pygame_rules as pr
from pygame_rules.core.actions import Action
from pygame_rules.games import skipbo
from pygame_rules.games.skipbo import RULES, WILD, SkipBoState


def every_action() -> list[Action]:
    """Every action of the game (as the listing's prebuilt rows hold them), plus ending the turn."""
    rows = [*skipbo._PLAY_HAND, *skipbo._PLAY_STOCK, *[r for rows in skipbo._PLAY_DISCARD for r in rows],
            *skipbo._DISCARD]
    return [a for row in rows for a in row] + [skipbo.END_TURN]


def test_listed_actions_carry_their_kind_without_changing_what_they_are() -> None:
    state = pr.new_game("skipbo", players=4, seed=1)
    for action in every_action():
        assert vars(action)["kind"] == type(action).kind  # own attribute, same value as the class's
        parsed = state.parse_action(action.to_json())  # made anew, as bots' plans are: the class's kind only
        assert type(parsed) is type(action) and parsed.kind == type(action).kind
        assert parsed == action and hash(parsed) == hash(action)
        assert action.to_json() == Action.to_json(action) == parsed.to_json()  # the canonical JSON, unchanged
        assert "kind" not in action.to_json()


def test_listing_leaves_its_scratch_clean_and_hands_out_copies() -> None:
    blank = [0] * len(skipbo._BIT)
    blank[WILD] = (1 << RULES.building_piles) - 1  # between listings only the wild fits (every pile)
    for players, options in ((2, {}), (4, {"partnership": True}), (6, {})):
        state = pr.new_game("skipbo", players=players, seed=5, options=options)
        assert isinstance(state, SkipBoState)
        rng = random.Random(5)
        while not state.is_over():
            legal = state.legal_actions()
            assert state._fit_masks == blank
            assert all(vars(a)["kind"] == type(a).kind for a in legal)  # listed objects are the prebuilt ones
            legal.clear()  # a caller may change its copy: the next read is whole again
            again = state.legal_actions()
            assert again and again == state.legal_actions() and again is not state.legal_actions()
            state.play(rng.choice(again))
        assert state.legal_actions() == []
