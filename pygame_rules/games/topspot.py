"""Top Spot (SmartGames, 2018): a trick game with cards of spots and holes, Junior and Expert levels.

Each card is a 3x3 grid of cells (numbered 0..8 row by row) holding spots, holes or blanks. A play is one card
or a stack of cards laid exactly on top of each other, listed top to bottom; its value is the number of spots you
see looking down through the holes. The highest play that followed the led colour wins the round and one point.
The card layouts are data (``data/topspot_deck.json``), validated when this module is imported.

Seats are clockwise in increasing index. ``start`` (the attribute used by matches) is the dealer; the seat to
the dealer's left leads the first round. Rules text and every decision taken where the rulebook is open are in
``docs/games/topspot.md``.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from ..core.actions import Action, action_kinds
from ..core.errors import BadOptions, BadScenario, IllegalAction
from ..core.game import Event, GameInfo, OptionSpec, State, check_seat, winners_by_max
from ..core.match import MatchRules
from ..core.rng import GameRandom

JOKER = "joker"
CELLS = 9
ALL_CELLS = (1 << CELLS) - 1
DECK_FILE = Path(__file__).with_name("data") / "topspot_deck.json"
DECK_FORMAT = "pygame_rules.topspot.deck"


# ----- the deck (rules data) -------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Layout:
    """One card face: which cells are spots and which are holes (the rest are blank), as 9-bit masks."""

    spots: int
    holes: int

    @property
    def corners(self) -> tuple[int, int]:
        """The printed corner numbers: (spots, spots + holes)."""
        return self.spots.bit_count(), self.spots.bit_count() + self.holes.bit_count()

    def to_json(self) -> dict[str, Any]:
        """Cells as sorted lists plus the corner numbers, for views and docs."""
        return {"spots": _cells(self.spots), "holes": _cells(self.holes), "corners": list(self.corners)}


@dataclasses.dataclass(frozen=True)
class Deck:
    """The validated deck data: the colour names, the 12 layouts of every colour set, the joker layout."""

    colours: tuple[str, ...]
    layouts: Mapping[int, Layout]  # card number -> layout (same in every colour)
    joker: Layout


def _cells(mask: int) -> list[int]:
    return [c for c in range(CELLS) if mask >> c & 1]


def _mask(cells: Any, where: str) -> int:
    if not isinstance(cells, list):
        raise ValueError(f"{where} must be a list of cell numbers")
    mask = 0
    for cell in cells:
        if isinstance(cell, bool) or not isinstance(cell, int) or not 0 <= cell < CELLS:
            raise ValueError(f"{where} has cell {cell!r}: cells are whole numbers 0..8")
        if mask >> cell & 1:
            raise ValueError(f"{where} lists cell {cell} twice")
        mask |= 1 << cell
    return mask


def _layout(entry: Any, where: str) -> Layout:
    if not isinstance(entry, dict):
        raise ValueError(f"{where} must be an object with 'spots' and 'holes'")
    spots = _mask(entry.get("spots"), f"{where} spots")
    holes = _mask(entry.get("holes"), f"{where} holes")
    both = spots & holes
    if both:
        raise ValueError(f"{where}: cell(s) {_cells(both)} cannot be both a spot and a hole")
    return Layout(spots, holes)


def parse_deck(data: Any) -> Deck:
    """Validate deck data (the JSON file's content) and return a :class:`Deck`; ``ValueError`` says what is wrong.

    The rules the data must meet: at least 5 distinct colour names (one set per player, up to 5 players);
    exactly 12 cards numbered 1..12 with distinct layouts; cells 0..8, none both spot and hole; every card has a
    spot (a card must be able to show one); the joker has holes but no spots.
    """
    if not isinstance(data, dict) or data.get("format") != DECK_FORMAT:
        raise ValueError(f"deck data must be an object with format {DECK_FORMAT!r}")
    colours = data.get("colours")
    if (not isinstance(colours, list) or len(colours) < 5 or len(set(colours)) != len(colours)
            or not all(isinstance(c, str) and c and "-" not in c and c != JOKER for c in colours)):
        raise ValueError("deck 'colours' must list at least 5 distinct names (no '-', not 'joker')")
    cards = data.get("cards")
    if not isinstance(cards, list) or len(cards) != 12:
        raise ValueError("deck 'cards' must list exactly 12 cards")
    layouts: dict[int, Layout] = {}
    for i, entry in enumerate(cards):
        number = entry.get("number") if isinstance(entry, dict) else None
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 12 or number in layouts:
            raise ValueError(f"deck card #{i + 1} needs a distinct 'number' from 1 to 12, not {number!r}")
        layout = _layout(entry, f"card {number}")
        if not layout.spots:
            raise ValueError(f"card {number} has no spot")
        if layout in layouts.values():
            raise ValueError(f"card {number} has the same layout as another card: the 12 cards must be distinct")
        layouts[number] = layout
    joker = _layout(data.get("joker"), "joker")
    if joker.spots or not joker.holes:
        raise ValueError("the joker must have holes and no spots")
    return Deck(tuple(colours), dict(sorted(layouts.items())), joker)


def load_deck(path: Path = DECK_FILE) -> Deck:
    """Read and validate the deck file."""
    with open(path, encoding="utf-8") as handle:
        return parse_deck(json.load(handle))


DECK = load_deck()


def card_code(colour: str, number: int) -> str:
    """The name of a coloured card, e.g. ``"red-7"``."""
    return f"{colour}-{number}"


def _build_tables(deck: Deck) -> tuple[dict[str, int], dict[str, int], dict[str, str | None], dict[str, tuple]]:
    spots: dict[str, int] = {JOKER: deck.joker.spots}
    holes: dict[str, int] = {JOKER: deck.joker.holes}
    colour: dict[str, str | None] = {JOKER: None}
    order: dict[str, tuple] = {JOKER: (len(deck.colours), 0)}
    for ci, col in enumerate(deck.colours):
        for number, layout in deck.layouts.items():
            code = card_code(col, number)
            spots[code], holes[code], colour[code], order[code] = layout.spots, layout.holes, col, (ci, number)
    return spots, holes, colour, order


SPOTS, HOLES, COLOUR, SORT_KEY = _build_tables(DECK)
_LAYOUTS_JSON = json.dumps({"cards": {str(n): lay.to_json() for n, lay in DECK.layouts.items()},
                            "joker": DECK.joker.to_json()})


def sort_cards(cards: list[str]) -> list[str]:
    """Cards in display order: by colour (deck order), then number; jokers last."""
    return sorted(cards, key=SORT_KEY.__getitem__)


def stack_shows(cards: tuple[str, ...] | list[str]) -> list[int]:
    """For a stack listed top to bottom, the mask of each card's own spots that stay visible.

    >>> [len(_cells(m)) for m in stack_shows(["red-1", "red-7", "red-8"])]
    [1, 4, 4]
    """
    open_cells = ALL_CELLS
    shows = []
    for card in cards:
        shows.append(SPOTS[card] & open_cells)
        open_cells &= HOLES[card]
    return shows


def stack_value(cards: tuple[str, ...] | list[str]) -> int:
    """The value of a stack listed top to bottom: each cell counts the first spot seen through the holes.

    >>> stack_value(["red-1", "red-7", "red-8"])
    9
    >>> stack_value(["joker"]), stack_value(["joker", "red-7", "red-6"])
    (0, 6)
    """
    return sum(m.bit_count() for m in stack_shows(cards))


def stack_top_view(cards: tuple[str, ...] | list[str]) -> list[list[Any]]:
    """What each of the nine cells shows looking down on a stack listed top to bottom, for drawing it.

    Each cell is ``[depth, "spot"]`` or ``[depth, "blank"]`` for the first card (0 = top) whose cell is not a hole,
    or ``[None, "hole"]`` when the cell is a hole all the way down. The spots counted are exactly the value.

    >>> stack_top_view(["red-1", "red-7", "red-8"])[:3]
    [[1, 'spot'], [2, 'spot'], [1, 'spot']]
    """
    out: list[list[Any]] = []
    for cell in range(CELLS):
        bit = 1 << cell
        shown: list[Any] = [None, "hole"]
        for depth, card in enumerate(cards):
            if SPOTS[card] & bit:
                shown = [depth, "spot"]
                break
            if not HOLES[card] & bit:
                shown = [depth, "blank"]
                break
        out.append(shown)
    return out


def stack_needs(cards: tuple[str, ...] | list[str]) -> list[tuple[int, int]]:
    """For each card under the top of a stack (top to bottom), the stack's value without it and with it.

    A card is *needed* when taking it out (the others kept in order) leaves a strictly lower value; the rules
    allow a stack only when every card under the top is needed (issue 19). The top card is the play itself.

    >>> stack_needs(["red-1", "red-2", "red-7"])  # red 2 covers two of red 7's spots and shows one of its own
    [(5, 4), (2, 4)]
    """
    value = stack_value(cards)
    return [(stack_value([*cards[:i], *cards[i + 1:]]), value) for i in range(1, len(cards))]


def _stacks_under(open_cells: int, avail: list[str], prefix: tuple[str, ...], value: int,
                  blocked: tuple[int, ...], margins: tuple[int, ...],
                  out: list[tuple[tuple[str, ...], int]]) -> None:
    """Append every legal extension of ``prefix`` downward.

    For each card already under the top, ``margins`` holds how much value the stack would lose without it and
    ``blocked`` the cells where it is what you see while every card below it is a hole. A new bottom card's spots
    in a blocked cell would show if that card were taken out, so they lower its margin. Margins never grow as
    cards are added below, so a stack with a card that is not needed (margin 0 or less) is pruned with every
    extension of it; a new card that shows none of its own spots has margin 0 at once.
    """
    covered = 0  # every blocked cell: a new card with no spot there leaves all margins as they are
    for b in blocked:
        covered |= b
    for i, card in enumerate(avail):
        spots = SPOTS[card]
        shown = spots & open_cells
        if not shown:
            continue
        kept = margins
        if spots & covered:
            kept = tuple([m - (spots & b).bit_count() for m, b in zip(margins, blocked, strict=True)])
            if min(kept) <= 0:
                continue
        holes = HOLES[card]
        stack = prefix + (card,)
        v = value + shown.bit_count()
        out.append((stack, v))
        below = open_cells & holes
        if below:
            _stacks_under(below, avail[:i] + avail[i + 1:], stack, v,
                          tuple(b & holes for b in blocked) + (open_cells & ~holes,),
                          kept + (shown.bit_count(),), out)


def colour_stacks(cards: list[str]) -> list[tuple[tuple[str, ...], int]]:
    """Every legal stack (with its value) of the given cards of one colour, built top-down."""
    out: list[tuple[tuple[str, ...], int]] = []
    for i, top in enumerate(cards):
        v = SPOTS[top].bit_count()
        out.append(((top,), v))
        _stacks_under(HOLES[top], cards[:i] + cards[i + 1:], (top,), v, (), (), out)
    return out


def joker_stacks(cards: list[str]) -> list[tuple[tuple[str, ...], int]]:
    """Every legal stack (with its value) topped by a joker over any of the given coloured cards."""
    out: list[tuple[tuple[str, ...], int]] = [((JOKER,), 0)]
    _stacks_under(HOLES[JOKER], cards, (JOKER,), 0, (), (), out)
    return out


def _drawn(play: Mapping[str, Any]) -> dict[str, Any]:
    """A play for the view: a copy with its ``top_view`` (what the stack shows from above)."""
    return dict(play, cards=list(play["cards"]), top_view=stack_top_view(play["cards"]))


# ----- actions -----------------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Play(Action):
    """Play one card or a stack, listed top to bottom. ``colour`` is declared only by a joker stack that leads."""

    kind = "play"
    cards: tuple[str, ...]
    colour: str | None = None

    def __str__(self) -> str:
        said = f" as {self.colour}" if self.colour else ""
        return " over ".join(self.cards) + said if self.cards else "an empty play"


# ----- options and match -------------------------------------------------------------------------------------------
def _games_default(players: int) -> int:
    return players


INFO = GameInfo(
    name="topspot",
    title="Top Spot",
    min_players=3,
    max_players=5,
    options=(
        OptionSpec("level", "str", "junior", "Junior (12 cards, no jokers, first of a tie wins) or Expert "
                   "(one joker per player, 13 cards, tiebreaker rounds)", choices=("junior", "expert")),
        OptionSpec("joker_each", "bool", False, "Expert only: every player is dealt one joker plus 12 coloured "
                   "cards instead of the jokers being shuffled in"),
        OptionSpec("games", "int", _games_default, "Games in the match: 1 for a single game, otherwise a "
                   "multiple of the player count so everyone deals equally often (default: one per player)",
                   minimum=1, maximum=60),
    ),
    hidden_information=True,
    summary="Stack cards so their spots show through each other's holes; the highest stack in the led colour "
            "wins the round.",
)

MATCH = MatchRules(
    enabled=lambda options: options["games"] > 1,
    points=lambda result, players, options: list(result["scores"]),
    finished=lambda totals, played, options: played >= options["games"],
    next_start=lambda game, totals, previous: (previous + 1) % game.players,  # the dealer moves clockwise
)


# ----- the game ----------------------------------------------------------------------------------------------------
class TopSpotState(State):
    """A Top Spot game in progress (one deal, from the first round until someone cannot lead any more)."""

    info = INFO
    ACTIONS = action_kinds(Play)
    MATCH = MATCH

    colours: list[str]
    start: int  # the dealer
    first_leader: int
    hands: list[list[str]]
    won: list[list[list[str]]]  # per seat, the stacks of cards of each round won
    bonus: list[int]  # extra points for cards left when the last player with cards won a round
    unclaimed: list[str]  # cards of tied rounds that nobody won
    aside: list[str]  # scenario only: deck cards out of play from the start
    order: list[int]  # seats playing the current (tiebreaker) round, in playing order
    plays: list[dict[str, Any]]  # the current round's plays: player, cards, colour, value, follows
    pot: list[str]  # cards of the earlier rounds of a tie still being broken
    tiebreak: int  # 0 for a normal round, n for the n-th tiebreaker round
    round_no: int
    last_winner: int | None
    last_round: dict[str, Any] | None
    voids: list[list[str]]  # colours each seat has publicly shown it cannot follow
    no_joker: list[bool]  # seats that publicly showed they hold no joker (discarded off-colour in Expert)
    over: bool
    end_reason: str

    # ----- construction -------------------------------------------------------------------------------------
    @classmethod
    def _check_option_combination(cls, players: int, options: dict[str, Any]) -> None:
        if options["joker_each"] and options["level"] != "expert":
            raise BadOptions("option 'joker_each' only applies to the expert level", option="joker_each")
        games = options["games"]
        if games != 1 and games % players:
            raise BadOptions(f"option 'games' must be 1 or a multiple of the player count ({players}) so that "
                             f"everyone deals equally often, not {games}", option="games")

    @classmethod
    def _blank(cls, players: int, options: dict[str, Any], rng: GameRandom) -> TopSpotState:
        state = cls.__new__(cls)
        state.players, state.options, state.rng = players, options, rng
        state.won = [[] for _ in range(players)]
        state.bonus = [0] * players
        state.unclaimed, state.aside, state.pot, state.plays, state.order = [], [], [], [], []
        state.tiebreak = 0
        state.round_no = 0
        state.last_winner = None
        state.last_round = None
        state.voids = [[] for _ in range(players)]
        state.no_joker = [False] * players
        state.over = False
        state.end_reason = ""
        state._legal_cache = None
        return state

    @classmethod
    def _setup(cls, players: int, options: dict[str, Any], rng: GameRandom, start: int | None) -> TopSpotState:
        state = cls._blank(players, options, rng)
        chosen = list(DECK.colours)
        rng.shuffle(chosen)  # which colour sets are in the box this time
        state.colours = [c for c in DECK.colours if c in chosen[:players]]
        state.start = rng.randint(0, players - 1) if start is None else start
        coloured = [card_code(c, n) for c in state.colours for n in DECK.layouts]
        if options["level"] == "expert" and options["joker_each"]:
            rng.shuffle(coloured)
            hands = [[JOKER] + coloured[12 * i:12 * i + 12] for i in range(players)]
        else:
            deck = coloured + [JOKER] * (players if options["level"] == "expert" else 0)
            rng.shuffle(deck)
            size = len(deck) // players
            hands = [deck[size * i:size * i + size] for i in range(players)]
        state.hands = [sort_cards(h) for h in hands]
        state.first_leader = (state.start + 1) % players
        state._start_round(state.first_leader)
        return state

    def full_deck(self) -> Counter[str]:
        """Every card of this game: one set per colour in play, plus the jokers at the expert level."""
        deck = Counter(card_code(c, n) for c in self.colours for n in DECK.layouts)
        if self.options["level"] == "expert":
            deck[JOKER] = self.players
        return deck

    # ----- queries ------------------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self.over:
            return None
        return self.order[len(self.plays)]

    @property
    def led_colour(self) -> str | None:
        """The colour of the current round (``None`` before the lead)."""
        return self.plays[0]["colour"] if self.plays else None

    def is_over(self) -> bool:
        return self.over

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        if self._legal_cache is None:
            self._legal_cache = [Play(cards, colour) for cards, colour, _ in self._legal_plays()]
        return list(self._legal_cache)

    def _legal_plays(self) -> Iterator[tuple[tuple[str, ...], str | None, int]]:
        """Every distinct legal play of the current player as (cards, declared colour, value)."""
        hand = self.hands[self.order[len(self.plays)]]
        coloured = [c for c in hand if c != JOKER]
        has_joker = JOKER in hand
        led = self.led_colour
        if led is None:
            for colour in self.colours:
                for cards, value in colour_stacks([c for c in coloured if COLOUR[c] == colour]):
                    yield cards, None, value
            if has_joker:
                for cards, value in joker_stacks(coloured):
                    for colour in self.colours:
                        yield cards, colour, value
            return
        follow = [c for c in coloured if COLOUR[c] == led]
        if follow or has_joker:
            for cards, value in colour_stacks(follow):
                yield cards, None, value
            if has_joker:
                for cards, value in joker_stacks(coloured):
                    yield cards, None, value
        else:
            for card in coloured:
                yield (card,), None, SPOTS[card].bit_count()

    def _playable(self) -> list[dict[str, Any]]:
        """The current player's distinct legal stacks with value and top view, so the app can show a stack's
        value and legality while the player builds it without a rule in JavaScript (one entry per card order;
        a leading joker stack's colour choices share it)."""
        seen: set[tuple[str, ...]] = set()
        out = []
        for cards, _colour, value in self._legal_plays():
            if cards not in seen:
                seen.add(cards)
                out.append({"cards": list(cards), "value": value, "top_view": stack_top_view(cards)})
        return out

    def result(self) -> dict[str, Any]:
        if not self.over:
            raise IllegalAction("the game is not over yet", code="not_over")
        scores = self.scores()
        return {
            "scores": scores,
            "winners": winners_by_max(scores),
            "rounds_won": [len(w) for w in self.won],
            "bonus": list(self.bonus),
            "reason": self.end_reason,
            "dealer": self.start,
        }

    def scores(self) -> list[int]:
        """Points so far: rounds won plus extra points for cards left."""
        return [len(w) + b for w, b in zip(self.won, self.bonus, strict=True)]

    def undoable(self) -> bool:
        # Every play puts cards face up on the table: nothing can be taken back.
        return False

    def view(self, player: int) -> dict[str, Any]:
        check_seat(player, self.players, "player")
        out: dict[str, Any] = {
            "game": self.game,
            "you": player,
            "players": self.players,
            "level": self.options["level"],
            "joker_each": self.options["joker_each"],
            "colours": list(self.colours),
            "dealer": self.start,
            "first_leader": self.first_leader,
            "jokers_in_game": self.players if self.options["level"] == "expert" else 0,
            "hand": list(self.hands[player]),
            "hand_counts": [len(h) for h in self.hands],
            "current_player": self.current_player,
            "round": self.round_no,
            "tiebreak": self.tiebreak,
            "order": list(self.order),
            "led_colour": self.led_colour,
            "table": [_drawn(p) for p in self.plays],
            "pot": list(self.pot),
            "won": [[list(s) for s in w] for w in self.won],
            "rounds_won": [len(w) for w in self.won],
            "bonus": list(self.bonus),
            "scores": self.scores(),
            "unclaimed": list(self.unclaimed),
            "aside": list(self.aside),
            "voids": [list(v) for v in self.voids],
            "no_joker": list(self.no_joker),
            "last_winner": self.last_winner,
            "last_round": None if self.last_round is None else dict(
                self.last_round, plays=[_drawn(p) for p in self.last_round["plays"]]),
            "playable": self._playable() if player == self.current_player else [],
            "layouts": json.loads(_LAYOUTS_JSON),  # a fresh copy: views are never shared
            "over": self.over,
        }
        if self.over:
            out["result"] = self.result()
        return out

    # ----- validation ---------------------------------------------------------------------------------------
    def _check(self, action: Action) -> None:
        problem = self.problem(action)
        if problem is not None:
            raise IllegalAction(f"cannot play {action}: {problem}", cards=list(action.cards))  # type: ignore[attr-defined]

    def _explain(self, action: Action) -> IllegalAction:
        return IllegalAction(f"cannot play {action}: {self.problem(action) or 'it is not legal now'}")

    def problem(self, action: Play) -> str | None:
        """Why ``action`` is illegal for the current player now, or ``None`` when it is legal.

        This checks the same rules that :meth:`legal_actions` generates from (tests hold the two equal).
        """
        seat = self.current_player
        if seat is None:
            return "the game is over"
        hand = self.hands[seat]
        cards = action.cards
        if not cards:
            return "a play needs at least one card"
        have = Counter(hand)
        for card, n in Counter(cards).items():
            if card not in SPOTS or (card != JOKER and COLOUR[card] not in self.colours):
                return f"{card!r} is not a card of this game"
            if n > have[card]:
                return f"you do not hold {card}" if not have[card] else f"{card} is listed {n} times"
        if JOKER in cards and (cards[0] != JOKER or cards.count(JOKER) > 1):
            return "a joker can only be the top card of a stack"
        joker_top = cards[0] == JOKER
        if not joker_top:
            colours = sorted({COLOUR[c] for c in cards}, key=self.colours.index)  # type: ignore[arg-type]
            if len(colours) > 1:
                return f"cards of different colours ({', '.join(colours)}) can only be stacked under a joker"
        shows = stack_shows(cards)
        for depth, (without, value) in enumerate(stack_needs(cards), start=1):
            if without >= value:
                note = "" if shows[depth] else " (it would show none of its own spots)"
                return (f"{cards[depth]} (card {depth + 1} from the top) does not raise the value: without it the "
                        f"stack is worth {without}, with it {value}{note}")
        led = self.led_colour
        if led is None:
            if joker_top:
                if action.colour not in self.colours:
                    return (f"a joker stack that leads must declare a colour, one of {', '.join(self.colours)}"
                            + ("" if action.colour is None else f" (not {action.colour!r})"))
            elif action.colour is not None:
                return f"only a joker stack that leads declares a colour; {cards[0]} already is {COLOUR[cards[0]]}"
            return None
        if action.colour is not None:
            return f"only a joker stack that leads declares a colour; {led} was led and must be followed"
        if joker_top or COLOUR[cards[0]] == led:
            return None
        follow = [c for c in hand if COLOUR.get(c) == led]
        if follow:
            return f"{led} was led and you hold {follow[0]}: you must follow {led}"
        if JOKER in hand:
            return f"{led} was led and you hold a joker: you must follow with a joker stack"
        if len(cards) > 1:
            return f"you cannot follow {led}, so you must play exactly one card of another colour"
        return None

    # ----- acting -------------------------------------------------------------------------------------------
    def _start_round(self, leader: int) -> None:
        self.round_no += 1
        self.tiebreak = 0
        self.pot = []
        self.plays = []
        self.order = [s % self.players for s in range(leader, leader + self.players) if self.hands[s % self.players]]
        self._legal_cache = None

    def _apply(self, action: Action) -> list[Event]:
        assert isinstance(action, Play)
        seat = self.order[len(self.plays)]
        hand = self.hands[seat]
        for card in action.cards:
            hand.remove(card)
        cards = list(action.cards)
        led = self.led_colour
        joker_top = cards[0] == JOKER
        if led is None:
            colour, follows = (action.colour if joker_top else COLOUR[cards[0]]), True
        elif joker_top or COLOUR[cards[0]] == led:
            colour, follows = led, True
        else:
            colour, follows = COLOUR[cards[0]], False
            self.voids[seat] = sorted(set(self.voids[seat]) | {led}, key=self.colours.index)
            if self.options["level"] == "expert":
                self.no_joker[seat] = True
        value = stack_value(cards)
        play = {"player": seat, "cards": cards, "colour": colour, "value": value, "follows": follows}
        self.plays.append(play)
        self._legal_cache = None
        if led is None:
            what = f"leads {colour}" + (" (declared for the joker)" if joker_top else "")
        else:
            what = "follows" if follows else f"cannot follow {led} and discards"
        shape = " over ".join(cards)
        events: list[Event] = [{
            "type": "play", "player": seat, "cards": list(cards), "colour": colour, "value": value,
            "follows": follows, "tiebreak": self.tiebreak,
            "text": f"Seat {seat} {what}: {shape} (value {value}).",
        }]
        if len(self.plays) == len(self.order):
            events.extend(self._resolve())
        return events

    def _resolve(self) -> list[Event]:
        """The round is complete: find the winner, or start a tiebreaker, or leave the cards unclaimed."""
        best = max(p["value"] for p in self.plays if p["follows"])
        tied = [p["player"] for p in self.plays if p["follows"] and p["value"] == best]
        round_cards = [c for p in self.plays for c in p["cards"]]
        summary = {"round": self.round_no, "tiebreak": self.tiebreak, "led_colour": self.led_colour,
                   "plays": [dict(p, cards=list(p["cards"])) for p in self.plays], "best": best, "tied": tied}
        if self.options["level"] == "junior" or len(tied) == 1:
            return self._award(tied[0], summary, round_cards, "")
        self.pot.extend(round_cards)
        with_cards = [s for s in tied if self.hands[s]]
        if len(with_cards) == 1:
            losers = [s for s in tied if s != with_cards[0]]
            return self._award(with_cards[0], summary, [], f" (tied seat(s) {losers} have no cards left)")
        if not with_cards:
            cards, self.pot = self.pot, []
            self.unclaimed.extend(cards)
            self.last_round = dict(summary, winner=None, cards=list(cards))
            events: list[Event] = [{
                "type": "round_void", "tied": tied, "cards": list(cards),
                "text": f"Tie at {best} between seats {tied}, all out of cards: nobody scores this round.",
            }]
            ref = self.first_leader if self.last_winner is None else self.last_winner
            return events + self._continue(ref, won=False)
        self.last_round = dict(summary, winner=None, cards=[])
        self.tiebreak += 1
        self.order = with_cards
        self.plays = []
        self._legal_cache = None
        return [{"type": "tiebreak", "tied": tied, "players": with_cards, "number": self.tiebreak,
                 "text": f"Tie at {best} between seats {tied}: tiebreaker round {self.tiebreak}, seat "
                         f"{with_cards[0]} leads."}]

    def _award(self, winner: int, summary: dict[str, Any], round_cards: list[str], note: str) -> list[Event]:
        cards = self.pot + round_cards
        self.won[winner].append(cards)
        self.pot = []
        self.last_winner = winner
        self.last_round = dict(summary, winner=winner, cards=list(cards))
        events: list[Event] = [{
            "type": "round_won", "winner": winner, "value": summary["best"], "cards": list(cards),
            "scores": self.scores(),
            "text": f"Seat {winner} wins the round with {summary['best']}{note} and scores 1 point.",
        }]
        return events + self._continue(winner, won=True)

    def _continue(self, leader: int, won: bool) -> list[Event]:
        """After a round: end the game or let ``leader`` (or the next seat with cards) lead the next round."""
        if not self.hands[leader]:
            if won:
                return self._end(f"seat {leader} won a round with their last card(s)")
            holders = [s % self.players for s in range(leader + 1, leader + self.players)
                       if self.hands[s % self.players]]
            if not holders:
                return self._end("nobody has cards left")
            leader = holders[0]
        if all(not h for s, h in enumerate(self.hands) if s != leader):
            extra = len(self.hands[leader])
            self.bonus[leader] += extra
            return [{"type": "bonus", "player": leader, "points": extra,
                     "text": f"Seat {leader} is the only player with cards: {extra} extra point(s)."}] + self._end(
                f"seat {leader} was the only player with cards left")
        self._start_round(leader)
        return [{"type": "round_start", "leader": leader, "round": self.round_no,
                 "text": f"Round {self.round_no}: seat {leader} leads."}]

    def _end(self, reason: str) -> list[Event]:
        self.over = True
        self.end_reason = reason
        self.order, self.plays, self.pot = [], [], []
        self._legal_cache = None
        scores = self.scores()
        return [{"type": "end", "scores": scores, "winners": winners_by_max(scores), "reason": reason,
                 "text": f"The game ends ({reason}); scores {scores}."}]

    # ----- persistence --------------------------------------------------------------------------------------
    _FIELDS = ("colours", "start", "first_leader", "hands", "won", "bonus", "unclaimed", "aside", "order",
               "plays", "pot", "tiebreak", "round_no", "last_winner", "last_round", "voids", "no_joker", "over",
               "end_reason")

    def _data_to_json(self) -> dict[str, Any]:
        return json.loads(json.dumps({name: getattr(self, name) for name in self._FIELDS}))

    @classmethod
    def _data_from_json(cls, players: int, options: dict[str, Any], rng: GameRandom, data: Any) -> TopSpotState:
        cls._check_option_combination(players, options)
        if not isinstance(data, dict) or set(data) != set(cls._FIELDS):
            raise ValueError(f"data must be an object with exactly the fields {', '.join(cls._FIELDS)}")
        state = cls._blank(players, options, rng)
        for name in cls._FIELDS:
            setattr(state, name, json.loads(json.dumps(data[name])))
        return state

    def _validate(self) -> None:
        """Check every invariant of a loaded or built state; ``ValueError`` names the first problem."""
        p = self.players
        if not (isinstance(self.colours, list) and len(self.colours) == p and len(set(self.colours)) == p
                and all(c in DECK.colours for c in self.colours)):
            raise ValueError(f"colours must be {p} distinct deck colours")
        for name in ("start", "first_leader"):
            check_seat(getattr(self, name), p, name)
        if self.last_winner is not None:
            check_seat(self.last_winner, p, "last_winner")
        for name in ("hands", "won", "voids", "bonus", "no_joker"):
            value = getattr(self, name)
            if not isinstance(value, list) or len(value) != p:
                raise ValueError(f"{name} must have one entry per seat")
        if not all(isinstance(b, int) and not isinstance(b, bool) and b >= 0 for b in self.bonus):
            raise ValueError("bonus must be non-negative whole numbers")
        if not all(isinstance(b, bool) for b in self.no_joker):
            raise ValueError("no_joker must be booleans")
        if not all(isinstance(v, list) and all(c in self.colours for c in v) for v in self.voids):
            raise ValueError("voids must list colours of this game")
        for name in ("tiebreak", "round_no"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise ValueError(f"{name} must be a non-negative whole number")
        if not isinstance(self.over, bool) or not isinstance(self.end_reason, str):
            raise ValueError("over must be a boolean and end_reason a string")
        if self.last_round is not None and not isinstance(self.last_round, dict):
            raise ValueError("last_round must be an object or null")
        piles: list[Any] = [*self.hands, *(s for w in self.won for s in w), self.unclaimed, self.aside, self.pot]
        piles.extend(pl.get("cards") if isinstance(pl, dict) else None for pl in self._plays_list())
        seen: Counter[str] = Counter()
        for pile in piles:
            if not isinstance(pile, list) or not all(isinstance(c, str) for c in pile):
                raise ValueError("every pile of cards must be a list of card names")
            seen.update(pile)
        deck = self.full_deck()
        if seen != deck:
            extra, missing = sorted((seen - deck).elements()), sorted((deck - seen).elements())
            raise ValueError(f"cards are not conserved (extra {extra}, missing {missing})")
        if any(not s for w in self.won for s in w):
            raise ValueError("a won stack cannot be empty")
        if not isinstance(self.order, list):
            raise ValueError("order must be a list of seats")
        if self.over:
            if self.order or self.plays or self.pot:
                raise ValueError("a finished game has no round in progress")
            return
        for s in self.order:
            check_seat(s, p, "order entry")
        if not self.order or len(set(self.order)) != len(self.order) or len(self.plays) >= len(self.order):
            raise ValueError("the round order must list distinct seats, more than have played")
        for i, play in enumerate(self.plays):
            self._validate_play(i, play)
        if not self.hands[self.order[len(self.plays)]]:
            raise ValueError("the player to act has no cards")
        if self.tiebreak == 0 and self.pot:
            raise ValueError("only a tiebreaker round has cards of earlier rounds in the pot")

    def _plays_list(self) -> list[Any]:
        if not isinstance(self.plays, list):
            raise ValueError("plays must be a list")
        return self.plays

    def _validate_play(self, i: int, play: Any) -> None:
        keys = {"player", "cards", "colour", "value", "follows"}
        if not isinstance(play, dict) or set(play) != keys:
            raise ValueError(f"play {i} must have exactly {sorted(keys)}")
        if play["player"] != self.order[i]:
            raise ValueError(f"play {i} is by seat {play['player']}, not seat {self.order[i]} whose turn it was")
        cards = play["cards"]
        if not cards or any(c not in SPOTS for c in cards):
            raise ValueError(f"play {i} has unknown cards")
        if play["value"] != stack_value(cards) or play["colour"] not in self.colours:
            raise ValueError(f"play {i} has a wrong value or colour")
        if not isinstance(play["follows"], bool) or (i == 0 and not play["follows"]):
            raise ValueError(f"play {i} has a wrong 'follows' flag")

    # ----- scenarios ----------------------------------------------------------------------------------------
    @classmethod
    def _from_scenario(cls, scenario: Mapping[str, Any]) -> TopSpotState:
        """A position at the start of a round. Keys: ``players``, ``options``, ``colours``, ``hands`` (lists of
        card names), optional ``dealer`` (0), ``leader`` (left of dealer), ``won`` (per seat, lists of stacks),
        ``last_winner``. Deck cards not placed anywhere are set aside (out of play, public)."""
        known = {"players", "options", "colours", "hands", "dealer", "leader", "won", "last_winner"}
        unknown = sorted(set(scenario) - known)
        if unknown:
            raise BadScenario(f"unknown scenario field(s): {', '.join(unknown)}")
        players = scenario["players"]
        options = INFO.resolve_options(players, dict({"games": 1}, **(scenario.get("options") or {})))
        cls._check_option_combination(players, options)
        if options["games"] != 1:
            raise BadScenario("a scenario is a single game: option 'games' must be 1")
        state = cls._blank(players, options, GameRandom("scenario"))
        colours = scenario["colours"]
        if not isinstance(colours, list) or len(colours) != players or len(set(colours)) != players:
            raise BadScenario(f"'colours' must list {players} distinct colours")
        for c in colours:
            if c not in DECK.colours:
                raise BadScenario(f"unknown colour {c!r} (the deck has {', '.join(DECK.colours)})")
        state.colours = [c for c in DECK.colours if c in colours]
        deck = state.full_deck()
        left = Counter(deck)

        def take(cards: Any, where: str) -> list[str]:
            if not isinstance(cards, list):
                raise BadScenario(f"{where} must be a list of card names")
            for card in cards:
                if not isinstance(card, str) or deck[card] == 0:
                    raise BadScenario(f"{where}: {card!r} is not a card of this game")
                if left[card] == 0:
                    raise BadScenario(f"{where}: {card} is used more times than the deck has it")
                left[card] -= 1
            return list(cards)

        hands = scenario["hands"]
        if not isinstance(hands, list) or len(hands) != players:
            raise BadScenario(f"'hands' must give one list of cards per seat ({players})")
        state.hands = [sort_cards(take(h, f"hand of seat {i}")) for i, h in enumerate(hands)]
        won = scenario.get("won") or [[] for _ in range(players)]
        if not isinstance(won, list) or len(won) != players:
            raise BadScenario("'won' must give one list of stacks per seat")
        state.won = [[take(s, f"stack won by seat {i}") for s in w] for i, w in enumerate(won)]
        if any(not s for w in state.won for s in w):
            raise BadScenario("a won stack cannot be empty")
        state.aside = sort_cards(list(left.elements()))
        try:
            state.start = check_seat(scenario.get("dealer", 0), players, "dealer")
            leader = check_seat(scenario.get("leader", (state.start + 1) % players), players, "leader")
            last = scenario.get("last_winner")
            state.last_winner = None if last is None else check_seat(last, players, "last_winner")
        except ValueError as exc:
            raise BadScenario(str(exc)) from exc
        if not state.hands[leader]:
            raise BadScenario(f"the leader, seat {leader}, has no cards")
        state.first_leader = (state.start + 1) % players
        state._start_round(leader)
        state._validate()
        return state


__all__ = ["TopSpotState", "Play", "DECK", "Deck", "Layout", "parse_deck", "load_deck", "stack_value",
           "stack_shows", "stack_needs", "stack_top_view", "colour_stacks", "joker_stacks", "card_code", "JOKER",
           "sort_cards"]
