"""Holes found by tampering with saves and actions (issue 24 item 12, issue 29 item 5), each pinned as it was found.

Each was accepted and crashed later (on the next move, or at the end of a game after changing the state); each must
now be a clear refusal with a stable code (``bad_state`` for a save, ``malformed_action`` for an action) that leaves
everything as it was.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import pygame_rules as pr
from pygame_rules import api
from tests.reference import choose


def skipbo_match_save(steps: int = 10) -> dict[str, Any]:
    state = pr.new_game("skipbo", players=2, seed=4, options={"stock_size": 3, "match_target": 60})
    rng = random.Random(1)
    for _ in range(steps):
        state.apply(choose(state, rng))
    return json.loads(json.dumps(state.to_json()))


@pytest.mark.parametrize("edit", [
    "delete match_target",  # issue 29: accepted, then the end of the game raised TypeError after changing the state
    "null match_target",
    "other match_target",
    "other stock_size",
    "outer options not a match",
])
def test_a_match_whose_inner_game_disagrees_with_the_match_options_is_bad_state(edit: str) -> None:
    save = skipbo_match_save()
    inner, outer = save["data"]["game"]["options"], save["options"]
    if edit == "delete match_target":
        del inner["match_target"]
    elif edit == "null match_target":
        inner["match_target"] = None
    elif edit == "other match_target":
        inner["match_target"] = 200
    elif edit == "other stock_size":
        inner["stock_size"] = 4
    else:
        outer["match_target"] = None
    with pytest.raises(pr.BadState, match="options"):
        pr.load_state(save)
    answer = json.loads(api.handle(json.dumps({"op": "load", "save": {
        "format": api.SAVE_FORMAT, "state": save, "seed": 4, "log": []}})))
    assert not answer["ok"] and answer["error"]["code"] == "bad_state"


def test_an_untouched_match_save_still_plays_to_its_end() -> None:
    state = pr.load_state(skipbo_match_save())
    rng = random.Random(2)
    while not state.is_over():
        state.apply(choose(state, rng))
    assert state.result()["winners"]


def level8_with_an_addition() -> tuple[pr.State, dict[str, Any]]:
    """A Level 8 position where seat 0 may add a card to a part on the table."""
    state = pr.new_game("level8", players=2, seed=1)
    rng = random.Random(3)
    for _ in range(3000):
        adds = [a for a in state.legal_actions() if a.kind == "add"]
        if adds:
            return state, adds[0].to_json()
        building = [a for a in state.legal_actions() if a.kind == "lay_out"]
        state.apply(building[0] if building else choose(state, rng))
    raise AssertionError("no addition came up")


@pytest.mark.parametrize(("action", "field"), [
    ({"card": ""}, "add.card"),  # issue 29: IndexError from the joker test on the first character
    ({"type": "discard", "card": ""}, "discard.card"),
    ({"type": "keep", "cards": ["R1", ""]}, "keep.cards[1]"),
])
def test_level8_empty_card_names_are_malformed_and_change_nothing(action: dict[str, Any], field: str) -> None:
    state, add = level8_with_an_addition()
    bad = {**add, **action} if action.get("type", "add") == "add" else action
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(pr.MalformedAction, match=field.replace("[", r"\[").replace("]", r"\]")) as caught:
        state.apply(bad)
    assert caught.value.code == "malformed_action"
    assert json.dumps(state.to_json(), sort_keys=True) == before
    assert not state.can(bad)


def test_the_fuzzed_level8_request_is_refused_as_malformed_through_the_api() -> None:
    """The one ``internal_error`` of the seeded fuzz (issue 24 item 12, Level 8 seed 16 at 24,000 requests:
    request 19,367): ``act`` with an ``add`` whose card is ``""``. Now ``malformed_action`` naming the field;
    nothing changes."""
    state, add = level8_with_an_addition()
    session = api.Session(state, 1)
    api._sessions["holes"] = session
    try:
        before = json.dumps(state.to_json(), sort_keys=True), len(session.log), len(session.undo_stack)
        answer = json.loads(api.handle(json.dumps({"id": 196, "op": "act", "session": "holes",
                                                   "seat": state.current_player, "action": {**add, "card": ""}})))
        assert not answer["ok"] and answer["error"]["code"] == "malformed_action", answer
        assert "add.card" in answer["error"]["message"]
        assert (json.dumps(state.to_json(), sort_keys=True), len(session.log), len(session.undo_stack)) == before
    finally:
        del api._sessions["holes"]
