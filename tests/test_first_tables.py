"""The first table stored with every shipped scenario file at build time (tools/build_site.py, docs/embedding.md
"Drawn before the engine starts") is exactly what the engine's ``scenario`` op answers for that file's seat: a widget
draws the stored one before Python starts, then the engine's own, and the reader must not see a difference."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

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
    found = build_site.static_imports(web / "js" / "widget-element.js")
    modules = {p.relative_to(web / "js").as_posix() for p in found}
    assert {"widget-element.js", "widget.js", "engine.js", "games/index.js", "games/topspot.js", "art.js"} <= modules
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
