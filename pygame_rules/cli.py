"""Command-line tools: ``simulate`` (bot games, JSON summary) and ``bench`` (engine throughput, fixed policies).

Both are measurements, not tests: they print figures and never assert on time.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from .bench import bench_one
from .bots import make_bot
from .core.game import State, redact_event
from .registry import GAMES, game_info, new_game
from .words import Describer

BOT_ALIASES = {"heuristic": "normal"}
DEFAULT_ACTION_CAP = 100_000


def play_game(
    state: State, bots: Sequence[Any], rng: random.Random, action_cap: int = DEFAULT_ACTION_CAP,
    log: Any = None,
) -> dict[str, Any]:
    """Play ``state`` to the end with one bot per seat; return counts. Bots see only views."""
    actions = 0
    turns = 0
    last = state.current_player
    describer = Describer(state.info.name) if log is not None else None  # players "Seat 1"... in English
    while not state.is_over():
        if actions >= action_cap:
            return {"capped": True, "actions": actions, "turns": turns}
        seat = state.current_player
        assert seat is not None
        if seat != last:
            turns += 1
            last = seat
        legal = state.legal_actions()
        action = bots[seat].choose(state.view(seat), legal, rng)
        events = state.apply(action)
        actions += 1
        if describer is not None:
            for event in events:
                print(describer.describe(redact_event(event, None)), file=log)
    return {"capped": False, "actions": actions, "turns": turns + 1, "result": state.result()}


def _bots_for(game: str, spec: str | None, players: int) -> list[str]:
    names = (spec or "normal").split(",")
    names = [BOT_ALIASES.get(n.strip(), n.strip()) for n in names if n.strip()]
    return [names[i % len(names)] for i in range(players)]


def cmd_simulate(args: argparse.Namespace) -> dict[str, Any]:
    """Play ``args.games`` seeded bot games and summarise wins per seat, turns and speed."""
    options = json.loads(args.options) if args.options else None
    levels = _bots_for(args.game, args.bots, args.players)
    bots = [make_bot(args.game, level) for level in levels]
    wins = [0.0] * args.players
    turns: list[int] = []
    capped = 0
    start = time.perf_counter()
    for i in range(args.games):
        state = new_game(args.game, players=args.players, seed=f"{args.seed}/{i}", options=options)
        out = play_game(state, bots, random.Random(f"{args.seed}/bots/{i}"),
                        log=sys.stdout if args.verbose else None)
        if out["capped"]:
            capped += 1
            continue
        winners = out["result"]["winners"]
        for w in winners:
            wins[w] += 1 / len(winners)
        turns.append(out["result"].get("turns", out["turns"]))
        if args.verbose:
            print(json.dumps(out["result"]))
    elapsed = time.perf_counter() - start
    return {
        "game": args.game,
        "players": args.players,
        "games": args.games,
        "seed": args.seed,
        "bots": levels,
        "options": options or {},
        "wins_per_seat": [round(w, 3) for w in wins],
        "win_rate_per_seat": [round(w / max(1, args.games - capped), 4) for w in wins],
        "average_turns": round(sum(turns) / len(turns), 2) if turns else None,
        "capped_games": capped,
        "seconds": round(elapsed, 3),
        "games_per_second": round(args.games / elapsed, 2) if elapsed else None,
    }


def cmd_bench(args: argparse.Namespace) -> None:
    """Per game and player count, one JSON line of games/s and moves/s with the fixed policies of
    :mod:`pygame_rules.bench` (Skip-Bo: play-first; the others: uniform random)."""
    names = [args.game] if args.game else list(GAMES)
    for name in names:
        info = game_info(name)
        counts = range(info.min_players, info.max_players + 1)
        if args.players:  # only that count, in the games that have it
            counts = range(args.players, args.players + 1) if args.players in counts else range(0)
        for players in counts:
            line = bench_one(new_game, name, players, games=args.games, seconds=args.seconds,
                             min_games=args.min_games, action_cap=args.action_cap, path=args.path)
            print(json.dumps(line), flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m pygame_rules``."""
    parser = argparse.ArgumentParser(prog="python -m pygame_rules", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play seeded bot games and print a JSON summary")
    sim.add_argument("game", choices=GAMES)
    sim.add_argument("--players", type=int, default=2)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", default="1")
    sim.add_argument("--bots", help="comma-separated bot levels per seat (random, easy, normal/heuristic, ...)")
    sim.add_argument("--options", help="game options as JSON, e.g. '{\"stock_size\": 10}'")
    sim.add_argument("--verbose", action="store_true", help="print the move log and each result")
    bench = sub.add_parser("bench", help="engine throughput per game and player count, fixed seeded policies "
                                         "(JSON lines)")
    bench.add_argument("game", nargs="?", choices=GAMES)
    bench.add_argument("--players", type=int, help="only this player count")
    bench.add_argument("--games", type=int, help="play exactly this many games (overrides --seconds; to compare)")
    bench.add_argument("--seconds", type=float, default=1.0, help="time per game and player count")
    bench.add_argument("--min-games", type=int, default=5)
    bench.add_argument("--action-cap", type=int, default=DEFAULT_ACTION_CAP)
    bench.add_argument("--path", choices=("play", "apply"), default="play",
                       help="play: quiet State.play, as rollouts play (default); apply: validating, with events")
    arena_help = "bot ladder: win rates with 95%% intervals (see pygame_rules/arena.py)"
    from . import arena

    arena.add_parser(sub, arena_help)
    args = parser.parse_args(argv)
    try:
        if args.command == "simulate":
            print(json.dumps(cmd_simulate(args)))
        elif args.command == "bench":
            cmd_bench(args)
        elif arena is not None and args.command == "arena":
            arena.run(args)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0
