"""A deploy while the app is open (docs/web.md, "How it runs"): every tab that runs an older app than the service
worker now holds is told, with the "new version" banner.

Two real builds of the site that differ in one file (so their app directories, `app/<hash>/`, differ) are served in
turn from one folder. The new service worker takes over every open tab as soon as it is installed, whenever that
is: the tab that installed the first version must hear of it, and so must the very load that found the deploy,
even when the takeover comes before its engine is ready.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from e2e.conftest import ENGINE_TIMEOUT, Guard, wait_engine

BANNER = "#update-banner"
CONTROLLED = "() => navigator.serviceWorker.controller !== null"
OWN_APP = "() => new URL(document.querySelector('script[type=module][src*=\"app/\"]').src).pathname.split('/')[2]"
# The controlling service worker's app directory, asked as js/app/update-check.js asks it.
SW_APP = """() => new Promise((ok) => {
  const channel = new MessageChannel();
  setTimeout(() => ok(null), 10000);
  channel.port1.onmessage = (e) => ok(e.data.app);
  navigator.serviceWorker.controller.postMessage("version", [channel.port2]);
})"""


@pytest.fixture(scope="module")
def second_build(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A second build of the site from the same sources but one changed stylesheet: a different app hash."""
    from tools import build_site

    root = tmp_path_factory.mktemp("release2")
    web = root / "web"
    shutil.copytree(build_site.WEB, web)
    css = web / "css" / "app.css"
    css.write_text(css.read_text() + "\n/* release 2 */\n")
    saved = build_site.WEB
    build_site.WEB = web
    try:
        build_site.build(root / "site")
    finally:
        build_site.WEB = saved
    return root / "site"


class Deploy:
    """One folder served on 127.0.0.1 that holds the first build until ``publish`` copies the second over it."""

    def __init__(self, first: Path, second: Path, folder: Path) -> None:
        from tools import serve

        self.second, self.folder = second, folder
        shutil.copytree(first, folder, copy_function=shutil.copyfile)
        self.server, self.url = serve.start(folder)

    def publish(self) -> None:
        shutil.copytree(self.second, self.folder, copy_function=shutil.copyfile, dirs_exist_ok=True)

    def new_app(self) -> str:
        [app] = [p.name for p in (self.second / "app").iterdir()]
        return app


@pytest.fixture
def deploy(site_dir: Path, second_build: Path, tmp_path: Path) -> Iterator[Deploy]:
    where = Deploy(site_dir, second_build, tmp_path / "served")
    yield where
    where.server.shutdown()


def wait_until(page: Any, script: str, seconds: float = 90) -> None:
    """Poll an async page predicate (wait_for_function cannot await a Promise)."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(script):
        assert time.monotonic() < deadline, script
        page.wait_for_timeout(200)


def settle_version_check(page: Any) -> None:
    """Let the page's own start-up version check answer (it asks the same service worker, on its own port)."""
    page.evaluate(SW_APP)
    page.wait_for_timeout(300)


def test_the_tab_that_installed_the_app_hears_of_a_deploy(browser: Any, deploy: Deploy) -> None:
    guard = Guard(deploy.url)
    ctx = browser.new_context(service_workers="allow")
    guard.watch_context(ctx)
    try:
        first = ctx.new_page()
        first.goto(deploy.url)
        wait_engine(first)
        first.wait_for_function(CONTROLLED, timeout=ENGINE_TIMEOUT)
        settle_version_check(first)
        assert first.locator(BANNER).count() == 0  # installing the first version is not an update
        old_app = first.evaluate(OWN_APP)
        assert first.evaluate(SW_APP) == old_app

        deploy.publish()
        other = ctx.new_page()
        other.goto(deploy.url)  # this visit finds the new sw.js; the new worker then takes over both tabs
        first.wait_for_selector(BANNER, timeout=ENGINE_TIMEOUT)
        other.wait_for_selector(BANNER, timeout=ENGINE_TIMEOUT)  # it was served the old page by the old worker
        assert first.evaluate(SW_APP) == deploy.new_app() != old_app

        # Reloading starts the new version, which is not told again.
        first.click("#update-reload")
        wait_engine(first)
        assert first.evaluate(OWN_APP) == deploy.new_app()
        settle_version_check(first)
        assert first.locator(BANNER).count() == 0
        guard.check()
    finally:
        ctx.close()


def test_the_load_that_finds_a_deploy_shows_the_banner(browser: Any, deploy: Deploy) -> None:
    guard = Guard(deploy.url)
    ctx = browser.new_context(service_workers="allow")
    guard.watch_context(ctx)
    try:
        page = ctx.new_page()
        page.goto(deploy.url)
        wait_engine(page)
        page.wait_for_function(CONTROLLED, timeout=ENGINE_TIMEOUT)
        old_app = page.evaluate(OWN_APP)

        deploy.publish()
        # Make the takeover surely come before this load's engine is ready: no start snapshot (a normal start takes
        # seconds), and Pyodide's wasm held until the new worker is installed. (Held longer, it would hold the
        # takeover too: a new worker activates only once the old one has answered the fetches it is handling.)
        page.evaluate("() => caches.delete('pyodide-snapshot.v1')")
        held: list[Any] = []
        ctx.route("**/pyodide.asm.wasm", lambda route: held.append(route))
        page.add_init_script("navigator.serviceWorker.addEventListener('controllerchange', () => {"
                             " window.__engineAtTakeover = document.body.dataset.engine; })")
        page.reload()
        wait_until(page, "async () => !!(await navigator.serviceWorker.getRegistration()).waiting")
        assert page.evaluate(OWN_APP) == old_app  # the old worker served the old page
        for route in held:
            route.continue_()
        ctx.unroute("**/pyodide.asm.wasm")
        page.wait_for_function("() => window.__engineAtTakeover !== undefined", timeout=ENGINE_TIMEOUT)
        assert page.evaluate("() => window.__engineAtTakeover") == "loading"
        wait_engine(page)
        page.wait_for_selector(BANNER, timeout=ENGINE_TIMEOUT)
        guard.check()
    finally:
        ctx.close()
