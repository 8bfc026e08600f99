"""Every refusal of a well-formed action carries a reason code from its game's ``REFUSAL_CODES`` and JSON-safe
params, so that the page can word it in the reader's language (pygame_rules/i18n: ``refusal.<game>.<code>``).

Probes: actions that were legal in other positions of the same game (other seeds, other moments), tried in each
position of a random game; most are illegal there, for many different reasons.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import pygame_rules as pr
from pygame_rules.core.errors import IllegalAction, MalformedAction, NotYourTurn

GAMES = {"skipbo": 2, "topspot": 3, "level8": 2, "etalage": 4}
OPTIONS = {"topspot": {"games": 1}, "etalage": {"games": 1}}  # one game, not a match: the game's own class


def _probes(game: str, players: int, count: int = 6) -> list[pr.Action]:
    out: list[pr.Action] = []
    for seed in range(count):
        state = pr.new_game(game, players=players, seed=f"probe/{seed}", options=OPTIONS.get(game))
        rng = random.Random(seed)
        for _ in range(60):
            if state.is_over():
                break
            legal = state.legal_actions()
            out.extend(rng.sample(legal, min(4, len(legal))))
            state.apply(rng.choice(legal))
    return out


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_refusal_has_a_listed_code_and_json_params(game: str) -> None:
    players = GAMES[game]
    probes = _probes(game, players)
    state = pr.new_game(game, players=players, seed="refusals", options=OPTIONS.get(game))
    codes = type(state).REFUSAL_CODES
    assert codes, f"{game} lists no refusal codes"
    seen: Counter[str] = Counter()
    rng = random.Random(7)
    for _ in range(80):
        if state.is_over():
            break
        for probe in rng.sample(probes, 25):
            try:
                state.check(probe)
            except (MalformedAction, NotYourTurn):
                continue
            except IllegalAction as refusal:
                assert refusal.reason in codes, f"{game}: {refusal} has reason {refusal.reason!r}"
                json.dumps(refusal.params)  # JSON-safe, as the boundary sends it
                seen[refusal.reason] += 1
        state.apply(rng.choice(state.legal_actions()))
    assert len(seen) >= 2, f"{game}: the probes met too few kinds of refusal to prove anything: {dict(seen)}"
