"""The first table stored with every shipped scenario file at build time (tools/build_site.py, docs/embedding.md
"Drawn before the engine starts") is exactly what the engine's ``scenario`` op answers for that file's seat: a widget
draws the stored one before Python starts, then the engine's own, and the reader must not see a difference."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from pygame_rules import api
from tools import build_site

SCENARIOS = Path(__file__).resolve().parent.parent / "web" / "scenarios"


def _fresh(doc: dict) -> dict:
    """The engine's first table for a scenario file, asked as the browser's worker asks (JSON in, JSON out)."""
    answer = json.loads(api.handle(json.dumps({"op": "scenario", "game": doc["game"], "scenario": doc["scenario"],
                                               "seat": doc.get("seat", 0)})))
    assert answer["ok"], answer
    api.handle(json.dumps({"op": "drop", "session": answer["session"]}))
    return answer["table"]


def _built(tmp_path: Path) -> list[Path]:
    folder = tmp_path / "scenarios"
    shutil.copytree(SCENARIOS, folder)
    build_site.write_first_tables(folder)
    return sorted(folder.glob("*.json"))


def test_every_shipped_scenario_stores_the_engines_first_table(tmp_path: Path) -> None:
    built = _built(tmp_path)
    assert len(built) == len(list(SCENARIOS.glob("*.json"))) >= 11
    for path in built:
        doc = json.loads(path.read_text(encoding="utf-8"))
        source = json.loads((SCENARIOS / path.name).read_text(encoding="utf-8"))
        assert {k: v for k, v in doc.items() if k != "first"} == source, path.name  # nothing else changed
        assert doc["first"]["seat"] == source.get("seat", 0), path.name
        assert doc["first"]["table"] == _fresh(source), path.name


def test_a_stale_first_table_is_told_apart(tmp_path: Path) -> None:
    """The comparison above can fail: a stored table from another position differs from the fresh answer."""
    path = next(p for p in _built(tmp_path) if p.name == "skipbo-wild.json")
    doc = json.loads(path.read_text(encoding="utf-8"))
    other = json.loads((SCENARIOS / "skipbo-complete.json").read_text(encoding="utf-8"))
    doc["scenario"] = other["scenario"]  # the position changed after the table was stored
    assert doc["first"]["table"] != _fresh(doc)


def test_a_rules_page_preloads_its_widget_code_and_scenarios(tmp_path: Path) -> None:
    """The boards are painted after the widget modules and scenario files arrive: the page names them all up front
    (modulepreload / preload) so they come in one round instead of one module level after another."""
    web = Path(__file__).resolve().parent.parent / "web"
    found = build_site.static_imports(web / "js" / "widgets" / "widget-element.js")
    modules = {p.relative_to(web / "js").as_posix() for p in found}
    assert {"widgets/widget-element.js", "widgets/widget.js", "worker/engine.js", "games/index.js", "games/topspot.js",
            "lib/art.js"} <= modules
    app = tmp_path / "app" / "abc"
    shutil.copytree(web / "js", app / "js")
    html = (web / "rules" / "topspot.en.html").read_text(encoding="utf-8")
    links = build_site.widget_preloads(html, tmp_path, "abc")
    for name in modules:
        assert f'<link rel="modulepreload" href="../app/abc/js/{name}">' in links
    srcs = [line for line in html.splitlines() if "<rules-scenario" in line]
    assert len(srcs) == 3
    for src in ("topspot-stacking", "topspot-tiebreak", "topspot-joker"):
        assert f'<link rel="preload" as="fetch" crossorigin href="../scenarios/{src}.json">' in links


# ----- lessons (docs/lessons.md): the board before the learner's first move, stored with the lesson ----------------
LESSONS = Path(__file__).resolve().parent.parent / "web" / "lessons"


def _lesson_start(doc: dict) -> dict:
    """What the lesson player's engine shows at the start, asked step by step like js/widgets/lesson.js: the scenario,
    the scripted replies while another seat is to move, then the learner's table."""
    def ask(req: dict) -> dict:
        answer = json.loads(api.handle(json.dumps(req)))
        assert answer["ok"], answer
        return answer

    seat = doc["seat"]
    session = ask({"op": "scenario", "game": doc["game"], "scenario": doc["scenario"], "seat": seat})["session"]
    for reply in doc.get("replies", []):
        table = ask({"op": "table", "session": session, "seat": seat})["table"]
        if table["over"] or table["current_player"] == seat:
            break
        ask({"op": "act", "session": session, "action": reply, "seat": table["current_player"]})
    table = ask({"op": "table", "session": session, "seat": seat})["table"]
    ask({"op": "drop", "session": session})
    return table


def _built_lessons(tmp_path: Path) -> list[Path]:
    folder = tmp_path / "lessons"
    shutil.copytree(LESSONS, folder)
    build_site.write_lesson_first_tables(folder)
    return [p for p in sorted(folder.glob("*.json")) if p.name != "why.json"]


def test_every_lesson_stores_the_table_its_learner_first_sees(tmp_path: Path) -> None:
    from pygame_rules.lessons import check_lesson

    built = _built_lessons(tmp_path)
    assert len(built) >= 20
    with_replies = 0
    for path in built:
        doc = json.loads(path.read_text(encoding="utf-8"))
        source = json.loads((LESSONS / path.name).read_text(encoding="utf-8"))
        assert {k: v for k, v in doc.items() if k != "first"} == source, path.name  # nothing else changed
        assert doc["first"]["seat"] == source["seat"], path.name
        table = doc["first"]["table"]
        assert table == _lesson_start(source), path.name
        assert table["current_player"] == source["seat"] and table["legal"], path.name  # the learner may move
        check_lesson(doc)  # the site's copy, first table and all, is still a valid lesson
        if table["log"] != _fresh(source)["log"]:
            with_replies += 1
    assert with_replies >= 1  # some lessons open with the other seats' moves, and the stored table shows them


def test_a_lesson_first_table_without_the_opening_replies_is_told_apart() -> None:
    """Top Spot's "follow" lesson opens with another seat leading: the bare scenario's table is not its start."""
    doc = json.loads((LESSONS / "topspot-3-follow.json").read_text(encoding="utf-8"))
    assert doc.get("replies")
    assert build_site.lesson_first_table(doc)["table"] != _fresh(doc)


def test_a_lesson_first_table_of_the_wrong_shape_is_refused() -> None:
    from pygame_rules.core.errors import RulesError
    from pygame_rules.lessons import validate_lesson

    doc = json.loads((LESSONS / "skipbo-2-wild.json").read_text(encoding="utf-8"))
    for bad in ({"seat": doc["seat"] + 1, "table": {}}, {"seat": doc["seat"]}, []):
        with pytest.raises(RulesError):
            validate_lesson({**doc, "first": bad})


def test_embed_html_preloads_the_widget_and_lesson_code(tmp_path: Path) -> None:
    """embed.html names every module its script and the lesson player reach (modulepreload), so a framed widget or
    lesson gets its code in one round before it paints its stored table."""
    web = Path(__file__).resolve().parent.parent / "web"
    app = tmp_path / "app" / "abc"
    shutil.copytree(web / "js", app / "js")
    links = build_site.embed_preloads(tmp_path, "abc")
    entries = (app / "js" / "widgets" / "embed.js", app / "js" / "widgets" / "lesson.js")
    modules = {p.relative_to(app / "js").as_posix() for entry in entries for p in build_site.static_imports(entry)}
    assert {"widgets/embed.js", "widgets/widget.js", "widgets/lesson.js", "widgets/rule-anchors.js",
            "games/topspot.js"} <= modules
    for name in modules:
        assert f'<link rel="modulepreload" href="app/abc/js/{name}">' in links
    assert links.count("modulepreload") == len(modules)  # each once
    assert "<!--{{EMBED_PRELOADS}}-->" in (web / "embed.html").read_text(encoding="utf-8")
