"""Skip-Bo turn planning: the heuristic that ``hard`` searches with.

``normal`` decides one card at a time. The planner here looks at the whole rest of the turn instead: it enumerates
every sequence of plays from the hand and the own discard piles (and the stock top) up to the point where new
information arrives (a stock card is played and the next one turns up, the hand runs out and five cards are drawn)
or the turn ends with a discard, and scores each end position:

- a stock card played is worth the most (it is the race);
- the opponents' stock tops: for each rival, how many cards it would still need from its hidden hand to reach its
  stock top on some building pile, after using its visible discard piles; fewer needed cards mean a likelier
  stock play for them (a rough probability per number of missing cards);
- my own next turn: how many cards I would still miss for my stock top after my kept hand and discard piles;
- wilds kept in hand, discard piles kept in descending order, cards shed (more fresh cards next turn).

The first action of the best plan is played; the next decision plans again from the new view, so the plan adapts
to whatever the stock or the draw reveals. Everything comes from the seat's view: rivals' hands are never read.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from ..core.actions import Action
from ..games.skipbo import WILD, Discard, EndTurn, PlayDiscard, PlayHand, PlayStock

TOP = 12
#: probability that a rival's hand (refilled to five) supplies ``k`` specific missing cards, by ``k`` (rough)
RIVAL_REACH = (1.0, 0.62, 0.33, 0.15, 0.06, 0.02)
#: the same for my own next turn (I know my kept hand; the rest comes from the refill)
OWN_REACH = (1.0, 0.55, 0.28, 0.12, 0.05, 0.02)


@dataclass(frozen=True)
class Weights:
    """Tunable weights of the end-of-plan evaluation, in stock cards."""

    stock: float = 1.6  # a stock card played now
    rival: float = 0.9  # times the next rival's chance of reaching its stock top
    own: float = 0.35  # times my chance of reaching my stock top next turn
    wild: float = 0.12  # each wild kept in hand
    bury: float = 0.06  # each card put on a lower discard top
    refill: float = 0.25  # emptying the hand draws five new cards now
    shed: float = 0.015  # each card played from hand (fresh cards next turn)
    spread: float = 0.02  # each distinct discard top (more options later)


def _need(pile: int, target: int, stacks: list[list[int]]) -> int:
    """Cards still missing from a hand to bring a building pile at ``pile`` up to one below ``target``, using the
    tops of ``stacks`` (discard piles, used top-down) greedily for each needed number."""
    if target == WILD:
        return 0
    if pile >= target:
        return 99
    tops = [list(s) for s in stacks if s]
    missing = 0
    for number in range(pile + 1, target):
        for s in tops:
            if s and s[-1] == number:
                s.pop()
                break
        else:
            missing += 1
    return missing


def reach(piles: list[int], target: int | None, stacks: list[list[int]], hand: list[int] | None = None) -> int:
    """Fewest cards a player still lacks to play ``target`` on one of ``piles`` (0: it fits now or with visible
    cards; 99: no pile can take it). With ``hand`` (known cards), hand cards and wilds count as available too."""
    if target is None:
        return 99
    if target == WILD:
        return 0
    best = 99
    for pile in set(piles):
        need = _need(pile, target, stacks)
        if hand is not None and need:
            numbers = [c for c in hand if c != WILD]
            wilds = len(hand) - len(numbers)
            need = _need(pile, target, stacks + [sorted(numbers, reverse=True)])
            need = max(0, need - wilds)
        best = min(best, need)
    return best


@dataclass
class _Node:
    """A position inside the own turn: hand, own discard piles, building pile values (0: empty)."""

    hand: list[int]
    discards: list[list[int]]
    piles: list[int]

    def key(self) -> tuple[Any, ...]:
        return (tuple(sorted(self.hand)), tuple(tuple(d) for d in self.discards), tuple(sorted(self.piles)))

    def play(self, pile: int) -> None:
        self.piles[pile] = 0 if self.piles[pile] + 1 == TOP else self.piles[pile] + 1


@dataclass(frozen=True)
class Plan:
    """The best plan found through one first action: its value, the end position, and how it ends (a stock card
    played, or the hand emptied and refilled; neither: a discard ended the turn)."""

    value: float
    first: Action
    end: _Node
    stock: bool
    refill: bool


class Planner:
    """Whole-turn planning from the view (see the module doc). ``plans`` lists the best :class:`Plan` per distinct
    first action, best first; ``choose`` plays the best."""

    name = "planner"

    def __init__(self, weights: Weights | None = None, max_nodes: int = 4000) -> None:
        self.w = weights or Weights()
        self.max_nodes = max_nodes

    # ----- reading the view ------------------------------------------------------------------------------------
    def _setup(self, view: dict[str, Any]) -> None:
        me = view["seat"]
        seat = view["seats"][me]
        self.me = me
        self.stock_top: int | None = seat["stock_top"]
        self.stock_count: int = seat["stock_count"]
        self.draw_left: int = view["draw_count"]
        order = [(me + k) % view["players"] for k in range(1, view["players"])]
        self.rivals = [(view["seats"][s]["stock_top"], view["seats"][s]["discards"]) for s in order
                       if s != seat["partner"]]

    # ----- evaluation ------------------------------------------------------------------------------------------
    def evaluate(self, node: _Node, stock_played: bool, refilled: bool) -> float:
        """The worth of an end-of-plan position, in stock cards (see :class:`Weights`)."""
        w = self.w
        value = 0.0
        if stock_played:
            value += w.stock
        factor = 1.0
        for top, stacks in self.rivals:
            need = reach(node.piles, top, stacks)
            if top is not None and top != WILD:
                value -= w.rival * factor * (RIVAL_REACH[need] if need < len(RIVAL_REACH) else 0.0)
            factor *= 0.5
        if not stock_played and self.stock_top is not None and not refilled:
            need = reach(node.piles, self.stock_top, node.discards, node.hand)
            value += w.own * (OWN_REACH[need] if need < len(OWN_REACH) else 0.0)
        if not refilled:
            value += w.wild * node.hand.count(WILD)
            value -= w.shed * len(node.hand)
        else:
            value += w.refill
        for pile in node.discards:
            value -= w.bury * sum(1 for a, b in zip(pile, pile[1:], strict=False) if b > a and a != WILD)
        value += w.spread * len({p[-1] for p in node.discards if p})
        return value

    # ----- enumeration -----------------------------------------------------------------------------------------
    def plans(self, view: dict[str, Any], legal: list[Action]) -> list[Plan]:
        """The best plan for each legal first action that starts one, best first."""
        self._setup(view)
        me = view["seat"]
        mine = view["seats"][me]
        start = _Node(list(view["hand"]), [list(d) for d in mine["discards"]],
                      [p["value"] if p else 0 for p in view["building"]])
        best: dict[Action, Plan] = {}
        seen: dict[tuple[Any, ...], Plan | None] = {}
        nodes = 0

        def leaf(first: Action, node: _Node, stock: bool, refill: bool) -> Plan:
            value = self.evaluate(node, stock, refill)
            if stock and self.stock_count == 1:
                value += 100.0  # the last stock card wins the game
            return Plan(value, first, node, stock, refill)

        def keep(first: Action, plan: Plan | None) -> Plan | None:
            """Credit ``plan`` (reached through ``first``) to that first action; return it for the parent."""
            if plan is None:
                return None
            if plan.first != first:
                plan = Plan(plan.value, first, plan.end, plan.stock, plan.refill)
            if first not in best or plan.value > best[first].value:
                best[first] = plan
            return plan

        def better(a: Plan | None, b: Plan | None) -> Plan | None:
            return b if a is None or (b is not None and b.value > a.value) else a

        def dfs(node: _Node, first: Action | None) -> Plan | None:
            """The best plan from ``node`` (its ``first`` is the root's first action on the way here)."""
            nonlocal nodes
            nodes += 1
            key = node.key()
            if key in seen:
                return keep(first, seen[key]) if first is not None else seen[key]
            top: Plan | None = None
            values_done: set[int] = set()
            for pile in range(4):
                value = node.piles[pile]
                if value in values_done:
                    continue
                values_done.add(value)
                if self.stock_top is not None and (self.stock_top == WILD or self.stock_top == value + 1):
                    after = _Node(node.hand, node.discards, list(node.piles))
                    after.play(pile)
                    act = first or PlayStock(me, pile)
                    top = better(top, keep(act, leaf(act, after, True, False)))
                if nodes > self.max_nodes:
                    continue
                for d, stack in enumerate(node.discards):
                    if stack and (stack[-1] == WILD or stack[-1] == value + 1):
                        nxt = _Node(list(node.hand), [list(s) for s in node.discards], list(node.piles))
                        nxt.discards[d].pop()
                        nxt.play(pile)
                        act = first or PlayDiscard(me, d, pile)
                        top = better(top, keep(act, dfs(nxt, act)))
                for card in sorted(set(node.hand)):
                    if card == WILD or card == value + 1:
                        nxt = _Node(list(node.hand), node.discards, list(node.piles))
                        nxt.hand.remove(card)
                        nxt.play(pile)
                        act = first or PlayHand(card, pile)
                        if not nxt.hand and self.draw_left > 0:
                            top = better(top, keep(act, leaf(act, nxt, False, True)))
                        else:
                            top = better(top, keep(act, dfs(nxt, act)))
            # or end the turn with a discard
            done: set[tuple[int, int | None, bool]] = set()
            for card in sorted(set(node.hand)):
                for d, stack in enumerate(node.discards):
                    sig = (card, stack[-1] if stack else None, bool(stack))
                    if sig in done:
                        continue
                    done.add(sig)
                    hand = list(node.hand)
                    hand.remove(card)
                    nxt = _Node(hand, [list(s) for s in node.discards], node.piles)
                    nxt.discards[d].append(card)
                    act = first or Discard(card, d)
                    top = better(top, keep(act, leaf(act, nxt, False, False)))
            seen[key] = top
            return top

        dfs(start, None)
        legal_set = set(legal)
        return sorted((p for a, p in best.items() if a in legal_set), key=lambda p: -p.value)

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        """The first action of the best plan (the only legal action when there is one)."""
        if len(legal) == 1:
            return legal[0]
        ranked = self.plans(view, legal)
        if ranked:
            return ranked[0].first
        return next((a for a in legal if isinstance(a, EndTurn)), legal[0])




class PlanSearchBot:
    """``hard`` for Skip-Bo: the planner's best plans, re-scored over sampled deals of the hidden cards.

    The planner guesses the rivals' chances from a rough table. Here the best few plans (``candidates``) are
    replayed in ``worlds`` full deals drawn from the view by the sampler (other hands, draw pile order, stock cards
    below the tops), and the guesses are replaced by counts: in how many deals the next rival's real hand, refilled
    from the real draw pile, reaches its stock top on the piles the plan leaves, and in how many my own kept hand
    plus my next refill reaches mine. Stock plays and single choices are played at once. Deterministic for a given
    view and random stream, like every bot here.
    """

    name = "hard"

    def __init__(self, worlds: int = 16, candidates: int = 4, window: float = 0.6,
                 weights: Weights | None = None, max_ms: float | None = None) -> None:
        self.planner = Planner(weights)
        self.worlds = worlds
        self.candidates = candidates
        self.window = window  # only plans within this much of the best are re-scored
        self.max_ms = max_ms  # a wall-clock cap (hints); with it the move may depend on the machine's speed
        self.stats: dict[str, Any] = {}

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        """The first action of the plan that scores best over the sampled deals."""
        if len(legal) == 1:
            return legal[0]
        seed = rng.getrandbits(64)
        ranked = self.planner.plans(view, legal)
        if not ranked:
            return next((a for a in legal if isinstance(a, EndTurn)), legal[0])
        if ranked[0].stock or self.worlds <= 0:
            self.stats = {"searched": False}
            return ranked[0].first
        pool = [p for p in ranked[: self.candidates] if p.value >= ranked[0].value - self.window and not p.refill]
        if len(pool) < 2:
            self.stats = {"searched": False}
            return ranked[0].first
        from .samplers import sample_state

        planner = self.planner
        w = planner.w
        srng = random.Random(f"{seed}/worlds")
        players = view["players"]
        me = view["seat"]
        partner = view["seats"][me]["partner"]
        nxt = next((me + k) % players for k in range(1, players) if (me + k) % players != partner)
        rival_top = view["seats"][nxt]["stock_top"]
        rival_stacks = view["seats"][nxt]["discards"]
        scores = [0.0] * len(pool)
        deadline = None if self.max_ms is None else time.perf_counter() + self.max_ms / 1000
        used = 0
        for _ in range(self.worlds):
            if deadline is not None and used and time.perf_counter() > deadline:
                break
            used += 1
            state: Any = sample_state(view, srng)
            draw = list(state.draw)
            rival_hand = list(state.hands[nxt])
            while len(rival_hand) < 5 and draw:
                rival_hand.append(draw.pop())
            for i, plan in enumerate(pool):
                end = plan.end
                need = reach(end.piles, rival_top, rival_stacks, rival_hand)
                hit = 1.0 if need == 0 and rival_top is not None else 0.0
                own = 0.0
                if planner.stock_top is not None:
                    mine = list(end.hand)
                    refill = list(draw)
                    while len(mine) < 5 and refill:
                        mine.append(refill.pop())
                    own = 1.0 if reach(end.piles, planner.stock_top, end.discards, mine) == 0 else 0.0
                scores[i] += -w.rival * hit + w.own * own
        # replace the table guesses for the next rival and my next turn by the sampled frequencies
        final = []
        for i, plan in enumerate(pool):
            guess_rival = 0.0
            if rival_top is not None and rival_top != WILD:
                need = reach(plan.end.piles, rival_top, rival_stacks)
                guess_rival = -w.rival * (RIVAL_REACH[need] if need < len(RIVAL_REACH) else 0.0)
            guess_own = 0.0
            if planner.stock_top is not None:
                need = reach(plan.end.piles, planner.stock_top, plan.end.discards, plan.end.hand)
                guess_own = w.own * (OWN_REACH[need] if need < len(OWN_REACH) else 0.0)
            final.append(plan.value - guess_rival - guess_own + scores[i] / used)
        best = max(range(len(pool)), key=lambda i: (final[i], -i))
        self.stats = {"searched": True, "candidates": len(pool), "worlds": used}
        return pool[best].first


__all__ = ["Plan", "PlanSearchBot", "Planner", "Weights", "reach"]
