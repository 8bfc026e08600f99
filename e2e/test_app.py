"""The built site in real Chromium: play by clicking against a bot, illegal moves, resume, offline, hot-seat.

Every test ends with ``guard.check()``: no request left the origin and the console stayed free of errors.
"""

from __future__ import annotations

import json
import re
from typing import Any

from pygame_rules import api
from pygame_rules.words import CATALOGUE_DIR

from .conftest import (
    ENGINE_TIMEOUT,
    click_key,
    legal_moves,
    read_save,
    saved_record,
    screenshot,
    start_game,
    wait_engine,
    wait_my_turn,
    write_save,
)

EN = json.loads((CATALOGUE_DIR / "en.json").read_text(encoding="utf-8"))


def _engine(request: dict[str, Any]) -> dict[str, Any]:
    """Ask the CPython copy of the same engine (to know what the browser's engine must answer)."""
    return json.loads(api.handle(json.dumps(request)))


def _seed_where(predicate: Any, stock: int = 5) -> int:
    """The first seed whose position, when seat 0 (human) first moves against a "normal" bot, satisfies predicate.

    The CPython engine replays exactly what the browser will do: same seed, same bot random streams.
    """
    for seed in range(1, 200):
        answer = _engine({"id": 0, "op": "new", "game": "skipbo", "players": 2, "seed": seed,
                          "options": {"stock_size": stock}, "seat": 0})
        table = answer["table"]
        while table["current_player"] == 1:
            table = _engine({"id": 0, "op": "bot", "session": answer["session"], "level": "normal",
                             "seat": 0})["table"]
        _engine({"id": 0, "op": "drop", "session": answer["session"]})
        if table["current_player"] == 0 and predicate(table):
            return seed
    raise AssertionError("no seed gives the position this test needs")


def _table(page: Any) -> dict[str, Any]:
    return page.evaluate("() => window.__app.controller.table")


def _log_length(page: Any) -> int:
    return page.evaluate("() => window.__app.controller.log.length")


def _play_first_move(page: Any) -> None:
    """Click the source then the target of the first legal move, and wait until the log shows it."""
    move = next(m for m in legal_moves(page) if m["source"])
    click_key(page, move["source"])
    click_key(page, move["target"])
    page.wait_for_function("() => window.__app.controller.log.length > 0")


def test_start_page_lists_games(page: Any, guard: Any) -> None:
    tiles = page.locator(".game-tile")
    assert tiles.count() >= 4
    skipbo = page.locator(".game-tile[data-game=skipbo]")
    assert "Skip-Bo" in skipbo.inner_text() and skipbo.locator(".new-game").is_visible()
    # every other game either opens a new game (it has a renderer) or shows as coming
    playable = page.locator(".game-tile:has(.new-game)").count()
    assert playable >= 1 and playable + page.locator(".game-tile.coming").count() == tiles.count()
    for width in (1280, 375):
        page.set_viewport_size({"width": width, "height": 900 if width > 400 else 812})
        assert page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth") <= 0
        screenshot(page, f"home-{width}.png")
    page.click(".game-tile[data-game=skipbo] .new-game")
    page.wait_for_selector("#new-game-dialog")
    screenshot(page, "new-game-375.png")
    guard.check()


def test_play_by_clicking_against_a_bot(page: Any, guard: Any) -> None:
    start_game(page, seats=["human", "bot:normal"], seed=7, speed="fast")
    built = bot_answers = 0
    for _turn in range(12):  # a few whole turns: build by clicking, end the turn by dragging, watch the bot
        wait_my_turn(page)
        for _ in range(30):
            builds = [m for m in legal_moves(page) if m["source"] and m["target"].startswith("build:")]
            if not builds:
                break
            move = builds[0]
            before = _log_length(page)
            click_key(page, move["source"])
            assert page.locator(f'#board [data-key="{move["source"]}"].selected').count() >= 1
            assert page.locator(f'#board [data-key="{move["target"]}"].can-drop').count() == 1
            click_key(page, move["target"])
            page.wait_for_function(f"() => window.__app.controller.log.length > {before}")
            built += 1
            wait_my_turn(page)
        discards = [m for m in legal_moves(page) if m["action"]["type"] == "discard"]
        assert discards, "a player with cards in hand can always discard"
        seq = _log_length(page)
        src = page.locator(f'#board [data-key="{discards[0]["source"]}"]').first
        src.drag_to(page.locator(f'#board [data-key="{discards[0]["target"]}"]').first)
        page.wait_for_function(f"() => window.__app.controller.log.length > {seq}")
        # The bot answers (animated at the "fast" pace), then it is our turn again.
        wait_my_turn(page)
        log = page.evaluate("() => window.__app.controller.log")
        assert log[seq]["type"] == "discard" and log[seq]["player"] == 0
        assert any(e.get("player") == 1 for e in log[seq:]), "the bot made no move"
        bot_answers += 1
        if built >= 2 and bot_answers >= 2:
            break
    assert built >= 2 and bot_answers >= 2
    assert page.locator("#log li").count() == _log_length(page)
    assert "Bot 2" in page.locator("#log").inner_text()

    # Screenshots of the table, desktop and phone, and no horizontal overflow at either width.
    for width in (1280, 375):
        page.set_viewport_size({"width": width, "height": 900 if width > 400 else 812})
        page.wait_for_timeout(200)
        overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"the layout overflows by {overflow}px at {width}px"
        screenshot(page, f"table-{width}.png")
    guard.check()


def test_keyboard_play_and_labels(page: Any, guard: Any) -> None:
    start_game(page, seats=["human", "bot:easy"], seed=11)
    wait_my_turn(page)
    # Every pile and card on the board has a label for screen readers.
    unlabelled = page.evaluate("() => [...document.querySelectorAll('#board button')]"
                               ".filter(b => !b.getAttribute('aria-label') && !b.dataset.label).length")
    assert unlabelled == 0
    move = next(m for m in legal_moves(page) if m["source"])
    before = _log_length(page)
    page.locator(f'#board [data-key="{move["source"]}"]').first.focus()
    page.keyboard.press("Enter")
    page.locator(f'#board [data-key="{move["target"]}"]').first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => window.__app.controller.log.length > {before}")
    guard.check()


def _english_refusal(refusal: dict[str, Any]) -> re.Pattern[str]:
    """What an English reader reads for a Skip-Bo refusal: the catalogue's sentence for its reason, filled in."""
    params = refusal["params"]
    key = "refusal.skipbo.no_such_pile_" + params["kind"] if refusal["reason"] == "no_such_pile" \
        else f"refusal.skipbo.{refusal['reason']}"
    parts = re.split(r"\{\w+\}", EN[key])
    return re.compile(".+?".join(re.escape(part) for part in parts))


def test_illegal_move_shows_the_reason_in_words_and_changes_nothing(page: Any, guard: Any) -> None:
    start_game(page, seats=["human", "bot:normal"], seed=3)
    wait_my_turn(page)
    table = _table(page)
    legal = {json.dumps(m["action"], sort_keys=True) for m in legal_moves(page)}
    # A hand card onto a building pile where the engine does not allow it.
    attempt = next(
        {"type": "play_hand", "card": card, "pile": pile}
        for card in table["view"]["hand"] for pile in range(4)
        if json.dumps({"card": card, "pile": pile, "type": "play_hand"}, sort_keys=True) not in legal
    )
    record_before = saved_record(page)
    log_before = _log_length(page)
    # What the engine itself says about that attempt in this exact position.
    loaded = _engine({"id": 1, "op": "load", "save": record_before["save"], "seat": 0})
    expected = _engine({"id": 2, "op": "check", "session": loaded["session"], "action": attempt, "seat": 0})
    assert expected["ok"] and not expected["legal"]

    click_key(page, f"hand:{attempt['card']}")
    click_key(page, f"build:{attempt['pile']}")
    status = page.locator("#status")
    page.wait_for_selector("#status[data-kind=error]", timeout=10_000)
    said = status.inner_text()  # the engine's reason, worded from the English catalogue
    assert _english_refusal(expected).fullmatch(said), (said, expected)
    # one source of words: the engine's English message is the same catalogue line, word for word
    assert said == expected["message"] and page.locator("#toast").inner_text() == said
    assert saved_record(page)["save"] == record_before["save"]
    assert _log_length(page) == log_before
    assert _table(page)["view"] == table["view"]
    guard.check()


def test_reload_resumes_the_same_position(page: Any, guard: Any) -> None:
    start_game(page, seats=["human", "bot:normal"], seed=5)
    wait_my_turn(page)
    _play_first_move(page)
    wait_my_turn(page)
    before = _table(page)
    saved_before = saved_record(page)["save"]
    log_before = page.locator("#log").inner_text()
    page.reload()
    wait_engine(page)
    wait_my_turn(page)
    after = _table(page)
    assert after["view"] == before["view"]
    assert "save" not in after and saved_record(page)["save"]["state"] == saved_before["state"]
    assert page.locator("#log").inner_text() == log_before
    assert page.locator("#seed").inner_text() == "Deal 5"
    guard.check()


def test_corrupt_save_is_discarded_with_a_message(page: Any, guard: Any, base_url: str) -> None:
    start_game(page, seats=["human", "bot:normal"], seed=9)
    wait_my_turn(page)
    record = saved_record(page)
    # 1) a save whose engine state was tampered with (in the worker's storage): the engine answers bad_state.
    record["save"]["state"]["data"]["hands"][0].append(99)
    write_save(page, json.dumps(record["save"]))
    page.reload()
    wait_engine(page)
    page.locator("#toast").filter(has_text="could not be restored").wait_for(timeout=ENGINE_TIMEOUT)
    assert page.locator(".game-list").is_visible()
    assert saved_record(page) is None and read_save(page) is None
    # 2) a page record that is not even JSON.
    page.evaluate("() => localStorage.setItem('pygame_rules.game.v2', '{not json')")
    page.reload()
    page.locator("#toast").filter(has_text="not valid JSON").wait_for(timeout=ENGINE_TIMEOUT)
    assert saved_record(page) is None
    assert page.locator(".game-list").is_visible()
    guard.check()


def test_undo_and_hint(page: Any, guard: Any) -> None:
    seed = _seed_where(lambda t: len(t["view"]["hand"]) >= 2 and any(a["type"] == "play_hand" for a in t["legal"]))
    start_game(page, seats=["human", "bot:normal"], seed=seed)
    wait_my_turn(page)
    page.click("#hint")
    page.locator("#status").filter(has_text="Hint:").wait_for(timeout=10_000)
    assert page.locator("#board .hinted").count() >= 1
    # Undo: a play from the hand that leaves cards in hand draws nothing, so the engine allows taking it back.
    table = _table(page)
    moves = [m for m in legal_moves(page) if m["action"]["type"] == "play_hand"]
    assert moves and len(table["view"]["hand"]) >= 2
    before = table["view"]
    assert page.locator("#undo").is_disabled()
    click_key(page, moves[0]["source"])
    click_key(page, moves[0]["target"])
    page.wait_for_function("() => window.__app.controller.table.undoable")
    assert page.locator("#undo").is_enabled()
    page.click("#undo")
    page.wait_for_function("() => !window.__app.controller.busy && window.__app.controller.table.undoable === false")
    assert _table(page)["view"] == before
    guard.check()


def test_hot_seat_hides_hands_between_turns(page: Any, guard: Any) -> None:
    start_game(page, seats=["human", "human"], seed=21)
    if page.locator("#pass-screen").count():  # seat 2 starts: hand the device over first
        page.click("#take-over")
    wait_my_turn(page)
    viewer = page.evaluate("() => window.__app.controller.viewer")
    discard = next(m for m in legal_moves(page) if m["action"]["type"] == "discard")
    click_key(page, discard["source"])
    click_key(page, discard["target"])
    page.wait_for_selector("#pass-screen")
    assert page.locator("#board .hand-card").count() == 0  # nothing of anyone's hand is in the page
    assert page.locator("#log li").count() == 0
    page.click("#take-over")
    wait_my_turn(page)
    assert page.evaluate("() => window.__app.controller.viewer") == 1 - viewer
    assert page.locator("#board .hand-card").count() == 5
    guard.check()


def test_bots_play_a_full_game_to_the_result_screen(page: Any, guard: Any) -> None:
    start_game(page, seats=["bot:normal", "bot:normal"], stock=3, seed=1, speed="instant")
    page.wait_for_selector("#result-dialog", timeout=240_000)
    text = page.locator("#result-dialog").inner_text()
    assert "win" in text.lower() and "Deal 1" in text
    table = _table(page)
    assert table["over"] and table["result"]["winners"]
    assert page.locator("#result-dialog .scores tbody tr").count() == 2
    times = page.evaluate("() => window.__app.controller.botTimes")
    assert len(times) >= 2
    guard.check()


def test_hard_bots_are_offered_and_say_when_they_think(page: Any, guard: Any) -> None:
    """Every game offers easy, normal and hard per bot seat; a bot move that takes longer than the table's
    thinking delay (set to 0 here, so every move counts as slow) shows "... is thinking" until the move lands."""
    for game in ("skipbo", "topspot", "etalage", "level8"):
        page.click(f".game-tile[data-game={game}] .new-game")
        page.select_option('select[data-seat="1"][data-role="kind"]', "bot")
        levels = page.eval_on_selector_all('select[data-seat="1"][data-role="level"] option',
                                           "os => os.map(o => o.value)")
        assert {"easy", "normal", "hard"} <= set(levels), (game, levels)
        page.keyboard.press("Escape")
        page.wait_for_selector("#start-game", state="hidden")
    page.evaluate("""() => {
        document.documentElement.dataset.thinkDelay = "0";
        window.__statuses = [];
        new MutationObserver(() => {
            const s = document.querySelector("#status");
            if (s && s.textContent) window.__statuses.push([s.dataset.kind, s.textContent]);
        }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    }""")
    start_game(page, seats=["bot:hard", "bot:hard"], stock=2, seed=3, speed="instant")
    page.wait_for_selector("#result-dialog", timeout=240_000)
    seen = page.evaluate("() => window.__statuses")
    thinking = [text for kind, text in seen if kind == "thinking"]
    assert thinking and all(text.endswith("is thinking…") for text in thinking)
    assert page.locator("#status").get_attribute("data-kind") != "thinking"
    assert not page.locator(".bot-thinking").count()
    guard.check()


def test_bots_play_a_match_with_scores_across_games(page: Any, guard: Any) -> None:
    start_game(page, seats=["bot:easy", "bot:normal"], stock=2, seed=2, speed="instant",
               extra={"#opt-match_target": True, "#opt-match_target-value": 60})
    page.wait_for_selector("#result-dialog", timeout=240_000)
    result = _table(page)["result"]
    assert len(result["games"]) >= 2  # a win is worth 25 + 5 per card left, so 60 takes two games or more
    assert result["scores"] == [sum(g["points"][i] for g in result["games"]) for i in range(2)]
    assert max(result["scores"]) >= 60
    assert f"Match of {len(result['games'])} games" in page.locator("#result-dialog").inner_text()
    cells = page.locator("#result-dialog .scores tbody td").all_inner_texts()
    assert [int(c) for c in cells] == result["scores"]
    guard.check()


def test_offline_after_first_visit(context: Any, base_url: str, guard: Any) -> None:
    page = context.new_page()
    page.goto(base_url)
    wait_engine(page)
    page.wait_for_selector("body[data-offline=ready]", timeout=60_000)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
    context.set_offline(True)
    try:
        page.reload()
        wait_engine(page)
        start_game(page, seats=["human", "bot:normal"], seed=13)
        wait_my_turn(page)
        _play_first_move(page)
        # A new tab, opened while offline, loads and plays too.
        second = context.new_page()
        second.goto(base_url)
        wait_engine(second)
        second.wait_for_selector(".resume-banner")  # the first tab's game is offered
        start_game(second, seats=["human", "bot:normal"], seed=14)
        wait_my_turn(second)
        move = next(m for m in legal_moves(second) if m["source"])
        click_key(second, move["source"])
        click_key(second, move["target"])
        second.wait_for_function("() => window.__app.controller.log.length > 0")
    finally:
        context.set_offline(False)
    guard.check()


def test_the_apps_files_come_from_the_cache_without_the_service_workers_script(context: Any, base_url: str,
                                                                             guard: Any) -> None:
    """sw.js's static routes (Chromium): the content-hashed app files are read from the version's cache by the
    browser itself, without the service worker's script (docs/web.md)."""
    page = context.new_page()
    page.goto(base_url)
    wait_engine(page)
    page.wait_for_selector("body[data-offline=ready]", timeout=60_000)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
    page.reload()
    wait_engine(page)
    # the page's own files (the worker's imports are its own requests and carry no source in this timeline)
    sources = page.evaluate("""() => Object.fromEntries(performance.getEntriesByType('resource')
      .filter(e => new URL(e.name).pathname.startsWith('/app/')).map(e => [e.name.split('/').pop(),
      e.workerMatchedSourceType]))""")
    for name in ("app.css", "main.js", "engine.js", "i18n.js", "table.js"):
        assert sources.get(name) == "cache", (name, sources)
    version = page.evaluate("""() => new Promise((ok) => {
      navigator.serviceWorker.onmessage = (e) => ok(e.data);
      navigator.serviceWorker.controller.postMessage("version");
    })""")
    assert version["routes"] == "added", version
    guard.check()


def test_an_updated_site_replaces_the_old_cache(browser: Any, site_dir: Any, tmp_path: Any) -> None:
    import re
    import shutil
    import time

    from tools import serve

    from .conftest import Guard

    copy = tmp_path / "site"
    shutil.copytree(site_dir, copy)
    server, url = serve.start(copy)
    guard = Guard(url)
    ctx = browser.new_context(service_workers="allow")
    guard.watch_context(ctx)
    try:
        page = ctx.new_page()
        page.goto(url)
        wait_engine(page)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
        # (the engine's start snapshot has its own cache, js/worker/pyodide-start.js, which updates do not touch)
        old = page.evaluate("async () => (await caches.keys()).filter((k) => k.startsWith('pygame-rules-'))")
        assert len(old) == 1

        # Publish an update: index.html changes, everything else stays; sw.js gets a new cache name and hash.
        (copy / "index.html").write_text((copy / "index.html").read_text().replace("<body>", '<body data-release="2">'))
        sw = (copy / "sw.js").read_text().replace(old[0], "pygame-rules-update2")
        sw = re.sub(r'("url": "\./", "hash": ")[0-9a-f]+', r"\g<1>update2", sw)
        (copy / "sw.js").write_text(sw)
        handler = server.RequestHandlerClass.func
        handler.served.clear()

        page.reload()
        wait_engine(page)
        # (wait_for_function cannot await: an async predicate returns a Promise, which is truthy at once)
        site_caches = "async () => (await caches.keys()).filter((k) => k.startsWith('pygame-rules-'))"
        deadline = time.monotonic() + 60
        while page.evaluate(site_caches) != ["pygame-rules-update2"]:
            assert time.monotonic() < deadline, page.evaluate(site_caches)
            page.wait_for_timeout(200)
        # Only the changed file was downloaded again; unchanged ones were reused from the old cache by hash.
        assert not any(p.endswith(".wasm") or p.endswith(".zip") for p in handler.served), handler.served
        ctx.set_offline(True)
        page.reload()
        wait_engine(page)
        assert page.evaluate("() => document.body.dataset.release") == "2"
        ctx.set_offline(False)
        guard.check()
    finally:
        ctx.close()
        server.shutdown()
