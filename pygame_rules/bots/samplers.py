"""Determinization for the search bots: a full, consistent State dealt from one seat's view.

Each game's sampler lives in its package (``pygame_rules/games/<game>/sampler.py``) and is named by the game's
``ENTRY`` (its ``sampler`` field); what the samplers promise, and the machinery they share, is in
:mod:`pygame_rules.games.sampling`. This module reads the samplers from the registry for the bots.
"""

from __future__ import annotations

import random
from typing import Any

from ..core.game import State
from ..games.sampling import SampleError, Sampler, constrained_deal
from ..registry import ENTRIES, resolve

# game -> "module:function" of its sampler; a game's sampler (and so its rules) is imported when first used
SAMPLERS: dict[str, str] = {e.name: e.sampler for e in ENTRIES if e.sampler}
_loaded: dict[str, Sampler] = {}


def sampler_of(game: str) -> Sampler:
    """The determinization sampler of ``game`` (imported on first use); ``ValueError`` if it has none."""
    found = _loaded.get(game)
    if found is None:
        if game not in SAMPLERS:
            raise ValueError(f"no determinization sampler for game {game!r}")
        found = _loaded[game] = resolve(SAMPLERS[game])
    return found


def has_sampler(game: str) -> bool:
    """Whether ``game`` can be determinized (and so has a ``hard`` bot)."""
    return game in SAMPLERS


def sample_state(view: dict[str, Any], rng: random.Random) -> State:
    """A full state of ``view["game"]`` consistent with ``view`` (see :mod:`pygame_rules.games.sampling`)."""
    sampler = sampler_of(str(view.get("game")))
    if "match" in view:
        view = view_without_match(view)
    return sampler(view, rng)


def view_without_match(view: dict[str, Any]) -> dict[str, Any]:
    """The game part of a view (a match adds a ``"match"`` key around the game in progress)."""
    return {k: v for k, v in view.items() if k != "match"}


__all__ = ["SAMPLERS", "SampleError", "Sampler", "constrained_deal", "has_sampler", "sample_state",
           "sampler_of", "view_without_match"]
