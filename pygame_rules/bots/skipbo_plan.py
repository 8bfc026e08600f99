"""Skip-Bo turn planning: the heuristic that ``hard`` searches with.

The planner looks at the whole rest of the turn with a weighed evaluation (``normal``'s turn search,
:class:`.skipbo.NormalBot`, follows fixed rules within small bounds instead): it enumerates
every sequence of plays from the hand and the own discard piles (and the stock top) up to the point where new
information arrives (a stock card is played and the next one turns up, the hand runs out and five cards are drawn)
or the turn ends with a discard, and scores each end position:

- a stock card played is worth the most (it is the race);
- the opponents' stock tops: for each rival, how many cards it would still need from its hidden hand to reach its
  stock top on some building pile, after using its visible discard piles; fewer needed cards mean a likelier
  stock play for them (a rough probability per number of missing cards);
- my own next turn: how many cards I would still miss for my stock top after my kept hand and discard piles;
- wilds kept in hand, discard piles kept in descending order, cards shed (more fresh cards next turn).

The planner's plans, ``normal``'s plan and their variants with other discards are the candidates that
:class:`PlanSearchBot` (``hard``) plays out over sampled deals. Everything comes from the seat's view: rivals' hands
are never read.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import Any

from ..core.actions import Action
from ..games.skipbo import RULES, WILD, Discard, EndTurn, PlayDiscard, PlayHand, PlayStock
from ..games.skipbo.building import completes, fits
from . import clock as bot_clock

TOP = RULES.numbers  # the highest number on a card
#: a building pile's height after one more card, by height: the game's own rule (:func:`completes`) as a table,
#: so the bots' look-ahead clears a completed pile exactly as the game does
RAISED = tuple(0 if completes(height + 1) else height + 1 for height in range(TOP))
#: the cards that a building pile of each height takes: the game's own rule (:func:`fits`) as a table
FITTING = tuple(frozenset(card for card in range(TOP + 1) if fits(card, height)) for height in range(TOP))
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
    high: float = 0.005  # times card/12 of the card discarded: among otherwise equal discards, part with the highest
    # (low cards start and continue building piles sooner; without it equal plans fell to the first card listed,
    # the lowest: on a first turn the planner discarded a 1 it could have kept)


def distinct_piles(piles: list[int]) -> list[tuple[int, int]]:
    """(position, height) of the first building pile of each height, left to right: piles of the same height take
    the same cards and lead to the same positions, so a search of the turn tries only the first of them."""
    out: list[tuple[int, int]] = []
    heights: list[int] = []
    for pile, value in enumerate(piles):
        if value not in heights:
            heights.append(value)
            out.append((pile, value))
    return out


def position_key(hand: list[int], discards: list[list[int]], piles: list[int]) -> tuple[Any, ...]:
    """A turn position as a dictionary key: the hand in any order, the own discard piles and the building piles in
    place (a plan's actions name piles by position)."""
    return (tuple(sorted(hand)), tuple(tuple(d) for d in discards), tuple(piles))


def _need(pile: int, target: int, stacks: list[list[int]], hand: list[int] | None = None) -> int:
    """Cards still missing to bring a building pile at ``pile`` up to one below ``target``: each needed number
    comes from the top of one of ``stacks`` (discard piles, used top-down), else from ``hand`` (any of its number
    cards), else it is missing; the hand's wilds then cover missing numbers one each."""
    if target == WILD:
        return 0
    if pile >= target:
        return 99
    tops = [list(s) for s in stacks if s]
    numbers = [c for c in hand if c != WILD] if hand else []
    wilds = len(hand) - len(numbers) if hand else 0
    missing = 0
    for number in range(pile + 1, target):
        for s in tops:
            if s and s[-1] == number:
                s.pop()
                break
        else:
            if number in numbers:
                numbers.remove(number)
            else:
                missing += 1
    return max(0, missing - wilds)


def reach(piles: list[int], target: int | None, stacks: list[list[int]], hand: list[int] | None = None) -> int:
    """Fewest cards a player still lacks to play ``target`` on one of ``piles`` (0: it fits now or with visible
    cards; 99: no pile can take it). With ``hand`` (known cards), hand cards and wilds count as available too."""
    if target is None:
        return 99
    if target == WILD:
        return 0
    return min(_need(pile, target, stacks, hand) for pile in set(piles))


@dataclass
class _Node:
    """A position inside the own turn: hand, own discard piles, building pile values (0: empty)."""

    hand: list[int]
    discards: list[list[int]]
    piles: list[int]

    def key(self) -> tuple[Any, ...]:
        return position_key(self.hand, self.discards, self.piles)

    def play(self, pile: int) -> None:
        self.piles[pile] = RAISED[self.piles[pile]]

    def apply(self, step: Action) -> None:
        """Make the own move ``step`` (a play from stock, hand or discard pile, or a discard) on this position."""
        if isinstance(step, PlayHand):
            self.hand.remove(step.card)
            self.play(step.pile)
        elif isinstance(step, PlayDiscard):
            self.discards[step.discard].pop()
            self.play(step.pile)
        elif isinstance(step, PlayStock):
            self.play(step.pile)
        elif isinstance(step, Discard):
            self.hand.remove(step.card)
            self.discards[step.discard].append(step.card)


@dataclass(frozen=True)
class Plan:
    """The best plan found through one first action: its value, its actions (``steps``, the first included), the
    end position, and how it ends (a stock card played, or the hand emptied and refilled; neither: a discard)."""

    value: float
    steps: tuple[Action, ...]
    end: _Node
    stock: bool
    refill: bool

    @property
    def first(self) -> Action:
        """The action to play now."""
        return self.steps[0]


def pile_heights(view: dict[str, Any]) -> list[int]:
    """The building piles' heights as the view shows them, left to right (0: empty)."""
    return [p["value"] if p else 0 for p in view["building"]]


def _start(view: dict[str, Any]) -> _Node:
    """The seat's own position as the view shows it."""
    mine = view["seats"][view["seat"]]
    return _Node(list(view["hand"]), [list(d) for d in mine["discards"]], pile_heights(view))


def _position(view: dict[str, Any], node: _Node) -> tuple[Any, ...]:
    """Who, which turn, the own position and the stock count: what a plan being followed must find unchanged."""
    return (view["seat"], view["turn"], node.key(), view["seats"][view["seat"]]["stock_count"])


class Planner:
    """Whole-turn planning from the view (see the module doc). ``plans`` lists the best :class:`Plan` per distinct
    first action, best first; ``choose`` plays the best."""

    name = "planner"

    def __init__(self, weights: Weights | None = None, max_nodes: int = 4000) -> None:
        self.w = weights or Weights()
        self.max_nodes = max_nodes
        # a deadline on the bots' clock (:mod:`.clock` seconds) for one call of plans(), set by PlanSearchBot when it
        # plays under a ceiling: past it, like past max_nodes, plans end where they are instead of going deeper
        self.deadline: float | None = None

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
    def rival_guess(self, node: _Node) -> float:
        """Minus the rivals' table chances of reaching their stock tops on ``node``'s piles (later rivals halved)."""
        value = 0.0
        factor = 1.0
        for top, stacks in self.rivals:
            if top is not None and top != WILD:
                need = reach(node.piles, top, stacks)
                value -= self.w.rival * factor * (RIVAL_REACH[need] if need < len(RIVAL_REACH) else 0.0)
            factor *= 0.5
        return value

    def own_guess(self, node: _Node) -> float:
        """My table chance of reaching my (known) stock top next turn from ``node`` (0 when it is unknown)."""
        if self.stock_top is None:
            return 0.0
        need = reach(node.piles, self.stock_top, node.discards, node.hand)
        return self.w.own * (OWN_REACH[need] if need < len(OWN_REACH) else 0.0)

    def evaluate(self, node: _Node, stock_played: bool, refilled: bool) -> float:
        """The worth of an end-of-plan position, in stock cards (see :class:`Weights`)."""
        w = self.w
        value = 0.0
        if stock_played:
            value += w.stock
        value += self.rival_guess(node)
        if not stock_played and not refilled:
            value += self.own_guess(node)
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
    def _moves(self, node: _Node, me: int) -> list[tuple[Action, str, _Node]]:
        """Every move from ``node``: (action, how it ends, position after). "stock": the stock top is played (new
        information, the plan ends); "refill": the hand is emptied (five new cards, the plan ends); "discard": the
        turn ends; "on": the plan goes on. One pile is tried per distinct pile value."""
        out: list[tuple[Action, str, _Node]] = []
        for pile, value in distinct_piles(node.piles):
            if self.stock_top is not None and self.stock_top in FITTING[value]:
                after = _Node(node.hand, node.discards, list(node.piles))
                after.play(pile)
                out.append((PlayStock(me, pile), "stock", after))
            for d, stack in enumerate(node.discards):
                if stack and stack[-1] in FITTING[value]:
                    nxt = _Node(node.hand, [list(x) for x in node.discards], list(node.piles))
                    nxt.discards[d].pop()
                    nxt.play(pile)
                    out.append((PlayDiscard(me, d, pile), "on", nxt))
            for card in sorted(set(node.hand)):
                if card in FITTING[value]:
                    nxt = _Node(list(node.hand), node.discards, list(node.piles))
                    nxt.hand.remove(card)
                    nxt.play(pile)
                    out.append((PlayHand(card, pile), "refill" if not nxt.hand and self.draw_left > 0 else "on", nxt))
        done: set[tuple[int, int | None, bool]] = set()
        for card in sorted(set(node.hand)):
            for d, stack in enumerate(node.discards):
                sig = (card, stack[-1] if stack else None, bool(stack))
                if sig in done:
                    continue
                done.add(sig)
                hand = list(node.hand)
                hand.remove(card)
                nxt = _Node(hand, [list(x) for x in node.discards], node.piles)
                nxt.discards[d].append(card)
                out.append((Discard(card, d), "discard", nxt))
        return out

    def plans(self, view: dict[str, Any], legal: list[Action]) -> list[Plan]:
        """The best plan for each legal first action, best first."""
        self._setup(view)
        me = view["seat"]
        start = _start(view)
        seen: dict[tuple[Any, ...], Plan | None] = {}
        nodes = 0
        deadline = self.deadline
        late = False

        def outcome(action: Action, how: str, after: _Node) -> Plan | None:
            """The best plan that starts with ``action`` (its steps relative to the position before it)."""
            if how == "on":
                rest = explore(after)
                if rest is None:
                    return None
                return Plan(rest.value, (action, *rest.steps), rest.end, rest.stock, rest.refill)
            value = self.evaluate(after, how == "stock", how == "refill")
            if isinstance(action, Discard) and action.card != WILD:
                value += self.w.high * action.card / TOP
            if how == "stock" and self.stock_count == 1:
                value += 100.0  # the last stock card wins the game
            return Plan(value, (action,), after, how == "stock", how == "refill")

        def explore(node: _Node) -> Plan | None:
            nonlocal nodes, late
            key = node.key()
            if key in seen:
                return seen[key]
            nodes += 1
            if deadline is not None and not late and nodes % 32 == 0:
                late = bot_clock.now() > deadline  # read every 32 nodes: the clock costs more in Pyodide
            best: Plan | None = None
            for action, how, after in self._moves(node, me):
                if how == "on" and (nodes > self.max_nodes or late):
                    continue  # out of budget (nodes or time): only plans that end here
                plan = outcome(action, how, after)
                if plan is not None and (best is None or plan.value > best.value):
                    best = plan
            seen[key] = best
            return best

        legal_set = set(legal)
        ranked = []
        for action, how, after in self._moves(start, me):
            if action in legal_set:
                plan = outcome(action, how, after)
                if plan is not None:
                    ranked.append(plan)
        ranked.sort(key=lambda p: -p.value)
        return ranked

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        """The first action of the best plan (the only legal action when there is one)."""
        if len(legal) == 1:
            return legal[0]
        ranked = self.plans(view, legal)
        if ranked:
            return ranked[0].first
        return next((a for a in legal if isinstance(a, EndTurn)), legal[0])




PLANNING_SHARE = 0.75  # under a ceiling, the whole-turn planning stops going deeper after this share of it
NORMAL_SHARE = 0.85  # normal's plan is given up when it is not known by this share of the ceiling
ROLLOUT_NODES = 400  # positions a chain search of the sampled deals' policy may expand (normal's own: 3,000)


def _walk(view: dict[str, Any], steps: tuple[Action, ...]) -> _Node:
    """The own position after ``steps`` (plays and a discard) from the view's, as the planner would reach it."""
    node = _start(view)
    for step in steps:
        node.apply(step)
    return node


def _structure(w: Weights, hand: list[int], discards: list[list[int]]) -> float:
    """The planner's terms for what a turn leaves behind that no stock count shows: Skip-Bo cards kept, cards
    left in hand, discard piles buried out of order, distinct discard tops (in stock cards, :class:`Weights`)."""
    value = w.wild * hand.count(WILD) - w.shed * len(hand)
    for pile in discards:
        value -= w.bury * sum(1 for a, b in zip(pile, pile[1:], strict=False) if b > a and a != WILD)
    value += w.spread * len({p[-1] for p in discards if p})
    return value


class PlanSearchBot:
    """``hard`` for Skip-Bo: whole-turn plans, the ``normal`` bot's among them, played out over sampled deals.

    The candidates are whole-turn plans (a sequence of plays ending in a discard, or in new information: the stock
    card played, the hand emptied and refilled): the plan ``normal`` (:class:`.skipbo.NormalBot`) would play this
    turn, and the planner's best ``candidates`` plans within ``window`` of its best. Each is played in the same
    ``worlds`` deals drawn from the view by the sampler (other hands, the draw pile's order, the stock cards below the
    tops; common random numbers): the rest of my turn, when the plan ends in new information, and then ``rounds``
    rounds of play follow with ``normal`` at every seat. A plan scores what really follows in each deal: my stock
    cards played (1.6 each) against the rivals' (0.9 each; a game won or lost counts 100), what my turn leaves
    behind (wilds kept, cards in hand, buried discards, distinct discard tops: the planner's weights), and whether
    my hand then reaches my stock top. ``normal``'s plan is the default: another replaces it only when it scores
    more than ``margin`` better on the same deals, so ``hard`` is ``normal`` where the deals see no difference.
    A stock top that fits now is played at once (the planner picks the pile). Once a plan is chosen its further
    steps are followed as long as the position is the one it expected (no new search mid-plan). Deterministic for a
    given view and random stream, like every bot here.
    """

    name = "hard"

    def __init__(self, worlds: int = 12, candidates: int = 4, window: float = 0.6,
                 weights: Weights | None = None, max_ms: float | None = None, rounds: int = 1,
                 margin: float = 0.0, discards: int = 3) -> None:
        self.planner = Planner(weights)
        self.worlds = worlds
        self.candidates = candidates
        self.window = window  # only plans within this much of the planner's best are played out
        self.rounds = rounds  # rounds of play after my turn in each sampled deal
        self.discards = discards  # other discards tried after normal's plays and the planner's best other plays
        self.margin = margin  # how much better than normal's plan another must score to be played
        self.max_ms = max_ms  # a wall-clock cap (hints); with it the move may depend on the machine's speed
        self.stats: dict[str, Any] = {}
        self._follow: tuple[tuple[Any, ...], Plan] | None = None
        self._deadline: float | None = None
        self.plan: Plan | None = None  # the plan the last decision started or continued (hints read its reason)
        from .skipbo import NormalBot

        self.normal = NormalBot()  # the default plan
        # my own rest of the turn in the sampled deals, and every seat after it: normal with a tighter bound on its
        # chain searches (the same moves but in rare hands full of wilds, where one move could pass the ceiling)
        self.policy = NormalBot(max_nodes=ROLLOUT_NODES)

    def _expect(self, view: dict[str, Any], plan: Plan) -> None:
        """Remember the plan's remaining steps and the position they start from."""
        if len(plan.steps) < 2:
            self._follow = None
            return
        first = plan.steps[0]
        if not isinstance(first, (PlayHand, PlayDiscard)):
            self._follow = None
            return
        node = _walk(view, (first,))
        self._follow = (_position(view, node), dataclasses.replace(plan, steps=plan.steps[1:]))

    def _deadline_for(self, share: float) -> float:
        """The clock reading at which ``share`` of the ceiling, counted from the call of ``choose``, is spent."""
        assert self._deadline is not None and self.max_ms is not None
        return self._deadline - (1.0 - share) * self.max_ms / 1000

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        """The first action of the plan that scores best over the sampled deals (within ``max_ms`` of now)."""
        self._deadline = None if self.max_ms is None else bot_clock.now() + self.max_ms / 1000
        seed = rng.getrandbits(64)
        self.plan = None
        if len(legal) == 1:
            self._follow = None
            return legal[0]
        follow = self._follow
        if follow is not None and follow[0] == _position(view, _start(view)) and follow[1].steps[0] in legal:
            self.plan = follow[1]
            self.stats = {"searched": False, "followed": True}
            self._expect(view, follow[1])
            return follow[1].first
        # the planning may use three quarters of the ceiling, so that sampled deals fit in the rest (a deal that
        # would end past the ceiling is not started, one that passes it is dropped)
        self.planner.deadline = None if self.max_ms is None else self._deadline_for(PLANNING_SHARE)
        ranked = self.planner.plans(view, legal)
        if not ranked:
            self._follow = None
            return next((a for a in legal if isinstance(a, EndTurn)), legal[0])
        choice = ranked[0]
        stock_now = any(isinstance(a, PlayStock) and a.owner == view["seat"] for a in legal)
        if stock_now or self.worlds <= 0:
            self.stats = {"searched": False}
        else:
            prior = self._normal_plan(view, legal, seed)
            pool = [prior] if prior is not None else [ranked[0]]
            seen = {(p.end.key(), p.stock, p.refill) for p in pool}
            for plan in ranked[: self.candidates]:
                key = (plan.end.key(), plan.stock, plan.refill)
                if plan.value >= ranked[0].value - self.window and key not in seen:
                    seen.add(key)
                    pool.append(plan)
            for plan in list(pool[:2]):
                for alt in self._other_discards(view, plan):
                    key = (alt.end.key(), alt.stock, alt.refill)
                    if key not in seen:
                        seen.add(key)
                        pool.append(alt)
            if len(pool) < 2:
                choice = pool[0] if pool else choice
                self.stats = {"searched": False}
            else:
                choice = self._search(view, pool, seed)
        self._expect(view, choice)
        self.plan = choice
        return choice.first

    def _other_discards(self, view: dict[str, Any], plan: Plan) -> list[Plan]:
        """The same plays as ``plan`` ending in another discard: the ``discards`` best others by the planner's
        value (the plays are the planner's strength, the discard is where the sampled deals tell most)."""
        if self.discards <= 0 or not plan.steps or not isinstance(plan.steps[-1], Discard):
            return []
        before = _walk(view, plan.steps[:-1])
        out = []
        for action, how, after in self.planner._moves(before, view["seat"]):
            if how != "discard" or action == plan.steps[-1]:
                continue
            assert isinstance(action, Discard)
            value = self.planner.evaluate(after, False, False)
            if action.card != WILD:
                value += self.planner.w.high * action.card / TOP
            out.append(Plan(value, (*plan.steps[:-1], action), after, False, False))
        out.sort(key=lambda p: -p.value)
        return out[: self.discards]

    def _normal_plan(self, view: dict[str, Any], legal: list[Action], seed: int) -> Plan | None:
        """The plan ``normal`` plays from this view: its moves until its turn ends or brings new information (the
        stock top played, the hand emptied and refilled). Its moves before new information read only what the view
        shows, so they are played in any deal sampled from it."""
        from .samplers import sample_state

        me = view["seat"]
        state: Any = sample_state(view, random.Random(f"{seed}/normal"))
        steps: list[Action] = []
        rng = random.Random(f"{seed}/normal-dice")
        stock = refill = False
        deadline = None if self.max_ms is None else self._deadline_for(NORMAL_SHARE)
        for _ in range(40):
            if deadline is not None and bot_clock.now() > deadline:
                return None  # out of time before normal's plan was known: the planner's plans only
            actions = legal if not steps else state.legal_actions()
            action = self.normal.choose(state.view(me), actions, rng)
            held = len(state.hands[me])
            state.play(action)
            steps.append(action)
            if isinstance(action, PlayStock):
                stock = True
            elif isinstance(action, PlayHand) and held == 1 and state.hands[me]:
                refill = True
            if stock or refill or state.is_over() or state.current_player != me:
                break
        if not steps:
            return None
        end = _walk(view, tuple(steps))
        return Plan(self.planner.evaluate(end, stock, refill), tuple(steps), end, stock, refill)

    def _search(self, view: dict[str, Any], pool: list[Plan], seed: int) -> Plan:
        from .samplers import sample_state

        w = self.planner.w
        me = view["seat"]
        team = {me, view["seats"][me]["partner"]} - {None}
        srng = random.Random(f"{seed}/worlds")
        deadline = self._deadline
        scores = [0.0] * len(pool)
        used = 0
        world_s = 0.0  # how long the last sampled deal took to play out: the next one would take about as long
        cut = False
        for k in range(self.worlds):
            started = bot_clock.now()
            if deadline is not None and used and started + world_s > deadline:
                cut = True
                break
            world: Any = sample_state(view, srng)
            outcome = [0.0] * len(pool)
            for i, plan in enumerate(pool):
                if deadline is not None and bot_clock.now() > deadline:
                    cut = True  # a deal cut part-way would score the plans on different deals: drop it
                    break
                value = self._play_out(world, plan, me, team, random.Random(f"{seed}/dice/{k}"), deadline, w)
                if value is None:
                    cut = True
                    break
                outcome[i] = value
            if cut:
                break
            used += 1
            for i, value in enumerate(outcome):
                scores[i] += value
            world_s = bot_clock.now() - started
        if not used:  # not even one deal fitted in the ceiling: normal's plan
            self.stats = {"searched": True, "candidates": len(pool), "worlds": 0, "cut": True}
            return pool[0]
        best = max(range(len(pool)), key=lambda i: (scores[i], -i))
        if scores[best] <= scores[0] + self.margin * used:
            best = 0
        self.stats = {"searched": True, "candidates": len(pool), "worlds": used, "cut": cut,
                      "means": [s / used for s in scores]}
        return pool[best]

    def _play_out(self, world: Any, plan: Plan, me: int, team: set[int], dice: random.Random,
                  deadline: float | None, w: Weights) -> float | None:
        """One plan's worth in one sampled deal (see the class doc); ``None`` when the ceiling passes meanwhile."""
        state = world.clone()
        for step in plan.steps:
            state.apply(step)
        before = [len(st) for st in state.stocks]
        before[me] += sum(1 for step in plan.steps if isinstance(step, PlayStock))
        structure: float | None = None
        rounds = 0
        mine = True  # whether the last mover was on my team
        moves = 0
        policy = self.policy
        while not state.is_over() and moves < 400:
            mover = state.current_player
            ours = mover in team
            if structure is None and not ours:
                structure = _structure(w, state.hands[me], state.discards[me])
            if ours and mover == me and not mine:
                rounds += 1
                if rounds >= self.rounds:
                    break
            mine = ours
            if deadline is not None and bot_clock.now() > deadline:
                return None  # (read before every move: a move of normal costs more than a reading of the clock)
            state.play(policy.choose(state.view(mover), state.legal_actions(), dice))
            moves += 1
        if state.is_over():
            return 100.0 if me in state.result()["winners"] else -100.0
        mine_played = sum(before[s] - len(state.stocks[s]) for s in team)
        rivals_played = sum(before[s] - len(state.stocks[s]) for s in range(len(state.stocks)) if s not in team)
        value = w.stock * mine_played - w.rival * rivals_played + (structure or 0.0)
        if state.current_player == me:
            top = state.stocks[me][-1] if state.stocks[me] else None
            piles = [len(p) for p in state.building]
            value += w.own * (reach(piles, top, state.discards[me], state.hands[me]) == 0)
        return value


__all__ = ["Plan", "PlanSearchBot", "Planner", "Weights", "distinct_piles", "pile_heights", "position_key",
           "reach"]
