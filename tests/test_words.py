"""One source of words: the Python describer (pygame_rules/words.py) words every event and refusal of every game from
the catalogues the page uses, in all four languages, exactly as the page's log-words.js does (run in Node), and the
engine builds no English of its own (issue 25, item 2).

The events are those of the reference playthroughs (tests/reference.py: every game and variant, matches included,
played to the end), seen by seat 0 (so its private draws and keeps are worded too). Any ``text`` an engine still
puts on an event is ignored by both describers.
"""

from __future__ import annotations

import ast
import io
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

import pygame_rules as pr
from pygame_rules import cli, words
from pygame_rules.core.errors import IllegalAction, MalformedAction
from pygame_rules.core.game import redact_event
from pygame_rules.words import LANGS, MissingWords, describe_event, describe_events, describe_refusal
from tests.node_words import I18N, LOG_WORDS, run_node
from tests.reference import VARIANTS, choose
from tests.test_refusal_words import ENGINE_IDS, PYTHON_REPR, refusal_corpus

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["Ann", "Bob", "Cyd", "Dee", "Eve", "Fay"]
# what a line must never show: a placeholder left, a JS or Python value's spelling
LEFTOVERS = re.compile(r"\{\w+\}|\bundefined\b|\bnull\b|\bNone\b|\bNaN\b|\[object|\btext\b")


def _play(game: str, players: int, options: dict[str, Any], seed: int | str, policy_seed: int) -> dict[str, Any]:
    state = pr.new_game(game, players=players, seed=seed, options=options)
    rng = random.Random(policy_seed)
    events: list[dict[str, Any]] = []
    while not state.is_over():
        events += [redact_event(e, 0) for e in state.apply(choose(state, rng))]
    return {"game": game, "players": players, "events": events, "view": state.view(0)}


@pytest.fixture(scope="module")
def logs() -> list[dict[str, Any]]:
    """Every reference game played to the end: its events as seat 0 sees them, and seat 0's last view."""
    return [_play(*variant) for variant in VARIANTS]


def test_the_reference_games_meet_every_kind_of_event(logs: list[dict[str, Any]]) -> None:
    types: dict[str, set[str]] = {}
    for log in logs:
        types.setdefault(log["game"], set()).update(e["type"] for e in log["events"])
    assert types["skipbo"] >= {"play_hand", "play_stock", "play_discard", "discard", "draw", "complete",
                               "game_over", "game_end", "game_start", "match_end"}, types["skipbo"]
    assert types["topspot"] >= {"play", "round_won", "round_start", "tiebreak", "bonus", "end", "game_end",
                                "match_end"}, types["topspot"]
    assert types["level8"] >= {"deal", "draw", "take_discard", "lay_out", "add", "discard", "skip", "serve_skip",
                               "go_out", "deal_end", "keep_start", "keep", "rebuild", "win"}, types["level8"]
    assert types["etalage"] >= {"play", "settle", "claim", "trick_end", "game_over", "game_end", "game_start",
                                "match_end"}, types["etalage"]


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_is_worded_in_every_language(logs: list[dict[str, Any]], lang: str) -> None:
    seat_zero = words.words("newgame.seat", {"n": 0}, lang)  # "Seat 0": a seat counted from 0
    for log in logs:
        named = describe_events(log["game"], log["events"], names=NAMES, lang=lang, view=log["view"])
        plain = describe_events(log["game"], log["events"], lang=lang, view=log["view"])
        assert len(named) == len(plain) == len(log["events"])
        for event, line, default in zip(log["events"], named, plain, strict=True):
            where = f"{lang} {log['game']} {event['type']}: {line!r}"
            assert line.strip(), where
            assert not ENGINE_IDS.search(line), f"engine notation in {where}"
            assert not PYTHON_REPR.search(line), f"a Python repr or an unfilled placeholder in {where}"
            assert not LEFTOVERS.search(line), where
            assert not re.search(rf"{re.escape(seat_zero)}\b", default), f"a seat counted from 0: {default!r}"


# A colour name in Dutch and French is an adjective that agrees with its noun ("de rode kaarten", "les cartes
# rouges"); the catalogues' bare colour names ("rood", "rouge") must stand where they need no agreement.
UNINFLECTED = {"nl": re.compile(r"\b(rood|geel|groen|blauw|paars|oranje) kaarten\b"),
               "fr": re.compile(r"\bcartes (rouge|jaune|vert|bleu|violet|orange)\b")}


@pytest.mark.parametrize("lang", sorted(UNINFLECTED))
def test_a_colour_name_never_needs_an_ending_it_lacks(logs: list[dict[str, Any]], lang: str) -> None:
    for log in logs:
        for line in describe_events(log["game"], log["events"], names=NAMES, lang=lang, view=log["view"]):
            assert not UNINFLECTED[lang].search(line), f"{lang} {log['game']}: {line!r}"


def test_the_page_words_an_etalage_claim_of_one_point_in_the_singular(tmp_path: Path) -> None:
    """The page's words for a claim (hints and bot moves, js/games/etalage.js ``describe``): a display colour worth 1
    is "1 point", not "1 points"; and the colour needs no ending it lacks (as above)."""
    etalage = (ROOT / "web" / "js" / "games" / "etalage.js").as_uri()
    out = run_node(f"""
const {{ setLang }} = await import("{I18N}");
const renderer = (await import("{etalage}")).default;
const table = {{ view: {{ display_groups: [{{ colour: "red", cards: ["red-1"], sum: 1 }},
                                          {{ colour: "green", cards: ["green-2", "green-5"], sum: 7 }}] }} }};
const out = {{}};
for (const lang of ["en", "nl", "de", "fr"]) {{
  setLang(lang, {{ remember: false }});
  out[lang] = ["red", "green"].flatMap((colour) => [
    renderer.describe({{ type: "claim", colour }}, 1, table, ["Ann", "Bob"]),
    renderer.describe({{ type: "claim", colour }}, 0, table, ["Ann", "Bob"], {{ hint: true }})]);
}}
console.log(JSON.stringify(out));
""", {}, tmp_path)
    plural_after_one = {"en": "1 points", "nl": "1 punten", "de": "1 Punkte", "fr": "1 points"}
    for lang, lines in out.items():
        assert all(line.strip() and not LEFTOVERS.search(line) for line in lines), (lang, lines)
        assert not any(plural_after_one[lang] in line for line in lines), (lang, lines)
        assert all("7" in line for line in lines[2:]), (lang, lines)
        if lang in UNINFLECTED:
            assert not any(UNINFLECTED[lang].search(line) for line in lines), (lang, lines)


def test_the_default_names_are_seats_counted_from_1() -> None:
    event = {"type": "discard", "player": 0, "card": 7, "discard": 1}
    assert describe_event("skipbo", event) == "Seat 1 discards 7 on discard pile 2."
    assert describe_event("skipbo", event, lang="de").startswith("Platz 1 ")
    assert describe_event("skipbo", event, names=["Ann", "Bob"]).startswith("Ann ")
    assert words.seat_names(2) == ["Seat 1", "Seat 2"] and words.seat_names(1, "nl") == ["Plaats 1"]


def test_an_event_without_words_is_an_error_not_a_guess() -> None:
    with pytest.raises(MissingWords):
        describe_event("skipbo", {"type": "a_new_event", "player": 0})
    with pytest.raises(MissingWords):
        describe_event("etalage", {"type": "play", "player": 0})  # its card is missing


LOG_SCRIPT = """
const { logLines } = await import(%(module)s);
const { MISSING } = await import(%(i18n)s);
const data = JSON.parse(await readFile(process.argv[1], "utf8"));
const out = data.logs.map((log) => Object.fromEntries(%(langs)s.map((lang) => [lang,
  withLang(lang, () => logLines(log.game, log.events, %(names)s, { view: log.view }))])));
const refusals = data.refusals.map((r) => Object.fromEntries(%(langs)s.map((lang) =>
  [lang, refusalWords(r.refusal, { game: r.game, names: %(names)s, lang }).text])));
console.log(JSON.stringify({ out, refusals, missing: MISSING }));
"""


@pytest.fixture(scope="module")
def page_words(logs: list[dict[str, Any]], tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The page's words for the same events and refusals, from log-words.js in Node."""
    corpus = [item for item in refusal_corpus() if item["refusal"].get("reason")]
    script = (f"const {{ withLang }} = await import({json.dumps(I18N)});\n"
              f"const {{ refusalWords }} = await import({json.dumps(LOG_WORDS)});\n")
    script += LOG_SCRIPT % {"module": json.dumps(LOG_WORDS), "i18n": json.dumps(I18N),
                            "langs": json.dumps(list(LANGS)), "names": json.dumps(NAMES)}
    answer = run_node(script, {"logs": logs, "refusals": corpus}, tmp_path_factory.mktemp("words"))
    return {"corpus": corpus, **answer}


def test_the_page_shows_an_event_it_cannot_word_as_a_missing_key(tmp_path: Path) -> None:
    """No silent fallback to an engine's English: an unknown event is a missing key, which the tests catch."""
    script = (f"const {{ logLines }} = await import({json.dumps(LOG_WORDS)});\n"
              f"const {{ MISSING }} = await import({json.dumps(I18N)});\n"
              "const events = JSON.parse(await readFile(process.argv[1], 'utf8'));\n"
              "console.log(JSON.stringify({ lines: logLines('skipbo', events, ['Ann', 'Bob']), missing: MISSING }));")
    events = [{"type": "brand_new", "player": 0, "text": "Seat 0 does something new."},
              {"type": "discard", "player": 1, "text": "Seat 1 discards."}]  # a discard without its card
    answer = run_node(script, events, tmp_path)
    assert answer == {"lines": ["log.skipbo.brand_new", "log.skipbo.discard"],
                      "missing": ["log.skipbo.brand_new", "log.skipbo.discard"]}


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_and_python_word_every_event_alike(logs: list[dict[str, Any]], page_words: dict[str, Any],
                                                     lang: str) -> None:
    assert page_words["missing"] == [], f"keys (or events) the page could not word: {page_words['missing']}"
    for log, page in zip(logs, page_words["out"], strict=True):
        python = describe_events(log["game"], log["events"], names=NAMES, lang=lang, view=log["view"])
        differ = [(e["type"], p, j) for e, p, j in zip(log["events"], python, page[lang], strict=True) if p != j]
        assert not differ, f"{lang} {log['game']}: Python and the page word {len(differ)} events apart: {differ[:3]}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_and_python_word_every_refusal_alike(page_words: dict[str, Any], lang: str) -> None:
    assert len(page_words["corpus"]) > 50
    for item, page in zip(page_words["corpus"], page_words["refusals"], strict=True):
        refusal = item["refusal"]
        python = describe_refusal(item["game"], refusal["reason"], refusal["params"], names=NAMES, lang=lang)
        assert python == page[lang], f"{lang} {item['game']} {refusal['reason']} {refusal['params']}"


def test_the_engine_message_of_a_refusal_is_the_catalogue_english() -> None:
    corpus = [item for item in refusal_corpus() if item["refusal"].get("reason")]
    for item in corpus:
        refusal = item["refusal"]
        assert refusal["message"] == describe_refusal(item["game"], refusal["reason"], refusal["params"]), item


def test_a_refusal_is_worded_only_when_its_message_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bots ask ``can`` about many actions: no refusal is worded unless somebody reads its message."""
    asked: list[str] = []

    def counting(game: str, reason: str, params: Any = None) -> str:
        asked.append(reason)
        return "worded"

    monkeypatch.setattr("pygame_rules.core.game.refusal_message", counting)
    state = pr.new_game("skipbo", players=2, seed=1)
    assert not state.can({"type": "end_turn"})
    assert asked == []
    with pytest.raises(IllegalAction) as refused:
        state.check({"type": "end_turn"})
    assert refused.value.reason == "must_discard" and asked == []
    assert str(refused.value) == "worded" and asked == ["must_discard"]


def test_a_malformed_etalage_action_is_worded_from_the_catalogue() -> None:
    state = pr.new_game("etalage", players=3, seed=1)
    with pytest.raises(MalformedAction) as refused:
        state.check({"type": "play", "card": "mauve-3"})
    assert refused.value.message == words.words("refusal.etalage.not_a_card", {"value": "mauve-3"})
    assert refused.value.details == {"field": "card"}


def test_the_cli_log_is_worded_with_seats_counted_from_1() -> None:
    out = io.StringIO()
    state = pr.new_game("skipbo", players=2, seed=2, options={"stock_size": 3})
    bots = [cli.make_bot("skipbo", "random") for _ in range(2)]
    cli.play_game(state, bots, random.Random(3), log=out)
    lines = out.getvalue().splitlines()
    assert lines and all(not line.startswith("{") for line in lines), lines[:3]
    assert any(line.startswith("Seat 1 ") for line in lines) and not any("Seat 0" in line for line in lines)


# ----- no English in the engine's events --------------------------------------------------------------------------
def _events_with_text() -> list[str]:
    """Every dict literal under pygame_rules/ with both a "type" and a "text" key: an event that words itself."""
    found = []
    for path in sorted((ROOT / "pygame_rules").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Dict):
                keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
                if {"type", "text"} <= keys:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_the_text_finder_finds_an_event_with_text(tmp_path: Path) -> None:
    tree = ast.parse('e = {"type": "play", "player": 0, "text": "Seat 0 plays."}')
    assert any(isinstance(n, ast.Dict) and {"type", "text"} <= {k.value for k in n.keys  # type: ignore[union-attr]
                                                                   if isinstance(k, ast.Constant)}
               for n in ast.walk(tree))


def test_core_events_carry_no_text() -> None:
    offenders = [where for where in _events_with_text() if "/core/" in where]
    assert not offenders, f"events that word themselves in English: {offenders}"


def test_no_event_carries_english_text() -> None:
    offenders = _events_with_text()
    assert not offenders, f"{len(offenders)} events that word themselves in English: {offenders}"


# ----- the catalogues ship with the package, not with the site's engine -------------------------------------------
def test_the_package_declares_its_catalogues_as_data() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"i18n/*.json"' in pyproject
    assert sorted(p.name for p in words.CATALOGUE_DIR.glob("*.json")) == sorted(f"{lang}.json" for lang in LANGS)
    assert not (ROOT / "web" / "i18n").exists(), "one source of words: the page's copy is made by the site build"


def test_the_site_wheel_leaves_the_catalogues_out(tmp_path: Path) -> None:
    import zipfile

    from tools import build_site

    wheel = tmp_path / "pygame_rules-1-py3-none-any.whl"
    record = ("pygame_rules/words.py,sha256=a,1\npygame_rules/i18n/en.json,sha256=b,2\n"
              "pygame_rules-1.dist-info/RECORD,,\n")
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as out:
        out.writestr("pygame_rules/words.py", "x = 1\n")
        out.writestr("pygame_rules/i18n/en.json", "{}")
        out.writestr("pygame_rules-1.dist-info/RECORD", record)
    build_site.strip_catalogues(wheel)
    with zipfile.ZipFile(wheel) as kept:
        assert kept.namelist() == ["pygame_rules/words.py", "pygame_rules-1.dist-info/RECORD"]
        assert "i18n" not in kept.read("pygame_rules-1.dist-info/RECORD").decode()
        assert kept.getinfo("pygame_rules/words.py").compress_type == zipfile.ZIP_DEFLATED


def test_without_catalogues_a_refusal_still_has_a_message(monkeypatch: pytest.MonkeyPatch) -> None:
    """The site's engine has no catalogues: a refusal is then its reason code and params, never a crash."""
    def missing(lang: str) -> dict[str, Any]:
        raise MissingWords("the words catalogues are not part of this build")

    monkeypatch.setattr(words, "catalogue", missing)
    state = pr.new_game("skipbo", players=2, seed=1)
    with pytest.raises(IllegalAction) as refused:
        state.check({"type": "end_turn"})
    assert refused.value.message == 'skipbo: must_discard {}'


def test_a_refusal_pickles_with_its_words() -> None:
    """The arena's worker processes send errors back pickled: the message (worded once) and fields survive."""
    import pickle

    state = pr.new_game("skipbo", players=2, seed=1)
    with pytest.raises(IllegalAction) as refused:
        state.check({"type": "end_turn"})
    copy = pickle.loads(pickle.dumps(refused.value))
    assert type(copy) is IllegalAction and copy.to_json() == refused.value.to_json()
    assert copy.to_json()["reason"] == "must_discard" and copy.message.startswith("End your turn")
