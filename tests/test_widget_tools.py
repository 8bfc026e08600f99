"""The widgets' server-side pieces: the compact scenario code, the demo scenario files (checked with the engine),
and the headers that let embed.html be framed anywhere while every other page keeps its strict policy."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pygame_rules import api
from tools import embed_code, serve

ROOT = Path(__file__).resolve().parent.parent
DEMOS = sorted((ROOT / "web" / "scenarios").glob("demo-*.json"))
RULES = serve.load_header_rules()


def _ask(request: dict) -> dict:
    return json.loads(api.handle(json.dumps(request)))


def test_code_round_trips_and_is_url_safe() -> None:
    spec = json.loads(DEMOS[0].read_text())
    code = embed_code.encode(spec)
    assert code.startswith("z")
    assert set(code[1:]) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert embed_code.decode(code) == spec
    assert len(code) < len(json.dumps(spec))  # compact: shorter than the JSON itself


def test_damaged_and_oversized_codes_are_refused() -> None:
    code = embed_code.encode({"game": "topspot"})
    for bad in ("", "x" + code[1:], code[:-3] + "$$$", "z@@@"):
        with pytest.raises(ValueError):
            embed_code.decode(bad)
    bomb = embed_code.encode({"pad": "a" * (embed_code.MAX_DECODED + 10)})
    with pytest.raises(ValueError, match="256 KB"):
        embed_code.decode(bomb)


@pytest.mark.parametrize("path", DEMOS, ids=lambda p: p.name)
def test_demo_scenarios_set_up_and_play_with_the_engine(path: Path) -> None:
    spec = json.loads(path.read_text())
    assert set(spec) <= {"game", "title", "caption", "seat", "scenario", "steps", "try"}
    answer = _ask({"op": "scenario", "game": spec["game"], "scenario": spec["scenario"], "seat": spec["seat"]})
    assert answer["ok"], answer
    session = answer["session"]
    table = answer["table"]
    for step in spec["steps"]:
        done = _ask({"op": "act", "session": session, "seat": table["current_player"], "action": step})
        assert done["ok"], (step, done)
        table = done["table"]
    if spec.get("try"):
        assert table["current_player"] == spec["seat"], "the reader must be to move after the steps"


LANGS = {"en", "nl", "de", "fr"}


def _texts(node: object, where: str = "") -> list[tuple[str, dict[str, str]]]:
    """Every reader-facing text of a scenario file: the objects keyed by language ("en" and more)."""
    if isinstance(node, dict):
        if "en" in node and all(isinstance(v, str) for v in node.values()):
            return [(where, node)]
        return [found for key, value in node.items() for found in _texts(value, f"{where}.{key}")]
    if isinstance(node, list):
        return [found for i, value in enumerate(node) for found in _texts(value, f"{where}[{i}]")]
    return []


@pytest.mark.parametrize("path", sorted((ROOT / "web" / "scenarios").glob("*.json")), ids=lambda p: p.name)
def test_every_shipped_scenario_speaks_every_language(path: Path) -> None:
    """A widget in Dutch, German or French never shows an English title or caption (the widget falls back to
    English for a language a text lacks, which is right for a teacher's own scenario but not for ours)."""
    texts = _texts(json.loads(path.read_text()))
    assert texts, "a shipped scenario has at least a title"
    missing = {where: sorted(LANGS - set(text)) for where, text in texts if LANGS - set(text)}
    assert not missing, missing
    empty = [where for where, text in texts if any(not value.strip() for value in text.values())]
    assert not empty, empty


def test_topspot_demo_has_the_legal_and_illegal_moves_the_e2e_test_tries() -> None:
    spec = json.loads((ROOT / "web" / "scenarios" / "demo-topspot.json").read_text())
    session = _ask({"op": "scenario", "game": "topspot", "scenario": spec["scenario"], "seat": 0})["session"]
    for step in spec["steps"]:
        seat = _ask({"op": "table", "session": session, "seat": 0})["table"]["current_player"]
        assert _ask({"op": "act", "session": session, "seat": seat, "action": step})["ok"]
    illegal = _ask({"op": "check", "session": session, "seat": 0,
                    "action": {"type": "play", "cards": ["yellow-3"], "colour": None}})
    assert illegal["legal"] is False and "must follow red" in illegal["message"]
    legal = _ask({"op": "check", "session": session, "seat": 0,
                  "action": {"type": "play", "cards": ["red-1", "red-7", "red-8"], "colour": None}})
    assert legal["legal"] is True


def _csp_rules(path: str) -> list[str]:
    return [values["Content-Security-Policy"] for pattern, values in RULES
            if "Content-Security-Policy" in values and serve.headers_for(path, [(pattern, values)])]


@pytest.mark.parametrize("path", ["/", "/index.html", "/embed.html", "/editor.html", "/lab.html",
                                  "/app/abc/js/worker/worker.js", "/sw.js", "/widgets.js"])
def test_no_path_gets_its_policy_from_two_rules(path: str) -> None:
    # Netlify joins a header set by several matching rules; two policies would both be enforced.
    assert len(_csp_rules(path)) <= 1, path


def test_embed_is_framable_and_other_pages_are_not() -> None:
    embed = serve.headers_for("/embed.html", RULES)["Content-Security-Policy"]
    assert "frame-ancestors" not in embed and "unsafe-eval" not in embed.replace("wasm-unsafe-eval", "")
    for path in ("/", "/index.html", "/editor.html", "/lab.html", "/app/x/js/worker/worker.js"):
        csp = serve.headers_for(path, RULES)["Content-Security-Policy"]
        assert "frame-ancestors 'self'" in csp, path
        assert "default-src 'self'" in csp, path


def test_only_the_lab_allows_eval() -> None:
    for path in ("/", "/index.html", "/editor.html", "/embed.html", "/app/x/js/worker/worker.js"):
        csp = serve.headers_for(path, RULES)["Content-Security-Policy"]
        assert "'unsafe-eval'" not in csp, path
    assert "'unsafe-eval'" in serve.headers_for("/lab.html", RULES)["Content-Security-Policy"]


def test_widget_entry_points_are_revalidated() -> None:
    for path in ("/embed.html", "/editor.html", "/lab.html", "/widgets.js", "/embed-host.js",
                 "/scenarios/demo-topspot.json"):
        assert serve.headers_for(path, RULES)["Cache-Control"] == "no-cache", path
    from tools import build_site  # the versioned directories' caching is written by the build (site/_headers)

    built = RULES + serve.parse_headers_file(build_site.immutable_headers("0123abcd", "314.0.7", "0.7.31"))
    assert "immutable" in serve.headers_for("/pyscript/0.7.31/core.js", built)["Cache-Control"]


def test_pyscript_is_pinned_exactly() -> None:
    pinned = json.loads((ROOT / "package.json").read_text())["dependencies"]["@pyscript/core"]
    assert pinned[0].isdigit() and pinned.count(".") == 2, "pin @pyscript/core to one exact version"
    lock = json.loads((ROOT / "package-lock.json").read_text())
    assert lock["packages"]["node_modules/@pyscript/core"]["version"] == pinned


# ----- the editor's kit (api op "editor", pygame_rules/scenario_tools.py) --------------------------------------------
KIT_CASES = [("skipbo", 2), ("skipbo", 3), ("topspot", 3), ("topspot", 5), ("level8", 2), ("level8", 4),
             ("etalage", 4), ("etalage", 6)]


@pytest.mark.parametrize(("game", "players"), KIT_CASES)
def test_editor_kit_deals_a_position_the_engine_accepts_from_its_own_deck(game: str, players: int) -> None:
    from collections import Counter

    from pygame_rules import scenario_tools

    kit = _ask({"id": 1, "op": "editor", "game": game, "players": players, "deal": True, "seed": 7})
    assert kit["ok"], kit
    answer = _ask({"op": "scenario", "game": game, "scenario": kit["scenario"], "seat": 0})
    assert answer["ok"], answer
    placed = scenario_tools.placed_cards(kit["scenario"], kit["places"])
    deck = Counter(json.dumps(c) for c in kit["deck"])
    assert placed and all(deck[json.dumps(c)] >= n for c, n in placed.items())
    # Every place is a list in the scenario, and every seat has a hand among the places.
    for place in kit["places"]:
        if place.get("kinds"):  # optional places (Level 8's laid-out parts) exist only when they hold cards
            continue
        value = kit["scenario"]
        for key in place["path"]:
            value = value[key]
        assert isinstance(value, list), place
    assert {p["seat"] for p in kit["places"] if p["path"][0] == "hands"} == set(range(players))


@pytest.mark.parametrize(("game", "players"), KIT_CASES)
def test_editor_kit_empty_table_places_nothing_and_lists_the_whole_deck(game: str, players: int) -> None:
    kit = _ask({"id": 1, "op": "editor", "game": game, "players": players})
    assert kit["ok"], kit
    from pygame_rules import scenario_tools

    assert not scenario_tools.placed_cards(kit["scenario"], kit["places"])
    # the deck is the real one: a dealt game of the same kind holds exactly these cards
    import pygame_rules as pr

    state = pr.new_game(game, players=players, seed=3)
    state = getattr(state, "inner", state)
    if game == "skipbo":
        assert sorted(kit["deck"]) == sorted(state.all_cards().elements())
    elif game == "level8":
        assert sorted(kit["deck"]) == sorted(state.deck())
    else:
        assert len(kit["deck"]) == sum(len(h) for h in state.hands) + len(getattr(state, "display", []))


def test_editor_kit_refuses_an_unknown_game() -> None:
    answer = _ask({"id": 1, "op": "editor", "game": "chess", "players": 2})
    assert not answer["ok"] and answer["error"]["code"] == "bad_request"
    assert "skipbo" in answer["error"]["message"]
