"""Skip-Bo, one package: its registry entry here, its rules beside it.

- :mod:`.rules`: the cards, the actions, the building rule and its listing tables, the table and the turn;
- ``skipbo.json``: the numbers of the game (cards, copies, piles, stock sizes, match points);
- :mod:`.editor`: the scenario editor's kit; ``bench_policy.py``: the bench's play-first policy.

The names of :mod:`.rules` are this package's names too
(``pygame_rules.games.skipbo.SkipBoState``), imported on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import entry, lazy_names

ENTRY = entry("skipbo", "SkipBoState")

if TYPE_CHECKING:
    from .rules import *  # noqa: F403

__getattr__ = lazy_names(__name__, ('rules',))
