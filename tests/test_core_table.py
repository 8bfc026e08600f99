"""The typed table of the core: codecs name the path of a bad value, copies share nothing, seeds are usable."""

from __future__ import annotations

import dataclasses
import json
from typing import Annotated, Literal

import pytest

import pygame_rules as pr
from pygame_rules.core.rng import GameRandom, check_seed
from pygame_rules.core.table import PER_SEAT, Context, Is, Range, Seat, Size, TableError, codec_for

Card = Annotated[int, Is(lambda v: 0 <= v <= 12, "a card")]


@pytest.mark.parametrize(
    "hint,value,message",
    [
        (list[list[Card]], [[1, 2], [3, 13]], r"x\[1\]\[1\] must be a card, not 13"),
        (list[Card], [1, True], r"x\[1\] must be a whole number, not True"),
        (Annotated[list[int], PER_SEAT], [1, 2], r"x must hold 3 items \(one per seat\), not 2"),
        (Annotated[list[int], Size(most=2)], [1, 2, 3], "at most 2 items"),
        (Seat, 3, "must be a seat from 0 to 2, not 3"),
        (Annotated[int, Range(1, 8)], 9, "must be at least 1 and at most 8, not 9"),
        (int, 2**60, "too large"),
        (str, "\udc00", "lone surrogate"),
        (Literal["draw", "play"], "over", "must be one of"),
        (int | None, "x", "whole number"),
    ],
)
def test_decoding_names_the_path_and_the_problem(hint, value, message) -> None:
    with pytest.raises(TableError, match=message):
        codec_for(hint).decode(value, "x", Context(3))


def test_encode_and_copy_share_nothing_with_the_live_value() -> None:
    codec = codec_for(list[list[Card]])
    live = [[1, 2], [3]]
    for other in (codec.encode(live), codec.copy(live), codec.decode(live, "x", Context(2))):
        assert other == live
        other[0].append(4)
        assert live == [[1, 2], [3]]


@dataclasses.dataclass(frozen=True)
class Pair:
    """A frozen record: immutable (copies share it), yet an object in a save."""

    cards: tuple[Card, ...]
    seat: Seat


@pytest.mark.parametrize(
    "hint,live,encoded",
    [
        (list[tuple[str, ...]], [("run", "R1", "G2")], [["run", "R1", "G2"]]),
        (Annotated[list[list[tuple[str, ...]]], PER_SEAT], [[("set", "R5")], []], [[["set", "R5"]], []]),
        (tuple[tuple[Card, ...], ...], ((1, 2), ()), [[1, 2], []]),
        (list[Pair], [Pair((1, 2), 0)], [{"cards": [1, 2], "seat": 0}]),
        (list[tuple[Card, ...] | None], [None, (3,)], [None, [3]]),
        (dict[str, tuple[Card, ...]], {"a": (1,)}, {"a": [1]}),
    ],
)
def test_immutable_items_are_still_encoded_as_plain_json(hint, live, encoded) -> None:
    """Tuples and records inside lists become lists and objects: a save holds nothing JSON does not have, so the
    dict a game saves loads back as it is (issue 24: Level 8's laid-out parts stayed tuples and refused to load)."""
    codec = codec_for(hint)
    out = codec.encode(live)
    assert out == encoded and json.loads(json.dumps(out)) == out
    assert codec.decode(out, "x", Context(2)) == live


@pytest.mark.parametrize("seed", ["\udc00", 2**53, -(2**53), 1.5, True, None, "x" * 1001])
def test_seeds_the_generator_cannot_use_are_refused(seed) -> None:
    with pytest.raises(ValueError):
        check_seed(seed)
    with pytest.raises(pr.BadOptions):
        pr.new_game("skipbo", players=2, seed=seed)


def test_a_lone_surrogate_seed_in_a_save_is_bad_state() -> None:
    saved = pr.new_game("skipbo", players=2, seed=1).to_json()
    saved["rng"]["seed"] = "\udc00"
    with pytest.raises(pr.BadState, match="surrogate"):
        pr.load_state(saved)
    assert GameRandom("ok", 3).to_json() == {"seed": "ok", "count": 3}


def test_saves_name_the_path_of_a_bad_card() -> None:
    saved = pr.new_game("skipbo", players=3, seed=1).to_json()
    saved["data"]["stocks"][2][5] = 13
    with pytest.raises(pr.BadState, match=r"stocks\[2\]\[5\] must be a Skip-Bo card"):
        pr.load_state(saved)


def test_a_huge_number_in_a_level8_save_is_bad_state_not_overflow() -> None:
    saved = pr.new_game("level8", players=2, seed=1).to_json()
    saved["data"]["under"] = 10**30
    with pytest.raises(pr.BadState, match="under"):
        pr.load_state(saved)


@pytest.mark.parametrize("game,options", [("topspot", {}), ("etalage", {"games": 2}),
                                          ("skipbo", {"stock_size": 3, "match_target": 60})])
def test_matches_clone_and_their_saves_do_not_change_later(game, options) -> None:
    players = 3 if game != "skipbo" else 2
    state = pr.new_game(game, players=players, seed=1001, options=options)
    saved = state.to_json()
    frozen = json.dumps(saved)
    copy = state.clone()
    assert copy == state
    while not state.is_over():
        state.apply(state.legal_actions()[0])
    assert json.dumps(saved) == frozen, "a save changed when the match went on"
    assert copy.to_json() == json.loads(frozen)
    given = json.loads(frozen)
    loaded = pr.load_state(given)
    while not loaded.is_over():
        loaded.apply(loaded.legal_actions()[0])
    assert given == json.loads(frozen), "load_state kept the caller's dict"


def test_refusals_carry_a_reason_and_params_and_can_answers_without_raising() -> None:
    state = pr.from_scenario("skipbo", {"players": 2, "hands": [[3, 4, 9, 11, 12], [5, 6, 7, 8, 10]],
                                        "stocks": [[7, 1], [10, 10]], "seed": 5})
    bad = {"type": "play_hand", "card": 3, "pile": 0}
    assert state.can({"type": "play_stock", "owner": 0, "pile": 1})
    assert not state.can(bad)
    refusal = state.problem(state.parse_action(bad))
    assert refusal is not None
    assert refusal.to_json()["reason"] == "pile_starts_with_1"
    assert refusal.to_json()["params"] == {"card": 3, "pile": 0, "needs": 1, "source": "hand"}
    with pytest.raises(pr.IllegalAction, match="a new pile starts with a 1"):
        state.apply(bad)
