"""An information-set search (single-observer ISMCTS), measured against the ``hard`` level's determinized search.

Today's ``hard`` (:mod:`.search`) is perfect-information Monte Carlo: it samples a few full deals and compares
its candidate moves on each of them. Two known weaknesses of that method are that every sampled deal is searched
as if the bot could see it (the opponents' replies in a rollout follow cards the bot cannot know) and that a fixed
handful of deals carries every comparison. This search builds one tree over the moves of every seat instead:

1. each iteration deals a fresh full state consistent with the view (the game's sampler, :mod:`.samplers`);
2. it walks the tree from the root, choosing at each node among the children whose move is legal in *this* deal
   by UCB1 with availability counts (a child that is often unavailable is not penalised for it), and adds one new
   node when the node may grow: opponents' nodes first hold only the rollout policy's choice and widen as they are
   visited (progressive widening), so an opponent plays like the heuristic until the search finds a reply that
   hurts more;
3. it continues with the game's rollout policy to the profile's horizon (or the end) and scores the result with
   the profile's evaluation for every seat that moved in the tree, each node keeping the value of the seat whose
   move it is.

The root keeps the game profile's candidate pruning, its "obvious" test and its prior: the move played is the most
visited root move unless the prior's mean is within the profile's margin of it. The budget is ``iterations``; a
ceiling ``max_ms`` (read on :mod:`.clock`) makes it anytime: no iteration starts that, at the pace of the ones
before, would end past the ceiling, and an iteration the ceiling cuts is not counted.

The arena offers it as ``hard-is`` (:func:`make_ismcts_bot`); the app does not list it (see docs/bots.md for the
measured ladder, which decides whether it ever replaces ``hard``).
"""

from __future__ import annotations

import math
import random
from typing import Any

from ..core.actions import Action
from ..core.game import State
from . import clock as bot_clock
from .samplers import sample_state
from .search import (
    DEFAULT_PROFILE,
    PROFILES,
    SearchProfile,
    TurnHorizon,
    _factory,
    final_value,
    rollout_move,
    search_opening,
)

ISMCTS_LEVEL = "hard-is"
#: iterations when no ceiling stops the search first (the app's ceiling is the binding limit in practice)
DEFAULT_ITERATIONS = {"level8": 400, "etalage": 600}


class Node:
    """One node of the tree: the move that led here (for the seat ``mover``), its statistics and its children."""

    __slots__ = ("available", "children", "mover", "total", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover  # the seat that chose the move into this node (its value is kept for that seat)
        self.visits = 0
        self.available = 0  # iterations in which this node's move was legal at its parent
        self.total = 0.0
        self.children: dict[Action, Node] = {}


class ISMCTSBot:
    """Single-observer information-set MCTS with a fresh determinization per iteration. See the module doc."""

    name = ISMCTS_LEVEL

    def __init__(self, game: str, iterations: int | None = None, max_ms: float | None = None,
                 profile: SearchProfile | None = None, exploration: float = 0.7, widen: float = 0.5) -> None:
        self.game = game
        self.profile = profile or PROFILES.get(game, DEFAULT_PROFILE)
        self.iterations = iterations if iterations is not None else DEFAULT_ITERATIONS.get(game, 300)
        self.max_ms = max_ms
        self.exploration = exploration  # UCB1 constant, times the spread of the values seen so far
        self.widen = widen  # an opponent's node may hold 1 + widen * sqrt(visits) children
        self.rollout_bot = _factory(game, self.profile.rollout)()
        self.prior_bot = _factory(game, self.profile.prior)()
        self.stats: dict[str, Any] = {}
        self._low, self._high = math.inf, -math.inf  # the range of values seen: it scales the exploration term

    # ----- the decision ---------------------------------------------------------------------------------------
    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        """Pick one of ``legal`` for the seat of ``view``; only ``view`` is consulted (the deals are sampled)."""
        clock = bot_clock.now
        started = clock()
        deadline = None if self.max_ms is None else started + self.max_ms / 1000
        seed = rng.getrandbits(64)
        prior, candidates = search_opening(self, view, legal, seed)
        if not candidates:
            return prior
        seat = view["seat"] if "seat" in view else view["you"]
        root = Node(mover=-1)
        self._low, self._high = math.inf, -math.inf
        done = 0
        spent = 0.0
        cut = False
        for i in range(self.iterations):
            begun = clock()
            if deadline is not None and done and begun + spent / done > deadline:
                cut = True  # the next iteration would end past the ceiling at the pace so far
                break
            world = sample_state(view, random.Random(f"{seed}/world/{i}"))
            if not self._iterate(root, world, seat, candidates, random.Random(f"{seed}/roll/{i}"), deadline):
                cut = True  # the ceiling passed inside the iteration: it is not counted
                break
            done += 1
            spent += clock() - begun
        visits = {a: n.visits for a, n in root.children.items()}
        means = {a: n.total / n.visits for a, n in root.children.items() if n.visits}
        self.stats = {"searched": True, "rollouts": done, "candidates": len(candidates), "means": means,
                      "counts": visits, "cut": cut}
        if not means:
            return prior
        best = max(means, key=lambda a: (visits[a], means[a], a == prior))
        if prior in means and means[best] <= means[prior] + self.profile.margin:
            return prior
        return best

    # ----- one iteration --------------------------------------------------------------------------------------
    def _iterate(self, root: Node, state: State, seat: int, candidates: list[Action], rng: random.Random,
                 deadline: float | None) -> bool:
        """Select, expand, roll out and back up once in ``state`` (a fresh deal, played on in place). Return
        ``False``, backing nothing up, when the clock passes ``deadline`` first."""
        path: list[Node] = [root]
        node = root
        horizon = TurnHorizon(seat, self.profile.turns)
        steps = 0
        in_tree = True
        while (mover := horizon.next_mover(state)) is not None:
            if deadline is not None and steps % 4 == 0 and bot_clock.now() > deadline:
                return False
            legal = candidates if node is root else state.legal_actions()
            if in_tree:
                action, child = self._select(node, state, mover, mover == seat, legal, rng)
                if child is None:  # a new node: this is the last tree step, the rollout policy takes over
                    child = node.children[action] = Node(mover)
                    in_tree = False
                path.append(child)
                node = child
            else:
                action = rollout_move(self.rollout_bot, state, mover, legal, rng)
            state.play(action)
            steps += 1
            if steps > 5000:  # a runaway iteration is not scored (no game should get here)
                return False
        values: dict[int, float] = {}
        for n in path[1:]:
            if n.mover not in values:
                values[n.mover] = self._value(state, n.mover)
                self._low, self._high = min(self._low, values[n.mover]), max(self._high, values[n.mover])
            n.visits += 1
            n.total += values[n.mover]
        root.visits += 1
        return True

    def _select(self, node: Node, state: State, mover: int, own: bool, legal: list[Action],
                rng: random.Random) -> tuple[Action, Node | None]:
        """The move to follow from ``node`` in this deal, and its child (``None``: a move to add to the tree).

        The root and the searching seat's own nodes add every untried move before choosing among them; an
        opponent's node adds the rollout policy's move first and another only while the node is small for its
        visits. Every available child's availability counts this iteration."""
        available = [(a, node.children[a]) for a in legal if a in node.children]
        for _, child in available:
            child.available += 1
        untried = [a for a in legal if a not in node.children]
        room = own or not available or len(node.children) < 1 + self.widen * math.sqrt(max(0, node.visits))
        if untried and room:
            if node.mover == -1:
                return untried[0], None  # the root tries its candidates in order, the prior's first
            choice = rollout_move(self.rollout_bot, state, mover, legal, rng)
            return (choice if choice in untried else untried[rng.randrange(len(untried))]), None
        scale = self.exploration * max(1e-6, self._high - self._low) if self._high > self._low else self.exploration
        best: tuple[float, int] | None = None
        pick = available[0]
        for index, (action, child) in enumerate(available):
            score = child.total / child.visits + scale * math.sqrt(math.log(max(1, child.available)) / child.visits)
            if best is None or (score, -index) > best:
                best, pick = (score, -index), (action, child)
        return pick

    def _value(self, state: State, seat: int) -> float:
        if state.is_over():
            return final_value(state, seat, self.profile.margin_weight)
        assert self.profile.evaluate is not None, "a game searched to a horizon needs an evaluation"
        return self.profile.evaluate(state, seat)


def make_ismcts_bot(game: str, **params: Any) -> ISMCTSBot:
    """The arena's ``hard-is`` bot of ``game``: ``iterations``, ``max_ms`` (alias ``budget_ms``), ``exploration``
    and ``widen`` as in :class:`ISMCTSBot`; ``worlds`` (a PIMC setting) is accepted and ignored."""
    if "budget_ms" in params:
        params["max_ms"] = params.pop("budget_ms")
    params.pop("worlds", None)
    return ISMCTSBot(game, **params)


__all__ = ["ISMCTS_LEVEL", "ISMCTSBot", "Node", "make_ismcts_bot"]
