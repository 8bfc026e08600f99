"""Rules pages in four languages and the translated app, in real Chromium on the built site.

Each rules page renders in its language with every catalogue key found (window.__i18nMissing stays empty), its live
scenario elements in place, no console error and no request leaving our origin; the app follows the browser's
language, switches language from the top bar, and remembers the choice.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from pygame_rules.words import CATALOGUE_DIR

from .conftest import replace_if_asked, wait_engine

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("en", "nl", "de", "fr")
GAMES = ("skipbo", "topspot", "level8", "etalage")
CATALOGUES = {lang: json.loads((CATALOGUE_DIR / f"{lang}.json").read_text(encoding="utf-8")) for lang in LANGS}


@pytest.mark.parametrize("game", GAMES)
def test_rules_page_renders_in_every_language(context: Any, base_url: str, guard: Any, game: str) -> None:
    page = context.new_page()
    for lang in LANGS:
        page.goto(f"{base_url.rstrip('/')}/rules/{game}.{lang}.html")
        page.wait_for_selector("body[data-i18n=ready]", timeout=15_000)
        assert page.evaluate("() => document.documentElement.lang") == lang
        assert page.evaluate("() => window.__i18nMissing") == []
        assert page.locator("footer.rules-footer").inner_text().strip() == CATALOGUES[lang]["rules.footer"]
        assert page.locator("h1").inner_text().strip()
        scenarios = page.locator("rules-scenario")
        assert scenarios.count() >= 1
        for i in range(scenarios.count()):
            el = scenarios.nth(i)
            assert el.get_attribute("lang") == lang and el.get_attribute("game") == game
            src = el.get_attribute("src")
            answer = page.request.get(f"{base_url.rstrip('/')}/rules/{src}")
            assert answer.ok and answer.json()["game"] == game
        # every language version links to the other three
        assert page.locator(".rules-langs a").count() == len(LANGS)
    guard.check()


def test_app_follows_the_browser_language_and_switches(browser: Any, base_url: str, guard: Any) -> None:
    ctx = browser.new_context(locale="de-DE", service_workers="block")
    guard.watch_context(ctx)
    page = ctx.new_page()
    page.goto(base_url)
    page.wait_for_selector(".game-tile")
    assert page.locator(".hero h1").inner_text() == CATALOGUES["de"]["home.title"]
    assert page.evaluate("() => document.documentElement.lang") == "de"
    tile = page.locator(".game-tile[data-game=topspot]")
    link = tile.locator("a.rules-link")
    assert link.get_attribute("href") == "rules/topspot.de.html"
    page.select_option("#lang-select", "fr")
    page.wait_for_function("() => document.documentElement.lang === 'fr'")
    assert page.locator(".hero h1").inner_text() == CATALOGUES["fr"]["home.title"]
    assert page.locator(".game-tile[data-game=topspot] a.rules-link").get_attribute("href") == "rules/topspot.fr.html"
    # the new-game dialog is French too
    page.locator(".game-tile[data-game=skipbo] .new-game").click()
    assert page.locator("#start-game").inner_text() == CATALOGUES["fr"]["newgame.start"]
    page.keyboard.press("Escape")
    # remembered: a reload stays French although the browser says German
    page.reload()
    page.wait_for_selector(".game-tile")
    assert page.locator(".hero h1").inner_text() == CATALOGUES["fr"]["home.title"]
    wait_engine(page)
    assert page.evaluate("() => window.__i18nMissing") == []
    ctx.close()
    guard.check()


def test_table_switches_language_mid_game(page: Any, guard: Any) -> None:
    page.locator(".game-tile[data-game=skipbo] .new-game").click()
    page.fill("#opt-stock_size", "5")
    page.click("#start-game")
    page.wait_for_selector("#board .sb")
    assert page.locator("#hint").inner_text() == CATALOGUES["en"]["table.hint"]
    page.select_option("#lang-select", "nl")
    page.wait_for_function("() => document.documentElement.lang === 'nl'")
    assert page.locator("#hint").inner_text() == CATALOGUES["nl"]["table.hint"]
    assert page.locator(".side h2").inner_text() == CATALOGUES["nl"]["table.log"]
    assert page.locator("#board .sb").count() == 1  # the game goes on
    assert page.evaluate("() => window.__i18nMissing") == []
    guard.check()


@pytest.mark.parametrize("lang", ["nl", "de", "fr"])
def test_every_board_draws_in_the_language_with_no_missing_key(browser: Any, base_url: str, guard: Any,
                                                               lang: str) -> None:
    ctx = browser.new_context(locale=lang, service_workers="block", viewport={"width": 1280, "height": 900})
    guard.watch_context(ctx)
    page = ctx.new_page()
    page.goto(base_url)
    wait_engine(page)
    for game in GAMES:
        page.locator(f".game-tile[data-game={game}] .new-game").click()
        page.click("#start-game")
        replace_if_asked(page, "#board [data-key]")  # the game left before is still in progress
        assert page.locator("#hint").inner_text() == CATALOGUES[lang]["table.hint"]
        page.click("#leave")
        page.wait_for_selector(".game-tile")
    assert page.evaluate("() => window.__i18nMissing") == []
    ctx.close()
    guard.check()


ENGINE_IDS = re.compile(r"\b(red|yellow|green|blue|purple|orange)-\d+\b|\b[Ss]eat \d|\bPlayer \d")


@pytest.mark.parametrize(("lang", "game"), [("nl", "topspot"), ("de", "etalage"), ("fr", "skipbo")])
def test_a_widget_on_a_rules_page_words_its_moves_in_the_page_language(context: Any, base_url: str, guard: Any,
                                                                       lang: str, game: str) -> None:
    """The widget's move log is worded from the events in the page's language (no English, no engine ids),
    as the app's log is, even when the reader's app language is another one."""
    page = context.new_page()
    page.goto(f"{base_url.rstrip('/')}/rules/{game}.{lang}.html")
    widget = page.locator("rules-scenario").first
    widget.scroll_into_view_if_needed()
    widget.locator(".rw-next").click()  # before the engine is ready: the click starts it, then the step is played
    page.wait_for_selector("rules-scenario[data-state=ready]", timeout=90_000)
    page.wait_for_selector("rules-scenario[data-step='1']", timeout=30_000)
    lines = [line for line in widget.locator(".rw-log li").all_inner_texts() if line.strip()]
    assert lines, "the widget's log is empty after a step"
    player = CATALOGUES[lang]["widget.player"].split("{")[0].strip()
    assert any(player in line for line in lines), lines  # players are named in the page's language
    for line in lines:
        assert not ENGINE_IDS.search(line), f"engine notation or English in {line!r}"
    assert page.evaluate("() => window.__i18nMissing") == []
    guard.check()


def test_the_editor_speaks_the_readers_language(browser: Any, base_url: str, guard: Any) -> None:
    """A Dutch teacher meets the scenario editor in Dutch: headings, buttons, place names and messages."""
    ctx = browser.new_context(locale="nl-NL")
    guard.watch_context(ctx)
    page = ctx.new_page()
    nl = CATALOGUES["nl"]
    page.goto(base_url + "editor.html")
    # (the module translates the static page once it has loaded)
    page.wait_for_function("t => document.querySelector('h1').textContent === t", arg=nl["editor.title"])
    assert page.locator("#ed-validate").inner_text() == nl["editor.validate"]
    page.wait_for_selector("#ed-msg[data-kind=ok]", timeout=90_000)
    assert page.inner_text("#ed-msg").startswith(nl["editor.valid"]["other"].split("{")[0])
    page.select_option("#ed-game", "skipbo")
    page.click("#ed-empty")
    page.wait_for_function("() => document.querySelectorAll('.ed-place-head').length > 4", timeout=90_000)
    heads = page.locator(".ed-place-head").all_inner_texts()
    assert any(h.startswith("Speler 1: hand") for h in heads), heads
    assert any(h.startswith("Bouwstapel 1") for h in heads), heads
    assert not any("Player" in h or "pile" in h for h in heads), heads
    # an empty table is not a game yet: the editor says why in Dutch, players counted from 1 (issue 24)
    page.wait_for_selector("#ed-msg[data-kind=error]", timeout=90_000)
    said = page.inner_text("#ed-msg")
    assert nl["editor.problem.skipbo.stock_empty"].replace("{player}", "1") in said, said
    assert "seat" not in said and "bad scenario" not in said, said
    assert page.evaluate("() => document.documentElement.lang") == "nl"
    ctx.close()
    guard.check()
