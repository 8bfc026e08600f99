"""Level 8: climb eight levels of card combinations over several deals; rules data in ``data/level8_*.json``.

A turn: take one card (draw pile or any discard top), optionally lay out the whole current level, once laid out
optionally add hand cards to any combination on the table, then discard one card or put a skip card in front of
another player. A deal ends when someone discards their last card; the game ends when a player lays out level 8, or
goes out after laying out level 7. The lay-out solver lives in :mod:`pygame_rules.games.level8_solver`.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar

from ..core.actions import Action, action_kinds
from ..core.errors import BadScenario, IllegalAction, RulesError
from ..core.game import Event, GameInfo, OptionSpec, State, check_seat
from ..core.rng import GameRandom
from .level8_solver import (
    DECK,
    JOKER,
    KINDS,
    NUMBER_CARDS,
    SHEETS,
    SKIP,
    PartError,
    Sheet,
    add_options,
    add_to_part,
    check_layout,
    enumerate_layouts,
    is_card,
    normalise_part,
    part_text,
    physical,
    sort_cards,
)

HAND_SIZE = 10
LAST_LEVEL = 8
PHASES = ("skipped", "draw", "play", "keep", "over")


# ----- actions ----------------------------------------------------------------------------------------------


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
    card: str


@dataclasses.dataclass(frozen=True)
class Discard(Action):
    """End the turn by discarding ``card`` face up on one's own discard pile."""

    kind: ClassVar[str] = "discard"
    card: str


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
    cards: tuple[str, ...]


# ----- the game ---------------------------------------------------------------------------------------------


def _seat_name(seat: int) -> str:
    return f"Seat {seat}"


class Level8State(State):
    """A whole game of Level 8: several deals until somebody completes level 8."""

    info: ClassVar[GameInfo] = GameInfo(
        name="level8",
        title="Level 8",
        min_players=2,
        max_players=6,
        options=(
            OptionSpec("sheet", "str", "one_star", "Level sheet: the published one-star card or our two-star sheet",
                       choices=tuple(SHEETS)),
            OptionSpec("edition", "str", "101", "Deck: 101 cards (7 jokers, 4 skips) or the 2016 98-card deck",
                       choices=tuple(DECK.editions)),
        ),
        hidden_information=True,
        summary="Collect runs, sets and colour groups to climb eight levels; first to finish level 8 wins.",
    )
    ACTIONS: ClassVar[dict[str, type[Action]]] = action_kinds(
        Draw, TakeDiscard, TakeNothing, LayOut, Add, Discard, Skip, ServeSkip, Keep
    )

    def __init__(self, players: int, options: dict[str, Any], rng: GameRandom) -> None:
        self.players = players
        self.options = options
        self.rng = rng
        self.sheet: Sheet = SHEETS[options["sheet"]]
        self.dealer = 0
        self.turn = 0
        self.phase = "draw"
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.draw_pile: list[str] = []  # face-down cards, top = last
        self.under = 0  # face-up skip cards under the draw pile
        self.discards: list[list[str]] = [[] for _ in range(players)]
        self.table: list[list[tuple[str, ...]]] = [[] for _ in range(players)]
        self.levels = [1] * players
        self.laid = [False] * players
        self.skipped = [False] * players
        self.keep_queue: list[int] = []
        self.kept: list[list[str] | None] = [None] * players
        self.winner: int | None = None
        self.deal_number = 0
        self.turns = 0
        self.last_deal: dict[str, Any] | None = None
        self.undo_ok = False
        self._legal: list[Action] | None = None

    # ----- setup --------------------------------------------------------------------------------------------
    @classmethod
    def _setup(cls, players: int, options: dict[str, Any], rng: GameRandom, start: int | None) -> Level8State:
        """Deal the first deal. ``start`` is the first dealer; by default the last seat deals so seat 0 leads."""
        state = cls(players, options, rng)
        state.dealer = (players - 1) if start is None else start % players
        state._new_deal()
        return state

    @property
    def start(self) -> int:
        """The dealer of the current deal."""
        return self.dealer

    def deck(self) -> list[str]:
        """Every physical card of this game's edition."""
        return DECK.cards(self.options["edition"])

    def _new_deal(self) -> list[Event]:
        """Shuffle everything except kept cards, deal up to 10 each from the dealer's left, turn one card up."""
        kept = [list(k or []) for k in self.kept]
        pool = Counter(self.deck())
        pool.subtract(Counter(c for k in kept for c in k))
        cards = sorted(pool.elements())
        self.rng.shuffle(cards)
        self.draw_pile = cards
        self.under = 0
        self.hands = kept
        self.discards = [[] for _ in range(self.players)]
        self.table = [[] for _ in range(self.players)]
        self.laid = [False] * self.players
        self.skipped = [False] * self.players
        self.kept = [None] * self.players
        self.keep_queue = []
        for _ in range(HAND_SIZE):
            for i in range(1, self.players + 1):
                seat = (self.dealer + i) % self.players
                if len(self.hands[seat]) < HAND_SIZE:
                    self.hands[seat].append(self.draw_pile.pop())
        self.hands = [sort_cards(h) for h in self.hands]
        up = self.draw_pile.pop()
        self.discards[self.dealer].append(up)
        self.deal_number += 1
        self._start_turn((self.dealer + 1) % self.players)
        return [{
            "type": "deal",
            "deal": self.deal_number,
            "dealer": self.dealer,
            "up_card": up,
            "text": f"Deal {self.deal_number}: {_seat_name(self.dealer)} deals and turns up {up}.",
            "private": {str(s): {"hand": list(self.hands[s])} for s in range(self.players)},
        }]

    def _start_turn(self, seat: int) -> None:
        self.turn = seat
        self.phase = "skipped" if self.skipped[seat] else "draw"

    # ----- queries ------------------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self.phase == "over":
            return None
        if self.phase == "keep":
            return self.keep_queue[0]
        return self.turn

    def is_over(self) -> bool:
        return self.phase == "over"

    def undoable(self) -> bool:
        return self.undo_ok and self.phase == "play"

    def level_requirements(self, seat: int) -> tuple[Any, ...]:
        """The parts ``seat`` must lay out this deal."""
        return self.sheet.levels[self.levels[seat] - 1]

    def layouts(self, seat: int | None = None) -> list[tuple[tuple[str, ...], ...]]:
        """Every distinct lay-out of ``seat``'s level with their current hand (what the app suggests)."""
        seat = self.turn if seat is None else seat
        return list(enumerate_layouts(self.level_requirements(seat), self.hands[seat]))

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._list_legal()
        return list(self._legal)

    def _list_legal(self) -> list[Action]:
        p = self.current_player
        if p is None:
            return []
        if self.phase == "keep":
            return self._keep_options(p)
        if self.phase == "skipped":
            return [ServeSkip()]
        if self.phase == "draw":
            out: list[Action] = [Draw()] if self.draw_pile else []
            out += [TakeDiscard(s) for s in range(self.players) if self.discards[s]]
            return out or [TakeNothing()]
        hand = self.hands[p]
        out = []
        if not self.laid[p]:
            out += [LayOut(lay) for lay in enumerate_layouts(self.level_requirements(p), hand)]
        elif len(hand) >= 2:
            out += self._add_options(hand)
        out += [Discard(c) for c in dict.fromkeys(hand)]
        if SKIP in hand:
            out += [Skip(t) for t in range(self.players) if t != p and not self.skipped[t]]
        return out

    def _add_options(self, hand: list[str]) -> list[Action]:
        out: list[Action] = []
        distinct = [c for c in dict.fromkeys(hand) if c != SKIP]
        for s in range(self.players):
            for i, part in enumerate(self.table[s]):
                for card in distinct:
                    tokens = add_options(part) if card == JOKER else [card]
                    for tok in tokens:
                        try:
                            add_to_part(part, tok)
                        except PartError:
                            continue
                        out.append(Add(s, i, tok))
        return out

    def _keep_options(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        found: dict[tuple[str, ...], None] = {}
        for r in range(0, min(self.sheet.keep_cards, len(hand)) + 1):
            for combo in _combinations_multiset(hand, r):
                found[combo] = None
        return [Keep(c) for c in found]

    # ----- validation ---------------------------------------------------------------------------------------
    def _check(self, action: Action) -> None:
        p = self.current_player
        assert p is not None  # the base class refuses actions once the game is over
        phase = self.phase
        allowed = {
            "keep": (Keep,), "skipped": (ServeSkip,), "draw": (Draw, TakeDiscard, TakeNothing),
            "play": (LayOut, Add, Discard, Skip),
        }[phase]
        if not isinstance(action, allowed):
            raise IllegalAction(self._wrong_phase(action), phase=phase)
        hand = self.hands[p]
        if isinstance(action, Draw):
            if not self.draw_pile:
                raise IllegalAction("cannot draw: the draw pile is empty; take a discard top instead")
        elif isinstance(action, TakeDiscard):
            seat = self._seat_arg(action.seat, "take_discard.seat")
            if not self.discards[seat]:
                raise IllegalAction(f"cannot take from {_seat_name(seat)}'s discard pile: it is empty")
        elif isinstance(action, TakeNothing):
            if self.draw_pile or any(self.discards):
                raise IllegalAction("you must take a card: the draw pile or a discard pile has one")
        elif isinstance(action, LayOut):
            self._checked_layout(p, action)
        elif isinstance(action, Add):
            self._checked_add(p, action)
        elif isinstance(action, Discard):
            if action.card not in hand:
                raise IllegalAction(f"cannot discard {action.card!r}: it is not in your hand")
        elif isinstance(action, Skip):
            target = self._seat_arg(action.target, "skip.target")
            if SKIP not in hand:
                raise IllegalAction("cannot skip anyone: you hold no skip card")
            if target == p:
                raise IllegalAction("a skip card goes in front of another player, not yourself")
            if self.skipped[target]:
                raise IllegalAction(f"{_seat_name(target)} already has a skip card in front of them")
        elif isinstance(action, Keep):
            self._checked_keep(p, action)

    def _wrong_phase(self, action: Action) -> str:
        p = self.current_player
        if self.phase == "keep":
            return f"{action.kind} is not possible now: {_seat_name(p)} chooses which cards to keep (keep)"
        if self.phase == "skipped":
            return f"{_seat_name(p)} is skipped: the only move is to put the skip card under the draw pile"
        if self.phase == "draw":
            return f"{action.kind} is not possible yet: first take a card (draw or take_discard)"
        if isinstance(action, (Draw, TakeDiscard, TakeNothing)):
            return "you have already taken a card this turn"
        return f"{action.kind} is not possible now"

    def _seat_arg(self, value: int, what: str) -> int:
        try:
            return check_seat(value, self.players, what)
        except ValueError as exc:
            raise IllegalAction(str(exc)) from exc

    def _checked_layout(self, p: int, action: LayOut) -> tuple[tuple[str, ...], ...]:
        if self.laid[p]:
            raise IllegalAction(f"you have already laid out level {self.levels[p]} this deal")
        try:
            return check_layout(self.level_requirements(p), self.hands[p], action.parts)
        except PartError as exc:
            raise IllegalAction(f"cannot lay out level {self.levels[p]} ({self.sheet.level_text(self.levels[p])}): "
                                f"{exc}") from exc

    def _checked_add(self, p: int, action: Add) -> tuple[str, ...]:
        if not self.laid[p]:
            raise IllegalAction(f"cannot add {action.card}: lay out your own level {self.levels[p]} first")
        seat = self._seat_arg(action.seat, "add.seat")
        parts = self.table[seat]
        if isinstance(action.part, bool) or not 0 <= action.part < len(parts):
            raise IllegalAction(f"{_seat_name(seat)} has no part {action.part} on the table ({len(parts)} part(s))")
        hand = self.hands[p]
        card = physical(action.card)
        if action.card == SKIP:
            raise IllegalAction("a skip card cannot be added to a combination")
        if card not in hand:
            raise IllegalAction(f"cannot add {action.card!r}: you hold no such card")
        if len(hand) < 2:
            raise IllegalAction("cannot add your last card: keep one card to end the turn")
        try:
            return add_to_part(parts[action.part], action.card)
        except PartError as exc:
            raise IllegalAction(str(exc)) from exc

    def _checked_keep(self, p: int, action: Keep) -> tuple[str, ...]:
        limit = self.sheet.keep_cards
        if len(action.cards) > limit:
            raise IllegalAction(f"you may keep at most {limit} cards, not {len(action.cards)}")
        need = Counter(action.cards)
        have = Counter(self.hands[p])
        for card, n in need.items():
            if have[card] < n:
                raise IllegalAction(f"cannot keep {card!r}: you do not hold {'that many' if have[card] else 'it'}")
        return tuple(sort_cards(action.cards))

    # ----- applying -----------------------------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        self._legal = None
        p = self.current_player
        assert p is not None
        self.undo_ok = False
        if isinstance(action, Draw):
            card = self.draw_pile.pop()
            self._give(p, card)
            self.phase = "play"
            events: list[Event] = [{
                "type": "draw", "player": p, "text": f"{_seat_name(p)} draws a card.",
                "private": {str(p): {"card": card, "text": f"{_seat_name(p)} draws {card}."}},
            }]
            return events + self._maybe_rebuild()
        if isinstance(action, TakeDiscard):
            card = self.discards[action.seat].pop()
            self._give(p, card)
            self.phase = "play"
            return [{"type": "take_discard", "player": p, "seat": action.seat, "card": card,
                     "text": f"{_seat_name(p)} takes {card} from {_seat_name(action.seat)}'s discard pile."}]
        if isinstance(action, TakeNothing):
            self.phase = "play"
            return [{"type": "take_nothing", "player": p, "text": f"{_seat_name(p)} finds no card to take."}]
        if isinstance(action, LayOut):
            return self._apply_layout(p, self._checked_layout(p, action))
        if isinstance(action, Add):
            new = self._checked_add(p, action)
            self.table[action.seat][action.part] = new
            self._take(p, [physical(action.card)])
            self.undo_ok = True
            return [{"type": "add", "player": p, "seat": action.seat, "part": action.part, "card": action.card,
                     "text": f"{_seat_name(p)} adds {action.card} to {_seat_name(action.seat)}'s {part_text(new)}."}]
        if isinstance(action, Discard):
            self._take(p, [action.card])
            self.discards[p].append(action.card)
            events = [{"type": "discard", "player": p, "card": action.card,
                       "text": f"{_seat_name(p)} discards {action.card}."}]
            return events + self._after_turn(p)
        if isinstance(action, Skip):
            self._take(p, [SKIP])
            if not self.hands[p]:
                self.discards[p].append(SKIP)
                events = [{"type": "skip", "player": p, "target": action.target, "effect": False,
                           "text": f"{_seat_name(p)} plays a skip card as the last card: it has no effect."}]
            else:
                self.skipped[action.target] = True
                events = [{"type": "skip", "player": p, "target": action.target, "effect": True,
                           "text": f"{_seat_name(p)} puts a skip card in front of {_seat_name(action.target)}."}]
            return events + self._after_turn(p)
        if isinstance(action, ServeSkip):
            self.skipped[p] = False
            self.under += 1
            events = [{"type": "serve_skip", "player": p,
                       "text": f"{_seat_name(p)} is skipped and puts the skip card under the draw pile."}]
            events += self._maybe_rebuild()
            return events + self._next_turn()
        if isinstance(action, Keep):
            return self._apply_keep(p, self._checked_keep(p, action))
        raise AssertionError(f"unhandled action {action}")

    def _give(self, p: int, card: str) -> None:
        self.hands[p] = sort_cards([*self.hands[p], card])

    def _take(self, p: int, cards: list[str]) -> None:
        hand = self.hands[p]
        for c in cards:
            hand.remove(c)

    def _apply_layout(self, p: int, layout: tuple[tuple[str, ...], ...]) -> list[Event]:
        self._take(p, [physical(t) for part in layout for t in part[1:]])
        self.table[p] = list(layout)
        self.laid[p] = True
        self.undo_ok = True
        level = self.levels[p]
        events: list[Event] = [{
            "type": "lay_out", "player": p, "level": level, "parts": [list(x) for x in layout],
            "text": f"{_seat_name(p)} lays out level {level}: " + "; ".join(part_text(x) for x in layout) + ".",
        }]
        if level == LAST_LEVEL:
            self.undo_ok = False
            events += self._win(p, "laid out level 8")
        return events

    def _win(self, p: int, how: str) -> list[Event]:
        self.winner = p
        self.phase = "over"
        self._legal = None
        return [{"type": "win", "player": p, "how": how, "text": f"{_seat_name(p)} wins: {how}!"}]

    def _after_turn(self, p: int) -> list[Event]:
        if not self.hands[p]:
            return self._end_deal(p)
        return self._next_turn()

    def _next_turn(self) -> list[Event]:
        self.turns += 1
        self._start_turn((self.turn + 1) % self.players)
        return self._maybe_rebuild()

    def _maybe_rebuild(self) -> list[Event]:
        """A new draw pile once no face-down card is left (empty pile or a face-up skip card on top)."""
        if self.draw_pile:
            return []
        cards = [SKIP] * self.under
        for s in range(self.players):
            cards += self.discards[s][:-1]
            self.discards[s] = self.discards[s][-1:]
        skips = self.under
        self.under = 0
        if not cards:
            return []
        self.rng.shuffle(cards)
        self.draw_pile = cards
        reason = "a skip card surfaced" if skips else "the draw pile ran out"
        return [{"type": "rebuild", "count": len(cards), "skips": skips,
                 "text": f"New draw pile of {len(cards)} cards ({reason})."}]

    def _end_deal(self, p: int) -> list[Event]:
        before = list(self.levels)
        moves = [2 if s == p else (1 if self.laid[s] else 0) for s in range(self.players)]
        events: list[Event] = [{"type": "go_out", "player": p, "text": f"{_seat_name(p)} goes out."}]
        if self.laid[p] and before[p] + 2 > LAST_LEVEL:
            self.levels[p] = LAST_LEVEL
            self.last_deal = {"deal": self.deal_number, "out": p, "moves": moves, "before": before,
                              "after": list(self.levels)}
            return events + self._win(p, f"went out after laying out level {before[p]}")
        self.levels = [min(LAST_LEVEL, lv + m) for lv, m in zip(before, moves, strict=True)]
        self.last_deal = {"deal": self.deal_number, "out": p, "moves": moves, "before": before,
                          "after": list(self.levels)}
        words = ", ".join(f"{_seat_name(s)} +{m}" for s, m in enumerate(moves))
        events.append({"type": "deal_end", "deal": self.deal_number, "out": p, "moves": moves,
                       "levels": list(self.levels), "text": f"Deal {self.deal_number} ends: {words}."})
        self.turns += 1
        self.dealer = (self.dealer + 1) % self.players
        order = [(self.dealer + i) % self.players for i in range(1, self.players + 1)]
        self.keep_queue = [s for s in order if self.sheet.keep_cards and not self.laid[s]
                           and self.levels[s] in self.sheet.keep_levels]
        if self.keep_queue:
            self.phase = "keep"
            events.append({"type": "keep_start", "seats": list(self.keep_queue),
                           "text": "Before the next deal, " + ", ".join(map(_seat_name, self.keep_queue))
                           + f" may keep up to {self.sheet.keep_cards} cards."})
            return events
        return events + self._new_deal()

    def _apply_keep(self, p: int, cards: tuple[str, ...]) -> list[Event]:
        self.kept[p] = list(cards)
        self.keep_queue.pop(0)
        events: list[Event] = [{
            "type": "keep", "player": p, "count": len(cards),
            "text": f"{_seat_name(p)} keeps {len(cards)} card(s).",
            "private": {str(p): {"cards": list(cards),
                                 "text": f"{_seat_name(p)} keeps {' '.join(cards) or 'nothing'}."}},
        }]
        if not self.keep_queue:
            events += self._new_deal()
        return events

    # ----- results and views --------------------------------------------------------------------------------
    def result(self) -> dict[str, Any]:
        if not self.is_over():
            raise IllegalAction("the game is not over yet", code="not_over")
        scores = [LAST_LEVEL if s == self.winner else self.levels[s] - 1 for s in range(self.players)]
        return {"scores": scores, "winners": [self.winner], "levels": list(self.levels), "deals": self.deal_number}

    def view(self, player: int) -> dict[str, Any]:
        check_seat(player, self.players, "player")
        cur = self.current_player
        out: dict[str, Any] = {
            "game": self.game,
            "players": self.players,
            "seat": player,
            "options": dict(self.options),
            "sheet": self.sheet.to_json(),
            "deal": self.deal_number,
            "dealer": self.dealer,
            "turn": self.turn,
            "current_player": cur,
            "phase": self.phase,
            "hand": list(self.hands[player]),
            "hand_counts": [len(h) for h in self.hands],
            "draw_count": len(self.draw_pile),
            "skips_under": self.under,
            "discards": [{"top": d[-1] if d else None, "count": len(d)} for d in self.discards],
            "table": [[{"kind": part[0], "cards": list(part[1:]), "text": part_text(part)} for part in parts]
                      for parts in self.table],
            "levels": list(self.levels),
            "level_texts": [self.sheet.level_text(lv) for lv in self.levels],
            "laid_out": list(self.laid),
            "skipped": list(self.skipped),
            "keep": {"waiting": list(self.keep_queue), "cards": self.sheet.keep_cards,
                     "kept_counts": [len(k) if k is not None else None for k in self.kept],
                     "mine": self.kept[player]} if self.phase == "keep" else None,
            "last_deal": self.last_deal,
            "winner": self.winner,
            "over": self.is_over(),
        }
        if self.is_over():
            out["result"] = self.result()
        return out

    # ----- persistence --------------------------------------------------------------------------------------
    def _data_to_json(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer, "turn": self.turn, "phase": self.phase,
            "hands": [list(h) for h in self.hands], "draw": list(self.draw_pile), "under": self.under,
            "discards": [list(d) for d in self.discards],
            "table": [[list(p) for p in parts] for parts in self.table],
            "levels": list(self.levels), "laid": list(self.laid), "skipped": list(self.skipped),
            "keep_queue": list(self.keep_queue), "kept": [None if k is None else list(k) for k in self.kept],
            "winner": self.winner, "deal_number": self.deal_number, "turns": self.turns,
            "last_deal": self.last_deal, "undo_ok": self.undo_ok,
        }

    @classmethod
    def _data_from_json(cls, players: int, options: dict[str, Any], rng: GameRandom, data: Any) -> Level8State:
        s = cls(players, options, rng)
        s.dealer = data["dealer"]
        s.turn = data["turn"]
        s.phase = data["phase"]
        s.hands = [_str_list(h, "hand") for h in data["hands"]]
        s.draw_pile = _str_list(data["draw"], "draw pile")
        s.under = data["under"]
        s.discards = [_str_list(d, "discard pile") for d in data["discards"]]
        s.table = [[tuple(_str_list(p, "table part")) for p in parts] for parts in data["table"]]
        s.levels = list(data["levels"])
        s.laid = list(data["laid"])
        s.skipped = list(data["skipped"])
        s.keep_queue = list(data["keep_queue"])
        s.kept = [None if k is None else _str_list(k, "kept cards") for k in data["kept"]]
        s.winner = data["winner"]
        s.deal_number = data["deal_number"]
        s.turns = data["turns"]
        s.last_deal = data["last_deal"]
        s.undo_ok = data["undo_ok"]
        return s

    def _validate(self) -> None:
        n = self.players
        if self.phase not in PHASES:
            raise ValueError(f"unknown phase {self.phase!r}")
        for name in ("hands", "discards", "table", "levels", "laid", "skipped", "kept"):
            if not isinstance(getattr(self, name), list) or len(getattr(self, name)) != n:
                raise ValueError(f"'{name}' must have one entry per seat")
        check_seat(self.dealer, n, "dealer")
        check_seat(self.turn, n, "turn")
        for lv in self.levels:
            if isinstance(lv, bool) or not isinstance(lv, int) or not 1 <= lv <= LAST_LEVEL:
                raise ValueError(f"level {lv!r} is not 1..8")
        for flags in (self.laid, self.skipped, [self.undo_ok]):
            if not all(isinstance(b, bool) for b in flags):
                raise ValueError("laid/skipped/undo flags must be booleans")
        for name, value in (("under", self.under), ("deal_number", self.deal_number), ("turns", self.turns)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"'{name}' must be a whole number >= 0")
        if self.winner is not None:
            check_seat(self.winner, n, "winner")
        if (self.phase == "over") != (self.winner is not None):
            raise ValueError("the game is over exactly when there is a winner")
        if self.phase == "keep":
            if not self.keep_queue:
                raise ValueError("the keep phase needs seats to decide")
        for s in self.keep_queue:
            check_seat(s, n, "keep seat")
        for s, k in enumerate(self.kept):
            if k is not None and (Counter(k) - Counter(self.hands[s]) or len(k) > self.sheet.keep_cards):
                raise ValueError(f"seat {s} keeps cards it does not hold or too many")
        for s, parts in enumerate(self.table):
            for part in parts:
                if normalise_part(part[0], list(part[1:])) != tuple(part):
                    raise ValueError(f"seat {s}'s table part {list(part)} is not in canonical form")
            if parts and not self.laid[s]:
                raise ValueError(f"seat {s} has parts on the table but has not laid out")
        for h in [*self.hands, *self.discards, self.draw_pile, *[k for k in self.kept if k is not None]]:
            for c in h:
                if not is_card(c):
                    raise ValueError(f"{c!r} is not a card")
        self._check_conservation(ValueError)

    def all_cards(self) -> Counter[str]:
        """Every physical card in the game, wherever it is (for the conservation invariant)."""
        cards: Counter[str] = Counter()
        for h in self.hands:
            cards.update(h)
        for d in self.discards:
            cards.update(d)
        cards.update(self.draw_pile)
        cards[SKIP] += self.under + sum(self.skipped)
        for parts in self.table:
            cards.update(physical(t) for part in parts for t in part[1:])
        return cards

    def _check_conservation(self, error: type[Exception]) -> None:
        have = self.all_cards()
        want = Counter(self.deck())
        if have != want:
            extra = sorted((have - want).elements())
            missing = sorted((want - have).elements())
            raise error(f"cards are not conserved: extra {extra[:5]}, missing {missing[:5]}")

    # ----- scenarios ----------------------------------------------------------------------------------------
    @classmethod
    def _from_scenario(cls, sc: Mapping[str, Any]) -> Level8State:
        """Build a position; unlisted cards are shuffled under the listed draw pile (or into ``rest``'s discards).

        Keys: players, options, seed, dealer, turn, phase (draw/play), levels, laid_out, skipped, hands,
        discards, table (per seat, parts as [kind, card, ...]), draw (top last), under, rest ("draw" or a seat).
        """
        try:
            return cls._build_scenario(sc)
        except ValueError as exc:
            if isinstance(exc, BadScenario):
                raise
            reason = exc.message if isinstance(exc, RulesError) else str(exc)
            raise BadScenario(f"bad scenario: {reason}") from exc

    @classmethod
    def _build_scenario(cls, sc: Mapping[str, Any]) -> Level8State:
        players = sc["players"]
        options = cls.info.resolve_options(players, sc.get("options"))
        seed = sc.get("seed", 0)
        s = cls(players, options, GameRandom(seed))

        def per_seat(key: str, default: Any) -> list[Any]:
            value = sc.get(key)
            if value is None:
                return [default() for _ in range(players)]
            if not isinstance(value, list) or len(value) != players:
                raise BadScenario(f"'{key}' must have one entry per seat ({players})")
            return value

        def card_list(value: Any, where: str) -> list[str]:
            if not isinstance(value, list):
                raise BadScenario(f"{where} must be a list of cards")
            for c in value:
                if not is_card(c):
                    raise BadScenario(f"{where}: {c!r} is not a card of Level 8")
            return list(value)

        s.hands = [sort_cards(card_list(h, f"seat {i}'s hand")) for i, h in enumerate(per_seat("hands", list))]
        s.discards = [card_list(d, f"seat {i}'s discards") for i, d in enumerate(per_seat("discards", list))]
        table = []
        for i, parts in enumerate(per_seat("table", list)):
            row = []
            for j, part in enumerate(parts):
                if not isinstance(part, list) or len(part) < 2 or part[0] not in KINDS:
                    raise BadScenario(f"seat {i}'s table part {j} must be [kind, card, ...]")
                try:
                    row.append(normalise_part(part[0], part[1:]))
                except PartError as exc:
                    raise BadScenario(f"seat {i}'s table part {j}: {exc}") from exc
            table.append(row)
        s.table = table
        s.levels = per_seat("levels", lambda: 1)
        s.laid = per_seat("laid_out", lambda: False)
        s.laid = [bool(lay) or bool(table[i]) for i, lay in enumerate(s.laid)]
        s.skipped = [bool(x) for x in per_seat("skipped", lambda: False)]
        s.under = sc.get("under", 0)
        draw = card_list(sc.get("draw", []), "draw")
        s.dealer = check_seat(sc.get("dealer", players - 1), players, "dealer")
        s.deal_number = 1
        used = Counter()
        for h in [*s.hands, *s.discards, draw]:
            used.update(h)
        used[SKIP] += s.under + sum(s.skipped)
        for parts in table:
            used.update(physical(t) for p in parts for t in p[1:])
        deck = Counter(s.deck())
        for card, count in sorted(used.items()):
            if count > deck[card]:
                what = "appears twice" if deck[card] == 1 else f"appears {count} times (the deck has {deck[card]})"
                raise BadScenario(f"card {card} {what}", card=card)
        rest = sorted((deck - used).elements())
        s.rng.shuffle(rest)
        where = sc.get("rest", "draw")
        if where == "draw":
            s.draw_pile = rest + draw
        else:
            seat = check_seat(where, players, "rest")
            s.draw_pile = draw
            s.discards[seat] = rest + s.discards[seat]
        s.turn = check_seat(sc.get("turn", (s.dealer + 1) % players), players, "turn")
        phase = sc.get("phase", "draw")
        if phase not in ("draw", "play"):
            raise BadScenario(f"phase must be 'draw' or 'play', not {phase!r}")
        s.phase = "skipped" if s.skipped[s.turn] else phase
        s._validate()
        return s


def _str_list(value: Any, what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise ValueError(f"a {what} must be a list of card strings")
    return list(value)


def _combinations_multiset(hand: list[str], r: int) -> list[tuple[str, ...]]:
    """Distinct sorted sub-multisets of size ``r`` of ``hand`` (jokers and skips are interchangeable)."""
    return sorted({tuple(sort_cards(c)) for c in itertools.combinations(sort_cards(hand), r)})


__all__ = ["Level8State", "Draw", "TakeDiscard", "TakeNothing", "LayOut", "Add", "Discard", "Skip", "ServeSkip",
           "Keep", "NUMBER_CARDS"]
