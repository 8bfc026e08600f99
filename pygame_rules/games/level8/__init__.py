"""Level 8, one package: its registry entry here, its rules beside it.

- :mod:`.rules`: the table, the deal, the moves listed and performed; :mod:`.actions`: the moves;
  :mod:`.checks`: why a move is refused, what a scenario must satisfy;
- :mod:`.data` with ``level8_decks.json`` and ``level8_sheets.json``: the cards, the editions and the level sheets;
- :mod:`.parts`: one combination (normalise, check a lay-out, what a part accepts); :mod:`.search`: the lay-out
  search; :mod:`.solver`: the three under one name;
- :mod:`.editor`: the scenario editor's kit; :mod:`.sampler`: the search bots' deals of the hidden cards.

The names of :mod:`.rules`, :mod:`.actions`, :mod:`.solver` are this package's names too
(``pygame_rules.games.level8.Level8State``), imported on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import entry, lazy_names

ENTRY = entry("level8", "Level8State")

if TYPE_CHECKING:
    from .actions import *  # noqa: F403
    from .rules import *  # noqa: F403
    from .solver import *  # noqa: F403

__getattr__ = lazy_names(__name__, ('rules', 'actions', 'solver'))
