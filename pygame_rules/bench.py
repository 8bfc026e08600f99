"""Engine throughput with fixed, seeded policies, so that figures compare across versions and with other engines.

The policies are part of the measurement's definition (docs/api.md, "Command line"); a game's own policy is its
package's ``bench_policy.py`` (standard library only):

- Skip-Bo, ``play-first`` (``games/skipbo/bench_policy.py``): a uniformly random building play (hand, stock or
  discard top onto a building pile) if there is any, else a uniformly random discard, else the only remaining
  action (ending the turn).
- every other game, ``random``: a uniformly random legal action.

A game is ``new_game(game, players, seed=i)`` for ``i = 0, 1, ...``; its policy draws from
``random.Random(f"bench/{game}/{players}/{i}")``. Each move asks ``legal_actions()`` and plays the chosen action
by one of two paths: ``play`` (the default: :meth:`State.play`, no events worded, as bots' rollouts play; an
older engine without it falls back to ``apply``, the path issue 15's "today" figures were taken with) or ``apply``
(the public, validating path that the browser API takes, events and texts included). No views are built, so the
figure is engine time.

This module imports only the standard library and takes ``new_game`` as an argument, so that
``tools/bench_compare.py`` can run the very same policies against an older checkout of the engine.
"""

from __future__ import annotations

import importlib.util
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

DEFAULT_ACTION_CAP = 100_000
Policy = Callable[[Sequence[Any], random.Random], Any]
GAMES_DIR = Path(__file__).resolve().parent / "games"


def uniform(legal: Sequence[Any], rng: random.Random) -> Any:
    """The bench policy of a game without its own: a uniformly random legal action."""
    return rng.choice(legal)


def policy_for(game: str) -> tuple[str, Policy]:
    """The documented policy (name, function) of ``game``: its package's ``bench_policy.py`` (``NAME`` and
    ``policy``), loaded by file path so that this module needs no engine, else ``random``, :func:`uniform`."""
    path = GAMES_DIR / game / "bench_policy.py"
    if not path.is_file():
        return "random", uniform
    spec = importlib.util.spec_from_file_location(f"bench_policy_{game}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return str(module.NAME), module.policy


def bench_one(new_game: Callable[..., Any], game: str, players: int, *, games: int | None = None,
              seconds: float = 1.0, min_games: int = 5, action_cap: int = DEFAULT_ACTION_CAP,
              path: str = "play") -> dict[str, Any]:
    """Play seeded games of ``game`` with its policy; return one JSON-safe line of figures.

    ``path`` is ``"play"`` (quiet, as rollouts play) or ``"apply"`` (validating, events worded); the line says
    which method was used, since an older engine may lack :meth:`State.play`.

    With ``games`` set, exactly that many games are played (the same games in every version: use this to compare);
    otherwise games are played until ``seconds`` have passed and at least ``min_games`` were played.
    """
    name, policy = policy_for(game)
    if path not in ("play", "apply"):
        raise ValueError(f"path must be 'play' or 'apply', not {path!r}")
    # One game made before the clock starts, on either path: it imports the game's modules (and compiles them where
    # no bytecode is cached), which is not engine speed.
    probe = new_game(game, players=players, seed=0)
    method = "apply"
    if path == "play":
        method = next(m for m in ("play", "apply") if hasattr(probe, m))
    count = moves = capped = 0
    start = time.perf_counter()
    while (count < games) if games is not None else (time.perf_counter() - start < seconds or count < min_games):
        state = new_game(game, players=players, seed=count)
        rng = random.Random(f"bench/{game}/{players}/{count}")
        n = 0
        while not state.is_over():
            if n >= action_cap:
                capped += 1
                break
            getattr(state, method)(policy(state.legal_actions(), rng))
            n += 1
        count += 1
        moves += n
    elapsed = time.perf_counter() - start
    return {
        "game": game, "players": players, "policy": name, "path": method, "games": count,
        "games_per_second": round(count / elapsed, 2),
        "moves_per_second": round(moves / elapsed),
        "mean_moves_per_game": round(moves / count, 1), "capped_games": capped,
        "seconds": round(elapsed, 3),
    }
