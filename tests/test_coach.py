"""The coach (pygame_rules/coach.py): each rule situation is found in a position where it arises and not where it
does not, through the API op ``coach``; every situation has its words in the four catalogues and a rules-page
section; every section of every rules page is taught by a lesson or a coach tip."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pygame_rules import api
from pygame_rules.coach import SECTIONS
from pygame_rules.lessons import lesson_files
from pygame_rules.words import CATALOGUE_DIR

WEB = Path(__file__).resolve().parent.parent / "web"
LESSONS = WEB / "lessons"


def _call(**req: Any) -> dict[str, Any]:
    answer = api.handle_request(req)
    assert answer["ok"], answer
    return answer


def situations_after(lesson_id: str, moves: int | None, seat: int | None = None) -> list[str]:
    """The coach's situations for ``seat`` (default the learner) in a lesson's position, after its opening replies
    and the first ``moves`` moves of its solution (each followed by the replies), all played through the API."""
    doc = json.loads((LESSONS / f"{lesson_id}.json").read_text(encoding="utf-8"))
    learner = doc["seat"]
    session = _call(op="scenario", game=doc["game"], scenario=doc["scenario"], seat=learner)["session"]
    replies = list(doc.get("replies", []))

    def answer() -> None:
        while replies:
            table = _call(op="table", session=session, seat=learner)["table"]
            if table["over"] or table["current_player"] == learner:
                return
            _call(op="act", session=session, action=replies.pop(0), seat=table["current_player"])

    answer()
    since = _call(op="table", session=session, seat=learner)["table"]["log_length"]
    for move in doc["solution"][: len(doc["solution"]) if moves is None else moves]:
        _call(op="act", session=session, action=move, seat=learner)
        answer()
    who = learner if seat is None else seat
    return list(_call(op="coach", session=session, seat=who, since=since)["situations"])


CASES = [
    ("skipbo-2-wild", 0, None, "wild"), ("skipbo-3-stock", 1, None, "stock"), ("skipbo-7-finished", None, None,
                                                                                   "finished"),
    ("skipbo-5-discard", 0, None, "refill"), ("topspot-3-follow", 0, None, "follow"),
    ("topspot-4-no-colour", 0, None, "cannot_follow"), ("topspot-5-joker", 0, None, "joker"),
    ("level8-1-sheet", 0, None, "lay_out"), ("level8-6-add", 0, None, "add"), ("level8-5-skip", 0, None, "skip"),
    ("level8-5-skip", None, 1, "skipped"), ("etalage-3-claim", 0, None, "claim"),
    ("etalage-4-tie", None, None, "tie"), ("etalage-4-tie", None, None, "won"),
]


@pytest.mark.parametrize(("lesson_id", "moves", "seat", "situation"), CASES)
def test_a_situation_is_found_where_it_arises(lesson_id: str, moves: int | None, seat: int | None,
                                              situation: str) -> None:
    assert situation in situations_after(lesson_id, moves, seat)


@pytest.mark.parametrize(("lesson_id", "moves", "situation"), [
    ("skipbo-1-piles", 0, "wild"), ("skipbo-3-stock", 0, "stock"), ("skipbo-7-finished", 1, "finished"),
    ("topspot-4-no-colour", 0, "follow"), ("topspot-3-follow", 0, "cannot_follow"), ("level8-2-take", 0, "lay_out"),
    ("etalage-1-sums", 0, "claim"), ("etalage-2-order", None, "tie"),
])
def test_a_situation_is_not_found_where_it_does_not_arise(lesson_id: str, moves: int | None, situation: str) -> None:
    assert situation not in situations_after(lesson_id, moves)


def test_a_tied_top_spot_round_is_played_off() -> None:
    scenario = {"players": 3, "options": {"level": "expert"}, "colours": ["red", "yellow", "green"], "dealer": 2,
                "leader": 0, "hands": [["red-5", "green-3"], ["red-6", "green-4"], ["yellow-1", "green-5"]]}
    session = _call(op="scenario", game="topspot", scenario=scenario, seat=0)["session"]
    for seat, card in ((0, "red-5"), (1, "red-6"), (2, "yellow-1")):  # red 5 and red 6 both show 3 spots
        _call(op="act", session=session, action={"type": "play", "cards": [card], "colour": None}, seat=seat)
    answer = _call(op="coach", session=session, seat=0)
    assert "tie" in answer["situations"] and answer["sections"]["tie"] == "ties"


@pytest.mark.parametrize("lang", ["en", "nl", "de", "fr"])
def test_every_situation_has_words(lang: str) -> None:
    catalogue = json.loads((CATALOGUE_DIR / f"{lang}.json").read_text(encoding="utf-8"))
    english = json.loads((CATALOGUE_DIR / "en.json").read_text(encoding="utf-8"))
    for game, found in SECTIONS.items():
        for situation in found:
            key = f"coach.{game}.{situation}"
            assert key in catalogue, key
            assert lang == "en" or catalogue[key] != english[key], f"{lang}: {key} is not translated"


def test_every_rules_section_is_taught_by_a_lesson_or_a_tip() -> None:
    import re

    taught: dict[str, set[str]] = {game: set(found.values()) for game, found in SECTIONS.items()}
    for path in lesson_files(LESSONS):
        doc = json.loads(path.read_text(encoding="utf-8"))
        taught[doc["game"]].add(doc["rule"])
    for game, covered in taught.items():
        for lang in ("en", "nl", "de", "fr"):
            page = (WEB / "rules" / f"{game}.{lang}.html").read_text(encoding="utf-8")
            sections = set(re.findall(r'<h2 id="([a-z0-9-]+)">', page))
            assert sections == covered, (game, lang, sorted(sections - covered), sorted(covered - sections))
