"""Skip-Bo's determinization sampler: the deals of the hidden cards that agree with one seat's view."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ...core.game import State
from ...registry import load_state
from ..sampling import SampleError, minus, state_json
from .cards import RULES, WILD


def sample_skipbo(view: dict[str, Any], rng: random.Random) -> State:
    """Skip-Bo: hidden are the other hands, every stock below its top, the draw pile and the set-aside pile.

    The set-aside pile is made of completed building piles, so each of its 12-card runs holds, at height n,
    either an n or a wild: the sample keeps that shape (a number where the unseen cards still have one,
    otherwise a wild, chosen at random in proportion to what is left).
    """
    seat, players = view["seat"], view["players"]
    unseen: Counter[int] = Counter(RULES.deck())
    minus(unseen, view["hand"], "hand")
    for pile in view["building"]:
        if pile:
            minus(unseen, pile["cards"], "building piles")
    for info in view["seats"]:
        for d in info["discards"]:
            minus(unseen, d, "discard piles")
        if info["stock_top"] is not None:
            minus(unseen, [info["stock_top"]], "stock tops")
    runs, extra = divmod(view["set_aside_count"], RULES.numbers)
    if extra:
        raise SampleError("the set-aside pile must hold whole runs of 12")
    set_aside = _completed_runs(unseen, runs, rng, RULES.numbers, WILD)
    rest = list(unseen.elements())
    rng.shuffle(rest)

    def take(n: int) -> list[int]:
        if n > len(rest):
            raise SampleError("the view counts more hidden cards than the deck has left")
        out = [rest.pop() for _ in range(n)]
        return out

    hands: list[list[int]] = []
    stocks: list[list[int]] = []
    for s, info in enumerate(view["seats"]):
        hands.append(list(view["hand"]) if s == seat else take(info["hand_count"]))
        if info["stock_count"]:
            stocks.append(take(info["stock_count"] - 1) + [info["stock_top"]])
        else:
            stocks.append([])
    draw = take(view["draw_count"])
    if rest:
        raise SampleError(f"{len(rest)} cards are unaccounted for by the view")
    me = view["seats"][seat]
    current = view["current_player"]
    played = bool(view["undoable"]) or (current == seat and me["hand_count"] < RULES.hand_size
                                        and view["draw_count"] + view["set_aside_count"] > 0)
    data = {
        "draw": draw, "set_aside": set_aside,
        "building": [list(p["cards"]) if p else [] for p in view["building"]],
        "hands": hands, "stocks": stocks,
        "discards": [[list(d) for d in info["discards"]] for info in view["seats"]],
        "current": current if current is not None else seat, "start": current if current is not None else seat,
        "turn": view["turn"], "idle_turns": view["idle_turns"], "played_this_turn": played,
        "last_undoable": bool(view["undoable"]), "winners": None, "end_reason": None,
    }
    return load_state(state_json("skipbo", players, dict(view["options"]), data, rng))


def _completed_runs(unseen: Counter[int], runs: int, rng: random.Random, top: int, wild: int) -> list[int]:
    """``runs`` completed building piles taken out of ``unseen`` (which is updated).

    Each height takes its number or a wild at random in proportion to what is unseen; if the random choice runs
    out (wilds spent early) we retry, and finally fall back to numbers first, which always succeeds when any
    assignment does (a number is only ever wanted at its own height, while a wild fits anywhere).
    """
    for attempt in range(8):
        left = Counter(unseen)
        out: list[int] = []
        ok = True
        for _ in range(runs):
            for height in range(1, top + 1):
                number, wilds = left[height], left[wild]
                if number + wilds == 0:
                    ok = False
                    break
                greedy = attempt == 7
                card = height if (number and (greedy or rng.random() * (number + wilds) < number)) else wild
                left[card] -= 1
                out.append(card)
            if not ok:
                break
        if ok:
            unseen.clear()
            unseen.update(+left)
            return out
    raise SampleError("the unseen cards cannot make up the completed building piles set aside")


__all__ = ["sample_skipbo"]
