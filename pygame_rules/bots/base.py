"""What every bot is: a chooser that sees one seat's view and that seat's legal actions, nothing else."""

from __future__ import annotations

import random
from typing import Any, Protocol

from ..core.actions import Action


class Bot(Protocol):
    """A bot picks one of ``legal`` from ``view`` (the seat's view dict). It never receives a State."""

    name: str

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        """Return one element of ``legal``."""
        ...


class RandomBot:
    """Uniformly random among the legal actions: the baseline every game gets for free."""

    name = "random"

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        """Any legal action, uniformly."""
        return legal[rng.randrange(len(legal))]
