"""Level 8's quiet ``play`` against the rules it shortcuts, position by position in whole games.

``Level8State.play`` writes the commonest moves out (discard, take a discard top, draw) and sends the rest through
``_apply`` quietly; ``legal_actions`` reads the cached listing inline. Here, after every move of many seeded games
(2 to 6 players, both sheets, both editions, a policy that sometimes prefers the rare moves), the state ``play``
leaves (table, random generator) must equal the one ``apply_listed`` leaves, and both must list the same moves.
Each run counts the rare paths it went through (deal ends, rebuilt draw piles after a draw and at a turn change,
keep decisions, skips, lay-outs, additions, wins) and fails if one was never met.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pygame_rules as pr
from pygame_rules.games.level8 import Level8State

CONFIGS = [(2, {}), (3, {"sheet": "two_star"}), (4, {}), (4, {"sheet": "two_star", "edition": "2016"}),
           (5, {"edition": "2016"}), (6, {"sheet": "two_star"})]
RARE = ("lay_out", "add", "skip", "keep")


def pick(legal: list[Any], rng: random.Random, eagerness: float) -> Any:
    """Mostly uniform; with probability ``eagerness`` a rare move (lay-out, addition, skip, keep) if there is one."""
    rare = [a for a in legal if a.kind in RARE]
    if rare and rng.random() < eagerness:
        return rng.choice(rare)
    return rng.choice(legal)


def seen_in(before: Level8State, after: Level8State, action: Any) -> list[str]:
    """The paths one move went through (for the coverage check)."""
    out = [action.kind]
    if after.deal_number != before.deal_number or after.phase == "keep" != (before.phase == "keep"):
        out.append(f"deal_end_by_{action.kind}")
    if len(after.draw) > len(before.draw):
        out.append(f"rebuild_by_{action.kind}")
    if after.phase == "over":
        out.append("win")
    return out


def test_quiet_play_leaves_the_state_apply_listed_leaves() -> None:
    seen: Counter[str] = Counter()
    for n, (players, options) in enumerate(CONFIGS):
        for seed in range(2):
            state: Any = pr.new_game("level8", players=players, seed=100 * n + seed, options=options)
            rng = random.Random(f"fast/{n}/{seed}")
            eagerness = (0.9, 0.3)[seed]
            moves = 0
            while not state.is_over() and moves < 4000:
                legal = state.legal_actions()
                action = pick(legal, rng, eagerness)
                reference = state.clone()
                reference.apply_listed(action)
                before = state.clone()
                state.play(action)
                assert state == reference, (n, seed, moves, action)
                assert state.legal_actions() == reference.legal_actions(), (n, seed, moves, action)
                seen.update(seen_in(before, state, action))
                moves += 1
    for path in ("draw", "take_discard", "discard", "serve_skip", "skip", "lay_out", "add", "keep", "win",
                 "deal_end_by_discard", "rebuild_by_draw", "rebuild_by_discard"):
        assert seen[path], f"the games never went through {path}: {dict(seen)}"


def test_quiet_play_matches_apply_on_an_empty_draw_pile() -> None:
    """A scenario whose draw pile runs out at once: drawing, discarding and serving a skip all rebuild it."""
    for rest in (0, 1):
        scenario = {"players": 2, "draw": ["R5"], "rest": rest, "phase": "draw",
                    "hands": [["R1", "G2", "B3", "Y4", "Y9", "Y11", "J", "S", "O15", "O14"],
                              ["R9", "R10", "G1", "G3", "B7", "B8", "Y1", "Y2", "P5", "P6"]]}
        state: Any = pr.from_scenario("level8", scenario)
        rng = random.Random(rest)
        for _ in range(60):
            if state.is_over():
                break
            action = rng.choice(state.legal_actions())
            reference = state.clone()
            reference.apply_listed(action)
            state.play(action)
            assert state == reference


def test_a_quiet_addition_places_the_card_where_add_to_part_does() -> None:
    """``_added`` (quiet play's addition) against ``add_to_part`` on parts of real lay-outs grown by additions."""
    from pygame_rules.games.level8 import _accepts, _added
    from pygame_rules.games.level8_solver import JOKER, NUMBER_CARDS, SHEETS, add_to_part, find_layouts

    rng = random.Random("l8-fast/added")
    cards = [*NUMBER_CARDS, JOKER, JOKER, JOKER]
    levels = [reqs for sheet in SHEETS.values() for reqs in sheet.levels]
    kinds: Counter[str] = Counter()
    for _ in range(400):
        lays = find_layouts(rng.choice(levels), rng.sample(cards, 14))
        if not lays:
            continue
        part = rng.choice(rng.choice(lays))
        for _grow in range(4):  # add to the part a few times, checking every token it accepts each time
            options = [tok for toks in _accepts(part).values() for tok in toks]
            if not options:
                break
            for tok in options:
                assert _added(part, tok) == add_to_part(part, tok), (part, tok)
                kinds[part[0] + ("_joker" if tok.startswith(JOKER) else "")] += 1
            part = add_to_part(part, rng.choice(options))
    for kind in ("run", "set", "colour", "run_joker", "set_joker", "colour_joker"):
        assert kinds[kind] > 20, dict(kinds)
