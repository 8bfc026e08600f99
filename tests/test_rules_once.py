"""Rules that were written twice now exist once: every place that applies one asks the same function.

Each test swaps the one function for a stricter stand-in and sees every user of the rule follow it (a copy left
behind would not), then checks the function's own answers against the rulebook reading.
"""

from __future__ import annotations

import ast
import inspect
from typing import Any

import pytest

import pygame_rules as pr
from pygame_rules.core.errors import BadOptions, BadScenario
from pygame_rules.core.game import Refusal
from pygame_rules.games.level8 import Add, Keep, Level8State, checks
from pygame_rules.games.skipbo import RULES, SkipBoRules, load_rules

NEVER = Refusal("lay_out_first", {"level": 0})


# ----- Level 8: the keep limit -------------------------------------------------------------------------------------
def _keep_phase() -> Level8State:
    """A fresh two-star Level 8 game put in its keep phase (seat 0 keeps cards before the next deal)."""
    state = pr.new_game("level8", players=2, seed=1, options={"sheet": "two_star"})
    assert isinstance(state, Level8State)
    state.phase, state.keep_queue, state.levels = "keep", [0], [5, 5]
    return state


def test_keep_refusal_is_the_keep_rule() -> None:
    hand = ["R1", "R1", "B5", "J"]
    assert checks.keep_refusal(["R1", "B5"], hand, 2) is None
    assert checks.keep_refusal(["R1", "R1", "B5"], hand, 2) == Refusal("keep_too_many", {"limit": 2})
    assert checks.keep_refusal(["B5", "B5"], hand, 2) == Refusal("card_not_in_hand", {"card": "B5"})
    assert checks.keep_refusal([], hand, 0) is None


def test_the_keep_checker_and_the_saved_table_check_ask_one_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _keep_phase()
    seat = state.keep_queue[0]
    keep = Keep(tuple(state.hands[seat][:1]))
    assert state.problem(keep) is None
    state.kept[seat] = list(keep.cards)
    checks.validate(state)  # a kept card the seat holds, within the limit
    monkeypatch.setattr(checks, "keep_refusal", lambda cards, hand, limit: Refusal("keep_too_many", {"limit": 0}))
    refusal = state.problem(keep)
    assert refusal is not None and refusal.reason == "keep_too_many"
    with pytest.raises(ValueError, match="keeps"):
        checks.validate(state)


# ----- Level 8: adding to a part ----------------------------------------------------------------------------------
def _with_adds() -> Level8State:
    """A Level 8 position in the play phase where the seat to move may add cards to a part."""
    for seed in range(400):
        state = pr.new_game("level8", players=2, seed=seed)
        assert isinstance(state, Level8State)
        for _ in range(400):
            if state.is_over():
                break
            legal = state.legal_actions()
            if any(isinstance(a, Add) for a in legal):
                return state
            lays = [a for a in legal if a.kind == "lay_out"]
            state.apply(lays[0] if lays else legal[0])
    raise AssertionError("no position with an addition found")


def test_add_refusal_is_the_precondition_of_adding() -> None:
    assert checks.add_refusal(False, 3, 5) == Refusal("lay_out_first", {"level": 3})
    assert checks.add_refusal(True, 3, 1) == Refusal("last_card", {})
    assert checks.add_refusal(True, 3, 2) is None


def test_the_add_lister_and_checker_ask_one_precondition(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _with_adds()
    add = next(a for a in state.legal_actions() if isinstance(a, Add))
    assert state.problem(add) is None
    monkeypatch.setattr(checks, "add_refusal", lambda laid, level, cards: NEVER)
    fresh = pr.load_state(state.to_json())  # (a fresh state: its legal list is not cached yet)
    assert not any(isinstance(a, Add) for a in fresh.legal_actions())
    refusal = fresh.problem(add)
    assert refusal is not None and refusal.reason == "lay_out_first"


# ----- Level 8: the shape of a part on the table ------------------------------------------------------------------
def test_part_shape_refusal_reads_kind_and_cards() -> None:
    assert checks.part_shape_problem(["run", "R1"]) is None
    assert checks.part_shape_problem(["run"]) is not None
    assert checks.part_shape_problem(["pair", "R1", "B1"]) is not None
    assert checks.part_shape_problem([]) is not None


def test_saved_tables_and_scenarios_ask_one_part_shape(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _with_adds()
    checks.validate(state)
    scenario: dict[str, Any] = {"players": 2, "hands": [["R1", "R2"], ["B3"]],
                                "table": [[["set", "G4", "R4", "Y4"]], []], "laid": [True, False]}
    pr.from_scenario("level8", scenario)
    monkeypatch.setattr(checks, "part_shape_problem", lambda part: "refused by the one shape rule")
    with pytest.raises(ValueError, match="refused by the one shape rule"):
        checks.validate(state)
    with pytest.raises(BadScenario, match="refused by the one shape rule"):
        pr.from_scenario("level8", scenario)


# ----- Level 8: refusals are codes and parameters -----------------------------------------------------------------
def test_level8_checks_build_no_english() -> None:
    """The checkers name a reason code and its parameters; the words come from the catalogue when a refusal is read
    (an English sentence built here was thrown away)."""
    tree = ast.parse(inspect.getsource(checks))
    built = [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Call)
             and isinstance(node.func, ast.Name) and node.func.id == "IllegalAction"]
    assert built == []


# ----- Skip-Bo: the stocks and hands fit the deck -----------------------------------------------------------------
def test_stocks_fit_is_the_deck_rule() -> None:
    assert RULES.stocks_fit(2, 30)
    assert RULES.stocks_fit(6, 20)
    assert not RULES.stocks_fit(6, 30)  # 6 x (30 + 5) = 210 cards: more than 162


def test_the_rules_data_and_the_options_ask_one_deck_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    pr.new_game("skipbo", players=2, seed=1, options={"stock_size": 10})
    load_rules()
    monkeypatch.setattr(SkipBoRules, "stocks_fit", lambda self, players, stock: False)
    with pytest.raises(BadOptions) as refused:
        pr.new_game("skipbo", players=2, seed=1, options={"stock_size": 10})
    assert refused.value.details.get("option") == "stock_size"
    with pytest.raises(ValueError, match="do not fit the deck"):
        load_rules()
