"""Level 8 bots. They read only the seat's view and the legal list.

``normal`` estimates how many cards its hand still lacks for the current level (:func:`missing`), takes a discard
top only when it lowers that number (or can be added to the table once laid out), lays out the lay-out that sheds the
most real cards, adds every card it can, plays skip cards on the most dangerous opponent, and discards the card whose
loss hurts least. ``easy`` plays the same way with deliberate mistakes: it ignores discard tops, picks lay-outs at
random, sometimes stops adding early and sometimes throws away a useful card.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from ..core.actions import Action
from ..games.level8 import Add, Discard, Keep, LayOut, Skip, TakeDiscard
from ..games.level8.solver import (
    DECK,
    JOKER,
    NUMBER_CARDS,
    SKIP,
    PartError,
    Requirement,
    add_options,
    add_to_part,
)

_BRANCH = 3  # candidates tried per part in the missing-card estimate
_SHARED = {"set": 1, "colour": 0}  # what the cards of a part share: the index in NUMBER_CARDS' (colour, number)


def missing(reqs: Sequence[Requirement], hand: Sequence[str]) -> int:
    """An estimate of how many more cards ``hand`` needs to lay out ``reqs`` (0: it can, or almost surely can).

    Each part is filled at its minimum size from the best few candidates (a number for sets, a start for runs, a
    colour for colour groups); the missing cards of the cheapest combination, less the jokers in hand, is the answer.
    """
    jokers = sum(1 for t in hand if t == JOKER)
    avail = {t for t in hand if t in NUMBER_CARDS}
    slots = sorted(reqs, key=lambda r: -r.size)
    best = [sum(r.size for r in slots)]

    def candidates(req: Requirement, free: set[str]) -> list[tuple[int, list[str]]]:
        out = []
        shared = _SHARED.get(req.kind)
        if shared is not None:  # a set or a colour group: the cards of one number or one colour, lowest first
            groups: dict[int | str, list[str]] = {}
            for t in sorted(free):
                groups.setdefault(NUMBER_CARDS[t][shared], []).append(t)
            for toks in groups.values():
                toks = toks[: req.size]
                out.append((req.size - len(toks), toks))
        else:
            by_num: dict[int, str] = {}
            for t in sorted(free):
                by_num.setdefault(NUMBER_CARDS[t][1], t)
            for a in range(DECK.low, DECK.high - req.size + 2):
                toks = [by_num[x] for x in range(a, a + req.size) if x in by_num]
                if toks:
                    out.append((req.size - len(toks), toks))
        out.sort(key=lambda c: c[0])
        return out[:_BRANCH] or [(req.size, [])]

    def rec(i: int, free: set[str], cost: int) -> None:
        if cost >= best[0]:
            return
        if i == len(slots):
            best[0] = cost
            return
        for extra, toks in candidates(slots[i], free):
            rec(i + 1, free.difference(toks), cost + extra)

    rec(0, avail, 0)
    return max(0, best[0] - jokers)


def _reqs(view: dict[str, Any], seat: int) -> list[Requirement]:
    level = view["levels"][seat]
    parts = view["sheet"]["levels"][level - 1]["parts"]
    return [Requirement(p["kind"], p["size"]) for p in parts]


def _table_parts(view: dict[str, Any]) -> list[tuple[str, ...]]:
    return [(part["kind"], *part["cards"]) for parts in view["table"] for part in parts]


def _addable(card: str, parts: list[tuple[str, ...]]) -> bool:
    for part in parts:
        tokens = add_options(part) if card == JOKER else [card]
        for tok in tokens:
            try:
                add_to_part(part, tok)
                return True
            except PartError:
                continue
    return False


class Level8Bot:
    """The heuristic bot; ``mistakes`` > 0 makes the easy bot."""

    def __init__(self, name: str = "normal", mistakes: float = 0.0) -> None:
        self.name = name
        self.mistakes = mistakes

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        """Pick one of ``legal`` from the view of the seat to move."""
        if len(legal) == 1:
            return legal[0]
        phase = view["phase"]
        if phase == "keep":
            return self._keep(view, legal)
        if phase == "draw":
            return self._draw(view, legal)
        return self._play(view, legal, rng)

    def _slip(self, rng: random.Random) -> bool:
        return self.mistakes > 0 and rng.random() < self.mistakes

    # ----- taking a card ------------------------------------------------------------------------------------
    def _draw(self, view: dict[str, Any], legal: list[Action]) -> Action:
        me = view["seat"]
        hand = view["hand"]
        takes = [a for a in legal if isinstance(a, TakeDiscard)]
        draw = next((a for a in legal if not isinstance(a, TakeDiscard)), None)
        if self.mistakes:  # the easy bot only grabs jokers
            for a in takes:
                if view["discards"][a.seat]["top"] == JOKER:
                    return a
            return draw or takes[0]
        best: Action | None = draw
        best_score: int | None = None
        if view["laid_out"][me]:
            parts = _table_parts(view)
            for a in takes:
                top = view["discards"][a.seat]["top"]
                if top != SKIP and _addable(top, parts):
                    return a
            return draw or takes[0]
        reqs = _reqs(view, me)
        base = missing(reqs, hand)
        for a in takes:
            top = view["discards"][a.seat]["top"]
            if top == SKIP:
                continue
            score = missing(reqs, [*hand, top])
            if score < base and (best_score is None or score < best_score):
                best, best_score = a, score
        return best or takes[0]

    # ----- the rest of the turn -----------------------------------------------------------------------------
    def _play(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        me = view["seat"]
        lays = [a for a in legal if isinstance(a, LayOut)]
        if lays:
            if self.mistakes:
                return rng.choice(lays)
            return max(lays, key=_layout_rank)
        adds = [a for a in legal if isinstance(a, Add)]
        if adds and not self._slip(rng):
            real = [a for a in adds if a.card in NUMBER_CARDS]
            return (real or adds)[0]
        skips = [a for a in legal if isinstance(a, Skip)]
        if skips and len(view["hand"]) > 1:
            return max(skips, key=lambda a: _threat(view, a.target))
        discards = [a for a in legal if isinstance(a, Discard)]
        return self._discard(view, discards, me, rng)

    def _feeds(self, view: dict[str, Any]) -> Callable[[str], bool]:
        """A test: does discarding this card hand an opponent a card it can use? ``normal`` does not look."""
        return lambda card: False

    def discard_scores(self, view: dict[str, Any], discards: list[Discard]) -> list[tuple[int, Discard, list[str]]]:
        """For a seat not yet laid out: each discard with its cost (cards still missing afterwards, plus one if it
        feeds an opponent, see :meth:`_feeds`) and the hand it leaves. Lower cost is better."""
        feeds = self._feeds(view)
        reqs = _reqs(view, view["seat"])
        scored = []
        for a in discards:
            rest = list(view["hand"])
            rest.remove(a.card)
            scored.append((missing(reqs, rest) + (1 if feeds(a.card) else 0), a, rest))
        return scored

    def _discard(self, view: dict[str, Any], discards: list[Discard], me: int, rng: random.Random) -> Action:
        plain = [a for a in discards if a.card != JOKER] or discards
        if self._slip(rng):
            return rng.choice(plain)
        feeds = self._feeds(view)
        if view["laid_out"][me]:
            skip = [a for a in plain if a.card == SKIP]
            if skip:
                return skip[0]
            return max(plain, key=lambda a: (not feeds(a.card), NUMBER_CARDS.get(a.card, ("", 0))[1]))
        scored = self.discard_scores(view, plain)
        low = min(s[0] for s in scored)
        return self._break_tie(view, [s for s in scored if s[0] == low], rng)

    def _break_tie(self, view: dict[str, Any], ties: list[tuple[int, Discard, list[str]]],
                   rng: random.Random) -> Action:
        """Among equally good discards (from :meth:`discard_scores`): any of them."""
        return ties[rng.randrange(len(ties))][1]

    # ----- two-star keep rule -------------------------------------------------------------------------------
    def _keep(self, view: dict[str, Any], legal: list[Action]) -> Action:
        me = view["seat"]
        limit = view["keep"]["cards"]
        reqs = _reqs(view, me)
        hand = [c for c in view["hand"] if c != SKIP]
        chosen: list[str] = [c for c in hand if c == JOKER][:limit]
        rest = [c for c in hand if c != JOKER]
        while len(chosen) < limit and rest:
            pick = min(rest, key=lambda c: (missing(reqs, [*chosen, c]), c))
            chosen.append(pick)
            rest.remove(pick)
        want = Counter(chosen)
        keeps = [a for a in legal if isinstance(a, Keep)]
        for a in keeps:
            if Counter(a.cards) == want:
                return a
        return max(keeps, key=lambda a: len(a.cards))


def _layout_rank(action: LayOut) -> tuple[int, int]:
    cards = [t for part in action.parts for t in part[1:]]
    jokers = sum(1 for t in cards if t[0] == JOKER)
    return (len(cards) - jokers, -jokers)


def _threat(view: dict[str, Any], seat: int) -> tuple[int, int, int]:
    """Bigger is more dangerous: laid out, then close to going out, then high level."""
    return (int(view["laid_out"][seat]), -view["hand_counts"][seat], view["levels"][seat])


# ----- the search's prior: normal plus card counting on its discards ------------------------------------------------
def _unseen(view: dict[str, Any]) -> list[str]:
    """Number cards this seat has not seen: not in its hand, not on the table, not on a discard top."""
    seen = set(view["hand"])
    for parts in view["table"]:
        for part in parts:
            seen.update(part["cards"])
    seen.update(d["top"] for d in view["discards"] if d["top"])
    return [t for t in NUMBER_CARDS if t not in seen]


class CountingBot(Level8Bot):
    """``normal`` with better discards: among the discards that leave the hand equally far from its level it keeps
    the hand with the most unseen cards that would bring it closer (outs), and it avoids handing a laid-out
    opponent a card that fits the table. Used only as the ``hard`` level's default move and rollout policy."""

    def __init__(self, name: str = "normal-counting", outs: bool = True, feed: bool = True) -> None:
        super().__init__(name)
        self.outs = outs
        self.feed = feed

    def _feeds(self, view: dict[str, Any]) -> Callable[[str], bool]:
        """A test: does discarding this card hand a laid-out opponent a card that fits the table?"""
        me = view["seat"]
        others_out = any(view["laid_out"][s] for s in range(view["players"]) if s != me)
        parts = _table_parts(view) if self.feed and others_out else []
        return lambda card: bool(parts) and card in NUMBER_CARDS and _addable(card, parts)

    def _break_tie(self, view: dict[str, Any], ties: list[tuple[int, Discard, list[str]]],
                   rng: random.Random) -> Action:
        """Among equally good discards, keep the hand with the most unseen cards that would bring it closer."""
        if len(ties) == 1 or not self.outs:
            return super()._break_tie(view, ties, rng)
        reqs = _reqs(view, view["seat"])
        unseen = _unseen(view)
        best, best_outs = [], -1
        for _, a, rest in ties:
            base = missing(reqs, rest)
            outs = sum(1 for t in unseen if missing(reqs, [*rest, t]) < base) if base else 0
            if outs > best_outs:
                best, best_outs = [a], outs
            elif outs == best_outs:
                best.append(a)
        return best[rng.randrange(len(best))]


BOTS = {
    "easy": lambda: Level8Bot("easy", mistakes=0.3),
    "normal": lambda: Level8Bot("normal"),
}
