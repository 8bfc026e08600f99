"""GameRandom.shuffle is written out for speed: it must stay the exact shuffle of ``random.Random`` (saves, seeds
and reference playthroughs depend on every deal)."""

from __future__ import annotations

import random

import pytest

from pygame_rules.core.rng import GameRandom


@pytest.mark.parametrize("seed", [0, 1, 7, -5, 2**53 - 1, "bench/skipbo/2/0", "x" * 50])
def test_shuffle_equals_the_standard_library_shuffle(seed: int | str) -> None:
    rng = GameRandom(seed, count=3)
    for length in [0, 1, 2, 3, 5, 12, 31, 32, 33, 64, 100, 162, 200, 1000]:
        expected = list(range(length))
        random.Random(f"{seed}/{rng.count}").shuffle(expected)
        got = list(range(length))
        rng.shuffle(got)
        assert got == expected
    assert rng.count == 3 + 14  # one derived generator per shuffle, as before


def test_a_copied_generator_goes_on_alike_and_alone() -> None:
    """``copy`` (what every clone of a table uses) is the same state, not the same object: both go on with the same
    shuffles, and drawing from one never moves the other."""
    original = GameRandom("copy me", 3)
    copied = original.copy()
    assert copied is not original and copied.to_json() == original.to_json()
    a, b = list(range(30)), list(range(30))
    copied.shuffle(a)
    assert original.count == 3 and copied.count == 4
    original.shuffle(b)
    assert a == b
