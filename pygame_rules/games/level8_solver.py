"""The old dotted path of Level 8's solver, kept while the bots import it from here: its names are those of
:mod:`pygame_rules.games.level8.solver` (the game's package holds the module)."""

from .level8.solver import *  # noqa: F403
from .level8.solver import __all__ as __all__
