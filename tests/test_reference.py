"""Recorded behaviour: reference playthroughs per game and variant, and version-1 saves of every kind.

Both fail on drift: a change in which moves are legal, what they do, the log or the views changes a fingerprint.
Re-record with ``python -m tests.reference`` only for a change of behaviour that is meant.
"""

from __future__ import annotations

import copy
import json

import pytest

import pygame_rules as pr
from tests.reference import PLAYTHROUGHS, V1_SAVES, play, play_on

RECORDED = json.loads(PLAYTHROUGHS.read_text())
SAVES = json.loads(V1_SAVES.read_text())


def test_every_game_and_variant_is_recorded() -> None:
    assert {r["game"] for r in RECORDED} == set(pr.GAMES)
    assert all(r["over"] for r in RECORDED), "a reference game hit the step cap"
    assert {s["save"]["game"] for s in SAVES.values()} == set(pr.GAMES)


@pytest.mark.parametrize("row", RECORDED, ids=lambda r: f"{r['game']}-{r['players']}p-{r['seed']}")
def test_reference_playthrough_does_not_drift(row: dict) -> None:
    again = play(row["game"], row["players"], row["options"], row["seed"], row["policy_seed"])
    assert (again["steps"], again["fingerprint"]) == (row["steps"], row["fingerprint"])


@pytest.mark.parametrize("name", sorted(SAVES))
def test_version_1_save_loads_and_goes_on_as_before(name: str) -> None:
    entry = SAVES[name]
    saved = copy.deepcopy(entry["save"])
    assert saved["version"] == 1
    state = pr.load_state(saved)
    assert saved == entry["save"], "load_state changed the dict it was given"
    assert state.is_over() is False
    again = play_on(state, entry["policy_seed"])
    assert (again["steps"], again["fingerprint"]) == (entry["steps"], entry["fingerprint"])
