"""Seeded randomness that lives in the game state.

Instead of pickling a Mersenne Twister (625 integers), the state keeps only the seed and a counter of random
draws made so far. Each shuffle gets its own generator seeded from ``"<seed>/<counter>"``, so a reshuffle in the
middle of a game replays identically from the same seed and actions, and the JSON form stays tiny. String seeds
are hashed by ``random.Random`` with SHA-512, which is identical in CPython and Pyodide.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence
from typing import Any, TypeVar

T = TypeVar("T")


class GameRandom:
    """A deterministic source of shuffles and choices, serialisable as ``{"seed": s, "count": n}``.

    >>> a = GameRandom(7); b = GameRandom(7)
    >>> x = list(range(10)); y = list(range(10))
    >>> a.shuffle(x); b.shuffle(y); x == y
    True
    >>> GameRandom.from_json(a.to_json()).randint(0, 10**9) == a.randint(0, 10**9)
    True
    """

    __slots__ = ("seed", "count")

    def __init__(self, seed: int | str, count: int = 0) -> None:
        if isinstance(seed, bool) or not isinstance(seed, (int, str)):
            raise ValueError(f"seed must be an int or a string, not {seed!r}")
        self.seed = seed
        self.count = count

    def _next(self) -> random.Random:
        gen = random.Random(f"{self.seed}/{self.count}")
        self.count += 1
        return gen

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Shuffle ``items`` in place with the next derived generator."""
        self._next().shuffle(items)

    def randint(self, low: int, high: int) -> int:
        """A number in ``low..high`` inclusive."""
        return self._next().randint(low, high)

    def choice(self, items: list[T]) -> T:
        """One element of a non-empty list."""
        return items[self._next().randrange(len(items))]

    def fork(self, label: str) -> GameRandom:
        """An independent stream for a sub-purpose (e.g. the next game of a match), stable for a given label."""
        return GameRandom(f"{self.seed}/{label}")

    def to_json(self) -> dict[str, Any]:
        """The whole generator state."""
        return {"seed": self.seed, "count": self.count}

    @classmethod
    def from_json(cls, data: Any) -> GameRandom:
        """Inverse of :meth:`to_json`; raises ``ValueError`` on anything malformed."""
        if not isinstance(data, dict) or set(data) != {"seed", "count"}:
            raise ValueError("rng must be an object with exactly 'seed' and 'count'")
        count = data["count"]
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ValueError("rng count must be a non-negative integer")
        return cls(data["seed"], count)
