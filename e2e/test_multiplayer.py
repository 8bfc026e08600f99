"""A table with guests on other devices (issue 26, docs/multiplayer.md), in Chromium: one browser context per device
on loopback, connected through the visible invite and answer fields (no server; WebRTC needs no extra flag here),
and a Firefox guest (e2e/firefox_guest.mjs, firefox-esr through puppeteer-core) at a Chromium host.

Checks that a whole game is played to its end across the devices, that every message a guest received holds its own
seat's view and nothing more (each table's view equals the engine's `view` for that seat at that point, replayed in
CPython from the revealed deal), that forged guest messages are refused in the guest's language with the host's
state unchanged, and that the deal verifies on every guest while a changed action list is reported."""

from __future__ import annotations

import json
import os
import queue
import shutil
import subprocess
import threading
from pathlib import Path
from typing import Any

import pytest

from e2e.conftest import ARTIFACTS, AXE, ENGINE_TIMEOUT, ROOT, Guard, _missing, axe, wait_engine
from pygame_rules import api, new_game
from pygame_rules.words import CATALOGUE_DIR

CONTEXT = {"viewport": {"width": 1280, "height": 900}, "service_workers": "block"}

# A Skip-Bo move that ends the game quickly: stock plays first, then any building play, then a discard.
CHOOSE_JS = """(c) => {
  const rank = (a) => a.type === "play_stock" ? 0 : a.type.startsWith("play") ? 1 : a.type === "discard" ? 2 : 3;
  return c.table.legal.slice().sort((a, b) => rank(a) - rank(b))[0];
}"""
CONTROLLER = {"host": "window.__app.controller", "guest": "window.__net.guest.controller"}


def open_device(browser: Any, guard: Guard, url: str, lang: str = "en", audit: bool = False) -> Any:
    ctx = browser.new_context(**CONTEXT, bypass_csp=audit)  # axe-core is injected past the CSP only to audit
    guard.watch_context(ctx)
    page = ctx.new_page()
    page.add_init_script(f"if (!sessionStorage.getItem('e2e')) {{ localStorage.clear();"
                         f" localStorage.setItem('pygame_rules.lang', '{lang}');"
                         " sessionStorage.setItem('e2e', '1'); }")
    page.goto(url)
    wait_engine(page)
    return page


def host_table(host: Any, guests: int, stock: int = 5) -> None:
    """Open Skip-Bo's dialog with seat 1 for the host and the next `guests` seats as guests."""
    host.click(".game-tile[data-game=skipbo] .new-game")
    host.select_option("#players", str(guests + 1))
    for seat in range(1, guests + 1):
        host.select_option(f'select[data-seat="{seat}"][data-role="kind"]', "guest")
    host.fill("#opt-stock_size", str(stock))
    host.select_option("#speed-input", "instant")
    host.click("#start-game")
    host.wait_for_selector("#net-lobby")


def connect(host: Any, browser: Any, guard: Guard, seat: int, lang: str = "en", audit: bool = False) -> Any:
    """A guest device opens the invite link from seat `seat`'s field and answers; the host pastes and connects."""
    section = host.locator(f'.net-seat[data-seat="{seat}"]')
    link = section.get_by_label("Invite link").input_value()
    assert "#join=" in link and len(link.split("#join=")[1]) < 200
    guest = open_device(browser, guard, link, lang, audit)
    code = guest.locator("#net-answer-code")
    code.wait_for(timeout=ENGINE_TIMEOUT)
    answer = code.input_value()
    assert 60 < len(answer) < 200
    section.get_by_label("Answer code").fill(answer)
    section.get_by_role("button", name="Connect").click()
    host.wait_for_selector(f'.net-seat[data-seat="{seat}"][data-joined="true"]', timeout=30_000)
    return guest


def play_to_the_end(devices: list[tuple[str, Any]], limit: int = 600) -> int:
    """Whoever is to move plays (stock first); returns the number of moves made. Ends when every table is over."""
    moves = 0
    while moves < limit:
        over = 0
        for role, page in devices:
            state = page.evaluate(f"() => {{ const c = {CONTROLLER[role]}; if (!c || !c.table) return 'wait';"
                                  " if (c.table.over) return 'over';"
                                  " return c.myTurn && !c.busy && !c._running ? 'move' : 'wait'; }")
            if state == "over":
                over += 1
            elif state == "move":
                page.evaluate(f"async () => {{ const c = {CONTROLLER[role]}; await c.play(({CHOOSE_JS})(c)); }}")
                moves += 1
        if over == len(devices):
            return moves
        devices[0][1].wait_for_timeout(20)
    raise AssertionError(f"no end after {limit} moves")


def guest_tables(page: Any) -> list[dict[str, Any]]:
    texts = page.evaluate("() => window.__net.guest.messages")
    out = []
    for text in texts:
        msg = json.loads(text)
        if msg.get("table"):
            out.append(msg["table"])
    return out


def assert_only_own_view(page: Any, seat: int, players: int, options: dict[str, Any]) -> None:
    """Every table the guest was sent is that seat's `view` at that point of the game (replayed in CPython from the
    revealed deal), and no log line keeps a part private to anyone."""
    seed = page.evaluate("() => window.__net.guest.verdict.seed")
    actions = page.evaluate("() => window.__net.guest.reveal.actions")
    state = new_game("skipbo", players=players, seed=seed, options=options)
    session = api.Session(state, seed)
    views: dict[int, list[str]] = {0: [json.dumps(state.view(seat), sort_keys=True)]}
    for action in actions:
        session.apply(action, state.current_player)
        views.setdefault(len(session.log), []).append(json.dumps(state.view(seat), sort_keys=True))
    # the seed is the whole deal: no message carries it (the guest learns it only by the check, from the secret)
    assert not [text for text in page.evaluate("() => window.__net.guest.messages") if seed in text]
    tables = guest_tables(page)
    assert len(tables) > 5
    for table in tables:
        assert table["seat"] == seat
        assert json.dumps(table["view"], sort_keys=True) in views[table["log_length"]]
        for event in table["log"]:
            assert "private" not in event
        other = [s for s in table["view"]["seats"] if s["seat"] != seat]
        assert all("hand" not in s and "stock" not in s for s in other)


def test_a_skipbo_game_with_two_guests_is_played_to_the_end_and_verified(browser: Any, guard: Guard,
                                                                        base_url: str) -> None:
    host = open_device(browser, guard, base_url)
    host_table(host, guests=2)
    guests = [connect(host, browser, guard, 1), connect(host, browser, guard, 2, lang="de")]
    commit = host.locator("#net-commit").inner_text()
    host.click("#net-deal")
    for guest in guests:
        guest.wait_for_selector("#board .sb", timeout=30_000)
        assert commit.startswith(guest.evaluate("() => window.__net.guest.welcome.commit"))
    host.wait_for_selector("#board .sb")
    moves = play_to_the_end([("host", host), ("guest", guests[0]), ("guest", guests[1])])
    assert moves > 3
    for guest, words in zip(guests, ["Deal and moves verified.", "Geben und Züge geprüft."], strict=True):
        guest.wait_for_function("() => window.__net.guest.verdict", timeout=30_000)
        assert guest.locator("#net-verify").inner_text() == words
    for seat, guest in enumerate(guests, start=1):
        assert_only_own_view(guest, seat, 3, {"stock_size": 5})
    # a changed action list (the host's first move left out) is reported, with where it broke
    guest = guests[0]
    actions = guest.evaluate("() => window.__net.guest.reveal.actions")
    guest.evaluate("(a) => window.__net.recheck(a)", actions[1:])
    assert not guest.evaluate("() => window.__net.guest.verdict.ok")
    assert guest.locator("#net-verify").inner_text().startswith("Not verified")
    assert guest.locator('#net-verify[data-ok="false"]').count() == 1
    guard.check()


HOST_STATE_JS = """async () => { const r = window.__net.relay;
  const a = await window.__app.engine.request("table", { session: r.session, seat: 0 });
  return JSON.stringify([a.table.view, a.table.log_length, a.table.current_player]); }"""


def test_forged_guest_messages_are_refused_and_change_nothing(browser: Any, guard: Guard, base_url: str) -> None:
    host = open_device(browser, guard, base_url)
    host_table(host, guests=1)
    guest = connect(host, browser, guard, 1, lang="nl")
    host.click("#net-deal")
    guest.wait_for_selector("#board .sb", timeout=30_000)
    host.wait_for_selector("#board .sb")
    before = host.evaluate(HOST_STATE_JS)
    send = "(m) => window.__net.guest.channel.send(m)"
    refusals = "() => window.__net.relay.refusals.length"
    forged: list[tuple[str, Any, set[str]]] = [
        # the host's own seat named in the message: the seat comes from the connection, so this is refused
        ("send", {"t": "req", "id": 901, "op": "act", "seat": 0, "action": {"type": "end_turn"}}, {"bad_message"}),
        ("send", {"t": "req", "id": 902, "op": "act", "session": "s1", "action": {"type": "end_turn"}},
         {"bad_message"}),
        ("send", {"t": "req", "id": 903, "op": "undo"}, {"bad_message"}),
        ("send", {"t": "req", "id": 904, "op": "act", "action": "end_turn"}, {"bad_message"}),
        ("send", {"t": "req", "id": 905, "op": "act", "action": {"type": "fly", "to": "moon"}}, {"malformed_action"}),
        # well formed: the engine judges it for this guest's seat (not its turn, or not legal now)
        ("send", {"t": "req", "id": 906, "op": "act", "action": {"type": "end_turn"}},
         {"not_your_turn", "illegal_action"}),
        ("send", {"t": "hello"}, {"bad_message"}),
        ("send", {"t": "talk", "key": "you will lose"}, {"bad_message"}),  # table talk is presets only
        ("text", "{not json", {"bad_message"}),
        ("text", json.dumps({"t": "talk", "key": ["x" * 10] * 100_000}), {"too_big"}),  # about 1.4 MB of JSON
    ]
    for i, (how, message, code) in enumerate(forged):
        if how == "send":
            guest.evaluate(send, message)
        else:
            guest.evaluate("(t) => window.__net.guest.channel.sendText(t)", message)
        host.wait_for_function(f"() => window.__net.relay.refusals.length > {i}", timeout=30_000)
        assert host.evaluate("() => window.__net.relay.refusals.at(-1).code") in code, message
        assert host.evaluate("() => window.__net.relay.refusals.at(-1).seat") == 1
    assert host.evaluate(refusals) == len(forged)
    assert host.evaluate(HOST_STATE_JS) == before
    # the guest words the refusal of a message in its own language (Dutch here)
    guest.wait_for_function("() => window.__net.guest.lastRefusal && window.__net.guest.lastRefusal.code === 'too_big'")
    nl = json.loads((CATALOGUE_DIR / "nl.json").read_text(encoding="utf-8"))
    assert guest.evaluate("() => window.__net.guest.lastRefusal.words") == nl["net.refused.too_big"]
    # table talk: a preset reaction travels as a key and each device words it in its reader's language
    guest.locator('#net-bar .net-talk[data-key="nice_move"]').click()
    host.wait_for_selector('#net-said[data-key="nice_move"]')
    guest.wait_for_selector('#net-said[data-key="nice_move"]')
    assert host.locator("#net-said").inner_text().endswith("Nice move!")
    assert guest.locator("#net-said").inner_text().endswith(nl["talk.nice_move"])
    host.locator('#net-bar .net-talk[data-key="good_game"]').click()
    guest.wait_for_selector('#net-said[data-key="good_game"]')
    assert guest.locator("#net-said").inner_text() == nl["talk.said"].format(
        name=nl["table.player_name"].format(n=1), words=nl["talk.good_game"])
    # and the guest still plays on: its own legal move goes through once it is its turn
    play_until_guest_moved(host, guest, hint=True)
    guard.check()


def play_until_guest_moved(host: Any, guest: Any, hint: bool = False) -> None:
    """The host plays until the guest is to move; the guest (after asking the host for a hint) plays one move."""
    for _ in range(60):
        if guest.evaluate(f"() => {CONTROLLER['guest']}.myTurn"):
            if hint:  # the host's engine suggests a move for the guest's own seat, worded on the guest's device
                guest.click("#hint")
                guest.wait_for_selector('#status[data-kind="hint"]', timeout=30_000)
            before = guest.evaluate(f"() => {CONTROLLER['guest']}.table.log_length")
            guest.evaluate(f"async () => {{ const c = {CONTROLLER['guest']}; await c.play(({CHOOSE_JS})(c)); }}")
            assert guest.evaluate(f"() => {CONTROLLER['guest']}.table.log_length") > before, \
                guest.locator("#status").inner_text()  # a refusal says why there
            return
        if host.evaluate(f"() => {{ const c = {CONTROLLER['host']}; return c.myTurn && !c.busy && !c._running; }}"):
            host.evaluate(f"async () => {{ const c = {CONTROLLER['host']}; await c.play(({CHOOSE_JS})(c)); }}")
        host.wait_for_timeout(30)
    raise AssertionError("the guest never got a turn")


def host_moves_until(host: Any, done: str, limit: int = 80) -> None:
    """The host plays its own moves until `done` (a JS expression on the host page) holds."""
    for _ in range(limit):
        if host.evaluate(f"() => !!({done})"):
            return
        if host.evaluate(f"() => {{ const c = {CONTROLLER['host']}; return c.myTurn && !c.busy && !c._running; }}"):
            host.evaluate(f"async () => {{ const c = {CONTROLLER['host']}; await c.play(({CHOOSE_JS})(c)); }}")
        host.wait_for_timeout(50)
    raise AssertionError(f"never: {done}")


def come_back(host: Any, guest: Any, seat: int, *, open_link: bool) -> None:
    """The host's panel for an away guest gives a new invite; the guest opens it (or pastes it), answers."""
    panel = host.locator(f'#net-bar .net-seat[data-seat="{seat}"][data-away="true"]')
    panel.wait_for(timeout=ENGINE_TIMEOUT)
    link = panel.get_by_label("Invite link").input_value()
    # the table drawn before the drop stays on screen (its moves refused as "disconnected") until the host's new
    # table arrives: mark it, so that the wait below is for the new table, not the old one
    guest.evaluate("() => { window.__tableBeforeDrop = window.__net?.guest?.controller ?? null; }")
    if open_link:
        guest.goto(link)
    else:
        guest.locator(".net-rejoin").get_by_label("Invite link").fill(link)
        guest.locator(".net-rejoin").get_by_role("button", name="Join").click()
    code = guest.locator("#net-answer-code")
    code.wait_for(timeout=ENGINE_TIMEOUT)
    panel.get_by_label("Answer code").fill(code.input_value())
    panel.get_by_role("button", name="Connect").click()
    host.wait_for_selector(f'#net-bar .net-seat[data-seat="{seat}"]', state="detached", timeout=30_000)
    guest.wait_for_function(f"() => {{ const c = {CONTROLLER['guest']}; return c && c.alive && c.table"
                            " && c !== window.__tableBeforeDrop; }", timeout=30_000)


def test_a_dropped_guest_is_played_by_a_bot_comes_back_and_the_host_reload_resumes(browser: Any, guard: Guard,
                                                                                   base_url: str) -> None:
    host = open_device(browser, guard, base_url)
    host_table(host, guests=1, stock=12)
    guest = connect(host, browser, guard, 1)
    host.click("#net-deal")
    guest.wait_for_selector("#board .sb", timeout=30_000)
    play_until_guest_moved(host, guest)
    # the guest closes its page mid-game: the host lets a bot play the seat meanwhile
    context = guest.context
    guest.close()
    host.locator('#net-bar .net-seat[data-seat="1"]').get_by_role("button", name="A bot plays for them").click()
    seen = host.evaluate(f"() => {CONTROLLER['host']}.log.filter(e => e.player === 1).length")
    host_moves_until(host, f"{CONTROLLER['host']}.log.filter(e => e.player === 1).length > {seen}")
    # another device that opens the seat's invite does not get the seat (it lacks the seat's token)...
    panel = host.locator('#net-bar .net-seat[data-seat="1"][data-away="true"]')
    spent = panel.get_by_label("Invite link").input_value()
    stranger = open_device(browser, guard, spent)
    code = stranger.locator("#net-answer-code")
    code.wait_for(timeout=ENGINE_TIMEOUT)
    panel.get_by_label("Answer code").fill(code.input_value())
    panel.get_by_role("button", name="Connect").click()
    stranger.wait_for_selector("#net-join-state:has-text('was not at it')", timeout=30_000)
    fresh = ("() => { const f = document.querySelector('#net-bar .net-seat[data-seat=\"1\"][data-away=\"true\"]"
             f" textarea'); return f && f.value !== {json.dumps(spent)}; }}")
    host.wait_for_function(fresh, timeout=30_000)  # ...and the host gets a fresh invite for the real guest
    assert host.evaluate(f"() => {CONTROLLER['host']}.setup.seats[1].kind") == "guest"
    stranger.context.close()
    # it comes back on a new page of the same device, through a new invite, and plays on
    guest = context.new_page()
    come_back(host, guest, 1, open_link=True)
    play_until_guest_moved(host, guest)
    # the host reloads: the game resumes from its save and the guest gets its seat back by pasting a new invite
    host.reload()
    wait_engine(host)
    host.wait_for_selector("#board .sb", timeout=ENGINE_TIMEOUT)
    guest.locator(".net-rejoin").wait_for(timeout=30_000)
    come_back(host, guest, 1, open_link=False)
    play_until_guest_moved(host, guest)
    play_to_the_end([("host", host), ("guest", guest)], limit=1500)
    guest.wait_for_function("() => window.__net.guest.verdict", timeout=30_000)
    assert guest.locator("#net-verify").inner_text() == "Deal and moves verified."
    guard.check()


@pytest.mark.parametrize(("game", "board", "players"), [
    ("topspot", "#board", 3), ("level8", "#board", 2), ("etalage", "#board", 3)])
def test_a_few_rounds_of_each_other_game_with_a_guest_and_a_bot(browser: Any, guard: Guard, base_url: str, game: str,
                                                              board: str, players: int) -> None:
    host = open_device(browser, guard, base_url)
    host.click(f".game-tile[data-game={game}] .new-game")
    host.select_option("#players", str(players))
    host.select_option('select[data-seat="1"][data-role="kind"]', "guest")
    for seat in range(2, players):
        host.select_option(f'select[data-seat="{seat}"][data-role="kind"]', "bot")
    host.select_option("#speed-input", "instant")
    host.click("#start-game")
    host.wait_for_selector("#net-lobby")
    guest = connect(host, browser, guard, 1, lang="fr")
    host.click("#net-deal")
    guest.wait_for_function(f"() => {{ const c = {CONTROLLER['guest']}; return c && c.table; }}", timeout=30_000)
    guest_moves = 0
    for _ in range(400):
        if guest_moves >= 4:
            break
        for role, page in (("host", host), ("guest", guest)):
            ready = page.evaluate(f"() => {{ const c = {CONTROLLER[role]}; return !!c && !!c.table && !c.table.over"
                                  " && c.myTurn && !c.busy && !c._running; }")
            if ready:
                page.evaluate(f"async () => {{ const c = {CONTROLLER[role]}; await c.play(c.table.legal[0]); }}")
                guest_moves += role == "guest"
        host.wait_for_timeout(30)
    assert guest_moves >= 4
    tables = guest_tables(guest)
    assert tables and all(t["seat"] == 1 and t["view"]["seat"] == 1 for t in tables)
    assert all("private" not in e for t in tables for e in t["log"])
    # the guest's log equals the host's log as seat 1 may see it (the host's worker answers for any seat)
    for _ in range(100):  # the bots may still be moving: compare once both sides are still
        host.wait_for_function(f"() => {{ const c = {CONTROLLER['host']}; return !c.busy && !c._running; }}")
        theirs = host.evaluate("""async () => { const r = window.__net.relay;
          const a = await window.__app.engine.request("table", { session: r.session, seat: 1, since: 0 });
          return a.table.log; }""")
        mine = guest.evaluate("() => window.__net.guest.received")
        if len(mine) == len(theirs):
            break
        host.wait_for_timeout(100)
    assert json.dumps(mine, sort_keys=True) == json.dumps(theirs, sort_keys=True)
    guard.check()


def test_axe_core_finds_nothing_serious_in_the_lobby_the_join_screen_and_the_shared_tables(
        browser: Any, guard: Guard, base_url: str) -> None:
    if not AXE.exists():
        pytest.skip("node_modules/axe-core is missing: run `npm ci`")
    host = open_device(browser, guard, base_url, audit=True)
    host_table(host, guests=1)
    problems = axe(host, "lobby")
    guest = connect(host, browser, guard, 1, lang="fr", audit=True)
    problems += axe(guest, "join screen with its answer")
    problems += axe(host, "lobby with a guest joined")
    host.click("#net-deal")
    guest.wait_for_selector("#board .sb", timeout=30_000)
    host.wait_for_selector("#board .sb")
    problems += axe(host, "host table") + axe(guest, "guest table")
    guest.close()
    host.locator('#net-bar .net-seat[data-seat="1"][data-away="true"]').wait_for(timeout=30_000)
    problems += axe(host, "host table with a guest away")
    assert not problems, "\n".join(problems)


FIREFOX = os.environ.get("FIREFOX", "/usr/bin/firefox-esr")


def test_a_firefox_guest_joins_a_chromium_host_and_checks_the_deal(browser: Any, guard: Guard, base_url: str) -> None:
    if shutil.which(FIREFOX) is None and not Path(FIREFOX).exists():
        _missing(f"Firefox ESR at {FIREFOX}")
    if not (ROOT / "node_modules" / "puppeteer-core" / "package.json").exists():
        _missing("node_modules/puppeteer-core")
    host = open_device(browser, guard, base_url)
    host_table(host, guests=1, stock=3)
    section = host.locator('.net-seat[data-seat="1"]')
    link = section.get_by_label("Invite link").input_value()
    lines: queue.Queue[dict[str, Any]] = queue.Queue()
    ARTIFACTS.mkdir(exist_ok=True)
    log = (ARTIFACTS / "firefox-guest.stderr").open("w")  # not a pipe: a chatty stderr cannot block the guest
    guest = subprocess.Popen(["node", str(ROOT / "e2e" / "firefox_guest.mjs"), link, FIREFOX], cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=log, text=True)
    threading.Thread(target=lambda: [lines.put(json.loads(x)) for x in guest.stdout or [] if x.startswith("{")],
                     daemon=True).start()
    try:
        first = lines.get(timeout=180)
        assert "answer" in first, first
        section.get_by_label("Answer code").fill(first["answer"])
        section.get_by_role("button", name="Connect").click()
        host.wait_for_selector('.net-seat[data-seat="1"][data-joined="true"]', timeout=60_000)
        host.click("#net-deal")
        assert lines.get(timeout=120) == {"table": True}
        last: dict[str, Any] | None = None
        for _ in range(3000):  # the host plays its seat until Firefox reports the end and its check
            try:
                last = lines.get_nowait()
                break
            except queue.Empty:
                pass
            if host.evaluate(f"() => {{ const c = {CONTROLLER['host']}; return !!c && !!c.table && !c.table.over"
                             " && c.myTurn && !c.busy && !c._running; }"):
                host.evaluate(f"async () => {{ const c = {CONTROLLER['host']}; await c.play(({CHOOSE_JS})(c)); }}")
            host.wait_for_timeout(50)
        if last is None:
            last = lines.get(timeout=180)
        assert last.get("verdict", {}).get("ok") is True, last
        assert last["words"] == "Deal and moves verified."
        assert not last["errors"], last["errors"]
        assert guest.wait(timeout=60) == 0
    finally:
        if guest.poll() is None:
            guest.kill()
        log.close()
    guard.check()


CODES_JS = """async () => {
  const main = document.querySelector('script[type=module]').src;
  const m = await import(new URL("../net/peer.js", main).href);
  const sdp = ["v=0", "a=ice-ufrag:Ab+/", "a=ice-pwd:0123456789abcdefghijklmn",
    "a=fingerprint:sha-256 " + Array.from({length: 32}, (_, i) => (i + 16).toString(16).toUpperCase()).join(":"),
    "a=setup:actpass",
    "a=candidate:1 1 udp 2122260223 192.168.1.20 50000 typ host generation 0",
    "a=candidate:2 1 UDP 2122262783 fe80::1:2ff:fe03:405 50001 typ host generation 0",
    "a=candidate:3 1 udp 2122194687 0b2c3d4e-5f60-4172-8394-a5b6c7d8e9f0.local 50002 typ host",
    "a=candidate:4 1 udp 1686052607 203.0.113.7 40000 typ srflx raddr 0.0.0.0 rport 0",
    "a=candidate:5 1 tcp 1518280447 192.168.1.20 9 typ host tcptype active",
    "a=candidate:6 2 udp 2122260222 192.168.1.20 50003 typ host"].join("\\r\\n");
  const min = m.minimise(sdp, "offer");
  const code = m.encode(min);
  const back = m.decode(m.codeFrom("https://x.example/#join=" + code));
  const again = m.minimise(m.expand(back), "offer");
  const bad = [];
  for (const text of ["", "AAAA", code.slice(0, -3), code + "A", "%%%", m.encode({...min, kind: "answer"}) + "x"]) {
    try { m.decode(text); bad.push("accepted " + text); } catch (err) { bad.push(err.message); }
  }
  const plain = (x) => JSON.stringify({...x, fingerprint: [...x.fingerprint], candidates: null});
  return { length: code.length, min: plain(min), again: plain(again), candidates: again.candidates, bad };
}"""


def test_connection_codes_keep_what_a_data_channel_needs_and_refuse_anything_else(browser: Any, guard: Guard,
                                                                                 base_url: str) -> None:
    page = open_device(browser, guard, base_url)
    out = page.evaluate(CODES_JS)
    assert out["again"] == out["min"]  # decode(encode(x)) rebuilt into an SDP keeps credentials and fingerprint
    assert [c["address"] for c in out["candidates"]] == [
        "192.168.1.20", "fe80:0:0:0:1:2ff:fe03:405", "0b2c3d4e-5f60-4172-8394-a5b6c7d8e9f0.local", "203.0.113.7"]
    assert [c["type"] for c in out["candidates"]] == ["host", "host", "host", "srflx"]  # TCP and RTCP left out
    assert out["length"] < 200
    assert out["bad"] == ["not a connection code"] * 6
    guard.check()
