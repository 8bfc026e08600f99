"""The engine's one cache policy (pygame_rules.core.memo): bounded memo tables that clear_caches() empties.

Games remember answers in registered :class:`Memo` tables; these tests hold that the bound holds, that
``clear_caches()`` really empties every registered table and cached function, that no game module keeps a table
with eviction code of its own, and that clearing never changes how a game plays.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

import pygame_rules as pr
from pygame_rules.core import memo
from pygame_rules.core.memo import Memo, cached, cached_functions, clear_caches, memos

GAMES_DIR = Path(pr.__file__).parent / "games"


def test_a_memo_stays_within_its_bound_and_keeps_the_newest() -> None:
    table: Memo[int, int] = Memo("test.bounded", 8)
    try:
        for i in range(100):
            assert table.put(i, i * i) == i * i
            assert len(table) <= 8
        assert table[99] == 99 * 99
        assert 0 not in table
    finally:
        memo._MEMOS.remove(table)


def test_put_many_remembers_a_computed_table_at_once_within_the_bound() -> None:
    """``put_many`` remembers every pair of a table computed at once; a bounded memo then drops its oldest entries
    (half its size at a time, as ``put`` does) until it is back within its bound, keeping the newest."""
    bounded: Memo[int, int] = Memo("test.many.bounded", 8)
    unbounded: Memo[int, int] = Memo("test.many.unbounded", None)
    try:
        bounded.put(-1, 1)
        bounded.put_many((i, i * i) for i in range(6))
        assert dict(bounded) == {-1: 1, **{i: i * i for i in range(6)}}
        bounded.put_many((i, i * i) for i in range(6, 19))
        assert len(bounded) <= 8 and bounded[18] == 18 * 18 and -1 not in bounded and 0 not in bounded
        unbounded.put_many((i, -i) for i in range(100))
        assert len(unbounded) == 100 and unbounded[99] == -99
    finally:
        memo._MEMOS.remove(bounded)
        memo._MEMOS.remove(unbounded)


def test_an_unbounded_memo_keeps_everything_and_intern_returns_one_object() -> None:
    table: Memo[str, list[str]] = Memo("test.interned", None)
    try:
        for i in range(50):
            table.put(str(i), [str(i)])
        assert len(table) == 50
        first = table.intern("x", lambda: ["x"])
        assert table.intern("x", lambda: ["other"]) is first
    finally:
        memo._MEMOS.remove(table)


def test_put_returns_what_the_table_keeps_and_clear_caches_empties_both_kinds() -> None:
    """``put`` returns the value the table now holds for the key, bounded or not; an unbounded table (whose put is
    the dict's own ``setdefault``) keeps the first value of a key, since a memo's answers never change."""
    bounded: Memo[str, int] = Memo("test.put.bounded", 4)
    unbounded: Memo[str, int] = Memo("test.put.unbounded", None)
    try:
        for table in (bounded, unbounded):
            assert isinstance(table, Memo) and table in memos()
            assert table.put("a", 1) == 1 and table["a"] == 1
        assert unbounded.put("a", 2) == 1 and unbounded["a"] == 1
        clear_caches()
        assert not bounded and not unbounded
    finally:  # (by identity: list.remove compares by ==, and every empty table equals every other)
        memo._MEMOS[:] = [m for m in memo._MEMOS if m is not bounded and m is not unbounded]


def test_clear_caches_is_public_and_clears_a_registered_function() -> None:
    calls: list[int] = []

    @cached()
    def square(n: int) -> int:
        calls.append(n)
        return n * n

    try:
        assert square(3) == 9 and square(3) == 9
        assert calls == [3]
        pr.clear_caches()
        assert square(3) == 9
        assert calls == [3, 3]
    finally:
        memo._CACHED.remove(square)


def _play(game: str, seed: int, clear_every: int | None) -> list[Any]:
    """A seeded random game from empty caches, recorded as (legal list, chosen action, events) per move; caches
    cleared again every ``clear_every`` moves when given."""
    clear_caches()
    state = pr.new_game(game, players=3, seed=seed)
    rng = random.Random(seed)
    record: list[Any] = []
    moves = 0
    while not state.is_over() and moves < 400:
        if clear_every is not None and moves % clear_every == 0:
            clear_caches()
        legal = state.legal_actions()
        action = rng.choice(legal)
        record.append(([a.to_json() for a in legal], action.to_json(), state.apply(action)))
        moves += 1
    record.append(state.to_json())
    return record


@pytest.mark.parametrize("game", pr.GAMES)
def test_clear_caches_empties_every_registered_table_and_play_is_unchanged(game: str) -> None:
    plain = _play(game, 7, None)
    used = [m.name for m in memos() if len(m)]
    assert used or game == "skipbo", f"{game} filled no memo table"
    clear_caches()
    assert [m.name for m in memos() if len(m)] == []
    assert [f for f in cached_functions() if f.cache_info().currsize] == []
    assert _play(game, 7, 3) == plain


def test_every_game_memo_table_is_registered() -> None:
    for game in pr.GAMES:
        pr.new_game(game, players=3, seed=1)
    names = [m.name for m in memos()]
    assert len(names) == len(set(names)), "two memo tables share a name"
    for prefix in ("topspot.", "level8.", "etalage."):
        assert any(n.startswith(prefix) for n in names), prefix


@pytest.mark.parametrize("path", sorted(GAMES_DIR.glob("*.py")), ids=lambda p: p.name)
def test_no_game_module_evicts_a_table_of_its_own(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert not re.search(r"\.clear\(\)|next\(iter\(", text), "use pygame_rules.core.memo.Memo"
