"""A rules page draws every widget's board from the first table stored with its scenario file (tools/build_site.py)
before any engine exists, downloads no Python until the reader touches a widget, and then the engine's own table is
the same board, and the widget works as before (docs/embedding.md, "Drawn before the engine starts")."""

from __future__ import annotations

import re
from typing import Any

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
