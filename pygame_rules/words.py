"""Events and refusals in words, for the Python API and the CLI, from the same catalogues the page uses.

The engine's events and refusals are data: a ``type`` (or a ``reason`` code) and fields. This module words them in
one of the four languages from the words catalogues shipped with the package (``pygame_rules/i18n/<lang>.json``,
the one source of words per language; the site's build copies them for the page, docs/i18n.md). It reads the same
keys as the page's ``web/js/words/log-words.js`` and fills them the same way, line for line: an event is worded from
``log.<game>.<type>`` (``log.<type>`` for a match's events), a refusal from ``refusal.<game>.<reason>``; cards are
named as the game names them, players by their names (``Seat 1``... counted from 1 when none are given), piles
counted from 1. ``tests/test_words.py`` holds the two describers equal over every event of the reference games and
many real refusals, in all four languages. English is the ``en`` catalogue: there is no English sentence here.

Nothing here runs while a game is played: the engine builds no words, and a refusal's English ``message`` is worded
only when somebody reads it. The site ships the engine without the catalogues (the page words everything itself);
there, asking for words raises :class:`MissingWords`, and :func:`refusal_message` falls back to the reason code.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

__all__ = [
    "LANGS", "CATALOGUE_DIR", "MissingWords", "Describer", "catalogue", "words", "seat_names", "card_name",
    "describe_event", "describe_events", "describe_refusal", "refusal_message",
]

#: The languages of the catalogues, English first (the fallback when a catalogue lacks a key).
LANGS: tuple[str, ...] = ("en", "nl", "de", "fr")
#: Where the catalogues live in a source checkout or an installed package (``<lang>.json``, flat "key": "text").
CATALOGUE_DIR = Path(__file__).with_name("i18n")
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
# the shape of a card of each game, as the engine writes it (anything else is named as it was written)
_CARD = {"skipbo": re.compile(r"^\d+$"), "topspot": re.compile(r"^(joker|[a-z]+-\d+)$"),
         "etalage": re.compile(r"^[a-z]+-\d+$"), "level8": re.compile(r"^(S|J|J\d+|J[A-Z]|[A-Z]\d+)$")}
_KINDS = {"run": "log.level8.kind_run", "set": "log.level8.kind_set", "colour": "log.level8.kind_colour"}
_TOPSPOT_ENDS = {"last_cards": "log.topspot.reason_last_cards", "only_one": "log.topspot.reason_only_one",
                 "nobody": "log.topspot.reason_nobody"}


class MissingWords(LookupError):
    """A key in no catalogue, an event this module cannot word, or catalogues left out of this build."""


@cache
def catalogue(lang: str) -> dict[str, Any]:
    """The words catalogue of ``lang`` (one of :data:`LANGS`), read once from the package."""
    if lang not in LANGS:
        raise MissingWords(f"no catalogue for language {lang!r}; the languages are {', '.join(LANGS)}")
    try:
        text = resources.files("pygame_rules").joinpath("i18n", f"{lang}.json").read_text(encoding="utf-8")
    except FileNotFoundError as exc:  # the site's build of the engine leaves them out (tools/build_site.py)
        raise MissingWords(f"the words catalogues are not part of this build of pygame_rules ({lang})") from exc
    found: dict[str, Any] = json.loads(text)
    return found


def _js(value: Any) -> str:
    """``value`` as JavaScript's ``String()`` writes it, so both describers fill a placeholder alike."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (list, tuple)):
        return ",".join("" if v is None else _js(v) for v in value)
    return str(value)


def _plural(lang: str, n: float) -> str:
    """The CLDR plural category of ``n`` in ``lang`` (what ``Intl.PluralRules(lang).select(n)`` answers)."""
    whole = float(n).is_integer()
    if lang == "fr":
        if 0 <= n < 2:
            return "one"
        return "many" if whole and n != 0 and int(n) % 1_000_000 == 0 else "other"
    return "one" if n == 1 and whole else "other"


def words(key: str, params: Mapping[str, Any] | None = None, lang: str = "en") -> str:
    """The text of ``key`` in ``lang`` (English when that catalogue lacks it), placeholders filled from ``params``.

    A plural entry (``{"one": ..., "other": ...}``) is chosen by the ``n`` parameter. A key in no catalogue raises
    :class:`MissingWords` (the page shows the key and records it; the tests keep both lists empty).
    """
    params = params or {}
    value = catalogue(lang).get(key)
    if value is None:
        value = catalogue("en").get(key)
    if value is None:
        raise MissingWords(f"no words for {key!r}")
    if isinstance(value, dict):
        n = params.get("n")
        value = value.get(_plural(lang, float(n or 0)), value["other"])
    return _PLACEHOLDER.sub(lambda m: _js(params[m.group(1)]) if m.group(1) in params else m.group(0), str(value))


def seat_names(players: int, lang: str = "en") -> list[str]:
    """Default names of the seats: "Seat 1", "Seat 2"... counted from 1, in ``lang``."""
    return [words("newgame.seat", {"n": seat + 1}, lang) for seat in range(players)]


@cache
def _level8_colours() -> dict[str, str]:
    """Level 8's colour codes and their English names, from the game's deck data ("R" -> "red")."""
    data = resources.files("pygame_rules").joinpath("games", "level8", "level8_decks.json").read_text(encoding="utf-8")
    return {c["code"]: c["name"] for c in json.loads(data)["colours"]}


def _colour(name: Any, lang: str) -> str:
    """A colour's name in ``lang``; a name that is no colour of the games (a made-up one) as it was written."""
    key = f"colour.{name}"
    return words(key, None, lang) if key in catalogue("en") else _js(name)


def _level8_colour(code: str, lang: str) -> str:
    name = _level8_colours().get(code)
    return _colour(name, lang) if name else code


def _topspot_colour(colour: str, lang: str) -> str:
    if colour == "joker":
        return words("topspot.joker", None, lang)
    return _colour(colour, lang) if colour in ("red", "yellow", "green", "blue", "purple") else colour


def card_name(game: str, card: Any, lang: str = "en", *, stands: Any = None) -> str:
    """A card as the game names it in ``lang``: Skip-Bo "7" / "a Skip-Bo card as 5", Top Spot and Etalage
    "red 7", Level 8 "red 7" / "joker as red" / "skip card" (never an engine id such as ``red-7`` or ``R7``)."""
    shape = _CARD.get(game)
    if shape is None or isinstance(card, bool) or not isinstance(card, (str, int)) or not shape.match(str(card)):
        return _js(card)  # not a card of this game at all (a refusal of a made-up name): shown as it was written
    if game == "skipbo":
        if card != 0:
            return _js(card)
        return words("log.skipbo.wild_as", {"value": stands}, lang) if stands else words("log.skipbo.wild", None, lang)
    token = str(card)
    if game == "topspot":
        if card == "joker":
            return words("topspot.joker", None, lang)
        at = token.rindex("-")
        return words("topspot.card", {"colour": _topspot_colour(token[:at], lang), "n": int(token[at + 1:])}, lang)
    if game == "etalage":
        at = token.rindex("-")
        return words("topspot.card", {"colour": _colour(token[:at], lang), "n": token[at + 1:]}, lang)
    if game == "level8":
        if card == "S":
            return words("level8.skip_card", None, lang)
        if card == "J":
            return words("topspot.joker", None, lang)
        if token[0] == "J":
            rest = token[1:]
            return words("level8.joker_as", {"value": int(rest) if rest.isdigit() else _level8_colour(rest, lang)},
                         lang)
        return words("topspot.card", {"colour": _level8_colour(token[0], lang), "n": int(token[1:])}, lang)
    return _js(card)


def _list(items: Sequence[str], lang: str, last: str = "common.and") -> str:
    """"a, b and c" in ``lang``."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + words(last, None, lang) + items[-1]


class _Names:
    """Seat names by seat: the ones given, else "Seat N" (counted from 1); "undefined" for no seat, as the page."""

    def __init__(self, names: Sequence[str] | None, lang: str) -> None:
        self.names = list(names) if names is not None else None
        self.lang = lang

    def __getitem__(self, seat: Any) -> str:
        if self.names is not None:
            if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(self.names):
                return self.names[seat]
            return "undefined"
        if isinstance(seat, int) and not isinstance(seat, bool) and seat >= 0:
            return words("newgame.seat", {"n": seat + 1}, self.lang)
        return "undefined"

    def known(self, seat: Any) -> str | None:
        """The seat's name, or ``None`` when names were given and this seat has none (the page's ``??``)."""
        name = self[seat]
        return None if name == "undefined" else name


def _has(event: Mapping[str, Any], *fields: str) -> bool:
    return all(event.get(f) is not None for f in fields)


class Describer:
    """Words the events of one game in order, as the page's ``logLines`` does.

    Ordered because a Top Spot ``play`` is a lead after a round starts (its event does not say so), and a Level 8
    addition names the kind of the part it joins from ``view`` (a seat's view: its ``table`` and ``sheet``).
    """

    def __init__(self, game: str, *, names: Sequence[str] | None = None, lang: str = "en",
                 view: Mapping[str, Any] | None = None) -> None:
        self.game = game
        self.lang = lang
        self.names = _Names(names, lang)
        self.view = view
        self.lead_next = True
        self.led: str | None = None
        self._worders: dict[str, Callable[[Mapping[str, Any]], str | None]] = {
            "skipbo": self._skipbo, "topspot": self._topspot, "level8": self._level8, "etalage": self._etalage,
        }

    def describe(self, event: Mapping[str, Any]) -> str:
        """One event (its public or redacted form; any ``text`` field is ignored) as a line of the log."""
        line = self._match(event)
        if line is None and self.game in self._worders:
            line = self._worders[self.game](event)
        if line is None:
            raise MissingWords(f"no words for a {self.game} event {event.get('type')!r} with fields "
                               f"{sorted(k for k in event if k != 'text')}")
        return line

    # ----- helpers --------------------------------------------------------------------------------------------
    def _w(self, key: str, **params: Any) -> str:
        return words(key, params, self.lang)

    def _per_seat(self, values: Sequence[Any]) -> str:
        """"Seat 1 6 · Seat 2 0": points per seat in words, never a Python list."""
        return " · ".join(f"{self.names.known(s) or s + 1} {_js(v)}" for s, v in enumerate(values))

    def _who(self, seats: Sequence[int]) -> str:
        return _list([self.names[s] for s in seats], self.lang)

    def _card(self, card: Any, stands: Any = None) -> str:
        return card_name(self.game, card, self.lang, stands=stands)

    # ----- events every game with matches shares (core/match.py) ----------------------------------------------
    def _match(self, e: Mapping[str, Any]) -> str | None:
        kind = e.get("type")
        if kind == "game_end":
            return self._w("log.game_end", n=e["game_number"], totals=self._per_seat(e["totals"])) \
                if _has(e, "game_number", "totals") else None
        if kind == "game_start":
            self.lead_next = True
            return self._w("log.game_start", n=e["game_number"]) if _has(e, "game_number") else None
        if kind == "match_end":
            winners = e.get("winners") or []
            totals = e.get("totals") or []
            points = totals[winners[0]] if winners and winners[0] < len(totals) else ""
            return self._w("log.match_end", names=self._who(winners), n=len(winners), points=points)
        return None

    # ----- one worder per game ----------------------------------------------------------------------------------
    def _skipbo(self, e: Mapping[str, Any]) -> str | None:
        kind, name = e.get("type"), self.names[e.get("player")]
        if kind in ("play_hand", "play_stock", "play_discard"):
            if not _has(e, "card", "pile"):
                return None
            card, pile = self._card(e["card"], e.get("value")), e["pile"] + 1
            if kind == "play_discard":
                # (a log saved before play events carried their discard pile has it in the event's action)
                n = e.get("discard", (e.get("action") or {}).get("discard")) or 0
                n += 1
                return self._w("log.skipbo.play_discard", name=name, card=card, pile=pile, n=n)
            return self._w(f"log.skipbo.{kind}", name=name, card=card, pile=pile)
        if kind == "discard":
            return self._w("log.skipbo.discard", name=name, card=self._card(e["card"]), n=e["discard"] + 1) \
                if _has(e, "card", "discard") else None
        if kind == "draw":
            cards = e.get("cards")
            drew = self._w("log.skipbo.draw_cards", name=name, n=e.get("count"),
                           cards=", ".join(self._card(v) for v in cards)) if cards is not None \
                else self._w("log.skipbo.draw", name=name, n=e.get("count") or 0)
            return f"{drew} {self._w('log.skipbo.recycled')}" if e.get("recycled") else drew
        if kind == "complete":
            return self._w("log.skipbo.complete", pile=e["pile"] + 1) if _has(e, "pile") else None
        if kind == "end_turn":
            return self._w("log.skipbo.end_turn", name=name)
        if kind == "game_over":
            winners = e.get("winners") or []
            key = "log.skipbo.stalemate" if e.get("reason") == "stalemate" else "log.skipbo.stock_empty"
            return self._w(key, names=self._who(winners), n=len(winners))
        return None

    def _topspot(self, e: Mapping[str, Any]) -> str | None:
        kind, name = e.get("type"), self.names[e.get("player")]
        if kind == "play":
            if not _has(e, "cards", "value"):
                return None
            stack = self._w("topspot.over").join(self._card(c) for c in e["cards"])
            lead, self.lead_next = self.lead_next, False
            if lead:
                self.led = e.get("colour")
                colour = _colour(e["colour"], self.lang) if e.get("colour") else ""
                return self._w("log.topspot.leads", name=name, colour=colour, stack=stack, value=e["value"])
            if e.get("follows") is False:
                colour = _colour(self.led, self.lang) if self.led else ""
                return self._w("log.topspot.off", name=name, colour=colour, stack=stack, value=e["value"])
            return self._w("log.topspot.follows", name=name, stack=stack, value=e["value"])
        if kind == "round_won":
            self.lead_next = True
            return self._w("log.topspot.round_won", name=self.names[e["winner"]], value=e["value"],
                           cards=self._w("topspot.cards", n=len(e.get("cards") or []))) \
                if _has(e, "winner", "value") else None
        if kind == "round_start":
            self.lead_next = True
            return self._w("log.topspot.round_start", round=e["round"], name=self.names[e["leader"]]) \
                if _has(e, "round", "leader") else None
        if kind == "tiebreak":
            self.lead_next = True
            number = e.get("number")
            return self._w("log.topspot.tiebreak", names=self._who(e.get("tied") or e.get("players") or []),
                           n=1 if number is None else number)
        if kind == "round_void":
            self.lead_next = True
            return self._w("log.topspot.round_void", names=self._who(e.get("tied") or []))
        if kind == "bonus":
            points = e.get("points")
            return self._w("log.topspot.bonus", name=name, n=1 if points is None else points)
        if kind == "end":
            scores = self._per_seat(e.get("scores") or [])
            key = _TOPSPOT_ENDS.get(e.get("end_code") or "")
            if key is None:
                return self._w("log.topspot.end", scores=scores)
            player = e.get("end_player")
            reason = self._w(key, name="" if player is None else (self.names.known(player) or ""))
            return self._w("log.topspot.end_reason", reason=reason, scores=scores) if reason \
                else self._w("log.topspot.end", scores=scores)
        return None

    def _level8(self, e: Mapping[str, Any]) -> str | None:
        kind, name = e.get("type"), self.names[e.get("player")]

        def part_kind(k: Any) -> str:
            return self._w(_KINDS[k]) if k in _KINDS else _js(k)

        if kind == "deal":
            return self._w("log.level8.deal", n=e["deal"], name=self.names[e["dealer"]],
                           card=self._card(e["up_card"]) if e.get("up_card") else "–") \
                if _has(e, "deal", "dealer") else None
        if kind == "draw":
            return self._w("log.level8.draw_card", name=name, card=self._card(e["card"])) if e.get("card") \
                else self._w("log.level8.draw", name=name)
        if kind == "take_discard":
            if not _has(e, "card", "seat"):
                return None
            key = "log.level8.take_own" if e["seat"] == e.get("player") else "log.level8.take_discard"
            return self._w(key, name=name, card=self._card(e["card"]), owner=self.names[e["seat"]])
        if kind == "take_nothing":
            return self._w("log.level8.take_nothing", name=name)
        if kind == "lay_out":
            if not _has(e, "level", "parts"):
                return None
            parts = "; ".join(f"{part_kind(p[0])} {', '.join(self._card(c) for c in p[1:])}" for p in e["parts"])
            return self._w("log.level8.lay_out", name=name, level=e["level"], parts=parts)
        if kind == "add":
            if not _has(e, "card", "seat"):
                return None
            of = self._table_part_kind(e["seat"], e.get("part"))
            return self._w("log.level8.add", name=name, card=self._card(e["card"]), owner=self.names[e["seat"]],
                           part=self._w(_KINDS[of]) if of in _KINDS else self._w("level8.combination"))
        if kind == "discard":
            return self._w("log.level8.discard", name=name, card=self._card(e["card"])) if _has(e, "card") else None
        if kind == "skip":
            return self._w("log.level8.skip", name=name, target=self.names[e["target"]]) if _has(e, "target") \
                else None
        if kind in ("serve_skip", "go_out"):
            return self._w(f"log.level8.{kind}", name=name)
        if kind == "deal_end":
            return self._w("log.level8.deal_end", n=e["deal"], moves=", ".join(
                f"{self.names[s]} +{_js(m)}" for s, m in enumerate(e["moves"]))) if _has(e, "deal", "moves") else None
        if kind == "keep_start":
            keep = ((self.view or {}).get("sheet") or {}).get("keep") or {}
            return self._w("log.level8.keep_start", names=self._who(e.get("seats") or []),
                           n=4 if keep.get("cards") is None else keep["cards"])
        if kind == "keep":
            if e.get("cards") is not None:
                cards = e["cards"]
                return self._w("log.level8.keep_cards", name=name, n=len(cards),
                               cards=", ".join(self._card(c) for c in cards) or "–")
            return self._w("log.level8.keep", name=name, n=e.get("count") or 0)
        if kind == "rebuild":
            key = "log.level8.rebuild_skip" if e.get("skips") else "log.level8.rebuild"
            return self._w(key, n=e.get("count") or 0)
        if kind == "win":
            if e.get("how") == "out":
                return self._w("log.level8.win_out", name=name, level=e.get("level"))
            return self._w("log.level8.win", name=name)
        return None

    def _table_part_kind(self, seat: Any, part: Any) -> Any:
        """The kind of part ``part`` of ``seat`` on the view's table (``None`` without a view)."""
        try:
            return (self.view or {})["table"][seat][part]["kind"]
        except (KeyError, IndexError, TypeError):
            return None

    def _etalage(self, e: Mapping[str, Any]) -> str | None:
        kind, name = e.get("type"), self.names[e.get("player")]
        if kind == "play":
            return self._w("log.etalage.play", name=name, card=self._card(e["card"])) if _has(e, "card") else None
        if kind == "settle":
            ranking = e.get("ranking")
            if not ranking:
                return None
            colours = ", ".join(f"{_colour(r['colour'], self.lang)} {_js(r['strength'])}" for r in ranking)
            if ranking[0].get("status") == "claims" and e.get("claim_order"):
                return self._w("log.etalage.settle", colours=colours, name=self.names[e["claim_order"][0]])
            return self._w("log.etalage.settle_tie", colours=colours)
        if kind == "claim":
            if not e.get("colour"):
                return self._w("log.etalage.claim_nothing", name=name)
            numbers = ", ".join(c[c.rindex("-") + 1:] for c in e.get("cards") or [])
            return self._w("log.etalage.claim", name=name, colour=_colour(e["colour"], self.lang), numbers=numbers)
        if kind == "trick_end":
            return self._w("log.etalage.trick_end", name=self.names[e["leader"]]) if _has(e, "leader") else None
        if kind == "game_over":
            winners = e.get("winners") or []
            return self._w("log.etalage.game_over", scores=self._per_seat(e.get("scores") or []),
                           names=self._who(winners), n=len(winners))
        return None


def describe_events(game: str, events: Sequence[Mapping[str, Any]], *, names: Sequence[str] | None = None,
                    lang: str = "en", view: Mapping[str, Any] | None = None) -> list[str]:
    """The events of ``game`` (in order, as ``apply`` returned them or a log holds them) as lines of the log."""
    describer = Describer(game, names=names, lang=lang, view=view)
    return [describer.describe(event) for event in events]


def describe_event(game: str, event: Mapping[str, Any], *, names: Sequence[str] | None = None,
                   lang: str = "en") -> str:
    """One event of ``game`` as a line of the log, in ``lang`` (players "Seat 1"... unless ``names`` are given).

    Worded on its own: a Top Spot play is worded as a lead (use :func:`describe_events` or a :class:`Describer`
    to word a whole log, which knows who led). Raises :class:`MissingWords` for an event it cannot word.
    """
    return Describer(game, names=names, lang=lang).describe(event)


# ----- refusals --------------------------------------------------------------------------------------------------
def _reason_key(game: str, reason: str, params: Mapping[str, Any]) -> str:
    """The catalogue key of a refusal reason (Level 8's wrong phase and two Skip-Bo reasons have variants)."""
    if game == "level8" and reason == "wrong_phase":
        took = params.get("action") in ("draw", "take_discard", "take_nothing")
        return f"refusal.level8.wrong_phase_{'took' if params.get('phase') == 'play' and took else params.get('phase')}"
    if game == "skipbo" and reason == "no_such_pile":
        return f"refusal.skipbo.no_such_pile_{params.get('kind')}"
    if game == "topspot" and reason == "does_not_raise" and params.get("shows") is False:
        return "refusal.topspot.does_not_raise_hidden"  # a card that would show none of its own spots says so
    if game == "skipbo" and reason == "not_your_pile" and params.get("partnership"):
        return "refusal.skipbo.not_your_pile_partner"
    return f"refusal.{game}.{reason}"


def _has_key(key: str, lang: str) -> bool:
    return key in catalogue(lang) or key in catalogue("en")


def _param_words(game: str, key: str, value: Any, names: _Names, lang: str) -> Any:
    """How a refusal parameter is named in words (as the page's ``PARAM_WORDS``); others stay as they are."""
    if key == "card":
        return card_name(game, value, lang)
    if key in ("colour", "led"):
        return _colour(value, lang)
    if key == "given":
        return "" if value is None else _colour(value, lang)
    if key in ("colours", "present"):
        return _list([_colour(c, lang) for c in value or []], lang)
    if key in ("seat", "owner"):
        return names.known(value) or words("refusal.player", {"n": int(value) + 1}, lang)
    if key in ("pile", "discard", "part"):
        return int(value) + 1
    if key == "source":
        return words(f"refusal.source.{value}", None, lang)
    if key == "kind":
        return words(_KINDS[value], None, lang) if game == "level8" and value in _KINDS else value
    if key == "cards":
        return ", ".join(card_name(game, c, lang) for c in value or [])
    if key == "numbers":
        return _list([_js(n) for n in value or []], lang)
    if key == "values":
        return _list([_js(x) if isinstance(x, (int, float)) and not isinstance(x, bool)
                      else _level8_colour(x, lang) if game == "level8" else _colour(x, lang) for x in value or []],
                     lang, "common.or")
    return value


def describe_refusal(game: str, reason: str, params: Mapping[str, Any] | None = None, *,
                     names: Sequence[str] | None = None, lang: str = "en") -> str:
    """A refusal of ``game`` (its ``reason`` code and ``params``) as a sentence in ``lang``.

    Worded from ``refusal.<game>.<reason>`` as the page words it (players "player 1"... unless ``names`` are given),
    with Level 8's second sentence on what is wrong with the cards; a reason the catalogues lack gets the general
    line "That move is not allowed now."
    """
    params = dict(params or {})
    key = _reason_key(game, reason, params)
    if not _has_key(key, lang):
        return words("refusal.illegal_action", None, lang)
    seats = _Names(names if names is not None else [], lang)
    filled = {k: _param_words(game, k, v, seats, lang) for k, v in params.items()}
    text = words(key, filled, lang)
    why = f"refusal.{game}.why.{params['why']}" if params.get("why") else ""
    if why and _has_key(why, lang):
        text = f"{text} {words(why, filled, lang)}"
    return text[:1].upper() + text[1:]


def refusal_message(game: str, reason: str, params: Mapping[str, Any] | None = None) -> str:
    """The English ``message`` of a refusal (:class:`~pygame_rules.core.errors.IllegalAction`), worded when read.

    Where the catalogues are not shipped (the site's engine: the page words refusals itself), the reason code
    and its parameters stand in for the sentence.
    """
    try:
        return describe_refusal(game, reason, params)
    except (MissingWords, LookupError, TypeError, ValueError):  # words must never make a refusal fail
        return f"{game}: {reason} {json.dumps(dict(params or {}), sort_keys=True)}"

