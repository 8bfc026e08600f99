"""Etalage, one package: its registry entry here, its rules beside it.

- :mod:`.rules`: the cards, the ranking of a trick, the claims, the table and the turn;
- ``etalage.json``: the colours and card numbers;
- :mod:`.editor`: the scenario editor's kit.

The names of :mod:`.rules` are this package's names too
(``pygame_rules.games.etalage.EtalageState``), imported on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import entry, lazy_names

ENTRY = entry("etalage", "EtalageState")

if TYPE_CHECKING:
    from .rules import *  # noqa: F403

__getattr__ = lazy_names(__name__, ('rules',))
