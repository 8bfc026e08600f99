"""Top Spot in the built site, in real Chromium: a whole game by clicks against bots, a joker lead that asks for a
colour (at phone width), and a bots-only match to the result screen at instant speed.

Every test ends with ``guard.check()``: no request left the origin and the console stayed free of errors.
Screenshots go to artifacts/topspot-1280.png and artifacts/topspot-375.png.
"""

from __future__ import annotations

import json
import re
from typing import Any

from pygame_rules import api

from .conftest import open_new_game, screenshot

SETTLED = ("() => { const c = window.__app.controller; return !!c && !c.busy && !c._running &&"
           " (c.table.over || c.myTurn); }")


def _engine(request: dict[str, Any]) -> dict[str, Any]:
    """Ask the CPython copy of the same engine (to know what the browser's engine will deal)."""
    return json.loads(api.handle(json.dumps(request)))


def _start(page: Any, *, seats: list[str], seed: int, speed: str, level: str = "junior", games: int | None = 1,
           joker_each: bool = False) -> None:
    """Start a Top Spot game; ``seats`` like ["human", "bot:normal"]."""
    fill = {} if games is None else {"#opt-games": games}
    open_new_game(page, "topspot", seats=seats, board=".ts", seed=seed, speed=speed, fill=fill,
                  select={"#opt-level": level}, check=("#opt-joker_each",) if joker_each else ())


def _table(page: Any) -> dict[str, Any]:
    return page.evaluate("() => window.__app.controller.table")


def _log_length(page: Any) -> int:
    return page.evaluate("() => window.__app.controller.log.length")


def _hand_indices(hand: list[str], cards: list[str]) -> list[int]:
    """The hand positions to click for ``cards`` in order (identical jokers take distinct positions)."""
    used: list[int] = []
    for card in cards:
        used.append(next(i for i, c in enumerate(hand) if c == card and i not in used))
    return used


def _click_card(page: Any, index: int) -> None:
    page.click(f'#board .ts-hand-card[data-index="{index}"]')


def _verdict(page: Any) -> tuple[str, str]:
    el = page.locator("#board .ts-verdict")
    return el.get_attribute("data-state") or "", el.inner_text()


def _no_overflow(page: Any) -> None:
    width = page.evaluate("() => document.documentElement.clientWidth")
    wide = page.evaluate("() => [...document.querySelectorAll('#board *')].filter(e => {"
                         " const r = e.getBoundingClientRect(); return r.width && r.right > "
                         "document.documentElement.clientWidth + 0.5; }).map(e => e.className).slice(0, 5)")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width, "the page scrolls sideways"
    assert not wide, f"elements overflow the screen: {wide}"


def _illegal_pair(view: dict[str, Any]) -> list[int] | None:
    """Two hand positions whose stack (in that order) the engine does not list as playable."""
    playable = {tuple(p["cards"]) for p in view["playable"]}
    hand = view["hand"]
    for i in range(len(hand)):
        for j in range(len(hand)):
            if i != j and (hand[i], hand[j]) not in playable:
                return [i, j]
    return None


def test_play_a_whole_topspot_game_by_clicks(page: Any, guard: Any) -> None:
    _start(page, seats=["human", "bot:normal", "bot:easy"], seed=3, speed="fast")
    turns = refused = multi = 0
    saw_winner = False
    while True:
        page.wait_for_function(SETTLED, timeout=60_000)
        table = _table(page)
        if table["over"]:
            break
        view = table["view"]
        turns += 1
        saw_winner |= page.locator("#board .ts-last .ts-verdict-line.won").count() > 0

        if not refused and (pair := _illegal_pair(view)):
            # An illegal stack: the page says so before playing; "Why not?" asks the engine, nothing changes.
            before_log, before_hand = _log_length(page), list(view["hand"])
            for i in pair:
                _click_card(page, i)
            state, _ = _verdict(page)
            assert state == "illegal"
            assert page.locator("#board .ts-play-button").inner_text() == "Why not?"
            page.click("#board .ts-play-button")
            page.wait_for_selector("#status[data-kind=error]")
            said = page.locator("#status").inner_text()  # the reason in the catalogue's words, not the engine's
            assert said and "cannot play" not in said and not re.search(r"\b[a-z]+-\d+\b", said), said
            assert _log_length(page) == before_log and _table(page)["view"]["hand"] == before_hand
            page.click("#board .ts-clear")
            assert _verdict(page)[0] == "empty"
            refused += 1

        # The biggest stack the engine lists, built card by card; each prefix shows its value and legality.
        values = {tuple(p["cards"]): p["value"] for p in view["playable"]}
        choice = max(view["playable"], key=lambda p: (len(p["cards"]), p["value"]))
        cards = choice["cards"]
        for depth, index in enumerate(_hand_indices(view["hand"], cards)):
            _click_card(page, index)
            state, _ = _verdict(page)
            assert state == "legal"
            shown = page.locator("#board .ts-worth").inner_text()
            assert shown == str(values[tuple(cards[:depth + 1])])
            assert page.locator(f'#board .ts-hand-card[data-index="{index}"] .ts-order').inner_text() == str(depth + 1)
        multi += len(cards) > 1
        if turns == 2:
            page.evaluate("() => window.scrollTo(0, 0)")
            screenshot(page, "topspot-1280.png")
        before = _log_length(page)
        page.click("#board .ts-play-button")
        page.wait_for_function(f"() => window.__app.controller.log.length > {before}")
        mine = next(e for e in _table(page)["log"] if e.get("type") == "play" and e.get("player") == 0)
        assert mine["cards"] == cards and mine["value"] == choice["value"]
        words = " over ".join(c.replace("-", " ") for c in cards)
        label = f'Player 1: {words}, value {choice["value"]}'
        page.wait_for_selector(f'#board .ts-play[aria-label^="{label}"]')  # on the table or in the last round
    assert turns >= 3 and refused == 1 and multi >= 1 and saw_winner
    page.wait_for_selector("#result-dialog", timeout=30_000)
    dialog = page.locator("#result-dialog")
    assert "Rounds won" in dialog.inner_text()
    result = _table(page)["result"]
    # why the game ended is worded from the engine's code, not read back from English
    words = {"last_cards": "won a round with their last cards", "only_one": "was the only player with cards left",
             "nobody": "nobody has cards left"}[result["end_code"]]
    assert "The game ended: " in dialog.inner_text() and words in dialog.inner_text()
    rows = dialog.locator("table.scores").first.locator("tbody tr")
    assert rows.count() == 3
    for seat in range(3):
        assert rows.nth(seat).locator("td").first.inner_text() == str(result["scores"][seat])
    guard.check()


def _seed_where_seat0_leads_expert() -> int:
    """A seed whose Expert game (one joker each) lets seat 0 lead the first round."""
    for seed in range(1, 300):
        answer = _engine({"id": 0, "op": "new", "game": "topspot", "players": 3, "seed": seed,
                          "options": {"level": "expert", "joker_each": True, "games": 1}, "seat": 0})
        _engine({"id": 0, "op": "drop", "session": answer["session"]})
        view = answer["table"]["view"]
        if answer["table"]["current_player"] == 0 and any(len(p["cards"]) > 1 and p["cards"][0] == "joker"
                                                          for p in view["playable"]):
            return seed
    raise AssertionError("no seed lets seat 0 lead")


def test_joker_lead_asks_for_a_colour_at_phone_width(page: Any, guard: Any) -> None:
    page.set_viewport_size({"width": 375, "height": 812})
    seed = _seed_where_seat0_leads_expert()
    _start(page, seats=["human", "bot:normal", "bot:normal"], seed=seed, speed="fast", level="expert",
           joker_each=True)
    page.wait_for_function(SETTLED, timeout=60_000)
    view = _table(page)["view"]
    assert view["current_player"] == 0 and view["led_colour"] is None
    joker_stack = max((p for p in view["playable"] if p["cards"][0] == "joker"), key=lambda p: p["value"])
    for index in _hand_indices(view["hand"], joker_stack["cards"]):
        _click_card(page, index)
    assert _verdict(page)[0] == "legal"
    assert page.locator("#board .ts-worth").inner_text() == str(joker_stack["value"])
    colours = page.locator("#board .ts-colour")
    assert [colours.nth(i).get_attribute("data-colour") for i in range(colours.count())] == view["colours"]
    _no_overflow(page)
    page.evaluate("() => window.scrollTo(0, 0)")
    screenshot(page, "topspot-375.png")

    # Without a colour the engine refuses and says why; nothing is played.
    before = _log_length(page)
    page.click("#board .ts-play-button")
    page.wait_for_selector("#status[data-kind=error]")
    assert "must name its colour" in page.locator("#status").inner_text()  # refusal.topspot.must_declare
    assert _log_length(page) == before

    chosen = view["colours"][-1]
    page.click(f'#board .ts-colour[data-colour="{chosen}"]')
    assert page.locator(f'#board .ts-colour[data-colour="{chosen}"]').get_attribute("aria-pressed") == "true"
    page.click("#board .ts-play-button")
    page.wait_for_function(f"() => window.__app.controller.log.length > {before}")
    lead = next(e for e in _table(page)["log"] if e.get("type") == "play")
    assert lead["player"] == 0 and lead["colour"] == chosen and lead["cards"] == joker_stack["cards"]
    page.wait_for_function(SETTLED, timeout=60_000)
    _no_overflow(page)
    guard.check()


def test_bots_only_match_reaches_the_result_screen(page: Any, guard: Any) -> None:
    _start(page, seats=["bot:normal", "bot:easy", "bot:random", "bot:normal"], seed=11, speed="instant",
           level="expert", games=4)  # a match of one game per player (the dialog now offers one game)
    page.wait_for_selector("#result-dialog", timeout=120_000)
    dialog = page.locator("#result-dialog")
    assert "Match of 4 games" in dialog.inner_text()
    result = _table(page)["result"]
    assert len(result["games"]) == 4
    per_game = dialog.locator(".ts-result tbody tr")
    assert per_game.count() == 4
    # The board behind the dialog shows the finished game, its last round and the points.
    assert page.locator("#board .ts-round-head h2").inner_text() == "Game over"
    assert page.locator("#board .ts-last").count() == 1
    guard.check()


def test_a_hint_builds_the_hinted_stack(page: Any, guard: Any) -> None:
    """A Top Spot play is built on the page: the hint used to name the stack and light up your empty stack and your
    place only, and pressing your place then refused ("A play needs at least one card"). The hint now puts its
    cards into your stack, in order, so your place plays it."""
    _start(page, seats=["human", "bot:normal", "bot:normal"], seed=7, speed="instant")
    page.wait_for_function("() => { const c = window.__app.controller; return !!c && !c.busy && !c._running &&"
                           " c.myTurn; }", timeout=60_000)
    page.click("#hint")
    page.wait_for_function("() => document.querySelector('#status').dataset.kind === 'hint'", timeout=60_000)
    hand = _table(page)["view"]["hand"]
    picked = page.evaluate("() => [...document.querySelectorAll('#board .ts-hand-card.picked')]"
                           ".sort((a, b) => a.querySelector('.ts-order').textContent -"
                           " b.querySelector('.ts-order').textContent).map(b => b.dataset.card)")
    assert picked and set(picked) <= set(hand)
    assert _verdict(page)[0] == "legal"
    before = _log_length(page)
    page.locator('#board [data-key="spot:0"]').click()  # the place the hint lights up
    page.wait_for_function(f"() => window.__app.controller.log.length > {before}", timeout=60_000)
    assert page.locator("#status").get_attribute("data-kind") != "error"
    log = page.evaluate("() => window.__app.controller.log")
    played = next(e for e in log[before:] if e.get("type") == "play" and e.get("player") == 0)
    assert played["cards"] == picked
    guard.check()
