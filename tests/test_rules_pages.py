"""The rules pages (web/rules/<game>.<lang>.html) against the scenario files and each other (docs/i18n.md).

Every game has a page in every language; each page declares its language, embeds only scenario files of its game
that exist, in its own language, shows each scenario's title and caption in that language as the text readers see
before the widget starts, and links to its other languages. The same checks run in the browser in e2e/test_i18n.py.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parent.parent / "web"
LANGS = ("en", "nl", "de", "fr")
GAMES = ("skipbo", "topspot", "level8", "etalage")
ELEMENT = re.compile(r'<rules-scenario game="(\w+)" src="\.\./scenarios/([\w-]+)\.json" lang="(\w+)">'
                     r"(.*?)</rules-scenario>", re.S)


def page(game: str, lang: str) -> str:
    return (WEB / "rules" / f"{game}.{lang}.html").read_text(encoding="utf-8")


def test_every_game_has_a_page_in_every_language() -> None:
    assert {p.name for p in (WEB / "rules").glob("*.html")} == {f"{g}.{lang}.html" for g in GAMES for lang in LANGS}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_page_language_scenarios_and_links(game: str, lang: str) -> None:
    text = page(game, lang)
    assert f'<html lang="{lang}">' in text
    elements = ELEMENT.findall(text)
    assert elements, "a rules page embeds at least one live scenario"
    for el_game, name, el_lang, inner in elements:
        assert (el_game, el_lang) == (game, lang)
        doc = json.loads((WEB / "scenarios" / f"{name}.json").read_text(encoding="utf-8"))
        assert doc["game"] == game
        assert html.escape(doc["title"][lang]) in inner and html.escape(doc["caption"][lang]) in inner
    for other in LANGS:
        assert f'href="{game}.{other}.html"' in text
    assert "{{APP}}" in text and "<!--{{WIDGETS}}-->" in text  # filled in by tools/build_site.py


def test_the_same_scenarios_in_every_language() -> None:
    for game in GAMES:
        per_lang = {lang: [name for _, name, _, _ in ELEMENT.findall(page(game, lang))] for lang in LANGS}
        assert len({tuple(v) for v in per_lang.values()}) == 1, per_lang
