"""Etalage: a trick game for 3-6 players where colours team up to claim the cards on a shared display.

Each player has one colour set of cards 1..10 shuffled into a common deck. Every trick each player plays one card;
the cards of a colour add up to that colour's strength, and the players of the strongest colour (highest card
first), then of the next colour, and so on, each take all display cards of one colour. Equal strengths stop the
claiming. The played cards then join the display. Points are the numbers on the cards won. See
``docs/games/etalage.md`` for the rules in full and the decisions taken where the rulebook is open.

Seats play clockwise, which here means in increasing seat number (wrapping round). Here: the actions, the match,
the table, the checker, the lister and the moves; the cards and the ranking of a trick are :mod:`.cards`.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Annotated, Any, TypedDict

from ...core.actions import Action, action_kinds
from ...core.errors import BadScenario, IllegalAction, MalformedAction
from ...core.game import Event, GameInfo, OptionSpec, Refusal, State, winners_by_max
from ...core.match import MatchRules
from ...core.rng import GameRandom
from ...core.table import PER_SEAT, Is, PerSeat, Range, Seat, codec_for
from ...words import refusal_message
from .cards import (
    _RULES,
    CARD_COLOUR,
    CARD_INFO,
    COLOUR_INDEX,
    COLOURS,
    TURN_ORDER,
    _order_of,
    _rank,
    _ranking_of,
    card_key,
    deck,
    display_groups,
    first_colours,
    hand_size,
    points,
    rank_colours,
    seat_after,
    sorted_hands,
)


# ----- actions ------------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Play(Action):
    """Play one card from your hand face up into the trick, e.g. ``{"type": "play", "card": "red-7"}``."""

    kind = "play"
    card: str


@dataclasses.dataclass(frozen=True)
class Claim(Action):
    """Take every display card of one colour, e.g. ``{"type": "claim", "colour": "yellow"}``."""

    kind = "claim"
    colour: str


#: one action object per card and per colour, built once: listing moves allocates nothing but the list
_PLAY_OF: dict[str, Play] = {name: Play(name) for name in CARD_INFO}
_CLAIM_OF: dict[str, Claim] = {colour: Claim(colour) for colour in COLOURS}
#: the lister's table: card -> the bit of its colour; a set of colours (as bits) -> their claims in colour order
_COLOUR_BIT: dict[str, int] = {name: 1 << COLOUR_INDEX[c] for name, (c, _) in CARD_INFO.items()}
_CLAIMS_OF_BITS: tuple[tuple[Claim, ...], ...] = tuple(
    tuple(_CLAIM_OF[c] for c in COLOURS if bits >> COLOUR_INDEX[c] & 1) for bits in range(1 << len(COLOURS)))


#: refusals of a name that is no card or colour at all: a MalformedAction naming the action's field, no code
_MALFORMED = {"not_a_card": "card", "not_a_colour": "colour"}
#: refusals whose IllegalAction has its own error code too (acting in the wrong phase of the trick)
_ERROR_CODES = {"claim_first": "claim_first", "play_first": "play_first"}


def _match_next_start(finished: State, totals: list[int], previous: int) -> int:
    """Next leader: most points in the game just played; ties go to the first such seat after the previous leader."""
    scores = finished.result()["scores"]
    after = [seat_after(previous, step, len(scores)) for step in range(1, len(scores) + 1)]
    return next(seat for seat in after if scores[seat] == max(scores))


MATCH = MatchRules(
    enabled=lambda options: options["games"] > 1,
    points=lambda result, players, options: list(result["scores"]),
    finished=lambda totals, played, options: played >= options["games"],
    next_start=_match_next_start,
)


Card = Annotated[str, Is(lambda c: c in CARD_INFO, "an Etalage card (colour-number, e.g. 'red-7')")]
Colour = Annotated[str, Is(lambda c: c in COLOUR_INDEX, f"an Etalage colour ({', '.join(COLOURS)})")]


class ClaimRecord(TypedDict):
    """One claim of a trick: the seat, the colour claimed (``None``: nothing left to claim) and the cards taken."""

    seat: Seat
    colour: Colour | None
    cards: list[Card]


class TrickPlay(TypedDict):
    """One card of a settled trick and who played it."""

    seat: Seat
    card: Card


class LastTrick(TypedDict):
    """The trick settled last, kept so that the view can explain its claims."""

    number: Annotated[int, Range(1)]
    leader: Seat
    plays: Annotated[list[TrickPlay], PER_SEAT]
    claims: list[ClaimRecord]
    next_leader: Seat


LAST_TRICK = codec_for(LastTrick)


class EtalageState(State):
    """A game of Etalage in progress."""

    # the reason codes of this game's refusals (docs/api.md, "Refusal codes"; worded per language by the page)
    REFUSAL_CODES = frozenset({
        "claim_first", "colour_not_in_game", "not_in_hand", "play_first", "colour_not_on_display",
    })

    info = GameInfo(
        name="etalage",
        title="Etalage",
        min_players=_RULES["min_players"],
        max_players=_RULES["max_players"],
        options=(
            OptionSpec("games", "int", 1, "Games in the match, agreed beforehand; scores add up over the games.",
                       minimum=1, maximum=20),
            OptionSpec("open_winnings", "bool", False, "Memory aid (a variant): each player may look at their own "
                       "won cards and score during the game. By the rulebook won cards lie face down until the "
                       "end, so every player sees only how many cards each seat has won."),
        ),
        hidden_information=True,
        summary="Play one card a trick; the strongest colours claim the display's colour groups. "
                "Equal strengths stop the claiming.",
    )
    ACTIONS = action_kinds(Play, Claim)
    MATCH = MATCH

    # the table
    colours: PerSeat[Colour]  # one colour set per player, in play this game
    hands: PerSeat[list[Card]]
    display: list[Card]
    leader: Seat
    start: Seat
    plays: list[Card]  # this trick's cards in play order, from the leader clockwise
    claims: list[ClaimRecord]  # made so far in this trick
    claimants: list[Seat]  # still to claim, in order
    won: PerSeat[list[Card]]
    last_trick: LastTrick | None
    # derived, never saved: the ranking of the last trick record the view was asked about (see _last_trick_view)
    _ranked_trick: LastTrick | None = None
    _ranking: list[dict[str, Any]] = []  # noqa: RUF012 (replaced, never changed in place)

    # ----- setup --------------------------------------------------------------------------------------------
    @classmethod
    def _setup(cls, players: int, options: dict[str, Any], rng: GameRandom, start: int | None) -> EtalageState:
        """Shuffle one colour set per player, lay out one display card per player, deal the rest evenly."""
        colours = first_colours(players)
        cards = deck(colours)
        rng.shuffle(cards)
        size = hand_size(players)
        display = cards[:players]
        hands = [cards[players + i * size: players + (i + 1) * size] for i in range(players)]
        if start is None:
            start = rng.randint(0, players - 1)  # the rulebook's "oldest player" is chosen by the seed
        state = cls(players, options, rng)
        state.colours, state.display, state.leader, state.start = colours, display, start, start
        state.hands = sorted_hands(hands)
        return state

    # ----- queries ------------------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The claimant during settling, else the next seat to play; ``None`` once the game is over."""
        claimants = self.claimants
        if claimants:
            return claimants[0]
        if self.is_over():
            return None
        return self.seat_to_play()

    def seat_to_play(self) -> int:
        """The seat whose card comes next in the trick: the leader, then clockwise."""
        return TURN_ORDER[self.players][self.leader][len(self.plays)]

    def is_over(self) -> bool:
        """Over when every hand is empty and the last trick has been settled."""
        return not self.plays and not self.claimants and not any(self.hands)

    @property
    def phase(self) -> str:
        """``"play"``, ``"claim"`` or ``"over"``."""
        if self.claimants:
            return "claim"
        return "over" if self.is_over() else "play"

    def trick_plays(self) -> list[tuple[int, str]]:
        """The cards of the current trick as ``(seat, card)`` in play order."""
        return list(zip(TURN_ORDER[self.players][self.leader], self.plays, strict=False))  # (a trick in play is short)

    def _list_legal(self) -> list[Action]:
        """Claims of each colour on the display (in colour order) while settling; else each card in the hand."""
        if self.claimants:
            bits = 0
            for card in self.display:
                bits |= _COLOUR_BIT[card]
            return list(_CLAIMS_OF_BITS[bits])
        return list(map(_PLAY_OF.__getitem__, self.hands[self.seat_to_play()]))

    def candidates(self) -> list[Action]:
        """The two shapes of a move: play any card, claim any colour (the checker keeps those legal now)."""
        return [*_PLAY_OF.values(), *_CLAIM_OF.values()]

    def scores(self) -> list[int]:
        """Points won so far by each seat."""
        return [points(pile) for pile in self.won]

    def result(self) -> dict[str, Any]:
        """Scores, winners (ties share), every seat's won cards and the cards left on the display."""
        if not self.is_over():
            raise IllegalAction("the game is not over yet", code="not_over")
        scores = self.scores()
        return {
            "scores": scores,
            "winners": winners_by_max(scores),
            "won": [sorted(w, key=card_key) for w in self.won],
            "display_left": sorted(self.display, key=card_key),
        }

    def trick_number(self) -> int:
        """1-based number of the current trick (the last trick's number once the game is over)."""
        size = hand_size(self.players)
        return min(size, max(1, size - self._held_at_trick_start() + 1))

    def _hand_sizes(self, at_start: int) -> list[int]:
        """What each hand holds now if every hand held ``at_start`` cards when the trick began."""
        played = set(TURN_ORDER[self.players][self.leader][:len(self.plays)])
        return [at_start - (seat in played) for seat in range(self.players)]

    def _held_at_trick_start(self) -> int:
        """Cards each hand held when this trick began (every seat that has not played still holds as many)."""
        if len(self.plays) < self.players:
            return len(self.hands[self.seat_to_play()])
        return len(self.hands[0]) + 1  # everyone has played: seat 0's hand plus the card it played

    def view(self, player: int) -> dict[str, Any]:
        """What ``player`` may know: own hand; public display, trick and claims; how many cards each seat has won.

        Won cards lie face down (rulebook), so ``won`` and ``score`` are ``None`` until the game is over, also for
        their owner; with the option ``open_winnings`` they show the seat's own pile and score throughout.
        """
        out = self.view_envelope(player)
        plays = self.trick_plays()
        rank = _rank(plays)
        display = sorted(self.display, key=card_key)
        open_pile = out["over"] or bool(self.options.get("open_winnings"))
        out.update({
            "colours": list(self.colours),
            "phase": self.phase,
            "leader": self.leader,
            "start": self.start,
            "trick_number": self.trick_number(),
            "tricks": hand_size(self.players),
            "hand": list(self.hands[player]),
            "hand_counts": [len(h) for h in self.hands],
            "display": display,
            "display_groups": display_groups(display, presorted=True),
            "plays": [{"seat": s, "card": c} for s, c in plays],
            "ranking": _ranking_of(rank),
            "claim_order": _order_of(rank),
            "claims": [dict(c, cards=list(c["cards"])) for c in self.claims],
            "claimants": list(self.claimants),
            # Won cards lie face down until the end (rulebook): by default not even their owner sees them.
            "won": sorted(self.won[player], key=card_key) if open_pile else None,
            "won_counts": [len(w) for w in self.won],
            "score": points(self.won[player]) if open_pile else None,
            "last_trick": self._last_trick_view(),
        })
        return out

    def _last_trick_view(self) -> dict[str, Any] | None:
        """The last trick and its colour ranking (public: everyone saw the cards), so that a table can explain the
        claims after the played cards have joined the display.

        The copy is what ``LAST_TRICK.encode`` gives (the same keys in the same order), written out because every
        view pays for it (a bot's rollout asks for one per move); the ranking is remembered for as long as the same
        record stays (a new trick is a new dict), and every view gets its own copy of it.
        """
        trick = self.last_trick
        if trick is None:
            return None
        if self._ranked_trick is not trick:
            self._ranked_trick = trick
            self._ranking = rank_colours([(p["seat"], p["card"]) for p in trick["plays"]])
        return {
            "number": trick["number"],
            "leader": trick["leader"],
            "plays": [{"seat": p["seat"], "card": p["card"]} for p in trick["plays"]],
            "claims": [{"seat": c["seat"], "colour": c["colour"], "cards": list(c["cards"])} for c in trick["claims"]],
            "next_leader": trick["next_leader"],
            "ranking": [dict(entry, seats=entry["seats"][:], cards=entry["cards"][:]) for entry in self._ranking],
        }

    # ----- acting -------------------------------------------------------------------------------------------
    def problem(self, action: Action) -> IllegalAction | None:
        """Why ``action`` is not legal now (``None`` when it is): the one check, shared by refusals and ``can``.

        :meth:`refusal` decides; the English message is worded from the catalogue only when it is read. A name
        that is no card or colour at all stays a ``MalformedAction`` naming the field (no reason code: it is not a
        rule), and playing or claiming out of phase keeps its own error code.
        """
        refusal = self.refusal(action)
        if refusal is None:
            return None
        reason, params = refusal
        if reason not in self.REFUSAL_CODES:  # not a rule: the action is no Etalage action at all
            value = {"value": params.get("card", params.get("colour", params.get("action"))), "colours": list(COLOURS)}
            if reason in _MALFORMED:
                return MalformedAction(lambda: refusal_message("etalage", reason, value), field=_MALFORMED[reason])
            return IllegalAction(lambda: refusal_message("etalage", reason, value))
        return self.refused(reason, params, code=_ERROR_CODES.get(reason))

    def refusal(self, action: Action) -> Refusal | None:
        """Why ``action`` is illegal now, as a reason code and JSON-safe params (no text), or ``None`` if legal."""
        seat = self.current_player
        if isinstance(action, Play):
            card = action.card
            if card not in CARD_INFO:
                return Refusal("not_a_card", {"card": card})
            if self.claimants:
                return Refusal("claim_first", {"card": card, "seat": seat})
            if CARD_COLOUR[card] not in self.colours:
                return Refusal("colour_not_in_game", {"card": card, "colour": CARD_COLOUR[card],
                                                      "colours": list(self.colours)})
            if card not in self.hands[seat]:  # type: ignore[index]
                return Refusal("not_in_hand", {"card": card, "seat": seat})
            return None
        if isinstance(action, Claim):
            colour = action.colour
            if colour not in COLOUR_INDEX:
                return Refusal("not_a_colour", {"colour": colour})
            if not self.claimants:
                return Refusal("play_first", {"colour": colour, "seat": seat})
            present = [claim.colour for claim in self._list_legal()]  # type: ignore[attr-defined]
            if colour not in present:
                return Refusal("colour_not_on_display", {"colour": colour, "present": present})
            return None
        return Refusal("not_an_action", {"action": str(action)})

    # refusals are worded from the catalogues, refusal.etalage.<reason> (pygame_rules.words; the page alike)

    def _perform(self, action: Action, log: list[Event] | None) -> None:
        """Perform a listed action: a card into the trick (settling it once every player has played) or a claim.

        The one path of every caller; events (data only: the page and :mod:`pygame_rules.words` word them) are
        appended to ``log``, and none is built when ``log`` is ``None`` (bots' rollouts, the bench).
        """
        if type(action) is Play:
            card = action.card
            plays = self.plays
            seat = self.seat_to_play()
            self.hands[seat].remove(card)
            plays.append(card)
            if log is not None:
                log.append({"type": "play", "player": seat, "card": card})
            if len(plays) == self.players:
                self._settle(log)
        elif type(action) is Claim:  # the next claimant takes every display card of the colour
            colour = action.colour
            display = self.display
            self.display = [c for c in display if CARD_COLOUR[c] != colour]
            self._take(colour, [c for c in display if CARD_COLOUR[c] == colour], log)
        else:
            raise TypeError(f"{action!r} is not an Etalage action")

    def _settle(self, log: list[Event] | None) -> None:
        """All cards are out: rank the colours and line up the claimants (none when the strongest colours tie)."""
        ranked = _rank(self.trick_plays())
        order = _order_of(ranked)
        self.claimants = order
        self.claims = []
        if log is not None:
            log.append({"type": "settle", "ranking": _ranking_of(ranked), "claim_order": list(order)})
        if not order:
            self._end_trick(log)
        elif not self.display:  # (only a scenario can settle a trick in front of an empty display)
            self._take(None, [], log)

    def _take(self, colour: str | None, taken: list[str], log: list[Event] | None) -> None:
        """The next claimant wins ``taken``, the display cards of ``colour`` (``None``: the display is empty).

        Then each claimant who faces an empty display takes nothing, and the trick ends once nobody is left to
        claim. The won pile keeps the display's order; the claim record lists the cards highest first.
        """
        claimants = self.claimants
        while True:
            seat = claimants.pop(0)
            self.won[seat].extend(taken)
            if len(taken) > 1:
                taken.sort(key=card_key)
            self.claims.append({"seat": seat, "colour": colour, "cards": taken})
            if log is not None:
                log.append({"type": "claim", "player": seat, "colour": colour, "cards": list(taken),
                            "points": points(taken)})
            if not claimants:
                self._end_trick(log)
                return
            if self.display:
                return
            colour, taken = None, []

    def _end_trick(self, log: list[Event] | None) -> None:
        """The played cards join the display; the first claimant (or, after a top tie, the same leader) leads.

        The claims of the trick were made in claim order, so the first claim's seat is the claim order's first
        (``_validate`` holds claims + claimants equal to the claim order); with no claim at all the top colours
        tied and the leader leads again. The trick's claim records move into ``last_trick``.
        """
        claims = self.claims
        next_leader = claims[0]["seat"] if claims else self.leader
        self.last_trick = {
            "number": self.trick_number(),
            "leader": self.leader,
            "plays": [{"seat": seat, "card": card} for seat, card in self.trick_plays()],
            "claims": claims,
            "next_leader": next_leader,
        }
        self.display.extend(self.plays)
        self.plays = []
        self.claims = []
        self.leader = next_leader
        if log is not None:
            log.append({"type": "trick_end", "leader": next_leader, "display": sorted(self.display, key=card_key)})
            if self.is_over():
                scores = self.scores()
                log.append({"type": "game_over", "scores": scores, "winners": winners_by_max(scores)})

    def _validate(self) -> None:
        """Cards conserved, hands consistent with the trick, claimants exactly the rest of the claim order."""
        n = self.players
        if len(set(self.colours)) != n:
            raise ValueError(f"colours must be {n} distinct colours out of {', '.join(COLOURS)}")
        k = len(self.plays)
        if k > n:
            raise ValueError("more cards in the trick than players")
        sizes = self._hand_sizes(self._held_at_trick_start())
        for seat, hand in enumerate(self.hands):
            if len(hand) != sizes[seat]:
                raise ValueError(f"seat {seat} holds {len(hand)} cards, which does not fit the trick in progress")
        if k < n:
            if self.claims or self.claimants:
                raise ValueError("claims can only happen once every player has played to the trick")
        else:
            order = _order_of(_rank(self.trick_plays()))
            if not self.claimants or [c["seat"] for c in self.claims] + self.claimants != order:
                raise ValueError("the claims and claimants do not match the claim order of the trick")
            if not self.display:
                raise ValueError("a claimant cannot be waiting in front of an empty display")
        claims = [*self.claims, *(self.last_trick["claims"] if self.last_trick else [])]
        for c in claims:
            if c["colour"] is not None and c["colour"] not in self.colours:
                raise ValueError(f"claim of unknown colour {c['colour']!r}")
            if any(CARD_COLOUR[x] != c["colour"] for x in c["cards"]):
                raise ValueError("a claim lists cards of another colour")

    def all_cards(self) -> Counter[str]:
        """Every card of the game wherever it lies: hands, display, the trick, won piles."""
        cards = Counter(self.display)
        cards.update(self.plays)
        for pile in [*self.hands, *self.won]:
            cards.update(pile)
        return cards

    def full_deck(self) -> Counter[str]:
        """One set per colour in play."""
        return Counter(deck(self.colours))

    # ----- scenarios ----------------------------------------------------------------------------------------
    def _deal_rest(self, given: set[str], params: dict[str, Any]) -> None:
        """Cards not placed anywhere are dealt at random (``seed``) to fill the hands, so a scenario only names
        the cards that matter; a complete trick starts the settling at once."""
        players = self.players
        if "colours" not in given:
            self.colours = first_colours(players)
        if len(set(self.colours)) != players:
            raise BadScenario(f"colours must list {players} distinct colours out of {', '.join(COLOURS)}")
        if "start" not in given:
            self.start = self.leader
        placed = self.all_cards()
        for card in sorted(placed):
            if CARD_COLOUR[card] not in self.colours:
                raise BadScenario(f"card {card} is of a colour not in this game (colours: {', '.join(self.colours)})")
            if placed[card] > 1:
                raise BadScenario(f"card {card} appears twice")
        k = len(self.plays)
        if k > players:
            raise BadScenario(f"plays has {k} cards but there are only {players} players")
        rest = [c for c in deck(self.colours) if c not in placed]
        in_hands = len(rest) + sum(len(h) for h in self.hands)
        if (in_hands + k) % players:
            raise BadScenario(f"the {in_hands} cards left for the hands cannot be shared evenly: "
                              "place more cards on the display, in the trick or in won piles")
        at_start = (in_hands + k) // players
        if not 1 <= at_start <= hand_size(players):
            raise BadScenario(f"that leaves {at_start} cards per hand at the start of the trick; "
                              f"it must be 1 to {hand_size(players)}", reason="hand_size",
                              params={"cards": at_start, "most": hand_size(players)})
        targets = self._hand_sizes(at_start)
        for seat, hand in enumerate(self.hands):
            if len(hand) > targets[seat]:
                raise BadScenario(f"hands of seat {seat} has {len(hand)} cards but only {targets[seat]} fit "
                                  "at this point of the trick")
        self.rng.shuffle(rest)
        for seat, hand in enumerate(self.hands):
            need = targets[seat] - len(hand)
            hand.extend(rest[:need])
            del rest[:need]
        self.hands = sorted_hands(self.hands)
        if k == players:
            self._settle(None)

