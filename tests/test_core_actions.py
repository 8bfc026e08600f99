"""Every action class writes its JSON with code generated from its own dataclass fields (core/actions.py).

The generated ``to_json`` must give the canonical form: ``{"type": kind}`` then every field in declaration order,
tuples (also nested) as lists; and it must be the class's own code, not a loop over ``dataclasses.fields``.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pygame_rules as pr
from pygame_rules.core.actions import Action
from pygame_rules.registry import GAMES


def canonical(action: Action) -> dict[str, Any]:
    """The canonical JSON form, spelled out from the dataclass fields (the reference the generated code meets)."""
    def plain(value: Any) -> Any:
        return [plain(v) for v in value] if isinstance(value, tuple) else value
    out: dict[str, Any] = {"type": action.kind}
    for field in dataclasses.fields(action):
        out[field.name] = plain(getattr(action, field.name))
    return out


def test_every_listed_action_of_every_game_writes_the_canonical_json_from_generated_code() -> None:
    seen: set[type] = set()
    for name in GAMES:
        for players in (2, 3, 4):
            try:
                state = pr.new_game(name, players=players, seed=3)
            except pr.RulesError:
                continue
            for _ in range(60):
                if state.is_over():
                    break
                legal = state.legal_actions()
                for action in legal:
                    got = action.to_json()
                    assert got == canonical(action) and list(got) == list(canonical(action))
                    assert Action.to_json(action) == got
                    seen.add(type(action))
                state.apply(legal[len(legal) // 2])
    assert len(seen) >= 8
    for cls in seen:
        writer = cls.__dict__["to_json"]
        assert "return {" in writer.__source__, cls  # straight-line code, written for this class
        assert writer is cls.__dict__["_generated_to_json"]


def test_tuples_become_lists_and_a_class_written_later_gets_its_own_writer() -> None:
    @dataclasses.dataclass(frozen=True)
    class Pick(Action):
        kind = "pick"
        cards: tuple[str, ...]
        pairs: tuple[tuple[int, int], ...]
        note: str | None

    @dataclasses.dataclass(frozen=True)
    class PickMore(Pick):
        kind = "pick_more"
        extra: int

    pick = Pick(("a", "b"), ((1, 2),), None)
    assert pick.to_json() == {"type": "pick", "cards": ["a", "b"], "pairs": [[1, 2]], "note": None}
    more = PickMore((), (), "x", 4)
    assert more.to_json() == {"type": "pick_more", "cards": [], "pairs": [], "note": "x", "extra": 4}
    assert pick.to_json() == {"type": "pick", "cards": ["a", "b"], "pairs": [[1, 2]], "note": None}


def test_a_class_that_writes_its_own_to_json_keeps_it() -> None:
    @dataclasses.dataclass(frozen=True)
    class Odd(Action):
        kind = "odd"
        n: int

        def to_json(self) -> dict[str, Any]:
            return {"type": "odd", "n": self.n, "twice": 2 * self.n}

    assert Odd(2).to_json() == {"type": "odd", "n": 2, "twice": 4}
    assert Action.to_json(Odd(2)) == {"type": "odd", "n": 2}
    assert Odd(3).to_json()["twice"] == 6
