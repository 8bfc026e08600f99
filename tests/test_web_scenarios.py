"""Every scenario file the rules pages embed (web/scenarios/*.json, docs/i18n.md) is checked with the engine.

Each file is loaded with ``pr.from_scenario``, its scripted ``steps`` are applied one by one for the player to
move, and what its caption tells the reader is asserted on the resulting positions, so a rules change or a typo in
a scenario fails here rather than in front of a reader.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import pygame_rules as pr

SCENARIOS = Path(__file__).resolve().parent.parent / "web" / "scenarios"
LANGS = ("en", "nl", "de", "fr")
# demo-*.json belong to the widgets engineer (teach contract); every other file is ours and listed here.
OURS = sorted(p for p in SCENARIOS.glob("*.json") if not p.name.startswith("demo-"))


def load(name: str) -> dict[str, Any]:
    return json.loads((SCENARIOS / name).read_text(encoding="utf-8"))


def play(doc: dict[str, Any]) -> list[pr.State]:
    """The positions the reader steps through: the start, then one after each step."""
    state = pr.from_scenario(doc["game"], doc["scenario"])
    states = [state.clone()]
    for step in doc.get("steps", []):
        state.apply(step)
        states.append(state.clone())
    return states


def test_the_rules_pages_have_their_scenarios() -> None:
    names = {p.name for p in OURS}
    assert {"skipbo-wild.json", "skipbo-complete.json", "topspot-stacking.json", "topspot-joker.json",
            "topspot-tiebreak.json", "level8-layout.json", "level8-skip.json", "etalage-example.json"} <= names


@pytest.mark.parametrize("path", OURS, ids=lambda p: p.stem)
def test_scenario_file_shape_and_steps(path: Path) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert set(doc) <= {"game", "title", "caption", "seat", "scenario", "steps", "try"}
    assert doc["game"] in pr.GAMES
    assert path.stem.startswith(doc["game"] + "-"), "file names start with the game"
    for field in ("title", "caption"):
        assert set(doc[field]) == set(LANGS), f"{field} needs exactly {LANGS}"
        assert all(isinstance(v, str) and v.strip() for v in doc[field].values())
    states = play(doc)
    players = states[0].players
    assert 0 <= doc["seat"] < players
    for state in states:
        state.view(doc["seat"])  # the widget draws this seat's view at every step
    if doc.get("try"):
        assert states[0].current_player == doc["seat"], "the reader tries moves for the seat to move"
    assert doc.get("steps") or doc.get("try"), "a scenario shows steps or lets the reader try"


def _skipbo_wild(states: list[pr.State]) -> None:
    pile = states[1].view(0)["building"][0]
    assert pile["value"] == 5 and pile["top"] == 0  # the wild counts as 5
    assert states[2].view(0)["building"][0]["value"] == 6


def _skipbo_complete(states: list[pr.State]) -> None:
    assert states[1].view(0)["building"][0]["value"] == 11
    view = states[2].view(0)
    assert view["building"][0] is None and view["set_aside_count"] == 12  # the full pile is set aside
    assert states[3].view(0)["building"][0]["value"] == 1  # a wild starts the free place as a 1


def _topspot_stacking(states: list[pr.State]) -> None:
    assert states[1].view(0)["table"][0]["value"] == 9
    with pytest.raises(pr.IllegalAction, match="none of its own spots"):
        states[0].check({"type": "play", "cards": ["red-12", "red-1"], "colour": None})
    # the caption's try-it: red 2 between red 1 and red 7 lowers the value from 5 to 4 (issue 19)
    with pytest.raises(pr.IllegalAction, match="Red 2 .card 2 from the top. does not raise the value: without it "
                       "the stack is worth 5, with it 4"):
        states[0].check({"type": "play", "cards": ["red-1", "red-2", "red-7"], "colour": None})
    states[0].check({"type": "play", "cards": ["red-1", "red-7"], "colour": None})
    assert states[3].view(0)["rounds_won"][0] == 1


def _topspot_joker(states: list[pr.State]) -> None:
    follow = states[1].legal_actions()
    assert follow and all(a.cards[0] == "joker" for a in follow)  # no red, a joker: must play a joker stack
    assert states[2].view(1)["table"][1]["value"] == 4
    assert states[3].view(1)["rounds_won"] == [0, 0, 1]


def _topspot_tiebreak(states: list[pr.State]) -> None:
    assert states[3].view(0)["tiebreak"] == 1 and states[3].current_player == 0
    end = states[5].view(0)
    assert end["rounds_won"] == [0, 1, 0]
    assert sum(len(stack) for stack in end["won"][1]) == 5  # the tied round (3 cards) and the tiebreaker (2)


def _level8_layout(states: list[pr.State]) -> None:
    table = states[3].view(0)["table"]
    assert table[0][0]["cards"] == ["R4", "G5", "B6", "O7"]
    assert table[1][0]["cards"] == ["R3", "G3", "J3"]
    assert states[4].current_player == 1


def _level8_skip(states: list[pr.State]) -> None:
    assert states[1].view(0)["skipped"][1] is True and states[1].current_player == 1
    assert states[2].view(0)["skips_under"] == 1 and states[2].current_player == 2


def _etalage_example(states: list[pr.State]) -> None:
    view = states[-1].view(5)
    assert view["won_counts"] == [0, 0, 0, 2, 1, 2]
    assert sorted(view["display"]) == sorted(["red-6", "red-5", "yellow-9", "green-7", "green-2", "blue-10",
                                              "blue-4"])
    assert states[-1].current_player == 5


CHECKS: dict[str, Callable[[list[pr.State]], None]] = {
    "skipbo-wild": _skipbo_wild, "skipbo-complete": _skipbo_complete, "topspot-stacking": _topspot_stacking,
    "topspot-joker": _topspot_joker, "topspot-tiebreak": _topspot_tiebreak, "level8-layout": _level8_layout,
    "level8-skip": _level8_skip, "etalage-example": _etalage_example,
}


@pytest.mark.parametrize("stem", sorted(CHECKS))
def test_scenario_shows_what_its_caption_says(stem: str) -> None:
    CHECKS[stem](play(load(f"{stem}.json")))


def test_every_scenario_of_ours_has_a_content_check() -> None:
    assert {p.stem for p in OURS} == set(CHECKS)
