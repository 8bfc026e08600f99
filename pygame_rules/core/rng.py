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


MAX_SEED = 2**53 - 1  # saves travel through JavaScript, whose numbers hold whole numbers exactly up to here
MAX_SEED_TEXT = 1000


def check_seed(seed: Any) -> int | str:
    """``seed`` if every later shuffle can use it, else ``ValueError`` saying why.

    A seed is hashed as the text ``"<seed>/<count>"``: it must be a whole number a save can carry exactly (within
    JavaScript's safe integers) or a string of at most 1,000 characters that is real text (a lone surrogate
    cannot be encoded, so every reshuffle would fail).

    >>> check_seed("\\udc00")
    Traceback (most recent call last):
    ...
    ValueError: seed must be text: '\\udc00' holds a lone surrogate
    """
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise ValueError(f"seed must be a whole number or a string, not {seed!r}")
    if isinstance(seed, int):
        if not -MAX_SEED <= seed <= MAX_SEED:
            raise ValueError(f"seed must be a whole number from -{MAX_SEED} to {MAX_SEED}")
        return seed
    if len(seed) > MAX_SEED_TEXT:
        raise ValueError(f"seed must be at most {MAX_SEED_TEXT} characters, not {len(seed)}")
    try:
        seed.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError(f"seed must be text: {seed!r} holds a lone surrogate") from None
    return seed


def _steps(size: int) -> tuple[tuple[int, int], ...]:
    """The steps of a Fisher-Yates shuffle of ``size`` items: ``(i, k)`` for ``i = size - 1 .. 1``, where ``k`` is
    the bit length of ``i + 1`` (an index ``0..i`` is drawn as ``k`` random bits, redrawn while above ``i``)."""
    return tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


_STEPS_SIZE = 256  # the shuffles of every game fit (a Skip-Bo deck is 162 cards); longer lists compute their steps
_STEPS = _steps(_STEPS_SIZE)  # a shuffle of n <= _STEPS_SIZE items takes the last n - 1 of these


_new = object.__new__


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
        self.seed = check_seed(seed)
        self.count = count

    def _next(self) -> random.Random:
        gen = random.Random(f"{self.seed}/{self.count}")
        self.count += 1
        return gen

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Shuffle ``items`` in place with the next derived generator.

        The very steps of ``random.Random.shuffle`` (Fisher-Yates from the end, each index drawn by rejection from
        ``getrandbits``), written out so that a deal does not pay two Python calls per card, and with the steps
        (each index and the bits it draws) read from :data:`_STEPS` rather than computed per card: a four-player
        Skip-Bo game reshuffles its completed piles a dozen times or more. A test holds the result equal to
        ``random.Random.shuffle`` for many seeds and lengths (tests/test_rng_shuffle.py).
        """
        getrandbits = self._next().getrandbits
        size = len(items)
        steps = _STEPS[_STEPS_SIZE - size:] if size <= _STEPS_SIZE else _steps(size)
        for i, k in steps:
            j = getrandbits(k)
            while j > i:
                j = getrandbits(k)
            items[i], items[j] = items[j], items[i]

    def copy(self) -> GameRandom:
        """An independent generator in the same state, without checking the seed again (it was checked when this
        one was made): every clone of a table makes one, and bots' searches clone all the time."""
        other = _new(GameRandom)
        other.seed = self.seed
        other.count = self.count
        return other

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
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_SEED:
            raise ValueError(f"rng count must be a whole number from 0 to {MAX_SEED}")
        return cls(data["seed"], count)
