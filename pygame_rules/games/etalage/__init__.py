"""Etalage, one package: its registry entry here, its rules beside it.

- :mod:`.cards` and ``etalage.json``: the colours and card numbers, the deck, the seat order, the ranking of a
  trick and the order of the claims;
- :mod:`.rules`: the actions, the match, the table and the turn;
- :mod:`.editor`: the scenario editor's kit; :mod:`.sampler`: the search bots' deals of the hidden cards.

The names of :mod:`.rules` and :mod:`.cards` are this package's names too
(``pygame_rules.games.etalage.EtalageState``), imported on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import entry, lazy_names

ENTRY = entry("etalage", "EtalageState")

if TYPE_CHECKING:
    from .cards import *  # noqa: F403
    from .rules import *  # noqa: F403

__getattr__ = lazy_names(__name__, ('rules', 'cards'))
