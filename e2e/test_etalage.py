"""Etalage in real Chromium: the worked-example replay, a game played by clicks and drags against bots, an illegal
gesture refused by the engine, and a bots-only match to the result screen. Screenshots at 375 and 1280 px.

Every test ends with ``guard.check()``: no request left the origin and the console stayed free of errors.
"""

from __future__ import annotations

import json
from typing import Any

from pygame_rules import api

from .conftest import ENGINE_TIMEOUT, click_key, legal_moves, open_new_game, screenshot, wait_my_turn


def _engine(request: dict[str, Any]) -> dict[str, Any]:
    """Ask the CPython copy of the same engine (what the browser's engine must answer too)."""
    return json.loads(api.handle(json.dumps({"id": 0, **request})))


def _table(page: Any) -> dict[str, Any]:
    return page.evaluate("() => window.__app.controller.table")


def _start(page: Any, *, seats: list[str], seed: int, speed: str = "instant", games: int | None = None) -> None:
    """Start an Etalage game; ``seats`` like ["human", "bot:normal", "bot:easy"]."""
    fill = {} if games is None else {"#opt-games": games}
    open_new_game(page, "etalage", seats=seats, board=".et", seed=seed, speed=speed, fill=fill)


def test_tile_rules_and_worked_example_replay(page: Any, guard: Any) -> None:
    page.set_viewport_size({"width": 375, "height": 812})
    page.locator(".game-tile[data-game=etalage]").scroll_into_view_if_needed()
    screenshot(page, "etalage-home-375.png")
    page.set_viewport_size({"width": 1280, "height": 900})
    tile = page.locator(".game-tile[data-game=etalage]")
    assert tile.locator(".badge", has_text="Coming").count() == 0
    assert "strongest colour" in tile.locator(".pitch").inner_text()  # the rules text itself is on the rules page
    tile.locator(".example-open").click()
    page.wait_for_selector("#example-board .et", timeout=ENGINE_TIMEOUT)
    board = page.locator("#example-board")
    assert board.get_attribute("data-step") == "0"
    groups = [g.get_attribute("data-colour") for g in board.locator(".et-group").all()]
    assert groups == ["red", "yellow", "green", "blue"]
    sums = [t.strip() for t in board.locator(".et-sum").all_inner_texts()]
    assert sums == ["Red 9", "Yellow 11", "Green 6", "Blue 4"]
    assert "Anna" in page.locator("#example-caption").inner_text()

    def step_to(n: int) -> None:
        while int(board.get_attribute("data-step")) < n:
            before = board.get_attribute("data-step")
            page.click("#example-next")
            page.wait_for_function(f"() => document.querySelector('#example-board').dataset.step !== '{before}'")

    step_to(3)  # Anna green 7, Ben green 2, Cécile yellow 9: green and yellow tie for now
    ranks = board.locator(".et-rank")
    assert [r.get_attribute("data-status") for r in ranks.all()] == ["tied", "tied"]
    step_to(6)  # the trick is complete: red 11 > blue 10 > green 9 = yellow 9
    rows = [(r.get_attribute("data-colour"), r.get_attribute("data-strength"), r.get_attribute("data-status"))
            for r in ranks.all()]
    assert rows == [("red", "11", "claims"), ("blue", "10", "claims"), ("yellow", "9", "tied"),
                    ("green", "9", "tied")]
    assert "Frank 6" in ranks.first.inner_text() and "Dora 5" in ranks.first.inner_text()
    played = [s.get_attribute("data-card") for s in board.locator(".et-trick .et-card").all()]
    assert played == ["green-7", "green-2", "yellow-9", "red-5", "blue-10", "red-6"]
    page.set_viewport_size({"width": 1280, "height": 900})
    screenshot(page, "etalage-example-1280.png")
    page.set_viewport_size({"width": 375, "height": 812})
    screenshot(page, "etalage-example-375.png")
    page.set_viewport_size({"width": 1280, "height": 900})
    step_to(9)
    cards = sorted(c.get_attribute("data-card") for c in board.locator(".et-display .et-card").all())
    assert cards == sorted(["blue-4", "green-7", "green-2", "yellow-9", "red-5", "blue-10", "red-6"])
    last = board.locator(".et-last")
    assert "Frank leads" in last.inner_text()
    assert "Frank 6 took yellow (7, 4)" in last.inner_text()
    assert "Dora 5 took red (8, 1)" in last.inner_text()
    assert "Emiel 10 took green (6)" in last.inner_text()
    # Frank's view: won cards lie face down (issue 19), so his panel and his pile show a count, not points
    assert board.locator('.et-seat[data-seat="5"] .et-won').inner_text().strip() == "2 won"
    assert board.locator('.et-seat[data-seat="5"] .et-points').count() == 0
    assert board.locator(".et-my-won .et-my-score").inner_text().strip() == "2 won"
    assert board.locator(".et-my-won .card.back").count() == 2
    page.click("#example-back")
    assert board.get_attribute("data-step") == "8"
    page.click("#example-restart")
    assert board.get_attribute("data-step") == "0"
    page.click("#example-close")
    page.wait_for_selector("#example-dialog", state="detached")
    guard.check()


def test_play_by_clicks_and_drags_against_bots(page: Any, guard: Any) -> None:
    seed = 11
    _start(page, seats=["human", "bot:normal", "bot:easy", "bot:normal", "bot:random", "bot:normal"], seed=seed)
    wait_my_turn(page)
    table = _table(page)
    assert table["view"]["phase"] == "play"
    # The same seed gives the same deal in the CPython engine: the browser draws what the engine dealt.
    fresh = _engine({"op": "new", "game": "etalage", "players": 6, "seed": seed, "options": {}, "seat": 0})
    assert table["view"]["hand"] == fresh["table"]["view"]["hand"]
    page.set_viewport_size({"width": 375, "height": 812})
    screenshot(page, "etalage-start-375.png")
    page.set_viewport_size({"width": 1280, "height": 900})
    hand = [b.get_attribute("data-key") for b in page.locator("#board .et-hand-card").all()]
    assert hand == [f"hand:{c}" for c in table["view"]["hand"]]

    # An illegal gesture: claiming while the trick is being played. The engine refuses; nothing changes.
    log_before = page.evaluate("() => window.__app.controller.log.length")
    colour = table["view"]["display_groups"][0]["colour"]
    click_key(page, f"group:{colour}")
    click_key(page, "won:0")
    page.wait_for_function("() => document.querySelector('#status').dataset.kind === 'error'")
    assert "everyone plays a card to the trick first" in page.locator("#status").inner_text()  # etalage.play_first
    assert page.evaluate("() => window.__app.controller.log.length") == log_before
    assert _table(page)["view"]["hand"] == table["view"]["hand"]

    # won cards lie face down by default (issue 19): your own panel shows a count, never points
    assert page.locator("#board .et-points").count() == 0
    assert page.locator("#board .et-my-won .et-my-score").inner_text().strip() == "0 won"

    plays = claims = 0
    used_drag = shot = False
    while True:
        page.wait_for_function("() => { const c = window.__app.controller; return c && !c.busy && !c._running &&"
                               " (c.myTurn || c.table.over); }", timeout=60_000)
        table = _table(page)
        if table["over"]:
            break
        moves = legal_moves(page)
        logged = page.evaluate("() => window.__app.controller.log.length")
        if table["view"]["phase"] == "claim":
            # the claimant sees the colour groups glowing; take the largest by clicking group then pile
            groups = {g["colour"]: g["sum"] for g in table["view"]["display_groups"]}
            glowing = page.locator("#board .et-group.can-pick").count()
            assert glowing == len(moves) == len(groups)
            best = max(moves, key=lambda m: groups[m["action"]["colour"]])
            if not shot:
                page.wait_for_selector("#toast", state="hidden")  # the refusal's message has gone
                page.set_viewport_size({"width": 1280, "height": 900})
                screenshot(page, "etalage-claim-1280.png")
                page.set_viewport_size({"width": 375, "height": 812})
                screenshot(page, "etalage-claim-375.png")
                page.set_viewport_size({"width": 1280, "height": 900})
                shot = True
            click_key(page, best["source"])
            assert page.locator("#board [data-key='won:0']").get_attribute("class").count("can-drop") == 1
            click_key(page, best["target"])
            claims += 1
        else:
            best = max(moves, key=lambda m: int(m["action"]["card"].rsplit("-", 1)[1]))
            assert best["target"] == "trick:0"
            if not used_drag:
                page.drag_and_drop(f'#board [data-key="{best["source"]}"]', '#board [data-key="trick:0"]')
                used_drag = True
            else:
                click_key(page, best["source"])
                click_key(page, best["target"])
            plays += 1
        page.wait_for_function("(n) => window.__app.controller.log.length > n", arg=logged)
    assert plays == 9 and claims >= 1
    page.wait_for_selector("#result-dialog", timeout=ENGINE_TIMEOUT)
    result = _table(page)["result"]
    text = page.locator("#result-dialog").inner_text()
    assert f"= {result['scores'][0]}" in text and "Player 1" in text
    assert page.locator("#result-dialog .et-won-list li").count() == 6
    guard.check()


def test_bots_only_match_to_the_result(page: Any, guard: Any) -> None:
    _start(page, seats=["bot:normal", "bot:easy", "bot:random", "bot:normal"], seed=5, games=2)
    page.wait_for_selector("#result-dialog", timeout=120_000)
    result = _table(page)["result"]
    assert len(result["games"]) == 2
    assert result["scores"] == [a + b for a, b in zip(result["games"][0]["points"], result["games"][1]["points"],
                                                      strict=True)]
    rows = page.locator("#result-dialog .et-games tbody tr")
    assert rows.count() == 2
    assert rows.nth(1).locator("td").all_inner_texts() == [str(p) for p in result["games"][1]["points"]]
    score_cells = page.locator("#result-dialog table.scores:not(.et-games) tbody td").all_inner_texts()
    assert score_cells == [str(s) for s in result["scores"]]
    page.set_viewport_size({"width": 375, "height": 812})
    screenshot(page, "etalage-result-375.png")
    page.click("#result-dialog >> text=View the table")
    assert page.locator("#board .et").count() == 1
    screenshot(page, "etalage-end-375.png")
    guard.check()


def test_open_winnings_option_in_words_shows_your_points(page: Any, guard: Any) -> None:
    """The memory-aid variant is offered by name in the new-game dialog and shows your own pile and points."""
    page.click(".game-tile[data-game=etalage] .new-game")
    label = page.locator("label", has=page.locator("#opt-open_winnings")).inner_text()
    assert "Memory aid" in label and "open_winnings" not in label
    assert not page.is_checked("#opt-open_winnings")  # off by default: the rulebook's face-down piles
    page.select_option("#players", "3")
    for i, seat in enumerate(["human", "bot:normal", "bot:easy"]):
        kind, _, level = seat.partition(":")
        page.select_option(f'select[data-seat="{i}"][data-role="kind"]', kind)
        if level:
            page.select_option(f'select[data-seat="{i}"][data-role="level"]', level)
    page.check("#opt-open_winnings")
    page.locator("#replay-deal").evaluate("d => { d.open = true; }")  # the deal number sits in a <details>
    page.fill("#seed-input", "4")
    page.select_option("#speed-input", "instant")
    page.click("#start-game")
    page.wait_for_selector(".et", timeout=ENGINE_TIMEOUT)
    wait_my_turn(page)
    view = _table(page)["view"]
    assert view["options"]["open_winnings"] is True and view["won"] == [] and view["score"] == 0
    assert page.locator('#board .et-seat[data-seat="0"] .et-points').inner_text() == "0 pts"
    assert "0 pts" in page.locator("#board .et-my-won .et-my-score").inner_text()
    guard.check()


def test_a_card_taken_to_a_place_it_cannot_go_is_told_so_and_stays_picked(page: Any, guard: Any) -> None:
    """A hand card picked and then taken to your won pile (a place, but not for a card) used to answer "First pick
    a card to play", though one was picked: the message says the card cannot go there, and it stays picked."""
    _start(page, seats=["human", "bot:normal", "bot:normal"], seed=5)
    wait_my_turn(page)
    table = _table(page)
    card = table["view"]["hand"][0]
    click_key(page, f"hand:{card}")
    click_key(page, "won:0")
    status = page.locator("#status")
    assert status.get_attribute("data-kind") == "error"
    assert "First pick" not in status.inner_text()
    assert "cannot go there" in status.inner_text()  # table.not_there
    assert page.evaluate("() => window.__app.controller.selected") == f"hand:{card}"
    assert _table(page)["view"]["hand"] == table["view"]["hand"]
    click_key(page, "trick:0")  # the picked card still goes where it may
    page.wait_for_function("(c) => !window.__app.controller.table.view.hand.includes(c)", arg=card)
    guard.check()
