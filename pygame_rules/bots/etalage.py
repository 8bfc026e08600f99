"""Etalage bots. They see one seat's view and the legal actions, nothing else.

- ``normal``: for each card in hand it samples the cards still to come from the unseen cards (the deck minus
  everything the view shows, including the cards seen claimed this trick and the last: so it counts the colours),
  lets each later opponent answer with their own best card, settles the trick with the real ranking rule and
  assumes every claimant ahead takes the largest pile left.
  A card is worth the pile it would win, minus a share of what it hands the opponents, minus the cost of spending
  (and putting on the display) a high card. Ties that leave it empty-handed therefore score nothing and lose to a
  card that wins something, and if nothing can win it dumps a low card. Claims weigh the pile against what the
  claimants still to come will take and against the pile it leaves for the next trick's first claimant.
- ``easy``: the same one-look-ahead idea without guessing what later players do, a random card about a third of
  the time, and sometimes a random pile when claiming.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..core.actions import Action
from ..games.etalage import CARD_COLOUR, CARD_VALUE, Claim, Play, claim_order, deck


def _piles(view: dict[str, Any]) -> list[tuple[int, str]]:
    """Display piles as ``(sum, colour)``, largest first (colour order breaks equal sums)."""
    groups = view["display_groups"]
    return sorted(((g["sum"], g["colour"]) for g in groups), key=lambda p: -p[0])


def _gains(plays: list[tuple[int, str]], piles: list[int]) -> dict[int, int]:
    """What each claimant of ``plays`` wins when every claimant takes the largest pile left (``piles`` sorted)."""
    order = claim_order(plays)
    return {seat: piles[i] for i, seat in enumerate(order[: len(piles)])}


def _unseen(view: dict[str, Any]) -> list[str]:
    """Cards this seat cannot see: in other hands or in the face-down won piles (its own too, unless the option
    ``open_winnings`` lets it look: then ``view["won"]`` lists them)."""
    seen = set(view["hand"]) | set(view["display"]) | set(view["won"] or ()) | {p["card"] for p in view["plays"]}
    for trick in (view, view.get("last_trick") or {}):  # claims seen this trick and the last lie in won piles
        for claim in trick.get("claims") or ():
            seen.update(claim.get("cards") or ())
    return [c for c in deck(view["colours"]) if c not in seen]


class NormalBot:
    """The heuristic bot: sampled look-ahead over the rest of the trick, greedy claims with opponent awareness."""

    name = "normal"

    def __init__(self, samples: int = 24, spend_cost: float = 0.6, rival_weight: float = 0.15) -> None:
        self.samples = samples
        self.spend_cost = spend_cost  # points a card's number costs: it leaves the hand and feeds the display
        # (0.6 measured best against easy among 0.3/0.45/0.6/0.8/1.0: keeping high cards for later tricks pays)
        self.rival_weight = rival_weight  # how much an opponent's gain counts against ours

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        """A claim or a play for the seat of ``view``; always one of ``legal``."""
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], Claim):
            return self._claim(view, legal)
        return self._play(view, legal, rng)

    # ----- claims -------------------------------------------------------------------------------------------
    def _claim(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """The pile worth most, counting what the claimants after us take and what it leaves for the next trick.

        The claimants still to come are assumed to take the largest piles left. Whatever nobody takes stays on the
        display and merges, colour by colour, with the cards played in this trick; the next trick's first claimant
        will take the biggest of those piles. With a hand stronger than an average opponent's we like that pile
        big, with a weaker hand we break it up. On today's points alone the largest pile is nearly always right;
        these opponent and next-trick terms decide between piles of similar worth.
        """
        piles = {colour: total for total, colour in _piles(view)}
        after = len(view["claimants"]) - 1
        players = view["players"]
        played: dict[str, int] = {}
        for p in view["plays"]:
            colour = p["card"].rsplit("-", 1)[0]
            played[colour] = played.get(colour, 0) + CARD_VALUE[p["card"]]
        last_trick = view["trick_number"] >= view["tricks"]
        edge = 0.0 if last_trick else self._next_trick_edge(view)
        best: tuple[float, int, Action] | None = None
        for rank, action in enumerate(legal):
            assert isinstance(action, Claim)
            mine = piles[action.colour]
            rest = sorted(((v, c) for c, v in piles.items() if c != action.colour), reverse=True)
            theirs = sum(v for v, _ in rest[:after])
            left = dict(played)
            for v, c in rest[after:]:
                left[c] = left.get(c, 0) + v
            biggest_next = max(left.values(), default=0)
            value = mine - self.rival_weight * theirs / max(1, players - 1) + edge * biggest_next
            if best is None or (value, -rank) > best[:2]:
                best = (value, -rank, action)
        assert best is not None
        return best[2]

    @staticmethod
    def _next_trick_edge(view: dict[str, Any]) -> float:
        """How much a point in the next trick's biggest pile is worth to us: our estimated chance of claiming it
        first, minus an average opponent's. Zero for an average hand, positive for a strong one."""
        n = view["players"]
        mine = sum(CARD_VALUE[c] for c in view["hand"])
        unseen = _unseen(view)
        if not view["hand"] or not unseen:
            return 0.0
        others = [view["hand_counts"][s] for s in range(n) if s != view["seat"]]
        rival = sum(CARD_VALUE[c] for c in unseen) / len(unseen) * (sum(others) / len(others))
        chance = mine / (mine + (n - 1) * rival) if mine + rival > 0 else 1 / n
        return float(chance - (1 - chance) / (n - 1))

    # ----- plays --------------------------------------------------------------------------------------------
    def _play(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        n = view["players"]
        me = view["seat"]
        plays = [(p["seat"], p["card"]) for p in view["plays"]]
        later = [(me + i) % n for i in range(1, n - len(plays))]
        piles = [total for total, _ in _piles(view)]
        pool = _unseen(view)
        counts = view["hand_counts"]
        last_trick = view["trick_number"] >= view["tricks"]
        cost = 0.0 if last_trick else self.spend_cost
        if later:
            worlds = [self._sample_hands(pool, [counts[s] for s in later], rng) for _ in range(self.samples)]
        else:
            worlds = [[]]
        best: tuple[float, Action] | None = None
        for action in legal:  # legal plays come sorted by colour, then highest first
            assert isinstance(action, Play)
            total = 0.0
            for hands in worlds:
                trick = plays + [(me, action.card)]
                for seat, hand in zip(later, hands, strict=True):
                    trick.append((seat, self._reply(trick, seat, hand, piles, cost)))
                gains = _gains(trick, piles)
                rivals = sum(g for s, g in gains.items() if s != me) / (n - 1)
                total += gains.get(me, 0) - self.rival_weight * rivals
            value = total / len(worlds) - cost * CARD_VALUE[action.card]
            if best is None or value > best[0] + 1e-9 or (
                abs(value - best[0]) <= 1e-9 and CARD_VALUE[action.card] < CARD_VALUE[best[1].card]  # type: ignore[attr-defined]
            ):
                best = (value, action)
        assert best is not None
        return best[1]

    @staticmethod
    def _sample_hands(pool: list[str], sizes: list[int], rng: random.Random) -> list[list[str]]:
        """Deal the later players hands of their real sizes from the unseen cards."""
        need = min(sum(sizes), len(pool))
        drawn = rng.sample(pool, need)
        hands, at = [], 0
        for size in sizes:
            hands.append(drawn[at: at + size] or drawn[-1:])
            at += size
        return hands

    @staticmethod
    def _reply(trick: list[tuple[int, str]], seat: int, hand: list[str], piles: list[int], cost: float) -> str:
        """An opponent's answer: the card that would win them most right now, counting its cost."""
        best_card, best_value = hand[0], float("-inf")
        for card in hand:
            gains = _gains(trick + [(seat, card)], piles)
            value = gains.get(seat, 0) - cost * CARD_VALUE[card]
            if value > best_value:
                best_card, best_value = card, value
        return best_card


class EasyBot:
    """Plausible but careless: looks only at the cards already played, and slips now and then."""

    name = "easy"

    def __init__(self, slip: float = 0.35) -> None:
        self.slip = slip

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        """A claim or a play for the seat of ``view``; always one of ``legal``."""
        if len(legal) == 1:
            return legal[0]
        if rng.random() < self.slip:
            return legal[rng.randrange(len(legal))]
        sums = {g["colour"]: g["sum"] for g in view["display_groups"]}
        return _greedy(legal, sums, _view_trick, view)


class GreedyRollout(EasyBot):
    """The search's rollout player: ``easy`` without its slips, that is the one-look greedy choice.

    Besides :meth:`choose` (on a view, like every bot) it answers :meth:`choose_state`, the same choice read off
    the state of a sampled deal (the mover's hand, the trick and the display), which the searches call inside
    their rollouts: building a view for every move of a rollout costs about as much as the rest of the move, so
    reading the state lets the same ceiling hold about twice as many rollouts. Both make the same choice and draw
    the same random numbers, so a search plays exactly as it would with ``EasyBot(slip=0.0)``, only sooner.
    """

    name = "greedy-rollout"

    def __init__(self) -> None:
        super().__init__(slip=0.0)

    def choose_state(self, state: Any, legal: list[Action], rng: random.Random) -> Action:
        """:meth:`choose` for the mover of ``state`` (an Etalage state), read from the state instead of its view.
        The state is only read, never changed; a rollout's policy may read it, since the deal is a sampled one."""
        if len(legal) == 1:
            return legal[0]
        rng.random()  # the slip draw of :meth:`EasyBot.choose` (never a slip here), so the random stream matches
        sums: dict[str, int] = {}
        for card in state.display:
            colour = CARD_COLOUR[card]
            sums[colour] = sums.get(colour, 0) + CARD_VALUE[card]
        return _greedy(legal, sums, _state_trick, state)


def _view_trick(view: dict[str, Any]) -> tuple[int, list[tuple[int, str]]]:
    """The mover's seat and the trick's plays so far as ``(seat, card)``, from the mover's view."""
    return view["seat"], [(p["seat"], p["card"]) for p in view["plays"]]


def _state_trick(state: Any) -> tuple[int, list[tuple[int, str]]]:
    """The mover's seat and the trick's plays so far as ``(seat, card)``, from an Etalage state (while playing)."""
    return state.seat_to_play(), state.trick_plays()


def _greedy(legal: list[Action], sums: dict[str, int], trick: Callable[[Any], tuple[int, list[tuple[int, str]]]],
            source: Any) -> Action:
    """The one-look greedy choice of ``easy`` (without its slips) among ``legal``, from what a view and a state both
    hold: ``sums``, the display's total per colour, and ``trick(source)``, the mover's seat and the trick's plays so
    far (read only for a play: a claim needs neither). A claim takes the largest pile it may; a card is worth the
    pile it would win if every claimant took the largest pile left, less 0.3 per point of the card spent. The first
    best wins ties, so :meth:`EasyBot.choose` on a view and :meth:`GreedyRollout.choose_state` on its state choose
    alike."""
    if isinstance(legal[0], Claim):
        return max(legal, key=lambda a: sums[a.colour])  # type: ignore[attr-defined]
    me, plays = trick(source)
    piles = sorted(sums.values(), reverse=True)

    def value(action: Action) -> float:
        card = action.card  # type: ignore[attr-defined]
        return _gains(plays + [(me, card)], piles).get(me, 0) - 0.3 * CARD_VALUE[card]

    return max(legal, key=value)


BOTS = {"easy": EasyBot, "normal": NormalBot}
