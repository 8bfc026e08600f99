"""Skip-Bo, one package: its registry entry here, its rules beside it.

- :mod:`.cards` and ``skipbo.json``: the numbers of the game (cards, copies, piles, stock sizes, match points), the
  cards a deck allows, the actions;
- :mod:`.building`: the building rule and the listing tables derived from it;
- :mod:`.rules`: the match, the table and the turn;
- :mod:`.editor`: the scenario editor's kit; :mod:`.sampler`: the search bots' deals of the hidden cards;
  ``bench_policy.py``: the bench's play-first policy.

The names of :mod:`.rules`, :mod:`.cards` and :mod:`.building` are this package's names too
(``pygame_rules.games.skipbo.SkipBoState``), imported on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import entry, lazy_names

ENTRY = entry("skipbo", "SkipBoState")

if TYPE_CHECKING:
    from .building import *  # noqa: F403
    from .cards import *  # noqa: F403
    from .rules import *  # noqa: F403

__getattr__ = lazy_names(__name__, ('rules', 'cards', 'building'))
