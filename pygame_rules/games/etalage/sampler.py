"""Etalage's determinization sampler: the deals of the hidden hands and won piles that agree with one seat's view."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ...core.game import State
from ...registry import load_state
from ..sampling import SampleError, constrained_deal, minus, state_json, without
from .cards import deck


def sample_etalage(view: dict[str, Any], rng: random.Random) -> State:
    """Etalage: hidden are the other hands and the face-down won piles, the seat's own pile included unless the
    option ``open_winnings`` shows it (``view["won"]`` is then a list). Cards seen being claimed (this trick's and
    the last trick's claims) are known to lie in the claimant's won pile; the rest of each pile is sampled."""
    me, players = view["seat"], view["players"]
    own_open = view["won"] is not None
    unseen: Counter[str] = Counter(deck(view["colours"]))
    minus(unseen, view["hand"], "hand")
    minus(unseen, view["display"], "display")
    minus(unseen, [p["card"] for p in view["plays"]], "trick")
    if own_open:
        minus(unseen, view["won"], "own won pile")
    known_won: dict[int, list[str]] = {s: [] for s in range(players) if s != me or not own_open}
    claims = list(view["claims"]) + (list(view["last_trick"]["claims"]) if view["last_trick"] else [])
    for claim in claims:
        if claim["seat"] in known_won:
            minus(unseen, claim["cards"], "claimed cards")
            known_won[claim["seat"]].extend(claim["cards"])
    capacity: dict[int, int] = {}
    for s in range(players):
        if s != me:
            capacity[2 * s] = view["hand_counts"][s]
        if s in known_won:
            capacity[2 * s + 1] = view["won_counts"][s] - len(known_won[s])
            if capacity[2 * s + 1] < 0:
                raise SampleError(f"seat {s} is seen claiming more cards than its won pile holds")
    dealt = constrained_deal(list(unseen.elements()), capacity, lambda card, place: True, rng)
    hands = [list(view["hand"]) if s == me else dealt[2 * s] for s in range(players)]
    won = [list(view["won"]) if s not in known_won else known_won[s] + dealt[2 * s + 1] for s in range(players)]
    trick_leader = view["leader"]
    data = {
        "colours": list(view["colours"]), "hands": hands, "display": list(view["display"]),
        "leader": trick_leader, "start": view["start"], "plays": [p["card"] for p in view["plays"]],
        "claims": view["claims"], "claimants": view["claimants"], "won": won,
        "last_trick": without(view["last_trick"], "ranking"),
    }
    return load_state(state_json("etalage", players, dict(view["options"]), data, rng))


__all__ = ["sample_etalage"]
