"""The player's app (issue 17): one-click play, a table whose turn line and controls stay on screen while a move is
built, Level 8's keep panel, and screenshots at desktop and phone sizes (kept under artifacts/).

Positions that a random deal rarely gives (a lay-out in hand, the two-star keep phase) are opened with
``window.__app.playScenario`` (the api's ``scenario`` op), which draws the same table as a dealt game.
Every test ends with ``guard.check()``: no request left the origin and the console stayed free of errors.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from pygame_rules.words import CATALOGUE_DIR, describe_refusal

from .conftest import ENGINE_TIMEOUT, axe, open_new_game, screenshot, wait_my_turn

SIZES = [(1280, 800), (375, 812)]
BOARDS = {"skipbo": ".sb", "topspot": ".ts", "level8": ".l8", "etalage": ".et"}

# Level 8, seat 0 (human) has drawn and can lay out level 1 (two runs of three) in more than one way.
LAYOUT_SCENARIO = {
    "players": 2, "options": {"sheet": "one_star"}, "seed": 5, "dealer": 1, "turn": 0, "phase": "play",
    "levels": [1, 1], "laid_out": [False, False],
    "hands": [["R1", "R2", "R3", "G5", "G6", "G7", "B9", "Y11", "O14", "J"], ["P2", "P9", "B3", "Y4", "O8", "G12",
                                                                               "R13", "B14", "Y15", "O1"]],
}

# Level 8 two-star sheet: the bot (seat 1, laid out) discards its last card and goes out; seat 0 on level 5 did not
# lay out, so the deal ends in the keep phase with seat 0 to choose up to four cards.
KEEP_SCENARIO = {
    "players": 2, "options": {"sheet": "two_star"}, "seed": 3, "dealer": 0, "turn": 1, "phase": "play",
    "levels": [5, 1], "laid_out": [False, True],
    "hands": [["R1", "R2", "G5", "B6", "Y9", "Y11", "J", "O15", "O14", "O13"], ["R9"]],
    "table": [[], [["run", "B1", "B2", "B3"], ["run", "B7", "B8", "B9"]]],
}


def _scenario(page: Any, game: str, scenario: dict[str, Any], seats: list[dict[str, Any]]) -> None:
    page.evaluate("([g, s, seats]) => window.__app.playScenario(g, s, seats)", [game, scenario, seats])
    page.wait_for_selector(f"#board {BOARDS[game]}", timeout=ENGINE_TIMEOUT)


def _inside(page: Any, selector: str) -> None:
    """The element is drawn and its whole box lies inside the viewport (no scrolling needed to reach it)."""
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    assert box is not None, f"{selector} is not drawn"
    assert box["x"] >= 0 and box["y"] >= 0, f"{selector} starts outside the viewport: {box}"
    assert box["x"] + box["width"] <= size["width"] + 1 and box["y"] + box["height"] <= size["height"] + 1, (
        f"{selector} ends outside the {size} viewport: {box}")


def _controls_inside(page: Any) -> None:
    for selector in ("#turn", "#hint", "#undo", "#last-line"):
        _inside(page, selector)


@pytest.mark.parametrize("game", list(BOARDS))
def test_one_click_play(page: Any, guard: Any, game: str) -> None:
    """The Play button deals at once: the player against normal bots, one game, no dialog; the table fits 1280x800."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.click(f".game-tile[data-game={game}] .play-now")
    page.wait_for_selector(f"#board {BOARDS[game]}, #pass-screen", timeout=ENGINE_TIMEOUT)
    page.select_option("#speed", "instant")
    wait_my_turn(page)
    overflow = page.evaluate("() => document.documentElement.scrollHeight - window.innerHeight")
    assert overflow <= 0, f"the {game} table is {overflow} px taller than a 1280x800 window"
    screenshot(page, f"play-{game}-1280.png")
    assert page.locator("#new-game-dialog").count() == 0
    setup = page.evaluate("() => window.__app.controller.setup")
    assert setup["seats"][0]["kind"] == "human"
    assert [s["level"] for s in setup["seats"][1:]] == ["normal"] * (len(setup["seats"]) - 1)
    if game in ("topspot", "etalage"):
        assert setup["options"]["games"] == 1
        assert "match" not in page.evaluate("() => window.__app.controller.table.view")
    guard.check()


def test_home_play_buttons_above_the_fold(page: Any, guard: Any) -> None:
    """At 1280x800 every game's Play button is on screen; on a phone the first three are."""
    page.set_viewport_size({"width": 1280, "height": 800})
    for game in BOARDS:
        _inside(page, f".game-tile[data-game={game}] .play-now")
    assert "Python" not in page.locator(".topbar").inner_text()
    assert "pygame_rules" not in page.locator(".topbar").inner_text() + page.title()
    screenshot(page, "player-home-1280.png")
    page.set_viewport_size({"width": 375, "height": 812})
    for game in ("skipbo", "topspot", "etalage"):
        _inside(page, f".game-tile[data-game={game}] .play-now")
    screenshot(page, "player-home-375.png")
    guard.check()


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "375x812"])
def test_topspot_stack_build_keeps_controls_on_screen(page: Any, guard: Any, size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.click(".game-tile[data-game=topspot] .play-now")
    page.wait_for_selector("#board .ts", timeout=ENGINE_TIMEOUT)
    page.select_option("#speed", "instant")
    wait_my_turn(page)
    _controls_inside(page)
    _inside(page, ".ts-hand-card")  # the hand is on screen without scrolling, phone included
    built = 0
    for _ in range(3):  # put up to three cards on the stack, each one the engine lists as fitting
        fitting = page.locator(".ts-hand-card.fits")
        if fitting.count() == 0:
            break
        fitting.first.click()
        built += 1
        _controls_inside(page)
        _inside(page, ".ts-play-button")
        _inside(page, ".ts-verdict")
        if size[0] >= 1000:
            assert page.evaluate("() => window.scrollY") == 0, "the page had to scroll to reach the stack"
    assert built >= 1
    assert page.locator(".ts-hand-card.picked").count() == built
    screenshot(page, f"topspot-stack-{size[0]}.png")
    guard.check()


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "375x812"])
def test_level8_layout_build_keeps_controls_on_screen(page: Any, guard: Any, size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    _scenario(page, "level8", LAYOUT_SCENARIO, [{"kind": "human"}, {"kind": "bot", "level": "normal"}])
    wait_my_turn(page)
    page.wait_for_selector("#layout-builder")
    _controls_inside(page)
    _inside(page, '#board [data-key="hand:R1"]')  # the hand is on screen without scrolling, phone included
    for token, slot in (("R1", 0), ("R2", 0), ("R3", 0), ("G5", 1)):
        page.locator(f'#board [data-key="hand:{token}"]').first.click()
        page.locator(f'#board button[data-key="lay:{slot}"]').first.click()
        _controls_inside(page)
        _inside(page, "#lay-out")
        if size[0] >= 1000:
            assert page.evaluate("() => window.scrollY") == 0, "the page had to scroll to reach the builder"
    assert page.locator('#board [data-key^="placed:0:"]').count() == 3
    assert page.locator('#board [data-key^="placed:1:"]').count() == 1
    screenshot(page, f"level8-layout-{size[0]}.png")
    guard.check()


def test_level8_keep_panel_keeps_cards(page: Any, guard: Any) -> None:
    """Two-star sheet: the deal ends, the keep panel shows, two cards are picked and kept (issue 17: it threw)."""
    page.set_viewport_size({"width": 1280, "height": 800})
    _scenario(page, "level8", KEEP_SCENARIO, [{"kind": "human"}, {"kind": "bot", "level": "normal"}])
    page.wait_for_selector("#keep-panel", timeout=60_000)
    wait_my_turn(page)
    cards = page.locator("#keep-panel .l8-keep-card")
    assert cards.count() == 10
    cards.nth(0).click()
    cards.nth(6).click()
    assert page.locator("#keep-panel .l8-keep-card.chosen").count() == 2
    assert page.locator("#keep-go").inner_text().strip().startswith("Keep")
    assert "2" in page.locator("#keep-go").inner_text()
    hand = page.evaluate("() => window.__app.controller.table.view.hand")
    page.click("#keep-go")
    page.wait_for_function("() => window.__app.controller.table.view.phase !== 'keep'", timeout=60_000)
    kept = page.evaluate("() => window.__app.controller.log.filter(e => e.type === 'keep' && e.player === 0)")
    assert kept, "no keep event for seat 0"
    assert sorted(kept[-1]["cards"]) == sorted([hand[0], hand[6]])
    screenshot(page, "level8-after-keep-1280.png")
    guard.check()


def _play_until(page: Any, done: str, limit: int = 400) -> None:
    """Play the human seat's first legal move until the JS condition ``done`` holds (bots answer at instant speed)."""
    for _ in range(limit):
        if page.evaluate(done):
            return
        page.wait_for_function(f"() => ({done}) || (window.__app.controller.myTurn && !window.__app.controller.busy"
                               " && !window.__app.controller._running)", timeout=60_000)
        if page.evaluate(done):
            return
        page.evaluate("() => { const c = window.__app.controller; c.play(c.table.legal[0]); }")
        page.wait_for_timeout(50)
    raise AssertionError(f"never reached {done}")


def test_topspot_match_shows_last_play_then_scores_then_next_deal(page: Any, guard: Any) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_new_game(page, "topspot", seats=["human", "bot:normal", "bot:normal"], board=".ts", seed=11,
                  fill={"#opt-games": 3})
    _play_until(page, "() => !!document.querySelector('#final-continue')")
    # The board still shows the first game, the last card lies on its place, no summary yet.
    table = page.evaluate("() => window.__app.controller.table.view")
    assert table["match"]["game_number"] == 1
    assert page.locator(".fly-ghost.final").count() == 1
    _inside(page, ".fly-ghost.final")
    _inside(page, "#final-continue")
    assert page.locator("#game-end-dialog").count() == 0
    assert page.locator("#log li[data-type=game_end]").count() == 1
    # late in a game (a last round shown beside the current one) the table still fits 1280x800
    assert page.evaluate("() => document.documentElement.scrollHeight - window.innerHeight") <= 0
    screenshot(page, "topspot-last-play-1280.png")
    page.click("#final-continue")
    page.wait_for_selector("#game-end-dialog")
    assert page.evaluate("() => window.__app.controller.table.view.match.game_number") == 1
    page.click("#game-end-dialog .btn.primary")
    page.wait_for_function("() => window.__app.controller.table.view.match.game_number === 2")
    assert page.locator(".fly-ghost").count() == 0
    assert page.locator("#log li[data-type=game_end]").count() == 1
    guard.check()


# Colour-vision deficiency simulation matrices (Machado, Oliveira and Fernandes 2009, severity 1.0), applied to the
# whole page as an SVG feColorMatrix filter.
CVD = {
    "protanopia": "0.152286 1.052583 -0.204868 0 0  0.114503 0.786281 0.099216 0 0  "
                  "-0.003882 -0.048116 1.051998 0 0  0 0 0 1 0",
    "deuteranopia": "0.367322 0.860646 -0.227968 0 0  0.280085 0.672501 0.047413 0 0  "
                    "-0.011820 0.042940 0.968881 0 0  0 0 0 1 0",
    "tritanopia": "1.255528 -0.076749 -0.178779 0 0  -0.078411 0.930809 0.147602 0 0  "
                  "0.004733 0.691367 0.303900 0 0  0 0 0 1 0",
}

# Per game: the card elements and, inside each, the cue that names its colour without hue (shape or word).
CUES = {
    "topspot": (".ts-hand-card .ts-card[data-card]:not([data-card=joker])", ".sym"),
    "level8": (".l8-hand-card .card.l8c[data-token]:not(.joker):not(.skip)", ".l8-shape"),
    "etalage": (".et-card", ".et-word"),
}


def _simulate(page: Any, kind: str | None) -> None:
    page.evaluate("""([kind, matrix]) => {
        document.getElementById('cvd-svg')?.remove();
        document.documentElement.style.filter = '';
        if (!kind) return;
        const ns = 'http://www.w3.org/2000/svg';
        const svg = document.createElementNS(ns, 'svg');
        svg.id = 'cvd-svg'; svg.setAttribute('width', '0'); svg.setAttribute('height', '0');
        const filter = document.createElementNS(ns, 'filter'); filter.id = 'cvd';
        filter.setAttribute('color-interpolation-filters', 'linearRGB');
        const m = document.createElementNS(ns, 'feColorMatrix');
        m.setAttribute('type', 'matrix'); m.setAttribute('values', matrix);
        filter.append(m); svg.append(filter); document.body.append(svg);
        document.documentElement.style.filter = 'url(#cvd)';
    }""", [kind, CVD.get(kind or "", "")])


@pytest.mark.parametrize("game", list(BOARDS))
def test_colour_blind_screenshots_and_shape_cues(page: Any, guard: Any, game: str) -> None:
    """Every coloured card also names its colour by shape or word (one cue per colour, never shared), checked in
    the DOM; screenshots under each simulated colour-vision deficiency go to artifacts/ for a human eye."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.click(f".game-tile[data-game={game}] .play-now")
    page.wait_for_selector(f"#board {BOARDS[game]}", timeout=ENGINE_TIMEOUT)
    page.select_option("#speed", "instant")
    wait_my_turn(page)
    if game in CUES:
        cards, cue = CUES[game]
        # the card's colour from its engine id ("red-7" / "R7"), the cue from what is printed on it
        pairs = page.evaluate("""([cards, cue]) => [...document.querySelectorAll(cards)].map(el => [
            el.dataset.card ? el.dataset.card.split('-')[0] : (el.dataset.token || '').slice(0, 1),
            el.querySelector(cue)?.textContent || ''])""", [cards, cue])
        assert pairs, f"no {game} cards found"
        by_colour: dict[str, set[str]] = {}
        for colour, text in pairs:
            assert colour and text.strip(), f"{game}: a card without a colour cue: {colour!r} {text!r}"
            by_colour.setdefault(colour, set()).add(text.strip())
        assert all(len(v) == 1 for v in by_colour.values()), by_colour
        cues = [next(iter(v)) for v in by_colour.values()]
        assert len(set(cues)) == len(cues), f"{game}: two colours share a cue: {by_colour}"
    for kind in (None, *CVD):
        _simulate(page, kind)
        screenshot(page, f"cvd-{game}-{kind or 'normal'}.png")
    _simulate(page, None)
    guard.check()


EN = json.loads((CATALOGUE_DIR / "en.json").read_text())


def _english_fragments() -> set[str]:
    """The literal words of every English log and refusal template (between placeholders), 8 characters or more."""
    out: set[str] = set()
    for key, value in EN.items():
        if not key.startswith(("log.", "refusal.")):
            continue
        for text in (value.values() if isinstance(value, dict) else [value]):
            out.update(p.strip() for p in re.split(r"\{\w+\}", text) if len(p.strip()) >= 8)
    return out


ENGINE_IDS = re.compile(r"\b(red|yellow|green|blue|purple|orange)-\d+\b|\b[ROYGBP]\d{1,2}\b|\bJ\d{1,2}\b|\[\d|"
                        r"\b[Ss]eat \d|\bone_star\b|\btwo_star\b")


@pytest.mark.parametrize("game", ["skipbo", "topspot", "level8", "etalage"])
@pytest.mark.parametrize("lang", ["nl", "de"])  # both languages in every game (issue 17: a Dutch and a German refusal)
def test_log_and_refusal_in_the_readers_language(page: Any, guard: Any, lang: str, game: str) -> None:
    page.select_option("#lang-select", lang)
    page.click(f".game-tile[data-game={game}] .play-now")
    page.wait_for_selector(f"#board {BOARDS[game]}", timeout=ENGINE_TIMEOUT)
    page.select_option("#speed", "instant")
    _play_until(page, "() => window.__app.controller.log.length >= 30 || window.__app.controller.table.over")
    wait_my_turn(page)
    lines = page.locator("#log li").all_inner_texts()
    events = page.evaluate("() => window.__app.controller.log")
    assert len(lines) == len(events) >= 10
    english = _english_fragments()
    for line, event in zip(lines, events, strict=True):
        assert not any(f in line for f in english), f"English template words in {line!r}"
        assert not ENGINE_IDS.search(line), f"engine notation in {line!r}"
        assert line != event.get("text"), f"the engine's English line was shown: {line!r}"
    # a refusal: the first move the engine refuses, worded per error code in the reader's language
    refused = page.evaluate("""async () => {
        const c = window.__app.controller;
        const hand = c.table.view.hand || [];
        const tries = {
          topspot: hand.flatMap(a => hand.filter(b => b !== a).map(b => ({type: 'play', cards: [a, b], colour: null}))),
          level8: hand.map(card => ({type: 'add', seat: 0, part: 0, card})).concat([{type: 'draw'}]),
          skipbo: hand.flatMap(card => [0, 1, 2, 3].map(pile => ({type: 'play_hand', card, pile}))),
          etalage: [{type: 'claim', colour: 'red'}].concat(hand.map(card => ({type: 'play', card}))),
        }[c.setup.game];
        for (const action of tries) {
          const answer = await c.check(action);
          if (!answer.legal) { await c.attempt(action, c.board); return answer; }
        }
        return null;
    }""")
    assert refused is not None, "no refused move found to test"
    status = page.locator("#status")
    text = status.inner_text()
    assert not any(f in text for f in english), f"English words in the refusal {text!r}"
    catalogue = json.loads((CATALOGUE_DIR / f"{lang}.json").read_text())
    assert _refusal_pattern(catalogue, game, refused).fullmatch(text), (text, refused)
    assert not ENGINE_IDS.search(text), text
    # the same reason in English, from the English catalogue, stays reachable as the tooltip: word for word what
    # the Python describer says
    names = page.evaluate("() => window.__app.controller.names")
    assert status.get_attribute("title") == describe_refusal(game, refused["reason"], refused["params"], names=names)
    screenshot(page, f"log-{lang}-{game}-1280.png")
    assert page.evaluate("() => window.__i18nMissing") == []
    guard.check()


def _refusal_pattern(catalogue: dict[str, Any], game: str, refused: dict[str, Any]) -> re.Pattern[str]:
    """What the status line must say for the engine's refusal ``refused``: the game's words for its reason code
    (placeholders filled with anything), or, for a refusal without a reason, the line of its error code."""
    reason, params = refused.get("reason"), refused.get("params") or {}
    if reason is None:
        key = f"refusal.{refused['code']}"
        return re.compile(re.escape(catalogue[key if key in catalogue else "refusal.illegal_action"]) + ".*")
    if game == "level8" and reason == "wrong_phase":
        took = params.get("action") in ("draw", "take_discard", "take_nothing")
        key = f"refusal.level8.wrong_phase_{'took' if params['phase'] == 'play' and took else params['phase']}"
    elif game == "skipbo" and reason == "no_such_pile":
        key = f"refusal.skipbo.no_such_pile_{params['kind']}"
    elif game == "topspot" and reason == "does_not_raise" and params.get("shows") is False:
        key = "refusal.topspot.does_not_raise_hidden"
    elif game == "skipbo" and reason == "not_your_pile" and params.get("partnership"):
        key = "refusal.skipbo.not_your_pile_partner"
    else:
        key = f"refusal.{game}.{reason}"
    text = catalogue[key]
    if params.get("why") and f"refusal.{game}.why.{params['why']}" in catalogue:  # Level 8: what is wrong, after
        text += " " + catalogue[f"refusal.{game}.why.{params['why']}"]
    parts = re.split(r"\{\w+\}", text)
    return re.compile(".+?".join(re.escape(part) for part in parts))


# One illegal move per game, each refused for a reason the engine names (a code and params, worded by the page).
ILLEGAL_TRIES = """async () => {
    const c = window.__app.controller;
    const v = c.table.view;
    const hand = v.hand || [];
    const plain = hand.filter(card => card !== 'joker');
    const tries = {
      skipbo: [{type: 'play_stock', owner: 1, pile: 0}],
      level8: hand.map(card => ({type: 'discard', card})).concat([{type: 'draw'}]),
      topspot: [{type: 'play', cards: [plain[0]], colour: 'red'}],
      etalage: [{type: 'claim', colour: 'red'}],
    }[c.setup.game];
    for (const action of tries) {
      const answer = await c.check(action);
      if (!answer.legal) { await c.attempt(action, c.board); return answer; }
    }
    return null;
}"""


PYTHON_REPR = re.compile(r"\('|\['|'\w+'|\bNone\b|\bTrue\b|\bFalse\b|\{\w+\}")


@pytest.mark.parametrize("lang", ["en", "nl", "de"])  # English too: worded from en.json, not the engine (issue 24)
@pytest.mark.parametrize("game", list(BOARDS))
def test_a_refusal_says_why_in_the_readers_language(page: Any, guard: Any, lang: str, game: str) -> None:
    """The reason a move is refused (the most important teaching text) is worded from the engine's reason code:
    the game's own sentence in the reader's language with cards, colours and players named in words (players by
    name, never a 0-based seat), no engine id, no Python repr; in Dutch or German no English."""
    page.select_option("#lang-select", lang)
    page.click(f".game-tile[data-game={game}] .play-now")
    page.wait_for_selector(f"#board {BOARDS[game]}, #pass-screen", timeout=ENGINE_TIMEOUT)
    page.select_option("#speed", "instant")
    wait_my_turn(page)
    refused = page.evaluate(ILLEGAL_TRIES)
    assert refused is not None and refused.get("reason"), refused
    text = page.locator("#status").inner_text()
    catalogue = json.loads((CATALOGUE_DIR / f"{lang}.json").read_text())
    assert _refusal_pattern(catalogue, game, refused).fullmatch(text), (text, refused)
    if lang != "en":
        assert not any(f in text for f in _english_fragments()), f"English words in the refusal {text!r}"
    assert not ENGINE_IDS.search(text), text
    assert not PYTHON_REPR.search(text), text
    assert text != refused["message"], "the engine's own message was shown"
    owner = (refused.get("params") or {}).get("owner")
    if owner is not None:  # Skip-Bo's "not from ...'s piles": the player's name, as the table shows it
        assert page.evaluate("() => window.__app.controller.names")[owner] in text, text
    assert catalogue["refusal.english_reason"] not in text  # the reason is said, not left to the English tooltip
    # the reason in English (the English catalogue's words) stays reachable for the other languages; an English
    # reader has the words already
    title = page.locator("#status").get_attribute("title")
    if lang == "en":
        assert title is None, title
    else:
        names = page.evaluate("() => window.__app.controller.names")
        assert title == describe_refusal(game, refused["reason"], refused["params"], names=names), refused
    screenshot(page, f"refusal-{lang}-{game}-1280.png")
    guard.check()


def _first_hand(page: Any) -> list[Any]:
    """Seat 0's dealt hand and stock top before it moves (bots' moves do not change them)."""
    wait_my_turn(page)
    return page.evaluate("() => { const v = window.__app.controller.table.view;"
                         " return [v.hand.slice().sort(), v.seats[0].stock_top]; }")


def test_stats_history_replay_and_shared_link(page: Any, guard: Any, base_url: str) -> None:
    open_new_game(page, "skipbo", seats=["human", "bot:normal"], board=".sb", seed=7, fill={"#opt-stock_size": 1})
    first = _first_hand(page)
    _play_until(page, "() => !!document.querySelector('#result-dialog')")
    stats = page.evaluate("() => JSON.parse(localStorage.getItem('pygame_rules.stats.v1'))")
    totals = stats["totals"]["skipbo"]["normal"]
    assert totals["played"] == 1 and totals["won"] in (0, 1)
    assert totals["streak"] == totals["won"] and totals["best"] == totals["won"]
    entry = stats["history"][0]
    assert (entry["seed"], entry["options"]["stock_size"], entry["players"]) == (7, 1, 2)
    # "Play this deal again" from the result screen deals the same cards
    page.click("#same-deal")
    page.wait_for_function("() => window.__app.controller && !window.__app.controller.table.over", timeout=60_000)
    assert page.evaluate("() => window.__app.controller.seed") == 7
    assert _first_hand(page) == first
    # the start page lists the game; its history entry plays the deal again too
    page.click("#home-link")
    page.wait_for_selector("#stats")
    row = page.locator('#stats tr[data-game=skipbo][data-level=normal]')
    assert row.locator("td.played").inner_text() == "1"
    assert page.locator("#stats .history-entry").count() == 1
    assert "7" in page.locator("#stats .history-entry").inner_text()
    # options named briefly ("Stock pile: 1"), never with the new-game dialog's help text (issue 24, item 7)
    what = page.locator("#stats .history-entry .history-what").inner_text()
    assert f"{EN['skipbo.option_short.stock_size']}: 1" in what, what
    assert EN["skipbo.option.partnership"] not in what and EN["skipbo.option.stock_size"] not in what, what
    screenshot(page, "stats-home-1280.png")
    # a shared link starts the same deal (and the address is tidied so a reload does not deal again)
    page.goto(f"{base_url}?play=skipbo&seed=7&seats=human,normal&o.stock_size=1")
    page.click("#replace-confirm")  # the deal played again above is still in progress: asked before replacing it
    page.wait_for_selector("#board .sb", timeout=ENGINE_TIMEOUT)
    assert "play=" not in page.url
    assert page.evaluate("() => window.__app.controller.setup.options") == {"stock_size": 1}
    assert _first_hand(page) == first
    guard.check()


def test_keyboard_focus_stays_on_the_hand_and_moves_are_announced(page: Any, guard: Any) -> None:
    open_new_game(page, "skipbo", seats=["human", "bot:normal"], board=".sb", seed=3, fill={"#opt-stock_size": 5})
    wait_my_turn(page)
    # the skip link is the first thing on the table and puts the focus on a playable hand card
    page.focus("#skip-to-hand")
    page.keyboard.press("Enter")
    focused = page.evaluate("() => document.activeElement.closest('[data-key]')?.dataset.key || ''")
    assert focused.startswith(("hand:", "stock:", "discard:")), focused
    # play a whole turn by keyboard only: Enter on a source, Tab to its target, Enter
    for _ in range(3):
        moves = page.evaluate("() => window.__app.controller.moves.filter(m => m.source && m.target)"
                              ".map(m => [m.source, m.target])")
        source, target = moves[0]
        page.locator(f'#board [data-key="{source}"]').first.focus()
        page.keyboard.press("Enter")
        page.locator(f'#board [data-key="{target}"]').first.focus()
        before = page.evaluate("() => window.__app.controller.log.length")
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => window.__app.controller.log.length > {before}", timeout=60_000)
        wait_my_turn(page)
        # focus stayed on the board (not thrown back to the top of the page)
        assert page.evaluate("() => document.getElementById('board').contains(document.activeElement)")
        # the move was announced in words
        assert page.locator("#announce").inner_text().strip()
    # the move log can be reached and scrolled by keyboard
    assert page.get_attribute("#side-log", "tabindex") == "0"
    guard.check()


def test_a_bots_card_flies_full_size_and_face_down(page: Any, guard: Any) -> None:
    """A card from a hidden hand flies at a card's size (not the hand icon's), face down until it lands."""
    page.click(".game-tile[data-game=topspot] .play-now")
    page.wait_for_selector("#board .ts", timeout=ENGINE_TIMEOUT)
    page.select_option("#speed", "slow")
    page.evaluate("() => { const c = window.__app.controller; if (c.myTurn) c.play(c.table.legal[0]); }")
    ghost = page.wait_for_selector(".fly-ghost", timeout=60_000)
    info = ghost.evaluate("g => ({back: g.classList.contains('back'), w: g.getBoundingClientRect().width,"
                          " card: document.querySelector('#board .ts-hand-card .ts-card')"
                          ".getBoundingClientRect().width})")
    assert info["back"], "a hidden hand's card should fly face down"
    assert info["w"] >= info["card"] * 0.8, info
    page.select_option("#speed", "instant")
    guard.check()


# Level 8, level 2 (four pairs): the joker can only pair with the red 5 (every other card is paired already).
FORCED_JOKER_SCENARIO = {
    "players": 2, "options": {"sheet": "one_star"}, "seed": 2, "dealer": 1, "turn": 0, "phase": "play",
    "levels": [2, 1], "laid_out": [False, False],
    "hands": [["R5", "J", "G7", "B7", "Y9", "O9", "P11", "R11", "B2"], ["P2", "P9", "B3", "Y4", "O8", "G12", "R13",
                                                                    "B14", "Y15", "O1"]],
}


def test_level8_forced_joker_is_filled_in_without_the_picker(page: Any, guard: Any) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    _scenario(page, "level8", FORCED_JOKER_SCENARIO, [{"kind": "human"}, {"kind": "bot", "level": "normal"}])
    wait_my_turn(page)
    page.wait_for_selector("#layout-builder")
    for token, slot in (("R5", 0), ("J", 0), ("G7", 1), ("B7", 1), ("Y9", 2), ("O9", 2), ("P11", 3), ("R11", 3)):
        page.locator(f'#board [data-key="hand:{token}"]').first.click()
        page.locator(f'#board button[data-key="lay:{slot}"]').first.click()
    assert page.locator("#layout-builder .l8-joker-ask").count() == 0, "the picker asked for a forced value"
    placed = page.evaluate("() => [...document.querySelectorAll("
                           "'#layout-builder [data-key^=\\'placed:0:\\'] [data-token]')].map(e => e.dataset.token)")
    assert sorted(placed) == ["J", "R5"]  # the joker waits for the engine's reading: no value asked of the player
    page.wait_for_selector("#layout-status[data-state=legal]", timeout=60_000)  # the engine reads it as a 5
    page.click("#lay-out")
    page.wait_for_function("() => window.__app.controller.table.view.laid_out[0]", timeout=60_000)
    laid = page.evaluate("() => window.__app.controller.table.view.table[0].map(p => p.cards)")
    assert ["R5", "J5"] in laid or ["J5", "R5"] in laid
    guard.check()


def test_level8_joker_with_a_real_choice_still_asks(page: Any, guard: Any) -> None:
    """A joker beside R2 R3 in a run can be a 1 or a 4: the page asks."""
    page.set_viewport_size({"width": 1280, "height": 800})
    _scenario(page, "level8", LAYOUT_SCENARIO, [{"kind": "human"}, {"kind": "bot", "level": "normal"}])
    wait_my_turn(page)
    page.wait_for_selector("#layout-builder")
    for token in ("R2", "R3", "J"):
        page.locator(f'#board [data-key="hand:{token}"]').first.click()
        page.locator('#board button[data-key="lay:0"]').first.click()
    assert page.locator("#layout-builder .l8-joker-ask").count() == 1
    guard.check()


def test_axe_core_finds_no_critical_or_serious_violations(audit_page: Any, guard: Any, base_url: str) -> None:
    page = audit_page
    problems: list[str] = []
    page.goto(base_url)
    page.wait_for_selector("body[data-engine=ready]", timeout=ENGINE_TIMEOUT)
    problems += axe(page, "start page")
    page.set_viewport_size({"width": 375, "height": 812})
    problems += axe(page, "start page 375")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.click(".game-tile[data-game=topspot] .new-game")
    page.wait_for_selector("#new-game-dialog")
    problems += axe(page, "new-game dialog")
    page.keyboard.press("Escape")
    for game in BOARDS:
        page.click("#home-link")
        page.click(f".game-tile[data-game={game}] .play-now")
        page.wait_for_selector(f"#board {BOARDS[game]}, #replace-dialog", timeout=ENGINE_TIMEOUT)
        if page.locator("#replace-dialog").count():  # the previous game is still in progress: asked first
            problems += axe(page, "replace-the-game dialog")
            page.click("#replace-confirm")
            page.wait_for_selector(f"#board {BOARDS[game]}", timeout=ENGINE_TIMEOUT)
        page.select_option("#speed", "instant")
        wait_my_turn(page)
        problems += axe(page, f"{game} table")
        if game == "topspot" and page.locator(".ts-hand-card.fits").count():
            page.locator(".ts-hand-card.fits").first.click()
            problems += axe(page, "topspot stack being built")
    page.click("#home-link")
    _scenario(page, "level8", LAYOUT_SCENARIO, [{"kind": "human"}, {"kind": "bot", "level": "normal"}])
    wait_my_turn(page)
    page.locator('#board [data-key="hand:R1"]').first.click()
    page.locator('#board button[data-key="lay:0"]').first.click()
    problems += axe(page, "level8 lay-out builder")
    page.click("#home-link")
    open_new_game(page, "skipbo", seats=["human", "human"], board=".sb", seed=5, fill={"#opt-stock_size": 2})
    page.evaluate("() => { const c = window.__app.controller; const m = c.table.legal.find(a => a.type === 'discard');"
                  " c.play(m); }")
    page.wait_for_selector("#pass-screen")
    problems += axe(page, "hot-seat pass screen")
    page.click("#home-link")
    open_new_game(page, "skipbo", seats=["human", "bot:normal"], board=".sb", seed=7, fill={"#opt-stock_size": 1})
    _play_until(page, "() => !!document.querySelector('#result-dialog')")
    problems += axe(page, "result dialog")
    for rules in ("skipbo.en", "topspot.nl", "level8.de", "etalage.fr"):
        page.goto(f"{base_url}rules/{rules}.html")
        page.wait_for_load_state("load")
        page.wait_for_timeout(1500)
        problems += axe(page, f"rules page {rules}")
    for extra in ("editor.html", "embed.html?src=scenarios/topspot-stacking.json"):
        page.goto(f"{base_url}{extra}")
        page.wait_for_load_state("load")
        page.wait_for_timeout(1500)
        page.wait_for_timeout(1500)
        problems += axe(page, extra)
    assert not problems, "\n".join(problems)
    guard.check()
