"""Recorded behaviour: reference playthroughs per game and variant, and version-1 saves of every kind.

Both fail on drift: a change in which moves are legal, what they do, the log or the views changes a fingerprint,
and each playthrough's readable text (``tests/data/playthroughs/``) shows the moves that changed as a diff.
Re-record with ``python -m tests.reference`` only for a change of behaviour that is meant.
"""

from __future__ import annotations

import copy
import difflib
import json

import pytest

import pygame_rules as pr
from pygame_rules.games.etalage import Claim
from tests.reference import PLAYTHROUGHS, TEXTS, V1_SAVES, move_line, play, play_on, text_path

RECORDED = json.loads(PLAYTHROUGHS.read_text())
SAVES = json.loads(V1_SAVES.read_text())


def test_every_game_and_variant_is_recorded() -> None:
    assert {r["game"] for r in RECORDED} == set(pr.GAMES)
    assert all(r["over"] for r in RECORDED), "a reference game hit the step cap"
    assert {s["save"]["game"] for s in SAVES.values()} == set(pr.GAMES)


@pytest.mark.parametrize("row", RECORDED, ids=lambda r: f"{r['game']}-{r['players']}p-{r['seed']}")
def test_reference_playthrough_does_not_drift(row: dict) -> None:
    """The game played again reads as its text file, line by line (a readable diff), and hashes as recorded."""
    lines: list[str] = []
    again = play(row["game"], row["players"], row["options"], row["seed"], row["policy_seed"], lines=lines)
    path = text_path(row["game"], row["players"], row["seed"])
    assert path.exists(), f"{path.name} is missing: write it with python -m tests.reference texts"
    recorded = path.read_text().splitlines()
    if lines != recorded:
        diff = list(difflib.unified_diff(recorded, lines, "recorded", "now", n=1, lineterm=""))
        pytest.fail(f"{path.name} reads differently now:\n" + "\n".join(diff[:40]))
    assert (again["steps"], again["fingerprint"]) == (row["steps"], row["fingerprint"])


def test_every_playthrough_text_belongs_to_a_reference_game() -> None:
    assert sorted(p.name for p in TEXTS.glob("*.txt")) == sorted(
        text_path(row["game"], row["players"], row["seed"]).name for row in RECORDED)


def test_the_text_of_a_move_is_written_from_fields_with_seats_from_one() -> None:
    """Seats count from 1, an engine's sentence (a string with a space) and ``text`` are left out, and an event
    does not repeat what the move's line says."""
    event = {"type": "claim", "player": 2, "colour": "red", "cards": ["red-7", "red-1"], "points": 8,
             "text": "Seat 2 takes the red cards.", "how": "in English words"}
    other = {"type": "trick_end", "leader": 0, "display": [], "private": {"1": {"card": "red-2", "text": "x y"}}}
    line = move_line(7, 2, Claim("red"), [event, other])
    assert line == "7 seat 3: claim red | claim cards=[red-7 red-1] points=8; trick_end display=[] leader=1 " \
                   "(seat 2 sees card=red-2)"


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
