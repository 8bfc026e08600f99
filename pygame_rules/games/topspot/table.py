"""Top Spot's declaration and records: the options, the match, the cards and plays kept on the table, how a game
ends (and the English end reasons of older saves, read when loading them)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal, TypedDict

from ...core.game import GameInfo, OptionSpec
from ...core.match import MatchRules
from ...core.table import Count, Is, Seat, codec_for
from .deck import DECK, SPOTS


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


def jokers_in_game(players: int, options: Mapping[str, Any]) -> int:
    """The jokers of a game: one per player at the expert level, none at the junior level."""
    return players if options["level"] == "expert" else 0


def left_of(dealer: int, players: int) -> int:
    """The seat to the dealer's left (the next seat clockwise), who leads the first round."""
    return (dealer + 1) % players


# ----- the table ---------------------------------------------------------------------------------------------------
Card = Annotated[str, Is(lambda c: c in SPOTS, "a Top Spot card")]
Colour = Annotated[str, Is(lambda c: c in DECK.colours, "a Top Spot colour")]


class TablePlay(TypedDict):
    """One play of the round in progress (face up on the table)."""

    player: Seat
    cards: list[Card]  # top to bottom
    colour: Colour
    value: Count
    follows: bool


class LastRound(TypedDict):
    """The round just settled, as the view explains it."""

    round: Count
    tiebreak: Count
    led_colour: Colour | None
    plays: list[TablePlay]
    best: Count
    tied: list[Seat]
    winner: Seat | None
    cards: list[Card]


LAST_ROUND = codec_for(LastRound)


# ----- the game ----------------------------------------------------------------------------------------------------
#: How a game ends, as the table, the end event and the result keep it (``end_code``, with ``end_player`` the seat
#: it names): the winner of a round had no cards left, one player still had cards, nobody had cards left.
EndCode = Literal["last_cards", "only_one", "nobody"]

#: The English that saves written before the end became a code kept in ``end_reason`` (read when loading them only).
_OLD_END_TEXTS: dict[str, str] = {
    "last_cards": "seat {seat} won a round with their last card(s)",
    "only_one": "seat {seat} was the only player with cards left",
    "nobody": "nobody has cards left",
}


def old_end_code(reason: Any, players: int) -> tuple[str | None, int | None]:
    """The code and seat of an older save's ``end_reason`` text; ``(None, None)`` for any other text (a scenario
    could give its own) or none."""
    for code, words in _OLD_END_TEXTS.items():
        for seat in range(players) if "{seat}" in words else (None,):
            if words.format(seat=seat) == reason:
                return code, seat
    return None, None
