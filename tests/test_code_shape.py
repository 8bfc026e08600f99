"""The shape the engine's code keeps (issue 25's targets): small game modules and short functions.

A game's rules stay readable when each of its modules holds at most :data:`MODULE_LINES` lines, and a function a
reviewer can hold in mind is at most :data:`FUNCTION_LINES` lines long, everywhere in the engine (the bots and
the arena included).
"""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "pygame_rules"
GAMES = ENGINE / "games"
MODULE_LINES = 600
FUNCTION_LINES = 60


def _line_count(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def long_game_modules(games: Path = GAMES) -> list[str]:
    """Every Python file under ``games`` (its subpackages included) longer than :data:`MODULE_LINES`."""
    return [f"{p.relative_to(games.parent).as_posix()}: {n} lines" for p in sorted(games.rglob("*.py"))
            if (n := _line_count(p)) > MODULE_LINES]


def long_functions(root: Path = ENGINE, skip: tuple[str, ...] = ()) -> list[str]:
    """Every function (nested ones included) under ``root`` longer than :data:`FUNCTION_LINES`, but in ``skip``
    (paths relative to ``root``)."""
    found = []
    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(root).as_posix()
        if where.startswith(skip):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.end_lineno is not None:
                length = node.end_lineno - node.lineno + 1
                if length > FUNCTION_LINES:
                    found.append(f"{where}:{node.lineno} {node.name}: {length} lines")
    return found


def test_no_game_module_passes_600_lines() -> None:
    """Each module of a game (rules, rules data, its fast lister, its search) fits in 600 lines."""
    assert long_game_modules() == []


def test_no_engine_function_passes_60_lines() -> None:
    """No function of the engine (games, core, bots, arena, tools of the package) is longer than 60 lines."""
    assert long_functions() == []


def test_the_checks_find_what_passes_the_limits(tmp_path: Path) -> None:
    """A module one line too long and a function one line too long are found (nested in a subpackage too); the
    lines at the limit pass; paths named in ``skip`` are skipped."""
    package = tmp_path / "games" / "somegame"
    package.mkdir(parents=True)
    (package / "rules.py").write_text("x = 1\n" * (MODULE_LINES + 1))
    (package / "data.py").write_text("x = 1\n" * MODULE_LINES)
    assert long_game_modules(tmp_path / "games") == [f"games/somegame/rules.py: {MODULE_LINES + 1} lines"]

    def source(lines: int) -> str:  # a function of exactly ``lines`` lines, counted from its def
        return "def f():\n" + "\n".join(f"    x{i} = {i}" for i in range(lines - 1)) + "\n"

    (package / "rules.py").write_text(source(FUNCTION_LINES + 1))
    (package / "data.py").write_text(source(FUNCTION_LINES))
    (tmp_path / "bots").mkdir()
    (tmp_path / "bots" / "long.py").write_text(source(FUNCTION_LINES + 5))
    assert long_functions(tmp_path, ("bots/",)) == [f"games/somegame/rules.py:1 f: {FUNCTION_LINES + 1} lines"]
    assert len(long_functions(tmp_path, ())) == 2
