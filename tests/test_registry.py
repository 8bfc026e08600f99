"""One place registers a game: every part its entry names exists, and the page's renderer list agrees."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import pygame_rules as pr
from pygame_rules.bots import bot_levels
from pygame_rules.core.game import State
from pygame_rules.registry import ENTRIES, resolve

WEB = Path(__file__).resolve().parent.parent / "web"


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_every_part_an_entry_names_exists(entry) -> None:
    cls = resolve(entry.state)
    assert issubclass(cls, State) and cls.info.name == entry.name
    assert {"random", "easy", "normal"} <= set(bot_levels(entry.name))
    assert callable(resolve(entry.sampler))
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
