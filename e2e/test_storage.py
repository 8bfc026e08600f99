"""Storage limits (docs/web.md, "Storage limits"): a small per-origin quota never costs the player the game.

Chromium's DevTools protocol sets the origin's quota (`Storage.overrideQuotaForOrigin`, through Playwright's CDP
session). Under 1 MB the service worker's precache (about 20 MB) and the start-up snapshot (about 17 MB) cannot fit:
the game's save must still be kept, no partial cache may be left behind, and the snapshot, which cannot be stored,
is not made again on every visit; the player is told once, in their language.
"""

from __future__ import annotations

import time
from typing import Any

from e2e.conftest import ENGINE_TIMEOUT, Guard, start_game, wait_engine, wait_my_turn

SITE_CACHES = """async () => {
  const out = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith('pygame-rules-')) continue;
    const cache = await caches.open(name);
    out.push({name, complete: !!(await cache.match(new URL('./__precache.json', location.href).href)),
              entries: (await cache.keys()).length});
  }
  return out;
}"""

# The service worker's install has ended one way or the other: installed (active) or given up (no registration,
# or one that is neither installing nor waiting).
SW_SETTLED = """async () => {
  const reg = await navigator.serviceWorker.getRegistration();
  return !reg || (!reg.installing && !reg.waiting);
}"""


def limit_quota(context: Any, page: Any, base_url: str, size: int) -> Any:
    """Give the site's origin ``size`` bytes of storage (the CDP session must stay open while it applies)."""
    cdp = context.new_cdp_session(page)
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": base_url.rstrip("/"), "quotaSize": size})
    return cdp


def wait_until(page: Any, script: str, seconds: float = 90) -> None:
    """Poll an async page predicate (wait_for_function cannot await a Promise)."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(script):
        assert time.monotonic() < deadline, script
        page.wait_for_timeout(250)


def play_one(page: Any) -> int:
    """Play the first legal move through the engine, wait for the human's turn again; the log's new length."""
    wait_my_turn(page)
    before = page.evaluate("() => window.__app.controller.log.length")
    page.evaluate("() => { const c = window.__app.controller; return c.play(c.moves[0].action); }")
    page.wait_for_function("(n) => window.__app.controller.log.length > n", arg=before, timeout=ENGINE_TIMEOUT)
    wait_my_turn(page)
    return int(page.evaluate("() => window.__app.controller.log.length"))


def test_a_small_quota_keeps_the_game_and_leaves_no_partial_cache(context: Any, guard: Guard, base_url: str) -> None:
    page = context.new_page()
    cdp = limit_quota(context, page, base_url, 1_000_000)
    page.goto(base_url)
    wait_engine(page)
    start_game(page, seats=["human", "bot:normal"], seed=13)
    play_one(page)
    # Let the service worker's precache and the snapshot both try (and fail) to store what does not fit.
    page.wait_for_function("() => window.__app.engine.snapshot !== undefined", timeout=ENGINE_TIMEOUT)
    wait_until(page, SW_SETTLED)
    report = page.evaluate("() => window.__app.engine.snapshot")
    assert report["stored"] is False and report.get("quota") is True, report
    # Said once, in the reader's words (the catalogue's English here).
    notice = page.locator("#toast")
    notice.wait_for(timeout=10_000)
    assert "storage" in notice.inner_text().lower()
    assert [c for c in page.evaluate(SITE_CACHES) if not c["complete"]] == []
    moves = play_one(page)

    page.reload()
    wait_engine(page)
    wait_my_turn(page)
    assert page.evaluate("() => window.__app.controller.log.length") == moves  # the last move survived
    # The snapshot that could not be stored is not made again, and the player is not told again.
    page.wait_for_function("() => window.__app.engine.snapshot !== undefined", timeout=ENGINE_TIMEOUT)
    again = page.evaluate("() => window.__app.engine.snapshot")
    assert again["stored"] is False and again.get("skipped") is True, again
    assert page.evaluate("() => window.__app.engine.start.path") == "normal"
    wait_until(page, SW_SETTLED)
    assert [c for c in page.evaluate(SITE_CACHES) if not c["complete"]] == []
    assert not page.locator("#toast").is_visible() or "storage" not in page.locator("#toast").inner_text().lower()
    cdp.detach()
    guard.check()


def test_a_quota_that_holds_one_copy_keeps_one_and_retries_neither(context: Any, guard: Guard, base_url: str) -> None:
    """24 MB holds the site's copy (21.5 MB) or the snapshot (17 MB), not both: whichever is stored first stays,
    the other is refused once and not made or downloaded again, and the game survives a reload."""
    page = context.new_page()
    cdp = limit_quota(context, page, base_url, 24_000_000)
    page.goto(base_url)
    wait_engine(page)
    start_game(page, seats=["human", "bot:normal"], seed=13)
    page.wait_for_function("() => window.__app.engine.snapshot !== undefined", timeout=ENGINE_TIMEOUT)
    wait_until(page, SW_SETTLED)
    report = page.evaluate("() => window.__app.engine.snapshot")
    site = page.evaluate(SITE_CACHES)
    assert [c for c in site if not c["complete"]] == []
    assert not (report["stored"] and site), (report, site)  # both cannot fit
    if not report["stored"]:
        assert report.get("quota") is True, report
    moves = play_one(page)

    page.reload()
    wait_engine(page)
    wait_my_turn(page)
    assert page.evaluate("() => window.__app.controller.log.length") == moves
    started = page.evaluate("() => window.__app.engine.start")
    if report["stored"]:
        assert started["path"] == "snapshot", started
    else:
        assert started["path"] == "normal", started
        page.wait_for_function("() => window.__app.engine.snapshot !== undefined", timeout=ENGINE_TIMEOUT)
        assert page.evaluate("() => window.__app.engine.snapshot.skipped") is True
    wait_until(page, SW_SETTLED)
    assert [c for c in page.evaluate(SITE_CACHES) if not c["complete"]] == []
    cdp.detach()
    guard.check()
