"""Level 8: climb eight levels of card combinations over several deals; rules data in ``level8_*.json``.

A turn: take one card (draw pile or any discard top), optionally lay out the whole current level, once laid out
optionally add hand cards to any combination on the table, then discard one card or put a skip card in front of
another player. A deal ends when someone discards their last card; the game ends when a player lays out level 8, or
goes out after laying out level 7.

Here: the table, the deal, the moves listed and performed. Beside it: the moves (:mod:`.actions`), the checks
(:mod:`.checks`), cards and sheets (:mod:`.data`), combinations (:mod:`.parts`), lay-out search (:mod:`.search`).
"""

from __future__ import annotations

import dataclasses
from bisect import insort
from collections import Counter
from collections.abc import Callable
from itertools import compress
from typing import Annotated, Any, ClassVar, Literal

from ...core.actions import Action, action_kinds
from ...core.errors import IllegalAction
from ...core.game import Event, GameInfo, OptionSpec, Refusal, State
from ...core.memo import Memo
from ...core.rng import GameRandom
from ...core.table import PER_SEAT, Count, Is, PerSeat, Range, Seat, codec_for
from . import checks as _checks
from .actions import (
    Add,
    Discard,
    Draw,
    Keep,
    LayOut,
    ServeSkip,
    Skip,
    TakeDiscard,
    TakeNothing,
    _adds_of,
)
from .counts import count_card, hand_counts
from .data import deck_json
from .parts import sub_multisets
from .solver import (
    DECK,
    HAND_ORDER,
    JOKER,
    NUMBER_CARDS,
    SHEETS,
    SKIP,
    Sheet,
    accepts,
    add_to_part,
    added_token,
    enumerate_layouts,
    is_card,
    layouts_of_plan,
    physical,
    plan_of,
    sort_cards,
)

HAND_SIZE = 10
LAST_LEVEL = 8
_HAND_KEY = HAND_ORDER.__getitem__  # the hand's sort key (a hand is kept in this order)


# ----- the table --------------------------------------------------------------------------------------------
Card = Annotated[str, Is(is_card, "a Level 8 card")]
Level = Annotated[int, Range(1, LAST_LEVEL)]
Part = tuple[str, ...]  # (kind, token, ...) in canonical form; jokers carry their meaning (J7, JR)
Phase = Literal["draw", "play", "skipped", "keep", "over"]


@dataclasses.dataclass(frozen=True)
class DealEnd:
    """How the last deal ended: who went out, and each seat's move up the levels."""

    deal: Count
    out: Seat
    moves: Annotated[tuple[Annotated[int, Range(0, 2)], ...], PER_SEAT]
    before: Annotated[tuple[Level, ...], PER_SEAT]
    after: Annotated[tuple[Level, ...], PER_SEAT]


DEAL_END = codec_for(DealEnd)


# ----- the game ---------------------------------------------------------------------------------------------


_DRAW = Draw()
_TAKE_NOTHING = TakeNothing()
_SERVE_SKIP = ServeSkip()
_TAKE = [TakeDiscard(s) for s in range(8)]
# per player count: drawing or taking any discard top, the draw phase's list when no pile is empty
_DRAW_OR_TAKE: list[list[Action]] = [[_DRAW, *_TAKE[:n]] for n in range(9)]
_SKIP = [Skip(s) for s in range(8)]
_DISCARD = {c: Discard(c) for c in [*NUMBER_CARDS, JOKER, SKIP]}


_SORTED_DECKS: Memo[str, tuple[str, ...]] = Memo("level8.sorted_decks", None)  # one per edition


def _sorted_deck(edition: str) -> tuple[str, ...]:
    """Every physical card of ``edition`` in the order a deal shuffles from (plain string order), made once."""
    found = _SORTED_DECKS.get(edition)
    if found is None:
        found = _SORTED_DECKS.put(edition, tuple(sorted(DECK.cards(edition))))
    return found


class Level8State(State):
    """A whole game of Level 8: several deals until somebody completes level 8."""


    # the reason codes of this game's refusals (docs/api.md, "Refusal codes"; worded per language by the page)
    REFUSAL_CODES = frozenset({
        "already_laid_out", "already_skipped", "card_not_in_hand", "discard_pile_empty", "does_not_fit",
        "draw_pile_empty", "keep_too_many", "last_card", "lay_out_first", "must_take_a_card", "no_skip_card",
        "no_such_part", "no_such_seat", "not_the_level", "skip_not_addable", "skip_yourself", "wrong_phase",
        "joker_choice",
    })

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

    SCENARIO_ALIASES: ClassVar[dict[str, str]] = {"laid_out": "laid"}
    SCENARIO_PARAMS: ClassVar[tuple[str, ...]] = ("rest",)

    # the table
    dealer: Seat
    turn: Seat  # whose turn it is (the keep phase asks the seats of keep_queue instead)
    phase: Phase
    hands: PerSeat[list[Card]]
    draw: list[Card]  # face-down cards, top = last
    under: Count  # face-up skip cards under the draw pile
    discards: PerSeat[list[Card]]
    table: PerSeat[list[Part]]
    levels: PerSeat[Level]
    laid: PerSeat[bool]
    skipped: PerSeat[bool]
    keep_queue: list[Seat]
    kept: PerSeat[list[Card] | None]
    winner: Seat | None
    deal_number: Count
    turns: Count
    last_deal: DealEnd | None
    undo_ok: bool

    def _init(self) -> None:
        # derived, never saved: the solver's plan of each level of this game's sheet (the listing asks every turn)
        self._plans = [plan_of(reqs) for reqs in SHEETS[self.options["sheet"]].levels]
        # derived, never saved: each hand's counts (counts.hand_counts; None: not known, or not needed once the seat
        # has laid out), made when a listing first needs them and kept as cards come and go (_perform)
        self._counts: list[list[int] | None] = [None] * self.players

    @property
    def sheet(self) -> Sheet:
        """The level sheet these options play."""
        return SHEETS[self.options["sheet"]]

    # ----- setup --------------------------------------------------------------------------------------------
    @classmethod
    def _setup(cls, players: int, options: dict[str, Any], rng: GameRandom, start: int | None) -> Level8State:
        """Deal the first deal. ``start`` is the first dealer; by default the last seat deals so seat 0 leads."""
        state = cls(players, options, rng)
        state.dealer = (players - 1) if start is None else start % players
        state._new_deal(None)
        return state

    @property
    def start(self) -> int:
        """The dealer of the current deal."""
        return self.dealer

    def deck(self) -> list[str]:
        """Every physical card of this game's edition."""
        return DECK.cards(self.options["edition"])

    def _new_deal(self, log: list[Event] | None) -> None:
        """Shuffle everything except kept cards, deal up to 10 each from the dealer's left, turn one card up."""
        players = self.players
        if any(self.kept):
            kept = [list(k or []) for k in self.kept]
            pool = Counter(self.deck())
            pool.subtract(Counter(c for k in kept for c in k))
            cards = sorted(pool.elements())
        else:  # nobody kept a card (always on the one-star sheet): the sorted deck, made once per edition
            kept = []
            cards = list(_sorted_deck(self.options["edition"]))
        self.rng.shuffle(cards)
        self.under = 0
        self.discards = [[] for _ in range(players)]
        self.table = [[] for _ in range(players)]
        self.laid = [False] * players
        self.skipped = [False] * players
        self.kept = [None] * players
        self.keep_queue = []
        if kept:
            self.draw = cards
            self.hands = kept
            for _ in range(HAND_SIZE):
                for i in range(1, players + 1):
                    seat = (self.dealer + i) % players
                    if len(self.hands[seat]) < HAND_SIZE:
                        self.hands[seat].append(self.draw.pop())
        else:
            # one card at a time from the dealer's left off the top (the end): the i-th seat from the dealer's left
            # gets the cards at i - 1, i - 1 + players, ... counted from the top
            dealt = HAND_SIZE * players
            top = cards[: -dealt - 1: -1]
            self.draw = cards[: len(cards) - dealt]
            hands: list[list[str]] = [[] for _ in range(players)]
            for i in range(1, players + 1):
                hands[(self.dealer + i) % players] = top[i - 1::players]
            self.hands = hands
        # (a hand holds physical cards only, whose hand order is HAND_ORDER: the same stable sort as sort_cards)
        self.hands = [sorted(h, key=_HAND_KEY) for h in self.hands]
        self._counts = [None] * players
        up = self.draw.pop()
        self.discards[self.dealer].append(up)
        self.deal_number += 1
        self.turn = (self.dealer + 1) % players
        self.phase = "draw"  # (nobody is skipped at the start of a deal)
        if log is not None:
            log.append({"type": "deal", "deal": self.deal_number, "dealer": self.dealer, "up_card": up,
                        "private": {str(s): {"hand": list(self.hands[s])} for s in range(self.players)}})

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

    def _list_legal(self) -> list[Action]:
        """Every legal move, built directly from the rules' own functions (:func:`accepts`,
        :meth:`_skip_targets`) and the lay-out search; the shared reference test holds it equal to every candidate
        :meth:`problem` accepts.

        Moves are shared objects (actions are frozen values): a discard, a skip or an addition is built once per
        process, not once per listing; a lay-out, seldom listed twice, is made by each listing.
        """
        phase = self.phase
        p = self.turn if phase != "keep" else self.keep_queue[0]
        if phase == "draw":
            # the one rule of taking a card: the draw pile's top when it has a card, any discard pile's top (one's
            # own included), and nothing only when there is nothing to take (the checker asks this list)
            discards = self.discards
            if self.draw and all(discards):  # the usual case: the draw pile and every discard pile (a shared list)
                return _DRAW_OR_TAKE[self.players]
            out: list[Action] = [_DRAW] if self.draw else []
            out += compress(_TAKE, discards)  # each seat's take where its pile has a card
            return out or [_TAKE_NOTHING]
        if phase == "play":
            hand = self.hands[p]
            if not self.laid[p]:
                # most hands cannot lay out: no list comprehension for them (the level read as level_requirements)
                counts = self._counts[p]
                if counts is None:
                    counts = self._counts[p] = hand_counts(hand)
                lays = layouts_of_plan(self._plans[self.levels[p] - 1], hand, counts)
                out = [LayOut(lay) for lay in lays] if lays else []
            elif _checks.add_refusal(True, self.levels[p], len(hand)) is None:  # (the checker's precondition)
                out = self._add_options(hand)
            else:
                out = []
            out += map(_DISCARD.__getitem__, dict.fromkeys(hand))
            if SKIP in hand:
                out += [_SKIP[t] for t in self._skip_targets(p)]
            return out
        if phase == "skipped":
            return [_SERVE_SKIP]
        return self._keep_options(p)

    def _skip_targets(self, p: int) -> list[int]:
        """The one rule of skipping: holding a skip card, ``p`` may put it before any other seat that has none."""
        if SKIP not in self.hands[p]:
            return []
        skipped = self.skipped
        return [t for t in range(self.players) if t != p and not skipped[t]]

    def _add_options(self, hand: list[str]) -> list[Action]:
        """Every addition of a hand card to a part on the table, in the order seat, part, hand card, joker meaning
        (what each part accepts is read from :func:`accepts`)."""
        out: list[Action] = []
        distinct = dict.fromkeys(hand)  # (a skip card is never accepted: no part's additions name it)
        for s, parts in enumerate(self.table):
            for i, part in enumerate(parts):
                fits = accepts(part)
                if fits.keys().isdisjoint(distinct):
                    continue
                for card in distinct:
                    tokens = fits.get(card)
                    if tokens:
                        out += _adds_of(s, i, part, card, tokens)
        return out

    def _keep_options(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        found: dict[tuple[str, ...], None] = {}
        for r in range(0, min(self.sheet.keep_cards, len(hand)) + 1):
            for combo in sub_multisets(hand, r):
                found[combo] = None
        return [Keep(c) for c in found]

    def candidates(self) -> list[Action]:
        """Every move of the phase's shape, legal or not (:func:`~pygame_rules.games.level8.checks.candidates`)."""
        return _checks.candidates(self)

    def refusal(self, action: Action) -> Refusal | None:
        """Why ``action`` is illegal now, as its reason code and parameters (what :meth:`problem` says), or ``None``."""
        problem = self.problem(action)
        return None if problem is None else Refusal(problem.reason or "not_legal_now", problem.params)

    def canonical(self, action: Action) -> Action:
        """A lay-out spelt as the lister lists it (parts and cards in canonical order, jokers declared)."""
        return LayOut(_checks.layout_of(self, self.turn, action)) if type(action) is LayOut else action

    # ----- validation ---------------------------------------------------------------------------------------
    def problem(self, action: Action) -> IllegalAction | None:
        """Why ``action`` is illegal now, or ``None`` (:func:`~pygame_rules.games.level8.checks.problem`)."""
        return _checks.problem(self, action)

    # ----- performing ---------------------------------------------------------------------------------------
    def _perform(self, action: Action, log: list[Event] | None) -> None:
        """The one path of every move (the page's, a bot's rollout, the bench). The three commonest moves (a discard,
        a discard top or the draw pile's top taken: nine in ten) are performed here, the others by their own step.

        Events (data: a ``type`` and fields, a seat's secrets under ``private``) are built only when ``log`` is a
        list; the rules run the same either way.
        """
        self.undo_ok = False
        act: Any = action  # (read without narrowing: the exact class is tested once, below)
        cls = type(act)
        p = self.turn
        if cls is Discard:
            card = act.card
            self.hands[p].remove(card)
            count_card(self._counts[p], card, -1)  # (the kept counts follow the hand)
            self.discards[p].append(card)
            if log is not None:
                log.append({"type": "discard", "player": p, "card": card})
            self._after_turn(p, log)
        elif cls is Draw or cls is TakeDiscard:
            card = self.draw.pop() if cls is Draw else self.discards[act.seat].pop()
            insort(self.hands[p], card, key=_HAND_KEY)  # in the hand order, after equal cards
            count_card(self._counts[p], card, 1)
            self.phase = "play"
            if cls is TakeDiscard:
                if log is not None:
                    log.append({"type": "take_discard", "player": p, "seat": act.seat, "card": card})
            else:
                if log is not None:
                    log.append({"type": "draw", "player": p, "private": {str(p): {"card": card}}})
                if not self.draw:
                    self._rebuild(log)
        else:
            self._steps[cls](self, act, log)

    def _do_take_nothing(self, action: TakeNothing, log: list[Event] | None) -> None:
        self.phase = "play"
        if log is not None:
            log.append({"type": "take_nothing", "player": self.turn})

    def _do_lay_out(self, action: LayOut, log: list[Event] | None) -> None:
        p = self.turn
        layout = action.parts  # canonical: listed by the search, or made so by :meth:`canonical`
        self._take(p, [physical(t) for part in layout for t in part[1:]])
        self._counts[p] = None  # (a seat that has laid out is not asked for lay-outs again this deal)
        self.table[p] = list(layout)
        self.laid[p] = True
        self.undo_ok = True
        level = self.levels[p]
        if log is not None:
            log.append({"type": "lay_out", "player": p, "level": level, "parts": [list(x) for x in layout]})
        if level == LAST_LEVEL:
            self.undo_ok = False
            self._win(p, {"how": "level8"}, log)

    def _do_add(self, action: Add, log: list[Event] | None) -> None:
        p = self.turn
        parts = self.table[action.seat]
        old = parts[action.part]
        token = added_token(old, action.card)
        parts[action.part] = add_to_part(old, token)
        self.hands[p].remove(physical(token))
        count_card(self._counts[p], physical(token), -1)
        self.undo_ok = True
        if log is not None:
            log.append({"type": "add", "player": p, "seat": action.seat, "part": action.part, "card": token})

    def _do_skip(self, action: Skip, log: list[Event] | None) -> None:
        p = self.turn
        self.hands[p].remove(SKIP)
        count_card(self._counts[p], SKIP, -1)
        effect = bool(self.hands[p])  # a skip played as the last card goes on the discard pile, to no effect
        if effect:
            self.skipped[action.target] = True
        else:
            self.discards[p].append(SKIP)
        if log is not None:
            log.append({"type": "skip", "player": p, "target": action.target, "effect": effect})
        self._after_turn(p, log)

    def _do_serve_skip(self, action: ServeSkip, log: list[Event] | None) -> None:
        p = self.turn
        self.skipped[p] = False
        self.under += 1
        if log is not None:
            log.append({"type": "serve_skip", "player": p})
        self._after_turn(p, log)  # (a skipped seat holds cards: its hand is never empty here)

    def _do_keep(self, action: Keep, log: list[Event] | None) -> None:
        p = self.keep_queue.pop(0)
        cards = tuple(sort_cards(action.cards))
        self.kept[p] = list(cards)
        if log is not None:
            log.append({"type": "keep", "player": p, "count": len(cards), "private": {str(p): {"cards": list(cards)}}})
        if not self.keep_queue:
            self._new_deal(log)

    _steps: ClassVar[dict[type, Callable[[Any, Any, list[Event] | None], None]]] = {
        TakeNothing: _do_take_nothing, LayOut: _do_lay_out, Add: _do_add, Skip: _do_skip, ServeSkip: _do_serve_skip,
        Keep: _do_keep,
    }

    def _take(self, p: int, cards: list[str]) -> None:
        hand = self.hands[p]
        for c in cards:
            hand.remove(c)

    def _win(self, p: int, how: dict[str, Any], log: list[Event] | None) -> None:
        """``p`` wins: ``how`` is ``{"how": "level8"}`` (laid out the last level) or ``{"how": "out", "level": n}``
        (went out of a deal after laying out level ``n``, the sheet's last)."""
        self.winner = p
        self.phase = "over"
        if log is not None:
            log.append({"type": "win", "player": p, **how})

    def _after_turn(self, p: int, log: list[Event] | None) -> None:
        """``p``'s turn ended: the deal ends when their hand is empty, else the next seat takes a card or serves the
        skip card in front of them (the draw pile is rebuilt first if it has no face-down card left)."""
        if not self.hands[p]:
            self._end_deal(p, log)
            return
        self.turns += 1
        seat = self.turn = (p + 1) % self.players
        self.phase = "skipped" if self.skipped[seat] else "draw"
        if not self.draw:
            self._rebuild(log)

    def _rebuild(self, log: list[Event] | None) -> None:
        """A new draw pile once no face-down card is left (empty pile or a face-up skip card on top)."""
        if self.draw:
            return
        cards = [SKIP] * self.under
        for s in range(self.players):
            cards += self.discards[s][:-1]
            self.discards[s] = self.discards[s][-1:]
        skips = self.under
        self.under = 0
        if not cards:
            return
        self.rng.shuffle(cards)
        self.draw = cards
        if log is not None:
            log.append({"type": "rebuild", "count": len(cards), "skips": skips})

    def _end_deal(self, p: int, log: list[Event] | None) -> None:
        """``p`` went out: everyone moves up (two levels for ``p``, one for each seat that laid out), or ``p`` wins."""
        before = list(self.levels)
        moves = [2 if s == p else (1 if self.laid[s] else 0) for s in range(self.players)]
        if log is not None:
            log.append({"type": "go_out", "player": p})
        if self.laid[p] and before[p] + 2 > LAST_LEVEL:
            self.levels[p] = LAST_LEVEL
            self.last_deal = DealEnd(self.deal_number, p, tuple(moves), tuple(before), tuple(self.levels))
            self._win(p, {"how": "out", "level": before[p]}, log)
            return
        self.levels = [min(LAST_LEVEL, lv + m) for lv, m in zip(before, moves, strict=True)]
        self.last_deal = DealEnd(self.deal_number, p, tuple(moves), tuple(before), tuple(self.levels))
        if log is not None:
            log.append({"type": "deal_end", "deal": self.deal_number, "out": p, "moves": moves,
                        "levels": list(self.levels)})
        self.turns += 1
        self.dealer = (self.dealer + 1) % self.players
        order = [(self.dealer + i) % self.players for i in range(1, self.players + 1)]
        self.keep_queue = [s for s in order if self.sheet.keep_cards and not self.laid[s]
                           and self.levels[s] in self.sheet.keep_levels]
        if self.keep_queue:
            self.phase = "keep"
            if log is not None:
                log.append({"type": "keep_start", "seats": list(self.keep_queue)})
            return
        self._new_deal(log)

    # ----- results and views --------------------------------------------------------------------------------
    def result(self) -> dict[str, Any]:
        if not self.is_over():
            raise IllegalAction("the game is not over yet", code="not_over")
        scores = [LAST_LEVEL if s == self.winner else self.levels[s] - 1 for s in range(self.players)]
        return {"scores": scores, "winners": [self.winner], "levels": list(self.levels), "deals": self.deal_number}

    def view(self, player: int) -> dict[str, Any]:
        out = self.view_envelope(player)
        out.update({
            "sheet": self.sheet.to_json(),
            "deck": deck_json(self.options["edition"]),
            "deal": self.deal_number,
            "dealer": self.dealer,
            "turn": self.turn,
            "phase": self.phase,
            "hand": list(self.hands[player]),
            "hand_counts": [len(h) for h in self.hands],
            "draw_count": len(self.draw),
            "skips_under": self.under,
            "discards": [{"top": d[-1] if d else None, "count": len(d)} for d in self.discards],
            "table": [[{"kind": part[0], "cards": list(part[1:])} for part in parts]
                      for parts in self.table],
            "levels": list(self.levels),
            "laid_out": list(self.laid),
            "skipped": list(self.skipped),
            "keep": {"waiting": list(self.keep_queue), "cards": self.sheet.keep_cards,
                     "kept_counts": [len(k) if k is not None else None for k in self.kept],
                     "mine": self.kept[player]} if self.phase == "keep" else None,
            "last_deal": None if self.last_deal is None else DEAL_END.encode(self.last_deal),
            "winner": self.winner,
        })
        return out

    # ----- invariants ---------------------------------------------------------------------------------------
    def _validate(self) -> None:
        """What must hold between the fields (:func:`~pygame_rules.games.level8.checks.validate`)."""
        _checks.validate(self)

    def all_cards(self) -> Counter[str]:
        """Every physical card in the game, wherever it is (for the conservation invariant)."""
        cards: Counter[str] = Counter()
        for h in self.hands:
            cards.update(h)
        for d in self.discards:
            cards.update(d)
        cards.update(self.draw)
        cards[SKIP] += self.under + sum(self.skipped)
        for parts in self.table:
            cards.update(physical(t) for part in parts for t in part[1:])
        return cards

    def full_deck(self) -> Counter[str]:
        """Every physical card of this game's edition."""
        return Counter(self.deck())

    # ----- scenarios ----------------------------------------------------------------------------------------
    def _deal_rest(self, given: set[str], params: dict[str, Any]) -> None:
        """Complete a scenario's table (:func:`~pygame_rules.games.level8.checks.deal_rest`)."""
        _checks.deal_rest(self, given, params)


__all__ = ["Level8State", "Draw", "TakeDiscard", "TakeNothing", "LayOut", "Add", "Discard", "Skip", "ServeSkip",
           "Keep", "NUMBER_CARDS"]
