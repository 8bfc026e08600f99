"""The interface catalogues (pygame_rules/i18n/<lang>.json) against each other and the keys the JS and pages use.

Fails when a key is missing in any language, when a key used in web/js or in a page is in no catalogue, when a
translation drops or invents a {placeholder}, or when a plural entry lacks its forms. See docs/i18n.md.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pygame_rules.words import CATALOGUE_DIR

WEB = Path(__file__).resolve().parent.parent / "web"
LANGS = ("en", "nl", "de", "fr")
PLACEHOLDER = re.compile(r"\{(\w+)\}")
CHOICE = re.compile(r"""\btr?\(\s*[\w.\s=!<>&|()]+?\?\s*["']([\w.]+)["']\s*:\s*["']([\w.]+)["']""")
# The widget UI strings (teach contract: keys prefixed "widget."), as web/js/widgets/widget-strings.js lists them.
WIDGET_KEYS = {
    "widget.label", "widget.idle", "widget.start", "widget.loading", "widget.failed", "widget.previous", "widget.next",
    "widget.restart", "widget.step", "widget.log", "widget.noMoves", "widget.player", "widget.tryIntro",
    "widget.typeAction", "widget.actionLabel", "widget.tryJson", "widget.reset", "widget.legal", "widget.illegal",
    "widget.badJson", "widget.stepFailed", "widget.error.notObject", "widget.error.game", "widget.error.scenario",
    "widget.error.seat", "widget.error.steps", "widget.error.code", "widget.error.origin", "widget.error.fetch",
    "widget.error.json", "widget.error.missing",
}


def catalogue(lang: str) -> dict:
    return json.loads((CATALOGUE_DIR / f"{lang}.json").read_text(encoding="utf-8"))


CATALOGUES = {lang: catalogue(lang) for lang in LANGS}
NAMESPACES = {key.split(".")[0] for key in CATALOGUES["en"]}


def forms(value: str | dict) -> list[str]:
    return list(value.values()) if isinstance(value, dict) else [value]


def used_keys() -> dict[str, set[str]]:
    """Every catalogue key the code and pages name, by file: t("key") calls, key lists mapped through t, the
    engine-status keys the worker sends, and data-i18n attributes in HTML."""
    found: dict[str, set[str]] = {}
    patterns = [
        re.compile(r"""\btr?\(\s*["']([\w.]+)["']"""),  # t("key", ...)
        re.compile(r"""["'](\w+\.rules\.\d+)["']"""),  # ["skipbo.rules.1", ...].map((k) => t(k))
        re.compile(r"""\bkey: ["'](engine\.\w+)["']"""),  # the engine status carries its label's key
        re.compile(r"""progress\([^)]*["'](engine\.\w+)["']\)"""),  # the worker's progress labels
        re.compile(r"""data-i18n=["']([\w.]+)["']"""),  # static pages
    ]
    files = [p for p in WEB.rglob("*") if p.suffix in {".js", ".html"} and p.is_file()]
    for path in files:
        text = path.read_text(encoding="utf-8")
        keys = {k for pattern in patterns for k in pattern.findall(text)}
        for pair in CHOICE.findall(text):  # t(mine ? "a.key" : "b.key", ...)
            keys.update(pair)
        if path.suffix == ".js":  # keys picked from a list: any quoted "<namespace>.<name>" of a catalogue namespace
            quoted = re.findall(r"""(?<!h\()["']([a-z0-9]+\.[\w.]+)["']""", text)  # h("table.scores") is a tag
            keys.update(k for k in quoted if k.split(".")[0] in NAMESPACES)
        if keys:
            found[str(path.relative_to(WEB))] = keys
    return found


def test_every_language_has_exactly_the_english_keys() -> None:
    english = set(CATALOGUES["en"])
    for lang in LANGS[1:]:
        keys = set(CATALOGUES[lang])
        assert not english - keys, f"{lang}.json lacks {sorted(english - keys)}"
        assert not keys - english, f"{lang}.json has keys English lacks: {sorted(keys - english)}"


@pytest.mark.parametrize("lang", LANGS)
def test_values_are_text_with_the_same_placeholders(lang: str) -> None:
    for key, value in CATALOGUES[lang].items():
        english = CATALOGUES["en"][key]
        assert isinstance(value, type(english)), f"{lang}:{key} is {type(value).__name__}"
        if isinstance(value, dict):
            assert {"one", "other"} <= set(value), f"{lang}:{key} needs one/other forms"
        for text in forms(value):
            assert isinstance(text, str) and text.strip(), f"{lang}:{key} is empty"
        wanted = {p for text in forms(english) for p in PLACEHOLDER.findall(text)}
        have = {p for text in forms(value) for p in PLACEHOLDER.findall(text)}
        assert have == wanted, f"{lang}:{key} has placeholders {sorted(have)}, English {sorted(wanted)}"


# The options of the new-game dialog (web/js/app/main.js newGameDialog): a seat's kind, a bot's level, the bots'
# speed. The level and speed names stand alone there, in the stats table and on the boards' badges too, so they are
# written as the kinds are: with a capital first letter, in every language.
DIALOG_OPTIONS = ("newgame.human", "newgame.bot", "newgame.guest", "bot.random", "bot.easy", "bot.normal", "bot.hard",
                  "bot.mixed", "bot.humans", "speed.slow", "speed.normal", "speed.fast", "speed.instant")


@pytest.mark.parametrize("lang", LANGS)
def test_the_new_game_dialogs_options_are_written_alike(lang: str) -> None:
    words = CATALOGUES[lang]
    lower = {key: words[key] for key in DIALOG_OPTIONS if not words[key][:1].isupper()}
    assert lower == {}, f"{lang}: options written unlike {words['newgame.human']!r}"


def test_every_key_the_code_uses_is_in_the_catalogue() -> None:
    used = used_keys()
    assert "js/app/main.js" in used and "js/app/table.js" in used  # the scan really reads the app
    missing = {f: sorted(keys - set(CATALOGUES["en"])) for f, keys in used.items() if keys - set(CATALOGUES["en"])}
    assert not missing, f"keys used but in no catalogue: {missing}"


def test_the_widget_keys_of_the_contract_exist() -> None:
    assert WIDGET_KEYS <= set(CATALOGUES["en"])


def test_no_catalogue_key_is_dead() -> None:
    # Used = named by a t() call as above, or quoted anywhere in the code (keys picked from a list in JS).
    quoted = re.compile(r"""["']([\w.]+)["']""")
    literals = {k for p in WEB.rglob("*.js") for k in quoted.findall(p.read_text(encoding="utf-8"))}
    # refusal reasons: keys built from the engine's codes (refusalWords), and Skip-Bo's card sources
    from pygame_rules.bots.reasons import CODES  # hint reasons: the page words "hint.<code>"
    from pygame_rules.games.skipbo import SOURCES

    dynamic = set(_refusal_keys()) | {f"refusal.source.{source}" for source in SOURCES} | _editor_place_keys()
    from pygame_rules.coach import SECTIONS  # the coach's tips: keys built from the engine's situation codes

    dynamic |= {f"coach.{game}.{situation}" for game, found in SECTIONS.items() for situation in found}
    # keys the site build writes into pages (tools/build_site.py: the rules pages' links to their lessons)
    dynamic |= set(re.findall(r'data-i18n="([\w.]+)"', (WEB.parent / "tools" / "build_site.py").read_text()))
    dynamic |= {f"hint.{code}" for code in CODES}
    # keys only the Python describer reads (pygame_rules/words.py): the English message of an Etalage action that
    # names no card, colour or action of the game (a MalformedAction, which the page words by its error code)
    from pygame_rules.games.etalage import _MALFORMED

    dynamic |= {f"refusal.etalage.{reason}" for reason in (*_MALFORMED, "not_an_action")}
    dynamic |= set(quoted.findall((WEB.parent / "pygame_rules" / "words.py").read_text(encoding="utf-8")))
    used = set().union(*used_keys().values()) | WIDGET_KEYS | (literals & set(CATALOGUES["en"])) | dynamic
    dead = set(CATALOGUES["en"]) - used
    assert not dead, f"catalogue keys nothing uses: {sorted(dead)}"


def test_the_scan_catches_an_unknown_key(tmp_path: Path) -> None:
    pattern = re.compile(r"""\btr?\(\s*["']([\w.]+)["']""")
    assert pattern.findall('x = t("home.nope", { n }) + t(\'a.b\')') == ["home.nope", "a.b"]
    assert CHOICE.findall('t(c === 0 ? "x.wild" : "x.card", { card })') == [("x.wild", "x.card")]


# ----- refusal reasons (web/js/words/log-words.js refusalWords) ---------------------------------------------------
def _refusal_keys() -> dict[str, set[str]]:
    """Every catalogue key the page may use for a game's refusal reason (refusalWords in log-words.js)."""
    from pygame_rules.games.etalage import EtalageState
    from pygame_rules.games.level8 import Level8State
    from pygame_rules.games.skipbo import SkipBoState
    from pygame_rules.games.topspot import TopSpotState

    keys: dict[str, set[str]] = {}
    for game, cls in (("skipbo", SkipBoState), ("level8", Level8State), ("topspot", TopSpotState),
                      ("etalage", EtalageState)):
        for code in cls.REFUSAL_CODES:
            if game == "level8" and code == "wrong_phase":  # worded per phase (reasonKey in log-words.js)
                for phase in ("draw", "took", "play", "keep", "skipped", "over"):
                    keys[f"refusal.level8.wrong_phase_{phase}"] = set()
            elif game == "skipbo" and code == "no_such_pile":
                keys.update({"refusal.skipbo.no_such_pile_discard": set(),
                             "refusal.skipbo.no_such_pile_building": set()})
            elif game == "topspot" and code == "does_not_raise":  # and one for a card that would show no spot
                keys.update({"refusal.topspot.does_not_raise": set(), "refusal.topspot.does_not_raise_hidden": set()})
            elif game == "skipbo" and code == "not_your_pile":  # partnership games name the partner's piles too
                keys.update({"refusal.skipbo.not_your_pile": set(), "refusal.skipbo.not_your_pile_partner": set()})
            else:
                keys[f"refusal.{game}.{code}"] = set()
    # what is wrong with a Level 8 lay-out or addition, worded as a second sentence (PartError.why); a joker with a
    # real choice is a refusal code of its own (joker_choice), never a second sentence
    from pygame_rules.games.level8.solver import PART_PROBLEMS

    keys.update({f"refusal.level8.why.{why}": set() for why in PART_PROBLEMS - {"joker_choice"}})
    return keys


def test_every_refusal_reason_is_worded_in_every_language_with_the_same_placeholders() -> None:
    keys = _refusal_keys()
    assert len(keys) > 40
    for key in keys:
        english = set(PLACEHOLDER.findall(CATALOGUES["en"].get(key, "")))
        for lang in LANGS:
            assert key in CATALOGUES[lang], f"{lang}: no words for the refusal {key}"
            assert set(PLACEHOLDER.findall(CATALOGUES[lang][key])) == english, f"{lang}: {key} placeholders"
    source = (WEB / "js" / "words" / "log-words.js").read_text()
    assert "refusal.${game}.${reason}" in source, "refusalWords no longer builds the keys this test checks"
    assert "refusal.${game}.why.${params.why}" in source


def test_docs_api_lists_every_refusal_code() -> None:
    """docs/api.md "Refusal reasons" names every code a game class lists, and every Level 8 ``why``."""
    from pygame_rules.games.etalage import EtalageState
    from pygame_rules.games.level8 import Level8State
    from pygame_rules.games.level8.solver import PART_PROBLEMS
    from pygame_rules.games.skipbo import SkipBoState
    from pygame_rules.games.topspot import TopSpotState

    docs = (WEB.parent / "docs" / "api.md").read_text(encoding="utf-8")
    section = docs[docs.index("### Refusal reasons"):docs.index("## Actions")]
    codes = {c for cls in (SkipBoState, Level8State, TopSpotState, EtalageState) for c in cls.REFUSAL_CODES}
    missing = sorted(c for c in codes | PART_PROBLEMS if f"`{c}`" not in section)
    assert not missing, f"docs/api.md does not list the refusal codes {missing}"


def _editor_place_keys() -> set[str]:
    """The keys editor.js words the engine's editor places with (``editor.place.<game>.<path[0]>``)."""
    from pygame_rules.scenario_tools import editor_kit

    return {f"editor.place.{game}.{place['path'][0]}" for game, players in
            (("skipbo", 2), ("topspot", 3), ("level8", 2), ("etalage", 4))
            for place in editor_kit(game, players)["places"]}


def test_every_editor_place_is_worded_in_every_language() -> None:
    keys = _editor_place_keys()
    assert len(keys) >= 10
    for key in keys:
        for lang in LANGS:
            assert key in CATALOGUES[lang], f"{lang}: the editor cannot name the place {key}"


def test_the_problems_of_an_empty_editor_table_are_worded_in_every_language() -> None:
    """Issue 24: "bad scenario: seat 0's stock is empty" on the editor's empty table. Each problem the engine
    names (BadScenario reason) for an empty table has words in every catalogue, listed in the game's words module
    (``editorProblems`` in web/js/games/<game>-words.js), which editor.js words them from."""
    from pygame_rules.api import handle_request
    from pygame_rules.scenario_tools import editor_kit

    source = "".join(p.read_text(encoding="utf-8") for p in (WEB / "js" / "games").glob("*-words.js"))
    mapped = set(re.findall(r'"(editor\.problem\.\w+\.\w+)"', source))
    named = 0
    for game, players in (("skipbo", 2), ("topspot", 3), ("level8", 2), ("etalage", 4)):
        empty = editor_kit(game, players)["scenario"]
        error = handle_request({"id": 1, "op": "scenario", "game": game, "scenario": empty, "seat": 0}).get("error")
        if error is None:
            continue
        assert error.get("reason"), f"{game}: the empty table's problem has no reason code: {error}"
        key = f"editor.problem.{game}.{error['reason']}"
        assert key in mapped, f"games/{game}-words.js does not list {game}'s {error['reason']} in editorProblems"
        params = set(error["params"]) - {"seat"} | ({"player"} if "seat" in error["params"] else set())
        for lang in LANGS:
            assert set(PLACEHOLDER.findall(CATALOGUES[lang][key])) == params, (lang, key)
        named += 1
    assert named >= 3
