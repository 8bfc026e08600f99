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
from collections.abc import Mapping
from importlib import resources
from typing import Any

from ..core.actions import Action, action_kinds
from ..core.errors import BadOptions, BadScenario, IllegalAction
from ..core.game import Event, GameInfo, OptionSpec, State, check_seat, winners_by_min
from ..core.match import MatchRules
from ..core.rng import GameRandom

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


# ----- match -----------------------------------------------------------------------------------------------------
def _match_points(result: dict[str, Any], players: int, options: dict[str, Any]) -> list[int]:
    return list(result["scores"])


def _match_finished(totals: list[int], games: int, options: dict[str, Any]) -> bool:
    return max(totals) >= options["match_target"]


def _match_next_start(game: State, totals: list[int], previous: int) -> int:
    return (previous + 1) % game.players  # the first player rotates clockwise from game to game


MATCH = MatchRules(
    enabled=lambda options: options["match_target"] is not None,
    points=_match_points,
    finished=_match_finished,
    next_start=_match_next_start,
)


# ----- the state -------------------------------------------------------------------------------------------------
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

    def __init__(self, players: int, options: dict[str, Any], rng: GameRandom) -> None:
        self.players = players
        self.options = options
        self.rng = rng
        self.draw: list[int] = []
        self.set_aside: list[int] = []
        self.building: list[list[int]] = [[] for _ in range(RULES.building_piles)]
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.stocks: list[list[int]] = [[] for _ in range(players)]
        self.discards: list[list[list[int]]] = [[[] for _ in range(RULES.discard_piles)] for _ in range(players)]
        self.current = 0
        self.start = 0
        self.turn = 1
        self.idle_turns = 0  # consecutive turns in which nobody could play or discard
        self.played_this_turn = False
        self.last_undoable = False
        self.winners: list[int] | None = None
        self.end_reason: str | None = None
        self._recycled = False
        self._legal: list[Action] | None = None  # legal_actions cache, dropped by every action

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
        deck = RULES.deck()
        rng.shuffle(deck)
        for _ in range(options["stock_size"]):
            for seat in range(players):
                state.stocks[seat].append(deck.pop())
        state.draw = deck
        if start is None:
            start = options["first_player"] if options["first_player"] is not None else rng.randint(0, players - 1)
        state.start = state.current = start
        state._refill(start)
        return state

    # ----- helpers ----------------------------------------------------------------------------------------------
    def partner(self, seat: int) -> int | None:
        """The seat opposite ``seat`` in the partnership game, else ``None``."""
        if not self.options["partnership"]:
            return None
        return (seat + self.players // 2) % self.players

    def _owners(self, seat: int) -> list[int]:
        partner = self.partner(seat)
        return [seat] if partner is None else [seat, partner]

    def _draw_one(self) -> int | None:
        if not self.draw and self.set_aside:
            self.draw = self.set_aside
            self.set_aside = []
            self.rng.shuffle(self.draw)
            self._recycled = True
        return self.draw.pop() if self.draw else None

    def _refill(self, seat: int) -> Event | None:
        """Draw ``seat`` up to a full hand; the event tells everyone the count and the seat the cards."""
        self._recycled = False
        drawn: list[int] = []
        hand = self.hands[seat]
        while len(hand) < RULES.hand_size:
            card = self._draw_one()
            if card is None:
                break
            hand.append(card)
            drawn.append(card)
        if not drawn and not self._recycled:
            return None
        text = f"Seat {seat} draws {len(drawn)} card{'s' if len(drawn) != 1 else ''}."
        if self._recycled:
            text = "The completed building piles are shuffled into a new draw pile. " + text
        return {
            "type": "draw", "player": seat, "count": len(drawn), "recycled": self._recycled, "text": text,
            "private": {str(seat): {"cards": drawn,
                                    "text": text[:-1] + ": " + ", ".join(map(card_name, drawn)) + "."}},
        }

    @staticmethod
    def _fits(card: int, pile: list[int]) -> bool:
        return card == WILD or card == len(pile) + 1

    # ----- queries ----------------------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.winners is not None else self.current

    def is_over(self) -> bool:
        return self.winners is not None

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._list_legal()
        return list(self._legal)

    def _list_legal(self) -> list[Action]:
        if self.winners is not None:
            return []
        seat = self.current
        out: list[Action] = []
        piles = range(RULES.building_piles)
        hand_cards = sorted(set(self.hands[seat]))
        for card in hand_cards:
            out.extend(PlayHand(card, p) for p in piles if self._fits(card, self.building[p]))
        for owner in self._owners(seat):
            stock = self.stocks[owner]
            if stock:
                out.extend(PlayStock(owner, p) for p in piles if self._fits(stock[-1], self.building[p]))
            for d, dpile in enumerate(self.discards[owner]):
                if dpile:
                    out.extend(PlayDiscard(owner, d, p) for p in piles if self._fits(dpile[-1], self.building[p]))
        if hand_cards:
            out.extend(Discard(card, d) for card in hand_cards for d in range(RULES.discard_piles))
        else:
            out.append(EndTurn())
        return out

    def _explain(self, action: Action) -> IllegalAction:
        return IllegalAction(self._problem(action) or f"{action} is not legal now")

    def _problem(self, action: Action) -> str | None:
        """Why ``action`` is illegal, in words; ``None`` if it is legal.

        Legality itself is decided by membership in :meth:`legal_actions` (the base ``_check``); this only words
        the refusal. A property test checks that the two always agree.
        """
        seat = self.current
        hand = self.hands[seat]
        if isinstance(action, EndTurn):
            return None if not hand else "you end your turn by discarding one hand card onto a discard pile"
        if isinstance(action, Discard):
            if not 0 <= action.discard < RULES.discard_piles:
                return f"there is no discard pile {action.discard + 1} (you have piles 1-{RULES.discard_piles})"
            return None if action.card in hand else f"you have no {card_name(action.card)} in your hand to discard"
        if not 0 <= action.pile < RULES.building_piles:
            return f"there is no building pile {action.pile + 1} (the piles are 1-{RULES.building_piles})"
        if isinstance(action, PlayHand):
            if action.card not in hand:
                return f"you have no {card_name(action.card)} in your hand"
            card, source = action.card, "that card"
        else:
            owner = action.owner  # type: ignore[attr-defined]
            if owner not in self._owners(seat):
                whose = "your own or your partner's" if self.options["partnership"] else "your own"
                return f"you may only play from {whose} piles, not seat {owner}'s"
            if isinstance(action, PlayStock):
                if not self.stocks[owner]:
                    return f"seat {owner}'s stock pile is empty"
                card, source = self.stocks[owner][-1], "the stock card"
            else:
                assert isinstance(action, PlayDiscard)
                if not 0 <= action.discard < RULES.discard_piles:
                    return f"there is no discard pile {action.discard + 1}"
                dpile = self.discards[owner][action.discard]
                if not dpile:
                    return f"discard pile {action.discard + 1} of seat {owner} is empty"
                card, source = dpile[-1], "that discard card"
        pile = self.building[action.pile]
        if self._fits(card, pile):
            return None
        if not pile:
            return (f"cannot start building pile {action.pile + 1} with {source} {card_name(card)}: "
                    "a new pile starts with a 1 or a Skip-Bo card")
        return (f"cannot build {card_name(card)} on building pile {action.pile + 1}: "
                f"it needs a {len(pile) + 1} or a Skip-Bo card")

    def undoable(self) -> bool:
        return self.last_undoable and self.winners is None

    # ----- acting -----------------------------------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        seat = self.current
        self._legal = None
        self.last_undoable = False
        if isinstance(action, (Discard, EndTurn)):
            return self._end_turn(seat, action)
        events: list[Event] = []
        if isinstance(action, PlayHand):
            card = action.card
            self.hands[seat].remove(card)
            source = "from the hand"
            undoable = True
        elif isinstance(action, PlayStock):
            card = self.stocks[action.owner].pop()
            source = "from the stock" if action.owner == seat else f"from partner seat {action.owner}'s stock"
            undoable = False  # the next stock card is turned face up
        else:
            assert isinstance(action, PlayDiscard)
            card = self.discards[action.owner][action.discard].pop()
            source = f"from discard pile {action.discard + 1}"
            if action.owner != seat:
                source += f" of partner seat {action.owner}"
            undoable = True  # discard piles are fanned out: nothing hidden is revealed
        pile = self.building[action.pile]
        pile.append(card)
        self.played_this_turn = True
        value = len(pile)
        stands = f" as {value}" if card == WILD else ""
        event: Event = {"type": action.kind, "player": seat, "card": card, "pile": action.pile, "value": value,
                        "action": action.to_json(),
                        "text": f"Seat {seat} plays {card_name(card)}{stands} {source} on building pile "
                                f"{action.pile + 1}."}
        if isinstance(action, PlayStock):
            stock = self.stocks[action.owner]
            event["revealed"] = stock[-1] if stock else None
        events.append(event)
        if value == RULES.numbers:
            self.set_aside.extend(pile)
            self.building[action.pile] = []
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

    def _check_win(self, seat: int, events: list[Event]) -> bool:
        team = self._owners(seat)
        if any(self.stocks[s] for s in team):
            return False
        self.winners = sorted(team)
        self.end_reason = "stock_empty"
        who = " and ".join(f"seat {s}" for s in self.winners)
        events.append({"type": "game_over", "winners": self.winners, "reason": self.end_reason,
                       "text": f"Stock empty: {who} win{'s' if len(self.winners) == 1 else ''}!"})
        return True

    def _end_turn(self, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, Discard):
            self.hands[seat].remove(action.card)
            self.discards[seat][action.discard].append(action.card)
            events.append({"type": "discard", "player": seat, "card": action.card, "discard": action.discard,
                           "action": action.to_json(),
                           "text": f"Seat {seat} discards {card_name(action.card)} on discard pile "
                                   f"{action.discard + 1}."})
            self.idle_turns = 0
        else:
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
        check_seat(player, self.players, "player")
        out: dict[str, Any] = {
            "game": self.game,
            "seat": player,
            "players": self.players,
            "current_player": self.current_player,
            "over": self.winners is not None,
            "options": dict(self.options),
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
        }
        if self.winners is not None:
            out["result"] = self.result()
        return out

    # ----- persistence ------------------------------------------------------------------------------------------
    def clone(self) -> SkipBoState:
        """A fast independent copy (bots clone a lot); equal to a JSON round trip."""
        other = SkipBoState(self.players, dict(self.options), GameRandom(self.rng.seed, self.rng.count))
        other.draw = list(self.draw)
        other.set_aside = list(self.set_aside)
        other.building = [list(p) for p in self.building]
        other.hands = [list(h) for h in self.hands]
        other.stocks = [list(s) for s in self.stocks]
        other.discards = [[list(d) for d in seat] for seat in self.discards]
        for name in ("current", "start", "turn", "idle_turns", "played_this_turn", "last_undoable", "end_reason"):
            setattr(other, name, getattr(self, name))
        other.winners = None if self.winners is None else list(self.winners)
        return other

    def _data_to_json(self) -> dict[str, Any]:
        return {
            "draw": list(self.draw),
            "set_aside": list(self.set_aside),
            "building": [list(p) for p in self.building],
            "hands": [list(h) for h in self.hands],
            "stocks": [list(s) for s in self.stocks],
            "discards": [[list(d) for d in seat] for seat in self.discards],
            "current": self.current,
            "start": self.start,
            "turn": self.turn,
            "idle_turns": self.idle_turns,
            "played_this_turn": self.played_this_turn,
            "last_undoable": self.last_undoable,
            "winners": self.winners,
            "end_reason": self.end_reason,
        }

    @classmethod
    def _data_from_json(cls, players: int, options: dict[str, Any], rng: GameRandom, data: Any) -> SkipBoState:
        cls._check_option_combination(players, options)
        state = cls(players, options, rng)
        state.draw = _cards(data["draw"], "draw")
        state.set_aside = _cards(data["set_aside"], "set_aside")
        state.building = _nested(data["building"], RULES.building_piles, "building")
        state.hands = _nested(data["hands"], players, "hands")
        state.stocks = _nested(data["stocks"], players, "stocks")
        discards = data["discards"]
        if not isinstance(discards, list) or len(discards) != players:
            raise ValueError("discards must hold one entry per seat")
        state.discards = [_nested(d, RULES.discard_piles, f"discards[{i}]") for i, d in enumerate(discards)]
        state.current = check_seat(data["current"], players, "current")
        state.start = check_seat(data["start"], players, "start")
        state.turn = _nonneg(data["turn"], "turn")
        state.idle_turns = _nonneg(data["idle_turns"], "idle_turns")
        state.played_this_turn = _bool(data["played_this_turn"], "played_this_turn")
        state.last_undoable = _bool(data["last_undoable"], "last_undoable")
        winners = data["winners"]
        if winners is not None:
            winners = [check_seat(w, players, "winner") for w in winners]
        state.winners = winners
        state.end_reason = data["end_reason"]
        return state

    def _validate(self) -> None:
        """Every card of the deck exactly once; piles well formed; hands not over-full."""
        for i, pile in enumerate(self.building):
            if len(pile) >= RULES.numbers or any(c not in (WILD, n + 1) for n, c in enumerate(pile)):
                raise ValueError(f"building pile {i + 1} is not a valid sequence")
        if any(len(h) > RULES.hand_size for h in self.hands):
            raise ValueError("a hand holds more than five cards")
        problem = deck_problem(self.all_cards(), complete=True)
        if problem:
            raise ValueError(problem)

    def all_cards(self) -> list[int]:
        """Every card in the game, wherever it lies (for conservation checks)."""
        cards = self.draw + self.set_aside
        for p in self.building:
            cards += p
        for seat in range(self.players):
            cards += self.hands[seat] + self.stocks[seat]
            for d in self.discards[seat]:
                cards += d
        return cards

    # ----- scenarios --------------------------------------------------------------------------------------------
    @classmethod
    def _from_scenario(cls, sc: Mapping[str, Any]) -> SkipBoState:
        known = {"players", "options", "current_player", "hands", "stocks", "discards", "building", "set_aside",
                 "draw", "seed", "turn"}
        unknown = sorted(set(sc) - known)
        if unknown:
            raise BadScenario(f"unknown scenario field(s): {', '.join(unknown)}")
        players = sc.get("players")
        options = cls.info.resolve_options(players, sc.get("options"))
        cls._check_option_combination(players, options)
        rng = GameRandom(sc.get("seed", 0))
        state = cls(players, options, rng)

        def per_seat(name: str, default: Any) -> list[Any]:
            value = sc.get(name, [default() for _ in range(players)])
            if not isinstance(value, list) or len(value) != players:
                raise BadScenario(f"'{name}' must list one entry per seat ({players})")
            return value

        state.hands = [_scenario_cards(h, f"hands[{i}]") for i, h in enumerate(per_seat("hands", list))]
        state.stocks = [_scenario_cards(s, f"stocks[{i}]") for i, s in enumerate(per_seat("stocks", list))]
        discards = per_seat("discards", lambda: [[] for _ in range(RULES.discard_piles)])
        state.discards = []
        for i, seat_piles in enumerate(discards):
            if not isinstance(seat_piles, list) or len(seat_piles) != RULES.discard_piles:
                raise BadScenario(f"discards[{i}] must list {RULES.discard_piles} piles")
            state.discards.append([_scenario_cards(d, f"discards[{i}][{j}]") for j, d in enumerate(seat_piles)])
        building = sc.get("building", [[] for _ in range(RULES.building_piles)])
        if not isinstance(building, list) or len(building) != RULES.building_piles:
            raise BadScenario(f"'building' must list {RULES.building_piles} piles (empty lists for no pile)")
        state.building = [_scenario_cards(p, f"building[{i}]") for i, p in enumerate(building)]
        for i, pile in enumerate(state.building):
            if len(pile) >= RULES.numbers:
                raise BadScenario(f"building pile {i + 1} has {len(pile)} cards: a pile of 12 is set aside")
            for n, card in enumerate(pile):
                if card not in (WILD, n + 1):
                    raise BadScenario(f"building pile {i + 1}: card {card_name(card)} cannot stand at height {n + 1}")
        for i, hand in enumerate(state.hands):
            if len(hand) > RULES.hand_size:
                raise BadScenario(f"hands[{i}] holds {len(hand)} cards; at most {RULES.hand_size}")
        state.set_aside = _scenario_cards(sc.get("set_aside", []), "set_aside")
        placed = state.all_cards()
        problem = deck_problem(placed + _scenario_cards(sc.get("draw", []), "draw"), complete=False)
        if problem:
            raise BadScenario(problem)
        rest = Counter(RULES.deck())
        rest.subtract(placed)
        leftover = sorted(rest.elements())
        if "draw" in sc:
            state.draw = _scenario_cards(sc["draw"], "draw")
            rest.subtract(state.draw)
            state.set_aside += sorted(rest.elements())
        else:
            rng.shuffle(leftover)
            state.draw = leftover
        current = sc.get("current_player", 0)
        try:
            state.current = check_seat(current, players, "current_player")
        except ValueError as exc:
            raise BadScenario(str(exc)) from exc
        state.start = state.current
        state.turn = sc.get("turn", 1) if isinstance(sc.get("turn", 1), int) else 1
        for seat in range(players):
            if not any(state.stocks[s] for s in state._owners(seat)):
                raise BadScenario(f"seat {seat}'s stock is empty: that game would already be over")
        state._validate()
        return state


# ----- validation helpers ----------------------------------------------------------------------------------------
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


def _scenario_cards(value: Any, where: str) -> list[int]:
    if not isinstance(value, list):
        raise BadScenario(f"'{where}' must be a list of cards")
    for card in value:
        if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card <= RULES.numbers:
            raise BadScenario(f"'{where}' holds {card!r}, which is not a Skip-Bo card "
                              f"(1-{RULES.numbers}, 0 for Skip-Bo)")
    return list(value)


def _cards(value: Any, where: str) -> list[int]:
    if not isinstance(value, list) or not set(map(type, value)) <= {int}:  # bool is not int here
        raise ValueError(f"{where} must be a list of card numbers")
    return list(value)


def _nested(value: Any, count: int, where: str) -> list[list[int]]:
    if not isinstance(value, list) or len(value) != count:
        raise ValueError(f"{where} must hold {count} lists")
    return [_cards(v, f"{where}[{i}]") for i, v in enumerate(value)]


def _nonneg(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{where} must be a non-negative integer")
    return value


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{where} must be true or false")
    return value
