"""Teaching widgets in real Chromium: an iframe widget on another origin (a second local server), the custom element
on a same-site page, the scenario editor's round trip into a working embed, and the PyScript lab offline.

Every test checks that no request left our two local origins and that the console stayed free of errors.
"""

from __future__ import annotations

import json
import shutil
import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

import pygame_rules as pr
from tools import embed_code, serve

from .conftest import ENGINE_TIMEOUT, ROOT, Guard, screenshot

DEMO = json.loads((ROOT / "web" / "scenarios" / "demo-topspot.json").read_text())
ILLEGAL = {"type": "play", "cards": ["yellow-3"], "colour": None}
LEGAL = {"type": "play", "cards": ["red-1", "red-7", "red-8"], "colour": None}


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - base class signature
        pass


@pytest.fixture(scope="module")
def host_url(tmp_path_factory: pytest.TempPathFactory, base_url: str, site_dir: Path) -> Iterator[str]:
    """A page on another origin (its own port) that embeds our widget the documented way."""
    folder = tmp_path_factory.mktemp("host")
    code = embed_code.encode(DEMO)
    helper = (site_dir / "embed-host.js").read_text()
    (folder / "host.html").write_text(f"""<!doctype html><html><head><meta charset="utf-8"><title>host</title>
<link rel="icon" href="data:,"></head>
<body><h1>A teacher's page elsewhere</h1>
<iframe id="w1" data-pygame-rules src="{base_url}embed.html?s={code}&id=w1" title="Top Spot" width="100%"
  height="150" style="border:0"></iframe>
<script>{helper}</script>
</body></html>""")
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def _only_our_origins(guard: Guard, *origins: str) -> None:
    allowed = tuple(o.rstrip("/") + "/" for o in origins)
    foreign = [u for u in guard.requests if not (u.startswith(allowed) or u.startswith(("data:", "blob:")))]
    assert not foreign, f"requests left our origins: {foreign[:5]}"
    assert not guard.errors, f"console errors: {guard.errors[:5]}"


def _element_page(folder: Path, name: str, body: str) -> None:
    """A test page inside the built site (same origin, a subfolder) that loads widgets.js and holds ``body``. It
    carries the app's strict policy itself (a <meta> policy cannot hold frame-ancestors)."""
    folder.mkdir(exist_ok=True)
    policy = serve.headers_for("/index.html", serve.load_header_rules())["Content-Security-Policy"]
    policy = policy.replace("; frame-ancestors 'self'", "")
    (folder / name).write_text(f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{policy}">
<title>{name}</title><link rel="icon" href="../icons/icon.svg">
<script type="module" src="../widgets.js"></script></head><body>
{body}
</body></html>""")


def _step_through(frame: Any, root: str) -> None:
    """Next, Next, Previous, Next through the two scripted plays, checking the board step and the log in words."""
    frame.click(f"{root} .rw-next")
    frame.wait_for_selector(f"{root}[data-step='1']", timeout=ENGINE_TIMEOUT)
    assert "Player 2 leads red: red 5 (worth 3)." in frame.inner_text(f"{root} .rw-log")  # worded, no engine id
    frame.click(f"{root} .rw-next")
    frame.wait_for_selector(f"{root}[data-step='2']", timeout=ENGINE_TIMEOUT)
    log = frame.inner_text(f"{root} .rw-log")
    assert "Player 3 follows: red 6" in log and "Player 2 leads red" in log
    assert frame.is_disabled(f"{root} .rw-next")
    frame.click(f"{root} .rw-prev")
    frame.wait_for_selector(f"{root}[data-step='1']")
    assert "Player 3 follows" not in frame.inner_text(f"{root} .rw-log")
    assert frame.locator(f"{root} .rw-try").is_hidden()
    frame.click(f"{root} .rw-next")
    frame.wait_for_selector(f"{root}[data-step='2']")
    assert frame.locator(f"{root} .rw-try").is_visible()


def _try_json(frame: Any, root: str, action: dict[str, Any]) -> str:
    if not frame.locator(f"{root} .rw-action").is_visible():
        frame.click(f"{root} .rw-json summary")
    frame.fill(f"{root} .rw-action", json.dumps(action))
    frame.click(f"{root} .rw-try-json")
    frame.wait_for_function(f"() => document.querySelector('{root}').dataset.verdict", timeout=30_000)
    return frame.inner_text(f"{root} .rw-verdict")


def test_iframe_widget_on_another_origin(context: Any, guard: Guard, host_url: str, base_url: str) -> None:
    page = context.new_page()
    page.goto(host_url + "host.html")
    frame = page.frame_locator("#w1")
    frame.locator("#widget[data-state=ready]").wait_for(timeout=ENGINE_TIMEOUT)
    inner = page.frame(url=lambda u: "embed.html" in u)
    assert inner is not None

    # The host's helper sized the frame to its content (it started at 150 px).
    page.wait_for_function("() => Number(document.getElementById('w1').dataset.height) > 300")
    _step_through(inner, "#widget")

    verdict = _try_json(inner, "#widget", ILLEGAL)
    assert verdict.startswith("Illegal:") and "must follow red" in verdict
    assert inner.get_attribute("#widget", "data-verdict") == "illegal"
    verdict = _try_json(inner, "#widget", LEGAL)
    assert verdict.startswith("Legal:") and "(worth 9)" in verdict, verdict
    assert inner.get_attribute("#widget", "data-verdict") == "legal"
    inner.click("#widget .rw-reset")
    assert inner.get_attribute("#widget", "data-verdict") is None

    # Messages: only our documented shape is accepted, both ways.
    page.evaluate("""() => { const w = document.getElementById('w1').contentWindow;
        w.postMessage('hello', '*');
        w.postMessage({type: 'pygame_rules:measure', version: 1, extra: true}, '*');
        w.postMessage({type: 'pygame_rules:measure', version: 2}, '*');
        w.postMessage({type: 'pygame_rules:measure', version: 1}, '*'); }""")
    inner.wait_for_function("() => window.__widgets.received.length >= 1")
    page.wait_for_timeout(200)
    assert inner.evaluate("() => window.__widgets.received") == ["pygame_rules:measure"]
    height = page.evaluate("() => document.getElementById('w1').dataset.height")
    page.evaluate("() => window.postMessage({type: 'pygame_rules:resize', version: 1, id: 'w1', height: 5}, '*')")
    page.wait_for_timeout(200)
    assert page.evaluate("() => document.getElementById('w1').dataset.height") == height

    stats = inner.evaluate("() => window.__widgets.stats")
    print(f"\nwidget engine start (cold, in a third-party frame): {stats['engineMs']} ms")
    screenshot(page, "widget-iframe.png")
    _only_our_origins(guard, base_url, host_url)


def test_custom_element_on_a_same_site_page(context: Any, guard: Guard, base_url: str, site_dir: Path) -> None:
    folder = site_dir / "e2e-pages"
    code = embed_code.encode(json.loads((ROOT / "web" / "scenarios" / "demo-etalage.json").read_text()))
    _element_page(folder, "element.html", f"""<p>Top Spot explained.</p>
<rules-scenario id="ts" game="topspot" src="../scenarios/demo-topspot.json"></rules-scenario>
<rules-scenario id="et" game="etalage" code="{code}"></rules-scenario>""")
    try:
        page = context.new_page()
        page.goto(base_url + "e2e-pages/element.html")
        page.click("#ts .rw-stage")  # a painted board (stored first table) starts its engine at the first click
        page.wait_for_selector("#ts[data-state=ready]", timeout=ENGINE_TIMEOUT)
        _step_through(page, "#ts")
        # A move made on the board by clicks: pick red-1, red-7, red-8 into the stack, then Play.
        for card in ("red-1", "red-7", "red-8"):
            page.click(f'#ts .ts-me [data-card="{card}"]')
        page.click("#ts .ts-play-button")
        page.wait_for_selector("#ts[data-verdict=legal]", timeout=30_000)
        assert "(worth 9)" in page.inner_text("#ts .rw-verdict")
        page.click("#ts .rw-reset")
        page.click('#ts .ts-me [data-card="yellow-3"]')
        page.click("#ts .ts-play-button")
        page.wait_for_selector("#ts[data-verdict=illegal]", timeout=30_000)
        assert "must follow red" in page.inner_text("#ts .rw-verdict")

        # The second element (from a code attribute) shares the same engine.
        page.locator("#et").scroll_into_view_if_needed()
        page.wait_for_selector("#et[data-state=ready]", timeout=ENGINE_TIMEOUT)
        page.click("#et .rw-next")
        page.wait_for_selector("#et[data-step='1']", timeout=30_000)
        assert "Player 6 plays red 6" in page.inner_text("#et .rw-log")
        assert page.evaluate("() => document.querySelectorAll('rules-scenario').length") == 2
        verdict = _try_json(page, "#et", {"type": "claim", "colour": "purple"})
        assert verdict.startswith("Illegal:"), verdict
        screenshot(page, "widget-element.png")
        _only_our_origins(guard, base_url)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# Compression made slow (each chunk held 300 ms), as on a busy machine: the editor must not say "valid" before its
# snippets carry the position it judged, and an older check's snippets must not land over a newer one's.
SLOW_COMPRESSION = """(() => {
  const Real = window.CompressionStream;
  window.CompressionStream = function (format) {
    const real = new Real(format);
    const slow = new TransformStream({ async transform(chunk, out) {
      await new Promise((done) => setTimeout(done, 300)); out.enqueue(chunk); } });
    return { writable: real.writable, readable: real.readable.pipeThrough(slow) };
  };
})();"""


def test_editor_round_trips_a_position_into_a_working_embed(context: Any, guard: Guard, base_url: str) -> None:
    page = context.new_page()
    page.add_init_script(SLOW_COMPRESSION)
    page.goto(base_url + "editor.html")
    page.wait_for_function("() => document.getElementById('ed-json').value.includes('topspot')",
                           timeout=ENGINE_TIMEOUT)
    spec = json.loads(page.input_value("#ed-json"))
    page.click("#ed-json-box summary")  # the JSON, for experts

    # A broken position: the engine names the card.
    broken = json.loads(json.dumps(spec))
    broken["scenario"]["hands"][1].append("red-1")
    page.fill("#ed-json", json.dumps(broken))
    page.click("#ed-apply-json")
    page.wait_for_selector("#ed-msg[data-kind=error]", timeout=ENGINE_TIMEOUT)
    assert "red-1" in page.inner_text("#ed-msg")

    # Our own position: no scripted steps, Player 2 leads; add one step by clicking a legal move.
    spec["steps"] = []
    spec["try"] = False
    spec["title"] = "My lesson"
    assert "first" not in spec  # the shipped file's stored table is not kept in the editor ...
    # ... nor one pasted from elsewhere (it would not match the position once the teacher changes it)
    spec["first"] = {"seat": spec.get("seat", 0), "table": {"view": {"stale": True}, "log": [], "legal": []}}
    page.fill("#ed-json", json.dumps(spec))
    page.click("#ed-apply-json")
    page.wait_for_selector("#ed-msg[data-kind=ok]", timeout=ENGINE_TIMEOUT)
    first = page.locator("#ed-legal .ed-step").first
    step = json.loads(first.get_attribute("data-action"))
    first.click()
    page.wait_for_function("() => JSON.parse(document.getElementById('ed-json').value).steps.length === 1")
    page.wait_for_selector("#ed-msg[data-kind=ok]")
    assert "1 step" in page.inner_text("#ed-msg")
    iframe_snippet = page.inner_text("#ed-snippet-iframe")
    element_snippet = page.inner_text("#ed-snippet-element")
    assert "embed.html?s=z" in iframe_snippet and "embed-host.js" in iframe_snippet
    assert "<rules-scenario" in element_snippet and "widgets.js" in element_snippet
    embed = page.evaluate("() => window.__editor.embed")
    decoded = embed_code.decode(embed.split("?s=", 1)[1])
    assert decoded["steps"] == [step] and decoded["title"] == "My lesson"
    # The code carries the first table (the engine's own answer for the reader's seat), so the pasted widget paints
    # before Python starts; the element snippet carries the same code.
    assert decoded["first"]["seat"] == decoded.get("seat", 0)
    assert decoded["first"]["table"] == _engine_first_table(decoded)
    assert f'code="{embed.split("?s=", 1)[1]}"' in element_snippet

    # The snippet's URL works on its own: the board is drawn from the carried table, then the step plays (the click
    # starts the engine, unless this browser's cached Python has started it already).
    other = context.new_page()
    other.goto(embed)
    other.wait_for_function("() => window.__widgets && window.__widgets.stats.paintedAt.length === 1", timeout=15_000)
    assert other.inner_text(".rw-title") == "My lesson"
    other.click(".rw-next")
    other.wait_for_selector("#widget[data-step='1']", timeout=30_000)
    assert "Player 2 leads" in other.inner_text(".rw-log")
    screenshot(page, "editor.png")
    _only_our_origins(guard, base_url)


def _engine_first_table(spec: dict[str, Any]) -> dict[str, Any]:
    """The engine's table for a scenario file's seat at its start (as tools/build_site.py stores it)."""
    from pygame_rules import api

    answer = json.loads(api.handle(json.dumps({"op": "scenario", "game": spec["game"], "scenario": spec["scenario"],
                                               "seat": spec.get("seat", 0)})))
    api.handle(json.dumps({"op": "drop", "session": answer["session"]}))
    return dict(answer["table"])


def _lab_outputs(page: Any) -> tuple[str, str]:
    page.wait_for_selector("#out-topspot[data-done]", timeout=ENGINE_TIMEOUT)
    page.wait_for_selector("#out-etalage[data-done]", timeout=ENGINE_TIMEOUT)
    return page.inner_text("#out-topspot"), page.inner_text("#out-etalage")


def test_pyscript_lab_runs_its_examples_offline_after_one_visit(context: Any, guard: Guard, base_url: str) -> None:
    page = context.new_page()
    page.goto(base_url + "lab.html")
    topspot, etalage = _lab_outputs(page)
    # The same question asked of the CPython engine gives the same stacks and values.
    state = pr.from_scenario("topspot", {"players": 3, "colours": ["red", "yellow", "green"],
                                         "hands": [["red-1", "red-7", "red-8", "red-12", "yellow-3"], ["green-1"],
                                                   ["green-2"]], "dealer": 2})
    expected = {f"worth {p['value']}: {' over '.join(p['cards'])}" for p in state.view(0)["playable"]}
    shown = {line.strip() for line in topspot.splitlines() if line.strip().startswith("worth")}
    assert f"{len(expected)} legal stacks" in topspot and shown == expected
    assert "worth 9: red-1 over red-7 over red-8" in shown
    assert etalage.startswith("100 tricks settled")
    ties = int(page.get_attribute("#out-etalage", "data-done"))
    assert 0 < ties < 100
    print(f"\nlab: Python done {page.evaluate('() => window.__lab.doneMs')} ms after the page started (cold)")
    page.wait_for_selector("body[data-offline=ready]", timeout=ENGINE_TIMEOUT)

    context.set_offline(True)
    page.reload()
    again = _lab_outputs(page)
    assert again == (topspot, etalage)
    print(f"lab offline: Python done {page.evaluate('() => window.__lab.doneMs')} ms")
    fresh = context.new_page()  # a new tab opened with the network cut
    fresh.goto(base_url + "lab.html")
    assert _lab_outputs(fresh) == (topspot, etalage)
    context.set_offline(False)
    screenshot(page, "lab.png")
    _only_our_origins(guard, base_url)


def test_embed_works_offline_after_one_visit(context: Any, guard: Guard, base_url: str) -> None:
    page = context.new_page()
    url = base_url + "embed.html?src=scenarios/demo-topspot.json"
    page.goto(url)
    page.click("#widget .rw-stage")  # the board is painted from the file's first table: a touch starts the engine
    page.wait_for_selector("#widget[data-state=ready]", timeout=ENGINE_TIMEOUT)
    page.wait_for_selector("html[data-offline=ready]", timeout=ENGINE_TIMEOUT)
    context.set_offline(True)
    page.reload()
    page.click("#widget .rw-stage")
    page.wait_for_selector("#widget[data-state=ready]", timeout=ENGINE_TIMEOUT)
    ms = page.evaluate("() => window.__widgets.stats.engineMs")
    print(f"\nwidget engine start offline (service worker): {ms} ms")
    page.click(".rw-next")
    page.wait_for_selector("#widget[data-step='1']", timeout=30_000)
    assert "Player 2 leads red" in page.inner_text(".rw-log")
    context.set_offline(False)
    _only_our_origins(guard, base_url)


def test_a_widget_goes_on_after_its_engine_restarts(context: Any, guard: Guard, base_url: str,
                                                     site_dir: Path) -> None:
    """A worker that dies (here: terminated, so the next request times out) is restarted by the engine, and the
    widget sets its position up again in the new one: the reader's next click works, nothing is lost."""
    folder = site_dir / "e2e-restart"
    _element_page(folder, "page.html",
                  '<rules-scenario id="ts" game="topspot" src="../scenarios/demo-topspot.json"></rules-scenario>')
    try:
        page = context.new_page()
        # a dedicated worker (the measuring switch): terminating it really ends Python and its sessions
        page.goto(base_url + "e2e-restart/page.html?worker=dedicated")
        page.click("#ts .rw-stage")
        page.wait_for_selector("#ts[data-state=ready]", timeout=ENGINE_TIMEOUT)
        page.click("#ts .rw-next")
        page.wait_for_selector("#ts[data-step='1']", timeout=ENGINE_TIMEOUT)
        # the page's one widget module (the engine lives there), as loaded by widgets.js
        js = page.evaluate("""() => performance.getEntriesByType('resource').map(e => e.name)
            .find(n => /\\/app\\/[^/]+\\/js\\/widgets\\/widget\\.js$/.test(n))""")
        assert js
        page.evaluate("""async (url) => {
            document.documentElement.dataset.engineTimeout = '3000';
            window.__testEngine = (await import(url)).getEngine();
            window.__testEngine.worker.terminate();
        }""", js)
        page.click("#ts .rw-next")  # times out: the engine restarts its worker
        page.wait_for_function("() => window.__testEngine.restarts.length === 1"
                               " && window.__testEngine.state.stage === 'ready'", timeout=ENGINE_TIMEOUT)
        # the usual time limit again: the new worker's first answers may take a while on a busy machine
        page.evaluate("() => { delete document.documentElement.dataset.engineTimeout; }")
        page.wait_for_selector("#ts[data-step='1']")
        # the reader is told in words, not with the engine's own message
        assert "started again" in page.inner_text("#ts .rw-status")
        page.click("#ts .rw-next")
        page.wait_for_selector("#ts[data-step='2']", timeout=ENGINE_TIMEOUT)
        assert "Player 3 follows: red 6" in page.inner_text("#ts .rw-log")
        assert page.locator("#ts .rw-status").is_hidden()
        verdict = _try_json(page, "#ts", LEGAL)
        assert verdict.startswith("Legal"), verdict
        assert not guard.errors, guard.errors[:5]
    finally:
        shutil.rmtree(folder, ignore_errors=True)
