"""Widgets on a teacher's page on another origin (a second tools/serve.py server), as docs/embedding.md says:
two iframe widgets (Top Spot try-it, Level 8 try-it lay-out) both work and share one Python (the worker's own
counters), the text below them does not jump while Python starts, and a broken code shows readable fallback text.
The editor builds a Skip-Bo position by clicking only, records two steps and copies a snippet that then works on the
second origin."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tools import embed_code, serve

from .conftest import ENGINE_TIMEOUT, ROOT, Guard, screenshot

WIDTH = 900
SCENARIOS = ROOT / "web" / "scenarios"
STATS = ("async () => { const m = await import(document.querySelector('script[type=module]').src"
         ".replace('/embed.js', '/widget.js')); return m.getEngine().workerStats(); }")


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory, site_dir: Path) -> Iterator[tuple[Path, str]]:
    """A second origin: tools/serve.py serving a teacher's folder on another port."""
    folder = tmp_path_factory.mktemp("teacher")
    (folder / "embed-host.js").write_text((site_dir / "embed-host.js").read_text())  # copied, as the docs allow
    server, url = serve.start(folder)
    yield folder, url
    server.shutdown()


def _only_our_origins(guard: Guard, *origins: str) -> None:
    allowed = tuple(o.rstrip("/") + "/" for o in origins)
    foreign = [u for u in guard.requests if not (u.startswith(allowed) or u.startswith(("data:", "blob:")))]
    assert not foreign, f"requests left our origins: {foreign[:5]}"
    errors = [e for e in guard.errors if "favicon" not in e]
    assert not errors, f"console errors: {errors[:5]}"


def _ready_height(context: Any, url: str) -> int:
    """The height the editor's preview measures (the widget ready, at the host's frame width)."""
    page = context.new_page()
    page.set_viewport_size({"width": WIDTH, "height": 900})
    page.goto(url)
    page.wait_for_selector("#widget[data-state=ready]", timeout=ENGINE_TIMEOUT)
    height = page.evaluate("() => Math.ceil(document.documentElement.getBoundingClientRect().height)")
    page.close()
    return int(height)


def _host_page(folder: Path, name: str, frames: list[tuple[str, str, int]]) -> None:
    """A teacher's page: iframe snippets as the editor prints them, text below, and a recorder of where the text
    below stands on every frame from the first paint on."""
    body = "\n".join(f'<iframe id="{fid}" data-pygame-rules src="{src}" title="{fid}" width="100%" height="{height}"'
                     f' style="border:0;width:100%;display:block">Fallback: an interactive example.</iframe>'
                     for fid, src, height in frames)
    (folder / name).write_text(f"""<!doctype html><html><head><meta charset="utf-8"><title>lesson</title>
<link rel="icon" href="data:,"><script src="rec.js"></script></head>
<body style="margin:0"><h1>How to play</h1>{body}
<p id="below">The lesson goes on below the widgets.</p>
<script src="embed-host.js"></script></body></html>""")
    (folder / "rec.js").write_text("""window.__ys = [];
(function tick() {
  const el = document.getElementById('below');
  if (el) window.__ys.push(el.getBoundingClientRect().top + scrollY);
  requestAnimationFrame(tick);
})();""")


def test_two_widgets_on_another_origin_share_one_engine_and_do_not_jump(
        context: Any, guard: Guard, host: tuple[Path, str], base_url: str) -> None:
    folder, host_url = host
    codes = {name: embed_code.encode(json.loads((SCENARIOS / name).read_text()))
             for name in ("demo-topspot.json", "demo-level8-try.json")}
    urls = {name: f"{base_url}embed.html?s={code}" for name, code in codes.items()}
    heights = {name: _ready_height(context, url) for name, url in urls.items()}
    _host_page(folder, "lesson.html", [("ts", urls["demo-topspot.json"] + "&id=ts", heights["demo-topspot.json"]),
                                       ("l8", urls["demo-level8-try.json"] + "&id=l8",
                                        heights["demo-level8-try.json"])])
    context.clear_cookies()
    page = context.new_page()
    page.set_viewport_size({"width": WIDTH, "height": 900})
    page.goto(host_url + "lesson.html")
    ts = page.frame_locator("#ts")
    l8 = page.frame_locator("#l8")
    ts.locator("#widget[data-state=ready]").wait_for(timeout=ENGINE_TIMEOUT)
    l8.locator("#widget[data-state=ready]").wait_for(timeout=ENGINE_TIMEOUT)
    page.wait_for_timeout(300)
    ys = page.evaluate("() => window.__ys")
    moved = max(ys) - min(ys)
    print(f"\ntext below two widgets moved {moved:.0f} px from first paint to ready ({len(ys)} frames sampled)")
    assert len(ys) > 3 and moved < 50, (moved, ys[:5], ys[-5:])

    # One Python serves both frames: the same worker instance, two ports, one start.
    frames = {f.url.split("id=")[-1]: f for f in page.frames if "embed.html" in f.url}
    a = frames["ts"].evaluate(STATS)
    b = frames["l8"].evaluate(STATS)
    print(f"engine: {a}")
    assert a["shared"] and a["instance"] == b["instance"]
    assert a["pythonReady"] == 1 and b["ports"] == 2

    # A scripted replay: Player 2 is to lead, but nobody thinks in a widget.
    start = frames["ts"].inner_text("#widget .ts-round")
    assert "to play" in start and "thinking" not in start, start

    # Top Spot: step to the reader's turn, then an illegal and a legal stack built by clicking. A step moves the
    # text below by a small step only (a line of the move log).
    seen = page.evaluate("() => window.__ys.length")
    ts.locator(".rw-next").click()
    ts.locator("#widget[data-step='1']").wait_for()
    page.wait_for_timeout(300)
    after = page.evaluate(f"() => window.__ys.slice({seen})")
    assert 0 < max(after) - min(ys) < 50, (max(after), min(ys))
    ts.locator(".rw-next").click()
    ts.locator("#widget[data-step='2']").wait_for()
    ts.locator('.ts-me button[data-card="yellow-3"]').click()
    ts.locator(".ts-play-button").click()
    ts.locator("#widget[data-verdict=illegal]").wait_for(timeout=30_000)
    assert "must follow red" in ts.locator(".rw-verdict").inner_text()
    # the stack being built stays as it was (as in the app): take the yellow 3 out, build the red stack
    for card in ("yellow-3", "red-1", "red-7", "red-8"):
        ts.locator(f'.ts-me button[data-card="{card}"]').click()
    ts.locator(".ts-play-button").click()
    ts.locator("#widget[data-verdict=legal]").wait_for(timeout=30_000)
    assert "(worth 9)" in ts.locator(".rw-verdict").inner_text()
    # Nobody thinks in a widget: empty seats never say "thinking".
    assert "thinking" not in frames["ts"].inner_text("#widget")

    # Level 8: a card clicked into a part of the lay-out is placed there; the solver's "Use" fills the lay-out,
    # and laying it out is judged legal by the engine.
    l8.locator('[data-key="hand:R4"]').first.click()
    l8.locator('[data-key="lay:0"]').first.click()
    l8.locator(".l8-slot").first.locator(".l8-placed").first.wait_for()
    assert l8.locator(".l8-slot").first.locator(".l8-placed").count() == 1
    l8.locator("#use-suggestion").click()
    l8.locator("#layout-status[data-state=legal]").wait_for(timeout=30_000)
    assert l8.locator(".l8-placed").count() >= 6  # two runs of 3 or more
    l8.locator("#lay-out").click()
    l8.locator("#widget[data-verdict=legal]").wait_for(timeout=30_000)
    assert "lay" in l8.locator(".rw-verdict").inner_text().lower()
    screenshot(page, "widgets-two-origins.png")
    _only_our_origins(guard, base_url, host_url)


WASM = "pyodide.asm.wasm"


def _python_requests(guard: Guard) -> list[str]:
    """Requests that mean Python is on its way: Pyodide's files, or the engine's Worker scripts (js/worker/worker.js,
    snapshot-worker.js and the modules only they import). The page-side modules beside them in js/worker/ (engine.js,
    pyodide-start.js, fetch-progress.js) are plain modules the widget code imports; loading one starts nothing."""
    return [u for u in guard.requests if u.split("?")[0].endswith(WASM) or "/pyodide/" in u
            or re.search(r"/js/worker/(worker|snapshot-worker|worker-shared|worker-requests)\.js$", u.split("?")[0])]


def _first_table(spec: dict[str, Any]) -> dict[str, Any]:
    """The engine's table for a scenario file's seat at its start, as the build and the editor store it."""
    from pygame_rules import api

    answer = json.loads(api.handle(json.dumps({"op": "scenario", "game": spec["game"], "scenario": spec["scenario"],
                                               "seat": spec.get("seat", 0)})))
    api.handle(json.dumps({"op": "drop", "session": answer["session"]}))
    return {"seat": spec.get("seat", 0), "table": answer["table"]}


def test_an_embedded_scenario_paints_before_python_and_starts_at_the_first_click(
        context: Any, guard: Guard, host: tuple[Path, str], base_url: str) -> None:
    """Frames on a second origin whose scenario carries its first table (a `?s=` code from the editor, a `?src=`
    file of our site, stored there by the build) draw their boards and download no Python until the reader clicks;
    the click then plays (a scripted step, then a move on the board). A code without a first table, or with one for
    another seat than the frame shows, starts the engine when seen, as before (docs/embedding.md)."""
    folder, host_url = host
    demo = json.loads((SCENARIOS / "demo-topspot.json").read_text())
    code = embed_code.encode({**demo, "first": _first_table(demo)})
    _host_page(folder, "painted.html", [("code", f"{base_url}embed.html?s={code}&id=code", 560),
                                        ("file", f"{base_url}embed.html?src=scenarios/topspot-stacking.json&id=file",
                                         560)])
    page = context.new_page()  # a cold profile: nothing cached
    page.set_viewport_size({"width": WIDTH, "height": 900})
    page.goto(host_url + "painted.html")
    frames = {fid: page.frame_locator(f"#{fid}") for fid in ("code", "file")}
    for frame in frames.values():
        frame.locator("#widget[data-state=painted] .rw-board [data-key]").first.wait_for(timeout=15_000)
    page.wait_for_timeout(1500)  # time in which an eager widget would have asked for Python
    assert _python_requests(guard) == [], _python_requests(guard)[:5]
    inner = {f.url.split("id=")[-1]: f for f in page.frames if "embed.html" in f.url}
    assert all(f.evaluate("() => window.__widgets.stats.engineRequestedAt") is None for f in inner.values())

    code_frame = frames["code"]
    code_frame.locator(".rw-next").click()  # the first interaction starts the engine; the step waits for it
    code_frame.locator("#widget[data-step='1']").wait_for(timeout=ENGINE_TIMEOUT)
    assert any(u.split("?")[0].endswith(WASM) for u in guard.requests)
    assert "Player 2 leads red" in code_frame.locator(".rw-log").inner_text()
    code_frame.locator(".rw-next").click()
    code_frame.locator("#widget[data-step='2']").wait_for(timeout=30_000)
    for card in ("red-1", "red-7", "red-8"):  # a move made on the board: the stack, then Play
        code_frame.locator(f'.ts-me button[data-card="{card}"]').click()
    code_frame.locator(".ts-play-button").click()
    code_frame.locator("#widget[data-verdict=legal]").wait_for(timeout=30_000)
    assert "(worth 9)" in code_frame.locator(".rw-verdict").inner_text()
    assert inner["file"].get_attribute("#widget", "data-state") == "painted"  # untouched, it waits

    # Without a first table for the frame's seat the widget starts when seen, with no interaction.
    bare = embed_code.encode(demo)
    _host_page(folder, "unpainted.html", [("bare", f"{base_url}embed.html?s={bare}&id=bare", 560),
                                          ("seat", f"{base_url}embed.html?s={code}&seat=1&id=seat", 560)])
    other = context.new_page()
    other.set_viewport_size({"width": WIDTH, "height": 900})
    other.goto(host_url + "unpainted.html")
    for fid in ("bare", "seat"):
        other.frame_locator(f"#{fid}").locator("#widget[data-state=ready]").wait_for(timeout=ENGINE_TIMEOUT)
    assert all(f.evaluate("() => window.__widgets.stats.paintedAt.length") == 0
               for f in other.frames if "embed.html" in f.url)
    _only_our_origins(guard, base_url, host_url)


def test_a_widget_on_another_site_works_where_third_party_storage_is_blocked(
        context: Any, guard: Guard, host: tuple[Path, str], base_url: str) -> None:
    """A teacher's page on another SITE (localhost, not 127.0.0.1): this Chromium blocks the frame's storage, so
    its SharedWorker is refused; the widget must still start, on a worker of its own (js/worker/engine.js)."""
    folder, host_url = host
    code = embed_code.encode(json.loads((SCENARIOS / "demo-topspot.json").read_text()))
    _host_page(folder, "cross-site.html", [("ts", f"{base_url}embed.html?s={code}", 560)])
    page = context.new_page()
    other_site = host_url.replace("127.0.0.1", "localhost")
    page.goto(other_site + "cross-site.html")
    frame = page.frame_locator("#ts")
    frame.locator("#widget[data-state=ready]").wait_for(timeout=ENGINE_TIMEOUT)
    assert "stopped" not in frame.locator("#widget").inner_text()
    _only_our_origins(guard, base_url, other_site)


def test_a_broken_widget_code_shows_readable_fallback_text(
        context: Any, guard: Guard, host: tuple[Path, str], base_url: str) -> None:
    folder, host_url = host
    good = embed_code.encode(json.loads((SCENARIOS / "demo-topspot.json").read_text()))
    broken = good[: len(good) // 2] + "Q" + good[len(good) // 2 + 3:]
    _host_page(folder, "broken.html", [("bad", f"{base_url}embed.html?s={broken}&id=bad", 300)])
    page = context.new_page()
    page.goto(host_url + "broken.html")
    frame = page.frame_locator("#bad")
    frame.locator("#widget[data-state=failed]").wait_for(timeout=ENGINE_TIMEOUT)
    words = frame.locator("#widget").inner_text()
    assert "could not" in words.lower() and len(words) > 30, words
    page.wait_for_function("() => Number(document.getElementById('bad').dataset.height) > 20")
    assert page.locator(".pygame-rules-fallback").count() == 0  # the frame spoke for itself
    _only_our_origins(guard, base_url, host_url)

    # A frame that cannot load the widget at all (here: a page our site does not have) gets a line of text.
    (folder / "unreachable.html").write_text(
        "<!doctype html><html><head><meta charset='utf-8'><title>u</title><link rel='icon' href='data:,'></head><body>"
        f"<iframe data-pygame-rules data-fallback-after='1500' title='Top Spot' src='{base_url}no-such-embed.html'"
        " height='300'></iframe><p id='below'>more</p><script src='embed-host.js'></script></body></html>")
    page.goto(host_url + "unreachable.html")
    note = page.locator(".pygame-rules-fallback")
    note.wait_for(timeout=10_000)
    assert "could not be loaded" in note.inner_text()
    assert note.locator("a").get_attribute("href") == f"{base_url}no-such-embed.html"
    # On a Dutch page (or with ?lang=nl in the frame's src) the line is Dutch.
    (folder / "unreachable-nl.html").write_text(
        (folder / "unreachable.html").read_text().replace("<html>", "<html lang='nl'>"))
    page.goto(host_url + "unreachable-nl.html")
    note.wait_for(timeout=10_000)
    assert "kon hier niet worden geladen" in note.inner_text()
    assert note.locator("a").inner_text() == "Open het op een eigen pagina."


def _click_card(page: Any, card: int) -> None:
    page.locator(f'#ed-picker .ed-card[data-card="{card}"]').first.click()


def test_editor_builds_a_skipbo_position_by_clicking_and_its_snippet_works_elsewhere(
        context: Any, guard: Guard, host: tuple[Path, str], base_url: str) -> None:
    folder, host_url = host
    page = context.new_page()
    page.set_viewport_size({"width": 1200, "height": 900})
    page.goto(base_url + "editor.html")
    # The engine's start-up is shown while Python starts.
    assert page.locator("#ed-engine-label").inner_text().strip()
    page.wait_for_selector("#editor-engine[data-state=ready]", timeout=ENGINE_TIMEOUT)
    page.select_option("#ed-game", "skipbo")
    page.select_option("#ed-players", "2")
    page.click("#ed-empty")
    page.wait_for_selector("#ed-msg[data-kind=error]", timeout=30_000)  # empty stocks: the engine says why
    assert "stock" in page.inner_text("#ed-msg")

    def place(label: str, cards: list[int]) -> None:
        page.locator(".ed-place-head", has_text=label).click()
        for card in cards:
            before = page.locator(".ed-place.active .ed-card").count()
            _click_card(page, card)
            page.wait_for_function(f"() => document.querySelectorAll('.ed-place.active .ed-card').length > {before}")

    place("Player 1: hand", [1, 2, 5, 9, 11])
    place("Player 1: stock pile", [7, 3])
    place("Player 2: hand", [4, 6, 8, 10, 12])
    place("Player 2: stock pile", [5])
    page.wait_for_selector("#ed-msg[data-kind=ok]", timeout=30_000)
    # the picker shows only the cards still free: Skip-Bo has 12 of each number; two 5s are placed
    assert page.get_attribute('#ed-picker .ed-card[data-card="5"]', "data-left") == "10"
    spec = json.loads(page.input_value("#ed-json"))
    assert spec["scenario"]["hands"][0] == [1, 2, 5, 9, 11] and spec["scenario"]["stocks"][1] == [5]

    # Two steps recorded by clicking legal moves.
    page.fill("#ed-title", "Building from 1")
    for n in (1, 2):
        step = page.locator("#ed-legal .ed-step", has_text="hand").first
        step.click()
        page.wait_for_function(f"() => window.__editor.state.spec.steps.length === {n}")
        page.wait_for_selector("#ed-msg[data-kind=ok]", timeout=30_000)
    steps = page.evaluate("() => window.__editor.state.spec.steps")
    assert len(steps) == 2
    page.wait_for_function("() => (window.__editor.iframe || '').includes('embed.html?s=z')")
    # the preview's measured height goes into the snippet
    page.wait_for_function("() => !/height=\"520\"/.test(window.__editor.iframe)", timeout=ENGINE_TIMEOUT)
    page.click("#ed-copy-iframe")
    page.wait_for_function("() => window.__editor.copied")
    snippet = page.evaluate("() => window.__editor.copied")
    assert "<rules-scenario" not in snippet and "embed-host.js" in snippet
    element = page.inner_text("#ed-snippet-element")
    assert element.startswith('<script type="module" src="/widgets.js">')  # our own origin only
    decoded = embed_code.decode(snippet.split("?s=", 1)[1].split('"', 1)[0])
    assert decoded["steps"] == steps and decoded["title"] == "Building from 1"

    # Pasted into a teacher's page on the second origin: it works.
    (folder / "pasted.html").write_text(f"<!doctype html><html><head><meta charset='utf-8'><title>p</title>"
                                        f"<link rel='icon' href='data:,'></head><body>{snippet}</body></html>")
    other = context.new_page()
    other.goto(host_url + "pasted.html")
    frame = other.frame_locator("iframe[data-pygame-rules]")
    # The snippet carries its first table: the board is painted before Python (which may then start at once in the
    # background, as the editor has left it cached on this browser).
    frame.locator("#widget").wait_for(state="attached", timeout=15_000)  # (the snippet's frame loads lazily)
    inner = next(f for f in other.frames if "embed.html" in f.url)
    inner.wait_for_function("() => window.__widgets?.stats.paintedAt.length === 1", timeout=15_000)
    assert frame.locator(".rw-title").inner_text() == "Building from 1"
    frame.locator(".rw-next").click()  # the first click starts the engine; the step waits for it
    frame.locator("#widget[data-step='1']").wait_for(timeout=30_000)
    frame.locator(".rw-next").click()
    frame.locator("#widget[data-step='2']").wait_for(timeout=30_000)
    assert frame.locator(".rw-log li").count() >= 2
    screenshot(page, "editor-skipbo.png")
    _only_our_origins(guard, base_url, host_url)


def test_lab_code_is_edited_and_rerun_offline(context: Any, guard: Guard, base_url: str) -> None:
    page = context.new_page()
    page.goto(base_url + "lab.html")
    assert "first visit" in page.inner_text("#lab-status")
    page.wait_for_selector("#out-topspot[data-done]", timeout=ENGINE_TIMEOUT)
    page.wait_for_selector("body[data-offline=ready]", timeout=ENGINE_TIMEOUT)
    context.set_offline(True)
    try:
        page.reload()
        page.wait_for_selector("#out-topspot[data-done]", timeout=ENGINE_TIMEOUT)
        page.wait_for_selector(".lab-run[data-out=out-topspot]:not([disabled])", timeout=ENGINE_TIMEOUT)
        code = page.input_value("#code-topspot")
        edited = code.replace('hand = ["red-1", "red-7", "red-8", "red-12", "yellow-3"]',
                              'hand = ["red-1", "red-7", "red-8"]')
        assert edited != code
        page.fill("#code-topspot", edited)
        page.click(".lab-run[data-out=out-topspot]")
        page.wait_for_selector("#out-topspot[data-runs='1']", timeout=ENGINE_TIMEOUT)
        out = page.inner_text("#out-topspot")
        assert "hand: red-1, red-7, red-8" in out and "red-12" not in out, out
        page.fill("#code-topspot", "print('hello from', 1 + 1)")
        page.click(".lab-run[data-out=out-topspot]")
        page.wait_for_selector("#out-topspot[data-runs='2']", timeout=ENGINE_TIMEOUT)
        assert page.inner_text("#out-topspot").strip() == "hello from 2"
    finally:
        context.set_offline(False)
    _only_our_origins(guard, base_url)


@pytest.fixture(autouse=True)
def _clean_pages(site_dir: Path) -> Iterator[None]:
    yield
    shutil.rmtree(site_dir / "e2e-pages", ignore_errors=True)


def test_editor_places_level8_laid_out_parts_by_clicking(context: Any, guard: Guard, base_url: str) -> None:
    page = context.new_page()
    page.set_viewport_size({"width": 1200, "height": 900})
    page.goto(base_url + "editor.html")
    page.wait_for_selector("#editor-engine[data-state=ready]", timeout=ENGINE_TIMEOUT)
    page.select_option("#ed-game", "level8")
    page.select_option("#ed-players", "2")
    page.click("#ed-empty")
    page.wait_for_selector(".ed-place-head:has-text('Player 1: laid-out part 1')", timeout=30_000)
    part = page.locator(".ed-place", has_text="Player 1: laid-out part 1")
    part.locator(".ed-place-head").click()
    part.locator("select.ed-kind").select_option("run")
    for card in ("R1", "R2", "R3"):
        _click_card_token(page, card)
    page.locator(".ed-place", has_text="Player 1: hand").locator(".ed-place-head").click()
    for card in ("B1", "B2"):
        _click_card_token(page, card)
    page.locator(".ed-place", has_text="Player 2: hand").locator(".ed-place-head").click()
    _click_card_token(page, "Y5")
    page.wait_for_function("() => JSON.parse(document.getElementById('ed-json').value).scenario.hands[1].length === 1")
    page.wait_for_selector("#ed-msg[data-kind=ok]", timeout=30_000)
    scenario = json.loads(page.input_value("#ed-json"))["scenario"]
    # only the part that holds cards is written; the three empty ones are left out
    assert scenario["table"] == [[["run", "R1", "R2", "R3"]], []]
    assert scenario["hands"] == [["B1", "B2"], ["Y5"]]
    # placed cards are no longer offered
    assert page.locator(f"#ed-picker .ed-card[data-card='{json.dumps('R1')}']").count() == 0
    assert page.locator(f"#ed-picker .ed-card[data-card='{json.dumps('R4')}']").count() == 1
    _only_our_origins(guard, base_url)


def _click_card_token(page: Any, token: str) -> None:
    before = page.locator(".ed-place.active .ed-card").count()
    page.locator(f"#ed-picker .ed-card[data-card='{json.dumps(token)}']").first.click()
    page.wait_for_function(f"() => document.querySelectorAll('.ed-place.active .ed-card').length > {before}")
