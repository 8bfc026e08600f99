"""Skip-Bo's cards and moves: the numbers of the game (``skipbo.json``, validated), the cards, which card sets a deck
allows, and the actions."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from importlib import resources

from ...core.actions import Action, action_kinds

WILD = 0


# ----- rules data ------------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class SkipBoRules:
    """The numbers of the game, loaded from ``skipbo.json`` and validated."""

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

    def stocks_fit(self, players: int, stock: int) -> bool:
        """The deck rule, once (the rules data's check and the ``stock_size`` option's ask it): ``players`` stocks
        of ``stock`` cards and the first hands come out of one deck."""
        return players * (stock + self.hand_size) <= self.deck_size

    def copies(self, card: int) -> int:
        """How many copies of ``card`` the deck holds."""
        return self.wilds if card == WILD else self.copies_per_number


def load_rules(text: str | None = None) -> SkipBoRules:
    """Parse and validate the rules data; ``ValueError`` on anything inconsistent."""
    if text is None:
        text = resources.files(__package__).joinpath("skipbo.json").read_text()
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
        if not rules.stocks_fit(players, stock):
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


def is_card(value: int) -> bool:
    """Whether ``value`` is a Skip-Bo card: ``1..12``, or ``0`` for the wild."""
    return 0 <= value <= RULES.numbers


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
