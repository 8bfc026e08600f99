"""Level 8 rules data: the cards as tokens, the decks and the level sheets (read from ``level8_*.json`` beside it).

Cards are plain string tokens so that hands, tables, actions and saves read the same way:

- a number card is its colour code and number, ``"R7"`` or ``"B15"`` (each colour/number pair exists once);
- a joker in a hand is ``"J"``; a joker placed in a combination states its meaning: ``"J7"`` (stands for a 7, in
  runs and sets) or ``"JR"`` (stands for red, in colour groups);
- a skip card is ``"S"``.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from collections.abc import Sequence
from importlib import resources
from typing import Any

from ...core.memo import cached

KINDS = ("run", "set", "colour")
KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
JOKER = "J"
SKIP = "S"

Part = tuple[str, ...]  # (kind, card, card, ...)
Layout = tuple[Part, ...]


class RulesDataError(ValueError):
    """A data file of Level 8 is malformed (raised at load time, naming the file and the problem)."""


class PartError(ValueError):
    """A combination or a lay-out does not fit the rules; the message says which cards and why.

    ``why`` is a stable code of the problem (one of :data:`PART_PROBLEMS`) and ``params`` its JSON-safe details, so
    that a refusal can be worded in the reader's language (the page's ``refusal.level8.why.<why>``).
    """

    def __init__(self, message: str, why: str = "malformed", **params: Any) -> None:
        super().__init__(message)
        self.why = why
        self.params = params


# every ``PartError.why`` (docs/api.md "Refusal codes", Level 8): what is wrong with a combination or a lay-out
PART_PROBLEMS = frozenset({
    "malformed", "not_a_card", "skip_in_part", "joker_choice", "no_reading", "joker_meaning", "run_repeats",
    "run_wraps", "run_gap", "set_mixed", "colour_mixed", "too_many_jokers", "not_in_hand", "missing_part",
    "extra_part", "too_short", "empties_hand",
})


# ----- data -------------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Edition:
    """One deck composition."""

    name: str
    title: str
    jokers: int
    skips: int
    total: int


@dataclasses.dataclass(frozen=True)
class Deck:
    """Colours, number range and editions from ``level8_decks.json``."""

    colours: tuple[str, ...]  # codes, in display order
    colour_names: tuple[str, ...]
    low: int
    high: int
    editions: dict[str, Edition]

    def cards(self, edition: str) -> list[str]:
        """Every physical card of ``edition`` as tokens (number cards, jokers, skips)."""
        ed = self.editions[edition]
        out = [f"{c}{n}" for c in self.colours for n in range(self.low, self.high + 1)]
        return out + [JOKER] * ed.jokers + [SKIP] * ed.skips


@dataclasses.dataclass(frozen=True)
class Requirement:
    """One part of a level: a kind and a minimum number of cards."""

    kind: str
    size: int

    def text(self) -> str:
        """Words for the level sheet."""
        if self.kind == "run":
            return f"run of {self.size}"
        if self.kind == "colour":
            return f"{self.size} cards of one colour"
        names = {2: "pair", 3: "triple", 4: "quadruple"}
        return names.get(self.size, f"{self.size} of a kind")


@dataclasses.dataclass(frozen=True)
class Sheet:
    """A level sheet: eight levels plus the optional keep-cards rule."""

    name: str
    title: str
    label: str
    levels: tuple[tuple[Requirement, ...], ...]
    keep_levels: tuple[int, ...]
    keep_cards: int

    def level_text(self, level: int) -> str:
        """The requirement of ``level`` (1-based) in words, e.g. ``"2 runs of 3"``."""
        return _level_text(self.levels[level - 1])

    def to_json(self) -> dict[str, Any]:
        """The sheet as the view shows it (a fresh copy each time)."""
        out: dict[str, Any] = json.loads(_sheet_json(self))
        return out


@cached()
def _sheet_json(sheet: Sheet) -> str:
    return json.dumps({
        "name": sheet.name,
        "title": sheet.title,
        "label": sheet.label,
        "levels": [
            {"level": i + 1, "parts": [{"kind": r.kind, "size": r.size} for r in reqs]}
            for i, reqs in enumerate(sheet.levels)
        ],
        "keep": {"levels": list(sheet.keep_levels), "cards": sheet.keep_cards} if sheet.keep_cards else None,
    })


@cached()
def _level_text(reqs: tuple[Requirement, ...]) -> str:
    """A level's parts in words, cached (views ask for it on every call)."""
    counts = Counter(reqs)
    words = []
    for req in dict.fromkeys(reqs):
        n = counts[req]
        t = req.text()
        if n == 1:
            words.append(t if req.kind == "colour" else f"1 {t}")
        else:
            plural = t.replace("run of", "runs of").replace("cards of one colour", "groups of one colour")
            if plural == t and not t.startswith(("run", "groups")):
                plural = t + "s"
            words.append(f"{n} {plural}")
    return " + ".join(words)


def _load_json(name: str) -> Any:
    text = resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
    return json.loads(text)


def parse_deck(data: Any, where: str = "level8_decks.json") -> Deck:
    """Validate and build the deck description; :class:`RulesDataError` names the problem."""

    def need(cond: object, msg: str) -> None:
        if not cond:
            raise RulesDataError(f"{where}: {msg}")

    need(isinstance(data, dict), "must be an object")
    colours = data.get("colours")
    need(isinstance(colours, list) and len(colours) >= 1, "'colours' must be a non-empty list")
    codes = []
    names = []
    for c in colours:
        need(isinstance(c, dict) and isinstance(c.get("code"), str) and isinstance(c.get("name"), str),
             f"colour {c!r} needs a string code and name")
        code = c["code"]
        need(len(code) == 1 and code.isupper() and code not in (JOKER, SKIP) and code not in codes,
             f"colour code {code!r} must be one unique capital letter other than J and S")
        codes.append(code)
        names.append(c["name"])
    low, high = data.get("low"), data.get("high")
    need(isinstance(low, int) and isinstance(high, int) and 1 <= low < high <= 99, "'low'/'high' are wrong")
    editions = {}
    eds = data.get("editions")
    need(isinstance(eds, dict) and eds, "'editions' must be a non-empty object")
    for name, ed in eds.items():
        need(isinstance(ed, dict), f"edition {name!r} must be an object")
        vals = [ed.get(k) for k in ("jokers", "skips", "total")]
        need(all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in vals),
             f"edition {name!r} needs whole numbers jokers, skips, total")
        jokers, skips, total = vals
        need(total == len(codes) * (high - low + 1) + jokers + skips,
             f"edition {name!r}: total {total} does not match its cards")
        need(isinstance(ed.get("title"), str), f"edition {name!r} needs a title")
        editions[name] = Edition(name, ed["title"], jokers, skips, total)
    return Deck(tuple(codes), tuple(names), low, high, editions)


def parse_sheets(data: Any, where: str = "level8_sheets.json") -> dict[str, Sheet]:
    """Validate and build the level sheets; :class:`RulesDataError` names the sheet and level at fault."""

    def need(cond: object, msg: str) -> None:
        if not cond:
            raise RulesDataError(f"{where}: {msg}")

    need(isinstance(data, dict) and isinstance(data.get("sheets"), dict) and data["sheets"], "needs 'sheets'")
    out = {}
    for name, sheet in data["sheets"].items():
        need(isinstance(sheet, dict), f"sheet {name!r} must be an object")
        need(isinstance(sheet.get("title"), str) and isinstance(sheet.get("label"), str),
             f"sheet {name!r} needs a title and a label")
        levels = sheet.get("levels")
        need(isinstance(levels, list) and len(levels) == 8, f"sheet {name!r} must have exactly 8 levels")
        parsed = []
        for i, level in enumerate(levels, 1):
            need(isinstance(level, list) and level, f"sheet {name!r} level {i} must be a non-empty list")
            reqs = []
            for part in level:
                need(isinstance(part, dict) and part.get("kind") in KINDS,
                     f"sheet {name!r} level {i}: kind must be one of {KINDS}")
                size = part.get("size")
                need(isinstance(size, int) and not isinstance(size, bool) and 2 <= size <= 10,
                     f"sheet {name!r} level {i}: size must be 2..10")
                reqs.append(Requirement(part["kind"], size))
            need(sum(r.size for r in reqs) <= 10, f"sheet {name!r} level {i} needs more than 10 cards")
            parsed.append(tuple(reqs))
        keep = sheet.get("keep")
        keep_levels: tuple[int, ...] = ()
        keep_cards = 0
        if keep is not None:
            need(isinstance(keep, dict) and isinstance(keep.get("levels"), list)
                 and all(isinstance(x, int) and 1 <= x <= 8 for x in keep["levels"])
                 and isinstance(keep.get("cards"), int) and 1 <= keep["cards"] <= 9,
                 f"sheet {name!r}: 'keep' needs levels 1..8 and cards 1..9")
            keep_levels = tuple(keep["levels"])
            keep_cards = keep["cards"]
        out[name] = Sheet(name, sheet["title"], sheet["label"], tuple(parsed), keep_levels, keep_cards)
    return out


DECK = parse_deck(_load_json("level8_decks.json"))
SHEETS = parse_sheets(_load_json("level8_sheets.json"))


def deck_json(edition: str) -> dict[str, Any]:
    """The public deck description the app draws with: colour codes and names, the number range, the edition."""
    ed = DECK.editions[edition]
    return {"colours": [{"code": c, "name": n} for c, n in zip(DECK.colours, DECK.colour_names, strict=True)],
            "low": DECK.low, "high": DECK.high, "edition": ed.name, "title": ed.title, "jokers": ed.jokers,
            "skips": ed.skips, "total": ed.total}


COLOUR_INDEX = {c: i for i, c in enumerate(DECK.colours)}
NUMBER_CARDS: dict[str, tuple[str, int]] = {
    f"{c}{n}": (c, n) for c in DECK.colours for n in range(DECK.low, DECK.high + 1)
}


# ----- cards ------------------------------------------------------------------------------------------------


def physical(token: str) -> str:
    """The physical card behind a token on the table: a declared joker ``J7``/``JR`` is the joker ``J``."""
    return JOKER if token[0] == JOKER else token


def is_card(token: Any) -> bool:
    """Whether ``token`` names a physical card (number card, ``J`` or ``S``)."""
    return isinstance(token, str) and (token in NUMBER_CARDS or token in (JOKER, SKIP))


def card_key(token: str) -> tuple[int, int, int]:
    """Sort key for hands: numbers by (number, colour), then jokers, then skips."""
    if token in NUMBER_CARDS:
        c, n = NUMBER_CARDS[token]
        return (0, n, COLOUR_INDEX[c])
    return (1 if token[0] == JOKER else 2, 0, 0)


# the hand order of :func:`card_key` as one integer per physical card (for inserting a drawn card in place)
HAND_ORDER: dict[str, int] = {
    t: i for i, t in enumerate(sorted([*NUMBER_CARDS, JOKER, SKIP], key=card_key))
}


def sort_cards(tokens: Sequence[str]) -> list[str]:
    """``tokens`` in the canonical hand order."""
    return sorted(tokens, key=card_key)
