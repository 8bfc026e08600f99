"""Skip-Bo reference opponents for the arena, written here from published descriptions of other Skip-Bo bots.

They are fixed yardsticks, not levels the app offers: the ladder in docs/bots.md measures our levels against them
as well as against each other. ``make_bot("skipbo", "play-first")`` and ``make_bot("skipbo", "stock-first")``
build them; :func:`pygame_rules.bots.bot_levels` never lists them.

- ``play-first``: the naive baseline of published Skip-Bo bot comparisons. It plays whatever card fits, looking at
  the stock top first, then its discard-pile tops, then its hand (each onto the first building pile that takes it),
  and when nothing fits it discards any hand card onto any discard pile (uniformly at random: the descriptions
  name no discard rule). It never plans or blocks.
- ``stock-first``: a planner in the manner of the strongest published heuristics (a "combo" search of the own
  turn): it plays the stock top whenever it fits; otherwise it searches the sequences of plays from its hand and
  discard-pile tops for one that ends with the stock card played (fewest Skip-Bo cards, then fewest plays), and
  failing that for one that empties the hand (five fresh cards); otherwise it plays number cards that fit, discard
  tops before hand cards, and ends with a tidy discard (same or next-higher card on top, Skip-Bo cards kept). It
  never holds a card back to block an opponent: the published notes found blocking to lose.
"""

from __future__ import annotations

import random
from typing import Any

from ..core.actions import Action
from ..games.skipbo import WILD, Discard, EndTurn, PlayDiscard, PlayHand, PlayStock
from .skipbo import tidiest_discard
from .skipbo_plan import FITTING, RAISED, distinct_piles, pile_heights

SEARCH_NODES = 5000  # positions the stock-first planner expands at most per decision


class PlayFirstBot:
    """Plays any card that fits (stock, then discard piles, then hand); else any discard, uniformly."""

    name = "play-first"

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        """The first fitting play in the order stock, discard piles, hand; else a uniformly random discard."""
        for kind in ("play_stock", "play_discard", "play_hand"):
            for action in legal:
                if action.kind == kind:
                    return action
        return legal[rng.randrange(len(legal))]


class StockFirstBot:
    """A turn planner that plays for the stock, then for emptying the hand, and never blocks (module doc)."""

    name = "stock-first"

    def __init__(self, max_nodes: int = SEARCH_NODES) -> None:
        self.max_nodes = max_nodes

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        """Pick an action from ``legal`` using only ``view``."""
        if len(legal) == 1:
            return legal[0]
        me = view["seat"]
        mine = view["seats"][me]
        piles = pile_heights(view)
        stock_plays = [a for a in legal if isinstance(a, PlayStock) and a.owner == me]
        if stock_plays:
            return max(stock_plays, key=lambda a: (piles[a.pile], -a.pile))
        plan = self._plan(me, list(view["hand"]), [list(d) for d in mine["discards"]], piles, mine["stock_top"],
                          view["draw_count"] + view.get("set_aside_count", 0) > 0)
        legal_set = set(legal)
        if plan and plan[0] in legal_set:
            return plan[0]
        plays: list[Action] = [a for a in legal if isinstance(a, PlayDiscard) and a.owner == me
                 and mine["discards"][a.discard][-1] != WILD]
        plays += [a for a in legal if isinstance(a, PlayHand) and a.card != WILD]
        if plays:
            return plays[0]
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            return tidiest_discard(mine["discards"], discards)
        return next((a for a in legal if isinstance(a, EndTurn)), legal[0])

    def _plan(self, me: int, hand: list[int], discards: list[list[int]], piles: list[int], stock: int | None,
              refills: bool) -> list[Action] | None:
        """The best sequence of hand and discard-top plays: one that plays the stock card (fewest wilds, then
        fewest plays), else one that empties the hand (when cards remain to draw), else ``None``."""
        best: tuple[tuple[int, int, int], list[Action]] | None = None
        reached: dict[tuple[Any, ...], tuple[int, int]] = {}
        nodes = 0

        def offer(score: tuple[int, int, int], plan: list[Action]) -> None:
            nonlocal best
            if best is None or score < best[0]:
                best = (score, plan)

        def search(hand: list[int], discards: list[list[int]], piles: list[int], plan: list[Action],
                   wilds: int) -> None:
            nonlocal nodes
            if stock is not None:
                for p, value in enumerate(piles):
                    if stock in FITTING[value]:
                        offer((0, wilds, len(plan)), plan + [PlayStock(me, p)])
                        return
            if plan and not hand and refills:
                offer((1, wilds, len(plan)), plan)
                return
            if nodes >= self.max_nodes or (best is not None and best[0][0] == 0 and (wilds, len(plan) + 1)
                                             >= best[0][1:]):
                return
            key = (tuple(sorted(hand)), tuple(tuple(d) for d in discards), tuple(sorted(piles)))
            seen = reached.get(key)
            if seen is not None and seen[0] <= wilds and seen[1] <= len(plan):
                return
            reached[key] = (wilds, len(plan))
            nodes += 1
            for p, value in distinct_piles(piles):
                for d, stack in enumerate(discards):
                    if stack and stack[-1] in FITTING[value]:
                        nd = [list(s) for s in discards]
                        card = nd[d].pop()
                        np = list(piles)
                        np[p] = RAISED[value]
                        search(hand, nd, np, plan + [PlayDiscard(me, d, p)], wilds + (card == WILD))
                for card in sorted(set(hand), reverse=True):
                    if card in FITTING[value]:
                        nh = list(hand)
                        nh.remove(card)
                        np = list(piles)
                        np[p] = RAISED[value]
                        search(nh, discards, np, plan + [PlayHand(card, p)], wilds + (card == WILD))

        search(hand, discards, piles, [], 0)
        if best is None:
            return None
        return best[1]


REFERENCES = {"play-first": PlayFirstBot, "stock-first": StockFirstBot}
