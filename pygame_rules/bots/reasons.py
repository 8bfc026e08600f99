"""Why a bot chose its move: a reason code and parameters, read from the bot's own evaluation.

A hint names its move and one short reason ("plays your stock card next", "keeps the 7 for the 6 on your stock").
The engine never words it: :func:`explain` returns ``{"code": ..., "params": {...}}`` and the page words the code in
the reader's language from the catalogues (``pygame_rules/i18n/*.json``, key ``hint.<code>``). Parameters are numbers
(Skip-Bo cards, 0 for a Skip-Bo card; counts; seats) so every language can word them.

The reason comes from what the bot computed, not from a second opinion: for Skip-Bo's ``hard`` the whole-turn plan
it chose (what the plan ends with, what the discard keeps), for the sampled search the number of games it played
out per move, for the heuristics the rule that picked the move.
"""

from __future__ import annotations

from typing import Any

from ..core.actions import Action

Reason = dict[str, Any]

#: every reason code and the parameters it carries (the catalogues word ``hint.<code>`` with these placeholders)
CODES: dict[str, tuple[str, ...]] = {
    "only": (), "best": (), "search_best": ("moves", "games"), "search_kept": ("moves", "games"),
    "skipbo.win": (), "skipbo.stock": (), "skipbo.stock_next": ("stock",),
    "skipbo.stock_next_wild": (), "skipbo.refill": (),
    "skipbo.keep_for_stock": ("card", "stock"), "skipbo.discard_new": ("card",), "skipbo.discard_same": ("card",),
    "skipbo.discard_down": ("card", "top"), "skipbo.discard_least": ("card",), "skipbo.discard_wild": (),
    "skipbo.clear_discard": (), "skipbo.free_discard": ("card",), "skipbo.free_discard_wild": (),
    "skipbo.shed": (), "topspot.play": (), "etalage.claim_most": ("sum",), "etalage.claim": (),
    "etalage.play": (), "level8.draw": (), "level8.take": (), "level8.lay_out": (), "level8.add": (),
    "level8.discard": (), "level8.skip": (), "level8.keep": (),
}


def _reason(code: str, **params: Any) -> Reason:
    assert code in CODES and set(params) == set(CODES[code]), code
    return {"code": code, "params": params}


def explain(game: str, bot: Any, view: dict[str, Any], legal: list[Action], action: Action) -> Reason:
    """The reason ``bot`` had for ``action`` (its last decision, on ``view``)."""
    if len(legal) == 1:
        return _reason("only")
    if game == "skipbo" and getattr(bot, "plan", None) is not None and bot.plan.first == action:
        return skipbo_reason(view, bot.plan)
    stats = getattr(bot, "stats", {}) or {}
    if stats.get("searched") and stats.get("counts"):
        played = stats["counts"].get(action) or max(stats["counts"].values())
        if action in stats["means"] and all(stats["means"][action] >= m for m in stats["means"].values()):
            return _reason("search_best", games=played, moves=len(stats["counts"]))
        return _reason("search_kept", games=played, moves=len(stats["counts"]))
    return _heuristic_reason(game, view, action)


# ----- Skip-Bo ---------------------------------------------------------------------------------------------------
def skipbo_reason(view: dict[str, Any], plan: Any) -> Reason:
    """Skip-Bo: what the chosen whole-turn plan does (see :class:`.skipbo_plan.Plan`)."""
    from ..games.skipbo import WILD, Discard, PlayDiscard, PlayHand, PlayStock

    me = view["seats"][view["seat"]]
    stock = me["stock_top"]
    first = plan.first
    piles = [p["value"] if p else 0 for p in view["building"]]
    if isinstance(first, PlayStock):
        if me["stock_count"] == 1:
            return _reason("skipbo.win")
        return _reason("skipbo.stock")
    if plan.stock:
        # a Skip-Bo card (0) is named in words, never as a number
        if stock == WILD:
            return _reason("skipbo.stock_next_wild")
        return _reason("skipbo.stock_next", stock=stock)
    if plan.refill:
        return _reason("skipbo.refill")
    if isinstance(first, Discard):
        if first.card == WILD:
            return _reason("skipbo.discard_wild")
        kept = list(view["hand"])
        kept.remove(first.card)
        if stock is not None and stock != WILD:
            # a kept number card that lies on the way from some building pile up to the stock card
            useful = sorted({c for c in kept if c != WILD and any(p < c < stock for p in piles)})
            if useful:
                return _reason("skipbo.keep_for_stock", card=useful[0], stock=stock)
        tops = [d[-1] if d else None for d in me["discards"]]
        top = tops[first.discard]
        if top is None:
            return _reason("skipbo.discard_new", card=first.card)
        if top == first.card:
            return _reason("skipbo.discard_same", card=first.card)
        if top > first.card:
            return _reason("skipbo.discard_down", card=first.card, top=top)
        return _reason("skipbo.discard_least", card=first.card)
    if isinstance(first, PlayDiscard):
        stack = me["discards"][first.discard]
        below = stack[-2] if len(stack) > 1 else None
        if below is None:
            return _reason("skipbo.clear_discard")
        if below == WILD:
            return _reason("skipbo.free_discard_wild")
        return _reason("skipbo.free_discard", card=below)
    if isinstance(first, PlayHand):
        return _reason("skipbo.shed")
    return _reason("best")


# ----- the heuristics of the other games ---------------------------------------------------------------------------
def _heuristic_reason(game: str, view: dict[str, Any], action: Action) -> Reason:
    kind = action.kind
    if game == "level8":
        return _reason({"draw": "level8.draw", "take_discard": "level8.take", "lay_out": "level8.lay_out",
                        "add": "level8.add", "discard": "level8.discard", "skip": "level8.skip",
                        "keep": "level8.keep"}.get(kind, "best"))
    if game == "etalage":
        if kind == "claim":
            sums = sorted((g["sum"] for g in view.get("display_groups") or ()), reverse=True)
            colour = getattr(action, "colour", None)
            mine = next((g["sum"] for g in view.get("display_groups") or () if g["colour"] == colour), None)
            if sums and mine == sums[0]:
                return _reason("etalage.claim_most", sum=mine)
            return _reason("etalage.claim")
        return _reason("etalage.play")
    if game == "topspot":
        return _reason("topspot.play")
    return _reason("best")


__all__ = ["CODES", "Reason", "explain", "skipbo_reason"]
