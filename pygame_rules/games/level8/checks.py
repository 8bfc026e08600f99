"""Level 8's checks: why a move is refused now (its reason code and parameters), what a table must hold (invariants,
for saves), and how a scenario's partial table is completed and checked. The rules that the lister or the saved
table's check also apply are functions here that each of them asks (:func:`keep_refusal`, :func:`add_refusal`,
:func:`part_shape_problem`).

Functions of a :class:`~pygame_rules.games.level8.Level8State`, which calls them from :meth:`problem`,
:meth:`_validate` and :meth:`_deal_rest`; the lister's own rules (the takes of the draw phase, :meth:`_skip_targets`,
:func:`~pygame_rules.games.level8.parts.accepts`) are asked here too, so the two never disagree.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ...core.actions import Action
from ...core.errors import BadScenario, IllegalAction
from ...core.game import Refusal, check_seat
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


class Refused(Exception):
    """Raised by a check when a move is refused: its reason code and parameters, no words (the refusal is worded
    from the catalogue, ``refusal.level8.<reason>``, when somebody reads it)."""

    def __init__(self, reason: str, params: dict[str, Any] | None = None) -> None:
        super().__init__(reason)
        self.refusal = Refusal(reason, params or {})


def problem(state: Level8State, action: Action) -> IllegalAction | None:
    """Why ``action`` is illegal now, or ``None``: the phase admits its type, then the type's own rule."""
    p = state.current_player
    assert p is not None  # the core refuses actions once the game is over
    if type(action) not in PHASE_ACTIONS[state.phase]:
        return state.refused("wrong_phase", {"phase": state.phase, "action": action.kind}, phase=state.phase)
    try:
        _REQUIREMENTS[type(action)](state, p, action)
    except Refused as refused:
        return state.refused(*refused.refusal)
    return None


def keep_refusal(cards: Sequence[str], hand: Sequence[str], limit: int) -> Refusal | None:
    """The keep rule, once (the checker and the saved table's check ask it): at most ``limit`` cards, each held."""
    if len(cards) > limit:
        return Refusal("keep_too_many", {"limit": limit})
    have = Counter(hand)
    for card, n in Counter(cards).items():
        if have[card] < n:
            return Refusal("card_not_in_hand", {"card": card})
    return None


def add_refusal(laid: bool, level: int, cards: int) -> Refusal | None:
    """The precondition of adding to a part, once (the checker and the lister ask it): one's own ``level`` laid out,
    and a card left to end the turn with (``cards``: the hand's size before the addition)."""
    if not laid:
        return Refusal("lay_out_first", {"level": level})
    if cards < 2:
        return Refusal("last_card", {})
    return None


def part_shape_problem(part: Sequence[Any]) -> str | None:
    """What is wrong with the shape of a part on the table (``[kind, card, ...]``), or ``None``; the saved table's
    check and a scenario's table ask it, before the cards are read."""
    if len(part) < 2 or part[0] not in KINDS:
        return "must be [kind, card, ...]"
    return None


def _require_draw(state: Level8State, p: int, action: Draw) -> None:
    if action not in state.legal_actions():
        raise Refused("draw_pile_empty")


def _require_take_discard(state: Level8State, p: int, action: TakeDiscard) -> None:
    seat = _seat_arg(state, action.seat, "take_discard.seat")
    if action not in state.legal_actions():
        raise Refused("discard_pile_empty", {"seat": seat})


def _require_take_nothing(state: Level8State, p: int, action: TakeNothing) -> None:
    if action not in state.legal_actions():
        raise Refused("must_take_a_card")


def _require_lay_out(state: Level8State, p: int, action: LayOut) -> None:
    layout_of(state, p, action)


def _require_add(state: Level8State, p: int, action: Add) -> None:
    refusal = add_refusal(state.laid[p], state.levels[p], len(state.hands[p]))
    if refusal is not None:
        raise Refused(refusal.reason, dict(refusal.params))
    seat = _seat_arg(state, action.seat, "add.seat")
    parts = state.table[seat]
    if isinstance(action.part, bool) or not 0 <= action.part < len(parts):
        raise Refused("no_such_part", {"seat": seat, "part": action.part})
    if action.card == SKIP:
        raise Refused("skip_not_addable")
    if physical(action.card) not in state.hands[p]:
        raise Refused("card_not_in_hand", {"card": action.card})
    try:
        add_to_part(parts[action.part], action.card)
    except PartError as exc:
        params = {**exc.params, "seat": seat, "part": action.part}
        if exc.why == "joker_choice":
            raise Refused("joker_choice", params) from exc
        raise Refused("does_not_fit", {**params, "why": exc.why}) from exc


def _require_discard(state: Level8State, p: int, action: Discard) -> None:
    if action.card not in state.hands[p]:
        raise Refused("card_not_in_hand", {"card": action.card})


def _require_skip(state: Level8State, p: int, action: Skip) -> None:
    target = _seat_arg(state, action.target, "skip.target")
    if SKIP not in state.hands[p]:
        raise Refused("no_skip_card")
    if target == p:
        raise Refused("skip_yourself")
    if target not in state._skip_targets(p):
        raise Refused("already_skipped", {"seat": target})


def _require_serve_skip(state: Level8State, p: int, action: ServeSkip) -> None:
    """Serving the skip is the whole turn of a skipped seat: the phase says it all."""


def _require_keep(state: Level8State, p: int, action: Keep) -> None:
    refusal = keep_refusal(action.cards, state.hands[p], state.sheet.keep_cards)
    if refusal is not None:
        raise Refused(refusal.reason, dict(refusal.params))


_REQUIREMENTS: dict[type, Callable[[Any, int, Any], None]] = {
    Draw: _require_draw, TakeDiscard: _require_take_discard, TakeNothing: _require_take_nothing,
    LayOut: _require_lay_out, Add: _require_add, Discard: _require_discard, Skip: _require_skip,
    ServeSkip: _require_serve_skip, Keep: _require_keep,
}


def _seat_arg(state: Level8State, value: int, what: str) -> int:
    try:
        return check_seat(value, state.players, what)
    except ValueError as exc:
        raise Refused("no_such_seat", {"seat": value}) from exc


def layout_of(state: Level8State, p: int, action: LayOut) -> tuple[tuple[str, ...], ...]:
    """The canonical lay-out of ``action`` for seat ``p`` (what :meth:`_perform` lays down); :class:`Refused` when
    the seat has laid out already or the parts are not its level."""
    if state.laid[p]:
        raise Refused("already_laid_out", {"level": state.levels[p]})
    try:
        return check_layout(state.level_requirements(p), state.hands[p], action.parts)
    except PartError as exc:
        if exc.why == "joker_choice":  # not wrong: the player has a choice to make (the page asks it)
            raise Refused("joker_choice", exc.params) from exc
        raise Refused("not_the_level", {**exc.params, "level": state.levels[p], "why": exc.why}) from exc


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
        if keep_refusal(k, state.hands[s], state.sheet.keep_cards) is not None:
            raise ValueError(f"seat {s} keeps cards it does not hold or too many")
    for s, parts in enumerate(state.table):
        for j, part in enumerate(parts):
            shape = part_shape_problem(part)
            if shape is not None:
                raise ValueError(f"seat {s}'s table part {j} {shape}")
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
            shape = part_shape_problem(part)
            if shape is not None:
                raise BadScenario(f"seat {i}'s table part {j} {shape}")
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
