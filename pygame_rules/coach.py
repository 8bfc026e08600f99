"""The coach: which rule situations a seat meets right now, for one-line tips in real games (docs/lessons.md).

:func:`situations` reads only what the seat may know (its table: view, legal actions, the log lines it was shown),
so a tip never reveals a hidden card. The page words each situation in the reader's language
(``coach.<game>.<situation>`` in pygame_rules/i18n) and shows each one the first time it arises; it never blocks play.

Situations, per game (each states a rule, and maps to a rules-page section in :data:`SECTIONS`):

- Skip-Bo: ``wild`` (you may play a Skip-Bo card), ``stock`` (your stock card fits a building pile),
  ``finished`` (a building pile reached 12 and was set aside), ``refill`` (you must end the turn by discarding);
- Top Spot: ``follow`` (you hold the led colour and must follow it), ``cannot_follow`` (one card of another colour),
  ``joker`` (no led colour but a joker: a joker stack is forced), ``tie`` (a tied round is played off);
- Level 8: ``lay_out`` (you can lay out your level), ``add`` (you may add cards to lay-outs), ``skip`` (a skip card
  can end your turn), ``skipped`` (your turn is only to slide the skip card under the draw pile), ``deal_end`` (a
  deal ended: who moves up how far);
- Etalage: ``first`` (your first card: it counts its number for its colour), ``claim`` (you claim: all display cards
  of one colour), ``tie`` (tied colours claim nothing), ``won`` (your won cards lie face down).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Table = dict[str, Any]


def _types(legal: list[dict[str, Any]]) -> set[str]:
    return {str(a.get("type")) for a in legal}


def _skipbo(view: dict[str, Any], legal: list[dict[str, Any]], events: list[dict[str, Any]]) -> list[str]:
    out = []
    if any(e.get("type") == "complete" for e in events):
        out.append("finished")
    if any(a.get("type") == "play_hand" and a.get("card") == 0 for a in legal):
        out.append("wild")
    if any(a.get("type") == "play_stock" and a.get("owner") == view.get("seat") for a in legal):
        out.append("stock")
    if legal and _types(legal) == {"discard"}:
        out.append("refill")
    return out


def _topspot(view: dict[str, Any], legal: list[dict[str, Any]], events: list[dict[str, Any]]) -> list[str]:
    out = []
    if view.get("tiebreak"):
        out.append("tie")
    led = view.get("led_colour")
    if legal and led:
        plays = [a.get("cards") or [] for a in legal]
        if all(cards and cards[0] == "joker" for cards in plays):
            out.append("joker")
        elif all(len(cards) == 1 for cards in plays) and not any(
                str(c).startswith(f"{led}-") for cards in plays for c in cards):
            out.append("cannot_follow")
        elif any(str(c).startswith(f"{led}-") for c in view.get("hand", [])):
            out.append("follow")
    return out


def _level8(view: dict[str, Any], legal: list[dict[str, Any]], events: list[dict[str, Any]]) -> list[str]:
    kinds = _types(legal)
    out = ["deal_end"] if any(e.get("type") == "deal_end" for e in events) else []
    out += [name for name, kind in (("lay_out", "lay_out"), ("add", "add"), ("skip", "skip")) if kind in kinds]
    if kinds == {"serve_skip"}:
        out.append("skipped")
    return out


def _etalage(view: dict[str, Any], legal: list[dict[str, Any]], events: list[dict[str, Any]]) -> list[str]:
    out = []
    if any(r.get("status") == "tied" for r in (view.get("last_trick") or {}).get("ranking") or []):
        out.append("tie")
    if any(e.get("type") == "claim" and e.get("player") == view.get("seat") for e in events):
        out.append("won")
    if legal and _types(legal) == {"claim"}:
        out.append("claim")
    elif legal and view.get("trick_number") == 1:
        out.append("first")
    return out


DETECT: dict[str, Callable[[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]], list[str]]] = {
    "skipbo": _skipbo, "topspot": _topspot, "level8": _level8, "etalage": _etalage,
}

# Each situation's rules-page section (the anchors of web/rules/<game>.<lang>.html; tests/test_rule_anchors.py).
SECTIONS: dict[str, dict[str, str]] = {
    "skipbo": {"wild": "building-piles", "stock": "table", "finished": "finished-pile", "refill": "turn"},
    "topspot": {"follow": "round", "cannot_follow": "round", "joker": "jokers", "tie": "ties"},
    "level8": {"lay_out": "levels", "add": "turn", "skip": "skip-cards", "skipped": "skip-cards", "deal_end": "end"},
    "etalage": {"first": "cards", "claim": "settling", "tie": "settling", "won": "won-cards"},
}


def situations(table: Table) -> list[str]:
    """The rule situations in ``table`` (an API table: ``game, view, legal, log``) for its seat, most useful first."""
    detect = DETECT.get(str(table.get("game")))
    if detect is None:
        return []
    found = detect(table.get("view") or {}, list(table.get("legal") or []), list(table.get("log") or []))
    return [s for s in found if s in SECTIONS[str(table["game"])]]
