"""Top Spot (SmartGames, 2018): a trick game with cards of spots and holes, Junior and Expert levels.

Each card is a 3x3 grid of cells (numbered 0..8 row by row) holding spots, holes or blanks. A play is one card
or a stack of cards laid exactly on top of each other, listed top to bottom; its value is the number of spots you
see looking down through the holes. The highest play that followed the led colour wins the round and one point.
The card layouts are data (``topspot_deck.json``, read by :mod:`.deck`); stacks and plays are :mod:`.stacks`; the
legal stacks of a hand in display order are read from tables (:mod:`.fast`) computed from the stack search; the
options, the match and the table's records are :mod:`.table`.

Seats are clockwise in increasing index. ``start`` (the attribute used by matches) is the dealer; the seat to
the dealer's left leads the first round. Rules text and every decision taken where the rulebook is open are in
``docs/games/topspot.md``.
"""

from __future__ import annotations

import operator
from collections import Counter
from typing import Any

from ...core.actions import Action, action_kinds
from ...core.errors import BadOptions, BadScenario, IllegalAction
from ...core.game import Event, Refusal, State, check_seat, winners_by_max
from ...core.rng import GameRandom
from ...core.table import Count, PerSeat, Seat
from .deck import (  # (re-exported: the deck's names are part of this game's API)
    ALL_CELLS,
    CELLS,
    COLOUR,
    DECK,
    DECK_FILE,
    HOLES,
    JOKER,
    SORT_KEY,
    SPOTS,
    Deck,
    Layout,
    card_code,
    load_deck,
    parse_deck,
)
from .fast import CARD_BIT, colour_stacks, hand_bits, hand_plays
from .stacks import (
    _VALUES,
    COLOUR_CARDS,
    Play,
    _drawing,
    _drawn,
    _layouts_view,
    declarations,
    joker_stacks,
    may_lie_under,
    must_follow,
    play_colour,
    play_of,
    searched_plays,
    sort_cards,
    stack_layers,
    stack_needs,
    stack_shows,
    stack_top_view,
    stack_value,
    stacks_of,
    stacks_topped_by,
    unneeded,
)
from .table import (
    INFO,
    LAST_ROUND,
    MATCH,
    Card,
    Colour,
    EndCode,
    LastRound,
    TablePlay,
    jokers_in_game,
    left_of,
    old_end_code,
)


class TopSpotState(State):
    """A Top Spot game in progress (one deal, from the first round until someone cannot lead any more)."""

    info = INFO
    ACTIONS = action_kinds(Play)
    MATCH = MATCH

    SCENARIO_ALIASES = {"dealer": "start"}
    SCENARIO_PARAMS = ("leader",)
    SCENARIO_OPTIONS = {"games": 1}

    # the table
    colours: PerSeat[Colour]  # the colour sets in the box this game, in deck order
    start: Seat  # the dealer
    first_leader: Seat
    hands: PerSeat[list[Card]]
    won: PerSeat[list[list[Card]]]  # per seat, the stacks of cards of each round won
    bonus: PerSeat[Count]  # extra points for cards left when the last player with cards won a round
    unclaimed: list[Card]  # cards of tied rounds that nobody won
    aside: list[Card]  # scenario only: deck cards out of play from the start
    order: list[Seat]  # seats playing the current (tiebreaker) round, in playing order
    plays: list[TablePlay]  # the current round's plays
    pot: list[Card]  # cards of the earlier rounds of a tie still being broken
    tiebreak: Count  # 0 for a normal round, n for the n-th tiebreaker round
    round_no: Count
    last_winner: Seat | None
    last_round: LastRound | None
    voids: PerSeat[list[Colour]]  # colours each seat has publicly shown it cannot follow
    no_joker: PerSeat[bool]  # seats that publicly showed they hold no joker (discarded off-colour in Expert)
    over: bool
    end_code: EndCode | None  # why the game ended (None while it goes on)
    end_player: Seat | None  # the seat the end code names (None for "nobody")

    def _init(self) -> None:
        # derived, never saved: each hand's cards as one integer (fast.hand_bits; None: not known yet, or a hand out
        # of display order), made when a listing first needs it and kept as cards leave the hand (_perform)
        self._bits: list[int | None] = [None] * self.players

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
    def _data_from_json(cls, players: int, options: dict[str, Any], rng: GameRandom, data: Any) -> State:
        """The declared table, after turning an older save's English ``end_reason`` into the end code and seat."""
        if isinstance(data, dict) and "end_reason" in data and "end_code" not in data:
            data = dict(data)
            data["end_code"], data["end_player"] = old_end_code(data.pop("end_reason"), players)
        return super()._data_from_json(players, options, rng, data)

    @classmethod
    def _setup(cls, players: int, options: dict[str, Any], rng: GameRandom, start: int | None) -> TopSpotState:
        state = cls(players, options, rng)
        chosen = list(DECK.colours)
        rng.shuffle(chosen)  # which colour sets are in the box this time
        state.colours = [c for c in DECK.colours if c in chosen[:players]]
        state.start = rng.randint(0, players - 1) if start is None else start
        coloured = [card for c in state.colours for card in COLOUR_CARDS[c]]
        if options["level"] == "expert" and options["joker_each"]:
            rng.shuffle(coloured)
            hands = [[JOKER] + coloured[12 * i:12 * i + 12] for i in range(players)]
        else:
            deck = coloured + [JOKER] * jokers_in_game(players, options)
            rng.shuffle(deck)
            size = len(deck) // players
            hands = [deck[size * i:size * i + size] for i in range(players)]
        state.hands = [sort_cards(hand) for hand in hands]
        state.first_leader = left_of(state.start, players)
        state._start_round(state.first_leader)
        return state

    def full_deck(self) -> Counter[str]:
        """Every card of this game: one set per colour in play, plus the jokers at the expert level."""
        deck = Counter(card for c in self.colours for card in COLOUR_CARDS[c])
        jokers = jokers_in_game(self.players, self.options)
        if jokers:
            deck[JOKER] = jokers
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

    def _list_legal(self) -> list[Action]:
        """Every distinct legal play of the current player: leading, each colour's stacks then the joker stacks
        once per colour they may declare; following, the led colour's stacks and the joker stacks, or when there
        are none (the hand holds neither: :func:`must_follow`) each card alone, to discard. Every dealt hand is in
        display order and read from the tables of :mod:`.fast`; any other order is searched in that order."""
        plays = self.plays
        seat = self.order[len(plays)]
        hand = self.hands[seat]
        led = plays[0]["colour"] if plays else None
        bits = self._bits[seat]
        if bits is None:
            bits = self._bits[seat] = hand_bits(hand)
        found: list[Action] = (hand_plays(bits, led, self.colours) if bits is not None  # type: ignore[assignment]
                               else searched_plays(hand, led, self.colours))
        return found or [play_of((card,), None) for card in hand]

    def candidates(self) -> list[Action]:
        """Every stack of the hand's cards in which each card under the top shows a spot of its own through the
        holes above it (a card that shows none adds nothing a player could see), with no colour or any colour
        declared: a superset of the legal plays, which the checker sorts out."""
        hand = self.hands[self.current_player]  # type: ignore[index]
        stacks: list[tuple[str, ...]] = []

        def lay(stack: tuple[str, ...], open_cells: int, rest: list[str]) -> None:
            stacks.append(stack)
            for i, card in enumerate(rest):
                if SPOTS[card] & open_cells:
                    lay(stack + (card,), open_cells & HOLES[card], rest[:i] + rest[i + 1:])

        for i, top in enumerate(hand):
            lay((top,), HOLES[top], hand[:i] + hand[i + 1:])
        return [Play(stack, colour) for stack in stacks for colour in (None, *self.colours)]

    def _playable(self) -> list[dict[str, Any]]:
        """The current player's distinct legal stacks with value and top view, so the app can show a stack's
        value and legality while the player builds it without a rule in JavaScript (one entry per card order;
        a leading joker stack's colour choices share it)."""
        out = []
        for cards in dict.fromkeys([action.cards for action in self.legal_actions()]):  # type: ignore[attr-defined]
            value, cells = _drawing(cards)
            out.append({"cards": list(cards), "value": value, "top_view": cells})
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
            "end_code": self.end_code,
            "end_player": self.end_player,
            "dealer": self.start,
        }

    def scores(self) -> list[int]:
        """Points so far: rounds won plus extra points for cards left."""
        return [*map(operator.add, map(len, self.won), self.bonus)]

    def undoable(self) -> bool:
        # Every play puts cards face up on the table: nothing can be taken back.
        return False

    def view(self, player: int) -> dict[str, Any]:
        out = self.view_envelope(player)
        out.update({
            "you": player,
            "level": self.options["level"],
            "joker_each": self.options["joker_each"],
            "colours": list(self.colours),
            "dealer": self.start,
            "first_leader": self.first_leader,
            "jokers_in_game": jokers_in_game(self.players, self.options),
            "hand": list(self.hands[player]),
            "hand_counts": [len(h) for h in self.hands],
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
            "last_round": None if self.last_round is None else self._last_round_view(self.last_round),
            "playable": self._playable() if player == self.current_player else [],
            "layouts": _layouts_view(),  # a fresh copy: views are never shared
        })
        return out

    @staticmethod
    def _last_round_view(last: LastRound) -> dict[str, Any]:
        """``last_round`` for the view: its record as saved, with each play drawn."""
        out: dict[str, Any] = LAST_ROUND.encode(last)
        out["plays"] = [_drawn(p) for p in out["plays"]]
        return out

    # ----- validation ---------------------------------------------------------------------------------------
    def problem(self, action: Action) -> IllegalAction | None:
        """Why ``action`` is illegal for the current player now (the refusal), or ``None`` when it is legal.

        This checks the same rules that :meth:`legal_actions` generates from (tests hold the two equal). The reason
        is a code with parameters (:meth:`refusal`, listed in ``REFUSAL_CODES``, worded per language from the
        catalogues; the English message only when it is read).
        """
        assert isinstance(action, Play)
        why = self.refusal(action)
        if why is None:
            return None
        return self.refused(why.reason, why.params, cards=list(action.cards))

    def refusal(self, action: Action) -> Refusal | None:
        """The reason code and JSON-safe parameters why ``action`` (a :class:`Play`) is illegal now, or ``None``."""
        assert isinstance(action, Play)
        seat = self.current_player
        if seat is None:
            return Refusal("game_over", {})
        hand = self.hands[seat]
        cards = action.cards
        if not cards:
            return Refusal("empty_play", {})
        have = Counter(hand)
        for card, n in Counter(cards).items():
            if not self._of_this_game(card):
                return Refusal("not_a_card", {"card": card})
            if n > have[card]:
                if not have[card]:
                    return Refusal("not_in_hand", {"card": card})
                return Refusal("listed_twice", {"card": card, "times": n})
        return self._stack_refusal(cards) or self._turn_refusal(action, hand)

    def _of_this_game(self, card: str) -> bool:
        """Whether ``card`` is a card of this game: a joker, or a card of a colour in the box this time."""
        return card == JOKER or COLOUR.get(card, JOKER) in self.colours

    def _stack_refusal(self, cards: tuple[str, ...]) -> Refusal | None:
        """Why cards of the hand make no stack: a joker under the top, mixed colours, a card that adds nothing."""
        top = cards[0]
        misplaced = [card for card in cards[1:] if not may_lie_under(top, card)]
        if JOKER in misplaced:
            return Refusal("joker_not_on_top", {})
        if misplaced:
            return Refusal("mixed_colours", {"colours": sorted({str(COLOUR[c]) for c in cards},
                                                               key=self.colours.index)})
        depth = unneeded(cards)
        if depth is not None:
            without, value = stack_needs(cards)[depth - 1]
            return Refusal("does_not_raise", {"card": cards[depth], "position": depth + 1, "without": without,
                                              "value": value, "shows": bool(stack_shows(cards)[depth])})
        return None

    def _turn_refusal(self, action: Play, hand: list[str]) -> Refusal | None:
        """Why a good stack may not be played now: the colour it declares, or the led colour it must follow."""
        cards = action.cards
        led = self.led_colour
        if action.colour not in declarations(cards[0], led, self.colours):
            if led is not None:
                return Refusal("declares_when_following", {"led": led})
            if cards[0] == JOKER:
                return Refusal("must_declare", {"colours": list(self.colours), "given": action.colour})
            return Refusal("declares_own_colour", {"card": cards[0], "colour": COLOUR[cards[0]]})
        if led is None or play_colour(action, led) == led:
            return None
        if must_follow(hand, led):
            follow = [c for c in hand if COLOUR[c] == led]
            if follow:
                return Refusal("must_follow", {"led": led, "card": follow[0]})
            return Refusal("must_follow_with_joker", {"led": led})
        if len(cards) > 1:
            return Refusal("discard_one_card", {"led": led})
        return None

    # the reason codes of this game's refusals (docs/api.md, "Refusal codes"; worded per language from the
    # catalogues by the page and by pygame_rules.words)
    REFUSAL_CODES = frozenset({
        "game_over", "empty_play", "not_a_card", "not_in_hand", "listed_twice", "joker_not_on_top", "mixed_colours",
        "does_not_raise", "must_declare", "declares_own_colour", "declares_when_following", "must_follow",
        "must_follow_with_joker", "discard_one_card",
    })

    # ----- acting -------------------------------------------------------------------------------------------
    def _holders(self, leader: int) -> list[int]:
        """The seats that still hold cards, clockwise from ``leader`` on: who plays in a round ``leader`` leads."""
        return [*filter(self.hands.__getitem__, (*range(leader, self.players), *range(leader)))]

    def _start_round(self, leader: int, order: list[int] | None = None) -> None:
        """Start a round led by ``leader``; ``order``, when given, is :meth:`_holders` of ``leader``."""
        self.round_no += 1
        self.tiebreak = 0
        self.pot = []
        self.plays = []
        self.order = self._holders(leader) if order is None else order

    def _perform(self, action: Action, log: list[Event] | None) -> None:
        """Play the current player's stack; when it completes the round, settle it (:meth:`_resolve`)."""
        assert isinstance(action, Play)
        plays = self.plays
        seat = self.order[len(plays)]
        hand = self.hands[seat]
        stack = action.cards
        bits = self._bits[seat]
        if bits is None:
            for card in stack:
                hand.remove(card)
        else:  # (the hand's bits follow it: each card's bit is taken away, see fast.CARD_BIT)
            for card in stack:
                hand.remove(card)
                bits -= CARD_BIT[card]
            self._bits[seat] = bits
        value = _VALUES.get(stack)
        if value is None:
            value = _VALUES.put(stack, stack_value(stack))
        led = plays[0]["colour"] if plays else None  # (led_colour, read here without a property call)
        colour = play_colour(action, led)
        follows = led is None or colour == led
        if led is not None and not follows:
            self.voids[seat] = sorted(set(self.voids[seat]) | {led}, key=self.colours.index)
            if self.options["level"] == "expert":
                self.no_joker[seat] = True
        # (a TablePlay, written as a literal: the same keys in the same order)
        plays.append({"player": seat, "cards": list(stack), "colour": colour, "value": value, "follows": follows})
        if log is not None:
            log.append({"type": "play", "player": seat, "cards": list(stack), "colour": colour, "value": value,
                        "follows": follows, "tiebreak": self.tiebreak})
        if len(plays) == len(self.order):
            self._resolve(log)

    def _resolve(self, log: list[Event] | None) -> None:
        """The round is complete: find the winner, or start a tiebreaker, or leave the cards unclaimed.

        The round's play records move into ``last_round`` as they are: every way out of here replaces
        ``self.plays`` with a new list, so nothing else holds them."""
        plays = self.plays
        best = -1
        tied: list[int] = []  # the seats that followed with the best value, in playing order
        round_cards: list[str] = []
        for p in plays:
            round_cards += p["cards"]
            if p["follows"]:
                value = p["value"]
                if value > best:
                    best, tied = value, [p["player"]]
                elif value == best:
                    tied.append(p["player"])
        # (a LastRound, written as a literal: the same keys in the same order)
        summary: LastRound = {"round": self.round_no, "tiebreak": self.tiebreak, "led_colour": plays[0]["colour"],
                              "plays": plays, "best": best, "tied": tied, "winner": None, "cards": []}
        self.last_round = summary
        if len(tied) == 1 or self.options["level"] == "junior":
            self._award(tied[0], summary, round_cards, log)
            return
        self.pot.extend(round_cards)
        with_cards = [s for s in tied if self.hands[s]]
        if len(with_cards) == 1:
            self._award(with_cards[0], summary, [], log)
        elif not with_cards:
            cards, self.pot = self.pot, []
            self.unclaimed.extend(cards)
            summary["cards"] = list(cards)
            if log is not None:
                log.append({"type": "round_void", "tied": tied, "cards": list(cards)})
            self._continue(self.first_leader if self.last_winner is None else self.last_winner, False, log)
        else:
            self.tiebreak += 1
            self.order = with_cards
            self.plays = []
            if log is not None:
                log.append({"type": "tiebreak", "tied": tied, "players": with_cards, "number": self.tiebreak})

    def _award(self, winner: int, summary: LastRound, round_cards: list[str], log: list[Event] | None) -> None:
        cards = self.pot + round_cards
        self.won[winner].append(cards)
        self.pot = []
        self.last_winner = winner
        summary["winner"], summary["cards"] = winner, list(cards)
        if log is not None:
            log.append({"type": "round_won", "winner": winner, "value": summary["best"], "cards": list(cards),
                        "scores": self.scores()})
        self._continue(winner, True, log)

    def _continue(self, leader: int, won: bool, log: list[Event] | None) -> None:
        """After a round: end the game or let ``leader`` (or the next seat with cards) lead the next round."""
        holders = self._holders(leader)
        if not self.hands[leader]:
            if won:
                self._end("last_cards", leader, log)
                return
            if not holders:
                self._end("nobody", None, log)
                return
            leader = holders[0]  # (the seats between had no cards: the order from it is the same list)
        if len(holders) == 1:  # nobody but the leader has cards
            extra = len(self.hands[leader])
            self.bonus[leader] += extra
            if log is not None:
                log.append({"type": "bonus", "player": leader, "points": extra})
            self._end("only_one", leader, log)
            return
        self._start_round(leader, holders)
        if log is not None:
            log.append({"type": "round_start", "leader": leader, "round": self.round_no})

    def _end(self, code: EndCode, seat: int | None, log: list[Event] | None) -> None:
        """End the game for reason ``code`` (:data:`EndCode`; ``seat``: the player it names, if any)."""
        self.over = True
        self.end_code, self.end_player = code, seat
        self.order, self.plays, self.pot = [], [], []
        if log is not None:
            scores = self.scores()
            log.append({"type": "end", "scores": scores, "winners": winners_by_max(scores), "end_code": code,
                        "end_player": seat})

    # ----- invariants -------------------------------------------------------------------------------------
    def _validate(self) -> None:
        """What must hold between the fields: the round in progress, its plays, the colours, won stacks."""
        if len(set(self.colours)) != self.players or self.colours != [c for c in DECK.colours if c in self.colours]:
            raise ValueError(f"colours must be {self.players} distinct deck colours in deck order")
        for card in [*(c for h in self.hands for c in h), *self.unclaimed, *self.aside, *self.pot]:
            if not self._of_this_game(card):
                raise ValueError(f"{card} is not a card of this game's colours")
        if any(v not in self.colours for vs in self.voids for v in vs):
            raise ValueError("voids must list colours of this game")
        if any(not s for w in self.won for s in w):
            raise ValueError("a won stack cannot be empty")
        if self.over:
            if self.order or self.plays or self.pot:
                raise ValueError("a finished game has no round in progress")
            return
        if not self.order or len(set(self.order)) != len(self.order) or len(self.plays) >= len(self.order):
            raise ValueError("the round order must list distinct seats, more than have played")
        for i, play in enumerate(self.plays):
            self._validate_play(i, play)
        if not self.hands[self.order[len(self.plays)]]:
            raise ValueError("the player to act has no cards")
        if self.tiebreak == 0 and self.pot:
            raise ValueError("only a tiebreaker round has cards of earlier rounds in the pot")

    def _validate_play(self, i: int, play: TablePlay) -> None:
        if play["player"] != self.order[i]:
            raise ValueError(f"play {i} is by seat {play['player']}, not seat {self.order[i]} whose turn it was")
        cards = play["cards"]
        if not cards:
            raise ValueError(f"play {i} has no cards")
        if play["value"] != stack_value(cards) or play["colour"] not in self.colours:
            raise ValueError(f"play {i} has a wrong value or colour")
        if i == 0 and not play["follows"]:
            raise ValueError(f"play {i} has a wrong 'follows' flag")

    def all_cards(self) -> Counter[str]:
        """Every card of the game wherever it lies: hands, won stacks, the table, the pot, unclaimed, aside."""
        seen: Counter[str] = Counter()
        for pile in [*self.hands, *(s for w in self.won for s in w), self.unclaimed, self.aside, self.pot]:
            seen.update(pile)
        for play in self.plays:
            seen.update(play["cards"])
        return seen

    # ----- scenarios ----------------------------------------------------------------------------------------
    def _deal_rest(self, given: set[str], params: dict[str, Any]) -> None:
        """A scenario starts a round of a single game: ``leader`` (a parameter; by default left of the dealer)
        leads, and deck cards placed nowhere are set aside (out of play, public)."""
        players = self.players
        if self.options["games"] != 1:
            raise BadScenario("a scenario is a single game: option 'games' must be 1")
        if len(set(self.colours)) != players:
            raise BadScenario(f"'colours' must list {players} distinct colours")
        self.colours = [c for c in DECK.colours if c in self.colours]
        deck = self.full_deck()
        used = self.all_cards()
        for card in sorted(used):
            if deck[card] == 0:
                raise BadScenario(f"{card!r} is not a card of this game")
            if used[card] > deck[card]:
                raise BadScenario(f"{card} is used more times than the deck has it")
        self.hands = [sort_cards(h) for h in self.hands]
        self.aside = sort_cards(list((deck - used).elements()))
        self.first_leader = left_of(self.start, players)
        leader = params.get("leader", self.first_leader)
        check_seat(leader, players, "leader")
        if not self.hands[leader]:
            raise BadScenario(f"the leader, seat {leader}, has no cards", reason="leader_no_cards",
                              params={"seat": leader})
        self._start_round(leader)


__all__ = ["TopSpotState", "Play", "DECK", "DECK_FILE", "Deck", "Layout", "parse_deck", "load_deck", "card_code",
           "JOKER", "CELLS", "ALL_CELLS", "SPOTS", "HOLES", "COLOUR", "SORT_KEY", "COLOUR_CARDS", "sort_cards",
           "stack_layers", "stack_value", "stack_shows", "stack_needs", "stack_top_view", "unneeded", "may_lie_under",
           "declarations", "play_colour", "must_follow", "stacks_topped_by", "stacks_of", "colour_stacks",
           "joker_stacks"]
