"""Top Spot, one package: its registry entry here, its rules beside it.

- :mod:`.deck` and ``topspot_deck.json``: the cards as data (layouts of spots and holes);
- :mod:`.stacks`: a stack's value and what it shows, the stacks a hand can make, the plays;
- :mod:`.fast`: the lister's tables, computed from the stack search of :mod:`.stacks`;
- :mod:`.table`: the options, the match, the records kept on the table; :mod:`.rules`: the table and the trick;
- :mod:`.editor`: the scenario editor's kit; :mod:`.sampler`: the search bots' deals of the hidden cards.

The names of :mod:`.rules`, :mod:`.stacks`, :mod:`.table`, :mod:`.deck`, :mod:`.fast` are this package's names too
(``pygame_rules.games.topspot.TopSpotState``), imported on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import entry, lazy_names

ENTRY = entry("topspot", "TopSpotState")

if TYPE_CHECKING:
    from .deck import *  # noqa: F403
    from .fast import *  # noqa: F403
    from .rules import *  # noqa: F403
    from .stacks import *  # noqa: F403
    from .table import *  # noqa: F403

__getattr__ = lazy_names(__name__, ('rules', 'stacks', 'table', 'deck', 'fast'))
