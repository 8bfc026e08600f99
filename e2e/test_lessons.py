"""Lessons in real Chromium (docs/lessons.md): a lesson paints before Python and plays after the first touch; an
automated learner plays every lesson of every game to three stars by choosing the lesson's own target moves, in
English and in one other language per game; a wrong move gets the lesson's hint, the refusal in the reader's
language and a "Why?" link to the rule's anchor; progress survives a reload; a lesson framed on another origin runs;
the coach and its setting, the editor's lesson mode, axe-core (conftest.axe)."""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from .conftest import ENGINE_TIMEOUT, ROOT, Guard, axe, start_game, wait_engine, wait_my_turn

LESSONS = ROOT / "web" / "lessons"
ROOT_SEL = "#widget"


def lesson(lesson_id: str) -> dict[str, Any]:
    return json.loads((LESSONS / f"{lesson_id}.json").read_text(encoding="utf-8"))


def game_lessons(game: str) -> list[str]:
    return sorted((p.stem for p in LESSONS.glob(f"{game}-*.json")), key=lambda s: lesson(s)["order"])


def open_lesson(page: Any, base_url: str, lesson_id: str, lang: str) -> None:
    """Open a lesson and wait until it plays: a lesson painted from its stored first table waits for the learner's
    first touch (the pointer entering it), a lesson resumed part-way starts its engine on its own."""
    page.goto(f"{base_url}embed.html?lesson={lesson_id}&lang={lang}")
    until_playing(page)


def until_playing(page: Any) -> None:
    """Wait until the lesson on the page plays (touching it first when it waits painted for the learner)."""
    page.wait_for_selector(f"{ROOT_SEL}[data-lesson=playing], {ROOT_SEL}[data-state=painted]", timeout=ENGINE_TIMEOUT)
    if page.get_attribute(ROOT_SEL, "data-lesson") != "playing":
        page.hover(f"{ROOT_SEL} .lesson-goal")
    page.wait_for_selector(f"{ROOT_SEL}[data-lesson=playing]", timeout=ENGINE_TIMEOUT)


WASM = "pyodide.asm.wasm"


def _python_requests(guard: Guard) -> list[str]:
    """Requests that mean Python is on its way: Pyodide's files, or the engine's Worker scripts (js/worker/worker.js,
    snapshot-worker.js and the modules only they import). The page-side modules beside them in js/worker/ (engine.js,
    pyodide-start.js, fetch-progress.js) are plain modules the widget code imports; loading one starts nothing."""
    return [u for u in guard.requests if u.split("?")[0].endswith(WASM) or "/pyodide/" in u
            or re.search(r"/js/worker/(worker|snapshot-worker|worker-shared|worker-requests)\.js$", u.split("?")[0])]


def test_a_lesson_paints_before_python_and_plays_after_the_first_touch(browser: Any, context: Any, guard: Guard,
                                                                         base_url: str) -> None:
    """A lesson draws its start position from the table stored with it at build time, downloads no Python until
    the learner touches it, then plays: two clicks on the painted board (the Skip-Bo card, the pile) are one move
    that the engine, started by the first click, judges. A lesson that opens with the other seats' moves paints
    them too: the engine's own table is the same board."""
    page = context.new_page()  # a cold profile: nothing cached
    page.goto(f"{base_url}embed.html?lesson=skipbo-2-wild&lang=en")
    page.wait_for_selector(f"{ROOT_SEL}[data-state=painted] .rw-board [data-key]", timeout=15_000)
    page.wait_for_timeout(1500)  # time in which an eager lesson would have asked for Python
    assert _python_requests(guard) == [], _python_requests(guard)[:5]
    assert page.evaluate("() => window.__widgets.stats.engineRequestedAt") is None
    assert page.get_attribute(ROOT_SEL, "data-lesson") == "idle"
    assert not page.locator(f"{ROOT_SEL} .rw-stage").evaluate("(el) => el.classList.contains('covered')")
    page.locator(f'{ROOT_SEL} .rw-board [data-key="hand:0"]').first.click()  # the Skip-Bo card ...
    page.locator(f'{ROOT_SEL} .rw-board [data-key="build:0"]').first.click()  # ... onto the pile at 4
    page.wait_for_selector(f"{ROOT_SEL}[data-moves='1']", timeout=ENGINE_TIMEOUT)
    assert any(u.split("?")[0].endswith(WASM) for u in guard.requests)
    assert page.get_attribute(ROOT_SEL, "data-verdict") == "legal"
    # Python is now cached on this device (its memory snapshot): the next lesson paints, then starts its engine in
    # the background without waiting for a touch.
    # (polled with evaluate, which awaits the promise: wait_for_function takes a promise itself as truthy)
    deadline = time.monotonic() + ENGINE_TIMEOUT / 1000
    while not page.evaluate("async () => (await (await caches.open('pyodide-snapshot.v1')).keys()).length > 0"):
        assert time.monotonic() < deadline, "no snapshot stored"
        page.wait_for_timeout(200)
    page.goto(f"{base_url}embed.html?lesson=skipbo-3-stock&lang=en")
    page.wait_for_selector(f"{ROOT_SEL}[data-lesson=playing]", timeout=ENGINE_TIMEOUT)
    assert page.evaluate("() => window.__widgets.stats.paintedAt.length") == 1

    doc = lesson("topspot-3-follow")
    assert doc["replies"]  # another seat leads before the learner plays
    cold = browser.new_context(viewport={"width": 1280, "height": 900})  # Python cached would start at once
    guard.watch_context(cold)
    page = cold.new_page()
    page.goto(f"{base_url}embed.html?lesson={doc['id']}&lang=en")
    page.wait_for_selector(f"{ROOT_SEL}[data-state=painted] .rw-board [data-key]", timeout=15_000)
    painted = page.locator(f"{ROOT_SEL} .rw-board").inner_html()
    # The two cards played before the learner's turn are on the painted table and in its move log.
    assert page.locator(f"{ROOT_SEL} .rw-log li:not(.rw-log-empty)").count() == len(doc["replies"]) == 2
    page.hover(f"{ROOT_SEL} .lesson-goal")
    page.wait_for_selector(f"{ROOT_SEL}[data-lesson=playing]", timeout=ENGINE_TIMEOUT)
    assert page.locator(f"{ROOT_SEL} .rw-board").inner_html() == painted
    cold.close()
    guard.check()


def play(page: Any, action: dict[str, Any]) -> str:
    """Type the move into the lesson's JSON box, press the button, wait for the lesson's verdict."""
    if not page.locator(f"{ROOT_SEL} .rw-action").is_visible():
        page.click(f"{ROOT_SEL} .rw-json summary")
    page.fill(f"{ROOT_SEL} .rw-action", json.dumps(action))
    page.click(f"{ROOT_SEL} .rw-try-json")
    page.wait_for_function(f"() => document.querySelector('{ROOT_SEL}').dataset.verdict", timeout=ENGINE_TIMEOUT)
    return str(page.evaluate(f"() => document.querySelector('{ROOT_SEL}').dataset.verdict"))


@pytest.mark.parametrize(("game", "other"), [("skipbo", "nl"), ("topspot", "de"), ("level8", "fr"),
                                            ("etalage", "nl")])
def test_a_learner_plays_every_lesson_to_three_stars(context: Any, guard: Guard, base_url: str, game: str,
                                                     other: str) -> None:
    """Every lesson of a game, in English and then in one other language, walked in one tab: from the first
    lesson, each solved with its own target moves (three stars), then its "Next lesson" link to the next one, and
    after the last one the game's list, which shows them all with three stars. Progress is cleared between the two
    languages, so each pass earns its stars."""
    page = context.new_page()
    ids = game_lessons(game)
    assert len(ids) >= 5
    for lang in ("en", other):
        page.goto(f"{base_url}embed.html?learn={game}&lang={lang}")
        page.evaluate("() => localStorage.removeItem('pygame_rules.lessons.v1')")
        page.goto(f"{base_url}embed.html?lesson={ids[0]}&lang={lang}")
        for lesson_id in ids:
            until_playing(page)
            assert f"lesson={lesson_id}" in page.url, (page.url, lesson_id)
            doc = lesson(lesson_id)
            assert doc["goal"][lang] in page.inner_text(f"{ROOT_SEL} .lesson-goal")
            for n, move in enumerate(doc["solution"]):
                verdict = play(page, move)
                last = n == len(doc["solution"]) - 1
                assert verdict == ("done" if last else "legal"), (lang, lesson_id, n, verdict)
            assert page.get_attribute(ROOT_SEL, "data-stars") == "3", (lang, lesson_id)
            page.click(f"{ROOT_SEL} .lesson-next")  # the next lesson, or after the last one the game's list
        page.wait_for_selector(".lesson-item")
        assert f"learn={game}" in page.url and f"lang={lang}" in page.url
        stars = page.eval_on_selector_all(".lesson-item", "els => els.map(e => [e.dataset.id, e.dataset.stars])")
        assert stars == [[i, "3"] for i in ids], lang
    assert not page.evaluate("window.__i18nMissing || []")
    guard.check()


def test_a_wrong_move_gets_the_hint_and_why_and_progress_survives_a_reload(context: Any, guard: Guard,
                                                                            base_url: str) -> None:
    page = context.new_page()
    doc = lesson("skipbo-4-discards")
    open_lesson(page, base_url, doc["id"], "de")
    assert play(page, doc["mistake"]["action"]) == "illegal"
    feedback = page.inner_text(f"{ROOT_SEL} .lesson-feedback")
    assert doc["hints"][0]["de"] in feedback
    assert "Nicht erlaubt" in feedback  # worded in German
    why = page.get_attribute(f"{ROOT_SEL} .lesson-feedback .why-link", "href")
    assert why.endswith("rules/skipbo.de.html#building-piles"), why  # does_not_fit -> the building-pile rule
    assert play(page, doc["solution"][0]) == "legal"
    page.reload()
    page.wait_for_selector(f"{ROOT_SEL}[data-lesson=playing]", timeout=ENGINE_TIMEOUT)
    assert page.get_attribute(ROOT_SEL, "data-moves") == "1"
    assert page.get_attribute(ROOT_SEL, "data-mistakes") == "1"
    page.goto(f"{base_url}embed.html?learn=skipbo&lang=de")  # the list marks the lesson under way, only that one
    page.wait_for_selector(".lesson-item")
    started = page.eval_on_selector_all(".lesson-item", "els => els.filter(e => e.querySelector("
                                        "'.lesson-item-resume')).map(e => e.dataset.id)")
    assert started == [doc["id"]]
    open_lesson(page, base_url, doc["id"], "de")
    assert page.get_attribute(ROOT_SEL, "data-moves") == "1"
    for move in doc["solution"][1:]:
        play(page, move)
    assert page.get_attribute(ROOT_SEL, "data-lesson") == "done"
    assert page.get_attribute(ROOT_SEL, "data-stars") == "2"  # one refused try on top of par
    # The rules page has the anchor the link points at.
    page.goto(why)
    assert page.locator("#building-piles").count() == 1
    guard.check()


def test_a_refusal_in_a_game_links_to_its_rule(page: Any, guard: Guard) -> None:
    """In a real game a refused move gets a "Why?" link beside the reason, to the section of the rules page (in the
    reader's language) that states the rule; the link goes with the next message."""
    start_game(page, seats=["human", "bot:normal"], seed=42)
    wait_my_turn(page)
    table = page.evaluate("() => window.__app.controller.table")
    empty = table["view"]["building"].index(None)
    card = next(c for c in table["view"]["hand"] if c not in (0, 1))
    action = {"type": "play_hand", "card": card, "pile": empty}  # a new pile starts with a 1 or a wild
    page.evaluate("a => window.__app.controller.attempt(a, document.querySelector('#board'))", action)
    link = page.locator("#status + a.why-link")
    link.wait_for(timeout=10_000)
    assert link.get_attribute("href").endswith("rules/skipbo.en.html#building-piles")
    page.evaluate("() => window.__app.controller.say('')")
    assert page.locator("#status + a.why-link").count() == 0
    guard.check()


def test_the_coach_tips_on_the_first_wild_card_and_not_again(page: Any, guard: Guard) -> None:
    """A Skip-Bo game where the player's first hand holds a Skip-Bo card: the coach says once, in one line under the
    status, that the card is wild (with its "Why?" link); in the next game with the same deal it says nothing more
    about it. "No more tips" turns the coach off on this device."""
    start_game(page, seats=["human", "bot:normal"], seed=2)
    wait_my_turn(page)
    assert 0 in page.evaluate("() => window.__app.controller.table.view.hand")
    tip = page.locator("#coach[data-situation=wild]")
    tip.wait_for(timeout=10_000)
    assert "wild" in tip.inner_text()
    assert tip.locator("a.why-link").get_attribute("href").endswith("rules/skipbo.en.html#building-piles")
    seen = json.loads(page.evaluate("() => localStorage.getItem('pygame_rules.coach.v1')"))
    assert "wild" in seen["seen"]["skipbo"]
    # The same deal again: the wild card is in the hand again, and no tip about it comes.
    page.goto(page.url.split("#")[0])
    page.wait_for_selector("body[data-engine=ready]", timeout=ENGINE_TIMEOUT)
    page.evaluate("() => localStorage.removeItem('pygame_rules.game.v2')")
    page.reload()
    page.wait_for_selector("body[data-engine=ready]", timeout=ENGINE_TIMEOUT)
    start_game(page, seats=["human", "bot:normal"], seed=2)
    wait_my_turn(page)
    page.wait_for_timeout(1500)  # time for a tip to come, if one were to come
    assert page.locator("#coach[data-situation=wild]").count() == 0
    # "No more tips" is remembered.
    page.evaluate("() => { const c = window.__app.controller.coach; c.show('skipbo', 'stock', 'table', 0); }")
    page.click("#coach .coach-off")
    off = json.loads(page.evaluate("() => localStorage.getItem('pygame_rules.coach.v1')"))
    assert off["off"] is True and page.locator("#coach").is_hidden()
    guard.check()


COACH_KEY = "pygame_rules.coach.v1"


def _coach_store(page: Any) -> dict[str, Any]:
    return dict(json.loads(page.evaluate(f"() => localStorage.getItem('{COACH_KEY}') || '{{}}'")))


def _forget_tips(page: Any) -> None:
    """The tips seen so far are forgotten (the rest of the coach's record stays), so a tip could come again."""
    page.evaluate(f"() => {{ const v = JSON.parse(localStorage.getItem('{COACH_KEY}') || '{{}}'); v.seen = {{}};"
                  f" localStorage.setItem('{COACH_KEY}', JSON.stringify(v)); }}")


def _dialog_coach_box(page: Any) -> bool:
    """Whether the new-game dialog's coach setting is ticked (the dialog is opened and closed again)."""
    page.click("#home-link")
    page.click(".game-tile[data-game=skipbo] .new-game")
    ticked = bool(page.is_checked("#coach-input"))
    page.keyboard.press("Escape")
    return ticked


def _wild_tip_shown(page: Any, **extra: Any) -> bool:
    """Deal 2 of Skip-Bo (a Skip-Bo card in the first hand): does the coach's wild-card tip come?"""
    page.click("#home-link")
    start_game(page, seats=["human", "bot:normal"], seed=2, extra=extra or None)
    wait_my_turn(page)
    try:
        page.locator("#coach[data-situation=wild]").wait_for(timeout=4000)
    except Exception:  # noqa: BLE001 - playwright's timeout: no tip came
        return False
    return True


def test_the_coach_is_on_for_the_first_three_finished_games_then_off_unless_the_player_chose(
        page: Any, guard: Guard) -> None:
    """On by default while fewer than three games of a game are finished on this device (counted at the result),
    then off; the new-game dialog's setting shows that and, when changed, is an explicit choice that wins over the
    default, kept on the device."""
    from .test_flow import PLAY_TO_END

    page.evaluate(f"() => localStorage.setItem('{COACH_KEY}', JSON.stringify({{finished: {{skipbo: 2}}}}))")
    assert _dialog_coach_box(page)  # two finished games: the third still has the coach
    assert _wild_tip_shown(page)
    # A game played to its end is counted once: three finished games of Skip-Bo.
    page.click("#home-link")
    start_game(page, seats=["human", "bot:normal"], stock=1, seed=7)
    assert page.evaluate(PLAY_TO_END)
    assert _coach_store(page)["finished"] == {"skipbo": 3}
    assert _coach_store(page).get("off") is None  # no choice made yet
    page.click("#result-dialog .dialog-buttons .btn.ghost")
    # From the fourth game on, no tips by default (the wild card would have one: its tip is forgotten).
    _forget_tips(page)
    assert not _dialog_coach_box(page)
    assert not _wild_tip_shown(page)
    # The player ticks the setting: an explicit choice, which wins over the default and is kept.
    _forget_tips(page)
    assert _wild_tip_shown(page, **{"#coach-input": True})
    assert _coach_store(page)["off"] is False
    page.reload()
    wait_engine(page)
    assert _dialog_coach_box(page)
    # And unticked again, with the count back at zero: off, whatever the default would say.
    page.evaluate(f"() => {{ const v = JSON.parse(localStorage.getItem('{COACH_KEY}')); v.finished = {{}};"
                  f" localStorage.setItem('{COACH_KEY}', JSON.stringify(v)); }}")
    _forget_tips(page)
    page.click("#home-link")
    page.click(".game-tile[data-game=skipbo] .new-game")
    assert page.is_checked("#coach-input")
    page.uncheck("#coach-input")
    page.keyboard.press("Escape")
    assert _coach_store(page)["off"] is True
    assert not _dialog_coach_box(page)
    assert not _wild_tip_shown(page)
    guard.check()


def test_axe_core_finds_no_critical_or_serious_violations_in_lessons(audit_page: Any, guard: Guard,
                                                                     base_url: str) -> None:
    page = audit_page
    doc = lesson("skipbo-2-wild")
    problems: list[str] = []
    for lang in ("en", "fr"):
        page.goto(f"{base_url}embed.html?lesson={doc['id']}&lang={lang}")
        page.wait_for_selector(f"{ROOT_SEL}[data-state=painted], {ROOT_SEL}[data-lesson=playing]",
                               timeout=ENGINE_TIMEOUT)
        problems += axe(page, f"lesson {lang} painted before Python")
        open_lesson(page, base_url, doc["id"], lang)
        problems += axe(page, f"lesson {lang}")
        play(page, doc["mistake"]["action"])
        problems += axe(page, f"lesson {lang} after a wrong move")
        for move in doc["solution"]:
            play(page, move)
        problems += axe(page, f"lesson {lang} done")
        page.goto(f"{base_url}embed.html?learn=skipbo&lang={lang}")
        page.wait_for_selector(".lesson-item")
        problems += axe(page, f"lesson list {lang}")
    assert not problems, "\n".join(problems)
    guard.check()


def test_a_rules_page_opens_a_lesson_in_place_that_paints_before_python_and_plays_to_three_stars(
        audit_page: Any, guard: Guard, base_url: str) -> None:
    """The element <rules-lesson> on our own page: a rules section's "Learn it by playing" link opens its lesson
    right there (the page stays), drawn from the lesson's stored table with no Python requested; the learner's
    clicks on the board start the engine and play it to three stars; axe-core finds nothing serious before or
    after; the link closes it again."""
    page = audit_page  # a cold profile, with axe allowed past the page's policy
    page.goto(f"{base_url}rules/skipbo.en.html")
    link = page.locator('.rules-lesson a[href*="lesson=skipbo-2-wild"]')
    # the rules page's module marks its lesson links once it has run, which may be just after "load"
    page.wait_for_function("() => document.querySelector('.rules-lesson a[href*=\"lesson=skipbo-2-wild\"]')"
                           "?.hasAttribute('aria-expanded')", timeout=15_000)
    assert link.get_attribute("aria-expanded") == "false"
    link.click()
    el = page.locator("rules-lesson#lesson-skipbo-2-wild")
    el.locator(".rw-board [data-key]").first.wait_for(timeout=15_000)
    assert el.get_attribute("data-state") == "painted" and el.get_attribute("data-lesson") == "idle"
    assert page.url.endswith("rules/skipbo.en.html") and link.get_attribute("aria-expanded") == "true"
    assert el.evaluate("(e) => e.previousElementSibling.classList.contains('rules-lesson')")  # under its link
    doc = lesson("skipbo-2-wild")
    assert doc["goal"]["en"] in el.locator(".lesson-goal").inner_text()
    page.wait_for_timeout(1500)  # time in which an eager lesson would have asked for Python
    assert _python_requests(guard) == [], _python_requests(guard)[:5]
    assert page.evaluate("() => window.__widgets.stats.engineRequestedAt") is None
    problems = axe(page, "rules page, lesson painted before Python")

    el.locator('.rw-board [data-key="hand:0"]').first.click()  # the Skip-Bo card (this click starts the engine)
    el.locator('.rw-board [data-key="build:0"]').first.click()  # ... onto the pile at 4
    page.wait_for_selector("rules-lesson[data-moves='1']", timeout=ENGINE_TIMEOUT)
    assert any(u.split("?")[0].endswith(WASM) for u in guard.requests)
    el.locator('.rw-board [data-key="hand:6"]').first.click()
    el.locator('.rw-board [data-key="build:0"]').first.click()
    page.wait_for_selector("rules-lesson[data-lesson=done]", timeout=30_000)
    assert el.get_attribute("data-stars") == "3"
    problems += axe(page, "rules page, lesson done")
    assert not problems, "\n".join(problems)
    # The same progress as the lesson's own page (this device): three stars.
    stored = json.loads(page.evaluate("() => localStorage.getItem('pygame_rules.lessons.v1')"))
    assert stored["lessons"]["skipbo-2-wild"]["stars"] == 3
    link.click()  # closes it
    assert page.locator("rules-lesson").count() == 0 and link.get_attribute("aria-expanded") == "false"
    guard.check()


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - base class signature
        pass


@pytest.fixture(scope="module")
def lesson_host(tmp_path_factory: pytest.TempPathFactory, base_url: str, site_dir: Any) -> Iterator[str]:
    """A teacher's page on another origin (its own port) that embeds a lesson the documented way."""
    folder = tmp_path_factory.mktemp("lesson-host")
    helper = (site_dir / "embed-host.js").read_text()
    (folder / "host.html").write_text(f"""<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>host</title>
<link rel="icon" href="data:,"></head><body><h1>Une page d'un enseignant</h1>
<iframe id="l1" data-pygame-rules src="{base_url}embed.html?lesson=skipbo-2-wild&lang=fr&id=l1" title="Skip-Bo"
  width="100%" height="700" style="border:0"></iframe>
<script>{helper}</script></body></html>""")
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def test_a_lesson_embedded_on_another_origin_runs_with_moves_on_the_board(context: Any, guard: Guard,
                                                                          lesson_host: str, base_url: str) -> None:
    """The iframe on a second origin plays the lesson; the learner moves by clicking the board (a card, then the
    pile), as in the app; the frame reports its height to the host page."""
    page = context.new_page()
    page.goto(f"{lesson_host}host.html")
    frame = page.frame_locator("#l1")
    frame.locator(f"{ROOT_SEL}[data-state=painted]").wait_for(timeout=ENGINE_TIMEOUT)  # drawn before Python
    doc = lesson("skipbo-2-wild")
    assert doc["goal"]["fr"] in frame.locator(f"{ROOT_SEL} .lesson-goal").inner_text()
    frame.locator(f'{ROOT_SEL} .rw-board [data-key="hand:0"]').first.click()  # the Skip-Bo card ...
    frame.locator(f'{ROOT_SEL} .rw-board [data-key="build:0"]').first.click()  # ... onto the pile at 4
    frame.locator(f"{ROOT_SEL}[data-moves='1']").wait_for(timeout=ENGINE_TIMEOUT)  # the first click started it
    frame.locator(f'{ROOT_SEL} .rw-board [data-key="hand:6"]').first.click()
    frame.locator(f'{ROOT_SEL} .rw-board [data-key="build:0"]').first.click()
    frame.locator(f"{ROOT_SEL}[data-lesson=done]").wait_for(timeout=30_000)
    assert frame.locator(ROOT_SEL).get_attribute("data-stars") == "3"
    page.wait_for_function("() => parseInt(document.querySelector('#l1').style.height) > 100")
    foreign = [u for u in guard.requests if not u.startswith((base_url, lesson_host, "data:", "blob:"))]
    assert not foreign and not guard.errors, (foreign[:3], guard.errors[:3])


def test_the_editor_turns_recorded_moves_into_a_lesson_that_plays(context: Any, guard: Guard, base_url: str) -> None:
    """Lesson mode of the editor: a shipped position with its recorded moves, a goal and a hint typed in, the
    target chosen: the engine agrees, the lesson file passes the Python checker, and the snippet's frame plays it."""
    from pygame_rules.lessons import check_lesson

    page = context.new_page()
    page.goto(f"{base_url}editor.html")  # opens with the Top Spot demo: two players lead and follow red
    page.wait_for_selector("#ed-lesson:not([hidden])", timeout=ENGINE_TIMEOUT)
    page.wait_for_selector("#ed-legal button[data-action]")
    stack = page.eval_on_selector_all("#ed-legal button[data-action]", "els => els.map(e => e.dataset.action)"
                                      ".find(a => JSON.parse(a).cards.join() === 'red-1,red-7,red-8')")
    page.click(f"#ed-legal button[data-action='{stack}']")  # the reader's move: red 1 over red 7 over red 8
    page.select_option("#ed-lesson-target", "round_won")
    page.select_option("#ed-lesson-rule", "stacking")
    for lang, goal, hint in (("en", "Win the round with a stack.", "Red 1 over red 7 over red 8 shows 9."),
                             ("nl", "Win de ronde met een stapel.", "Rood 1 op rood 7 op rood 8 toont 9."),
                             ("de", "Gewinne die Runde mit einem Stapel.", "Rot 1 über Rot 7 über Rot 8 zeigt 9."),
                             ("fr", "Placez une pile gagnante.", "Rouge 1 sur rouge 7 sur rouge 8 en montre 9.")):
        page.fill(f'#ed-lesson textarea[aria-label^="{_goal_label(lang)}"]', goal)
        page.fill(f'#ed-lesson textarea[aria-label^="{_hint_label(lang)}"]', hint)
    page.wait_for_function("() => document.querySelector('#ed-lesson-verdict').dataset.kind === 'ok'"
                           " && document.querySelector('#ed-lesson-json').textContent.includes('Placez')"
                           " && document.querySelector('#ed-lesson-iframe').textContent.includes('embed.html?l=')",
                           timeout=30_000)
    doc = json.loads(page.inner_text("#ed-lesson-json"))
    assert check_lesson(doc)["moves"] == 1  # the engine's own checker agrees with the page
    assert len(doc["replies"]) == 2  # the two moves before the reader's became the scripted replies
    # The lesson file and its snippet carry the table the learner first sees (after the two replies), exactly as
    # the build stores it for a shipped lesson, so the pasted lesson paints before Python starts.
    from tools.build_site import lesson_first_table

    assert doc["first"] == lesson_first_table(doc)
    assert len(doc["first"]["table"]["log"]) == 2
    src = page.evaluate("() => window.__editor.lessonPanel.src")
    page.goto(src)
    page.wait_for_function("() => window.__widgets && window.__widgets.stats.paintedAt.length === 1", timeout=15_000)
    page.hover(f"{ROOT_SEL} .lesson-goal")
    page.wait_for_selector(f"{ROOT_SEL}[data-lesson=playing]", timeout=ENGINE_TIMEOUT)
    for move in doc["solution"]:
        play(page, move)
    assert page.get_attribute(ROOT_SEL, "data-stars") == "3"
    guard.check()


def _goal_label(lang: str) -> str:
    return {"en": "Goal (English)", "nl": "Goal (Nederlands)", "de": "Goal (Deutsch)", "fr": "Goal (Français)"}[lang]


def _hint_label(lang: str) -> str:
    return {"en": "Hint (English)", "nl": "Hint (Nederlands)", "de": "Hint (Deutsch)", "fr": "Hint (Français)"}[lang]


def test_a_damaged_stored_lesson_starts_afresh(context: Any, guard: Guard, base_url: str) -> None:
    """Progress the engine refuses (a move that is not legal there, entries of the wrong shape) is dropped: the
    lesson starts from its first position instead of failing; the stars earned stay."""
    page = context.new_page()
    page.goto(f"{base_url}embed.html?learn=skipbo")
    page.wait_for_selector(".lesson-item")
    damaged = {"lessons": {"skipbo-2-wild": {"stars": 2, "mistakes": 1, "history": [
        {"action": {"type": "play_hand", "card": 12, "pile": 3}, "seat": 0}, None, "x"]}}}
    page.evaluate("v => localStorage.setItem('pygame_rules.lessons.v1', JSON.stringify(v))", damaged)
    open_lesson(page, base_url, "skipbo-2-wild", "en")
    assert page.get_attribute(ROOT_SEL, "data-moves") == "0"
    assert page.inner_text(f"{ROOT_SEL} .lesson-stars") == "★★☆"
    guard.check()
