"""Engine speed of this checkout against another (e.g. main) in the SAME run: interleaved rounds, best of N.

    nice .venv/bin/python tools/bench_compare.py /tmp/base15 --rounds 3

Each round runs ``pygame_rules.bench.bench_one`` (the fixed policies of this checkout) once in a child process per
engine, alternating, so both see the same machine load; the figure kept per engine is the best round. Prints one
JSON line per game and player count with both games/s, the ratio, and ``same_games`` (both engines made the same
number of moves, as they must when the rules are unchanged). A measurement, never a test.

With ``--instructions`` each engine's games are counted instead of timed: the child runs under valgrind's
cachegrind (``PYTHONHASHSEED=0``), once with the games and once with none (imports and the first deal only), and the
difference is the games' instructions. The count is the same whatever the machine's load, so it settles what a
loaded machine's timings cannot; it weighs every instruction alike (no cache or branch costs), so read it beside a
timed run. One round is enough.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
CONFIGS = [("skipbo", 2), ("skipbo", 4), ("topspot", 3), ("etalage", 4), ("level8", 2), ("level8", 4)]
GAMES = {"skipbo": 40, "topspot": 150, "etalage": 100, "level8": 10}


def child(game: str, players: int, games: int, path: str) -> None:
    """Run in a child whose PYTHONPATH picks the engine; the policies come from this checkout's bench.py."""
    spec = importlib.util.spec_from_file_location("bench_policies", HERE / "pygame_rules" / "bench.py")
    assert spec and spec.loader
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    from pygame_rules.registry import new_game

    if games == 0:  # (the instruction count's baseline: what bench_one does before its first game)
        new_game(game, players=players, seed=0)
        return
    print(json.dumps(bench.bench_one(new_game, game, players, games=games, path=path)))


def instructions(root: str, game: str, players: int, games: int, path: str) -> tuple[int, dict]:
    """The instructions of ``games`` bench games on the engine at ``root`` (cachegrind, with and without them)."""
    counts, line = [], {}
    for n in (games, 0):
        env = dict(os.environ, PYTHONPATH=root, PYTHONHASHSEED="0")
        out = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                              sys.executable, __file__, "--child", game, str(players), str(n), path],
                             env=env, check=True, capture_output=True, text=True, cwd="/")
        refs = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
        assert refs, out.stderr[-500:]
        counts.append(int(refs.group(1).replace(",", "")))
        if n:
            line = json.loads(out.stdout)
    return counts[0] - counts[1], line


def run(root: str, game: str, players: int, games: int, path: str) -> dict:
    env = dict(os.environ, PYTHONPATH=root)
    out = subprocess.run([sys.executable, __file__, "--child", game, str(players), str(games), path],
                         env=env, check=True, capture_output=True, text=True, cwd="/")
    return json.loads(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("base", nargs="?")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the games per measurement")
    parser.add_argument("--games", help="comma-separated games to compare (default: all)")
    parser.add_argument("--path", choices=("play", "apply"), default="play",
                        help="play: quiet State.play (apply on engines without it); apply: "
                             "the validating path with events worded")
    parser.add_argument("--instructions", action="store_true",
                        help="count each engine's instructions under valgrind instead of timing (one round)")
    parser.add_argument("--child", nargs=4)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], int(args.child[1]), int(args.child[2]), args.child[3])
        return
    wanted = set(args.games.split(",")) if args.games else {game for game, _ in CONFIGS}
    for game, players in CONFIGS:
        if game not in wanted:
            continue
        games = max(1, round(GAMES[game] * args.scale))
        if args.instructions:
            base, base_line = instructions(args.base, game, players, games, args.path)
            new, new_line = instructions(str(HERE), game, players, games, args.path)
            print(json.dumps({"game": game, "players": players, "games": games, "base_path": base_line["path"],
                              "new_path": new_line["path"], "base_instructions": base, "new_instructions": new,
                              "same_games": base_line["mean_moves_per_game"] == new_line["mean_moves_per_game"],
                              "ratio": round(base / new, 3)}), flush=True)
            continue
        best = {"base": 0.0, "new": 0.0}
        moves = {"base": 0.0, "new": 0.0}
        paths: dict[str, str] = {}
        played: dict[str, float] = {}  # mean moves per game: equal when both engines played the very same games
        for _ in range(args.rounds):
            for label, root in (("base", args.base), ("new", str(HERE))):
                line = run(root, game, players, games, args.path)
                paths[label] = line.get("path", "apply")
                best[label] = max(best[label], line["games_per_second"])
                moves[label] = max(moves[label], line["moves_per_second"])
                played[label] = line["mean_moves_per_game"]
        print(json.dumps({"game": game, "players": players, "games": games, "rounds": args.rounds,
                          "base_path": paths["base"], "new_path": paths["new"],
                          "base_games_per_second": best["base"], "new_games_per_second": best["new"],
                          "base_moves_per_second": moves["base"], "new_moves_per_second": moves["new"],
                          "same_games": played["base"] == played["new"],
                          "ratio": round(best["new"] / best["base"], 2)}), flush=True)


if __name__ == "__main__":
    main()
