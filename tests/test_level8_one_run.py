"""The one-run "cannot" answer (``_run_lack`` over a mask of the numbers held) against the counts test it replaces."""

from __future__ import annotations

from pygame_rules.games import level8_solver as solver
from pygame_rules.games.level8_solver import Requirement, find_layouts


def test_run_lack_agrees_with_the_counts_test_on_every_mask() -> None:
    numbers = solver._NUMBERS
    for length in range(1, numbers + 1):
        for held in range(1 << numbers):
            counts = [held >> n & 1 for n in range(numbers)]
            lack = solver._run_lack(length, held)
            for jokers in range(4):
                assert (lack <= jokers) == solver._runs_fit((length,), (), counts, jokers), (length, held, jokers)


def test_a_run_longer_than_the_numbers_never_fits() -> None:
    assert solver._run_lack(solver._NUMBERS + 1, (1 << solver._NUMBERS) - 1) > 100
    assert find_layouts((Requirement("run", solver._NUMBERS + 1),), ["J"] * 20) == ()


def test_one_run_levels_answer_as_before() -> None:
    reqs = (Requirement("run", 7),)
    assert find_layouts(reqs, ["R1", "G2", "B3", "Y4", "R5", "J", "J", "S", "O15", "O14", "O13"])
    assert find_layouts(reqs, ["R1", "G2", "B3", "Y4", "R5", "J", "S", "O15", "O14", "O13", "O12"]) == ()
