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
    for path in ("/app/0123abcd/js/app/main.js", "/pyodide/314.0.7/python_stdlib.zip"):
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


# ----- instant start (issue 13): build and server pieces, no browser -------------------------------------------------
def test_the_stdlib_zip_is_restored_with_stored_members_and_the_same_files(tmp_path: Path) -> None:
    import zipfile

    from tools import build_site

    src = tmp_path / "src.zip"
    with zipfile.ZipFile(src, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(zipfile.ZipInfo("pkg/__init__.py", (2020, 1, 2, 3, 4, 6)), "x = 1\n" * 200)
        z.writestr("pkg/data.txt", b"abc" * 1000)
    dst = tmp_path / "dst.zip"
    build_site.restore_zip_uncompressed(src, dst)
    with zipfile.ZipFile(src) as a, zipfile.ZipFile(dst) as b:
        assert [i.filename for i in a.infolist()] == [i.filename for i in b.infolist()]
        assert all(i.compress_type == zipfile.ZIP_STORED for i in b.infolist())
        assert all(a.read(n) == b.read(n) for n in a.namelist())
        assert b.getinfo("pkg/__init__.py").date_time == (2020, 1, 2, 3, 4, 6)
    # zipimport (what Python uses for the stdlib zip) reads the stored file.
    import zipimport

    importer = zipimport.zipimporter(str(dst))
    assert importer.find_spec("pkg") is not None
    assert importer.get_data("pkg/data.txt") == b"abc" * 1000


def test_accept_encoding_picks_brotli_then_gzip_and_honours_q0() -> None:
    assert serve.choose_encoding("") is None
    assert serve.choose_encoding("gzip, deflate") == "gzip"
    assert serve.choose_encoding("gzip;q=0, deflate") is None
    expected = "br" if serve.brotli is not None else "gzip"
    assert serve.choose_encoding("gzip, deflate, br, zstd") == expected
    assert serve.choose_encoding("br;q=0, gzip") == "gzip"


def test_the_server_compresses_like_a_cdn_and_counts_wire_bytes(tmp_path: Path) -> None:
    import gzip
    import urllib.request

    (tmp_path / "index.html").write_text("<!doctype html><title>t</title>" + "<p>hello</p>" * 500)
    (tmp_path / "big.wasm").write_bytes(b"\0asm" + bytes(range(256)) * 400)
    (tmp_path / "pic.png").write_bytes(b"\x89PNG" + bytes(2000))
    server, url = serve.start(tmp_path)
    try:
        def get(path: str, enc: str) -> tuple[bytes, dict[str, str]]:
            req = urllib.request.Request(url + path, headers={"Accept-Encoding": enc})
            with urllib.request.urlopen(req) as res:
                return res.read(), dict(res.headers)

        body, headers = get("", "gzip")
        assert headers.get("Content-Encoding") == "gzip" and headers["Vary"] == "Accept-Encoding"
        assert gzip.decompress(body) == (tmp_path / "index.html").read_bytes()
        body, headers = get("big.wasm", "gzip")
        assert gzip.decompress(body) == (tmp_path / "big.wasm").read_bytes()
        assert headers["Content-Type"] == "application/wasm" and int(headers["Content-Length"]) == len(body)
        body, headers = get("pic.png", "gzip")
        assert "Content-Encoding" not in headers and body == (tmp_path / "pic.png").read_bytes()
        body, headers = get("big.wasm", "identity")
        assert "Content-Encoding" not in headers and body == (tmp_path / "big.wasm").read_bytes()
        if serve.brotli is not None:
            body, headers = get("big.wasm", "br")
            assert headers["Content-Encoding"] == "br"
            assert serve.brotli.decompress(body) == (tmp_path / "big.wasm").read_bytes()
    finally:
        server.shutdown()


def test_the_build_precompresses_big_files_and_the_server_sends_that_body(tmp_path: Path) -> None:
    """Step 6 of the build: a brotli-11 sibling beside each big compressible file only; the server sends it for br."""
    import urllib.request

    import pytest

    from tools import build_site

    brotli = pytest.importorskip("brotli")
    big = b"\0asm" + bytes(range(256)) * 5000  # over PRECOMPRESS_MIN
    (tmp_path / "index.html").write_text("<!doctype html><title>t</title>")
    (tmp_path / "big.wasm").write_bytes(big)
    (tmp_path / "big.png").write_bytes(big)  # not a compressible type
    (tmp_path / "small.js").write_text("let a = 1;\n" * 100)  # under the threshold
    written = build_site.precompress(tmp_path)
    assert written == ["big.wasm.br"]
    assert brotli.decompress((tmp_path / "big.wasm.br").read_bytes()) == big
    # a marker body proves the server sent the sibling and did not compress on the fly
    (tmp_path / "big.wasm.br").write_bytes(brotli.compress(b"precompressed"))
    server, url = serve.start(tmp_path)
    try:
        req = urllib.request.Request(url + "big.wasm", headers={"Accept-Encoding": "br"})
        with urllib.request.urlopen(req) as res:
            assert res.headers["Content-Encoding"] == "br"
            assert brotli.decompress(res.read()) == b"precompressed"
        req = urllib.request.Request(url + "big.wasm", headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(req) as res:
            import gzip

            assert gzip.decompress(res.read()) == big
    finally:
        server.shutdown()


def test_the_engine_imports_no_javascript_at_import_time() -> None:
    """A memory snapshot may not hold JavaScript objects (js/worker/pyodide-start.js): no engine module imports ``js``,
    ``pyodide`` or ``pyodide_js``, so the snapshot made after importing every module stays serialisable."""
    import ast

    found = []
    for path in sorted((ROOT / "pygame_rules").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            found += [(path.name, n) for n in names if n.split(".")[0] in {"js", "pyodide", "pyodide_js"}]
    assert found == []

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
    assert "frame-ancestors" in _csp("/app/0123abcd/js/worker/worker.js")


def test_only_this_builds_hashed_directories_are_immutable() -> None:
    from tools import build_site

    rules = RULES + serve.parse_headers_file(build_site.immutable_headers("0123abcd", "314.0.7", "0.7.31"))
    for path in ("/app/0123abcd/js/app/main.js", "/pyodide/314.0.7/python_stdlib.zip", "/pyscript/0.7.31/core.js"):
        assert "immutable" in serve.headers_for(path, rules)["Cache-Control"], path
    for path in ("/app/feedface/js/app/main.js", "/app/nothing", "/pyodide/0.1/pyodide.mjs", "/"):
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
