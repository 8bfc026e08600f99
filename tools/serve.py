"""Serve the built ``site/`` on 127.0.0.1 with the same headers Netlify sends (read from netlify.toml and the
build's ``site/_headers``), at the same paths: ``/editor`` (and ``/editor/``) answers ``editor.html`` as Netlify does,
with the headers of the path asked for, and ``_headers`` itself is not served.

Like Netlify, responses are compressed when the browser accepts it: brotli when the ``brotli`` package (a pinned dev
dependency) is installed and the request says ``br`` (Chromium does, on 127.0.0.1 too), else gzip from the standard
library. Bodies over 1 MB get brotli quality 5, as CDNs compress on the fly (quality 9 took 9 s for the wasm on the
loaded test machine, long enough to stall a page load); smaller ones quality 11. Each body is compressed once: a
per-file lock makes concurrent requests wait for the first, and the result is kept in memory and in a disk cache
under the system temp folder keyed by the content's SHA-256, so test sessions after the first pay nothing. When the
build left a ``<file>.br`` beside a file (brotli quality 11, ``tools/build_site.py`` step 6), that body is sent instead
to browsers that accept brotli: what a host that precompresses sends.

``python tools/serve.py [--port 8000] [--dir site]`` prints the URL and serves until interrupted. The e2e tests use
:func:`start` to run it in a thread on a free port. Applying netlify.toml's headers here means the tests exercise the
real Content-Security-Policy and caching rules, not a friendlier local approximation.
"""

from __future__ import annotations

import argparse
import email.utils
import fnmatch
import functools
import gzip
import hashlib
import http.server
import io
import os
import tempfile
import threading
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO

try:  # optional: pinned in pyproject's dev extras; gzip alone is enough to serve
    import brotli  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - depends on the environment
    brotli = None

ROOT = Path(__file__).resolve().parent.parent
TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
         ".webmanifest": "application/manifest+json", ".whl": "application/zip", ".json": "application/json",
         ".svg": "image/svg+xml", ".zip": "application/zip"}


# Content types sent compressed (as a CDN does for text and for wasm; zip is listed because the build stores
# python_stdlib.zip's members uncompressed so that this compression can shrink it: docs/web.md).
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "application/manifest+json",
                "application/wasm", "application/zip", "image/svg+xml")
_packed: dict[tuple[str, float, str], bytes] = {}
_packed_locks: dict[tuple[str, float, str], threading.Lock] = {}
_packed_lock = threading.Lock()
DISK_CACHE = Path(tempfile.gettempdir()) / "pygame_rules_serve_cache"
BIG = 1_000_000


def choose_encoding(accept: str) -> str | None:
    """``"br"``, ``"gzip"`` or ``None`` for an ``Accept-Encoding`` header value (q=0 refuses a coding)."""
    offered = {}
    for part in accept.split(","):
        name, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        offered[name.strip().lower()] = q
    if brotli is not None and offered.get("br", 0) > 0:
        return "br"
    if offered.get("gzip", 0) > 0:
        return "gzip"
    return None


def compress(data: bytes, encoding: str) -> bytes:
    """``data`` encoded with ``encoding`` ("br" or "gzip"), at the levels a CDN typically uses."""
    if encoding == "br":
        return brotli.compress(data, quality=11 if len(data) < BIG else 5)
    return gzip.compress(data, 6, mtime=0)


def disk_cached(data: bytes, name: str, folder: Path, make: Callable[[bytes], bytes]) -> bytes:
    """``make(data)``, kept in ``folder`` under the SHA-256 of ``data`` and ``name`` (what kind of output it is),
    so that a later server run or build pays nothing for the same bytes. Also used by tools/build_site.py."""
    cached = folder / f"{hashlib.sha256(data).hexdigest()}.{name}"
    try:
        return cached.read_bytes()
    except OSError:
        pass
    body = make(data)
    try:
        folder.mkdir(exist_ok=True)
        tmp = cached.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
        tmp.write_bytes(body)
        tmp.replace(cached)
    except OSError:
        pass  # a read-only temp folder only costs the work next time
    return body


def compressed_body(path: str, mtime: float, encoding: str) -> bytes:
    """The compressed body of the file ``path``, computed once (memory, then the disk cache, then compress)."""
    key = (path, mtime, encoding)
    with _packed_lock:
        if key in _packed:
            return _packed[key]
        lock = _packed_locks.setdefault(key, threading.Lock())
    with lock:
        with _packed_lock:
            if key in _packed:
                return _packed[key]
        body = disk_cached(Path(path).read_bytes(), encoding, DISK_CACHE, lambda data: compress(data, encoding))
        with _packed_lock:
            _packed[key] = body
        return body


def load_header_rules(path: Path = ROOT / "netlify.toml") -> list[tuple[str, dict[str, str]]]:
    """``[(pattern, headers)]`` from netlify.toml, in file order."""
    data = tomllib.loads(path.read_text())
    return [(rule["for"], dict(rule.get("values", {}))) for rule in data.get("headers", [])]


def parse_headers_file(text: str) -> list[tuple[str, dict[str, str]]]:
    """``[(pattern, headers)]`` from Netlify's ``_headers`` syntax (a path line, then indented ``Name: value``)."""
    rules: list[tuple[str, dict[str, str]]] = []
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            rules.append((line.strip(), {}))
        elif rules and ":" in line:
            name, value = line.split(":", 1)
            rules[-1][1][name.strip()] = value.strip()
    return rules


def site_rules(directory: Path) -> list[tuple[str, dict[str, str]]]:
    """netlify.toml's rules, then those of the build's ``_headers`` (if any)."""
    extra = directory / "_headers"
    return load_header_rules() + (parse_headers_file(extra.read_text()) if extra.is_file() else [])


def page_file(url_path: str, directory: Path) -> str | None:
    """Netlify's pretty URLs: ``/editor`` or ``/editor/`` is ``/editor.html`` when no such file or folder exists."""
    bare = url_path.rstrip("/")
    if not bare or "." in bare.rsplit("/", 1)[-1] or (directory / bare.lstrip("/")).exists():
        return None
    candidate = directory / (bare.lstrip("/") + ".html")
    return bare + ".html" if candidate.is_file() else None


def headers_for(url_path: str, rules: list[tuple[str, dict[str, str]]]) -> dict[str, str]:
    """Every header whose ``for`` pattern matches ``url_path`` (later rules override earlier ones)."""
    out: dict[str, str] = {}
    for pattern, values in rules:
        if pattern == url_path or ("*" in pattern and fnmatch.fnmatchcase(url_path, pattern)):
            out.update(values)
    return out


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files plus netlify.toml headers; quiet unless ``verbose``."""

    rules: list[tuple[str, dict[str, str]]] = []
    verbose = False
    served: list[str] = []  # paths of every GET answered with a body (per server; the tests read it)
    sent_bytes = 0  # body bytes sent (per server class; tools/measure_browser.py reads it)
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    status = 200

    def send_response(self, code: int, message: str | None = None) -> None:
        self.status = code
        super().send_response(code, message)

    def end_headers(self) -> None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        for name, value in headers_for(path, self.rules).items():
            if name.lower() == "content-type":  # the type was already sent by send_head
                continue
            if self.status >= 400 and name.lower() == "cache-control":
                value = "no-cache"  # an error is never cached as immutable
            self.send_header(name, value)
        super().end_headers()

    def translate_path(self, path: str) -> str:
        url_path = path.split("?", 1)[0].split("#", 1)[0]
        if url_path.rstrip("/") == "/_headers":
            return str(Path(self.directory) / "__not_served__")
        page = page_file(url_path, Path(self.directory))
        return super().translate_path(page if page else path)

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        try:
            url_path = "/" + Path(path).relative_to(Path(self.directory)).as_posix()
        except ValueError:  # a file from outside the site (tools/measure_browser.py's bare page)
            return super().guess_type(path)
        forced = headers_for(url_path, self.rules).get("Content-Type")
        return forced or super().guess_type(path)

    def send_head(self) -> Any:
        """The plain file, or its compressed body when the type is compressible and the browser accepts it."""
        path = self.translate_path(self.path)
        encoding = choose_encoding(self.headers.get("Accept-Encoding", ""))
        conditional = "If-Modified-Since" in self.headers or "If-None-Match" in self.headers
        if os.path.isdir(path) and self.path.split("?", 1)[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if encoding is None or conditional or not os.path.isfile(path):
            return super().send_head()
        ctype = self.guess_type(path)
        if not ctype.startswith(COMPRESSIBLE):
            return super().send_head()
        stat = os.stat(path)
        if encoding == "br" and os.path.isfile(path + ".br"):
            with open(path + ".br", "rb") as packed:  # precompressed at quality 11 by the build
                body = packed.read()
        else:
            body = compressed_body(path, stat.st_mtime, encoding)
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Last-Modified", email.utils.formatdate(stat.st_mtime, usegmt=True))
        self.end_headers()
        return io.BytesIO(body)

    def copyfile(self, source: BinaryIO, outputfile: Any) -> None:
        """Send the body, counting its bytes (what went over the wire: compressed when it was)."""
        data = source.read()
        type(self).sent_bytes += len(data)
        outputfile.write(data)

    def do_GET(self) -> None:  # noqa: N802 - name of the base class method
        type(self).served.append(self.path.split("?", 1)[0])
        super().do_GET()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - signature of the base class
        if self.verbose:
            super().log_message(format, *args)


def make_server(directory: Path, port: int = 0, verbose: bool = False) -> http.server.ThreadingHTTPServer:
    """A threaded server on 127.0.0.1 (``port=0``: a free port)."""
    handler = functools.partial(type("SiteHandler", (Handler,), {"rules": site_rules(directory), "verbose": verbose,
                                                                "served": []}),
                                directory=str(directory))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def start(directory: Path, port: int = 0) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve in a daemon thread; returns the server and its base URL."""
    server = make_server(directory, port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def main() -> None:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description="Serve the built site on 127.0.0.1")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--dir", default=str(ROOT / "site"))
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    directory = Path(args.dir).resolve()
    if not (directory / "index.html").exists():
        raise SystemExit(f"{directory} has no index.html: build it first with `python tools/build_site.py`")
    server = make_server(directory, args.port, args.verbose)
    print(f"Serving {directory} at http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
