"""The words of each game in every catalogue match its rules page's glossary, per language (issue 24, item 7).

A rules page (web/rules/<game>.<lang>.html) names the game's things once, in bold where it defines them: the
building pile is "Aufbaustapel" in German, the discard pile "Ablagestapel". Every catalogue text of that game whose
English names one of those things must use the same word, and must not use the word of another thing the English
does not name (a German refusal that calls the building pile "Ablagestapel" fails here).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pygame_rules.words import CATALOGUE_DIR

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("en", "nl", "de", "fr")
CATALOGUES = {lang: json.loads((CATALOGUE_DIR / f"{lang}.json").read_text(encoding="utf-8"))
              for lang in LANGS}

# game -> thing -> lang -> (the rules page's word, a pattern that finds it in a text, inflected forms included)
GLOSSARY: dict[str, dict[str, dict[str, tuple[str, str]]]] = {
    "skipbo": {
        "stock pile": {"en": ("stock pile", r"\bstock"), "nl": ("voorraadstapel", r"voorraad"),
                       "de": ("Vorratsstapel", r"vorrat"), "fr": ("réserve", r"réserve")},
        "building pile": {"en": ("building pile", r"building pile"), "nl": ("bouwstapel", r"bouwstapel"),
                          "de": ("Aufbaustapel", r"aufbaustapel"), "fr": ("pile de construction",
                                                                         r"piles? de construction")},
        "discard pile": {"en": ("discard pile", r"discard pile"), "nl": ("aflegstapel", r"aflegstapel"),
                         "de": ("Ablagestapel", r"ablage"), "fr": ("défausse", r"défausses?\b")},
    },
    "level8": {
        "colour group": {"en": ("colour group", r"colour group"), "nl": ("kleurgroep", r"kleurgroep"),
                         "de": ("Farbgruppe", r"farbgruppe"), "fr": ("groupe de couleur", r"groupes? de couleur")},
        "skip card": {"en": ("skip card", r"skip card"), "nl": ("overslaankaart", r"overslaankaart"),
                      "de": ("Aussetzen-Karte", r"aussetzen-karte"), "fr": ("passe ton tour", r"passe ton tour")},
        "discard pile": {"en": ("discard pile", r"discard pile"), "nl": ("aflegstapel", r"aflegstapel"),
                         "de": ("Ablage", r"ablage"), "fr": ("défausse", r"défausses?\b")},
        "draw pile": {"en": ("draw pile", r"draw pile"), "nl": ("trekstapel", r"trekstapel"),
                      "de": ("Nachziehstapel", r"nachziehstapel"), "fr": ("pioche", r"pioche")},
    },
    "etalage": {
        "display": {"en": ("display", r"\bdisplay"), "nl": ("etalage", r"etalage"), "de": ("Auslage", r"auslage"),
                    "fr": ("vitrine", r"vitrine")},
        "strength": {"en": ("strength", r"\bstrength"), "nl": ("sterkte", r"sterk"), "de": ("Stärke", r"stärk"),
                     "fr": ("force", r"\bforces?\b|\bfort")},
    },
}
# Things that are confused with each other: a text naming one in English must not use the other's word.
CONFUSED = {"skipbo": [("building pile", "discard pile"), ("discard pile", "building pile")]}


def _keys_of(game: str) -> list[str]:
    """The catalogue keys that speak of ``game``: its namespaces (``skipbo.``, ``log.skipbo.``, ``refusal.skipbo.``,
    ``editor.place.skipbo.``, ``hint.skipbo.`` ...) and Skip-Bo's card sources."""
    keys = [k for k in CATALOGUES["en"] if game in k.split(".")]
    if game == "skipbo":
        keys += [k for k in CATALOGUES["en"] if k.startswith("refusal.source.")]
    return keys


def _texts(value: str | dict[str, str]) -> str:
    return " ".join(value.values()) if isinstance(value, dict) else value


@pytest.mark.parametrize("game", sorted(GLOSSARY))
@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_page_uses_the_glossary_words(game: str, lang: str) -> None:
    page = (ROOT / "web" / "rules" / f"{game}.{lang}.html").read_text(encoding="utf-8").lower()
    for thing, words in GLOSSARY[game].items():
        word, _ = words[lang]
        assert word.lower() in page, f"{game}.{lang}.html never says {word!r} ({thing})"


@pytest.mark.parametrize("game", sorted(GLOSSARY))
@pytest.mark.parametrize("lang", LANGS)
def test_every_catalogue_text_of_the_game_uses_the_glossary_words(game: str, lang: str) -> None:
    keys = _keys_of(game)
    assert len(keys) >= 20, f"too few {game} keys found to check: {keys}"
    wrong: list[str] = []
    for key in keys:
        english, text = _texts(CATALOGUES["en"][key]).lower(), _texts(CATALOGUES[lang][key]).lower()
        for thing, words in GLOSSARY[game].items():
            if re.search(words["en"][1], english) and not re.search(words[lang][1], text):
                wrong.append(f"{key}: names the {thing} but not as {words[lang][0]!r}: {text!r}")
        for named, other in CONFUSED.get(game, []):
            glossary = GLOSSARY[game]
            if (re.search(glossary[named]["en"][1], english) and not re.search(glossary[other]["en"][1], english)
                    and re.search(glossary[other][lang][1], text)):
                wrong.append(f"{key}: calls the {named} {glossary[other][lang][0]!r}: {text!r}")
    assert not wrong, "\n".join(wrong)


def _lesson_texts(node: object) -> list[dict[str, str]]:
    """Every text of a lesson file: an object holding one string per language."""
    if isinstance(node, dict):
        if all(isinstance(node.get(lang), str) for lang in LANGS):
            return [node]
        return [t for value in node.values() for t in _lesson_texts(value)]
    if isinstance(node, list):
        return [t for value in node for t in _lesson_texts(value)]
    return []


@pytest.mark.parametrize("game", sorted(GLOSSARY))
@pytest.mark.parametrize("lang", LANGS[1:])
def test_every_lesson_text_uses_the_glossary_words(game: str, lang: str) -> None:
    """A lesson names things as the rules page and the table do (a French Skip-Bo lesson called the stock pile
    "talon", which the table and the rules page call "réserve")."""
    wrong: list[str] = []
    files = sorted((ROOT / "web" / "lessons").glob(f"{game}-*.json"))
    assert files, game
    for path in files:
        for text in _lesson_texts(json.loads(path.read_text(encoding="utf-8"))):
            english, there = text["en"].lower(), text[lang].lower()
            for thing, words in GLOSSARY[game].items():
                if re.search(words["en"][1], english) and not re.search(words[lang][1], there):
                    wrong.append(f"{path.name}: names the {thing} but not as {words[lang][0]!r}: {there!r}")
    assert not wrong, "\n".join(wrong)


def test_the_check_catches_a_building_pile_called_a_discard_pile(monkeypatch: pytest.MonkeyPatch) -> None:
    """The German words issue 24 quotes ("Ablagestapel" for the building pile) fail the check."""
    broken = dict(CATALOGUES["de"])
    broken["refusal.skipbo.does_not_fit"] = "{card} passt nicht auf Ablagestapel {pile}."
    monkeypatch.setitem(CATALOGUES, "de", broken)
    with pytest.raises(AssertionError, match="calls the building pile 'Ablagestapel'"):
        test_every_catalogue_text_of_the_game_uses_the_glossary_words("skipbo", "de")


@pytest.mark.parametrize("page", ["index.html", "editor.html", "embed.html", "lab.html"])
def test_the_product_is_called_card_nook(page: str) -> None:
    """The product is Card Nook; pygame_rules is the Python package (it may appear as code, never as the name)."""
    html = (ROOT / "web" / page).read_text(encoding="utf-8")
    title = re.search(r"<title>(.*?)</title>", html, re.S)
    assert title and "pygame_rules" not in title.group(1), f"{page}: title {title and title.group(1)!r}"
    brand = re.search(r'class="brand"[^>]*>(.*?)</a>', html, re.S)
    if brand:
        assert "pygame_rules" not in brand.group(1) and ("Card Nook" in brand.group(0) or "data-i18n" in brand.group(0))
