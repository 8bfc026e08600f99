"""One place registers a game: every part its entry names exists, and the page's renderer list agrees."""

from __future__ import annotations

import fnmatch
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import pygame_rules as pr
from pygame_rules.bots import bot_levels
from pygame_rules.core.game import State
from pygame_rules.registry import ENTRIES, resolve

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_every_part_an_entry_names_exists(entry) -> None:
    cls = resolve(entry.state)
    assert issubclass(cls, State) and cls.info.name == entry.name
    assert {"random", "easy", "normal"} <= set(bot_levels(entry.name))
    assert callable(resolve(entry.sampler))
    assert callable(resolve(entry.editor))
    assert type(resolve(entry.search)).__name__ == "SearchProfile"
    assert (WEB / "js" / "games" / entry.renderer).is_file()
    scenarios = sorted((WEB / "scenarios").glob(f"{entry.scenarios}*.json"))
    assert scenarios, f"{entry.name} has no teaching scenario in web/scenarios"


def test_the_pages_renderer_list_is_the_registry() -> None:
    index = (WEB / "js" / "games" / "index.js").read_text()
    imported = dict(re.findall(r'import (\w+) from "\./(\w+\.js)";', index))
    listed = re.search(r"RENDERERS = \{([^}]*)\}", index)
    assert listed is not None
    names = [n.strip() for n in listed.group(1).split(",") if n.strip()]
    assert sorted(names) == sorted(pr.GAMES)
    assert {imported[n] for n in names} == {e.renderer for e in ENTRIES}


def test_every_scenario_file_belongs_to_a_registered_game() -> None:
    prefixes = tuple(e.scenarios for e in ENTRIES)
    for path in (WEB / "scenarios").glob("*.json"):
        name = path.stem.removeprefix("demo-") + "-"  # demo-<game>.json is the start page's demo of <game>
        assert name.startswith(prefixes), f"{path.name} names no registered game"


def test_each_game_package_declares_its_own_entry() -> None:
    """The registry keeps no game's entry: it collects each package's ``ENTRY``, and the package is the game's home
    (its state class, its editor kit and its determinization sampler live in it)."""
    import importlib

    for entry in ENTRIES:
        package = importlib.import_module(f"pygame_rules.games.{entry.name}")
        assert package.ENTRY is entry
        assert entry.state.startswith(f"pygame_rules.games.{entry.name}:")
        assert entry.editor.startswith(f"pygame_rules.games.{entry.name}.")
        assert entry.sampler.startswith(f"pygame_rules.games.{entry.name}.")


def test_a_game_package_imports_no_bot() -> None:
    """The rules know nothing of the bots: a game's state, editor kit and sampler import no ``pygame_rules.bots``
    module (the bots import the games, never the other way round)."""
    code = ("import sys; from pygame_rules.registry import ENTRIES, resolve; "
            "[resolve(p) for e in ENTRIES for p in (e.state, e.editor, e.sampler)]; "
            "print(sorted(m for m in sys.modules if m.startswith('pygame_rules.bots')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.split() == ["[]"]


def test_importing_the_engine_imports_no_games_rules() -> None:
    """Reading the entries imports only the game packages' ``__init__``; a game's rules load when it is first used,
    and its names are then read from the package as before."""
    code = ("import sys, pygame_rules as pr; loaded = sorted(m for m in sys.modules if m.count('.') >= 3); "
            "from pygame_rules.games.skipbo import SkipBoState; "
            "print(loaded, SkipBoState is pr.game_class('skipbo'), SkipBoState.__module__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.split() == ["[]", "True", "pygame_rules.games.skipbo.rules"]


def test_a_game_package_offers_its_rules_names_and_no_others() -> None:
    from pygame_rules.games import level8, topspot

    assert topspot.stack_value is topspot.stacks.stack_value and level8.check_layout is level8.parts.check_layout
    assert not hasattr(topspot, "no_such_rule") and not hasattr(level8, "__no_such_dunder__")


def test_every_games_data_file_is_in_the_wheel() -> None:
    """Each game's rules data lies in its package; pyproject's package data must name it or the wheel (and the
    browser) lacks it."""
    globs = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["pygame_rules"]
    engine = ROOT / "pygame_rules"
    data = [p.relative_to(engine).as_posix() for p in (engine / "games").rglob("*.json")]
    assert len(data) >= 4
    for path in data:
        assert any(fnmatch.fnmatch(path, g) for g in globs), f"{path} is not package data"


def test_the_bench_reads_each_games_policy_from_its_package() -> None:
    from pygame_rules.bench import policy_for

    assert {game: policy_for(game)[0] for game in pr.GAMES} == {
        "skipbo": "play-first", "topspot": "random", "etalage": "random", "level8": "random"}
