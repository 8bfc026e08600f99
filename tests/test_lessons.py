"""Lesson files (web/lessons/*.json, docs/lessons.md): every one is valid and solvable by its own solution with the
real engine, each game has 5 to 8 of them, and the checker refuses a lesson that is broken in each way it knows."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from pygame_rules import api
from pygame_rules.core.errors import RulesError
from pygame_rules.lessons import LANGS, check_lesson, goal_met, lesson_files, lesson_index, validate_lesson
from pygame_rules.registry import GAMES

LESSONS = Path(__file__).resolve().parent.parent / "web" / "lessons"
FILES = lesson_files(LESSONS)


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_lesson_is_valid_and_solvable(path: Path) -> None:
    doc = load(path)
    assert doc["id"] == path.stem
    assert "mistake" in doc, "every shipped lesson declares a wrong move (the e2e learner plays it)"
    summary = check_lesson(doc)
    assert summary["moves"] <= summary["par"]


def test_five_to_eight_lessons_per_game_in_a_clear_order() -> None:
    index = lesson_index(LESSONS)
    assert set(index) == set(GAMES)
    for game, lessons in index.items():
        assert 5 <= len(lessons) <= 8, (game, len(lessons))
        assert [item["order"] for item in lessons] == list(range(1, len(lessons) + 1)), game


def test_texts_differ_between_languages() -> None:
    """A goal copied into another language untranslated is caught (names and numbers alone may repeat)."""
    for path in FILES:
        doc = load(path)
        for field in ("goal", *[f"hint{k}" for k in range(len(doc["hints"]))]):
            words = doc["goal"] if field == "goal" else doc["hints"][int(field[4:])]
            assert len({words[lang] for lang in LANGS}) == len(LANGS), (path.stem, field)


def _broken(change: str) -> dict:
    doc = copy.deepcopy(load(LESSONS / "skipbo-2-wild.json"))
    if change == "short solution":
        doc["solution"] = doc["solution"][:1]
    elif change == "legal mistake":
        doc["mistake"]["action"] = doc["solution"][0]
    elif change == "wrong reason":
        doc["mistake"]["reason"] = "pile_starts_with_1"
    elif change == "unknown target":
        doc["target"] = {"test": "level_laid_out"}
    elif change == "unused reply":
        doc["replies"] = [{"type": "end_turn"}]
    elif change == "met too early":
        doc["target"] = {"test": "pile_reaches", "value": 5}
    elif change == "missing language":
        del doc["goal"]["fr"]
    elif change == "par below solution":
        doc["par"] = 1
    return doc


@pytest.mark.parametrize("change", ["short solution", "legal mistake", "wrong reason", "unknown target",
                                    "unused reply", "met too early", "missing language", "par below solution"])
def test_the_checker_refuses_a_broken_lesson(change: str) -> None:
    check_lesson(_broken("nothing"))  # the unchanged lesson passes
    with pytest.raises(RulesError):
        check_lesson(_broken(change))


def test_targets_read_only_the_learners_events() -> None:
    mine = [{"type": "play_stock", "player": 0, "value": 5}]
    theirs = [{"type": "play_stock", "player": 1, "value": 5}]
    assert goal_met(mine, 0, {"test": "stock_played"}, "skipbo")
    assert not goal_met(theirs, 0, {"test": "stock_played"}, "skipbo")
    assert goal_met(mine, 0, {"test": "event", "type": "play_stock", "where": {"value": 5}})
    assert not goal_met(mine, 0, {"test": "event", "type": "play_stock", "where": {"value": 6}})
    assert not goal_met(mine, 0, {"test": "all", "tests": [{"test": "stock_played"},
                                                          {"test": "pile_finished"}]}, "skipbo")
    with pytest.raises(RulesError):
        goal_met(mine, 0, {"test": "stock_played"}, "etalage")
    with pytest.raises(RulesError):
        validate_lesson({"format": "pygame_rules.lesson"})


def test_the_goal_op_judges_a_session() -> None:
    doc = load(LESSONS / "skipbo-2-wild.json")
    started = api.handle_request({"op": "scenario", "game": "skipbo", "scenario": doc["scenario"], "seat": 0})
    session = started["session"]
    ask = {"op": "goal", "session": session, "goal": doc["target"], "seat": 0}
    assert api.handle_request(ask) == {"id": None, "ok": True, "met": False}
    for move in doc["solution"]:
        assert api.handle_request({"op": "act", "session": session, "action": move, "seat": 0})["ok"]
    assert api.handle_request(ask)["met"] is True
    refused = api.handle_request({**ask, "goal": {"test": "nope"}})
    assert refused["ok"] is False and refused["error"]["code"] == "bad_request"


def test_each_renderer_names_its_lesson_title_and_targets() -> None:
    """A game's lesson words live in its renderer (web/js/games/<game>.js, ``lessons``): the catalogue key of its
    name in a lesson list's title, and the editor's targets, each a declared test that applies to that game."""
    import re

    from pygame_rules.lessons import TESTS

    words = json.loads((Path(__file__).resolve().parent.parent / "pygame_rules" / "i18n" / "en.json").read_text())
    for game in GAMES:
        js = (Path(__file__).resolve().parent.parent / "web" / "js" / "games" / f"{game}.js").read_text()
        found = re.search(r'lessons: \{ title: "([^"]+)", targets: \[([^\]]*)\] \}', js)
        assert found, f"games/{game}.js names no lessons"
        assert found.group(1) in words, found.group(1)
        targets = re.findall(r'"(\w+)"', found.group(2))
        assert targets and {"event", "game_won"} <= set(targets)
        for name in targets:
            games = TESTS[name][0]
            assert games is None or game in games, f"{game} offers {name}, a target of {sorted(games)} only"
