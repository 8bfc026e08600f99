"""Skip-Bo bots. They read only the seat's view (own hand, public piles, stock tops) and the legal actions.

The heuristic ("normal") bot thinks like a good casual player:

1. play the stock top whenever it fits;
2. otherwise look for a short chain of plays from hand and discard piles after which the stock top fits, and start
   it (fewest wilds, then shortest);
3. otherwise play number cards from the hand (emptying the hand draws five fresh cards) and free discard-pile tops,
   unless the play leaves a building pile one below an opponent's stock top;
4. end the turn with the discard that keeps the discard piles orderly (same or next-higher card on top), never a
   wild if anything else can go.
"""

from __future__ import annotations

import random
from typing import Any

from ..core.actions import Action
from ..games.skipbo import WILD, Discard, EndTurn, PlayDiscard, PlayHand, PlayStock

TOP = 12


class _Table:
    """The part of a view a plan needs, cheap to copy while searching."""

    __slots__ = ("hand", "discards", "piles", "stock_top")

    def __init__(self, hand: list[int], discards: list[list[int]], piles: list[int], stock_top: int | None) -> None:
        self.hand = hand
        self.discards = discards
        self.piles = piles
        self.stock_top = stock_top

    def copy(self) -> _Table:
        return _Table(list(self.hand), [list(d) for d in self.discards], list(self.piles), self.stock_top)

    def fits(self, card: int, pile: int) -> bool:
        return card == WILD or card == self.piles[pile] + 1

    def play(self, card: int, pile: int) -> None:
        self.piles[pile] = 0 if self.piles[pile] + 1 == TOP else self.piles[pile] + 1


def _piles(view: dict[str, Any]) -> list[int]:
    return [p["value"] if p else 0 for p in view["building"]]


def _opponent_tops(view: dict[str, Any]) -> set[int]:
    me = view["seat"]
    mine = view["seats"][me]
    return {
        s["stock_top"] for s in view["seats"]
        if s["seat"] != me and s["seat"] != mine["partner"] and s["stock_top"] not in (None, WILD)
    }


def discard_fit(card: int, top: int | None) -> int:
    """How tidy discarding ``card`` onto a discard pile topped by ``top`` (``None``: empty) is; lower is tidier.

    A same or next-higher card on top keeps the pile a run that can be played off top-down later; an empty pile
    suits a high card (it would bury little); a lower card under a higher one is buried. A Skip-Bo card scores
    worst: it is the most flexible card and stays in the hand while anything else can go.
    """
    if card == WILD:
        return 9
    if top is None:
        return 2 if card >= 8 else 4
    if top == card:
        return 0
    if top == card + 1:
        return 1
    return 3 if top > card else 5


CHAIN_NODES = 3000  # positions a chain search may expand at most (the normal bot's move must stay instant)


def _chain_to_stock(view: dict[str, Any], depth: int = 6, max_nodes: int = CHAIN_NODES) -> list[Action] | None:
    """The best sequence of hand/own-discard plays that ends with the stock top fitting (then the stock play).

    Best: fewest wilds, then fewest plays; among equals the first found in the order piles (left to right),
    discard piles, hand cards (highest first). Building piles with the same value are interchangeable, so only the
    first of them is tried, and a position reached again with no fewer wilds and plays is not searched again: both
    leave the answer unchanged and keep the search small when the hand holds several Skip-Bo cards. Past
    ``max_nodes`` expanded positions the best chain found so far is the answer (a bound on the work, so even a
    hand full of wilds costs a few milliseconds).
    """
    me = view["seats"][view["seat"]]
    top = me["stock_top"]
    if top is None:
        return None
    start = _Table(list(view["hand"]), [list(d) for d in me["discards"]], _piles(view), top)
    best: tuple[int, int, list[Action]] | None = None
    reached: dict[tuple[Any, ...], tuple[int, int]] = {}
    nodes = 0

    def search(t: _Table, plan: list[Action], wilds: int) -> None:
        nonlocal best, nodes
        for pile in range(4):
            if t.fits(top, pile):
                cand = plan + [PlayStock(view["seat"], pile)]
                key = (wilds, len(cand))
                if best is None or key < best[:2]:
                    best = (wilds, len(cand), cand)
                return
        if len(plan) >= depth or (best is not None and (wilds, len(plan) + 1) >= best[:2]) or nodes >= max_nodes:
            return
        here = (tuple(sorted(t.hand)), tuple(tuple(d) for d in t.discards), tuple(t.piles))
        seen = reached.get(here)
        if seen is not None and seen[0] <= wilds and seen[1] <= len(plan):
            return  # reached before at no greater cost: nothing new to find from here
        reached[here] = (wilds, len(plan))
        nodes += 1
        tried: set[int] = set()
        for pile in range(4):
            if t.piles[pile] in tried:
                continue
            tried.add(t.piles[pile])
            need = t.piles[pile] + 1
            if top != WILD and need > top and t.piles[pile] != 0:
                continue  # building past the stock value on this pile cannot help the stock card
            for d, dpile in enumerate(t.discards):
                if dpile and t.fits(dpile[-1], pile) and (dpile[-1] != WILD or need <= top):
                    nxt = t.copy()
                    card = nxt.discards[d].pop()
                    nxt.play(card, pile)
                    search(nxt, plan + [PlayDiscard(view["seat"], d, pile)], wilds + (card == WILD))
            for card in sorted(set(t.hand), reverse=True):
                if t.fits(card, pile):
                    nxt = t.copy()
                    nxt.hand.remove(card)
                    nxt.play(card, pile)
                    search(nxt, plan + [PlayHand(card, pile)], wilds + (card == WILD))

    search(start, [], 0)
    return best[2] if best else None


class HeuristicBot:
    """A good casual player: stock first, chains to the stock, tidy discards, careful with wilds."""

    name = "normal"

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        """Pick an action from ``legal`` using only ``view``."""
        legal_set = set(legal)
        stock_plays = [a for a in legal if isinstance(a, PlayStock)]
        if stock_plays:
            return self._best_stock_play(view, stock_plays)
        chain = _chain_to_stock(view)
        if chain and chain[0] in legal_set:
            return chain[0]
        safe = self._safe_plays(view, legal)
        if safe:
            return safe[0]
        if len(legal) == 1:
            return legal[0]
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            return self._best_discard(view, discards)
        return next((a for a in legal if isinstance(a, EndTurn)), legal[0])

    def _best_stock_play(self, view: dict[str, Any], plays: list[PlayStock]) -> Action:
        piles = _piles(view)
        danger = _opponent_tops(view)
        # a wild stock card goes where it leaves no gift; a number goes on the highest suitable pile
        return min(plays, key=lambda a: ((piles[a.pile] + 2) in danger, -piles[a.pile], a.pile))

    def _safe_plays(self, view: dict[str, Any], legal: list[Action]) -> list[Action]:
        """Number-card plays from hand or discards that do not set up an opponent's stock card, best first."""
        piles = _piles(view)
        danger = _opponent_tops(view)
        me = view["seats"][view["seat"]]
        out: list[tuple[tuple[int, int], Action]] = []
        for a in legal:
            if isinstance(a, PlayHand) and a.card != WILD:
                value = a.card
                rank = 1
            elif isinstance(a, PlayDiscard) and me["discards"][a.discard] and a.owner == view["seat"]:
                value = me["discards"][a.discard][-1]
                if value == WILD:
                    continue
                rank = 0  # freeing a discard pile uncovers more options
            else:
                continue
            if (value + 1) in danger and value + 1 != TOP + 1:
                continue
            out.append(((rank, -piles[a.pile]), a))
        out.sort(key=lambda x: x[0])
        return [a for _, a in out]

    def _best_discard(self, view: dict[str, Any], discards: list[Discard]) -> Action:
        me = view["seats"][view["seat"]]
        tops = [d[-1] if d else None for d in me["discards"]]

        return min(discards, key=lambda a: (discard_fit(a.card, tops[a.discard]), -a.card, a.discard))


class EasyBot:
    """A beginner: usually the heuristic's move, but a third of the time any plausible play or discard."""

    name = "easy"

    def __init__(self) -> None:
        self.inner = HeuristicBot()

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        """Mostly sensible, sometimes careless."""
        if rng.random() < 0.35:
            plays = [a for a in legal if not isinstance(a, (Discard, EndTurn))]
            pool = plays if plays and rng.random() < 0.7 else legal
            return pool[rng.randrange(len(pool))]
        return self.inner.choose(view, legal, rng)


BOTS = {"easy": EasyBot, "normal": HeuristicBot}
