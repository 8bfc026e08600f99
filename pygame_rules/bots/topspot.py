"""Top Spot bots. They read only the seat's view and the legal list.

``normal`` counts cards: from the view it knows every card played so far, which colours each opponent has shown
it cannot follow and who has shown they hold no joker, so it can bound what the players still to act could
reach in a colour. It wins a round as cheaply as it safely can and otherwise throws away its least useful card.
``easy`` grabs the biggest play it sees and now and then plays at random.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ..core.actions import Action
from ..games.topspot import COLOUR, DECK, HOLES, JOKER, SPOTS, card_code, colour_stacks, stack_value

JOKER_MAX = HOLES[JOKER].bit_count()


def _worth(card: str) -> float:
    """How much a card is worth keeping: its spots and, a little less, its holes (what it can combine with)."""
    if card == JOKER:
        return 20.0
    return SPOTS[card].bit_count() + 0.6 * HOLES[card].bit_count()


def _cost(cards: tuple[str, ...]) -> float:
    return sum(_worth(c) for c in cards)


def unseen_cards(view: dict[str, Any]) -> Counter[str]:
    """Cards the seat has not seen: the game's deck minus its hand and every card shown face up so far."""
    deck = Counter(card_code(c, n) for c in view["colours"] for n in DECK.layouts)
    deck[JOKER] = view["jokers_in_game"]
    seen = Counter(view["hand"])
    for stacks in view["won"]:
        for stack in stacks:
            seen.update(stack)
    seen.update(view["unclaimed"])
    seen.update(view["pot"])
    seen.update(view["aside"])
    for play in view["table"]:
        seen.update(play["cards"])
    return deck - seen


class _Threat:
    """Upper bounds of what a group of opponents could still play in each colour."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.unseen = unseen_cards(view)
        self._bound: dict[str, int] = {}

    def colour_bound(self, colour: str) -> int:
        """The best stack one player could build if they held every unseen card of ``colour`` (-1: none)."""
        if colour not in self._bound:
            cards = [c for c in self.unseen if COLOUR[c] == colour]
            self._bound[colour] = max((v for _, v in colour_stacks(cards)), default=-1)
        return self._bound[colour]

    def against(self, colour: str, seats: list[int]) -> int:
        """The highest value any of ``seats`` might still follow ``colour`` with (-1: none of them can follow)."""
        view = self.view
        threat = -1
        if any(colour not in view["voids"][s] for s in seats):
            threat = self.colour_bound(colour)
        if view["level"] == "expert" and self.unseen[JOKER] and any(not view["no_joker"][s] for s in seats):
            threat = max(threat, JOKER_MAX)
        return threat


def _plays(legal: list[Action]) -> list[tuple[Action, tuple[str, ...], int]]:
    return [(a, a.cards, stack_value(a.cards)) for a in legal]  # type: ignore[attr-defined]


class NormalBot:
    """A card-counting heuristic: safe cheap wins first, cheap gambles when last to act, else discard low."""

    name = "normal"

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        """Pick one of ``legal`` from the view alone."""
        plays = _plays(legal)
        threat = _Threat(view)
        me = view["you"]
        table = view["table"]
        order = view["order"]
        later = [s for s in order[len(table) + 1:] if s != me]
        if not table:
            return self._lead(view, plays, threat, later, rng)
        led = view["led_colour"]
        best = max(p["value"] for p in table if p["follows"])
        follows = [p for p in plays if p[1][0] == JOKER or COLOUR[p[1][0]] == led]
        danger = max(best, threat.against(led, later)) if later else best
        safe = [p for p in follows if p[2] > danger]
        if safe:
            return min(safe, key=lambda p: (len(p[1]), _cost(p[1]), p[2]))[0]
        hopeful = [p for p in follows if p[2] > best and len(p[1]) <= 2 and p[2] >= danger - 1]
        if hopeful:
            return min(hopeful, key=lambda p: (_cost(p[1]), -p[2]))[0]
        return min(plays, key=lambda p: (_cost(p[1]), p[2]))[0]

    def _lead(self, view: dict[str, Any], plays: list[tuple[Action, tuple[str, ...], int]], threat: _Threat,
              others: list[int], rng: random.Random) -> Action:
        def colour_of(p: tuple[Action, tuple[str, ...], int]) -> str:
            return p[0].colour or COLOUR[p[1][0]]  # type: ignore[attr-defined,return-value]

        safe = [p for p in plays if p[2] > threat.against(colour_of(p), others)]
        if safe:
            return min(safe, key=lambda p: (len(p[1]), _cost(p[1]), p[2]))[0]
        strong = [p for p in plays if p[1][0] != JOKER and len(p[1]) <= 2 and p[2] >= 7]
        if strong:
            return max(strong, key=lambda p: (p[2] - threat.against(colour_of(p), others), -_cost(p[1])))[0]
        cheap = [p for p in plays if len(p[1]) == 1 and p[1][0] != JOKER] or plays
        return min(cheap, key=lambda p: (_cost(p[1]), rng.random()))[0]


class EasyBot:
    """Plausible but careless: usually the biggest play of at most two cards, sometimes any legal move."""

    name = "easy"

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        """Pick one of ``legal``; about one move in four is random."""
        if rng.random() < 0.25:
            return legal[rng.randrange(len(legal))]
        plays = [p for p in _plays(legal) if len(p[1]) <= 2] or _plays(legal)
        return max(plays, key=lambda p: (p[2], rng.random()))[0]


BOTS = {"easy": EasyBot, "normal": NormalBot}
