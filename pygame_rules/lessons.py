"""Lessons: a teaching position with a goal the engine judges (docs/lessons.md).

A lesson file (``web/lessons/<id>.json``) is data, declared the way Lichess declares its lessons: a goal in four
languages, a start position (the game's scenario JSON), a target the engine judges, the learner's moves that reach
it (its solution, which is also the proof that it can be solved), a par, scripted replies of the other seats, hints,
and one wrong move with the engine's reason for refusing it. :func:`validate_lesson` checks the shape and
:func:`check_lesson` plays the solution with the real engine.

Targets come from a small declared set (:data:`TESTS`), each judged on the events of the lesson so far (every event
carries the seat that acted as ``player``, as the API's sessions record them):

- ``event``: the learner made at least ``count`` (default 1) events of ``type`` whose fields equal ``where`` (a move
  to find is written this way: the fields of the event that move makes);
- ``pile_reaches`` (Skip-Bo): the learner played a card that brought a building pile to ``value`` or higher;
- ``stock_played`` (Skip-Bo): the learner played ``count`` (default 1) cards from the top of their stock;
- ``pile_finished`` (Skip-Bo): a building pile the learner played on reached 12 and was set aside;
- ``level_laid_out`` (Level 8): the learner laid out their level;
- ``round_won`` (Top Spot): the learner won a round;
- ``claimed`` (Etalage): the learner claimed ``count`` (default 1) colours, or the colour ``colour``;
- ``game_won``: the game ended with the learner among its winners;
- ``all``: every test of ``tests`` holds.

The engine decides legality and what happens; this module only reads what happened.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from .core.errors import IllegalAction, RulesError
from .registry import GAMES, from_scenario

LESSON_FORMAT = "pygame_rules.lesson"
LANGS = ("en", "nl", "de", "fr")
MAX_MOVES = 12  # a lesson is short: at most this many moves of the learner
ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*\Z")
ANCHOR = re.compile(r"[a-z][a-z0-9-]{0,40}\Z")

Events = list[dict[str, Any]]


def _bad(message: str) -> RulesError:
    return RulesError(message, code="bad_request")


def _count(goal: Mapping[str, Any]) -> int:
    count = goal.get("count", 1)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 50:
        raise _bad("a target's count must be a whole number from 1 to 50")
    return count


def _mine(events: Events, seat: int, *types: str) -> Events:
    return [e for e in events if e.get("type") in types and e.get("player") == seat]


def _event(events: Events, seat: int, goal: Mapping[str, Any]) -> bool:
    kind = goal.get("type")
    where = goal.get("where", {})
    if not isinstance(kind, str) or not isinstance(where, dict):
        raise _bad("an event target needs a type (text) and where (an object)")
    hits = [e for e in _mine(events, seat, kind) if all(e.get(k) == v for k, v in where.items())]
    return len(hits) >= _count(goal)


def _pile_reaches(events: Events, seat: int, goal: Mapping[str, Any]) -> bool:
    value = goal.get("value")
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad("pile_reaches needs a whole-number value")
    plays = _mine(events, seat, "play_hand", "play_stock", "play_discard")
    return any(isinstance(e.get("value"), int) and e["value"] >= value for e in plays)


def _stock_played(events: Events, seat: int, goal: Mapping[str, Any]) -> bool:
    return len(_mine(events, seat, "play_stock")) >= _count(goal)


def _pile_finished(events: Events, seat: int, goal: Mapping[str, Any]) -> bool:
    return bool(_mine(events, seat, "complete"))


def _level_laid_out(events: Events, seat: int, goal: Mapping[str, Any]) -> bool:
    return bool(_mine(events, seat, "lay_out"))


def _round_won(events: Events, seat: int, goal: Mapping[str, Any]) -> bool:
    return any(e.get("type") == "round_won" and e.get("winner") == seat for e in events)


def _claimed(events: Events, seat: int, goal: Mapping[str, Any]) -> bool:
    claims = _mine(events, seat, "claim")
    if "colour" in goal:
        return any(e.get("colour") == goal["colour"] for e in claims)
    return len(claims) >= _count(goal)


def _game_won(events: Events, seat: int, goal: Mapping[str, Any]) -> bool:
    return any(seat in (e.get("winners") or []) or e.get("type") == "win" and e.get("player") == seat
               for e in events if e.get("type") in ("game_over", "end", "win"))


def _all(events: Events, seat: int, goal: Mapping[str, Any]) -> bool:
    tests = goal.get("tests")
    if not isinstance(tests, list) or not 1 <= len(tests) <= 8:
        raise _bad("an 'all' target needs a list of 1 to 8 tests")
    return all(goal_met(events, seat, t) for t in tests)


# The declared set of targets: name -> (the games it applies to, or None for every game; the judge).
TESTS: dict[str, tuple[frozenset[str] | None, Callable[[Events, int, Mapping[str, Any]], bool]]] = {
    "event": (None, _event),
    "pile_reaches": (frozenset({"skipbo"}), _pile_reaches),
    "stock_played": (frozenset({"skipbo"}), _stock_played),
    "pile_finished": (frozenset({"skipbo"}), _pile_finished),
    "level_laid_out": (frozenset({"level8"}), _level_laid_out),
    "round_won": (frozenset({"topspot"}), _round_won),
    "claimed": (frozenset({"etalage"}), _claimed),
    "game_won": (None, _game_won),
    "all": (None, _all),
}


def goal_met(events: Events, seat: int, goal: Any, game: str | None = None) -> bool:
    """Whether ``goal`` (a target of :data:`TESTS`) holds after ``events`` for the learner at ``seat``.

    ``bad_request`` when the target is not one of the declared set, or not for ``game`` when that is given."""
    if not isinstance(goal, Mapping) or goal.get("test") not in TESTS:
        raise _bad(f"a lesson target must be an object whose test is one of {', '.join(TESTS)}")
    games, judge = TESTS[goal["test"]]
    if game is not None and games is not None and game not in games:
        raise _bad(f"the target {goal['test']!r} is not for {game}")
    return judge(events, seat, goal)


# ----- the lesson file ------------------------------------------------------------------------------------------
def _words(value: Any, what: str) -> None:
    if not isinstance(value, dict) or set(value) != set(LANGS) or not all(
            isinstance(v, str) and v.strip() for v in value.values()):
        raise _bad(f"{what} must give a text in each of {', '.join(LANGS)}")


REQUIRED = {"format", "id", "game", "order", "rule", "title", "goal", "seat", "scenario", "target", "solution",
            "par", "hints"}
# A lesson made in the editor has no recorded mistake (the shipped ones all do); ``first`` is the table drawn before
# Python starts (added to the site's copies by tools/build_site.py, and by the editor to the lessons it writes).
OPTIONAL = {"replies", "mistake", "first"}


def validate_lesson(doc: Any) -> dict[str, Any]:
    """Check the shape of a lesson file (not yet that the engine agrees: :func:`check_lesson`)."""
    if not isinstance(doc, dict):
        raise _bad("a lesson file must be a JSON object")
    missing = REQUIRED - set(doc)
    extra = set(doc) - REQUIRED - OPTIONAL
    if missing or extra:
        raise _bad(f"a lesson file misses {sorted(missing)} / has unknown fields {sorted(extra)}")
    if doc["format"] != LESSON_FORMAT:
        raise _bad(f"format must be {LESSON_FORMAT!r}")
    if not isinstance(doc["id"], str) or not ID.match(doc["id"]) or doc["game"] not in GAMES:
        raise _bad("id must be lower-case words joined by '-', and game one of the games")
    if not doc["id"].startswith(doc["game"] + "-"):
        raise _bad("a lesson's id starts with its game")
    for name in ("order", "seat", "par"):
        if isinstance(doc[name], bool) or not isinstance(doc[name], int) or doc[name] < 0:
            raise _bad(f"{name} must be a whole number")
    if not isinstance(doc["rule"], str) or not ANCHOR.match(doc["rule"]):
        raise _bad("rule must be the anchor of the rules page section the lesson teaches")
    _words(doc["title"], "title")
    _words(doc["goal"], "goal")
    if not isinstance(doc["hints"], list) or not doc["hints"]:
        raise _bad("a lesson gives at least one hint")
    for hint in doc["hints"]:
        _words(hint, "each hint")
    solution, replies = doc["solution"], doc.get("replies", [])
    for name, moves in (("solution", solution), ("replies", replies)):
        if not isinstance(moves, list) or len(moves) > MAX_MOVES or not all(isinstance(m, dict) for m in moves):
            raise _bad(f"{name} must be a list of at most {MAX_MOVES} actions")
    if not solution or not len(solution) <= doc["par"] <= MAX_MOVES:
        raise _bad("the solution has at least one move and at most par moves")
    mistake = doc.get("mistake", {"action": {}, "reason": ""})
    if not isinstance(mistake, dict) or not isinstance(mistake.get("action"), dict) or not isinstance(
            mistake.get("reason"), str):
        raise _bad("mistake must be {action, reason}: a wrong first move and the engine's reason code")
    first = doc.get("first", {"seat": doc["seat"], "table": {}})
    if not isinstance(first, dict) or first.get("seat") != doc["seat"] or not isinstance(first.get("table"), dict):
        raise _bad("first must be {seat, table}: the learner's seat and the table drawn before the engine starts")
    goal_met([], doc["seat"], doc["target"], doc["game"])  # a known target for this game, not met by nothing
    return doc


def check_lesson(doc: Any) -> dict[str, Any]:
    """Play a lesson with the engine: the mistake is refused for its reason, the solution is legal move by move
    (the other seats playing the scripted replies whenever it is their turn, from the start on, all of them used),
    and the target is met after the last move of the solution and not before. Returns a summary; raises
    ``RulesError`` naming the first problem."""
    doc = validate_lesson(doc)
    game, seat = doc["game"], doc["seat"]
    state = from_scenario(game, doc["scenario"])
    events: Events = []
    replies = list(doc.get("replies", []))

    def answer() -> None:  # the other seats play their scripted moves while it is their turn
        while not state.is_over() and state.current_player != seat and replies:
            mover = state.current_player
            events.extend(dict(e, player=e.get("player", mover)) for e in state.apply(replies.pop(0), player=mover))

    answer()
    if state.current_player != seat:
        raise _bad(f"{doc['id']}: the learner (seat {seat}) is not to move at the start")
    if "mistake" in doc:
        try:
            state.check(doc["mistake"]["action"], player=seat)
        except IllegalAction as exc:
            if exc.reason != doc["mistake"]["reason"]:
                raise _bad(f"{doc['id']}: the mistake is refused for {exc.reason!r}, not "
                           f"{doc['mistake']['reason']!r}") from exc
        else:
            raise _bad(f"{doc['id']}: the mistake is legal")
    for k, move in enumerate(doc["solution"]):
        if goal_met(events, seat, doc["target"], game):
            raise _bad(f"{doc['id']}: the target is met before move {k + 1} of the solution")
        if state.current_player != seat:
            raise _bad(f"{doc['id']}: the learner is not to move at move {k + 1}")
        events.extend(dict(e, player=e.get("player", seat)) for e in state.apply(move, player=seat))
        answer()
    if replies:
        raise _bad(f"{doc['id']}: {len(replies)} scripted replies are never played")
    if not goal_met(events, seat, doc["target"], game):
        raise _bad(f"{doc['id']}: the solution does not reach the target")
    return {"id": doc["id"], "moves": len(doc["solution"]), "par": doc["par"]}


def lesson_files(folder: Path) -> list[Path]:
    """The lesson files in ``folder`` (``web/lessons``), in file-name order."""
    return sorted(p for p in folder.glob("*.json") if p.name not in ("index.json", "why.json"))


def lesson_index(folder: Path) -> dict[str, list[dict[str, Any]]]:
    """Per game, its lessons in order: ``{id, order, rule, title}`` (the build writes this as lessons/index.json)."""
    out: dict[str, list[dict[str, Any]]] = {g: [] for g in GAMES}
    for path in lesson_files(folder):
        doc = json.loads(path.read_text(encoding="utf-8"))
        out[doc["game"]].append({"id": doc["id"], "order": doc["order"], "rule": doc["rule"], "title": doc["title"],
                                 "par": doc["par"]})
    for lessons in out.values():
        lessons.sort(key=lambda item: (item["order"], item["id"]))
    return out
