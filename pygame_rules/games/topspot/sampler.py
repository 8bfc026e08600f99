"""Top Spot's determinization sampler: the deals of the hidden hands that agree with one seat's view."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ...core.game import State
from ...registry import load_state
from ..sampling import SampleError, constrained_deal, minus, state_json, without
from .deck import COLOUR, DECK, JOKER, card_code
from .stacks import sort_cards


def sample_topspot(view: dict[str, Any], rng: random.Random) -> State:
    """Top Spot: hidden are the other hands. A seat never holds a colour it showed it cannot follow, nor a
    joker after showing it has none; with one joker dealt to each player, nobody holds two."""
    me, players = view["you"], view["players"]
    unseen: Counter[str] = Counter(card_code(c, n) for c in view["colours"] for n in DECK.layouts)
    if view["jokers_in_game"]:
        unseen[JOKER] = view["jokers_in_game"]
    minus(unseen, view["hand"], "hand")
    for stacks in view["won"]:
        for stack in stacks:
            minus(unseen, stack, "won stacks")
    for name in ("unclaimed", "pot", "aside"):
        minus(unseen, view[name], name)
    for play in view["table"]:
        minus(unseen, play["cards"], "table")
    unseen = +unseen
    capacity = {s: n for s, n in enumerate(view["hand_counts"]) if s != me}
    voids = [set(v) for v in view["voids"]]
    hands: dict[int, list[Any]] = {s: [] for s in capacity}
    jokers = unseen.pop(JOKER, 0)
    if jokers:  # jokers first: they have the extra "at most one each" rule in the joker-each variant
        holders = [s for s in capacity if not view["no_joker"][s] and capacity[s] > 0]
        if view["joker_each"]:
            if jokers > len(holders):
                raise SampleError("more hidden jokers than seats that may hold one")
            chosen = rng.sample(holders, jokers)
        else:
            chosen = []
            room = {s: capacity[s] for s in holders}
            for _ in range(jokers):
                pool = [s for s in holders if room[s] > 0]
                if not pool:
                    raise SampleError("no seat may hold the hidden joker(s)")
                pick = rng.choice(pool)
                room[pick] -= 1
                chosen.append(pick)
        for s in chosen:
            hands[s].append(JOKER)
            capacity[s] -= 1
    dealt = constrained_deal(list(unseen.elements()), capacity,
                             lambda card, s: COLOUR[card] not in voids[s], rng)
    full_hands = []
    for s in range(players):
        full_hands.append(list(view["hand"]) if s == me else sort_cards(hands[s] + dealt[s]))
    options = dict(view["options"])
    data = {
        "colours": list(view["colours"]), "start": view["dealer"], "first_leader": view["first_leader"],
        "hands": full_hands, "won": view["won"], "bonus": view["bonus"], "unclaimed": view["unclaimed"],
        "aside": view["aside"], "order": view["order"], "plays": _saved_plays(view["table"]), "pot": view["pot"],
        "tiebreak": view["tiebreak"], "round_no": view["round"], "last_winner": view["last_winner"],
        "last_round": _saved_last_round(view["last_round"]), "voids": view["voids"], "no_joker": view["no_joker"],
        "over": view["over"], "end_code": view.get("result", {}).get("end_code") if view["over"] else None,
        "end_player": view.get("result", {}).get("end_player") if view["over"] else None,
    }
    return load_state(state_json("topspot", players, options, data, rng))


def _saved_plays(plays: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Top Spot plays as the save stores them: without the view-only drawing aid ``top_view``."""
    return [without(play, "top_view") for play in plays]


def _saved_last_round(last: Any) -> Any:
    """The last round's record as the save stores it (its plays without their drawing aid)."""
    if isinstance(last, dict) and isinstance(last.get("plays"), list):
        return dict(last, plays=_saved_plays(last["plays"]))
    return last


__all__ = ["sample_topspot"]
