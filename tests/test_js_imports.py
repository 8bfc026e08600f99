"""The page's modules import each other without a circle (issue 25: log-words.js and games/level8.js imported each
other). A circle makes the order modules run in depend on which one is imported first, and it tangles what should
be layers: words, renderers, the app. Every relative static import in web/js (``import ... from "./x.js"``,
``export ... from``, ``import "./x.js"``) is an edge; any cycle fails, named module by module.
"""

from __future__ import annotations

import re
from pathlib import Path

JS = Path(__file__).resolve().parent.parent / "web" / "js"
IMPORT = re.compile(r"""^\s*(?:import|export)\s+(?:[^'";]*?\s+from\s+)?["'](\.{1,2}/[^"']+)["']""", re.M)


def import_graph(root: Path) -> dict[str, list[str]]:
    """Module (path relative to ``root``) -> the modules it imports statically, relative imports only."""
    graph: dict[str, list[str]] = {}
    for path in sorted(root.rglob("*.js")):
        if "vendor" in path.relative_to(root).parts:
            continue
        text = path.read_text(encoding="utf-8")
        targets = [(path.parent / spec).resolve() for spec in IMPORT.findall(text)]
        graph[path.relative_to(root).as_posix()] = [t.relative_to(root.resolve()).as_posix() for t in targets
                                                    if t.is_relative_to(root.resolve())]
    return graph


def cycles(graph: dict[str, list[str]]) -> list[list[str]]:
    """Every import circle found by a depth-first walk, each as the list of modules around it (first repeated)."""
    found: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        path.append(node)
        for target in graph.get(node, []):
            if state.get(target) == 1:
                found.append(path[path.index(target):] + [target])
            elif target not in state:
                visit(target)
        path.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    return found


def test_the_cycle_finder_finds_a_circle(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    (tmp_path / "a.js").write_text('import { b } from "./games/b.js";\nexport const a = 1;\n')
    (tmp_path / "games" / "b.js").write_text('import {\n  a,\n} from "../a.js";\nexport const b = 2;\n')
    (tmp_path / "c.js").write_text('import "./a.js";\n')
    graph = import_graph(tmp_path)
    assert graph == {"a.js": ["games/b.js"], "c.js": ["a.js"], "games/b.js": ["a.js"]}
    assert cycles(graph) == [["a.js", "games/b.js", "a.js"]]


def test_web_js_has_no_import_circle() -> None:
    graph = import_graph(JS)
    assert "words/log-words.js" in graph and "games/level8.js" in graph
    assert not cycles(graph), f"import circles in web/js: {cycles(graph)}"


# ----- shared modules name no game ------------------------------------------------------------------------------------
# What is a game's own (its pictures, quick-start table, pitch, board heights, event and card words, refusal keys
# worded per case) lives in web/js/games/ (the renderer games/<game>.js and its words games/<game>-words.js); the
# shared modules (app/, widgets/, words/, lib/, ...) reach it through RENDERERS or WORDS by the game's name. So no
# shared module names a game id, in a string or as a name, except where listed here with the reason.
GAME_ID = re.compile(r"\b(skipbo|topspot|level8|etalage)\b", re.I)
NAMED_GAMES_ALLOWED: dict[str, set[str]] = {
    # the demo scenario the editor opens with: a file name, not a branch per game
    "widgets/editor.js": {"demo-topspot.json"},
    # element ids of lab.html, the page that shows the Python of two games side by side
    "widgets/lab.js": {"code-topspot", "py-topspot", "code-etalage", "py-etalage"},
    # the stylesheet file every widget's shadow root adopts (Etalage's board styles are in a file of their own)
    "widgets/widget-element.js": {"../../css/etalage.css"},
}


def split_js(text: str) -> tuple[list[str], str]:
    """The string literals of a module (quotes, template strings) and its code with strings and comments blanked."""
    strings: list[str] = []
    code: list[str] = []
    i = 0
    while i < len(text):
        if text.startswith("//", i):
            end = text.find("\n", i)
            i = len(text) if end < 0 else end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = len(text) if end < 0 else end + 2
        elif text[i] in "'\"`":
            quote, j = text[i], i + 1
            while j < len(text) and text[j] != quote:
                j += 2 if text[j] == "\\" else 1
            strings.append(text[i + 1:j])
            code.append('""')
            i = j + 1
        else:
            code.append(text[i])
            i += 1
    return strings, "".join(code)


def games_named(text: str) -> set[str]:
    """What in a module names a game: each string that holds a game id, and each game id used as a name in code."""
    strings, code = split_js(text)
    return {s for s in strings if GAME_ID.search(s)} | {m.group(0) for m in GAME_ID.finditer(code)}


def test_the_game_name_finder_sees_strings_and_names_but_not_comments() -> None:
    text = ('// skipbo in a comment\n/* level8 */ const SIZES = { skipbo: 2 };\n'
            'if (game === "topspot") x = `log.etalage.${k}`;\nconst level8Card = 1; const s = "it\\"s level8";\n')
    assert games_named(text) == {"skipbo", "topspot", "log.etalage.${k}", 'it\\"s level8'}


def test_no_shared_module_names_a_game() -> None:
    found = {}
    for path in sorted(JS.rglob("*.js")):
        name = path.relative_to(JS).as_posix()
        if name.startswith("games/") or "vendor" in path.parts:
            continue
        named = games_named(path.read_text(encoding="utf-8")) - NAMED_GAMES_ALLOWED.get(name, set())
        if named:
            found[name] = sorted(named)
    assert not found, f"shared modules with a branch per game (move it to web/js/games/): {found}"


def test_every_game_has_words_and_a_renderer() -> None:
    """WORDS (games/words.js, for the log and refusals) and RENDERERS (games/index.js) name the same games."""
    def names(module: str, const: str) -> set[str]:
        body = re.search(const + r" = \{([^}]*)\}", (JS / "games" / module).read_text(encoding="utf-8"))
        assert body, f"{module} has no {const}"
        return set(re.findall(r"\w+", body.group(1)))

    assert names("words.js", "WORDS") == names("index.js", "RENDERERS") == {"skipbo", "topspot", "level8", "etalage"}
