"""Recorded reference playthroughs and version-1 saves: the data in ``tests/data`` and how it was made.

A playthrough is a game, a variant (players, options), a seed and a policy seed. The policy is fixed: at every step
it picks, with ``random.Random(policy_seed)``, one action from the legal actions sorted by their canonical JSON (so
the order in which a game lists its moves does not matter, only which moves are legal). The fingerprint hashes the
actions chosen, every event's data (its fields, not its English ``text``) and, at the end, every seat's view and the
result: it changes when the rules, the events' fields or the views drift. ``python -m tests.reference`` re-records
the files; do that only for a change of behaviour that is meant, and say so in the commit.

Each playthrough is also kept as readable text, ``tests/data/playthroughs/<game>-<players>p-<seed>.txt``: one line
per move (its number, the seat that moved counted from 1, the action, then each event's type and fields), and the
result. The lines are written here from the data (never from an engine's English), so a change of the rules shows as
a diff a reviewer can read. ``python -m tests.reference texts`` writes only these files.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pygame_rules as pr

DATA = Path(__file__).parent / "data"
PLAYTHROUGHS = DATA / "playthroughs.json"
TEXTS = DATA / "playthroughs"
V1_SAVES = DATA / "saves_v1.json"
STEP_CAP = 4000

# (game, players, options, seed, policy seed): every game, each of its variants, matches included
VARIANTS: list[tuple[str, int, dict[str, Any], int | str, int]] = [
    ("skipbo", 2, {"stock_size": 5}, 1, 11),
    ("skipbo", 3, {"stock_size": 8, "first_player": 2}, "deal", 12),
    ("skipbo", 4, {"stock_size": 6, "partnership": True}, 3, 13),
    ("skipbo", 2, {"stock_size": 3, "match_target": 60}, 4, 14),
    ("topspot", 3, {"games": 1}, 5, 15),
    ("topspot", 4, {"level": "expert", "games": 1}, 6, 16),
    ("topspot", 5, {"level": "expert", "joker_each": True, "games": 1}, 7, 17),
    ("topspot", 3, {}, 8, 18),
    ("etalage", 3, {}, 9, 19),
    ("etalage", 5, {}, 10, 20),
    ("etalage", 4, {"games": 2}, 11, 21),
    ("level8", 2, {}, 12, 22),
    ("level8", 3, {"sheet": "two_star"}, 13, 23),
    ("level8", 4, {"edition": "2016"}, 14, 24),
]


def canonical(value: Any) -> str:
    """One text per JSON value (sorted keys, no spaces): what the fingerprints hash."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _data(event: dict[str, Any]) -> dict[str, Any]:
    """An event without its English ``text`` (wording is the describer's job, not part of the rules' record)."""
    out = {k: v for k, v in event.items() if k != "text"}
    if isinstance(out.get("private"), dict):
        out["private"] = {seat: {k: v for k, v in part.items() if k != "text"}
                          for seat, part in out["private"].items()}
    return out


# ----- readable text -------------------------------------------------------------------------------------------
#: fields (of actions, events and their parts) that hold a seat or a list of seats: written counted from 1
SEAT_FIELDS = frozenset({"player", "seat", "seats", "leader", "next_leader", "target", "dealer", "winner", "winners",
                         "claim_order", "end_player", "start", "tied", "players", "out", "owner"})


def _words(value: Any) -> bool:
    """A string with a space is an engine's sentence, not data: the text files leave such fields out."""
    return isinstance(value, str) and " " in value


def _plain(value: Any, seat: bool = False) -> str:
    """One value in a short form: lists in brackets, objects in braces, seats counted from 1 when ``seat``."""
    if isinstance(value, bool) or value is None:
        return {True: "yes", False: "no", None: "none"}[value]
    if isinstance(value, int) and seat:
        return str(value + 1)
    if isinstance(value, list):
        return "[" + " ".join(_plain(item, seat) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + _fields(value) + "}"
    return str(value)


def _fields(data: dict[str, Any], skip: tuple[str, ...] = ()) -> str:
    """``key=value`` for every field in key order, leaving out ``skip``, the English ``text`` and sentences."""
    return " ".join(f"{key}={_plain(value, key in SEAT_FIELDS)}" for key, value in sorted(data.items())
                    if key not in skip and key != "text" and not _words(value))


def _event_text(event: dict[str, Any], seat: int | None, shape: dict[str, Any]) -> str:
    """An event as its type and fields, leaving out what the move's line already says (the seat that moved, the
    action's own fields in an event of the action's type); ``private`` parts are written per seat (from 1)."""
    repeated = tuple(k for k, v in shape.items() if event["type"] == shape["type"] and event.get(k) == v)
    skip = ("type", "private", "action", *repeated, *(("player",) if event.get("player") == seat else ()))
    words = " ".join(filter(None, [event["type"], _fields(event, skip)]))
    for owner, part in sorted((event.get("private") or {}).items(), key=lambda item: int(item[0])):
        shown = _fields(part)
        if shown:
            words += f" (seat {int(owner) + 1} sees {shown})"
    return words


def move_line(step: int, seat: int | None, action: pr.Action, events: list[dict[str, Any]]) -> str:
    """One move: its number, the seat that moved (from 1), the action and each event it caused."""
    shape = action.to_json()
    fields = {k: v for k, v in shape.items() if k != "type"}
    short = " ".join([shape["type"], *(_plain(v, k in SEAT_FIELDS) for k, v in fields.items())]) if len(
        fields) == 1 else " ".join(filter(None, [shape["type"], _fields(fields)]))
    who = "-" if seat is None else str(seat + 1)
    return f"{step} seat {who}: {short} | " + "; ".join(_event_text(e, seat, shape) for e in events)


def text_path(game: str, players: int, seed: int | str) -> Path:
    """Where the text of the reference playthrough of ``game``, ``players`` and ``seed`` is kept."""
    return TEXTS / f"{game}-{players}p-{seed}.txt"


def choose(state: pr.State, rng: random.Random) -> pr.Action:
    """The fixed policy: a seeded choice among the legal actions in canonical order."""
    legal = sorted(state.legal_actions(), key=lambda a: canonical(a.to_json()))
    return legal[rng.randrange(len(legal))]


def play(game: str, players: int, options: dict[str, Any], seed: int | str, policy_seed: int,
         lines: list[str] | None = None) -> dict[str, Any]:
    """Play one reference game from the deal; the record holds the step count and the fingerprint. With ``lines``,
    the readable text of the game is appended to it (a heading, one line per move, the result)."""
    state = pr.new_game(game, players=players, seed=seed, options=options)
    record: dict[str, Any] = {"game": game, "players": players, "options": options, "seed": seed,
                              "policy_seed": policy_seed}
    if lines is not None:
        lines.append(f"# {game}, {players} players, options {canonical(options)}, seed {seed}, policy seed "
                     f"{policy_seed}; seats count from 1 (tests/reference.py)")
    record.update(play_on(state, policy_seed, lines=lines))
    return record


def play_on(state: pr.State, policy_seed: int, stop_at: int | None = None,
            lines: list[str] | None = None) -> dict[str, Any]:
    """Play ``state`` to the end (or ``stop_at`` steps) with the fixed policy: steps, over, fingerprint (and the
    readable lines of the moves and the result, appended to ``lines`` when given)."""
    rng = random.Random(policy_seed)
    digest = hashlib.sha256()
    steps = 0
    while not state.is_over() and steps < (STEP_CAP if stop_at is None else stop_at):
        action = choose(state, rng)
        seat = state.current_player
        events = state.apply(action)
        digest.update(canonical(action.to_json()).encode())
        digest.update(canonical([_data(e) for e in events]).encode())
        steps += 1
        if lines is not None:
            lines.append(move_line(steps, seat, action, events))
    digest.update(canonical([state.view(s) for s in range(state.players)]).encode())
    if state.is_over():
        digest.update(canonical(state.result()).encode())
        if lines is not None:
            lines.append("result " + _fields(state.result()))
    return {"steps": steps, "over": state.is_over(), "fingerprint": digest.hexdigest()}


def playthrough_text(variant: tuple[str, int, dict[str, Any], int | str, int]) -> str:
    """The readable text of one reference playthrough (what ``tests/data/playthroughs/`` holds)."""
    lines: list[str] = []
    play(*variant, lines=lines)
    return "\n".join(lines) + "\n"


def record_texts() -> None:
    """Write the readable text of every reference playthrough (the fingerprints are left as they are)."""
    TEXTS.mkdir(exist_ok=True)
    for variant in VARIANTS:
        text_path(variant[0], variant[1], variant[3]).write_text(playthrough_text(variant))


def record_playthroughs() -> None:
    """Write ``tests/data/playthroughs.json`` from the code as it is now."""
    rows = [play(*v) for v in VARIANTS]
    PLAYTHROUGHS.write_text(json.dumps(rows, indent=1) + "\n")


def record_v1_saves() -> None:
    """Write one saved game of each kind (each game, and a match of each game that has matches)."""
    kinds = {
        "skipbo": ("skipbo", 3, {"stock_size": 8}, 31, 1, 40),
        "skipbo_match": ("skipbo", 2, {"stock_size": 3, "match_target": 60}, 4, 14, 60),
        "topspot": ("topspot", 4, {"games": 1}, 32, 2, 12),
        "topspot_match": ("topspot", 3, {}, 8, 18, 45),
        "etalage": ("etalage", 3, {}, 33, 3, 20),
        "etalage_match": ("etalage", 4, {"games": 2}, 11, 21, 60),
        "level8": ("level8", 3, {"sheet": "two_star"}, 34, 4, 50),
    }
    saves = {}
    for name, (game, players, options, seed, policy_seed, at) in kinds.items():
        state = pr.new_game(game, players=players, seed=seed, options=options)
        play_on(state, policy_seed, stop_at=at)
        # a deep copy: version 1 matches handed out their live history list (one of the defects of issue 14)
        saves[name] = {"save": json.loads(json.dumps(state.to_json())), "policy_seed": policy_seed}
        saves[name].update(play_on(state, policy_seed))  # how the saved game goes on, for the loading test
    V1_SAVES.write_text(json.dumps(saves, indent=1) + "\n")


def refresh_v1_continuations() -> None:
    """Keep the version-1 saves as they are (history) but record anew how each one goes on under today's rules."""
    saves = json.loads(V1_SAVES.read_text())
    for entry in saves.values():
        state = pr.load_state(json.loads(json.dumps(entry["save"])))
        entry.update(play_on(state, entry["policy_seed"]))
    V1_SAVES.write_text(json.dumps(saves, indent=1) + "\n")


if __name__ == "__main__":
    import sys

    record_texts()
    if sys.argv[1:] == ["texts"]:
        raise SystemExit(0)
    record_playthroughs()
    if V1_SAVES.exists():  # version-1 saves are history: recorded once, never again
        refresh_v1_continuations()
    else:
        record_v1_saves()
