"""Skip-Bo: empty your stock pile by building shared piles from 1 up to 12.

Cards are integers: ``1..12`` are numbers, ``0`` is the Skip-Bo wild. A building pile is stored as the list of its
cards; because a pile always starts at 1 and rises by exactly one, the number its top stands for is simply its
length. Piles (stock, discard, draw) are lists whose last element is the top.

Choices the rulebook leaves open are pinned in docs/games/skipbo.md (turn order, recycling, stalemate, matches).
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from collections.abc import Callable
from importlib import resources
from typing import Annotated, Any, ClassVar, Literal

from ..core.actions import Action, action_kinds
from ..core.errors import BadOptions, BadScenario, IllegalAction, TableProblem
from ..core.game import Event, GameInfo, OptionSpec, Refusal, State, winners_by_min
from ..core.match import MatchRules
from ..core.rng import GameRandom
from ..core.table import Count, Is, PerSeat, Range, Seat, Size

WILD = 0


# ----- rules data ------------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class SkipBoRules:
    """The numbers of the game, loaded from ``data/skipbo.json`` and validated."""

    numbers: int
    copies_per_number: int
    wilds: int
    hand_size: int
    building_piles: int
    discard_piles: int
    stock_by_players: dict[int, int]
    short_game_stock: int
    match_target: int
    match_win_bonus: int
    match_points_per_stock_card: int

    @property
    def deck_size(self) -> int:
        """Cards in the full deck (162 in the published game)."""
        return self.numbers * self.copies_per_number + self.wilds

    def deck(self) -> list[int]:
        """The full deck, unshuffled."""
        return [n for n in range(1, self.numbers + 1) for _ in range(self.copies_per_number)] + [WILD] * self.wilds

    def copies(self, card: int) -> int:
        """How many copies of ``card`` the deck holds."""
        return self.wilds if card == WILD else self.copies_per_number


def load_rules(text: str | None = None) -> SkipBoRules:
    """Parse and validate the rules data; ``ValueError`` on anything inconsistent."""
    if text is None:
        text = resources.files(__package__).joinpath("data/skipbo.json").read_text()
    raw = json.loads(text)
    fields = {f.name for f in dataclasses.fields(SkipBoRules)}
    if set(raw) != fields:
        raise ValueError(f"skipbo rules data must have exactly the fields {sorted(fields)}")
    raw["stock_by_players"] = {int(k): v for k, v in raw["stock_by_players"].items()}
    rules = SkipBoRules(**raw)
    for name in fields - {"stock_by_players"}:
        value = getattr(rules, name)
        if not isinstance(value, int) or value < 1:
            raise ValueError(f"skipbo rules: {name} must be a positive integer")
    for players, stock in rules.stock_by_players.items():
        if players * (stock + rules.hand_size) > rules.deck_size:
            raise ValueError(f"skipbo rules: {players} stocks of {stock} do not fit the deck")
    return rules


RULES = load_rules()
MIN_PLAYERS = min(RULES.stock_by_players)
MAX_PLAYERS = max(RULES.stock_by_players)


def card_name(card: int) -> str:
    """How a card is written in messages and the log."""
    return "Skip-Bo" if card == WILD else str(card)


# ----- actions ---------------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class PlayHand(Action):
    """Play a hand card (``card`` 1..12 or 0 for a wild) onto building pile ``pile`` (0..3)."""

    kind = "play_hand"
    card: int
    pile: int


@dataclasses.dataclass(frozen=True)
class PlayStock(Action):
    """Play the top of ``owner``'s stock (own, or the partner's in the partnership game) onto ``pile``."""

    kind = "play_stock"
    owner: int
    pile: int


@dataclasses.dataclass(frozen=True)
class PlayDiscard(Action):
    """Play the top of discard pile ``discard`` (0..3) of ``owner`` (own or partner's) onto ``pile``."""

    kind = "play_discard"
    owner: int
    discard: int
    pile: int


@dataclasses.dataclass(frozen=True)
class Discard(Action):
    """End the turn by putting hand card ``card`` on the own discard pile ``discard`` (0..3)."""

    kind = "discard"
    card: int
    discard: int


@dataclasses.dataclass(frozen=True)
class EndTurn(Action):
    """End the turn without discarding: only when the hand is empty because the draw pile ran dry."""

    kind = "end_turn"


ACTIONS = action_kinds(PlayHand, PlayStock, PlayDiscard, Discard, EndTurn)
END_TURN = EndTurn()

# every action of the game, built once (actions are frozen values): the legal list reuses them instead of
# allocating about a dozen new dataclasses per move
_PILES = range(RULES.building_piles)
_PLAY_HAND: list[tuple[Action, ...]] = [tuple(PlayHand(card, p) for p in _PILES) for card in range(RULES.numbers + 1)]
_PLAY_STOCK: list[tuple[Action, ...]] = [tuple(PlayStock(owner, p) for p in _PILES) for owner in range(MAX_PLAYERS)]
_PLAY_DISCARD: list[list[tuple[Action, ...]]] = [
    [tuple(PlayDiscard(owner, d, p) for p in _PILES) for d in range(RULES.discard_piles)]
    for owner in range(MAX_PLAYERS)]
_DISCARD: list[tuple[Action, ...]] = [
    tuple(Discard(card, d) for d in range(RULES.discard_piles)) for card in range(RULES.numbers + 1)]
# The listed objects also carry their class's ``kind`` as their own attribute (the same value; equality, hashing and
# JSON are by fields and unchanged). Callers filter legal lists by ``a.kind`` (the bench's play-first policy, bots),
# and CPython 3.11 never specialises reading a class attribute through an instance, while it does an instance one:
# measured 4-7% of a whole bench game. Only these prebuilt objects get it (set as frozen dataclasses set fields, by
# ``object.__setattr__``): actions parsed or built elsewhere (bots' plans) are made as fast as ever.
for _row in [*_PLAY_HAND, *_PLAY_STOCK, *[row for rows in _PLAY_DISCARD for row in rows], *_DISCARD, (END_TURN,)]:
    for _action in _row:
        object.__setattr__(_action, "kind", type(_action).kind)
_ALL_PILES = (1 << RULES.building_piles) - 1
_TOP = RULES.numbers  # a building pile that reaches this height is complete and set aside
_HAND = RULES.hand_size
_QUIET: Event = {"type": "quiet"}  # stands for an event nobody reads (State.play): never shown, never kept


def _by_mask(row: tuple[Action, ...]) -> tuple[tuple[Action, ...], ...]:
    """``row``'s sub-tuples for every bit mask of building piles (bit p set: pile p), in pile order."""
    return tuple(tuple(a for p, a in enumerate(row) if mask >> p & 1) for mask in range(_ALL_PILES + 1))


# the same objects as the rows above, per mask of the piles a card fits: listing a move is one index, no loop
_PLAY_HAND_M = [_by_mask(row) for row in _PLAY_HAND]
_PLAY_STOCK_M = [_by_mask(row) for row in _PLAY_STOCK]
_PLAY_DISCARD_M = [[_by_mask(row) for row in rows] for rows in _PLAY_DISCARD]


if RULES.building_piles != 4 or RULES.discard_piles != 4:  # _list_legal is written out for the published table
    raise ValueError("skipbo rules: the engine is written for four building piles and four discard piles")
_FITS_SIZE = RULES.numbers + 2  # fits[c] for every card c, and for the number above a pile of 12 (never held)
_WILD_BIT = 1 << WILD
_BIT = tuple(1 << card for card in range(_FITS_SIZE))  # a card's (or a pile's next number's) bit in a mask of cards
# the cards (ascending) whose bits are set in a mask of cards, filled when first asked for (only masks of at most
# five cards ever are: the wild and the next number of each of the four piles)
_CARDS: list[tuple[int, ...] | None] = [None] * (1 << (RULES.numbers + 1))


def _cards(mask: int) -> tuple[int, ...]:
    """The cards of ``mask`` in ascending order (wild first), remembered in ``_CARDS``."""
    cards = _CARDS[mask] = tuple(c for c in range(RULES.numbers + 1) if mask >> c & 1)
    return cards

# the card of a mask that holds exactly one card, else -1
_ONLY = [-1] * (1 << (RULES.numbers + 1))
for _card in range(RULES.numbers + 1):
    _ONLY[1 << _card] = _card

# how a turn can end, per bit mask of the distinct hand cards: every discard of a hand card (by card, then discard
# pile), or ending the turn when the hand is empty (the end-turn rule, see _end_turn_refusal); filled when first met
_ENDS: list[tuple[Action, ...] | None] = [None] * (1 << (RULES.numbers + 1))


def _ends(held: int) -> tuple[Action, ...]:
    """The turn-ending actions of a hand whose distinct cards are the bits of ``held``."""
    if not held:
        return (END_TURN,)
    return tuple(a for card in range(RULES.numbers + 1) if held >> card & 1 for a in _DISCARD[card])


_DECK = RULES.deck()  # the unshuffled deck, copied for every deal


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
def is_card(value: int) -> bool:
    """Whether ``value`` is a Skip-Bo card: ``1..12``, or ``0`` for the wild."""
    return 0 <= value <= RULES.numbers


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
        self._recycled = False  # set while a refill reshuffles the completed piles (for the draw event)
        # whose piles each seat plays from: its own, and its partner's in the partnership game
        partners = [self.partner(seat) for seat in range(self.players)]
        self._team = [(seat,) if p is None else (seat, p) for seat, p in enumerate(partners)]
        self._partner_of = partners
        self._partnered = any(p is not None for p in partners)
        # scratch for legal_actions: fits[c] is the bit mask of the building piles card c fits; between calls it is
        # all zero but for the wild, which fits every pile (one list per state, set and cleared by each listing)
        self._fit_masks = [0] * _FITS_SIZE
        self._fit_masks[WILD] = _ALL_PILES

    # ----- setup ------------------------------------------------------------------------------------------------
    @classmethod
    def _check_option_combination(cls, players: int, options: dict[str, Any]) -> None:
        if options["partnership"] and players not in (4, 6):
            raise BadOptions(f"the partnership game is for 4 or 6 players, not {players}", option="partnership")
        if players * (options["stock_size"] + RULES.hand_size) > RULES.deck_size:
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
        state._top_up(state.hands[start])  # (the first hand: no event to word, the draw pile is full)
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

    def _owners(self, seat: int) -> tuple[int, ...]:
        return self._team[seat]

    def _draw_one(self) -> int | None:
        if not self.draw and self.set_aside:
            self.draw = self.set_aside
            self.set_aside = []
            self.rng.shuffle(self.draw)
            self._recycled = True
        return self.draw.pop() if self.draw else None

    def _top_up(self, hand: list[int]) -> int:
        """Draw into ``hand`` (appended in the order drawn) up to a full hand; return how many cards were drawn.

        The one drawing rule of both paths (the logged refill and quiet play). Cards come off the top (the end) of
        the draw pile one by one; when the pile runs dry mid-way, the completed piles are shuffled into a new one
        (``_recycled`` says so). A draw pile that holds enough is taken as one slice, the same cards in the same
        order as popping them one at a time.
        """
        need = _HAND - len(hand)
        if need <= 0:
            return 0
        draw = self.draw
        if len(draw) >= need:
            taken = draw[-need:]
            del draw[-need:]
            taken.reverse()
            hand += taken
            return need
        count = 0
        while count < need:
            card = self._draw_one()
            if card is None:
                break
            hand.append(card)
            count += 1
        return count

    def _refill(self, seat: int) -> Event | None:
        """Draw ``seat`` up to a full hand; the event tells everyone the count and the seat the cards."""
        self._recycled = False
        hand = self.hands[seat]
        count = self._top_up(hand)
        # (a reshuffle always yields a card, so nothing drawn means nothing happened)
        if not count:
            return None
        if self._quiet:  # nobody reads this move's events
            return _QUIET
        drawn = hand[-count:]
        text = f"Seat {seat} draws {len(drawn)} card{'s' if len(drawn) != 1 else ''}."
        if self._recycled:
            text = "The completed building piles are shuffled into a new draw pile. " + text
        return {
            "type": "draw", "player": seat, "count": len(drawn), "recycled": self._recycled, "text": text,
            "private": {str(seat): {"cards": drawn,
                                    "text": text[:-1] + ": " + ", ".join(map(card_name, drawn)) + "."}},
        }

    # ----- queries ----------------------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.winners is not None else self.current

    def is_over(self) -> bool:
        return self.winners is not None

    def legal_actions(self) -> list[Action]:
        """Every card that is there (hand cards, the tops of the piles this seat may use) on every pile where the
        building rule (:meth:`_fits`, which also refuses a submitted play) accepts it; then every discard of a hand
        card, or ending the turn when :meth:`refusal` allows it. Tests hold this list equal to asking
        :meth:`refusal` about every action of the game, in that order.

        This runs before every move of every rollout, so it is :meth:`State.legal_actions` (a cached list, copied
        on every read) with the listing written out in it for speed, on prebuilt rows of the same action objects
        in the same order as ever: the building rule is inlined (a number fits the piles whose height is one less,
        a wild fits all), ``fits[c]`` is the bit mask of the piles card ``c`` fits and indexes the rows, the four
        piles are unrolled, and of the hand only the distinct cards that fit somewhere are visited (by bit masks:
        ``held`` holds the hand's cards, ``playable`` those that are the wild or the next number of a pile). Tops
        that fit nowhere add nothing.
        """
        legal = self._legal
        if legal is not None:
            return [*legal]
        if self.winners is not None:
            self._legal = ()  # type: ignore[assignment]  # (a tuple: see below)
            return []
        seat = self.current
        bit = _BIT
        held = 0
        for card in self.hands[seat]:
            held |= bit[card]
        b0, b1, b2, b3 = self.building
        n0 = len(b0) + 1
        n1 = len(b1) + 1
        n2 = len(b2) + 1
        n3 = len(b3) + 1
        fits = self._fit_masks
        try:
            fits[n0] = 1
            fits[n1] |= 2
            fits[n2] |= 4
            fits[n3] |= 8
            plays: tuple[Action, ...] = ()
            playable = held & (_WILD_BIT | bit[n0] | bit[n1] | bit[n2] | bit[n3])
            if playable:
                card = _ONLY[playable]
                if card >= 0:  # (one card: the commonest case, no loop)
                    plays = _PLAY_HAND_M[card][fits[card]]
                else:
                    cards = _CARDS[playable]
                    if cards is None:
                        cards = _cards(playable)
                    for card in cards:
                        plays += _PLAY_HAND_M[card][fits[card]]
            # the own stock and discard piles, written out; then the partner's, if any
            stock = self.stocks[seat]
            if stock:
                mask = fits[stock[-1]]
                if mask:
                    plays += _PLAY_STOCK_M[seat][mask]
            d0, d1, d2, d3 = self.discards[seat]
            if d0:
                mask = fits[d0[-1]]
                if mask:
                    plays += _PLAY_DISCARD_M[seat][0][mask]
            if d1:
                mask = fits[d1[-1]]
                if mask:
                    plays += _PLAY_DISCARD_M[seat][1][mask]
            if d2:
                mask = fits[d2[-1]]
                if mask:
                    plays += _PLAY_DISCARD_M[seat][2][mask]
            if d3:
                mask = fits[d3[-1]]
                if mask:
                    plays += _PLAY_DISCARD_M[seat][3][mask]
            if self._partnered:
                plays += self._partner_plays(seat, fits)
        finally:
            fits[n0] = fits[n1] = fits[n2] = fits[n3] = 0
        # every discard of a hand card, or ending the turn with an empty hand: one prebuilt tuple per hand
        ends = _ENDS[held]
        if ends is None:
            ends = _ENDS[held] = _ends(held)
        listed = plays + ends
        self._legal = listed  # type: ignore[assignment]  # (a tuple: see below)
        return [*listed]

    def _partner_plays(self, seat: int, fits: list[int]) -> tuple[Action, ...]:
        """The plays from the stock and discard piles of ``seat``'s partner (the partnership game), in listing order."""
        owner = self._partner_of[seat]
        assert owner is not None
        plays: tuple[Action, ...] = ()
        stock = self.stocks[owner]
        if stock:
            mask = fits[stock[-1]]
            if mask:
                plays += _PLAY_STOCK_M[owner][mask]
        for dpile, rows in zip(self.discards[owner], _PLAY_DISCARD_M[owner], strict=True):
            if dpile:
                mask = fits[dpile[-1]]
                if mask:
                    plays += rows[mask]
        return plays

    def _list_legal(self) -> list[Action]:
        """The hook of :meth:`State.legal_actions`, which Skip-Bo overrides with the listing written out."""
        return self.legal_actions()

    def refusal(self, action: Action) -> Refusal | None:
        """Why ``action`` is illegal now, as a reason code and parameters (no words), or ``None`` when legal."""
        return self._rules[type(action)](self, action)

    def _end_turn_refusal(self, action: EndTurn) -> Refusal | None:
        return Refusal("must_discard", {}) if self.hands[self.current] else None

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
        if owner in self._owners(self.current):
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
        if self._fits(card, pile_index):
            return None
        pile = self.building[pile_index]
        reason = "does_not_fit" if pile else "pile_starts_with_1"
        return Refusal(reason, {"card": card, "pile": pile_index, "needs": len(pile) + 1, "source": source})

    def _fits(self, card: int, pile_index: int) -> bool:
        """The building rule: a pile takes the next number up from its height, or a wild."""
        return card == WILD or card == len(self.building[pile_index]) + 1

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
    def _apply(self, action: Action) -> list[Event]:
        seat = self.current
        self.last_undoable = False
        if isinstance(action, (Discard, EndTurn)):
            return self._end_turn(seat, action)
        events: list[Event] = []
        if isinstance(action, PlayHand):
            card = action.card
            self.hands[seat].remove(card)
            undoable = True
        elif isinstance(action, PlayStock):
            card = self.stocks[action.owner].pop()
            undoable = False  # the next stock card is turned face up
        else:
            assert isinstance(action, PlayDiscard)
            card = self.discards[action.owner][action.discard].pop()
            undoable = True  # discard piles are fanned out: nothing hidden is revealed
        pile = self.building[action.pile]
        pile.append(card)
        self.played_this_turn = True
        value = len(pile)
        if not self._quiet:
            events.append(self._play_event(action, seat, card, value))
        if value == RULES.numbers:
            self.set_aside.extend(pile)
            self.building[action.pile] = []
            if not self._quiet:
                events.append({"type": "complete", "player": seat, "pile": action.pile,
                               "text": f"Building pile {action.pile + 1} reaches {RULES.numbers} and is set aside."})
        if self._check_win(seat, events):
            return events
        if not self.hands[seat]:
            drew = self._refill(seat)
            if drew is not None:
                events.append(drew)
                undoable = False
        self.last_undoable = undoable
        return events

    def play(self, action: Action) -> None:
        """:meth:`State.play` for Skip-Bo: the rules of :meth:`_apply` with no event built or even considered.

        Bots' rollouts and the bench play millions of moves whose log nobody reads, so this path is written out on
        its own (one test of types per move, no event list, no quiet flags). Tests hold the state it leaves equal
        to :meth:`apply_listed`'s after every move of many seeded games (tests/test_skipbo_fast_paths.py, every
        player count, partnership, reshuffles, stalemates; and the shared test of every game's variants). Like
        ``apply_listed`` it trusts that ``action`` comes from :meth:`legal_actions`.
        """
        self._legal = None
        seat = self.current
        act: Any = action  # (read without narrowing: the exact class is tested once, below)
        cls = type(act)
        # (each branch reads its action's fields itself: an attribute read that sees one class only is specialised)
        if cls is PlayHand:  # (the kinds in the order of how often they are played; the commonest written out)
            card = act.card
            hand = self.hands[seat]
            hand.remove(card)
            building = self.building
            index = act.pile
            pile = building[index]
            pile.append(card)
            self.played_this_turn = True
            if len(pile) == _TOP:
                self.set_aside += pile
                building[index] = []
            # (a hand play empties no stock; a hand it empties draws anew, which ends undo if a card came)
            self.last_undoable = True if hand else not self._top_up(hand)
            return
        if cls is Discard:
            card = act.card
            self.hands[seat].remove(card)
            self.discards[seat][act.discard].append(card)
            self.last_undoable = False
            self.idle_turns = 0
            # the next seat's turn begins and it draws up to a full hand (_pass_turn and _top_up, written out)
            following = seat + 1
            if following == self.players:
                following = 0
            self.current = following
            self.turn += 1
            self.played_this_turn = False
            hand = self.hands[following]
            need = _HAND - len(hand)
            if need > 0:
                draw = self.draw
                if len(draw) >= need:
                    taken = draw[-need:]
                    del draw[-need:]
                    taken.reverse()
                    hand += taken
                else:
                    self._top_up(hand)
            return
        elif cls is PlayDiscard:
            card = self.discards[act.owner][act.discard].pop()
            index = act.pile
            hand = self.hands[seat]
            undoable = True
        elif cls is PlayStock:
            card = self.stocks[act.owner].pop()
            index = act.pile
            hand = self.hands[seat]
            undoable = False
        else:  # EndTurn
            self.last_undoable = False
            idle = 0 if self.played_this_turn else self.idle_turns + 1
            self.idle_turns = idle
            if idle >= self.players:
                self._stalemate()
            else:
                self._pass_turn(seat)
            return
        building = self.building
        pile = building[index]
        pile.append(card)
        self.played_this_turn = True
        if len(pile) == _TOP:
            self.set_aside += pile
            building[index] = []
        if cls is PlayStock:  # only a stock play can empty a stock (a game in progress has none empty: _validate)
            stocks = self.stocks
            for s in self._team[seat]:
                if stocks[s]:
                    break
            else:
                self.last_undoable = False
                self._check_win(seat, [])
                return
        if not hand and self._top_up(hand):
            undoable = False
        self.last_undoable = undoable

    def _pass_turn(self, seat: int) -> None:
        """Quiet play's end of a turn: the next seat's turn begins and it draws up to a full hand."""
        following = seat + 1
        if following == self.players:
            following = 0
        self.current = following
        self.turn += 1
        self.played_this_turn = False
        self._top_up(self.hands[following])

    def _play_event(self, action: Action, seat: int, card: int, value: int) -> Event:
        """The log entry of a building play (``value``: the number the card stands for on its pile)."""
        if isinstance(action, PlayHand):
            source = "from the hand"
        elif isinstance(action, PlayStock):
            source = "from the stock" if action.owner == seat else f"from partner seat {action.owner}'s stock"
        else:
            assert isinstance(action, PlayDiscard)
            source = f"from discard pile {action.discard + 1}"
            if action.owner != seat:
                source += f" of partner seat {action.owner}"
        stands = f" as {value}" if card == WILD else ""
        event: Event = {"type": action.kind, "player": seat, "card": card, "pile": action.pile, "value": value,
                        "action": action.to_json(),
                        "text": f"Seat {seat} plays {card_name(card)}{stands} {source} on building pile "
                                f"{action.pile + 1}."}
        if isinstance(action, PlayStock):
            stock = self.stocks[action.owner]
            event["revealed"] = stock[-1] if stock else None
        return event

    def _check_win(self, seat: int, events: list[Event]) -> bool:
        team = self._team[seat]
        stocks = self.stocks
        for s in team:  # (a plain loop: this runs after every building play)
            if stocks[s]:
                return False
        self.winners = sorted(team)
        self.end_reason = "stock_empty"
        who = " and ".join(f"seat {s}" for s in self.winners)
        events.append({"type": "game_over", "winners": self.winners, "reason": self.end_reason,
                       "text": f"Stock empty: {who} win{'s' if len(self.winners) == 1 else ''}!"})
        return True

    def _end_turn(self, seat: int, action: Discard | EndTurn) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, Discard):
            self.hands[seat].remove(action.card)
            self.discards[seat][action.discard].append(action.card)
            if not self._quiet:
                events.append({"type": "discard", "player": seat, "card": action.card,
                               "discard": action.discard, "action": action.to_json(),
                               "text": f"Seat {seat} discards {card_name(action.card)} on discard pile "
                                       f"{action.discard + 1}."})
            self.idle_turns = 0
        else:
            if not self._quiet:
                events.append({"type": "end_turn", "player": seat, "action": action.to_json(),
                               "text": f"Seat {seat} has no card to discard and ends the turn."})
            self.idle_turns = 0 if self.played_this_turn else self.idle_turns + 1
            if self.idle_turns >= self.players:
                return events + self._stalemate()
        self.current = (seat + 1) % self.players
        self.turn += 1
        self.played_this_turn = False
        drew = self._refill(self.current)
        if drew is not None:
            events.append(drew)
        return events

    def _stalemate(self) -> list[Event]:
        left = self._team_stock_left()
        self.winners = winners_by_min(left)
        self.end_reason = "stalemate"
        return [{"type": "game_over", "winners": self.winners, "reason": self.end_reason,
                 "text": "Nobody could play or discard for a full round: the fewest stock cards win "
                         f"(seat(s) {', '.join(map(str, self.winners))})."}]

    def _team_stock_left(self) -> list[int]:
        return [sum(len(self.stocks[s]) for s in self._owners(seat)) for seat in range(self.players)]

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
            if len(pile) >= RULES.numbers:
                raise ValueError(f"building pile {i + 1} has {len(pile)} cards: a pile of 12 is set aside")
            for n, card in enumerate(pile):
                if card not in (WILD, n + 1):
                    raise ValueError(f"building pile {i + 1} is not a valid sequence: card {card_name(card)} "
                                     f"cannot stand at height {n + 1}")
        if (self.winners is None) != (self.end_reason is None):
            raise ValueError("winners and end_reason are set together, when the game ends")
        if self.winners is not None:
            if not self.winners or self.winners != sorted(set(self.winners)):
                raise ValueError("winners must list distinct seats in order")
            return
        if self.idle_turns >= self.players:
            raise ValueError("idle_turns reaches a full round: that game would already be over")
        for seat in range(self.players):
            if not any(self.stocks[s] for s in self._owners(seat)):
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




def deck_problem(cards: list[int], complete: bool) -> str | None:
    """Which card is invented or duplicated (or missing, when ``complete``), or ``None`` when all is well."""
    counts = Counter(cards)
    for card in sorted(counts):
        if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card <= RULES.numbers:
            return f"card {card!r} does not exist in Skip-Bo (cards are 1-{RULES.numbers}, 0 for Skip-Bo)"
        if counts[card] > RULES.copies(card):
            return (f"card {card_name(card)} appears {counts[card]} times, but the deck has only "
                    f"{RULES.copies(card)}")
        if complete and counts[card] < RULES.copies(card):
            return f"card {card_name(card)} appears {counts[card]} times; the deck has {RULES.copies(card)}"
    if complete:
        for card in range(RULES.numbers + 1):
            if card not in counts:
                return f"card {card_name(card)} is missing"
    return None
