"""Every refusal the engine gives, worded by the page (js/words/log-words.js ``refusalWords``) in all four languages,
English included, run in Node on real refusals: each reason in the catalogue's words, cards named as the game names
them, players by their names, piles counted from 1; no engine ids (R2, J7, red-2), no 0-based "seat 1", no Python
reprs, no placeholder left unfilled, no catalogue key missing (issue 24, item 2).

The refusals come from the engine itself: probes (actions legal in other positions, tried in each position of
random games, as tests/test_refusal_codes.py does) plus positions made for the reasons probes rarely meet (Level 8
lay-outs and additions, a Skip-Bo stock of another player, Top Spot's follow rule).
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

import pygame_rules as pr
from pygame_rules.core.errors import IllegalAction
from pygame_rules.words import CATALOGUE_DIR
from tests.node_words import I18N, LOG_WORDS, run_node

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("en", "nl", "de", "fr")
NAMES = ["Ann", "Bob", "Cyd", "Dee"]
GAMES = {"skipbo": 2, "topspot": 3, "level8": 2, "etalage": 4}
OPTIONS = {"topspot": {"games": 1}, "etalage": {"games": 1}}
CATALOGUES = {lang: json.loads((CATALOGUE_DIR / f"{lang}.json").read_text(encoding="utf-8"))
              for lang in LANGS}

ENGINE_IDS = re.compile(r"\b(red|yellow|green|blue|purple|orange)-\d+\b|\b[ROYGBPS]\d{1,2}\b|\bJ[ROYGBP\d]{1,2}\b"
                        r"|\[\d|\b[Ss]eat \d|\bone_star\b|\btwo_star\b|e\.g\.")
PYTHON_REPR = re.compile(r"\('|\['|'\w+'|\bNone\b|\bTrue\b|\bFalse\b|\{\w+\}|\bundefined\b|\bNaN\b|\[object")

SCRIPT = """
const { refusalWords } = await import(%(module)s);
const { MISSING } = await import(%(i18n)s);
const corpus = JSON.parse(await readFile(process.argv[1], "utf8"));
const out = corpus.map((r) => Object.fromEntries(%(langs)s.map((lang) =>
  [lang, refusalWords(r.refusal, { game: r.game, names: %(names)s, lang })])));
console.log(JSON.stringify({ out, missing: MISSING }));
"""


def _probe_refusals(game: str, players: int) -> list[dict[str, Any]]:
    """Refusals met by trying, in each position of a random game, actions legal in other games' positions."""
    probes: list[pr.Action] = []
    for seed in range(4):
        state = pr.new_game(game, players=players, seed=f"words/{seed}", options=OPTIONS.get(game))
        rng = random.Random(seed)
        for _ in range(50):
            if state.is_over():
                break
            legal = state.legal_actions()
            probes.extend(rng.sample(legal, min(4, len(legal))))
            state.apply(rng.choice(legal))
    out: dict[str, dict[str, Any]] = {}
    state = pr.new_game(game, players=players, seed="words", options=OPTIONS.get(game))
    rng = random.Random(11)
    for _ in range(60):
        if state.is_over():
            break
        for probe in rng.sample(probes, min(20, len(probes))):
            try:
                state.check(probe, player=state.current_player)
            except IllegalAction as refusal:
                found = refusal.to_json()
                out.setdefault(f"{found.get('reason')}|{json.dumps(found.get('params'), sort_keys=True)}", found)
        state.apply(rng.choice(state.legal_actions()))
    return list(out.values())


def _made_refusals() -> list[tuple[str, dict[str, Any]]]:
    """Refusals of positions made for them: the ones issue 24 quotes and every Level 8 lay-out problem."""
    out: list[tuple[str, dict[str, Any]]] = []

    def refuse(game: str, state: pr.State, action: Any) -> None:
        try:
            state.check(action)
        except IllegalAction as refusal:
            out.append((game, refusal.to_json()))
            return
        raise AssertionError(f"{game}: {action} was accepted")

    l8 = {"players": 2, "dealer": 1, "turn": 0, "phase": "play", "levels": [1, 1]}
    hand = ["R1", "R2", "R3", "G2", "B3", "Y4", "Y9", "Y11", "Y12", "R7", "R8", "R9", "J", "S"]
    state = pr.from_scenario("level8", {**l8, "hands": [hand, []]})
    for parts in (
        [["run", "R1", "R2", "G2"], ["run", "R7", "R8", "R9"]],  # "a run cannot hold two 2s (R1 R2 G2)"
        [["run", "R2", "R3", "J"], ["run", "R7", "R8", "R9"]],  # a real joker choice: 1 or 4
        [["run", "R1", "R2", "R3"]], [["run", "R1", "R2", "R3"], ["run", "R7", "R8"]],
        [["run", "R1", "R2", "R3"], ["run", "R7", "R8", "R9"], ["run", "Y9", "J", "Y11"]],
        [["run", "R1", "R2", "R3"], ["run", "R7", "R8", "Y11"]], [["run", "R1", "R2", "R3"], ["run", "B7", "B8"]],
        [["run", "R1", "R2", "J3"], ["run", "J7", "R8", "R9"]], [["run", "R1", "R2", "S"], ["run", "R7", "R8"]],
        [["run", "R1", "R2", "JR"], ["run", "R7", "R8", "R9"]], [["run", "R1", "R2", "X3"]],
        [["run", "R1", "J", "Y12"], ["run", "R7", "R8", "R9"]], [["run", "R14", "R15", "R1"]],
    ):
        refuse("level8", state, {"type": "lay_out", "parts": parts})
    groups = pr.from_scenario("level8", {**l8, "levels": [3, 1], "hands": [hand, []]})
    refuse("level8", groups, {"type": "lay_out", "parts": [["run", "R1", "G2", "B3"], ["colour", "Y4", "Y9", "R7"]]})
    sets = pr.from_scenario("level8", {**l8, "levels": [2, 1], "hands": [hand, []]})
    refuse("level8", sets, {"type": "lay_out", "parts": [["set", "R1", "G2"], ["set", "R3", "B3"],
                                                         ["set", "R7", "J"], ["set", "Y9", "J"]]})
    table = pr.from_scenario("level8", {**l8, "hands": [["J", "G4", "B9", "O15"], []], "laid_out": [True, True],
                                        "table": [[], [["run", "R5", "R6", "R7"], ["colour", "Y2", "Y5", "Y7"]]]})
    refuse("level8", table, {"type": "add", "seat": 1, "part": 0, "card": "B9"})
    refuse("level8", table, {"type": "add", "seat": 1, "part": 0, "card": "J"})
    refuse("level8", table, {"type": "add", "seat": 1, "part": 1, "card": "G4"})
    refuse("level8", table, {"type": "add", "seat": 1, "part": 3, "card": "G4"})
    skipbo = pr.new_game("skipbo", players=2, seed=3)
    refuse("skipbo", skipbo, {"type": "play_stock", "owner": 1 - skipbo.current_player, "pile": 0})  # "not seat 1's"
    for seed in range(40):  # a partnership game: a stock of the other side
        four = pr.new_game("skipbo", players=4, seed=seed, options={"partnership": True})
        if four.current_player in (0, 2):
            refuse("skipbo", four, {"type": "play_stock", "owner": 1, "pile": 0})
            break
    topspot = pr.new_game("topspot", players=3, seed=5, options={"games": 1})
    topspot.apply(topspot.legal_actions()[0])  # a lead: the next seat must follow it when it can
    led = topspot.view(topspot.current_player)
    offs = [a for a in pr.new_game("topspot", players=3, seed=5, options={"games": 1}).legal_actions()]
    for action in offs + [{"type": "play", "cards": [card], "colour": None} for card in led["hand"]]:
        try:
            topspot.check(action)
        except IllegalAction as refusal:
            out.append(("topspot", refusal.to_json()))
    return out


def refusal_corpus() -> list[dict[str, Any]]:
    """Real refusals of every game: probes in random games and positions made for the rarer reasons."""
    corpus = [{"game": game, "refusal": refusal} for game, players in GAMES.items()
              for refusal in _probe_refusals(game, players)]
    return corpus + [{"game": game, "refusal": refusal} for game, refusal in _made_refusals()]


@pytest.fixture(scope="module")
def worded(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    corpus = refusal_corpus()
    script = SCRIPT % {"module": json.dumps(LOG_WORDS), "i18n": json.dumps(I18N),
                       "langs": json.dumps(list(LANGS)), "names": json.dumps(NAMES)}
    answer = run_node(script, corpus, tmp_path_factory.mktemp("refusals"))
    return {"corpus": corpus, "out": answer["out"], "missing": answer["missing"]}


def test_the_corpus_meets_many_reasons_of_every_game(worded: dict[str, Any]) -> None:
    reasons: dict[str, set[str]] = {}
    for item in worded["corpus"]:
        reasons.setdefault(item["game"], set()).add(item["refusal"].get("reason") or item["refusal"]["code"])
    assert set(reasons) == set(GAMES)
    assert all(len(found) >= 3 for found in reasons.values()), reasons
    whys = {i["refusal"]["params"].get("why") for i in worded["corpus"] if i["refusal"].get("params")}
    assert len(whys) >= 12, whys  # most Level 8 lay-out problems


@pytest.mark.parametrize("lang", LANGS)
def test_every_refusal_is_worded_from_the_catalogue(worded: dict[str, Any], lang: str) -> None:
    assert worded["missing"] == [], f"keys in no catalogue: {worded['missing']}"
    generic = CATALOGUES[lang]["refusal.english_reason"]
    for item, words in zip(worded["corpus"], worded["out"], strict=True):
        refusal, text = item["refusal"], words[lang]["text"]
        where = f"{lang} {item['game']} {refusal.get('reason')} {refusal.get('params')}: {text!r}"
        assert text.strip(), where
        assert not ENGINE_IDS.search(text), f"engine notation in {where}"
        assert not PYTHON_REPR.search(text), f"a Python repr or an unfilled placeholder in {where}"
        if refusal.get("reason"):
            assert generic not in text, f"left to the engine's own words: {where}"
            # (the engine's English message comes from the same catalogue: tests/test_words.py holds them equal)
            for key in ("seat", "owner"):  # players by their names, never by a seat number
                if key in (refusal.get("params") or {}) and isinstance(refusal["params"][key], int) \
                        and 0 <= refusal["params"][key] < len(NAMES) and "{" + key + "}" in _template(lang, item):
                    assert NAMES[refusal["params"][key]] in text, where
        if lang == "en":  # the English reader reads the catalogue's words, not a tooltip's repeat of the engine
            assert not words[lang]["detail"] or not refusal.get("reason"), where


def _template(lang: str, item: dict[str, Any]) -> str:
    refusal = item["refusal"]
    reason, params = refusal["reason"], refusal.get("params") or {}
    if item["game"] == "level8" and reason == "wrong_phase":
        return ""
    if item["game"] == "skipbo" and reason == "no_such_pile":
        return CATALOGUES[lang][f"refusal.skipbo.no_such_pile_{params['kind']}"]
    return str(CATALOGUES[lang].get(f"refusal.{item['game']}.{reason}", ""))


def test_the_issue_examples_read_as_words(worded: dict[str, Any]) -> None:
    """The English sentences issue 24 quotes, now worded: red 2 and blue, Bob by name, two 2s in a run."""
    english = [w["en"]["text"] for w in worded["out"]]
    assert "You may only play from your own piles, not from Bob's." in english, english
    assert "You may only play from your own piles and your partner's, not from Bob's." in english, english
    assert any("two 2s" in t for t in english), english
    assert any(re.search(r"joker could stand for 1 or 4", t) for t in english), english
