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
    from tools import build_site

    built = RULES + serve.parse_headers_file(build_site.immutable_headers("0123abcd", "314.0.7", "0.7.31"))
    for path in ("/app/0123abcd/js/main.js", "/pyodide/314.0.7/python_stdlib.zip"):
        assert "immutable" in serve.headers_for(path, built)["Cache-Control"]
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


# ----- issue 16: headers at every path a page is reached at ------------------------------------------------------
PAGES = {"index": "'self'", "editor": "'self'", "lab": "'self'", "embed": None}


def _csp(path: str, rules: list[tuple[str, dict[str, str]]] = RULES) -> dict[str, str]:
    values = [v["Content-Security-Policy"] for p, v in rules
              if "Content-Security-Policy" in v and serve.headers_for(path, [(p, v)])]
    assert len(values) == 1, (path, len(values))  # Netlify would join two policies: exactly one rule per path
    return dict(d.strip().split(" ", 1) for d in values[0].split(";"))


def test_every_path_of_every_page_has_one_policy_and_revalidates() -> None:
    from tools import build_site

    pages = {p.removesuffix(".html") for p in build_site.ROOT_PAGES if p.endswith(".html")} | {"index"}
    assert pages == set(PAGES), "a new page needs its rules in netlify.toml and here"
    for page, frame in PAGES.items():
        for path in (f"/{page}", f"/{page}/", f"/{page}.html"):
            if path == "/index/":
                continue
            directives = _csp(path)
            assert directives.get("frame-ancestors") == frame, path
            assert directives["default-src"] == "'self'", path
            assert "no-cache" in serve.headers_for(path, RULES)["Cache-Control"], path
    assert _csp("/")["frame-ancestors"] == "'self'"
    assert _csp("/rules/skipbo.en.html")["frame-ancestors"] == "'self'"
    assert "frame-ancestors" in _csp("/app/0123abcd/js/worker.js")


def test_only_this_builds_hashed_directories_are_immutable() -> None:
    from tools import build_site

    rules = RULES + serve.parse_headers_file(build_site.immutable_headers("0123abcd", "314.0.7", "0.7.31"))
    for path in ("/app/0123abcd/js/main.js", "/pyodide/314.0.7/python_stdlib.zip", "/pyscript/0.7.31/core.js"):
        assert "immutable" in serve.headers_for(path, rules)["Cache-Control"], path
    for path in ("/app/feedface/js/main.js", "/app/nothing", "/pyodide/0.1/pyodide.mjs", "/"):
        assert "immutable" not in serve.headers_for(path, rules).get("Cache-Control", ""), path


def test_the_local_server_answers_pretty_paths_like_netlify(tmp_path: Path) -> None:
    import urllib.error
    import urllib.request

    from tools import build_site

    for name in ("index.html", "editor.html", "embed.html", "lab.html"):
        (tmp_path / name).write_text(f"<title>{name}</title>")
    (tmp_path / "app" / "0123abcd").mkdir(parents=True)
    (tmp_path / "app" / "0123abcd" / "x.js").write_text("1")
    (tmp_path / "_headers").write_text(build_site.immutable_headers("0123abcd", "314.0.7", "0.7.31"))
    server, url = serve.start(tmp_path)
    try:
        for path, name in (("editor", "editor.html"), ("editor/", "editor.html"), ("embed", "embed.html"),
                           ("lab", "lab.html"), ("index", "index.html")):
            with urllib.request.urlopen(url + path) as response:
                assert name in response.read().decode()
                assert response.headers["Content-Type"].startswith("text/html")
                frame = _csp("/" + path).get("frame-ancestors")
                assert response.headers["Content-Security-Policy"].count("frame-ancestors") == (1 if frame else 0)
        with urllib.request.urlopen(url + "app/0123abcd/x.js") as response:
            assert "immutable" in response.headers["Cache-Control"]
        for missing in ("app/0123abcd/gone.js", "app/feedface/x.js", "_headers"):
            try:
                urllib.request.urlopen(url + missing)
                raise AssertionError(f"{missing} was served")
            except urllib.error.HTTPError as exc:
                assert exc.code == 404
                assert "immutable" not in (exc.headers["Cache-Control"] or ""), missing
    finally:
        server.shutdown()
