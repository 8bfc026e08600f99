"""A rules page draws every widget's board from the first table stored with its scenario file (tools/build_site.py)
before any engine exists, downloads no Python until the reader touches a widget, and then the engine's own table is
the same board, and the widget works as before (docs/embedding.md, "Drawn before the engine starts")."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .conftest import ENGINE_TIMEOUT, Guard

WASM = "pyodide.asm.wasm"


def _wasm_requests(guard: Guard) -> list[str]:
    """Requests that mean Python is on its way: Pyodide's files, or the engine's Worker scripts (js/worker/worker.js,
    snapshot-worker.js and the modules only they import). The page-side modules beside them in js/worker/ (engine.js,
    pyodide-start.js, fetch-progress.js) are plain modules the widget code imports; loading one starts nothing."""
    return [u for u in guard.requests if u.split("?")[0].endswith(WASM) or "/pyodide/" in u
            or re.search(r"/js/worker/(worker|snapshot-worker|worker-shared|worker-requests)\.js$", u.split("?")[0])]


def test_a_rules_page_paints_every_board_before_python(context: Any, guard: Guard, base_url: str) -> None:
    page = context.new_page()  # a cold profile: nothing cached, no service worker
    page.goto(f"{base_url}rules/topspot.en.html")
    widgets = page.locator("rules-scenario")
    count = widgets.count()
    assert count >= 3
    page.wait_for_function("() => [...document.querySelectorAll('rules-scenario')].every((el) =>"
                           " el.dataset.state === 'painted' && el.querySelector('.rw-board [data-key]'))",
                           timeout=15_000)
    page.wait_for_timeout(1500)  # time in which an eager widget would have asked for Python
    assert _wasm_requests(guard) == [], _wasm_requests(guard)[:5]
    assert page.evaluate("() => window.__widgets.stats.engineRequestedAt") is None
    first = widgets.first
    painted = first.locator(".rw-board").inner_html()
    assert not first.locator(".rw-stage").evaluate("(el) => el.classList.contains('covered')")

    first.locator(".rw-stage").click()  # the first interaction starts the engine
    page.wait_for_selector("rules-scenario[data-state=ready]", timeout=ENGINE_TIMEOUT)
    assert any(u.split("?")[0].endswith(WASM) for u in guard.requests)
    assert any(u.split("?")[0].endswith("/js/worker/worker.js") for u in _wasm_requests(guard))  # seen when it starts
    assert first.locator(".rw-board").inner_html() == painted  # the engine's table draws the same board
    # The other widgets stayed painted, untouched, on the one engine the page now has.
    assert widgets.nth(1).get_attribute("data-state") == "painted"

    # And the widget works as before: a scripted step, then the second widget starts at its Next button.
    first.locator(".rw-next").click()
    page.wait_for_selector("rules-scenario[data-step='1']", timeout=30_000)
    assert first.locator(".rw-log li:not(.rw-log-empty)").count() >= 1
    second = widgets.nth(1)
    second.scroll_into_view_if_needed()
    second.locator(".rw-next").focus()  # keyboard focus is an interaction too
    page.wait_for_function("(el) => el.dataset.state === 'ready'", arg=second.element_handle(), timeout=ENGINE_TIMEOUT)
    guard.check()


# Where the parts of a painted Level 8 widget's board lie (page pixels).
LEVEL8_BOXES = """(w) => {
  const box = (sel) => w.querySelector(sel).getBoundingClientRect();
  const [board, top, sheet, head, me] = ['.rw-board', '.l8-top', '.l8-sheet', '.l8-sheet-head h2', '.l8-me'].map(box);
  return {board: board.width, meLeft: me.left, topRight: top.right, headGap: head.top - sheet.top};
}"""


@pytest.mark.parametrize("size", [(1280, 800), (375, 812)], ids=["1280x800", "375x812"])
def test_a_level8_widget_lays_out_by_its_own_width(context: Any, guard: Guard, base_url: str,
                                                    size: tuple[int, int]) -> None:
    """On the rules page a widget is no wider than the text (about 650 px), whatever the window: its board stacks as the
    app's does on a board that narrow (not the two columns of a 1280 px window's table), and the page's own heading
    style stays out of the board (the sheet's title sits at the top of its panel, with no band of margin above it)."""
    page = context.new_page()
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{base_url}rules/level8.en.html")
    widget = page.locator("rules-scenario").first
    widget.scroll_into_view_if_needed()
    page.wait_for_function("(el) => el.dataset.state === 'painted' && !!el.querySelector('.rw-board .l8-me')",
                           arg=widget.element_handle(), timeout=15_000)
    boxes = widget.evaluate(LEVEL8_BOXES)
    assert boxes["board"] < 760, boxes  # narrower than the board of the app's two-column table
    assert boxes["meLeft"] < boxes["topRight"], f"your area beside the sheet in a {boxes['board']:.0f} px box: {boxes}"
    assert boxes["headGap"] <= 12, f"a band above the level sheet's title: {boxes}"
    guard.check()


@pytest.mark.parametrize("where", ["rules", "embed"])
def test_a_board_is_drawn_with_its_stylesheet_never_bare_first(context: Any, guard: Guard, base_url: str,
                                                               where: str) -> None:
    """The Level 8 renderer adds its stylesheet when its module loads, so on a first visit the sheet may arrive after
    the board could be drawn. Held here, the widget (a rules page's element, or an embed frame) draws nothing until
    it arrives, and its first board is styled."""
    held: list[Any] = []
    context.route("**/css/level8.css", lambda route: held.append(route))
    page = context.new_page()
    if where == "rules":
        page.goto(f"{base_url}rules/level8.en.html")
        root = "document.querySelector('rules-scenario')"
    else:
        page.goto(f"{base_url}embed.html?src=scenarios/level8-layout.json")
        root = "document.getElementById('widget')"
    page.wait_for_timeout(800)  # time in which an unwaiting widget draws its board (it needs no network)
    assert held, "the Level 8 stylesheet was never asked for"
    assert page.evaluate(f"() => {root}.dataset.state") != "painted"
    assert page.evaluate(f"() => !{root}.querySelector('.rw-board .l8')")
    # The style at the moment of the first paint, recorded by an observer set before the sheet is let through.
    page.evaluate(f"""() => {{
      const root = {root};
      new MutationObserver(() => {{
        const board = root.querySelector('.rw-board .l8');
        if (board && window.__firstL8CardWidth === undefined)
          window.__firstL8CardWidth = getComputedStyle(board).getPropertyValue('--cw');
      }}).observe(root, {{subtree: true, childList: true}});
    }}""")
    for route in held:
        route.continue_()
    page.wait_for_function(f"() => {root}.dataset.state === 'painted'", timeout=15_000)
    # level8.css gives .l8 its card width (--cw); a bare board has none
    assert page.evaluate("() => window.__firstL8CardWidth").strip() != ""
    guard.check()


# The painted board's height against the place the widget reserved for it (its stage's min-height), in page pixels.
LEVEL8_FIT = """(root) => {
  const board = root.querySelector('.rw-board').getBoundingClientRect();
  const cards = [...root.querySelectorAll('.rw-board .l8-hand .card')];
  const hand = cards.map((c) => Math.round(c.getBoundingClientRect().top));
  const reserved = parseFloat(root.querySelector('.rw-stage').style.minHeight);
  return {width: board.width, height: board.height, reserved, handRows: new Set(hand).size,
          cardWidth: cards.length ? cards[0].getBoundingClientRect().width : 0};
}"""


@pytest.mark.parametrize("width", [500, 650, 700, 900])
@pytest.mark.parametrize("scenario", ["level8-layout", "level8-skip", "demo-level8-try"])
def test_a_level8_board_stays_within_its_reserved_place(context: Any, guard: Guard, base_url: str, width: int,
                                                        scenario: str) -> None:
    """A Level 8 widget framed at a mid width (between the stacked and the two-column layouts) paints a board no taller
    than the place it reserved before Python, so the host page does not jump (docs/embedding.md, "No jumping"): the
    hand of ten stays one row where the board is over 608 px wide, with cards that stay readable."""
    page = context.new_page()
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{base_url}embed.html?src=scenarios/{scenario}.json")
    page.wait_for_function("() => { const el = document.getElementById('widget');"
                           " return el.dataset.state === 'painted' && !!el.querySelector('.rw-board .l8-me'); }",
                           timeout=15_000)
    fit = page.evaluate(f"() => ({LEVEL8_FIT})(document.getElementById('widget'))")
    assert fit["height"] <= fit["reserved"], f"board taller than its reserved place at {width} px: {fit}"
    assert fit["cardWidth"] >= 42, fit  # no smaller than the narrow layout's hand
    if fit["width"] > 608:
        assert fit["handRows"] == 1, fit
    guard.check()
