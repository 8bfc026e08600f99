"""The ``hard`` level: determinized search over the hidden cards (perfect-information Monte Carlo).

For one decision the bot

1. deals ``worlds`` full states consistent with its view (the game's sampler in :mod:`.samplers`), so it only
   ever "knows" what the view says;
2. plays every candidate action in each world and continues the game with the game's own heuristic bot for
   every seat (the rollout policy), up to the end or to a horizon where a game-specific evaluation scores it;
3. compares candidates on the *same* worlds and the same rollout dice (common random numbers), dropping the
   worse half after each round (successive halving), so the budget goes to the moves that matter;
4. keeps the heuristic's own choice unless another move scored better by a clear margin: the search only
   overrules the heuristic when the evidence says so.

The budget is a number of rollouts (``iterations``), so a decision is a pure function of the view, the legal
list and the random stream: the arena is reproducible and the fairness test holds. On top of it a wall-clock
ceiling ``max_ms`` (``budget_ms``) makes the search *anytime*: it always holds a best move so far (the prior's
until the first round of rollouts has compared the candidates) and stops before the next batch of rollouts would
pass the ceiling, judging by how long the last one took. The app and the browser always play with a ceiling
(:func:`app_budget_ms`, per game in ``SearchProfile.budget_ms``), so a slow machine or an unusual position makes
the bot answer with fewer rollouts instead of making the player wait; the clock starts when ``choose`` is called,
so the prior and the sampling count too. With a ceiling the move may depend on the machine's speed.

Per-game tuning (rollout policy, horizon, evaluation, candidate pruning, default budget) lives in ``PROFILES``
below; a game without a profile still gets a working ``hard`` bot from its ``normal`` bot and its result.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

from ..core.actions import Action
from ..core.game import State
from . import clock as bot_clock
from .base import Bot
from .samplers import sample_state

Evaluate = Callable[[State, int], float]


@dataclasses.dataclass(frozen=True)
class SearchProfile:
    """How to search one game.

    ``rollout``: level name (or zero-argument factory) of the policy every seat follows in rollouts;
    ``prior``: the level whose choice is the default move; ``turns``: horizon in the searching seat's turns
    after the current one (``None``: to the end of the game); ``evaluate``: the value of a non-final state for a
    seat, on the same scale as :func:`final_value`; ``iterations``: rollouts per decision by default;
    ``worlds``: distinct sampled deals per decision; ``max_candidates``: how many actions to search at most
    (the prior's choice always among them); ``margin``: how much better than the prior's move another move must
    score to be played; ``candidates``: optional game hook ordering the legal actions, most promising first;
    ``bot``: optional factory of a game's own search bot (called with ``worlds``, ``iterations`` and ``max_ms``),
    used instead of the generic rollout search when a game's structure calls for a different search;
    ``budget_ms``: the wall-clock ceiling of one decision in the app (:func:`app_budget_ms`; tests and the arena
    search by rollouts only unless they ask for a ceiling);
    ``keep_prior``: the prior's move is never dropped by the halving, so another move replaces it only by beating it
    by ``margin`` on the same rollouts (off by default: the prior competes like any move and, once dropped, the
    margin no longer applies).
    """

    rollout: str | Callable[[], Bot] = "normal"
    prior: str | Callable[[], Bot] = "normal"
    turns: int | None = None
    evaluate: Evaluate | None = None
    iterations: int = 120
    worlds: int = 12
    max_candidates: int = 8
    margin: float = 0.02
    candidates: Callable[[dict[str, Any], list[Action]], list[Action]] | None = None
    obvious: Callable[[dict[str, Any], list[Action], Action], bool] | None = None
    margin_weight: float = 0.1
    keep_prior: bool = False
    bot: Callable[..., Bot] | None = None
    budget_ms: float = 380.0


def final_value(state: State, seat: int, margin_weight: float = 0.1) -> float:
    """A finished game's worth to ``seat``: 1 for a win (shared wins split), plus a score-margin term (against
    the best other seat, relative to the largest score) so that among equal outcomes the bigger lead counts."""
    result = state.result()
    winners = result["winners"]
    win = 1.0 / len(winners) if seat in winners else 0.0
    scores = result.get("scores") or []
    if len(scores) > 1:
        others = max(s for i, s in enumerate(scores) if i != seat)
        spread = max(1.0, max(abs(s) for s in scores))
        win += margin_weight * (scores[seat] - others) / spread
    return win


# ----- per-game hooks ---------------------------------------------------------------------------------------------
def _skipbo_plan_search(worlds: int, iterations: int, max_ms: float | None) -> Bot:
    """Skip-Bo's ``hard``: whole-turn plans (``normal``'s among them) re-scored over sampled deals
    (:mod:`.skipbo_plan`). The planner enumerates the turn, so the budget is the number of sampled deals;
    ``iterations`` is not used."""
    from .skipbo_plan import PlanSearchBot

    return PlanSearchBot(worlds=worlds, max_ms=max_ms)


def _topspot_candidates(view: dict[str, Any], legal: list[Action]) -> list[Action]:
    """Top Spot: the cheapest ways to reach each value first (fewest cards), so pruning keeps distinct options."""
    from ..games.topspot import stack_value

    seen: dict[tuple[int, int, str | None], Action] = {}
    for action in sorted(legal, key=lambda a: (len(a.cards), a.cards)):  # type: ignore[attr-defined]
        cards = action.cards  # type: ignore[attr-defined]
        key = (stack_value(cards), len(cards), action.colour)  # type: ignore[attr-defined]
        seen.setdefault(key, action)
    distinct = list(seen.values())
    return sorted(distinct, key=lambda a: (len(a.cards), -stack_value(a.cards)))  # type: ignore[attr-defined]


def _etalage_prior() -> Bot:
    """Etalage's default move: ``normal``'s sampled look-ahead with twice the samples (48), a steadier estimate of
    the same heuristic for a few milliseconds more per decision."""
    from .etalage import NormalBot

    return NormalBot(samples=48)


def _etalage_rollout() -> Bot:
    """Etalage rollouts use the one-look greedy player (the easy bot without its slips): the sampled look-ahead
    of ``normal`` costs about ten times more per move, and the search itself supplies the look-ahead. It reads the
    sampled deal's state rather than a view (:class:`.etalage.GreedyRollout`): the same moves, sooner."""
    from .etalage import GreedyRollout

    return GreedyRollout()


def _level8_value(state: State, seat: int) -> float:
    """Level 8 progress: levels (a deal won moves two), a laid-out level, the cards still missing for it and
    cards left in hand (going out ends the deal), mine against the best opponent's."""
    from .level8 import missing

    def progress(s: int) -> float:
        st: Any = state
        level = st.levels[s] + (1.0 if st.laid[s] else 0.0)
        if not st.laid[s]:
            level -= 0.08 * missing(st.level_requirements(s), st.hands[s])
        return float(level - 0.02 * len(st.hands[s]))

    mine = progress(seat)
    best = max(progress(s) for s in range(state.players) if s != seat)
    return 0.5 + 0.1 * (mine - best)


def _level8_prior() -> Bot:
    """Level 8's default move: ``normal`` plus card counting on its discards (see :class:`.level8.CountingBot`)."""
    from .level8 import CountingBot

    return CountingBot()


def _level8_rollout() -> Bot:
    """Level 8 rollouts: the counting bot without the outs count (that count costs up to ~15 ms a discard, the
    feeding check almost nothing), so both seats in a rollout play at least as well as ``normal``."""
    from .level8 import CountingBot

    return CountingBot("normal-rollout", outs=False)


def _level8_obvious(view: dict[str, Any], legal: list[Action], prior: Action) -> bool:
    """Level 8 searches only the discard of a seat that has not laid out yet: that is where the search was seen to
    help (which card to keep, which card the opponent may pick up). Draws, lay-outs and adds follow the prior: with
    a one-turn horizon the search overruled good draws for discard tops that only looked better in the noise."""
    return not (view["phase"] == "play" and prior.kind == "discard" and not view["laid_out"][view["seat"]])


def _level8_candidates(view: dict[str, Any], legal: list[Action]) -> list[Action]:
    """Level 8 discards, cheapest first by the counting bot's cost (cards missing afterwards, feeding), so the
    pruned candidate list holds the discards worth comparing rather than the first cards of the hand."""
    from ..games.level8 import Discard
    from .level8 import CountingBot

    discards = [a for a in legal if isinstance(a, Discard)]
    if view["laid_out"][view["seat"]] or not discards:
        return list(legal)
    ranked = sorted(CountingBot().discard_scores(view, discards), key=lambda s: s[0])
    return [a for _, a, _ in ranked] + [a for a in legal if a.kind != "discard"]


LEVEL8_PROFILE = SearchProfile(prior=_level8_prior, rollout=_level8_rollout, turns=1, evaluate=_level8_value,
                               iterations=48, worlds=8, max_candidates=6, obvious=_level8_obvious,
                               candidates=_level8_candidates, keep_prior=True, margin=0.03)
SKIPBO_PROFILE = SearchProfile(worlds=12, bot=_skipbo_plan_search)
TOPSPOT_PROFILE = SearchProfile(iterations=60, worlds=15, max_candidates=8, candidates=_topspot_candidates)
ETALAGE_PROFILE = SearchProfile(prior=_etalage_prior, rollout=_etalage_rollout, iterations=180, worlds=16,
                                max_candidates=9, margin_weight=0.6, keep_prior=True)


def _profiles() -> dict[str, SearchProfile]:
    from ..registry import ENTRIES, resolve

    return {e.name: resolve(e.search) for e in ENTRIES if e.search}


PROFILES: dict[str, SearchProfile] = _profiles()  # each game names its profile in registry.ENTRIES
DEFAULT_PROFILE = SearchProfile()


def _factory(game: str, level: str | Callable[[], Bot]) -> Callable[[], Bot]:
    if callable(level):
        return level
    from . import make_bot

    return lambda: make_bot(game, level)


def root_candidates(profile: SearchProfile, view: dict[str, Any], legal: list[Action], prior: Action) -> list[Action]:
    """The moves a search weighs at its root: the prior's first, then the profile's order (or ``legal``'s), at most
    the profile's ``max_candidates``."""
    ordered = profile.candidates(view, legal) if profile.candidates else list(legal)
    out = [prior]
    for action in ordered:
        if len(out) >= profile.max_candidates:
            break
        if action != prior and action in legal:
            out.append(action)
    return out


class TurnHorizon:
    """Where a search's play-out stops: after the searching seat's ``turns``-th turn beyond the root (``None``:
    at the end of the game). Both searches of this package count turns this way."""

    __slots__ = ("seat", "left", "last")

    def __init__(self, seat: int, turns: int | None) -> None:
        self.seat = seat
        self.left = turns
        self.last = seat

    def reached(self, mover: int) -> bool:
        """Whether the play-out stops before ``mover`` moves (a new turn of the searching seat past the horizon)."""
        if self.left is not None and mover == self.seat and self.last != self.seat:
            self.left -= 1
            if self.left < 0:
                return True
        self.last = mover
        return False

    def next_mover(self, state: State) -> int | None:
        """The seat to move next in a play-out of ``state``, or ``None`` where the play-out stops: the game is over,
        or the searching seat's turn past the horizon comes (see :meth:`reached`; call once per move)."""
        if state.is_over():
            return None
        mover = state.current_player
        assert mover is not None
        return None if self.reached(mover) else mover


def search_opening(bot: Any, view: dict[str, Any], legal: list[Action], seed: int) -> tuple[Action, list[Action]]:
    """The first steps every search of this package takes at its root: the prior's move and the candidates to
    weigh. The list is empty (and ``bot.stats`` says nothing was searched) when there is nothing to weigh: one
    legal move, no iterations, an obvious move by the profile, or a single candidate. ``bot`` is a search bot
    with ``profile``, ``prior_bot``, ``iterations`` and ``stats``."""
    prior = bot.prior_bot.choose(view, legal, random.Random(f"{seed}/prior"))
    profile = bot.profile
    candidates: list[Action] = []
    if len(legal) > 1 and bot.iterations > 0 and not (
            profile.obvious is not None and profile.obvious(view, legal, prior)):
        candidates = root_candidates(profile, view, legal, prior)
    if len(candidates) <= 1:
        bot.stats = {"searched": False}
        return prior, []
    return prior, candidates


def rollout_move(bot: Bot, state: State, mover: int, legal: list[Action], rng: random.Random) -> Action:
    """The rollout policy's move for ``mover`` in a sampled deal: read off the state when the policy can do that
    (a ``choose_state`` method making the same choice as ``choose``, e.g. :class:`.etalage.GreedyRollout`), which
    saves building a view for every move of every rollout; else chosen from the mover's view. ``legal``: the
    state's legal list."""
    choose_state = getattr(bot, "choose_state", None)
    if choose_state is not None:
        action: Action = choose_state(state, legal, rng)
        return action
    return bot.choose(state.view(mover), legal, rng)


@dataclasses.dataclass
class _Run:
    """One decision's search in progress: the seat's view and the sampled worlds, the moves' summed values and
    rollout counts, and the time spent (the mean rollout predicts whether the next one ends before the ceiling)."""

    view: dict[str, Any]
    seat: int
    seed: int
    deadline: float | None
    srng: random.Random
    totals: dict[Action, float]
    counts: dict[Action, int]
    worlds: list[State] = dataclasses.field(default_factory=list)  # sampled when first needed, in order
    used: int = 0  # rollouts counted
    batches: int = 0  # complete batches (one world, every surviving move)
    world_index: int = 0
    out_of_time: bool = False
    spent_s: float = 0.0  # time spent in rollouts so far


class SearchBot:
    """Determinized (PIMC) search with the heuristic as rollout policy and default move. See the module doc."""

    name = "hard"

    def __init__(self, game: str, iterations: int | None = None, worlds: int | None = None,
                 max_ms: float | None = None, profile: SearchProfile | None = None) -> None:
        self.game = game
        self.profile = profile or PROFILES.get(game, DEFAULT_PROFILE)
        self.iterations = iterations if iterations is not None else self.profile.iterations
        self.worlds = worlds if worlds is not None else self.profile.worlds
        self.max_ms = max_ms
        self.rollout_bot = _factory(game, self.profile.rollout)()
        self.prior_bot = _factory(game, self.profile.prior)()
        self.stats: dict[str, Any] = {}

    # ----- the decision ---------------------------------------------------------------------------------------
    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        """Pick one of ``legal`` for the seat of ``view`` by sampled search; only ``view`` is consulted."""
        clock = bot_clock.now
        deadline = None if self.max_ms is None else clock() + self.max_ms / 1000
        seed = rng.getrandbits(64)
        prior, candidates = search_opening(self, view, legal, seed)
        if not candidates:
            return prior
        seat = view["seat"] if "seat" in view else view["you"]
        run = _Run(view, seat, seed, deadline, random.Random(f"{seed}/worlds"), {a: 0.0 for a in candidates},
                   {a: 0 for a in candidates})
        alive = list(candidates)
        rounds = max(1, (len(alive) - 1).bit_length())  # halvings needed to get down to one move
        for round_no in range(rounds):
            # every surviving move gets the same worlds and dice this round (common random numbers)
            share = (self.iterations - run.used) // (rounds - round_no)
            for _ in range(max(1, share // len(alive))):
                reached = self._batch(run, alive)
                if reached is not None:  # the first batch, cut: the moves it reached share one world
                    alive = reached
                if run.out_of_time:
                    break
            if run.used == 0:
                break
            alive.sort(key=lambda a: (-run.totals[a] / run.counts[a] if run.counts[a] else 1.0, a != prior))
            if run.out_of_time or round_no == rounds - 1:
                break
            kept = alive[:max(2, (len(alive) + 1) // 2)]
            if self.profile.keep_prior and prior not in kept:
                kept.append(prior)
            alive = kept
        totals, counts, used, out_of_time = run.totals, run.counts, run.used, run.out_of_time
        means = {a: totals[a] / counts[a] for a in candidates if counts[a]}
        self.stats = {"searched": True, "rollouts": used, "candidates": len(candidates), "means": means,
                      "counts": {a: counts[a] for a in means}, "cut": out_of_time}
        if not means or not alive:
            return prior
        best = alive[0]
        if prior in means and means[best] <= means[prior] + self.profile.margin:
            return prior
        return best

    def _batch(self, run: _Run, alive: list[Action]) -> list[Action] | None:
        """One world (sampled when first needed) and one rollout of every move in ``alive`` on it, added to
        ``run``'s totals. When the ceiling comes first ``run.out_of_time`` is set: a cut batch after complete ones
        is dropped (it would compare moves on different worlds), while a cut first batch counts and its moves are
        returned as the only ones left (they share one world, so they compare fairly)."""
        clock = bot_clock.now
        deadline = run.deadline
        if deadline is not None and run.used and clock() + run.spent_s / run.used > deadline:
            run.out_of_time = True  # the next rollout would end past the ceiling: stop with what we know
            return None
        if run.world_index < self.worlds:
            run.worlds.append(sample_state(run.view, run.srng))
        world = run.worlds[run.world_index % len(run.worlds)]
        dice = f"{run.seed}/roll/{run.world_index}"
        run.world_index += 1
        batch: list[tuple[Action, float]] = []
        for action in alive:
            started = clock()
            if deadline is not None and batch and started + run.spent_s / (run.used + len(batch)) > deadline:
                run.out_of_time = True
                break
            value = self._rollout(world, action, run.seat, dice, deadline)
            run.spent_s += clock() - started
            if value is None:  # the ceiling passed inside the rollout: it does not count
                run.out_of_time = True
                break
            batch.append((action, value))
        if run.out_of_time and run.batches:
            return None
        for action, value in batch:
            run.totals[action] += value
            run.counts[action] += 1
        run.used += len(batch)
        if run.out_of_time:
            return [a for a, _ in batch]
        run.batches += 1
        return None

    def _rollout(self, world: State, action: Action, seat: int, dice: str,
                 deadline: float | None = None) -> float | None:
        """Play ``action`` in a copy of the sampled world, continue with the rollout policy, return the value
        (``None`` when the clock passes ``deadline`` before the rollout ends: a cut rollout is not scored).

        The copy is :meth:`State.clone` (equal to a JSON round trip, much cheaper); the moves are played by the
        quiet :meth:`State.play`, since nobody reads a rollout's events."""
        state = world.clone()
        state.apply(action)
        rng = random.Random(dice)
        bot = self.rollout_bot
        horizon = TurnHorizon(seat, self.profile.turns)
        steps = 0
        while (mover := horizon.next_mover(state)) is not None:
            if deadline is not None and steps % 4 == 0 and bot_clock.now() > deadline:
                return None  # (read every fourth move: a clock reading costs more in Pyodide than a short move)
            # the policy picks from the legal list, so the engine need not re-validate it nor word its events
            state.play(rollout_move(bot, state, mover, state.legal_actions(), rng))
            steps += 1
            if steps > 5000:  # a runaway rollout scores as a draw rather than hanging the decision
                return 0.5
        if state.is_over():
            return final_value(state, seat, self.profile.margin_weight)
        assert self.profile.evaluate is not None
        return self.profile.evaluate(state, seat)


def make_search_bot(game: str, level: str = "hard", **params: Any) -> Bot:
    """The ``hard`` bot of ``game``. ``params`` go to :class:`SearchBot`
    (``iterations``, ``worlds``, ``max_ms``), or to the game's own search bot when its profile names one;
    ``budget_ms`` is accepted as an alias of ``max_ms``."""
    if "budget_ms" in params:
        params["max_ms"] = params.pop("budget_ms")
    profile = PROFILES.get(game, DEFAULT_PROFILE)
    if profile.bot is not None:
        return profile.bot(worlds=params.get("worlds", profile.worlds),
                           iterations=params.get("iterations", profile.iterations), max_ms=params.get("max_ms"))
    return SearchBot(game, **params)


__all__ = ["PROFILES", "SearchBot", "SearchProfile", "final_value", "make_search_bot"]
