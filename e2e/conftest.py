"""Fixtures for the browser tests: build the site once, serve it on 127.0.0.1, drive the system Chromium.

The tests skip with a clear message when /usr/bin/chromium or node_modules/pyodide is missing on a developer
machine, but fail in CI (``CI`` set), where .ci/run installs both.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "artifacts"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ENGINE_TIMEOUT = 90_000  # ms; a cold Pyodide start takes 3-10 s on a busy 2-core machine

sys.path.insert(0, str(ROOT))


def _missing(what: str) -> None:
    message = f"browser tests need {what}"
    if os.environ.get("CI"):
        pytest.fail(f"{message} (CI must install it: see .ci/run)", pytrace=False)
    pytest.skip(f"{message}; run `make e2e` after installing it (apt-get install chromium, npm ci)")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test in e2e/ carries the e2e marker (``-m 'not e2e'`` deselects them)."""
    for item in items:
        if "/e2e/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """Build site/ once per session (tools/build_site.py), unless E2E_SITE points at a built one."""
    if shutil.which(CHROMIUM) is None and not Path(CHROMIUM).exists():
        _missing(f"Chromium at {CHROMIUM}")
    given = os.environ.get("E2E_SITE")
    if given:
        return Path(given).resolve()
    if not (ROOT / "node_modules" / "pyodide" / "package.json").exists():
        _missing("node_modules/pyodide")
    from tools import build_site

    build_site.build(ROOT / "site")
    return ROOT / "site"


@pytest.fixture(scope="session")
def base_url(site_dir: Path) -> Iterator[str]:
    """The built site served with netlify.toml's headers on a free 127.0.0.1 port."""
    from tools import serve

    server, url = serve.start(site_dir)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def browser(site_dir: Path) -> Iterator[Any]:
    """One Chromium for the whole session (never `playwright install`: the system browser is used)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


class Guard:
    """Records every request and console error of a test, to assert same-origin only and a clean console."""

    def __init__(self, base_url: str) -> None:
        self.origin = base_url.rstrip("/")
        self.requests: list[str] = []
        self.errors: list[str] = []

    def watch_context(self, context: Any) -> None:
        """Record everything ``context`` (and every page it opens) does."""
        _Watch(lambda: self).attach(context)

    def check(self) -> None:
        foreign = [u for u in self.requests if not (u.startswith(self.origin + "/") or u.startswith("data:")
                                                    or u.startswith("blob:"))]
        assert not foreign, f"requests left the origin: {foreign[:5]}"
        assert not self.errors, f"console errors: {self.errors[:5]}"


class _Watch:
    """Forwards a context's requests and console errors to whichever Guard is current (tests share a context)."""

    def __init__(self, current: Any) -> None:
        self.current = current

    def _add(self, kind: str, value: str) -> None:
        guard = self.current()
        if guard is not None:
            getattr(guard, kind).append(value)

    def attach(self, context: Any) -> None:
        context.on("request", lambda r: self._add("requests", r.url))
        context.on("page", self._page)

    def _page(self, page: Any) -> None:
        page.on("console", lambda m: self._add("errors", f"console.{m.type}: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: self._add("errors", f"page error: {e}"))
        page.on("worker", lambda w: w.on("console", lambda m: self._add("errors", f"worker: {m.text}")
                                         if m.type == "error" else None))


@pytest.fixture
def guard(base_url: str) -> Guard:
    """A fresh request/console recorder; call ``guard.check()`` at the end of a test."""
    return Guard(base_url)


@pytest.fixture
def context(browser: Any, guard: Guard) -> Iterator[Any]:
    """A fresh browser context (cold cache, empty storage, no service worker yet) at desktop size."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="allow")
    guard.watch_context(ctx)
    yield ctx
    ctx.close()


@pytest.fixture(scope="session")
def shared_context(browser: Any, base_url: str) -> Iterator[tuple[Any, dict[str, Any]]]:
    """One context for the ordinary tests: after the first test its service worker serves the site, as it would
    for a returning player, so each test does not pay a cold Pyodide download (tests needing a cold or offline
    browser use ``context``)."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="allow")
    holder: dict[str, Any] = {"guard": None}
    _Watch(lambda: holder["guard"]).attach(ctx)
    yield ctx, holder
    ctx.close()


@pytest.fixture
def page(shared_context: tuple[Any, dict[str, Any]], guard: Guard, base_url: str) -> Iterator[Any]:
    """A page showing the start screen with the engine ready and empty local storage."""
    ctx, holder = shared_context
    holder["guard"] = guard
    page = ctx.new_page()
    page.set_viewport_size({"width": 1280, "height": 900})
    # Empty storage for this test: cleared before the app's first script runs, once per tab (reloads keep it).
    page.add_init_script("if (!sessionStorage.getItem('e2e-cleared')) {"
                         " localStorage.clear(); sessionStorage.setItem('e2e-cleared', '1'); }")
    page.goto(base_url)
    wait_engine(page)
    yield page
    page.close()
    holder["guard"] = None


# ----- axe-core (npm, pinned in package.json; its axe.min.js is injected from node_modules) ------------------------
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture
def audit_page(browser: Any, guard: Guard) -> Iterator[Any]:
    """A page in a context that lets axe-core be injected past the strict Content-Security-Policy."""
    if not AXE.exists():
        pytest.skip("node_modules/axe-core is missing: run `npm ci`")
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)
    guard.watch_context(ctx)
    page = ctx.new_page()
    yield page
    ctx.close()


def axe(page: Any, where: str, named: tuple[str, ...] = (), flat_felt: bool = False) -> list[str]:
    """Critical and serious axe-core violations on the page as it is now, and those of the ``named`` rules whatever
    their impact, one line each (prefixed with ``where``). ``flat_felt``: the felt is a gradient, which axe cannot
    measure against (it leaves every colour on it "to review"): flatten it to its lightest green, the worst case for
    light text, so that every contrast on the table is measured."""
    if not page.evaluate("() => !!window.axe"):
        page.evaluate(AXE.read_text())
    if flat_felt:
        page.evaluate("() => { if (document.getElementById('e2e-flat-felt')) return;"
                      " if (!getComputedStyle(document.body).backgroundImage.includes('gradient')) return;"
                      " const s = document.createElement('style'); s.id = 'e2e-flat-felt';"
                      " s.textContent = 'body { background: #1f6b45 !important; }'; document.head.append(s); }")
    found = page.evaluate("async (named) => (await axe.run(document, {resultTypes: ['violations']})).violations"
                          ".filter(v => v.impact === 'critical' || v.impact === 'serious' || named.includes(v.id))"
                          ".map(v => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map(n => n.target.join(' ') +"
                          " ' ' + (n.failureSummary || '').split('\\n').slice(1, 2).join('').trim())}`)",
                          list(named))
    return [f"{where}: {line}" for line in found]


# ----- helpers used by the tests -----------------------------------------------------------------------------------
def wait_engine(page: Any) -> None:
    """Wait until Python has started in the worker."""
    page.wait_for_selector("body[data-engine=ready]", timeout=ENGINE_TIMEOUT)


def open_new_game(page: Any, game: str, *, seats: list[str], board: str, seed: int | None = 42,
                  speed: str = "instant", fill: dict[str, Any] | None = None, select: dict[str, str] | None = None,
                  check: tuple[str, ...] = ()) -> None:
    """Open ``game``'s new-game dialog, set the seats (like ["human", "bot:normal"]), the options (``fill``,
    ``select`` and ``check`` map selectors to values), seed and speed, start, and wait for ``board`` to appear."""
    page.click(f".game-tile[data-game={game}] .new-game")
    page.select_option("#players", str(len(seats)))
    for i, seat in enumerate(seats):
        kind, _, level = seat.partition(":")
        page.select_option(f'select[data-seat="{i}"][data-role="kind"]', kind)
        if level:
            page.select_option(f'select[data-seat="{i}"][data-role="level"]', level)
    for selector, value in (select or {}).items():
        page.select_option(selector, value)
    for selector in check:
        page.check(selector)
    for selector, value in (fill or {}).items():
        page.fill(selector, str(value))
    if seed is not None:
        page.locator("#replay-deal").evaluate("d => { d.open = true; }")  # the deal number sits in a <details>
        page.fill("#seed-input", str(seed))
    page.select_option("#speed-input", speed)
    page.click("#start-game")
    replace_if_asked(page, board)


def replace_if_asked(page: Any, board: str) -> None:
    """After a start: a game still in progress on this device is replaced only after asking (js/app/main.js
    mayReplace); say yes, then wait for ``board`` (or the pass screen or a result)."""
    page.wait_for_selector(f"{board}, #pass-screen, #result-dialog, #replace-dialog", timeout=ENGINE_TIMEOUT)
    if page.locator("#replace-dialog").count():
        page.click("#replace-confirm")
        page.wait_for_selector(f"{board}, #pass-screen, #result-dialog", timeout=ENGINE_TIMEOUT)


def start_game(page: Any, *, seats: list[str], stock: int | None = 5, seed: int | None = 42,
               speed: str = "instant", extra: dict[str, Any] | None = None) -> None:
    """Start a Skip-Bo game; ``extra`` maps more option selectors to a value to fill (``True``: tick it)."""
    extra = extra or {}
    fill = {k: v for k, v in extra.items() if v is not True}
    if stock is not None:
        fill = {"#opt-stock_size": stock, **fill}
    open_new_game(page, "skipbo", seats=seats, board=".sb", seed=seed, speed=speed, fill=fill,
                  check=tuple(k for k, v in extra.items() if v is True))


def wait_my_turn(page: Any, timeout: int = 60_000) -> None:
    """Wait until a human seat is to move and nothing is animating."""
    page.wait_for_function("() => { const c = window.__app.controller;"
                           " return c && c.myTurn && !c.busy && !c._running; }", timeout=timeout)


def legal_moves(page: Any) -> list[dict[str, Any]]:
    """The legal moves as the page holds them (from the engine), with their source and target keys."""
    return page.evaluate("() => window.__app.controller.moves.map(m => ({action: m.action, source: m.source,"
                         " target: m.target, button: m.button || null}))")


def click_key(page: Any, key: str) -> None:
    """Click the board element that stands for ``key`` (a pile, a hand card)."""
    page.locator(f'#board [data-key="{key}"]').first.click()


GAME_KEY = "pygame_rules.game.v2"

# Test-only: the worker's gzipped save in IndexedDB (js/storage/saves.js), decompressed. The app itself never reads
# it on the page; a test may, as the device's owner with developer tools could (docs/web.md, threat model).
READ_SAVE_JS = """async (slot) => {
  const db = await new Promise((ok, no) => { const r = indexedDB.open("pygame_rules", 1);
    r.onupgradeneeded = () => r.result.createObjectStore("saves"); r.onsuccess = () => ok(r.result);
    r.onerror = () => no(r.error); });
  const rec = await new Promise((ok, no) => { const tx = db.transaction("saves", "readonly");
    const q = tx.objectStore("saves").get(slot); q.onsuccess = () => ok(q.result); q.onerror = () => no(q.error); });
  db.close();
  if (!rec) return null;
  const out = new Blob([rec.gz]).stream().pipeThrough(new DecompressionStream("gzip"));
  return await new Response(out).text();
}"""

WRITE_SAVE_JS = """async ([slot, text]) => {
  const gz = new Uint8Array(await new Response(new Blob([new TextEncoder().encode(text)]).stream()
    .pipeThrough(new CompressionStream("gzip"))).arrayBuffer());
  const db = await new Promise((ok, no) => { const r = indexedDB.open("pygame_rules", 1);
    r.onupgradeneeded = () => r.result.createObjectStore("saves"); r.onsuccess = () => ok(r.result);
    r.onerror = () => no(r.error); });
  await new Promise((ok, no) => { const tx = db.transaction("saves", "readwrite");
    tx.objectStore("saves").put({ v: 1, savedAt: Date.now(), gz }, slot);
    tx.oncomplete = ok; tx.onerror = () => no(tx.error); });
  db.close();
}"""


def read_save(page: Any, slot: str = "game") -> dict[str, Any] | None:
    """The engine's save of ``slot`` as the worker stored it (test-only path to the true state)."""
    text = page.evaluate(READ_SAVE_JS, slot)
    return json.loads(text) if text else None


def write_save(page: Any, text: str, slot: str = "game") -> None:
    """Store ``text`` as the worker would (gzip in IndexedDB): for tests of damaged saves."""
    page.evaluate(WRITE_SAVE_JS, [slot, text])


def saved_record(page: Any) -> dict[str, Any] | None:
    """The game record the page keeps in localStorage (setup only), with the worker's save under ``save``."""
    text = page.evaluate(f"() => localStorage.getItem('{GAME_KEY}')")
    if not text:
        return None
    record = json.loads(text)
    assert "save" not in record, "the page must not store the engine's save"
    record["save"] = read_save(page)
    return record


def screenshot(page: Any, name: str) -> Path:
    """Save a full-page screenshot under artifacts/ (gitignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / name
    page.screenshot(path=str(path), full_page=True)
    return path
