"""Scanning a connection code with the camera inside the app (docs/multiplayer.md, "Scanning a code"), in Chromium.

Chromium's fake camera plays a .y4m file chosen at launch (``--use-file-for-fake-video-capture``) and opens it again
each time a page starts the camera, so one browser with a fake camera serves both devices: the test draws the QR code
the host's page shows (its modules, read from the SVG) into that file, the guest presses Scan on its join screen and
joins, then the test draws the guest's answer QR code into the file and the host presses Scan on the seat's Answer
code and connects. Neither code is typed or pasted. A refused camera, and a page with no camera at all, are told in
the reader's language (German) and leave the field empty."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from e2e.conftest import CHROMIUM, CHROMIUM_ARGS, ENGINE_TIMEOUT, Guard
from e2e.test_multiplayer import host_table, open_device

WIDTH, HEIGHT = 640, 480
# Keeps every camera stream a page opens, to check that each track was stopped after the scan.
WATCH_JS = """() => {
  window.__streams = [];
  const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = async (c) => { const s = await open(c); window.__streams.push(s); return s; };
}"""
LIVE_JS = "() => window.__streams.flatMap((s) => s.getTracks()).filter((t) => t.readyState !== 'ended').length"


def qr_modules(page: Any, selector: str) -> list[list[bool]]:
    """The dark modules of the QR code drawn by js/net/qr.js at `selector` (quiet zone included), row by row."""
    svg = page.locator(selector)
    svg.wait_for(timeout=ENGINE_TIMEOUT)
    size = int(svg.get_attribute("data-modules")) + 8
    path = svg.locator("path").get_attribute("d")
    grid = [[False] * size for _ in range(size)]
    for x, y in re.findall(r"M(\d+) (\d+)h1v1h-1z", path):
        grid[int(y)][int(x)] = True
    assert sum(map(sum, grid)) > size  # a real code, not an empty drawing
    return grid


def write_y4m(path: Path, grid: list[list[bool]], frames: int = 5) -> None:
    """A grey-scale .y4m video of `grid` centred on a white frame (4:2:0, neutral chroma), `frames` still frames."""
    scale = min(WIDTH, HEIGHT) // len(grid)
    left, top = (WIDTH - scale * len(grid)) // 2, (HEIGHT - scale * len(grid)) // 2
    luma = bytearray(b"\xeb" * (WIDTH * HEIGHT))
    for row, cells in enumerate(grid):
        for col, dark in enumerate(cells):
            if dark:
                for y in range(top + row * scale, top + (row + 1) * scale):
                    start = y * WIDTH + left + col * scale
                    luma[start:start + scale] = b"\x10" * scale
    chroma = b"\x80" * (WIDTH * HEIGHT // 2)
    frame = b"FRAME\n" + bytes(luma) + chroma
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(f"YUV4MPEG2 W{WIDTH} H{HEIGHT} F10:1 Ip A1:1 C420jpeg\n".encode() + frame * frames)
    tmp.replace(path)


@contextmanager
def fake_camera_browser(session_browser: Any, camera: Path, *, allowed: bool) -> Iterator[Any]:
    """A Chromium of its own whose camera plays `camera` (a blank frame until a test draws); the page may use it when
    `allowed`, else every request for it is refused as a person refusing the prompt would. It is launched by the
    session's Playwright (one sync Playwright per thread: a second one would refuse to start)."""
    write_y4m(camera, [[False]])
    flags = ["--use-fake-device-for-media-stream", f"--use-file-for-fake-video-capture={camera}"]
    if allowed:
        flags.append("--use-fake-ui-for-media-stream")
    browser = session_browser.browser_type.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, *flags])
    try:
        yield browser
    finally:
        browser.close()


@pytest.fixture
def camera_browser(browser: Any, tmp_path: Path) -> Iterator[tuple[Any, Path]]:
    """A browser whose fake camera shows whatever the test writes to the returned .y4m file."""
    with fake_camera_browser(browser, tmp_path / "camera.y4m", allowed=True) as own:
        yield own, tmp_path / "camera.y4m"


def test_the_guest_scans_the_invite_and_the_host_scans_the_answer(camera_browser: Any, guard: Guard,
                                                                   base_url: str) -> None:
    browser, camera = camera_browser
    host = open_device(browser, guard, base_url)
    host.evaluate(WATCH_JS)
    host_table(host, 1)
    section = host.locator('.net-seat[data-seat="1"]')
    link = section.get_by_label("Invite link").input_value()
    write_y4m(camera, qr_modules(host, '.net-seat[data-seat="1"] svg.qr'))

    guest = open_device(browser, guard, base_url, "nl")
    guest.evaluate(WATCH_JS)
    guest.click("#join-table")
    guest.get_by_role("button", name="Scannen").click()
    answer = guest.locator("#net-answer-code")
    answer.wait_for(timeout=ENGINE_TIMEOUT)  # the scan filled the invite field and pressed Join
    assert guest.get_by_label("Uitnodigingslink").input_value() == link
    native = guest.evaluate("async () => 'BarcodeDetector' in window"
                            " && (await BarcodeDetector.getSupportedFormats()).includes('qr_code')")
    assert guest.locator(".net-scan-button").first.get_attribute("data-decoder") == (
        "BarcodeDetector" if native else "jsqr")
    assert guest.locator(".net-scan video").count() == 0  # the camera panel is closed and the camera stopped
    assert guest.evaluate("() => window.__streams.length") == 1 and guest.evaluate(LIVE_JS) == 0

    write_y4m(camera, qr_modules(guest, "#net-answer svg.qr"))
    section.get_by_role("button", name="Scan").click()
    host.wait_for_selector('.net-seat[data-seat="1"][data-joined="true"]', timeout=30_000)
    assert section.get_by_label("Answer code").input_value() == answer.input_value()
    assert host.evaluate("() => document.querySelectorAll('video').length") == 0
    assert host.evaluate("() => window.__streams.length") == 1 and host.evaluate(LIVE_JS) == 0
    host.click("#net-deal")
    guest.wait_for_function("() => !!window.__net.guest.controller", timeout=30_000)
    guard.check()
    host.context.close()
    guest.context.close()


@pytest.mark.parametrize("camera", ["refused", "none"])
def test_without_a_camera_the_scan_says_so_in_the_readers_language(browser: Any, tmp_path: Path, guard: Guard,
                                                                   base_url: str, camera: str) -> None:
    """"refused": a browser with a camera whose permission prompt is refused. "none": a page with no camera API."""
    with fake_camera_browser(browser, tmp_path / "camera.y4m", allowed=False) as own:
        browser = own
        guest = open_device(browser, guard, base_url, "de")
        if camera == "none":
            guest.evaluate("() => { Object.defineProperty(navigator, 'mediaDevices', { value: undefined }); }")
        guest.click("#join-table")
        guest.get_by_role("button", name="Scannen").click()
        state = guest.locator(".net-scan .net-state")
        guest.wait_for_function("() => !document.querySelector('.net-scan .net-state').textContent"
                                ".includes('startet')", timeout=15_000)
        assert state.inner_text() == {
            "refused": "Diese Seite darf die Kamera nicht benutzen. Erlaube es in den Einstellungen des Browsers "
                       "oder füge den Code ein.",
            "none": "Auf diesem Gerät lässt sich keine Kamera nutzen. Füge den Code stattdessen ein."}[camera]
        guest.get_by_role("button", name="Abbrechen").first.click()
        assert guest.locator(".net-scan").first.is_hidden()
        assert guest.get_by_label("Einladungslink").input_value() == ""
        guard.check()
