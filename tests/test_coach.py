"""The coach (pygame_rules/coach.py): each rule situation is found in a position where it arises and not where it
does not, through the API op ``coach``; every situation has its words in the four catalogues and a rules-page
section; every section of every rules page is taught by a lesson or a coach tip, by a declared map (TAUGHT_BY) whose
tips are shown to arise."""

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


def test_the_end_of_a_level8_deal_is_found() -> None:
    """Two easy bots play a Level 8 game until one deal ends: the coach then names ``deal_end`` (rules: "end")."""
    session = _call(op="new", game="level8", players=2, seed=5)["session"]
    for _ in range(3000):
        answer = _call(op="bot", session=session, level="easy", seat=0)
        table = answer["table"]
        if any(e.get("type") == "deal_end" for e in table["log"]):
            since = table["log_length"] - len(table["log"])  # the events of this move only
            assert "deal_end" in _call(op="coach", session=session, seat=0, since=since)["situations"]
            before = _call(op="coach", session=session, seat=0, since=0)  # a whole deal's log names it too
            assert "deal_end" in before["situations"]
            return
    raise AssertionError("no deal ended")


def test_the_first_etalage_trick_is_found() -> None:
    """At the start of an Etalage game the player to move is told how a card counts (``first``, rules: "cards")."""
    answer = _call(op="new", game="etalage", players=3, seed=5)
    seat = answer["table"]["current_player"]
    assert "first" in _call(op="coach", session=answer["session"], seat=seat, since=0)["situations"]


# ----- the declared map: which lesson or coach tip teaches each section of each rules page ---------------------------
# A lesson id, or "tip:<situation>" for a coach tip. Every section of every rules page (the same anchors in the four
# languages) is named here once; a lesson named must teach that section (its `rule`), a tip must map to it
# (coach.SECTIONS) and be shown to arise by a test of this file.
TAUGHT_BY: dict[str, dict[str, str]] = {
    "skipbo": {"table": "skipbo-3-stock", "turn": "skipbo-4-discards", "building-piles": "skipbo-1-piles",
               "finished-pile": "skipbo-7-finished", "end": "skipbo-8-win"},
    "topspot": {"cards": "topspot-1-spots", "stacking": "topspot-2-stack", "round": "topspot-3-follow",
                "ties": "tip:tie", "jokers": "topspot-5-joker", "end": "topspot-6-last"},
    "level8": {"levels": "level8-1-sheet", "turn": "level8-2-take", "skip-cards": "level8-5-skip",
               "end": "tip:deal_end"},
    "etalage": {"cards": "tip:first", "trick": "etalage-1-sums", "settling": "etalage-2-order",
                "won-cards": "tip:won", "end": "etalage-5-score"},
}
# The situations the tests above find where they arise: per game, from CASES and the three tests of their own.
ARISING = {(case[0].split("-")[0], case[3]) for case in CASES} | {("topspot", "tie"), ("level8", "deal_end"),
                                                                    ("etalage", "first")}


@pytest.mark.parametrize("game", sorted(TAUGHT_BY))
def test_the_declared_map_covers_every_rules_section_with_a_lesson_or_a_tip(game: str) -> None:
    import re

    taught = TAUGHT_BY[game]
    for lang in ("en", "nl", "de", "fr"):
        page = (WEB / "rules" / f"{game}.{lang}.html").read_text(encoding="utf-8")
        sections = re.findall(r'<h2 id="([a-z0-9-]+)">', page)
        assert sorted(sections) == sorted(taught), (lang, sorted(set(sections) ^ set(taught)))
    for section, teacher in taught.items():
        if teacher.startswith("tip:"):
            situation = teacher[4:]
            assert SECTIONS[game].get(situation) == section, (game, section, teacher)
            assert (game, situation) in ARISING, f"no test shows {game} tip {situation!r} arising"
        else:
            doc = json.loads((LESSONS / f"{teacher}.json").read_text(encoding="utf-8"))
            assert doc["game"] == game and doc["rule"] == section, (game, section, teacher, doc["rule"])
