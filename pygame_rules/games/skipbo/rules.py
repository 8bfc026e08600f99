"""Skip-Bo: empty your stock pile by building shared piles from 1 up to 12.

Cards are integers: ``1..12`` are numbers, ``0`` is the Skip-Bo wild. A building pile is stored as the list of its
cards; because a pile always starts at 1 and rises by exactly one, the number its top stands for is simply its
length. Piles (stock, discard, draw) are lists whose last element is the top.

Here: the match, the table, setup and dealing, the checker, the lister and the moves. Beside it: the numbers of the
game, the cards and the actions (:mod:`.cards`), the building rule and the listing tables derived from it
(:mod:`.building`). Choices the rulebook leaves open are pinned in docs/games/skipbo.md (turn order, recycling,
stalemate, matches).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Annotated, Any, ClassVar, Literal

from ...core.actions import Action
from ...core.errors import BadOptions, BadScenario, IllegalAction, TableProblem
from ...core.game import Event, GameInfo, OptionSpec, Refusal, State, winners_by_min
from ...core.match import MatchRules
from ...core.rng import GameRandom
from ...core.table import Count, Is, PerSeat, Range, Seat, Size
from .building import (
    _BIT,
    _COMPLETES,
    _DECK,
    _DISCARD,
    _ENDS_GET,
    _FITS_01,
    _FITS_23,
    _HELD_GET,
    _PLAY_DISCARD,
    _PLAY_DISCARD_M,
    _PLAY_HAND,
    _PLAY_HAND_M,
    _PLAY_STOCK,
    _PLAY_STOCK_M,
    _ends,
    _held,
    completes,
    fits,
)
from .cards import (
    ACTIONS,
    END_TURN,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RULES,
    WILD,
    Discard,
    EndTurn,
    PlayDiscard,
    PlayHand,
    PlayStock,
    card_name,
    deck_problem,
    is_card,
)


# ----- match -----------------------------------------------------------------------------------------------------
def _match_points(result: dict[str, Any], players: int, options: dict[str, Any]) -> list[int]:
    return list(result["scores"])


def _match_finished(totals: list[int], games: int, options: dict[str, Any]) -> bool:
    return max(totals) >= int(options["match_target"])


def _match_next_start(game: State, totals: list[int], previous: int) -> int:
    return (previous + 1) % game.players  # the first player rotates clockwise from game to game


MATCH = MatchRules(
    enabled=lambda options: options["match_target"] is not None,
    points=_match_points,
    finished=_match_finished,
    next_start=_match_next_start,
)


SOURCES = ("hand", "stock", "discard")  # where a refused card came from (refusal param "source")


# ----- the table ------------------------------------------------------------------------------------------------
Card = Annotated[int, Is(is_card, f"a Skip-Bo card (1-{RULES.numbers}, or 0 for Skip-Bo)")]
Hand = Annotated[list[Card], Size(most=RULES.hand_size)]
BuildingPiles = Annotated[list[list[Card]], Size(RULES.building_piles)]
DiscardPiles = Annotated[list[list[Card]], Size(RULES.discard_piles)]


class SkipBoState(State):
    """A Skip-Bo game in progress."""

    info = GameInfo(
        name="skipbo",
        title="Skip-Bo",
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        options=(
            OptionSpec("stock_size", "int", lambda n: RULES.stock_by_players[n],
                       "Cards in each stock pile (30 for 2-4 players, 20 for 5-6; 10 for a short game).",
                       minimum=1, maximum=max(RULES.stock_by_players.values())),
            OptionSpec("partnership", "bool", False,
                       "4 or 6 players in teams of two sitting opposite; partners play from each other's stock "
                       "and discard piles; a team wins when both stocks are empty."),
            OptionSpec("match_target", "int", None,
                       "Play a match: each game's winner scores 25 plus 5 per card left in the opponents' stocks; "
                       "the first to reach this total wins (usually 500). Null: a single game.",
                       minimum=1, nullable=True),
            OptionSpec("first_player", "int", None, "Seat that starts the first game; null: chosen by the seed.",
                       minimum=0, maximum=MAX_PLAYERS - 1, nullable=True),
        ),
        hidden_information=True,
        summary="Race to empty your stock pile by building shared piles in order from 1 to 12, with wild "
                "Skip-Bo cards standing in for any number.",
    )
    ACTIONS = ACTIONS
    MATCH = MATCH
    SCENARIO_ALIASES = {"current_player": "current"}

    # the table: piles are lists whose last element is the top; a building pile's value is its length
    draw: list[Card]
    set_aside: list[Card]  # completed building piles, shuffled into a new draw pile when it runs out
    building: BuildingPiles
    hands: PerSeat[Hand]
    stocks: PerSeat[list[Card]]
    discards: PerSeat[DiscardPiles]
    current: Seat
    start: Seat
    turn: Annotated[int, Range(1)]
    idle_turns: Count  # consecutive turns in which nobody could play or discard
    played_this_turn: bool
    last_undoable: bool
    winners: list[Seat] | None
    end_reason: Literal["stock_empty", "stalemate"] | None

    def _init(self) -> None:
        # whose piles each seat plays from: its own, and its partner's in the partnership game
        self._team = [(seat,) if p is None else (seat, p) for seat, p in
                      ((seat, self.partner(seat)) for seat in range(self.players))]

    # ----- setup ------------------------------------------------------------------------------------------------
    @classmethod
    def _check_option_combination(cls, players: int, options: dict[str, Any]) -> None:
        if options["partnership"] and players not in (4, 6):
            raise BadOptions(f"the partnership game is for 4 or 6 players, not {players}", option="partnership")
        if not RULES.stocks_fit(players, options["stock_size"]):
            raise BadOptions(
                f"{players} stocks of {options['stock_size']} cards plus hands do not fit the {RULES.deck_size}-card "
                "deck", option="stock_size")
        first = options["first_player"]
        if first is not None and first >= players:
            raise BadOptions(f"first_player must be a seat from 0 to {players - 1}", option="first_player")

    @classmethod
    def _setup(cls, players: int, options: dict[str, Any], rng: GameRandom, start: int | None) -> SkipBoState:
        state = cls(players, options, rng)
        deck = _DECK[:]
        rng.shuffle(deck)
        # dealt one card at a time around the table from the top (the end) of the deck: seat s gets the cards at
        # -1-s, -1-s-players, ... (taken as slices, the same cards in the same order)
        dealt = options["stock_size"] * players
        for seat in range(players):
            state.stocks[seat] = deck[-1 - seat::-players][:options["stock_size"]]
        del deck[len(deck) - dealt:]
        state.draw = deck
        if start is None:
            start = options["first_player"] if options["first_player"] is not None else rng.randint(0, players - 1)
        state.start = state.current = start
        state._refill(start, None)  # (the first hand: no event, the draw pile is full)
        return state

    def _deal_rest(self, given: set[str], params: dict[str, Any]) -> None:
        """A scenario's unlisted cards: shuffled into the draw pile, or set aside when the draw pile is given."""
        if "start" not in given:
            self.start = self.current
        placed = self.all_cards()
        problem = deck_problem(list(placed.elements()), complete=False)
        if problem:
            raise BadScenario(problem)
        rest = sorted((self.full_deck() - placed).elements())
        if "draw" in given:
            self.set_aside += rest
        else:
            self.rng.shuffle(rest)
            self.draw = rest

    # ----- helpers ----------------------------------------------------------------------------------------------
    def partner(self, seat: int) -> int | None:
        """The seat opposite ``seat`` in the partnership game, else ``None``."""
        if not self.options["partnership"]:
            return None
        return (seat + self.players // 2) % self.players

    def _team_out(self, seat: int) -> bool:
        """The winning rule: ``seat``'s stock is empty (in the partnership game, its partner's too)."""
        stocks = self.stocks
        for owner in self._team[seat]:  # (a plain loop: this runs after every stock play)
            if stocks[owner]:
                return False
        return True

    def _stalled(self, idle_turns: int) -> bool:
        """The stalemate rule: nobody could play or discard for a whole round of turns."""
        return idle_turns >= self.players

    # ----- queries ----------------------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.winners is not None else self.current

    def is_over(self) -> bool:
        return self.winners is not None

    def candidates(self) -> Iterator[Action]:
        """The shape of a move: any hand card, or the top of any seat's stock or discard pile (the own seat's first,
        then around the table), onto any building pile; any card onto any own discard pile; or ending the turn."""
        seat = self.current
        for row in _PLAY_HAND:
            yield from row
        for step in range(self.players):
            owner = (seat + step) % self.players
            yield from _PLAY_STOCK[owner]
            for row in _PLAY_DISCARD[owner]:
                yield from row
        for row in _DISCARD:
            yield from row
        yield END_TURN

    def _list_legal(self) -> list[Action]:
        """The candidates that :meth:`refusal` accepts, in the same order, by tables derived from the rules.

        ``lo[c] + hi[c]`` is the bit mask of the building piles card ``c`` fits (:func:`fits` as tables for the
        piles' heights, two piles to a table; the two masks share no bit, so their sum is their union, and an
        integer sum is a specialised bytecode where ``|`` is not) and indexes prebuilt rows of the actions; of the
        hand only the distinct cards that fit somewhere are visited (``held`` holds the hand's cards as bits); the
        turn ends as :func:`_ends` says.
        """
        seat = self.current
        b0, b1, b2, b3 = self.building
        lo, lo_cards = _FITS_01[len(b0)][len(b1)]
        hi, hi_cards = _FITS_23[len(b2)][len(b3)]
        bit = _BIT
        held = 0
        for card in self.hands[seat]:
            held |= bit[card]
        plays: tuple[Action, ...] = ()
        playable = held & (lo_cards | hi_cards)
        if playable:
            if playable & (playable - 1):
                for card in _HELD_GET(playable) or _held(playable):
                    plays += _PLAY_HAND_M[card][lo[card] + hi[card]]
            else:  # (one card: the commonest case)
                card = playable.bit_length() - 1
                plays = _PLAY_HAND_M[card][lo[card] + hi[card]]
        for owner in self._team[seat]:
            stock = self.stocks[owner]
            if stock:
                top = stock[-1]
                mask = lo[top] + hi[top]
                if mask:
                    plays += _PLAY_STOCK_M[owner][mask]
            d0, d1, d2, d3 = self.discards[owner]
            rows = _PLAY_DISCARD_M[owner]
            if d0 and (mask := lo[top := d0[-1]] + hi[top]):
                plays += rows[0][mask]
            if d1 and (mask := lo[top := d1[-1]] + hi[top]):
                plays += rows[1][mask]
            if d2 and (mask := lo[top := d2[-1]] + hi[top]):
                plays += rows[2][mask]
            if d3 and (mask := lo[top := d3[-1]] + hi[top]):
                plays += rows[3][mask]
        return plays + (_ENDS_GET(held) or _ends(held))  # type: ignore[return-value]

    def refusal(self, action: Action) -> Refusal | None:
        """Why ``action`` is illegal now, as a reason code and parameters (no words), or ``None`` when legal."""
        return self._rules[type(action)](self, action)

    def _end_turn_refusal(self, action: EndTurn) -> Refusal | None:
        held = 0
        for card in self.hands[self.current]:
            held |= 1 << card
        return None if action in _ends(held) else Refusal("must_discard", {})

    def _discard_refusal(self, action: Discard) -> Refusal | None:
        if not 0 <= action.discard < RULES.discard_piles:
            return Refusal("no_such_pile", {"kind": "discard", "pile": action.discard})
        if action.card not in self.hands[self.current]:
            return Refusal("card_not_in_hand", {"card": action.card})
        return None

    def _hand_refusal(self, action: PlayHand) -> Refusal | None:
        if action.card not in self.hands[self.current]:
            return Refusal("card_not_in_hand", {"card": action.card})
        return self._build_refusal(action.card, action.pile, "hand")

    def _owner_refusal(self, owner: int) -> Refusal | None:
        if owner in self._team[self.current]:
            return None
        return Refusal("not_your_pile", {"owner": owner, "partnership": self.options["partnership"]})

    def _stock_refusal(self, action: PlayStock) -> Refusal | None:
        refusal = self._owner_refusal(action.owner)
        if refusal is not None:
            return refusal
        stock = self.stocks[action.owner]
        if not stock:
            return Refusal("stock_empty", {"owner": action.owner})
        return self._build_refusal(stock[-1], action.pile, "stock")

    def _discard_play_refusal(self, action: PlayDiscard) -> Refusal | None:
        refusal = self._owner_refusal(action.owner)
        if refusal is not None:
            return refusal
        if not 0 <= action.discard < RULES.discard_piles:
            return Refusal("no_such_pile", {"kind": "discard", "pile": action.discard})
        dpile = self.discards[action.owner][action.discard]
        if not dpile:
            return Refusal("discard_pile_empty", {"owner": action.owner, "discard": action.discard})
        return self._build_refusal(dpile[-1], action.pile, "discard")

    def _build_refusal(self, card: int, pile_index: int, source: str) -> Refusal | None:
        if not 0 <= pile_index < RULES.building_piles:
            return Refusal("no_such_pile", {"kind": "building", "pile": pile_index})
        pile = self.building[pile_index]
        if fits(card, len(pile)):
            return None
        reason = "does_not_fit" if pile else "pile_starts_with_1"
        return Refusal(reason, {"card": card, "pile": pile_index, "needs": len(pile) + 1, "source": source})

    _rules: ClassVar[dict[type, Callable[[Any, Any], Refusal | None]]] = {
        EndTurn: _end_turn_refusal, Discard: _discard_refusal, PlayHand: _hand_refusal,
        PlayStock: _stock_refusal, PlayDiscard: _discard_play_refusal,
    }
    # the reason codes of this game's refusals (docs/api.md, "Refusal codes"; worded per language from the
    # catalogues by the page and by pygame_rules.words)
    REFUSAL_CODES = frozenset({
        "must_discard", "no_such_pile", "card_not_in_hand", "not_your_pile", "stock_empty", "discard_pile_empty",
        "pile_starts_with_1", "does_not_fit",
    })

    def undoable(self) -> bool:
        return self.last_undoable and self.winners is None

    # ----- acting -----------------------------------------------------------------------------------------------
    def _perform(self, action: Any, log: list[Event] | None) -> None:
        """Every action's one path: a building play (then a refill of an emptied hand, or the win), or the end of
        the turn (a discard, or none with an empty hand: a whole round of those is a stalemate) and the next seat's
        refill. Events are appended to ``log`` as data; with ``log`` ``None`` (bots' rollouts, the bench) none is
        built."""
        cls = type(action)  # (``action`` is read without narrowing: its exact class is tested once, here)
        seat = self.current
        if cls is PlayHand:  # (the kinds in the order of how often they are played)
            card = action.card
            self.hands[seat].remove(card)
            undoable = True
        elif cls is Discard or cls is EndTurn:
            self.last_undoable = False
            if cls is Discard:
                card = action.card
                self.hands[seat].remove(card)
                self.discards[seat][action.discard].append(card)
                self.idle_turns = 0
            else:  # a turn without a discard is idle unless a card was played in it
                self.idle_turns = 0 if self.played_this_turn else self.idle_turns + 1
            if log is not None:
                log.append({"type": "discard", "player": seat, "card": card, "discard": action.discard}
                           if cls is Discard else {"type": "end_turn", "player": seat})
            if cls is EndTurn and self._stalled(self.idle_turns):
                self._stalemate(log)
                return
            following = seat + 1
            self.current = seat = following if following < self.players else 0
            self.turn += 1
            self.played_this_turn = False
            self._refill(seat, log)
            return
        elif cls is PlayDiscard:
            card = self.discards[action.owner][action.discard].pop()
            undoable = True  # discard piles are fanned out: nothing hidden is revealed
        else:
            card = self.stocks[action.owner].pop()
            undoable = False  # the next stock card is turned face up
        building = self.building
        pile = building[action.pile]
        pile.append(card)
        self.played_this_turn = True
        value = len(pile)  # the number the card stands for
        if _COMPLETES[value]:
            self.set_aside += pile
            building[action.pile] = []
        if log is not None:
            self._log_play(action, seat, card, value, log)
        if cls is PlayStock and not self.stocks[action.owner] and self._team_out(seat):  # (only a stock play can)
            self.last_undoable = False
            self._win(seat, log)
        elif not self.hands[seat] and self._refill(seat, log):
            self.last_undoable = False  # cards were drawn: they cannot go back
        else:
            self.last_undoable = undoable

    def _log_play(self, action: Any, seat: int, card: int, value: int, log: list[Event]) -> None:
        """The events of a building play: the play (where the card came from, the card and the number it stands
        for; a stock play tells the card it reveals), and a completed pile."""
        event: Event = {"type": action.kind, "player": seat, "card": card, "pile": action.pile, "value": value}
        cls = type(action)
        if cls is PlayStock:
            stock = self.stocks[action.owner]
            event["owner"] = action.owner
            event["revealed"] = stock[-1] if stock else None
        elif cls is PlayDiscard:
            event["owner"] = action.owner
            event["discard"] = action.discard
        log.append(event)
        if _COMPLETES[value]:
            log.append({"type": "complete", "player": seat, "pile": action.pile})

    def _refill(self, seat: int, log: list[Event] | None) -> int:
        """The drawing rule: ``seat`` draws up to a full hand; return how many cards were drawn.

        Cards come off the top (the end) of the draw pile one by one (a pile that holds enough is taken as one
        slice, the same cards in the same order); when it runs dry mid-way, the completed piles are shuffled into
        a new one. The event tells everyone the count and the seat the cards.
        """
        hand = self.hands[seat]
        need = RULES.hand_size - len(hand)
        if need <= 0:
            return 0
        draw = self.draw
        recycled = False
        if len(draw) >= need:
            taken = draw[-need:]
            del draw[-need:]
            taken.reverse()
            hand += taken
        else:
            while len(hand) < RULES.hand_size:
                if not draw and self.set_aside:
                    draw = self.draw = self.set_aside
                    self.set_aside = []
                    self.rng.shuffle(draw)
                    recycled = True
                if not draw:
                    break
                hand.append(draw.pop())
            need -= RULES.hand_size - len(hand)
        if need and log is not None:  # (a reshuffle always yields a card: nothing drawn means nothing happened)
            log.append({"type": "draw", "player": seat, "count": need, "recycled": recycled,
                        "private": {str(seat): {"cards": hand[-need:]}}})
        return need

    def _win(self, seat: int, log: list[Event] | None) -> None:
        self.winners = sorted(self._team[seat])
        self.end_reason = "stock_empty"
        if log is not None:
            log.append({"type": "game_over", "winners": self.winners, "reason": self.end_reason})

    def _stalemate(self, log: list[Event] | None) -> None:
        """The fewest stock cards left (per team) win."""
        self.winners = winners_by_min(
            [sum(len(self.stocks[s]) for s in self._team[seat]) for seat in range(self.players)])
        self.end_reason = "stalemate"
        if log is not None:
            log.append({"type": "game_over", "winners": self.winners, "reason": self.end_reason})

    # ----- results and views ------------------------------------------------------------------------------------
    def result(self) -> dict[str, Any]:
        if self.winners is None:
            raise IllegalAction("the game is not over yet", code="not_over")
        winners = set(self.winners)
        losers_stock = sum(len(self.stocks[s]) for s in range(self.players) if s not in winners)
        points = RULES.match_win_bonus + RULES.match_points_per_stock_card * losers_stock
        return {
            "scores": [points if s in winners else 0 for s in range(self.players)],
            "winners": list(self.winners),
            "stock_left": [len(s) for s in self.stocks],
            "reason": self.end_reason,
            "turns": self.turn,
        }

    def view(self, player: int) -> dict[str, Any]:
        out = self.view_envelope(player)
        out.update({
            "turn": self.turn,
            "hand": sorted(self.hands[player], key=lambda c: (c == WILD, c)),
            "draw_count": len(self.draw),
            "set_aside_count": len(self.set_aside),
            "building": [
                {"count": len(p), "value": len(p), "top": p[-1], "cards": list(p)} if p else None
                for p in self.building
            ],
            "seats": [
                {
                    "seat": s,
                    "stock_count": len(self.stocks[s]),
                    "stock_top": self.stocks[s][-1] if self.stocks[s] else None,
                    "discards": [list(d) for d in self.discards[s]],
                    "hand_count": len(self.hands[s]),
                    "partner": self.partner(s),
                }
                for s in range(self.players)
            ],
            "idle_turns": self.idle_turns,
            "undoable": self.undoable() and player == self.current,
        })
        return out

    # ----- invariants -------------------------------------------------------------------------------------------
    def _validate(self) -> None:
        """Piles well formed, a game in progress has a stock to empty, a finished game has its winners."""
        for i, pile in enumerate(self.building):
            if len(pile) > RULES.numbers or completes(len(pile)):
                raise ValueError(f"building pile {i + 1} has {len(pile)} cards: a pile of 12 is set aside")
            for n, card in enumerate(pile):
                if not fits(card, n):
                    raise ValueError(f"building pile {i + 1} is not a valid sequence: card {card_name(card)} "
                                     f"cannot stand at height {n + 1}")
        if (self.winners is None) != (self.end_reason is None):
            raise ValueError("winners and end_reason are set together, when the game ends")
        if self.winners is not None:
            if not self.winners or self.winners != sorted(set(self.winners)):
                raise ValueError("winners must list distinct seats in order")
            return
        if self._stalled(self.idle_turns):
            raise ValueError("idle_turns reaches a full round: that game would already be over")
        for seat in range(self.players):
            if self._team_out(seat):
                raise TableProblem(f"seat {seat}'s stock is empty: that game would already be over",
                                   reason="stock_empty", params={"seat": seat})

    def all_cards(self) -> Counter[int]:
        """Every card in the game, wherever it lies (for conservation checks)."""
        cards = Counter(self.draw)
        cards.update(self.set_aside)
        for p in self.building:
            cards.update(p)
        for seat in range(self.players):
            cards.update(self.hands[seat])
            cards.update(self.stocks[seat])
            for d in self.discards[seat]:
                cards.update(d)
        return cards

    def full_deck(self) -> Counter[int]:
        """The 162 cards of the game."""
        return Counter(RULES.deck())


SkipBoAction = PlayHand | PlayStock | PlayDiscard | Discard | EndTurn
