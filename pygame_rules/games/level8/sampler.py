"""Level 8's determinization sampler: the deals of the hidden hands, draw pile and discards that agree with
one seat's view."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ...core.game import State
from ...registry import load_state
from ..sampling import constrained_deal, minus, state_json
from .data import DECK, SKIP, physical, sort_cards


def sample_level8(view: dict[str, Any], rng: random.Random) -> State:
    """Level 8: hidden are the other hands, the draw pile and every discard pile below its top (the view shows
    only tops and counts). While players choose cards to keep between deals, another seat's kept cards are a
    random choice from its sampled hand of the size the view gives."""
    me, players = view["seat"], view["players"]
    unseen: Counter[str] = Counter(DECK.cards(view["options"]["edition"]))
    minus(unseen, view["hand"], "hand")
    minus(unseen, [d["top"] for d in view["discards"] if d["top"] is not None], "discard tops")
    for parts in view["table"]:
        for part in parts:
            minus(unseen, [physical(t) for t in part["cards"]], "table")
    minus(unseen, [SKIP] * (view["skips_under"] + sum(view["skipped"])), "skip cards in play")
    capacity = {s: n for s, n in enumerate(view["hand_counts"]) if s != me}
    places = {f"hand{s}": n for s, n in capacity.items()}
    for s, d in enumerate(view["discards"]):
        places[f"discard{s}"] = max(0, d["count"] - 1)
    places["draw"] = view["draw_count"]
    names = sorted(places)
    dealt = constrained_deal(list(unseen.elements()), {i: places[n] for i, n in enumerate(names)},
                             lambda card, place: True, rng)
    got = {n: dealt[i] for i, n in enumerate(names)}
    hands = [list(view["hand"]) if s == me else sort_cards(got[f"hand{s}"]) for s in range(players)]
    discards = []
    for s, d in enumerate(view["discards"]):
        discards.append(got[f"discard{s}"] + [d["top"]] if d["top"] is not None else [])
    keep = view["keep"]
    kept: list[list[str] | None] = [None] * players
    if keep is not None:
        for s, count in enumerate(keep["kept_counts"]):
            if count is not None:
                kept[s] = list(keep["mine"]) if s == me else rng.sample(hands[s], count)
    data = {
        "dealer": view["dealer"], "turn": view["turn"], "phase": view["phase"], "hands": hands,
        "draw": got["draw"], "under": view["skips_under"], "discards": discards,
        "table": [[[p["kind"], *p["cards"]] for p in parts] for parts in view["table"]],
        "levels": list(view["levels"]), "laid": list(view["laid_out"]), "skipped": list(view["skipped"]),
        "keep_queue": list(keep["waiting"]) if keep else [], "kept": kept, "winner": view["winner"],
        "deal_number": view["deal"], "turns": 0, "last_deal": view["last_deal"], "undo_ok": False,
    }
    return load_state(state_json("level8", players, dict(view["options"]), data, rng))


__all__ = ["sample_level8"]
