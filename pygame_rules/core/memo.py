"""One cache policy for the whole engine: bounded memo tables that one call empties.

The games remember answers that never change (the stacks of a set of cards, the lay-outs of a hand, the shared
action objects of a table) because bots and the legal lister ask the same questions over and over. Every such table
is a :class:`Memo`: a plain ``dict`` (so a hit is one C-level ``get``) with a size bound and one eviction rule, and
registered so that :func:`clear_caches` can empty them all at once: tests call it to start from nothing, and the
browser worker calls it to hand memory back between games. Functions cached with :func:`cached` (a registered
``functools.lru_cache``) are cleared by the same call.

Using a memo::

    _STACKS = Memo("topspot.stacks", 4096)

    def stacks(key):
        found = _STACKS.get(key)
        if found is None:
            found = _STACKS.put(key, build(key))
        return found

Clearing never changes an answer, only how soon it comes: everything kept here can be computed again.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

K = TypeVar("K")
V = TypeVar("V")
F = TypeVar("F", bound=Callable[..., Any])

_MEMOS: list[Memo[Any, Any]] = []
_CACHED: list[Any] = []  # functools.lru_cache wrappers (anything with cache_clear)


class Memo(dict[K, V]):
    """A registered, bounded memo table: a ``dict`` whose :meth:`put` keeps it under ``size`` entries.

    The one eviction rule: when a new entry would pass ``size``, the oldest half of the entries goes (insertion
    order), which costs little per entry and keeps what was asked for lately. ``size=None``: no bound, for tables
    whose keys come from a small fixed domain (a card, a mask of twelve bits); they are still cleared by
    :func:`clear_caches`. Read it as a dict (``get``, ``in``); write new entries through :meth:`put`,
    :meth:`put_many` or :meth:`intern`.
    """

    __slots__ = ("name", "size")

    def __new__(cls, name: str, size: int | None) -> Memo[K, V]:
        # an unbounded table has nothing to evict: its put is the dict's own setdefault (no Python frame per miss)
        return dict.__new__(_Unbounded if size is None and cls is Memo else cls)

    def __init__(self, name: str, size: int | None) -> None:
        super().__init__()
        self.name = name
        self.size = size
        _MEMOS.append(self)

    def put(self, key: K, value: V) -> V:
        """Remember ``value`` for ``key`` (dropping the oldest half first when full) and return it."""
        size = self.size
        if size is not None and len(self) >= size:
            for old in list(itertools.islice(self, max(1, size // 2))):
                del self[old]
        self[key] = value
        return value

    def put_many(self, items: Iterable[tuple[K, V]]) -> None:
        """Remember every ``(key, value)`` of ``items`` at once (a table computed in one go, in C), then drop the
        oldest half of the entries while the table is over its bound (the rule of :meth:`put`)."""
        self.update(items)
        size = self.size
        while size is not None and len(self) > size:
            for old in list(itertools.islice(self, max(1, size // 2))):
                del self[old]

    def intern(self, key: K, make: Callable[[], V]) -> V:
        """The one object kept for ``key``, made by ``make()`` the first time (how shared actions are made)."""
        found = self.get(key)
        if found is None:
            found = self.put(key, make())
        return found

    def __repr__(self) -> str:
        return f"Memo({self.name!r}, {len(self)}/{self.size})"


class _Unbounded(Memo[K, V]):
    """A :class:`Memo` made with ``size=None``: :meth:`put` is ``dict.setdefault``, which remembers and returns the
    value just as :meth:`Memo.put` does for a new key (a key already kept keeps its value: answers never change)."""

    __slots__ = ()

    put = dict.setdefault  # type: ignore[assignment]


def cached(maxsize: int | None = None) -> Callable[[F], F]:
    """``functools.lru_cache(maxsize)``, registered so that :func:`clear_caches` clears it too."""
    def wrap(fn: F) -> F:
        wrapped = functools.lru_cache(maxsize=maxsize)(fn)
        _CACHED.append(wrapped)
        return wrapped  # type: ignore[return-value]
    return wrap


def memos() -> list[Memo[Any, Any]]:
    """Every registered memo table (of the modules imported so far), in registration order."""
    return list(_MEMOS)


def cached_functions() -> list[Any]:
    """Every function registered with :func:`cached` (each has ``cache_info`` and ``cache_clear``)."""
    return list(_CACHED)


def clear_caches() -> None:
    """Empty every memo table and cached function of the engine (of every game imported so far).

    Safe at any time between calls into the engine: no answer changes, the next questions are only slower.
    """
    for memo in _MEMOS:
        dict.clear(memo)
    for fn in _CACHED:
        fn.cache_clear()
