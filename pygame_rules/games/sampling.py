"""What every game's determinization sampler shares: the error, the saved-game envelope and the constrained deal.

A game's sampler (``pygame_rules/games/<game>/sampler.py``, named by its ``ENTRY``) is ``sample(view, rng) -> State``:
a full state that shows the seat exactly ``view`` again (a match's ``"match"`` part aside), holds every card of the
game exactly once (the game's own ``_validate`` runs through ``load_state``) and respects everything the view says
about hidden cards. The unseen cards are otherwise spread uniformly at random (seeded by ``rng``), with a fresh seed
for the state's own generator, so the view's owner learns nothing from the sample that it did not already know.
Samplers build the state through the game's public JSON form (``to_json`` layout + ``load_state``), never by touching
engine internals, so a game that changes its fields breaks loudly here rather than silently.

A sampler is rules knowledge (which deals agree with a seat's view), so it lives in the game's package; the bots
read it from the registry (:mod:`pygame_rules.bots.samplers`). This module imports no bot.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from itertools import combinations
from typing import Any, TypeVar

from ..core.game import STATE_FORMAT, STATE_VERSION, State

Sampler = Callable[[dict[str, Any], random.Random], State]


class SampleError(ValueError):
    """The view admits no consistent deal (a corrupt or hand-edited view)."""


def without(record: Any, *view_only: str) -> Any:
    """A view record as the save stores it: the view-only drawing aids dropped."""
    return {k: v for k, v in record.items() if k not in view_only} if isinstance(record, dict) else record


def state_json(game: str, players: int, options: dict[str, Any], data: dict[str, Any],
               rng: random.Random) -> dict[str, Any]:
    """A saved-game envelope around ``data`` with a fresh, unguessable-from-the-view generator seed."""
    return {
        "format": STATE_FORMAT, "version": STATE_VERSION, "game": game, "kind": "game", "players": players,
        "options": options, "rng": {"seed": f"sample/{rng.getrandbits(64):x}", "count": 0}, "data": data,
    }


C = TypeVar("C", bound=Hashable)  # a card of any game


def minus(total: Counter[Any], seen: Sequence[Any], what: str) -> None:
    """Remove ``seen`` from ``total``; a card seen more often than the game has it means a corrupt view."""
    for card in seen:
        if total[card] <= 0:
            raise SampleError(f"the view shows {card!r} more often than the game holds it ({what})")
        total[card] -= 1


def constrained_deal(cards: list[C], capacity: dict[int, int], allowed: Callable[[C, int], bool],
                     rng: random.Random) -> dict[int, list[C]]:
    """Deal every card to a seat: seat ``s`` gets exactly ``capacity[s]`` cards, each one ``allowed`` there.

    Cards are taken in random order; each goes to a random seat (weighted by room left) among those that keep
    the rest of the deal possible. Possibility is Hall's condition on card types (a type is the set of seats a
    card may go to): for every set T of seats, the cards that can only go into T must fit in T's room. With at
    most six seats that is at most 64 cheap checks, so the deal never dead-ends.
    """
    seats = sorted(capacity)
    if sum(capacity.values()) != len(cards):
        raise SampleError(f"{len(cards)} unseen cards do not fill the {sum(capacity.values())} hidden places")
    kinds: dict[C, frozenset[int]] = {}
    for card in set(cards):
        kinds[card] = frozenset(s for s in seats if allowed(card, s))
    left: Counter[frozenset[int]] = Counter(kinds[c] for c in cards)
    room = dict(capacity)
    subsets = [frozenset(c) for r in range(1, len(seats) + 1) for c in combinations(seats, r)]

    def feasible() -> bool:
        for subset in subsets:
            need = sum(n for kind, n in left.items() if n and kind <= subset)
            if need > sum(room[s] for s in subset):
                return False
        return True

    order = list(cards)
    rng.shuffle(order)
    out: dict[int, list[C]] = {s: [] for s in seats}
    if all(len(kind) == len(seats) for kind in kinds.values()):  # no constraint: a plain shuffled deal
        at = 0
        for s in seats:
            out[s] = order[at:at + capacity[s]]
            at += capacity[s]
        return out
    if not feasible():
        raise SampleError("the view's constraints admit no deal of the unseen cards")
    for card in order:
        kind = kinds[card]
        left[kind] -= 1
        options = [s for s in kind if room[s] > 0]
        rng.shuffle(options)
        options.sort(key=lambda s: -room[s] * rng.random())  # weighted-random preference by room left
        for seat in options:
            room[seat] -= 1
            if feasible():
                out[seat].append(card)
                break
            room[seat] += 1
        else:  # pragma: no cover - feasible() before the loop guarantees a seat exists
            raise SampleError("constrained deal dead-ended")
    return out


__all__ = ["SampleError", "Sampler", "constrained_deal", "minus", "state_json", "without"]
