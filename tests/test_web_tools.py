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
            text = path.read_text()
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


def test_the_engine_imports_no_javascript_at_import_time() -> None:
    """A memory snapshot may not hold JavaScript objects (js/pyodide-start.js): no engine module imports ``js``,
    ``pyodide`` or ``pyodide_js``, so the snapshot made after importing every module stays serialisable."""
    import ast

    found = []
    for path in sorted((ROOT / "pygame_rules").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            found += [(path.name, n) for n in names if n.split(".")[0] in {"js", "pyodide", "pyodide_js"}]
    assert found == []
