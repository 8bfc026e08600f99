"""Skip-Bo bots. They read only the seat's view (own hand, public piles, stock tops) and the legal actions.

``normal`` (:class:`NormalBot`) searches its own turn, within small fixed bounds, and never holds back its own
progress to block, but never hands a rival its stock card for nothing either:

1. play the stock top whenever it fits, on the pile that leaves the rivals the least;
2. otherwise start the chain of plays from hand and discard piles after which the stock top fits (fewest wilds,
   then shortest);
3. otherwise start the plays that empty the hand (five fresh cards) unless they bring a rival's stock card
   within reach by more than the fresh cards are worth;
4. otherwise start the longest run of number-card plays (from discard piles and hand) that leaves the rivals no
   closer to their stock cards, preferring the run that leaves them farthest; a single Skip-Bo card may be spent
   when it moves a pile past a rival's stock number;
5. end the turn with the discard that keeps what the stock top still needs (fewest cards missing for it next turn),
   then the tidiest one (:func:`discard_fit`).

"A rival's chance" is the rough table of :mod:`.skipbo_plan` (``reach`` over the rival's stock top and visible
discard piles): the same yardstick the whole-turn planner of ``hard`` uses.

:class:`NormalBot` is also the policy of every seat inside ``hard``'s sampled deals. :class:`HeuristicBot` is the
older one-card-at-a-time heuristic, the sensible half of ``easy``:

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
from .skipbo_plan import FITTING, RAISED, RIVAL_REACH, TOP, distinct_piles, pile_heights, position_key, reach


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
        return card in FITTING[self.piles[pile]]

    def play(self, card: int, pile: int) -> None:
        self.piles[pile] = RAISED[self.piles[pile]]


def _opponent_tops(view: dict[str, Any]) -> set[int]:
    me = view["seat"]
    mine = view["seats"][me]
    return {
        s["stock_top"] for s in view["seats"]
        if s["seat"] != me and s["seat"] != mine["partner"] and s["stock_top"] not in (None, WILD)
    }


def tidiest_discard(piles: list[list[int]], discards: list[Discard]) -> Discard:
    """The tidiest of ``discards`` onto the own discard ``piles`` (:func:`discard_fit`), then the highest card, then
    the leftmost pile: the discard of the bots that keep their discard piles orderly and nothing more."""
    tops = [d[-1] if d else None for d in piles]
    return min(discards, key=lambda a: (discard_fit(a.card, tops[a.discard]), -a.card, a.discard))


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
    start = _Table(list(view["hand"]), [list(d) for d in me["discards"]], pile_heights(view), top)
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
        here = position_key(t.hand, t.discards, t.piles)
        seen = reached.get(here)
        if seen is not None and seen[0] <= wilds and seen[1] <= len(plan):
            return  # reached before at no greater cost: nothing new to find from here
        reached[here] = (wilds, len(plan))
        nodes += 1
        for pile, value in distinct_piles(t.piles):
            need = value + 1
            if top != WILD and need > top and value != 0:
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
    """A casual player deciding one card at a time: stock first, chains to the stock, tidy discards, careful with
    wilds (``easy``'s sensible moves)."""

    name = "quick"

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
            return tidiest_discard(view["seats"][view["seat"]]["discards"], discards)
        return next((a for a in legal if isinstance(a, EndTurn)), legal[0])

    def _best_stock_play(self, view: dict[str, Any], plays: list[PlayStock]) -> Action:
        piles = pile_heights(view)
        danger = _opponent_tops(view)
        # a wild stock card goes where it leaves no gift; a number goes on the highest suitable pile
        return min(plays, key=lambda a: ((piles[a.pile] + 2) in danger, -piles[a.pile], a.pile))

    def _safe_plays(self, view: dict[str, Any], legal: list[Action]) -> list[Action]:
        """Number-card plays from hand or discards that do not set up an opponent's stock card, best first."""
        piles = pile_heights(view)
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

REFILL_WORTH = 0.25  # five fresh cards, in stock cards (the planner's weight)
RIVAL_WEIGHT = 0.9  # a rival's certain stock play, in stock cards (the planner's weight)
WILD_BLOCK_GAIN = 0.3  # a Skip-Bo card is spent to block only when it cuts the rivals' chances by this much
WILD_COST = 0.15  # what spending that Skip-Bo card costs when runs are compared
RUN_DEPTH = 5  # plays in a run at most
RUN_NODES = 400  # positions the run search expands at most


def _after(piles: list[int], pile: int) -> list[int]:
    """The building piles after one card goes onto ``pile`` (a pile reaching 12 is cleared)."""
    out = list(piles)
    out[pile] = RAISED[piles[pile]]
    return out


def _rivals(view: dict[str, Any]) -> list[tuple[int | None, list[list[int]]]]:
    """Each rival's stock top and discard piles, in playing order from the seat (partners left out)."""
    me = view["seat"]
    partner = view["seats"][me]["partner"]
    order = [(me + k) % view["players"] for k in range(1, view["players"])]
    return [(view["seats"][s]["stock_top"], view["seats"][s]["discards"]) for s in order if s != partner]


def rival_chance(piles: list[int], rivals: list[tuple[int | None, list[list[int]]]]) -> float:
    """The rivals' rough chances of playing their stock tops on ``piles`` with their visible discard tops and
    unseen hands (:data:`.skipbo_plan.RIVAL_REACH` by missing cards; the next rival counts fully, each later one
    half as much as the one before). A wild stock top is not counted: no pile can keep it out."""
    value = 0.0
    factor = 1.0
    for top, stacks in rivals:
        if top is not None and top != WILD:
            need = reach(piles, top, stacks)
            value += factor * (RIVAL_REACH[need] if need < len(RIVAL_REACH) else 0.0)
        factor *= 0.5
    return value


def _chain_to_refill(view: dict[str, Any], max_nodes: int = CHAIN_NODES) -> list[Action] | None:
    """The plays (hand cards, Skip-Bo cards included, and number cards from the own discard tops) that empty the
    hand, fewest Skip-Bo cards then fewest plays; ``None`` when none does or nothing is left to draw. Bounded like
    :func:`_chain_to_stock`."""
    me = view["seats"][view["seat"]]
    if not view["hand"] or view["draw_count"] + view.get("set_aside_count", 0) == 0:
        return None
    best: tuple[int, int, list[Action]] | None = None
    reached: dict[tuple[Any, ...], tuple[int, int]] = {}
    nodes = 0

    def search(hand: list[int], discards: list[list[int]], piles: list[int], plan: list[Action], wilds: int) -> None:
        nonlocal best, nodes
        if plan and not hand:
            if best is None or (wilds, len(plan)) < best[:2]:
                best = (wilds, len(plan), plan)
            return
        if nodes >= max_nodes or (best is not None and (wilds, len(plan) + 1) >= best[:2]):
            return
        here = position_key(hand, discards, piles)
        seen = reached.get(here)
        if seen is not None and seen <= (wilds, len(plan)):
            return
        reached[here] = (wilds, len(plan))
        nodes += 1
        for pile, value in distinct_piles(piles):
            for card in sorted(set(hand), reverse=True):
                if card in FITTING[value]:
                    rest = list(hand)
                    rest.remove(card)
                    search(rest, discards, _after(piles, pile), plan + [PlayHand(card, pile)], wilds + (card == WILD))
            for d, stack in enumerate(discards):
                if stack and stack[-1] == value + 1:
                    left = [list(x) for x in discards]
                    left[d].pop()
                    search(hand, left, _after(piles, pile), plan + [PlayDiscard(view["seat"], d, pile)], wilds)

    search(list(view["hand"]), [list(d) for d in me["discards"]], pile_heights(view), [], 0)
    return best[2] if best else None


def _safe_run(view: dict[str, Any], rivals: list[tuple[int | None, list[list[int]]]]) -> list[Action] | None:
    """The best run of number-card plays (own discard tops and hand) that leaves the rivals' chances no higher
    than now: lowest chance left, then most plays. A run may pass through a gift and end past it (a 6 then a 7
    on a pile at 5 when a rival waits for a 7). One Skip-Bo card from hand may be spent when the run then cuts
    the rivals' chances by at least :data:`WILD_BLOCK_GAIN`. ``None`` when no run qualifies."""
    me = view["seat"]
    start = pile_heights(view)
    now = rival_chance(start, rivals)
    best: tuple[tuple[float, int], list[Action]] | None = None
    seen: set[tuple[Any, ...]] = set()
    nodes = 0

    def search(hand: list[int], discards: list[list[int]], piles: list[int], plan: list[Action], wild: bool) -> None:
        nonlocal best, nodes
        if plan:
            chance = rival_chance(piles, rivals)
            if chance <= now - WILD_BLOCK_GAIN if wild else chance <= now + 1e-9:
                key = (round(chance + (WILD_COST if wild else 0.0), 6), -len(plan))
                if best is None or key < best[0]:
                    best = (key, plan)
        if len(plan) >= RUN_DEPTH or nodes >= RUN_NODES:
            return
        here = (*position_key(hand, discards, piles), wild)
        if here in seen:
            return
        seen.add(here)
        nodes += 1
        for pile, value in distinct_piles(piles):
            for d, stack in enumerate(discards):
                if stack and stack[-1] == value + 1:
                    left = [list(x) for x in discards]
                    left[d].pop()
                    search(hand, left, _after(piles, pile), plan + [PlayDiscard(me, d, pile)], wild)
            if value + 1 in hand:
                rest = list(hand)
                rest.remove(value + 1)
                search(rest, discards, _after(piles, pile), plan + [PlayHand(value + 1, pile)], wild)
            if WILD in hand and not wild:
                rest = list(hand)
                rest.remove(WILD)
                search(rest, discards, _after(piles, pile), plan + [PlayHand(WILD, pile)], True)

    search(list(view["hand"]), [list(x) for x in view["seats"][me]["discards"]], start, [], False)
    return best[1] if best else None


class NormalBot:
    """``normal``: searches its own turn within small bounds, never blocks at the cost of its own progress, never
    gives a rival its stock card for nothing (module doc)."""

    name = "normal"

    def __init__(self, max_nodes: int = CHAIN_NODES) -> None:
        # positions each chain search (to the stock, to an empty hand) may expand; ``hard`` plays its sampled deals
        # with a smaller bound so that one move of a rival with a hand of wilds cannot eat its ceiling
        self.max_nodes = max_nodes

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        """Pick an action from ``legal`` using only ``view``."""
        if len(legal) == 1:
            return legal[0]
        legal_set = set(legal)
        piles = pile_heights(view)
        rivals = _rivals(view)
        stock_plays = [a for a in legal if isinstance(a, PlayStock) and a.owner == view["seat"]]
        if stock_plays:
            return min(stock_plays, key=lambda a: (rival_chance(_after(piles, a.pile), rivals), -piles[a.pile],
                                                   a.pile))
        for plan in (_chain_to_stock(view, max_nodes=self.max_nodes), self._refill(view, piles, rivals),
                     _safe_run(view, rivals)):
            if plan and plan[0] in legal_set:
                return plan[0]
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            return self._discard(view, piles, discards)
        return next((a for a in legal if isinstance(a, EndTurn)), legal[0])

    def _refill(self, view: dict[str, Any], piles: list[int],
                rivals: list[tuple[int | None, list[list[int]]]]) -> list[Action] | None:
        """The plays that empty the hand, if the fresh cards are worth more than what they open to the rivals."""
        plan = _chain_to_refill(view, self.max_nodes)
        if plan is None:
            return None
        end = list(piles)
        for step in plan:
            end = _after(end, step.pile)  # type: ignore[attr-defined]
        if REFILL_WORTH - RIVAL_WEIGHT * (rival_chance(end, rivals) - rival_chance(piles, rivals)) > 0:
            return plan
        return None

    @staticmethod
    def _discard(view: dict[str, Any], piles: list[int], discards: list[Discard]) -> Action:
        """The discard after which the stock top lacks the fewest cards next turn, then the tidiest."""
        mine = view["seats"][view["seat"]]
        stock = mine["stock_top"]
        tops = [d[-1] if d else None for d in mine["discards"]]

        def missing(a: Discard) -> int:
            hand = list(view["hand"])
            hand.remove(a.card)
            stacks = [list(d) for d in mine["discards"]]
            stacks[a.discard].append(a.card)
            return min(reach(piles, stock, stacks, hand), 6)

        return min(discards, key=lambda a: (missing(a), discard_fit(a.card, tops[a.discard]), -a.card, a.discard))


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


BOTS = {"easy": EasyBot, "normal": NormalBot}
