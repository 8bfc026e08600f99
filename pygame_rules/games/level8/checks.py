"""Level 8's checks: why a move is refused now (its reason code, parameters and English words), what a table must
hold (invariants, for saves), and how a scenario's partial table is completed and checked.

Functions of a :class:`~pygame_rules.games.level8.Level8State`, which calls them from :meth:`problem`,
:meth:`_validate` and :meth:`_deal_rest`; the lister's own rules (the takes of the draw phase, :meth:`_skip_targets`,
:func:`~pygame_rules.games.level8_parts.accepts`) are asked here too, so the two never disagree.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...core.actions import Action
from ...core.errors import BadScenario, IllegalAction
from ...core.game import check_seat
from .actions import PHASE_ACTIONS, Add, Discard, Draw, Keep, LayOut, ServeSkip, Skip, TakeDiscard, TakeNothing
from .parts import JOKER_MEANINGS, candidate_layouts, sub_multisets
from .solver import (
    JOKER,
    KINDS,
    SKIP,
    PartError,
    add_to_part,
    check_layout,
    normalise_part,
    physical,
    sort_cards,
)

if TYPE_CHECKING:
    from .rules import Level8State


def _seat_name(seat: int) -> str:
    return f"Seat {seat}"


def candidates(state: Level8State) -> list[Action]:
    """Every move of the phase's shape, legal or not (the reference lister keeps those :func:`problem` accepts).

    Taking: the draw pile, every discard pile, nothing. Playing: every lay-out of the level's shape from the
    hand (:func:`candidate_layouts`), every hand card or joker meaning added to every part on the table, every
    card discarded, a skip for every seat. Keeping: every choice of up to one card more than the sheet allows.
    Jokers are named with their meaning (the undeclared ``J`` is the same move once the part decides it).
    """
    p = state.current_player
    assert p is not None
    hand = state.hands[p]
    if state.phase == "draw":
        return [Draw(), *(TakeDiscard(s) for s in range(state.players)), TakeNothing()]
    if state.phase == "skipped":
        return [ServeSkip()]
    if state.phase == "keep":
        return [Keep(c) for r in range(min(state.sheet.keep_cards + 1, len(hand)) + 1)
                for c in sub_multisets(hand, r)]
    out: list[Action] = [LayOut(lay) for lay in candidate_layouts(state.level_requirements(p), hand)]
    tokens = [c for c in dict.fromkeys(hand) if c != JOKER] + list(JOKER_MEANINGS if JOKER in hand else ())
    out += [Add(s, i, t) for s, parts in enumerate(state.table) for i in range(len(parts)) for t in tokens]
    out += [Discard(c) for c in dict.fromkeys(hand)]
    out += [Skip(t) for t in range(state.players)]
    return out


def problem(state: Level8State, action: Action) -> IllegalAction | None:
    """Why ``action`` is illegal now, or ``None``: the phase admits its type, then the type's own rule.

    The refusal's English message is worded from the catalogue (``refusal.level8.<reason>``) when it is read.
    """
    p = state.current_player
    assert p is not None  # the core refuses actions once the game is over
    if type(action) not in PHASE_ACTIONS[state.phase]:
        return state.refused("wrong_phase", {"phase": state.phase, "action": action.kind}, phase=state.phase)
    try:
        _REQUIREMENTS[type(action)](state, p, action)
    except IllegalAction as refusal:
        if refusal.reason is None:
            return refusal
        return state.refused(refusal.reason, refusal.params, code=refusal.code, **refusal.details)
    return None

def _require_draw(state: Level8State, p: int, action: Draw) -> None:
    if action not in state.legal_actions():
        raise IllegalAction("cannot draw: the draw pile is empty; take a discard top instead",
                            reason="draw_pile_empty")

def _require_take_discard(state: Level8State, p: int, action: TakeDiscard) -> None:
    seat = _seat_arg(state, action.seat, "take_discard.seat")
    if action not in state.legal_actions():
        raise IllegalAction(f"cannot take from {_seat_name(seat)}'s discard pile: it is empty",
                            reason="discard_pile_empty", params={"seat": seat})

def _require_take_nothing(state: Level8State, p: int, action: TakeNothing) -> None:
    if action not in state.legal_actions():
        raise IllegalAction("you must take a card: the draw pile or a discard pile has one",
                            reason="must_take_a_card")

def _require_lay_out(state: Level8State, p: int, action: LayOut) -> None:
    layout_of(state, p, action)

def _require_add(state: Level8State, p: int, action: Add) -> None:
    _checked_add(state, p, action)

def _require_discard(state: Level8State, p: int, action: Discard) -> None:
    if action.card not in state.hands[p]:
        raise IllegalAction(f"cannot discard {action.card!r}: it is not in your hand",
                            reason="card_not_in_hand", params={"card": action.card})

def _require_skip(state: Level8State, p: int, action: Skip) -> None:
    target = _seat_arg(state, action.target, "skip.target")
    if SKIP not in state.hands[p]:
        raise IllegalAction("cannot skip anyone: you hold no skip card", reason="no_skip_card")
    if target == p:
        raise IllegalAction("a skip card goes in front of another player, not yourself", reason="skip_yourself")
    if target not in state._skip_targets(p):
        raise IllegalAction(f"{_seat_name(target)} already has a skip card in front of them",
                            reason="already_skipped", params={"seat": target})

def _require_serve_skip(state: Level8State, p: int, action: ServeSkip) -> None:
    """Serving the skip is the whole turn of a skipped seat: the phase says it all."""

def _require_keep(state: Level8State, p: int, action: Keep) -> None:
    _checked_keep(state, p, action)

_REQUIREMENTS: dict[type, Callable[[Any, int, Any], None]] = {
    Draw: _require_draw, TakeDiscard: _require_take_discard, TakeNothing: _require_take_nothing,
    LayOut: _require_lay_out, Add: _require_add, Discard: _require_discard, Skip: _require_skip,
    ServeSkip: _require_serve_skip, Keep: _require_keep,
}

def _seat_arg(state: Level8State, value: int, what: str) -> int:
    try:
        return check_seat(value, state.players, what)
    except ValueError as exc:
        raise IllegalAction(str(exc), reason="no_such_seat", params={"seat": value}) from exc

def layout_of(state: Level8State, p: int, action: LayOut) -> tuple[tuple[str, ...], ...]:
    if state.laid[p]:
        raise IllegalAction(f"you have already laid out level {state.levels[p]} this deal",
                            reason="already_laid_out", params={"level": state.levels[p]})
    try:
        return check_layout(state.level_requirements(p), state.hands[p], action.parts)
    except PartError as exc:
        message = f"cannot lay out level {state.levels[p]} ({state.sheet.level_text(state.levels[p])}): {exc}"
        if exc.why == "joker_choice":  # not wrong: the player has a choice to make (the page asks it)
            raise IllegalAction(message, reason="joker_choice", params=exc.params) from exc
        raise IllegalAction(message, reason="not_the_level",
                            params={**exc.params, "level": state.levels[p], "why": exc.why}) from exc

def _checked_add(state: Level8State, p: int, action: Add) -> tuple[str, ...]:
    if not state.laid[p]:
        raise IllegalAction(f"cannot add {action.card}: lay out your own level {state.levels[p]} first",
                            reason="lay_out_first", params={"level": state.levels[p]})
    seat = _seat_arg(state, action.seat, "add.seat")
    parts = state.table[seat]
    if isinstance(action.part, bool) or not 0 <= action.part < len(parts):
        raise IllegalAction(f"{_seat_name(seat)} has no part {action.part} on the table ({len(parts)} part(s))",
                            reason="no_such_part", params={"seat": seat, "part": action.part})
    hand = state.hands[p]
    card = physical(action.card)
    if action.card == SKIP:
        raise IllegalAction("a skip card cannot be added to a combination", reason="skip_not_addable")
    if card not in hand:
        raise IllegalAction(f"cannot add {action.card!r}: you hold no such card", reason="card_not_in_hand",
                            params={"card": action.card})
    if len(hand) < 2:
        raise IllegalAction("cannot add your last card: keep one card to end the turn", reason="last_card")
    try:
        return add_to_part(parts[action.part], action.card)
    except PartError as exc:
        if exc.why == "joker_choice":
            raise IllegalAction(str(exc), reason="joker_choice",
                                params={**exc.params, "seat": seat, "part": action.part}) from exc
        raise IllegalAction(str(exc), reason="does_not_fit",
                            params={**exc.params, "seat": seat, "part": action.part, "why": exc.why}) from exc

def _checked_keep(state: Level8State, p: int, action: Keep) -> tuple[str, ...]:
    limit = state.sheet.keep_cards
    if len(action.cards) > limit:
        raise IllegalAction(f"you may keep at most {limit} cards, not {len(action.cards)}", reason="keep_too_many",
                            params={"limit": limit})
    need = Counter(action.cards)
    have = Counter(state.hands[p])
    for card, n in need.items():
        if have[card] < n:
            raise IllegalAction(f"cannot keep {card!r}: you do not hold {'that many' if have[card] else 'it'}",
                                reason="card_not_in_hand", params={"card": card})
    return tuple(sort_cards(action.cards))


def validate(state: Level8State) -> None:
    """What must hold between the fields: the phase and who decides, skips, kept cards, table parts."""
    if (state.phase == "over") != (state.winner is not None):
        raise ValueError("the game is over exactly when there is a winner")
    if (state.phase == "keep") != bool(state.keep_queue) or len(set(state.keep_queue)) != len(state.keep_queue):
        raise ValueError("the keep phase is exactly when distinct seats are waiting to keep cards")
    if state.phase == "skipped" and not state.skipped[state.turn]:
        raise ValueError(f"seat {state.turn} is serving a skip but has no skip card in front of them")
    for s, k in enumerate(state.kept):
        if k is None:
            continue
        if state.phase != "keep":
            raise ValueError("kept cards only wait between deals (the keep phase)")
        if Counter(k) - Counter(state.hands[s]) or len(k) > state.sheet.keep_cards:
            raise ValueError(f"seat {s} keeps cards it does not hold or too many")
    for s, parts in enumerate(state.table):
        for j, part in enumerate(parts):
            if len(part) < 2 or part[0] not in KINDS:
                raise ValueError(f"seat {s}'s table part {j} must be [kind, card, ...]")
            if normalise_part(part[0], list(part[1:])) != tuple(part):
                raise ValueError(f"seat {s}'s table part {list(part)} is not in canonical form")
        if parts and not state.laid[s]:
            raise ValueError(f"seat {s} has parts on the table but has not laid out")


def deal_rest(state: Level8State, given: set[str], params: dict[str, Any]) -> None:
    """Complete a scenario: the first deal by default, the unlisted cards shuffled under the listed draw pile.

    ``rest`` (a parameter, not part of the table) sends them instead to a seat's discard pile, under its cards.
    A scenario starts a turn (phase ``draw`` or ``play``); a seat with a skip in front of it serves it first.
    """
    players = state.players
    if "dealer" not in given:
        state.dealer = players - 1
    if "turn" not in given:
        state.turn = (state.dealer + 1) % players
    if "deal_number" not in given:
        state.deal_number = 1
    if state.phase not in ("draw", "play"):
        raise BadScenario(f"phase must be 'draw' or 'play', not {state.phase!r}")
    state.hands = [sort_cards(h) for h in state.hands]
    for i, parts in enumerate(state.table):
        for j, part in enumerate(parts):
            if len(part) < 2 or part[0] not in KINDS:
                raise BadScenario(f"seat {i}'s table part {j} must be [kind, card, ...]")
            try:
                parts[j] = normalise_part(part[0], part[1:])
            except PartError as exc:
                raise BadScenario(f"seat {i}'s table part {j}: {exc}") from exc
    state.laid = [laid or bool(state.table[i]) for i, laid in enumerate(state.laid)]
    used = state.all_cards()
    deck = state.full_deck()
    for card, count in sorted(used.items()):
        if count > deck[card]:
            what = "appears twice" if deck[card] == 1 else f"appears {count} times (the deck has {deck[card]})"
            raise BadScenario(f"card {card} {what}", card=card)
    rest = sorted((deck - used).elements())
    state.rng.shuffle(rest)
    where = params.get("rest", "draw")
    if where == "draw":
        state.draw = rest + state.draw
    else:
        seat = check_seat(where, players, "rest")
        state.discards[seat] = rest + state.discards[seat]
    if state.skipped[state.turn]:
        state.phase = "skipped"
