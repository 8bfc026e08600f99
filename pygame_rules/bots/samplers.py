"""Determinization: from one seat's view, deal the cards that seat cannot see into a full, consistent State.

A sampler is ``sample(view, rng) -> State``. The state it returns:

- shows exactly ``view`` to that seat again (``state.view(seat) == view``, a match's ``"match"`` part aside: the
  sampled state is the game in progress, not the match around it);
- holds every card of the game exactly once (the game's own ``_validate`` runs through ``load_state``);
- respects everything the view says about hidden cards: hand and pile sizes, the stock tops, cards an opponent is
  known to hold (Etalage claims, Skip-Bo completed piles), colours a Top Spot player has shown they cannot follow
  and seats that showed they hold no joker.

The unseen cards are otherwise spread uniformly at random (seeded by ``rng``), with a fresh random seed for the
state's own generator, so the view's owner learns nothing from the sample that it did not already know. Samplers
build the state through the game's public JSON form (``to_json`` layout + ``load_state``), never by touching
engine internals, so a game that changes its fields breaks loudly here rather than silently.

Samplers live here, outside the game modules; a game names its sampler in its entry of ``registry.ENTRIES``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from itertools import combinations
from typing import Any, TypeVar

from ..core.game import STATE_FORMAT, STATE_VERSION, State
from ..registry import ENTRIES, load_state, resolve

Sampler = Callable[[dict[str, Any], random.Random], State]


class SampleError(ValueError):
    """The view admits no consistent deal (a corrupt or hand-edited view)."""


# ----- shared helpers ------------------------------------------------------------------------------------------
def _without(record: Any, *view_only: str) -> Any:
    """A view record as the save stores it: the view-only drawing aids dropped."""
    return {k: v for k, v in record.items() if k not in view_only} if isinstance(record, dict) else record


def _saved_plays(plays: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Top Spot plays as the save stores them: without the view-only drawing aid ``top_view``."""
    return [_without(play, "top_view") for play in plays]


def _saved_last_round(last: Any) -> Any:
    if isinstance(last, dict) and isinstance(last.get("plays"), list):
        return dict(last, plays=_saved_plays(last["plays"]))
    return last


def _state_json(game: str, players: int, options: dict[str, Any], data: dict[str, Any],
                rng: random.Random) -> dict[str, Any]:
    """A saved-game envelope around ``data`` with a fresh, unguessable-from-the-view generator seed."""
    return {
        "format": STATE_FORMAT, "version": STATE_VERSION, "game": game, "kind": "game", "players": players,
        "options": options, "rng": {"seed": f"sample/{rng.getrandbits(64):x}", "count": 0}, "data": data,
    }


C = TypeVar("C", bound=Hashable)  # a card of any game


def _minus(total: Counter[Any], seen: Sequence[Any], what: str) -> None:
    """Remove ``seen`` from ``total``; a card seen more often than the game has it means a corrupt view."""
    for card in seen:
        if total[card] <= 0:
            raise SampleError(f"the view shows {card!r} more often than the game holds it ({what})")
        total[card] -= 1


def constrained_deal(cards: list[C], capacity: dict[int, int], allowed: Callable[[C, int], bool],
                     rng: random.Random) -> dict[int, list[C]]:
    """Deal every card to a seat: seat ``s`` gets exactly ``capacity[s]`` cards, each one ``allowed`` there.

    Cards are taken in random order; each goes to a random seat (weighted by room left) among those that keep
    the rest of the deal possible. Possibility is Hall's condition on card types (a type is the set of seats a
    card may go to): for every set T of seats, the cards that can only go into T must fit in T's room. With at
    most six seats that is at most 64 cheap checks, so the deal never dead-ends.
    """
    seats = sorted(capacity)
    if sum(capacity.values()) != len(cards):
        raise SampleError(f"{len(cards)} unseen cards do not fill the {sum(capacity.values())} hidden places")
    kinds: dict[C, frozenset[int]] = {}
    for card in set(cards):
        kinds[card] = frozenset(s for s in seats if allowed(card, s))
    left: Counter[frozenset[int]] = Counter(kinds[c] for c in cards)
    room = dict(capacity)
    subsets = [frozenset(c) for r in range(1, len(seats) + 1) for c in combinations(seats, r)]

    def feasible() -> bool:
        for subset in subsets:
            need = sum(n for kind, n in left.items() if n and kind <= subset)
            if need > sum(room[s] for s in subset):
                return False
        return True

    order = list(cards)
    rng.shuffle(order)
    out: dict[int, list[C]] = {s: [] for s in seats}
    if all(len(kind) == len(seats) for kind in kinds.values()):  # no constraint: a plain shuffled deal
        at = 0
        for s in seats:
            out[s] = order[at:at + capacity[s]]
            at += capacity[s]
        return out
    if not feasible():
        raise SampleError("the view's constraints admit no deal of the unseen cards")
    for card in order:
        kind = kinds[card]
        left[kind] -= 1
        options = [s for s in kind if room[s] > 0]
        rng.shuffle(options)
        options.sort(key=lambda s: -room[s] * rng.random())  # weighted-random preference by room left
        for seat in options:
            room[seat] -= 1
            if feasible():
                out[seat].append(card)
                break
            room[seat] += 1
        else:  # pragma: no cover - feasible() before the loop guarantees a seat exists
            raise SampleError("constrained deal dead-ended")
    return out


# ----- Skip-Bo -------------------------------------------------------------------------------------------------
def sample_skipbo(view: dict[str, Any], rng: random.Random) -> State:
    """Skip-Bo: hidden are the other hands, every stock below its top, the draw pile and the set-aside pile.

    The set-aside pile is made of completed building piles, so each of its 12-card runs holds, at height n,
    either an n or a wild: the sample keeps that shape (a number where the unseen cards still have one,
    otherwise a wild, chosen at random in proportion to what is left).
    """
    from ..games.skipbo import RULES, WILD

    seat, players = view["seat"], view["players"]
    unseen: Counter[int] = Counter(RULES.deck())
    _minus(unseen, view["hand"], "hand")
    for pile in view["building"]:
        if pile:
            _minus(unseen, pile["cards"], "building piles")
    for info in view["seats"]:
        for d in info["discards"]:
            _minus(unseen, d, "discard piles")
        if info["stock_top"] is not None:
            _minus(unseen, [info["stock_top"]], "stock tops")
    runs, extra = divmod(view["set_aside_count"], RULES.numbers)
    if extra:
        raise SampleError("the set-aside pile must hold whole runs of 12")
    set_aside = _completed_runs(unseen, runs, rng, RULES.numbers, WILD)
    rest = list(unseen.elements())
    rng.shuffle(rest)

    def take(n: int) -> list[int]:
        if n > len(rest):
            raise SampleError("the view counts more hidden cards than the deck has left")
        out = [rest.pop() for _ in range(n)]
        return out

    hands: list[list[int]] = []
    stocks: list[list[int]] = []
    for s, info in enumerate(view["seats"]):
        hands.append(list(view["hand"]) if s == seat else take(info["hand_count"]))
        if info["stock_count"]:
            stocks.append(take(info["stock_count"] - 1) + [info["stock_top"]])
        else:
            stocks.append([])
    draw = take(view["draw_count"])
    if rest:
        raise SampleError(f"{len(rest)} cards are unaccounted for by the view")
    me = view["seats"][seat]
    current = view["current_player"]
    played = bool(view["undoable"]) or (current == seat and me["hand_count"] < RULES.hand_size
                                        and view["draw_count"] + view["set_aside_count"] > 0)
    data = {
        "draw": draw, "set_aside": set_aside,
        "building": [list(p["cards"]) if p else [] for p in view["building"]],
        "hands": hands, "stocks": stocks,
        "discards": [[list(d) for d in info["discards"]] for info in view["seats"]],
        "current": current if current is not None else seat, "start": current if current is not None else seat,
        "turn": view["turn"], "idle_turns": view["idle_turns"], "played_this_turn": played,
        "last_undoable": bool(view["undoable"]), "winners": None, "end_reason": None,
    }
    return load_state(_state_json("skipbo", players, dict(view["options"]), data, rng))


def _completed_runs(unseen: Counter[int], runs: int, rng: random.Random, top: int, wild: int) -> list[int]:
    """``runs`` completed building piles taken out of ``unseen`` (which is updated).

    Each height takes its number or a wild at random in proportion to what is unseen; if the random choice runs
    out (wilds spent early) we retry, and finally fall back to numbers first, which always succeeds when any
    assignment does (a number is only ever wanted at its own height, while a wild fits anywhere).
    """
    for attempt in range(8):
        left = Counter(unseen)
        out: list[int] = []
        ok = True
        for _ in range(runs):
            for height in range(1, top + 1):
                number, wilds = left[height], left[wild]
                if number + wilds == 0:
                    ok = False
                    break
                greedy = attempt == 7
                card = height if (number and (greedy or rng.random() * (number + wilds) < number)) else wild
                left[card] -= 1
                out.append(card)
            if not ok:
                break
        if ok:
            unseen.clear()
            unseen.update(+left)
            return out
    raise SampleError("the unseen cards cannot make up the completed building piles set aside")


# ----- Top Spot ------------------------------------------------------------------------------------------------
def sample_topspot(view: dict[str, Any], rng: random.Random) -> State:
    """Top Spot: hidden are the other hands. A seat never holds a colour it showed it cannot follow, nor a
    joker after showing it has none; with one joker dealt to each player, nobody holds two."""
    from ..games.topspot import COLOUR, DECK, JOKER, card_code, sort_cards

    me, players = view["you"], view["players"]
    unseen: Counter[str] = Counter(card_code(c, n) for c in view["colours"] for n in DECK.layouts)
    if view["jokers_in_game"]:
        unseen[JOKER] = view["jokers_in_game"]
    _minus(unseen, view["hand"], "hand")
    for stacks in view["won"]:
        for stack in stacks:
            _minus(unseen, stack, "won stacks")
    for name in ("unclaimed", "pot", "aside"):
        _minus(unseen, view[name], name)
    for play in view["table"]:
        _minus(unseen, play["cards"], "table")
    unseen = +unseen
    capacity = {s: n for s, n in enumerate(view["hand_counts"]) if s != me}
    voids = [set(v) for v in view["voids"]]
    hands: dict[int, list[Any]] = {s: [] for s in capacity}
    jokers = unseen.pop(JOKER, 0)
    if jokers:  # jokers first: they have the extra "at most one each" rule in the joker-each variant
        holders = [s for s in capacity if not view["no_joker"][s] and capacity[s] > 0]
        if view["joker_each"]:
            if jokers > len(holders):
                raise SampleError("more hidden jokers than seats that may hold one")
            chosen = rng.sample(holders, jokers)
        else:
            chosen = []
            room = {s: capacity[s] for s in holders}
            for _ in range(jokers):
                pool = [s for s in holders if room[s] > 0]
                if not pool:
                    raise SampleError("no seat may hold the hidden joker(s)")
                pick = rng.choice(pool)
                room[pick] -= 1
                chosen.append(pick)
        for s in chosen:
            hands[s].append(JOKER)
            capacity[s] -= 1
    dealt = constrained_deal(list(unseen.elements()), capacity,
                             lambda card, s: COLOUR[card] not in voids[s], rng)
    full_hands = []
    for s in range(players):
        full_hands.append(list(view["hand"]) if s == me else sort_cards(hands[s] + dealt[s]))
    options = dict(view["options"])
    data = {
        "colours": list(view["colours"]), "start": view["dealer"], "first_leader": view["first_leader"],
        "hands": full_hands, "won": view["won"], "bonus": view["bonus"], "unclaimed": view["unclaimed"],
        "aside": view["aside"], "order": view["order"], "plays": _saved_plays(view["table"]), "pot": view["pot"],
        "tiebreak": view["tiebreak"], "round_no": view["round"], "last_winner": view["last_winner"],
        "last_round": _saved_last_round(view["last_round"]), "voids": view["voids"], "no_joker": view["no_joker"],
        "over": view["over"], "end_code": view.get("result", {}).get("end_code") if view["over"] else None,
        "end_player": view.get("result", {}).get("end_player") if view["over"] else None,
    }
    return load_state(_state_json("topspot", players, options, data, rng))


# ----- Etalage -------------------------------------------------------------------------------------------------
def sample_etalage(view: dict[str, Any], rng: random.Random) -> State:
    """Etalage: hidden are the other hands and the face-down won piles, the seat's own pile included unless the
    option ``open_winnings`` shows it (``view["won"]`` is then a list). Cards seen being claimed (this trick's and
    the last trick's claims) are known to lie in the claimant's won pile; the rest of each pile is sampled."""
    from ..games.etalage import deck

    me, players = view["seat"], view["players"]
    own_open = view["won"] is not None
    unseen: Counter[str] = Counter(deck(view["colours"]))
    _minus(unseen, view["hand"], "hand")
    _minus(unseen, view["display"], "display")
    _minus(unseen, [p["card"] for p in view["plays"]], "trick")
    if own_open:
        _minus(unseen, view["won"], "own won pile")
    known_won: dict[int, list[str]] = {s: [] for s in range(players) if s != me or not own_open}
    claims = list(view["claims"]) + (list(view["last_trick"]["claims"]) if view["last_trick"] else [])
    for claim in claims:
        if claim["seat"] in known_won:
            _minus(unseen, claim["cards"], "claimed cards")
            known_won[claim["seat"]].extend(claim["cards"])
    capacity: dict[int, int] = {}
    for s in range(players):
        if s != me:
            capacity[2 * s] = view["hand_counts"][s]
        if s in known_won:
            capacity[2 * s + 1] = view["won_counts"][s] - len(known_won[s])
            if capacity[2 * s + 1] < 0:
                raise SampleError(f"seat {s} is seen claiming more cards than its won pile holds")
    dealt = constrained_deal(list(unseen.elements()), capacity, lambda card, place: True, rng)
    hands = [list(view["hand"]) if s == me else dealt[2 * s] for s in range(players)]
    won = [list(view["won"]) if s not in known_won else known_won[s] + dealt[2 * s + 1] for s in range(players)]
    trick_leader = view["leader"]
    data = {
        "colours": list(view["colours"]), "hands": hands, "display": list(view["display"]),
        "leader": trick_leader, "start": view["start"], "plays": [p["card"] for p in view["plays"]],
        "claims": view["claims"], "claimants": view["claimants"], "won": won,
        "last_trick": _without(view["last_trick"], "ranking"),
    }
    return load_state(_state_json("etalage", players, dict(view["options"]), data, rng))


# ----- Level 8 -------------------------------------------------------------------------------------------------
def sample_level8(view: dict[str, Any], rng: random.Random) -> State:
    """Level 8: hidden are the other hands, the draw pile and every discard pile below its top (the view shows
    only tops and counts). While players choose cards to keep between deals, another seat's kept cards are a
    random choice from its sampled hand of the size the view gives."""
    from ..games.level8_solver import DECK, SKIP, physical, sort_cards

    me, players = view["seat"], view["players"]
    unseen: Counter[str] = Counter(DECK.cards(view["options"]["edition"]))
    _minus(unseen, view["hand"], "hand")
    _minus(unseen, [d["top"] for d in view["discards"] if d["top"] is not None], "discard tops")
    for parts in view["table"]:
        for part in parts:
            _minus(unseen, [physical(t) for t in part["cards"]], "table")
    _minus(unseen, [SKIP] * (view["skips_under"] + sum(view["skipped"])), "skip cards in play")
    capacity = {s: n for s, n in enumerate(view["hand_counts"]) if s != me}
    places = {f"hand{s}": n for s, n in capacity.items()}
    for s, d in enumerate(view["discards"]):
        places[f"discard{s}"] = max(0, d["count"] - 1)
    places["draw"] = view["draw_count"]
    names = sorted(places)
    dealt = constrained_deal(list(unseen.elements()), {i: places[n] for i, n in enumerate(names)},
                             lambda card, place: True, rng)
    got = {n: dealt[i] for i, n in enumerate(names)}
    hands = [list(view["hand"]) if s == me else sort_cards(got[f"hand{s}"]) for s in range(players)]
    discards = []
    for s, d in enumerate(view["discards"]):
        discards.append(got[f"discard{s}"] + [d["top"]] if d["top"] is not None else [])
    keep = view["keep"]
    kept: list[list[str] | None] = [None] * players
    if keep is not None:
        for s, count in enumerate(keep["kept_counts"]):
            if count is not None:
                kept[s] = list(keep["mine"]) if s == me else rng.sample(hands[s], count)
    data = {
        "dealer": view["dealer"], "turn": view["turn"], "phase": view["phase"], "hands": hands,
        "draw": got["draw"], "under": view["skips_under"], "discards": discards,
        "table": [[[p["kind"], *p["cards"]] for p in parts] for parts in view["table"]],
        "levels": list(view["levels"]), "laid": list(view["laid_out"]), "skipped": list(view["skipped"]),
        "keep_queue": list(keep["waiting"]) if keep else [], "kept": kept, "winner": view["winner"],
        "deal_number": view["deal"], "turns": 0, "last_deal": view["last_deal"], "undo_ok": False,
    }
    return load_state(_state_json("level8", players, dict(view["options"]), data, rng))


SAMPLERS: dict[str, Sampler] = {e.name: resolve(e.sampler) for e in ENTRIES if e.sampler}  # see registry.ENTRIES


def has_sampler(game: str) -> bool:
    """Whether ``game`` can be determinized (and so has a ``hard`` bot)."""
    return game in SAMPLERS


def sample_state(view: dict[str, Any], rng: random.Random) -> State:
    """A full state of ``view["game"]`` consistent with ``view`` (see the module docstring)."""
    game = str(view.get("game"))
    sampler = SAMPLERS.get(game)
    if sampler is None:
        raise ValueError(f"no determinization sampler for game {game!r}")
    if "match" in view:
        view = {k: v for k, v in view.items() if k != "match"}
    return sampler(view, rng)


def view_without_match(view: dict[str, Any]) -> dict[str, Any]:
    """The game part of a view (a match adds a ``"match"`` key around the game in progress)."""
    return {k: v for k, v in view.items() if k != "match"}


__all__ = ["SAMPLERS", "SampleError", "Sampler", "constrained_deal", "has_sampler", "sample_state",
           "view_without_match"]
