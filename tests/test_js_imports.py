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
