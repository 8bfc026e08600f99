"""The site tooling without a browser: netlify.toml's headers (which tools/serve.py also applies) and the build's
static inputs. The browser behaviour itself is tested in e2e/."""

from __future__ import annotations

import json
from pathlib import Path

from tools import serve

ROOT = Path(__file__).resolve().parent.parent
RULES = serve.load_header_rules()


def test_wasm_and_mjs_get_their_content_types() -> None:
    assert serve.headers_for("/pyodide/314.0.7/pyodide.asm.wasm", RULES)["Content-Type"] == "application/wasm"
    assert serve.headers_for("/pyodide/314.0.7/pyodide.mjs", RULES)["Content-Type"].startswith("text/javascript")


def test_hashed_assets_are_immutable_and_entry_points_are_not_cached() -> None:
    for path in ("/app/0123abcd/js/main.js", "/pyodide/314.0.7/python_stdlib.zip"):
        assert "immutable" in serve.headers_for(path, RULES)["Cache-Control"]
    for path in ("/", "/index.html", "/sw.js", "/manifest.webmanifest"):
        cache = serve.headers_for(path, RULES)["Cache-Control"]
        assert "no-cache" in cache and "immutable" not in cache, path


def test_csp_allows_only_our_own_origin() -> None:
    csp = serve.headers_for("/index.html", RULES)["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == "'self' 'wasm-unsafe-eval'"
    assert directives["object-src"] == "'none'"
    for sources in directives.values():
        assert "http" not in sources and "*" not in sources and "unsafe-inline" not in sources


def test_pyodide_is_pinned_exactly() -> None:
    package = json.loads((ROOT / "package.json").read_text())
    lock = json.loads((ROOT / "package-lock.json").read_text())
    assert package["dependencies"]["pyodide"] == "314.0.7"
    assert lock["packages"]["node_modules/pyodide"]["version"] == "314.0.7"


def test_manifest_is_installable() -> None:
    manifest = json.loads((ROOT / "web" / "manifest.webmanifest").read_text())
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert (ROOT / "web" / icon["src"]).is_file(), icon["src"]


def test_the_web_app_loads_nothing_from_elsewhere() -> None:
    for path in (ROOT / "web").rglob("*"):
        if path.suffix in {".js", ".html", ".css", ".webmanifest"}:
            # the SVG namespace is an identifier (document.createElementNS), never fetched
            text = path.read_text().replace("http://www.w3.org/2000/svg", "")
            assert "http://" not in text and "https://" not in text and "cdn" not in text.lower(), path
