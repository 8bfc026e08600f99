"""Measure a table with guests (docs/multiplayer.md) in headless Chromium: prints figures, asserts nothing.

For 2 and 4 devices (the host and 1 or 3 guests, one browser context each, loopback), a Skip-Bo game with a small
stock is played to its end, every seat choosing as the e2e tests do (stock plays first). Printed per table size:

- set-up: from the host's invites shown to every guest's first table (the codes are carried by the script at once,
  so this is the machines' part of the set-up: offer/answer, ICE, DTLS, join, deal and the first tables);
- the size of the invite and answer codes;
- bytes per move to a guest: the characters a guest received during the game over the number of moves in the game;
- per-move latency of a guest: from its move (`play`, as a click calls it) to its updated table, median and p95.

Run after building: ``python tools/measure_multiplayer.py [--site site] [--stock 5] [--seed-runs 1]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import serve  # noqa: E402

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TIMEOUT = 180_000
CHOOSE = """(c) => {
  const rank = (a) => a.type === "play_stock" ? 0 : a.type.startsWith("play") ? 1 : a.type === "discard" ? 2 : 3;
  return c.table.legal.slice().sort((a, b) => rank(a) - rank(b))[0]; }"""
PLAY = """async ([who, choose]) => { const c = who === "host" ? window.__app.controller : window.__net.guest.controller;
  const t0 = performance.now(); await c.play((eval(choose))(c)); return performance.now() - t0; }"""
STATE = """(who) => { const c = who === "host" ? window.__app.controller : window.__net.guest?.controller;
  if (!c || !c.table) return "wait"; if (c.table.over) return "over";
  return c.myTurn && !c.busy && !c._running ? "move" : "wait"; }"""


def device(browser: Any, url: str) -> Any:
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-engine=ready]", timeout=TIMEOUT)
    return page


def one_table(browser: Any, url: str, devices: int, stock: int) -> dict[str, Any]:
    host = device(browser, url)
    guests_n = devices - 1
    host.click(".game-tile[data-game=skipbo] .new-game")
    host.select_option("#players", str(devices))
    for seat in range(1, devices):
        host.select_option(f'select[data-seat="{seat}"][data-role="kind"]', "guest")
    host.fill("#opt-stock_size", str(stock))
    host.select_option("#speed-input", "instant")
    host.click("#start-game")
    guests = [device(browser, url) for _ in range(guests_n)]  # devices already open, as people at a table
    for seat in range(1, devices):
        host.wait_for_selector(f'.net-seat[data-seat="{seat}"] textarea', timeout=TIMEOUT)
    started = time.perf_counter()
    codes: list[tuple[int, int]] = []
    for seat, guest in enumerate(guests, start=1):
        section = host.locator(f'.net-seat[data-seat="{seat}"]')
        link = section.get_by_label("Invite link").input_value()
        guest.goto(link)
        code = guest.locator("#net-answer-code")
        code.wait_for(timeout=TIMEOUT)
        answer = code.input_value()
        codes.append((len(link.split("#join=")[1]), len(answer)))
        section.get_by_label("Answer code").fill(answer)
        section.get_by_role("button", name="Connect").click()
        host.wait_for_selector(f'.net-seat[data-seat="{seat}"][data-joined="true"]', timeout=TIMEOUT)
    host.click("#net-deal")
    for guest in guests:
        guest.wait_for_selector("#board .sb", timeout=TIMEOUT)
    setup_s = time.perf_counter() - started
    pages = [("host", host)] + [("guest", g) for g in guests]
    latencies: list[float] = []
    while True:
        over = 0
        for who, page in pages:
            state = page.evaluate(STATE, who)
            if state == "over":
                over += 1
            elif state == "move":
                ms = page.evaluate(PLAY, [who, CHOOSE])
                if who == "guest":
                    latencies.append(ms)
        if over == len(pages):
            break
        host.wait_for_timeout(10)
    guests[0].wait_for_function("() => window.__net.guest.reveal", timeout=TIMEOUT)
    moves = guests[0].evaluate("() => window.__net.guest.reveal.actions.length")  # every action of the game
    received = [g.evaluate("() => window.__net.guest.bytes") for g in guests]
    for _, page in pages:
        page.context.close()
    latencies.sort()
    return {"devices": devices, "setup_s": setup_s, "codes": codes, "moves": moves,
            "bytes_per_move": statistics.mean(received) / max(moves, 1),
            "latency_median_ms": statistics.median(latencies),
            "latency_p95_ms": latencies[min(len(latencies) - 1, int(0.95 * len(latencies)))],
            "guest_moves": len(latencies)}


def main() -> None:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", default=str(ROOT / "site"))
    parser.add_argument("--stock", type=int, default=5)
    parser.add_argument("--devices", default="2,4")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server, url = serve.start(Path(args.site))
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            for n in (int(x) for x in args.devices.split(",")):
                r = one_table(browser, url, n, args.stock)
                print(f"{n} devices: set-up {r['setup_s']:.2f} s (invite/answer code {r['codes'][0][0]}/"
                      f"{r['codes'][0][1]} characters); {r['moves']} moves; "
                      f"{r['bytes_per_move']:.0f} characters per move to a guest; guest move to updated table "
                      f"median {r['latency_median_ms']:.1f} ms, p95 {r['latency_p95_ms']:.1f} ms "
                      f"over {r['guest_moves']} guest moves")
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
