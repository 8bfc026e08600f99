"""Stable rule anchors (docs/lessons.md, "Why?"): every rules page carries the same section ids in every language,
every refusal reason of every game maps (web/lessons/why.json) to an anchor that exists on that game's page in all
four languages, and every lesson names an anchor that exists."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pygame_rules.lessons import lesson_files
from pygame_rules.registry import GAMES, game_class

WEB = Path(__file__).resolve().parent.parent / "web"
LANGS = ("en", "nl", "de", "fr")
ID = re.compile(r'<h2 id="([a-z0-9-]+)">')
WHY = json.loads((WEB / "lessons" / "why.json").read_text(encoding="utf-8"))


def anchors(game: str, lang: str) -> list[str]:
    return ID.findall((WEB / "rules" / f"{game}.{lang}.html").read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", GAMES)
def test_every_section_has_the_same_anchor_in_every_language(game: str) -> None:
    english = anchors(game, "en")
    assert len(english) >= 4 and len(set(english)) == len(english)
    text = (WEB / "rules" / f"{game}.en.html").read_text(encoding="utf-8")
    assert text.count("<h2>") == 0, "a rule section without an anchor"
    for lang in LANGS[1:]:
        assert anchors(game, lang) == english, lang


@pytest.mark.parametrize("game", GAMES)
def test_every_refusal_code_maps_to_an_anchor_in_all_four_languages(game: str) -> None:
    codes = set(game_class(game).REFUSAL_CODES)
    mapped = WHY[game]
    assert set(mapped) == codes, f"unmapped {sorted(codes - set(mapped))}, unknown {sorted(set(mapped) - codes)}"
    for lang in LANGS:
        have = set(anchors(game, lang))
        assert not {a for a in mapped.values() if a not in have}, (lang, sorted(set(mapped.values()) - have))


def test_every_lesson_names_an_anchor_of_its_game() -> None:
    for path in lesson_files(WEB / "lessons"):
        doc = json.loads(path.read_text(encoding="utf-8"))
        for lang in LANGS:
            assert doc["rule"] in anchors(doc["game"], lang), (path.stem, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_built_rules_pages_link_each_taught_section_to_its_lessons(lang: str) -> None:
    from pygame_rules.lessons import lesson_index
    from tools.build_site import lesson_links

    index = lesson_index(WEB / "lessons")
    for game in GAMES:
        built = lesson_links((WEB / "rules" / f"{game}.{lang}.html").read_text(encoding="utf-8"), game, lang)
        for item in index[game]:
            link = f'href="../embed.html?lesson={item["id"]}&amp;lang={lang}"'
            assert built.count(link) == 1, (game, item["id"])
            section = built.split(f'<h2 id="{item["rule"]}">', 1)[1].split("<h2", 1)[0]
            assert link in section, (game, item["id"], "not under its section")
