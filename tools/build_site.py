"""Build the publishable static site into ``site/``.

What it does, in order:

1. builds our own ``py3-none-any`` wheel with ``python -m build --wheel`` (deterministic: ``SOURCE_DATE_EPOCH``);
2. copies the Pyodide core files from ``node_modules/pyodide`` (pinned in package.json) to ``site/pyodide/<version>/``;
3. copies ``web/`` (JS modules, CSS, worker), the words catalogues (``pygame_rules/i18n/*.json``, the one source of
   words: the page fetches them as ``i18n/<lang>.json``; the engine's wheel is built without them, since the page
   words events and refusals itself, docs/i18n.md), the pinned npm modules the page imports (``js/vendor/``: the QR
   encoder and decoder) plus the wheel and a generated ``build-info.js`` and ``games.json`` (the answer of the API's
   ``games`` op, so the start page draws the list before Python has started) into
   ``site/app/<hash>/``, where ``<hash>`` is the content hash of that directory: every file below it is immutable;
4. writes ``index.html`` (pointing at the hashed app directory), ``manifest.webmanifest``, the icons and the
   service worker ``sw.js`` whose precache list carries every file's content hash and whose cache name is the hash of
   the whole list, so a changed site installs a fresh cache and deletes the old one;
5. adds the teaching files (docs/embedding.md): ``embed.html``, ``editor.html``, ``lab.html``, ``widgets.js`` and
   ``embed-host.js`` at the root (their ``{{APP}}``-style placeholders filled in), ``scenarios/``, ``lessons/``
   (docs/lessons.md), and
   ``@pyscript/core``'s dist (pinned in package.json, without source maps) under ``pyscript/<version>/`` (written
   before step 4, so the service worker precaches them too);
6. writes ``<file>.br`` (brotli quality 11) beside every compressible file over 1 MB (the wasm, the stored stdlib zip,
   ``pyodide.asm.mjs``): ``tools/serve.py`` sends it to browsers that accept brotli, so a first visit is 0.8 MB
   smaller than with on-the-fly quality 5 (docs/web.md, "Instant start"). Not in the precache list; Netlify ignores
   these files and compresses on its own. Needs the ``brotli`` dev package; without it this step is skipped.

Run: ``python tools/build_site.py [--out site]``. Nothing is downloaded except, when the running Python lacks
setuptools>=68 and wheel, the build backend that ``python -m build`` fetches from PyPI for its isolated environment.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
# The words catalogues, one per language: package data of the engine (pygame_rules.words reads them) and copied
# into the app directory for the page. Left out of the wheel the site ships (strip_catalogues).
CATALOGUES = ROOT / "pygame_rules" / "i18n"
# Site-root files of the teaching widgets (docs/embedding.md): stable URLs, {{APP}} etc. filled in at build time.
ROOT_PAGES = ("embed.html", "editor.html", "lab.html", "widgets.js", "embed-host.js")
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# Of those, the ones Pyodide downloads with fetch (the .mjs files are imported): counted for the start-up bar.
FETCHED_AT_START = ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# Precache entries kept out of the first visit: only lab.html uses PyScript; sw.js caches them on first use.
LAZY_PREFIXES = ("pyscript/",)
# Step 6: files at least this big with one of these suffixes get a brotli-11 sibling ``<name>.br``.
PRECOMPRESS_MIN = 1_000_000
PRECOMPRESS_SUFFIXES = (".wasm", ".zip", ".mjs", ".js", ".json")
PRECOMPRESS_CACHE = Path(tempfile.gettempdir()) / "pygame_rules_br11_cache"
SOURCE_DATE_EPOCH = "315532800"  # 1980-01-01: zip timestamps cannot go earlier; makes the wheel reproducible


def sha(data: bytes) -> str:
    """Short content hash used in file and cache names."""
    return hashlib.sha256(data).hexdigest()[:16]


def pinned_npm_version(package: str) -> str:
    """The exact version of npm ``package`` pinned in package.json, checked against what node_modules holds."""
    pinned = json.loads((ROOT / "package.json").read_text())["dependencies"][package]
    installed_pkg = ROOT / "node_modules" / package / "package.json"
    if not installed_pkg.exists():
        sys.exit(f"node_modules/{package} is missing: run `npm ci` first")
    installed = json.loads(installed_pkg.read_text())["version"]
    if installed != pinned:
        sys.exit(f"node_modules has {package} {installed} but package.json pins {pinned}: run `npm ci`")
    return pinned


def pyodide_version() -> str:
    """The exact Pyodide version pinned in package.json (and installed in node_modules)."""
    return pinned_npm_version("pyodide")


def wasm_initial_memory(path: Path) -> int:
    """Bytes of memory the wasm module at ``path`` declares it starts with (its memory section's initial pages).

    Pyodide 314 restores a memory snapshot by copying it into the memory a fresh instance starts with, without
    growing it first (pyodide.asm.mjs ``restoreSnapshot``), so this is the largest heap a snapshot may hold: a bigger
    one fails every restore with ``RangeError: offset is out of bounds`` (Pyodide issue #6254). The worker refuses to
    make such a snapshot (js/worker/pyodide-start.js).
    """
    data = path.read_bytes()

    def leb(at: int) -> tuple[int, int]:
        value, shift = 0, 0
        while True:
            byte = data[at]
            at += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if byte < 0x80:
                return value, at

    at = 8  # magic and version
    while at < len(data):
        section = data[at]
        size, body = leb(at + 1)
        if section == 5:  # memory section: count, then flags and initial pages of the first memory
            _count, at = leb(body)
            pages, _ = leb(at + 1)
            return pages * 65536
        at = body + size
    raise ValueError(f"{path} declares no memory of its own")


def restore_zip_uncompressed(src: Path, dst: Path) -> None:
    """Copy the zip ``src`` to ``dst`` with every member stored, not deflated.

    Pyodide's ``python_stdlib.zip`` ships deflated, so the HTTP compression of the host (brotli, gzip) cannot shrink
    it; stored members let it do so (about 0.9 MB less brotli on a first visit, docs/web.md). Names, order, dates
    and contents are kept: Python's zipimport reads stored members as well as deflated ones.
    """
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_STORED) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            copy = zipfile.ZipInfo(info.filename, date_time=info.date_time)
            copy.external_attr = info.external_attr
            copy.compress_type = zipfile.ZIP_STORED
            zout.writestr(copy, data)


def precompress(out: Path) -> list[str]:
    """Write ``<file>.br`` at brotli quality 11 beside every big compressible file under ``out`` (step 6).

    Quality 11 takes tens of seconds per big file on a loaded machine, too slow to do per request (tools/serve.py
    uses quality 5 on the fly), so it is done once here and cached by content hash under the temp folder: a rebuild
    with the same Pyodide pays nothing. Returns the site-relative paths of the files written.
    """
    try:
        import brotli  # type: ignore[import-not-found]  # noqa: PLC0415 - optional dev dependency
    except ImportError:
        return []
    sys.path.insert(0, str(ROOT))
    from tools.serve import disk_cached  # noqa: PLC0415 - the server's content-hash disk cache, shared
    written = []
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        if path.suffix not in PRECOMPRESS_SUFFIXES or path.stat().st_size < PRECOMPRESS_MIN:
            continue
        body = disk_cached(path.read_bytes(), "br", PRECOMPRESS_CACHE, lambda data: brotli.compress(data, quality=11))
        path.with_name(path.name + ".br").write_bytes(body)
        written.append(path.relative_to(out).as_posix() + ".br")
    return written


def _can_skip_isolation() -> bool:
    try:
        import setuptools  # noqa: F401
        import wheel  # noqa: F401
    except ImportError:
        return False
    major = int(setuptools.__version__.split(".")[0])
    return major >= 68


def build_wheel() -> Path:
    """``python -m build --wheel`` into a temporary directory; returns the wheel path."""
    out = Path(tempfile.mkdtemp(prefix="pygame_rules_wheel_"))
    cmd = [sys.executable, "-m", "build", "--wheel", "--outdir", str(out)]
    if _can_skip_isolation():
        cmd.append("--no-isolation")
    env = dict(os.environ, SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH)
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.stderr.write(proc.stdout + proc.stderr)
        sys.exit("building the wheel failed")
    wheels = sorted(out.glob("pygame_rules-*-py3-none-any.whl"))
    if len(wheels) != 1:
        sys.exit(f"expected one py3-none-any wheel, found {[w.name for w in wheels]}")
    return wheels[0]


def strip_catalogues(wheel: Path) -> None:
    """Rewrite ``wheel`` without the words catalogues (``pygame_rules/i18n/``) and their RECORD lines.

    The page reads the catalogues from its own copy (``i18n/``) and words every event and refusal itself, so the
    engine in the browser never needs them: without them the wheel every first visit downloads stays as small as
    before they moved into the package. Member order, dates and compression are kept, so the build stays
    reproducible; ``pygame_rules.words`` says plainly that the catalogues are missing if asked to word anything.
    """
    prefix = "pygame_rules/i18n/"
    tmp = wheel.with_suffix(".tmp")
    with zipfile.ZipFile(wheel) as zin, zipfile.ZipFile(tmp, "w") as zout:
        for info in zin.infolist():
            if info.filename.startswith(prefix):
                continue
            data = zin.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                lines = data.decode().splitlines(keepends=True)
                data = "".join(line for line in lines if not line.startswith(prefix)).encode()
            zout.writestr(info, data)
    tmp.replace(wheel)


def games_catalogue() -> dict:
    """The ``games`` op's answer, computed with the same api.py the worker runs."""
    sys.path.insert(0, str(ROOT))
    from pygame_rules import api

    answer = api.handle_request({"id": 0, "op": "games"})
    if not answer.get("ok"):
        sys.exit(f"the games op failed: {answer}")
    return {"games": answer["games"]}


def copy_tree(src: Path, dst: Path, skip: tuple[str, ...] = ()) -> None:
    """Copy files below ``src`` to ``dst``, skipping names in ``skip`` and dot files."""
    for path in sorted(src.rglob("*")):
        rel = path.relative_to(src)
        if path.is_dir() or any(part.startswith(".") for part in rel.parts) or rel.parts[0] in skip:
            continue
        target = dst / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)


# npm packages the app imports as browser modules (pinned in package.json): copied to js/vendor/ under the app's hash.
VENDOR = {"lean-qr": ("index.mjs", "lean-qr.mjs"),  # QR codes of the connection codes (js/net/qr.js)
          "jsqr": ("dist/jsQR.js", "jsqr.mjs")}  # reads them from the camera without BarcodeDetector (js/net/scan.js)
# A package shipped only as a UMD script (.js) becomes an ES module: given a `module` to fill, its default export.
UMD_HEAD = "const module = { exports: {} };\nconst exports = module.exports;\n"
UMD_TAIL = "\nexport default module.exports.default;\n"


def vendor_npm(dest: Path) -> None:
    """Copy each pinned package's browser module into ``dest`` (its version checked against package.json)."""
    dest.mkdir(parents=True, exist_ok=True)
    for package, (source, name) in VENDOR.items():
        pinned_npm_version(package)
        if source.endswith(".mjs"):
            shutil.copyfile(ROOT / "node_modules" / package / source, dest / name)
        else:
            text = (ROOT / "node_modules" / package / source).read_text(encoding="utf-8")
            (dest / name).write_text(UMD_HEAD + text + UMD_TAIL, encoding="utf-8")


def pyscript_version() -> str:
    """The exact @pyscript/core version pinned in package.json (and installed in node_modules)."""
    return pinned_npm_version("@pyscript/core")


def build_teaching_files(out: Path, app_hash: str, version: str, wheel_name: str) -> None:
    """Widgets, editor and PyScript lab: root pages (templated), scenarios/, and PyScript under pyscript/<version>/."""
    ps_version = pyscript_version()
    ps_dir = out / "pyscript" / ps_version
    dist = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
    for path in sorted(dist.iterdir()):
        if path.is_file() and not path.name.endswith(".map"):  # source maps are for PyScript's own debugging
            ps_dir.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, ps_dir / path.name)
    values = {"{{APP}}": f"app/{app_hash}", "{{PYODIDE}}": f"pyodide/{version}",
              "{{PYSCRIPT}}": f"pyscript/{ps_version}", "{{WHEEL}}": f"app/{app_hash}/wheels/{wheel_name}",
              "<!--{{EMBED_PRELOADS}}-->": embed_preloads(out, app_hash)}
    for name in ROOT_PAGES:
        text = (WEB / name).read_text()
        for key, value in values.items():
            text = text.replace(key, value)
        (out / name).write_text(text)
    copy_tree(WEB / "scenarios", out / "scenarios")
    write_first_tables(out / "scenarios")
    # The editor's list of starting points: every shipped scenario file with its game and English title.
    index = []
    for path in sorted((WEB / "scenarios").glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        title = doc.get("title", "")
        index.append({"file": path.name, "game": doc.get("game"),
                      "title": title.get("en", "") if isinstance(title, dict) else str(title)})
    (out / "scenarios" / "index.json").write_text(json.dumps(index, indent=1))
    write_lessons(out)


def first_table(doc: dict) -> dict:
    """``{"seat", "table"}``: the table a widget's engine gives for a scenario file's position, for the file's seat,
    asked through the same JSON entry point the browser's worker uses (``api.handle``). Stored with the scenario as
    ``first``, so a widget draws it before Python starts (docs/embedding.md, "Drawn before the engine starts")."""
    sys.path.insert(0, str(ROOT))
    from pygame_rules import api

    seat = doc.get("seat", 0)
    answer = json.loads(api.handle(json.dumps({"op": "scenario", "game": doc["game"], "scenario": doc["scenario"],
                                               "seat": seat})))
    if not answer.get("ok"):
        raise SystemExit(f"scenario for {doc.get('game')} refused by the engine: {answer.get('error')}")
    api.handle(json.dumps({"op": "drop", "session": answer["session"]}))
    return {"seat": seat, "table": answer["table"]}


def write_first_tables(folder: Path) -> None:
    """Every scenario file in ``folder`` (the site's copy) gets its first table (``first_table``)."""
    for path in sorted(folder.glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        doc["first"] = first_table(doc)
        path.write_text(json.dumps(doc, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


def write_lessons(out: Path) -> None:
    """The lesson files (docs/lessons.md) under ``lessons/``, with ``index.json``: per game, its lessons in order."""
    sys.path.insert(0, str(ROOT))
    from pygame_rules.lessons import lesson_index

    copy_tree(WEB / "lessons", out / "lessons")
    write_lesson_first_tables(out / "lessons")
    (out / "lessons" / "index.json").write_text(json.dumps(lesson_index(WEB / "lessons"), ensure_ascii=False,
                                                           indent=1), encoding="utf-8")


def lesson_first_table(doc: dict) -> dict:
    """``{"seat", "table"}``: the table a lesson's player shows before the first move (js/widgets/lesson.js): the
    scenario set up, then the other seats' scripted replies while it is their turn, then the ``table`` op for the
    learner's seat, all through the worker's JSON entry point (``api.handle``). Stored in the site's copy of the
    lesson as ``first``, so the lesson draws its board before Python starts (docs/lessons.md)."""
    sys.path.insert(0, str(ROOT))
    from pygame_rules import api

    def ask(req: dict) -> dict:
        answer = json.loads(api.handle(json.dumps(req)))
        if not answer.get("ok"):
            raise SystemExit(f"lesson {doc.get('id')} refused by the engine: {answer.get('error')}")
        return answer

    seat = doc["seat"]
    session = ask({"op": "scenario", "game": doc["game"], "scenario": doc["scenario"], "seat": seat})["session"]
    replies = list(doc.get("replies", []))
    table = ask({"op": "table", "session": session, "seat": seat})["table"]
    while not table["over"] and table["current_player"] != seat and replies:  # as LessonWidget._answer plays them
        ask({"op": "act", "session": session, "action": replies.pop(0), "seat": table["current_player"]})
        table = ask({"op": "table", "session": session, "seat": seat})["table"]
    ask({"op": "drop", "session": session})
    return {"seat": seat, "table": table}


def write_lesson_first_tables(folder: Path) -> None:
    """Every lesson file in ``folder`` (the site's copy of web/lessons) gets its first table: ``lesson_first_table``."""
    sys.path.insert(0, str(ROOT))
    from pygame_rules.lessons import lesson_files

    for path in lesson_files(folder):
        doc = json.loads(path.read_text(encoding="utf-8"))
        doc["first"] = lesson_first_table(doc)
        path.write_text(json.dumps(doc, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


def lesson_links(html_text: str, game: str, lang: str) -> str:
    """``html_text`` (a rules page) with, under each section heading that a lesson teaches, a line linking to those
    lessons in the page's language (docs/lessons.md). Written at build time: the page does not move when it loads."""
    sys.path.insert(0, str(ROOT))
    from pygame_rules.lessons import lesson_index

    words = json.loads((CATALOGUES / f"{lang}.json").read_text(encoding="utf-8"))["rules.lesson"]
    by_rule: dict[str, list[dict]] = {}
    for item in lesson_index(WEB / "lessons").get(game, []):
        by_rule.setdefault(item["rule"], []).append(item)
    for rule, items in by_rule.items():
        heading = re.search(rf'<h2 id="{re.escape(rule)}">.*?</h2>', html_text)
        if not heading:
            continue
        links = ", ".join(f'<a href="../embed.html?lesson={i["id"]}&amp;lang={lang}">{escape(i["title"][lang])}'
                          "</a>" for i in items)
        line = f'\n<p class="rules-lesson"><span data-i18n="rules.lesson">{escape(words)}</span> {links}</p>'
        html_text = html_text[:heading.end()] + line + html_text[heading.end():]
    return html_text


IMPORT_RE = re.compile(r'(?:\bfrom\s*|\bimport\s*)"(\.{1,2}/[^"]+\.js)"')


def static_imports(entry: Path) -> list[Path]:
    """Every module ``entry`` reaches through static relative imports (itself included), in a stable order."""
    seen: dict[Path, None] = {}
    todo = [entry.resolve()]
    while todo:
        path = todo.pop()
        if path in seen or not path.exists():
            continue
        seen[path] = None
        for target in IMPORT_RE.findall(path.read_text(encoding="utf-8")):
            todo.append((path.parent / target).resolve())
    return sorted(seen)


def widget_preloads(html_text: str, out: Path, app_hash: str) -> str:
    """The ``<link>`` lines that let a rules page fetch all its widget code, stylesheets and scenario files at once
    (instead of one module level after the other), so its boards are painted sooner (docs/embedding.md, "Drawn
    before the engine starts")."""
    app = out / "app" / app_hash
    links = [f'<link rel="modulepreload" href="../{path.relative_to(out).as_posix()}">'
             for path in static_imports(app / "js" / "widgets" / "widget-element.js")]
    links += [f'<link rel="preload" as="style" href="../app/{app_hash}/css/{name}">'
              for name in ("etalage.css", "widget.css")]
    links += [f'<link rel="preload" as="fetch" crossorigin href="{escape(src)}">'
              for src in dict.fromkeys(re.findall(r'<rules-scenario[^>]*\ssrc="([^"]+)"', html_text))]
    return "\n  ".join(links)


def embed_preloads(out: Path, app_hash: str) -> str:
    """The ``<link rel="modulepreload">`` lines of embed.html: every module its script reaches by static imports,
    and the lesson player's (imported when the page shows a lesson), so that a widget's or a lesson's board is
    painted after one round of requests instead of one module level after another (docs/lessons.md)."""
    app = out / "app" / app_hash
    widgets = app / "js" / "widgets"
    found = dict.fromkeys(static_imports(widgets / "embed.js") + static_imports(widgets / "lesson.js"))
    return "\n  ".join(f'<link rel="modulepreload" href="{path.relative_to(out).as_posix()}">' for path in found)


def write_rules_pages(out: Path, app_hash: str) -> None:
    """Rules pages (``web/rules/*.html``, stable URLs ``rules/<game>.<lang>.html``) and the scenario files they embed
    (``web/scenarios`` -> ``scenarios/`` is copied by build_teaching_files). The pages load the widget loader
    ``widgets.js`` only
    when the site has one, so that without it they still render their text and the elements stay inert."""
    widgets = '<script type="module" src="../widgets.js"></script>' if (WEB / "widgets.js").exists() else ""
    (out / "rules").mkdir(exist_ok=True)
    for page in sorted((WEB / "rules").glob("*.html")):
        html = page.read_text(encoding="utf-8").replace("{{APP}}", f"../app/{app_hash}")
        html = html.replace("<!--{{WIDGETS}}-->", widgets + ("\n  " + widget_preloads(html, out, app_hash)
                                                               if widgets else ""))
        game, lang = page.name.split(".")[:2]
        html = lesson_links(html, game, lang)
        (out / "rules" / page.name).write_text(html, encoding="utf-8")


IMMUTABLE = "public, max-age=31536000, immutable"


def immutable_headers(app_hash: str, pyodide: str, pyscript: str) -> str:
    """Netlify ``_headers`` text: a year of caching for this build's hashed and versioned directories only (not
    ``/app/*``: a request for an older hash is a 404, which must not be cached as immutable)."""
    return "".join(f"/{d}/*\n  Cache-Control: {IMMUTABLE}\n" for d in
                   (f"app/{app_hash}", f"pyodide/{pyodide}", f"pyscript/{pyscript}"))


def build(out: Path) -> dict:
    """Build the whole site into ``out`` and return a summary (paths, sizes, hashes)."""
    version = pyodide_version()
    wheel = build_wheel()
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)

    # 1. Pyodide core, versioned directory (immutable).
    pyo_dir = out / "pyodide" / version
    pyo_dir.mkdir(parents=True)
    for name in PYODIDE_FILES:
        if name == "python_stdlib.zip":
            restore_zip_uncompressed(ROOT / "node_modules" / "pyodide" / name, pyo_dir / name)
        else:
            shutil.copyfile(ROOT / "node_modules" / "pyodide" / name, pyo_dir / name)

    # 2. The app directory, staged then renamed after its content hash.
    stage = out / "app" / "_stage"
    copy_tree(WEB, stage, skip=("index.html", "icons", "sw.js", "manifest.webmanifest", "scenarios", "rules",
                               "lessons", *ROOT_PAGES))
    vendor_npm(stage / "js" / "vendor")
    copy_tree(CATALOGUES, stage / "i18n")
    (stage / "wheels").mkdir()
    strip_catalogues(wheel)
    shutil.copyfile(wheel, stage / "wheels" / wheel.name)
    shutil.rmtree(wheel.parent)
    (stage / "games.json").write_text(json.dumps(games_catalogue(), indent=1))
    # wheelHash keys the worker's memory snapshot (js/worker/pyodide-start.js): a new wheel never restores an old one.
    info = {"pyodide": f"../../../pyodide/{version}/", "pyodideVersion": version, "wheel": f"../wheels/{wheel.name}",
            "wheelHash": hashlib.sha256((stage / "wheels" / wheel.name).read_bytes()).hexdigest(),
            # the files the worker fetches while Python starts, with their sizes: its bar (js/worker/fetch-progress.js)
            "sizes": {**{name: (pyo_dir / name).stat().st_size for name in FETCHED_AT_START},
                      wheel.name: (stage / "wheels" / wheel.name).stat().st_size},
            "snapshotHeapLimit": wasm_initial_memory(pyo_dir / "pyodide.asm.wasm")}
    (stage / "js" / "build-info.js").write_text(
        "// Generated by tools/build_site.py: where the worker finds Pyodide and our wheel\n"
        "// (relative to js/, not to the module that imports this one).\n"
        f"export const BUILD = {json.dumps(info)};\n"
    )
    digest = hashlib.sha256()
    for path in sorted(p for p in stage.rglob("*") if p.is_file()):
        digest.update(path.relative_to(stage).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    app_hash = digest.hexdigest()[:12]
    app_dir = out / "app" / app_hash
    stage.rename(app_dir)

    # 3. Root files: icons, manifest, index.html.
    copy_tree(WEB / "icons", out / "icons")
    shutil.copyfile(WEB / "manifest.webmanifest", out / "manifest.webmanifest")
    html = (WEB / "index.html").read_text().replace("{{APP}}", f"app/{app_hash}")
    (out / "index.html").write_text(html)
    build_teaching_files(out, app_hash, version, wheel.name)
    write_rules_pages(out, app_hash)

    # 4. Service worker with the content-hashed precache list.
    files = sorted(p for p in out.rglob("*") if p.is_file())
    precache = []
    for path in files:
        rel = path.relative_to(out).as_posix()
        data = path.read_bytes()
        # size: sw.js checks the room it needs before it downloads anything (docs/web.md, "Storage limits")
        entry = {"url": "./" if rel == "index.html" else f"./{rel}", "hash": sha(data), "size": len(data)}
        if rel.startswith(LAZY_PREFIXES):
            entry["lazy"] = True  # cached on first use (sw.js), not downloaded by every first visit
        precache.append(entry)
    cache_name = "pygame-rules-" + sha(json.dumps(precache, sort_keys=True).encode())
    sw = (WEB / "sw.js").read_text()
    sw = sw.replace("/*{{CACHE}}*/", json.dumps(cache_name)).replace("/*{{PRECACHE}}*/", json.dumps(precache))
    (out / "sw.js").write_text(sw)
    # Netlify reads _headers and does not serve it; written after the precache list, which must not name it.
    (out / "_headers").write_text(immutable_headers(app_hash, version, pyscript_version()))

    # 6. Brotli-11 siblings of the big files, written after the precache list, which must not name them.
    precompressed = precompress(out)

    total = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    summary = {"out": str(out), "app": f"app/{app_hash}", "cache": cache_name, "files": len(precache) + 1,
               "bytes": total, "pyodide": version, "wheel": wheel.name, "precompressed": precompressed}
    (out / "build.json").write_text(json.dumps(summary, indent=1))
    return summary


def main() -> None:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=str(ROOT / "site"), help="output directory (default: site/)")
    args = parser.parse_args()
    summary = build(Path(args.out).resolve())
    print(f"built {summary['out']}: {summary['files']} files, {summary['bytes'] / 1e6:.1f} MB, "
          f"app {summary['app']}, cache {summary['cache']}")


if __name__ == "__main__":
    main()
