"""Level 8's moves: the actions a player may take, and which phase of a turn admits which."""

from __future__ import annotations

import dataclasses
from typing import Annotated, ClassVar

from ...core.actions import Action
from ...core.memo import Memo
from ...core.table import Is

#: A card named in an action: any non-empty text (which card, and whether it is held, is the rules' question; an
#: empty name is not an action at all and is refused as malformed before any rule reads its first letter).
CardName = Annotated[str, Is(bool, "a card name")]


@dataclasses.dataclass(frozen=True)
class Draw(Action):
    """Take the top card of the draw pile."""

    kind: ClassVar[str] = "draw"


@dataclasses.dataclass(frozen=True)
class TakeDiscard(Action):
    """Take the top card of ``seat``'s discard pile (any seat, including one's own)."""

    kind: ClassVar[str] = "take_discard"
    seat: int


@dataclasses.dataclass(frozen=True)
class TakeNothing(Action):
    """Go on without taking a card; only legal when the draw pile and every discard pile are empty."""

    kind: ClassVar[str] = "take_nothing"


@dataclasses.dataclass(frozen=True)
class LayOut(Action):
    """Lay out the whole current level: each part is ``(kind, card, ...)`` with jokers declared (``J7``/``JR``)."""

    kind: ClassVar[str] = "lay_out"
    parts: tuple[tuple[str, ...], ...]


@dataclasses.dataclass(frozen=True)
class Add(Action):
    """Add one hand card to part ``part`` of ``seat``'s table; a joker is given with its meaning (``J7``/``JR``)."""

    kind: ClassVar[str] = "add"
    seat: int
    part: int
    card: CardName


@dataclasses.dataclass(frozen=True)
class Discard(Action):
    """End the turn by discarding ``card`` face up on one's own discard pile."""

    kind: ClassVar[str] = "discard"
    card: CardName


@dataclasses.dataclass(frozen=True)
class Skip(Action):
    """End the turn by putting a skip card in front of ``target``, who has none yet."""

    kind: ClassVar[str] = "skip"
    target: int


@dataclasses.dataclass(frozen=True)
class ServeSkip(Action):
    """The whole turn of a skipped player: move the skip card face up under the draw pile."""

    kind: ClassVar[str] = "serve_skip"


@dataclasses.dataclass(frozen=True)
class Keep(Action):
    """Two-star rule: keep these hand cards (at most the sheet's limit) for the next deal."""

    kind: ClassVar[str] = "keep"
    cards: tuple[CardName, ...]


PHASE_ACTIONS: dict[str, tuple[type[Action], ...]] = {
    "keep": (Keep,), "skipped": (ServeSkip,), "draw": (Draw, TakeDiscard, TakeNothing),
    "play": (LayOut, Add, Discard, Skip), "over": (),
}
Level8Action = Draw | TakeDiscard | TakeNothing | LayOut | Add | Discard | Skip | ServeSkip | Keep


_ADDS: Memo[tuple[int, int, str], Add] = Memo("level8.adds", None)  # seats x parts x tokens: a fixed domain
_PART_ADDS: Memo[tuple[int, int, tuple[str, ...]], dict[str, tuple[Add, ...]]] = Memo("level8.part_adds", 4096)


def _adds_of(seat: int, index: int, part: tuple[str, ...], card: str, tokens: tuple[str, ...]) -> tuple[Add, ...]:
    """The shared :class:`Add` moves of ``card`` (as each of ``tokens``) to ``seat``'s part ``index``, which is
    ``part``: :func:`accepts` made into moves when a held card first needs them, remembered per place and part."""
    built = _PART_ADDS.get((seat, index, part))
    if built is None:
        built = _PART_ADDS.put((seat, index, part), {})
    found = built.get(card)
    if found is None:
        found = built[card] = tuple(_ADDS.intern((seat, index, t), lambda t=t: Add(seat, index, t))  # type: ignore[misc]
                                    for t in tokens)
    return found
