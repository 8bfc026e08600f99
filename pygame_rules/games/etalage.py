"""Etalage: a trick game for 3-6 players where colours team up to claim the cards on a shared display.

Each player has one colour set of cards 1..10 shuffled into a common deck. Every trick each player plays one card;
the cards of a colour add up to that colour's strength, and the players of the strongest colour (highest card
first), then of the next colour, and so on, each take all display cards of one colour. Equal strengths stop the
claiming. The played cards then join the display. Points are the numbers on the cards won. See
``docs/games/etalage.md`` for the rules in full and the decisions taken where the rulebook is open.

Seats play clockwise, which here means in increasing seat number (wrapping round).
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, TypedDict

from ..core.actions import Action, action_kinds
from ..core.errors import BadScenario, IllegalAction, MalformedAction
from ..core.game import Event, GameInfo, OptionSpec, Refusal, State, winners_by_max
from ..core.match import MatchRules
from ..core.memo import Memo
from ..core.rng import GameRandom
from ..core.table import PER_SEAT, Is, PerSeat, Range, Seat, codec_for
from ..words import refusal_message


# ----- rules data ---------------------------------------------------------------------------------------------
def _load_rules() -> dict[str, Any]:
    """Read and validate ``data/etalage.json`` (the colours and card numbers are data, not code)."""
    path = Path(__file__).with_name("data") / "etalage.json"
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    colours = data["colours"]
    if not (isinstance(colours, list) and all(isinstance(c, str) and c.isalpha() for c in colours)):
        raise ValueError("etalage.json: 'colours' must be a list of single words")
    if len(set(colours)) != len(colours) or len(colours) < data["max_players"]:
        raise ValueError("etalage.json: colours must be distinct, one per possible player")
    if not 1 <= data["lowest"] < data["highest"]:
        raise ValueError("etalage.json: card numbers must run from 'lowest' up to 'highest'")
    if not 2 <= data["min_players"] <= data["max_players"]:
        raise ValueError("etalage.json: bad player range")
    return data


def card_name(colour: str, value: int) -> str:
    """The canonical name of a card, e.g. ``card_name("red", 7) == "red-7"``."""
    return f"{colour}-{value}"


_RULES = _load_rules()
COLOURS: tuple[str, ...] = tuple(_RULES["colours"])
VALUES: tuple[int, ...] = tuple(range(_RULES["lowest"], _RULES["highest"] + 1))
COLOUR_INDEX: dict[str, int] = {c: i for i, c in enumerate(COLOURS)}
SET_SIZE = len(VALUES)
#: card name -> (colour, number); a card is written "colour-number", e.g. "red-7".
CARD_INFO: dict[str, tuple[str, int]] = {card_name(c, v): (c, v) for c in COLOURS for v in VALUES}
CARD_VALUE: dict[str, int] = {name: v for name, (_, v) in CARD_INFO.items()}
CARD_COLOUR: dict[str, str] = {name: c for name, (c, _) in CARD_INFO.items()}


_CARD_KEYS: dict[str, tuple[int, int]] = {name: (COLOUR_INDEX[c], -v) for name, (c, v) in CARD_INFO.items()}
#: Sort key: colour order, then highest number first (how the display and hands are shown).
card_key = _CARD_KEYS.__getitem__


_DECKS: Memo[tuple[str, ...], tuple[str, ...]] = Memo("etalage.decks", 256)  # every deal asks for the same few


def deck(colours: Sequence[str]) -> list[str]:
    """All cards of the given colour sets, in a fixed order (colour by colour, numbers rising)."""
    key = tuple(colours)
    found = _DECKS.get(key)
    if found is None:
        found = _DECKS.put(key, tuple(card_name(c, v) for c in key for v in VALUES))
    return list(found)


def first_colours(players: int) -> list[str]:
    """The colour sets of a new game: the first colours of the data file, one per player."""
    return list(COLOURS[:players])


def sorted_hands(hands: Sequence[list[str]]) -> list[list[str]]:
    """Hands as they are kept: in :func:`card_key` order."""
    return [sorted(hand, key=card_key) for hand in hands]


def hand_size(players: int) -> int:
    """Cards dealt to each player: the deck minus one display card per player, shared evenly (always 9)."""
    return (SET_SIZE * players - players) // players


def seat_after(seat: int, steps: int, players: int) -> int:
    """The seat ``steps`` places clockwise after ``seat``: clockwise is increasing seat number, wrapping round."""
    return (seat + steps) % players


#: players -> leader -> the seats in playing order from that leader (derived from :func:`seat_after`)
TURN_ORDER: dict[int, tuple[tuple[int, ...], ...]] = {
    n: tuple(tuple(seat_after(leader, i, n) for i in range(n)) for leader in range(n))
    for n in range(1, _RULES["max_players"] + 1)
}


def points(cards: Sequence[str]) -> int:
    """Points of won cards: the sum of their numbers."""
    return sum(map(CARD_VALUE.__getitem__, cards))


# ----- settling a trick (pure functions, shared with the bots) ------------------------------------------------
#: One card of a ranked trick: (strength of its colour, minus the colour's index, number, seat, card).
Ranked = tuple[int, int, int, int, str]
#: card -> (colour, number, minus the colour's index): what ranking a trick reads of a card
_RANK_KEY: dict[str, tuple[str, int, int]] = {name: (c, v, -COLOUR_INDEX[c]) for name, (c, v) in CARD_INFO.items()}


def _rank(plays: Sequence[tuple[int, str]]) -> tuple[list[Ranked], int]:
    """The settling rule, written once: every card of the trick, strongest first, and the tie cutoff.

    A colour's strength is the sum of its cards. Colours go strongest first (equal strengths in colour order),
    within a colour the highest card first. The cutoff is the highest strength two or more colours share (0: none,
    as every strength is at least 1): colours above it claim, those at it tie, those below are blocked. A strength
    above the cutoff belongs to one colour only, so the claim order is the cards above the cutoff, in this order.
    """
    key = _RANK_KEY
    strengths: dict[str, int] = {}
    for _, card in plays:
        colour, value, _ = key[card]
        strengths[colour] = strengths.get(colour, 0) + value
    cutoff = 0
    if len(set(strengths.values())) < len(strengths):
        seen: set[int] = set()
        for strength in strengths.values():
            if strength in seen and strength > cutoff:
                cutoff = strength
            seen.add(strength)
    ranked: list[Ranked] = []
    for seat, card in plays:
        colour, value, minus_index = key[card]
        ranked.append((strengths[colour], minus_index, value, seat, card))
    ranked.sort(reverse=True)
    return ranked, cutoff


def _order_of(rank: tuple[list[Ranked], int]) -> list[int]:
    """The claim order of a ranked trick: the seats of the cards above the tie cutoff, strongest first."""
    ranked, cutoff = rank
    return [r[3] for r in ranked if r[0] > cutoff]


def _ranking_of(rank: tuple[list[Ranked], int]) -> list[dict[str, Any]]:
    """The colours of a ranked trick, strongest first (see :func:`rank_colours`)."""
    ranked, cutoff = rank
    out: list[dict[str, Any]] = []
    entry: dict[str, Any] = {"colour": None}
    for strength, _, _, seat, card in ranked:
        colour = CARD_COLOUR[card]
        if colour != entry["colour"]:
            status = "claims" if strength > cutoff else "tied" if strength == cutoff else "blocked"
            entry = {"colour": colour, "strength": strength, "seats": [], "cards": [], "status": status}
            out.append(entry)
        entry["seats"].append(seat)
        entry["cards"].append(card)
    return out


def rank_colours(plays: Sequence[tuple[int, str]]) -> list[dict[str, Any]]:
    """The colours played in a trick, strongest first.

    Each entry: ``colour``, ``strength`` (sum of its cards), ``seats`` (its players, highest card first), ``cards``
    (the same order) and ``status``: ``"claims"`` (its players claim), ``"tied"`` (equal strength with another
    colour: nothing) or ``"blocked"`` (weaker than a tie: nothing). Equal strengths are listed in colour order.
    """
    return _ranking_of(_rank(plays))


_ORDERS: Memo[tuple[tuple[int, str], ...], tuple[int, ...]] = Memo("etalage.claim_orders", 8192)


def claim_order(plays: Sequence[tuple[int, str]]) -> list[int]:
    """The seats that claim, in order: strongest colour's players by descending card, then the next colour...

    Claiming stops at the first strength shared by two or more colours; those players and every weaker colour's
    players receive nothing. The bots ask this for every card they might play, and the same tricks come back
    again and again within a decision, so the answers are remembered in a bounded memo.
    """
    try:
        return list(_ORDERS.intern(tuple(plays), lambda: tuple(_order_of(_rank(plays)))))
    except TypeError:  # (seat, card) pairs given as lists: not hashable, so not remembered
        return _order_of(_rank(plays))


def display_groups(display: Sequence[str], presorted: bool = False) -> list[dict[str, Any]]:
    """The display grouped by colour (colour order), each group's cards highest first and its sum."""
    out: list[dict[str, Any]] = []
    colour = ""
    cards: list[str] = []
    total = 0
    for card in display if presorted else sorted(display, key=card_key):  # (a loop: faster than groupby)
        card_colour, value = CARD_INFO[card]
        if card_colour != colour:
            if cards:
                out.append({"colour": colour, "cards": cards, "sum": total})
            colour, cards, total = card_colour, [card], value
        else:
            cards.append(card)
            total += value
    if cards:
        out.append({"colour": colour, "cards": cards, "sum": total})
    return out


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

