"""The table code the core generates per game (pygame_rules.core.compiled) against the codec walk it comes from.

Every game's blank table (``__init__``) and ``clone`` are written by the core from the table declaration. Here,
for every game and several player counts: the generated blank table has the same attributes, in the same order and
with the same values, as the core's loop over the codecs; and along random games the generated clone equals the
loop's clone and shares nothing mutable with the original.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import pygame_rules as pr
from pygame_rules.core.compiled import compile_table
from pygame_rules.core.game import State
from pygame_rules.core.rng import GameRandom
from pygame_rules.registry import game_class

PLAYERS = {"skipbo": [2, 4, 6], "topspot": [3, 4, 5], "etalage": [3, 4, 6], "level8": [2, 4, 6]}
CASES = [(g, p) for g in pr.GAMES for p in PLAYERS.get(g, [3])]


def _inner(state: State) -> State:
    inner = getattr(state, "inner", None)
    return inner if isinstance(inner, State) else state


def _reference_blank(cls: type[State], players: int, options: dict[str, Any]) -> State:
    state = cls.__new__(cls)
    State.__init__(state, players, options, GameRandom(3))  # the class has its own __init__: the codec loop runs
    return state


def _mutate_everything(value: Any, seen: set[int]) -> None:
    """Change every list and dict reachable from ``value`` (but not the immutable values inside them)."""
    if id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, list):
        for item in value:
            _mutate_everything(item, seen)
        value.append("changed")
    elif isinstance(value, dict):
        for item in list(value.values()):
            _mutate_everything(item, seen)
        value["changed"] = True
    elif isinstance(value, tuple):
        for item in value:
            _mutate_everything(item, seen)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_the_generated_blank_table_is_the_codec_walk(game: str, players: int) -> None:
    cls = game_class(game)
    options = cls.info.resolve_options(players, None)
    fast = cls(players, dict(options), GameRandom(3))
    assert "__init__" in cls.__dict__ and hasattr(cls.__dict__["__init__"], "__source__"), "not generated"
    generic = _reference_blank(cls, players, dict(options))
    assert list(vars(fast)) == list(vars(generic))  # the same attributes, set in the same order
    for name, value in vars(generic).items():
        if name == "rng":
            assert fast.rng.to_json() == value.to_json()
        else:
            assert vars(fast)[name] == value, name
    other = cls(players, dict(options), GameRandom(3))
    for name, value in vars(other).items():  # two blank tables share no list or dict
        if isinstance(value, (list, dict)) and name not in type(other).__dict__:
            assert value is not vars(fast)[name], name


@pytest.mark.parametrize(("game", "players"), CASES)
def test_the_generated_clone_is_the_codec_walk_and_stands_alone(game: str, players: int) -> None:
    state = _inner(pr.new_game(game, players=players, seed=f"compiled/{players}"))
    cls = type(state)
    rng = random.Random(players)
    for move in range(120):
        if state.is_over():
            break
        copy = state.clone()
        assert hasattr(cls.__dict__["clone"], "__source__"), "not generated"
        generic = State.clone(state)  # the class has its own clone: the codec loop runs
        assert type(copy) is cls and copy == generic == state
        assert list(vars(copy)) == list(vars(generic))
        assert copy.to_json() == generic.to_json()
        if move % 5 == 0:
            saved = state.to_json()
            _mutate_everything([getattr(copy, f.name) for f in cls._table_fields], set())  # type: ignore[attr-defined]
            copy.options["changed"] = True
            copy.rng.count += 1
            assert state.to_json() == saved
        state.apply_listed(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game", pr.GAMES)
def test_the_generated_equality_compares_every_field(game: str) -> None:
    state = _inner(pr.new_game(game, players=4, seed="compiled/eq"))
    cls = type(state)
    assert hasattr(cls.__dict__["__eq__"], "__source__"), "not generated"
    assert state == state.clone() and State.__eq__(state, state.clone())
    for field in cls._table_fields:  # type: ignore[attr-defined]
        other = state.clone()
        setattr(other, field.name, object())
        assert other != state and not State.__eq__(other, state), field.name
    other = state.clone()
    other.rng.count += 1
    assert other != state
    assert state != object()


def test_a_class_with_its_own_constructor_is_left_alone() -> None:
    class Own(State):
        count: int

        def __init__(self, players: int, options: dict[str, Any], rng: GameRandom) -> None:
            State.__init__(self, players, options, rng)

    assert compile_table(Own) is False
    assert Own(2, {}, GameRandom(1)).count == 0
