"""The clock every searching bot reads for its ceiling, replaceable as a whole.

By default it is ``time.perf_counter`` (wall clock: what a player waits for). The decision-time sweep
(``arena sweep``) sets a CPU clock instead, so that on a machine shared with other jobs the ceiling still measures
the bot's own work; tests set a fake clock that moves only when work is done, so they can check where a search
stops without timing anything.
"""

from __future__ import annotations

import time
from collections.abc import Callable

_source: Callable[[], float] | None = None


def now() -> float:
    """Seconds on the bots' clock (``time.perf_counter`` unless :func:`use` replaced it)."""
    return _source() if _source is not None else time.perf_counter()


def use(source: Callable[[], float] | None) -> Callable[[], float] | None:
    """Make ``source`` the bots' clock (``None``: back to ``time.perf_counter``); return the previous one."""
    global _source
    previous, _source = _source, source
    return previous


__all__ = ["now", "use"]
