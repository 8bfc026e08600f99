"""Skip-Bo's bench policy, ``play-first`` (:mod:`pygame_rules.bench`): a uniformly random building play (hand,
stock or discard top onto a building pile) if there is any, else a uniformly random discard, else the only
remaining action (ending the turn).

Standard library only and no package imports: the bench loads this file by its path, so that
``tools/bench_compare.py`` plays the same policy against an older checkout of the engine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

NAME = "play-first"
BUILD_KINDS = frozenset({"play_hand", "play_stock", "play_discard"})


def policy(legal: Sequence[Any], rng: random.Random) -> Any:
    """A random building play if any, else a random discard, else what is left."""
    builds = [a for a in legal if a.kind in BUILD_KINDS]
    if builds:
        return rng.choice(builds)
    discards = [a for a in legal if a.kind == "discard"]
    return rng.choice(discards or list(legal))
