"""The bot arena: seeded games between bot levels, win shares with 95% intervals, decision times.

``python -m pygame_rules arena GAME --players N --bots hard,normal --games K --seed S [--jobs J]``

- The bots listed fill the seats in order, cycling when fewer bots than seats are named (``hard,normal`` at four
  seats is hard, normal, hard, normal).
- Seats are rotated: game ``i`` deals seed ``S/deal/(i // N)`` and shifts the line-up by ``i % N`` seats, so
  every deal is played once from every seat (a "duplicate" format that cancels most of the luck of the cards).
- A game's win is shared between tied winners; a bot's *win share* is the fraction of games its seats won
  (its parity is its seats divided by N). The 95% interval is Wilson's score interval over the games.
- Decision times are wall-clock per ``choose`` call (mean and 95th percentile), the only non-reproducible
  figures. Everything else is a pure function of the seed, whatever ``--jobs`` is.

``python -m pygame_rules arena ladder [--games K] [--jobs J] [--out docs/bots.md]`` regenerates the measured
ladder in docs/bots.md (see :data:`LADDER`).

``python -m pygame_rules arena sweep --decisions N [--only skipbo] [--file F]`` plays seeded games of every game
and player count (:data:`SWEEP`) with the hard level at every seat under the app's ceiling and prints the CPU
median, p95 and maximum per decision, the maximum against 1.5 times the ceiling and the slowest positions;
``arena replay --file F`` decides those positions again.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import platform
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from .bots import app_budget_ms, make_bot
from .bots import clock as bot_clock
from .registry import GAMES, new_game

Z95 = 1.959963984540054


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (fractional successes from shared wins are allowed).

    >>> [round(x, 3) for x in wilson(80, 100)]
    [0.711, 0.867]
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-quantile (0..1) by the nearest-rank method; 0 for no values.

    >>> percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.95)
    10
    """
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def lineup(bots: Sequence[str], players: int, index: int) -> list[str]:
    """The bot level at each seat in game ``index``: the list cycled over the seats, rotated by the index.

    >>> lineup(["hard", "normal"], 2, 0), lineup(["hard", "normal"], 2, 1)
    (['hard', 'normal'], ['normal', 'hard'])
    >>> lineup(["normal", "easy", "easy"], 3, 2)
    ['easy', 'easy', 'normal']
    """
    base = [bots[i % len(bots)] for i in range(players)]
    shift = index % players
    return base[-shift:] + base[:-shift] if shift else base


def play_one(task: dict[str, Any]) -> dict[str, Any]:
    """Play game ``task["index"]`` of an arena run; return its line-up, result and per-seat decision times."""
    game, players, index, seed = task["game"], task["players"], task["index"], task["seed"]
    levels = lineup(task["bots"], players, index)
    params = task.get("params") or {}
    bots = [make_bot(game, lv, **(params if lv.startswith("hard") else {})) for lv in levels]
    state = new_game(game, players=players, seed=f"{seed}/deal/{index // players}", options=task.get("options"))
    rng = random.Random(f"{seed}/bots/{index}")
    # with --clock cpu a ceiling counts the bot's own CPU time: on a loaded machine it then cuts no earlier than on
    # an idle one
    previous = bot_clock.use(cpu_clock()) if task.get("clock") == "cpu" else None
    try:
        return _play_one(task, state, bots, levels, rng)
    finally:
        if task.get("clock") == "cpu":
            bot_clock.use(previous)


def _play_one(task: dict[str, Any], state: Any, bots: list[Any], levels: list[str],
              rng: random.Random) -> dict[str, Any]:
    index, players = task["index"], task["players"]
    times: list[list[float]] = [[] for _ in range(players)]
    cpu: list[list[float]] = [[] for _ in range(players)]
    actions = 0
    while not state.is_over():
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        legal = state.legal_actions()
        start, start_cpu = time.perf_counter(), time.thread_time()
        action = bots[seat].choose(view, legal, rng)
        times[seat].append(time.perf_counter() - start)
        cpu[seat].append(time.thread_time() - start_cpu)
        state.apply(action)
        actions += 1
        if actions > task.get("action_cap", 100_000):
            return {"index": index, "lineup": levels, "capped": True, "times": times, "cpu": cpu}
    result = state.result()
    return {"index": index, "lineup": levels, "capped": False, "winners": list(result["winners"]),
            "scores": list(result["scores"]), "times": times, "cpu": cpu}


def run_arena(game: str, players: int, bots: Sequence[str], games: int, seed: str | int = 1, jobs: int = 1,
              options: dict[str, Any] | None = None, params: dict[str, Any] | None = None,
              clock: str = "wall") -> dict[str, Any]:
    """Play ``games`` seeded games and summarise per bot level; the summary is reproducible from ``seed``."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r} (known: {', '.join(GAMES)})")
    if games < 1:
        raise ValueError("--games must be at least 1")
    names = [b.strip() for b in bots if b.strip()]
    if not names:
        raise ValueError("--bots must name at least one level")
    for name in set(names):
        make_bot(game, name)  # unknown levels fail here, before any process starts
    tasks = [{"game": game, "players": players, "index": i, "seed": seed, "bots": names, "options": options,
              "params": params, "clock": clock} for i in range(games)]
    start = time.perf_counter()
    if jobs > 1:
        with multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork").Pool(jobs) as pool:
            outcomes = pool.map(play_one, tasks, chunksize=1)
    else:
        outcomes = [play_one(t) for t in tasks]
    elapsed = time.perf_counter() - start
    return summarise(game, players, names, outcomes, seed, options, elapsed)


def summarise(game: str, players: int, names: Sequence[str], outcomes: list[dict[str, Any]], seed: Any,
              options: dict[str, Any] | None, elapsed: float) -> dict[str, Any]:
    """Per level: seats per game, win share with its Wilson interval, mean score, decision times."""
    outcomes = sorted(outcomes, key=lambda o: o["index"])
    levels = list(dict.fromkeys(names))
    finished = [o for o in outcomes if not o["capped"]]
    rows = []
    for level in levels:
        wins = 0.0
        scores: list[float] = []
        times: list[float] = []
        cpu: list[float] = []
        seats = sum(1 for i in range(players) if names[i % len(names)] == level)
        for o in outcomes:
            for seat, lv in enumerate(o["lineup"]):
                if lv != level:
                    continue
                times.extend(o["times"][seat])
                cpu.extend(o["cpu"][seat])
                if o["capped"]:
                    continue
                scores.append(o["scores"][seat])
                if seat in o["winners"]:
                    wins += 1 / len(o["winners"])
        n = len(finished)
        low, high = wilson(wins, n)
        rows.append({
            "bot": level, "seats": seats, "parity": round(seats / players, 4), "wins": round(wins, 2),
            "win_share": round(wins / n, 4) if n else None, "ci95": [round(low, 4), round(high, 4)],
            "mean_score": round(sum(scores) / len(scores), 2) if scores else None,
            "decisions": len(times),
            "mean_ms": round(1000 * sum(times) / len(times), 2) if times else None,
            "median_ms": round(1000 * percentile(times, 0.5), 2) if times else None,
            "p95_ms": round(1000 * percentile(times, 0.95), 2) if times else None,
            "cpu_median_ms": round(1000 * percentile(cpu, 0.5), 2) if cpu else None,
            "cpu_p95_ms": round(1000 * percentile(cpu, 0.95), 2) if cpu else None,
        })
    return {"game": game, "players": players, "bots": list(names), "games": len(outcomes),
            "finished": len(finished), "capped": len(outcomes) - len(finished), "seed": seed,
            "options": options or {}, "seconds": round(elapsed, 1), "rows": rows,
            "outcomes": [{k: o[k] for k in ("index", "lineup", "winners", "scores") if k in o} for o in outcomes]}


def format_table(summary: dict[str, Any]) -> str:
    """A plain-text table of an arena summary."""
    head = (f"{summary['game']}, {summary['players']} players, {summary['games']} games, seed {summary['seed']}, "
            f"bots {','.join(summary['bots'])}" + (f", options {json.dumps(summary['options'])}"
                                                     if summary["options"] else "")
            + f" ({summary['seconds']} s{', ' + str(summary['capped']) + ' capped' if summary['capped'] else ''})")
    lines = [head, f"{'bot':<10} {'seats':>5} {'parity':>7} {'win share':>9}  {'95% CI':<15} {'avg score':>9} "
                   f"{'decisions':>9} {'mean ms':>8} {'median':>8} {'p95 ms':>8} {'cpu med':>8} {'cpu p95':>8}"]
    for r in summary["rows"]:
        share = "-" if r["win_share"] is None else f"{100 * r['win_share']:.1f}%"
        ci = f"{100 * r['ci95'][0]:.1f}-{100 * r['ci95'][1]:.1f}%"
        lines.append(f"{r['bot']:<10} {r['seats']:>5} {100 * r['parity']:>6.1f}% {share:>9}  {ci:<15} "
                     f"{_num(r['mean_score']):>9} {r['decisions']:>9} {_num(r['mean_ms']):>8} "
                     f"{_num(r['median_ms']):>8} {_num(r['p95_ms']):>8} {_num(r['cpu_median_ms']):>8} "
                     f"{_num(r['cpu_p95_ms']):>8}")
    return "\n".join(lines)


def _num(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"


def time_decisions(game: str, players: int, level: str, decisions: int = 30, seed: str = "timing",
                   options: dict[str, Any] | None = None, budget_ms: float | None | str = "app") -> dict[str, Any]:
    """Median, 95th percentile and maximum time of ``level``'s decisions on positions from seeded normal-bot games.

    Only positions with a real choice (two or more legal actions) count. The same function runs in CPython
    and, through ``tools/bench_bots_pyodide.mjs``, in Pyodide, so the two figures compare like with like.
    ``budget_ms``: ``"app"`` (default) gives a searching level the ceiling the app uses (:func:`app_budget_ms`),
    a number sets one, ``None`` searches by rollouts only (the old figures). ``cut`` counts the decisions the
    ceiling ended early.
    """
    budget = app_budget_ms(game, level) if budget_ms == "app" else budget_ms
    params: dict[str, Any] = {} if budget is None else {"budget_ms": float(budget)}
    cut = 0
    rng = random.Random(seed)
    wall: list[float] = []
    cpu: list[float] = []
    game_no = 0
    while len(wall) < decisions:
        state = new_game(game, players=players, seed=f"{seed}/{game_no}", options=options)
        game_no += 1
        normal = make_bot(game, "normal")
        step = 0
        while not state.is_over() and len(wall) < decisions:
            seat = state.current_player
            assert seat is not None
            view, legal = state.view(seat), state.legal_actions()
            if step % 5 == 2 and len(legal) > 1:
                bot = make_bot(game, level, **params)
                start, start_cpu = time.perf_counter(), time.process_time()
                bot.choose(view, legal, random.Random(step))
                wall.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
                cut += bool(getattr(bot, "stats", {}).get("cut"))
            state.apply(normal.choose(view, legal, rng))
            step += 1
    return {"game": game, "players": players, "level": level, "decisions": len(wall),
            "python": f"{platform.python_implementation()} {platform.python_version()} ({sys.platform})",
            "budget_ms": budget, "cut": cut,
            "median_ms": round(1000 * percentile(wall, 0.5), 1), "p95_ms": round(1000 * percentile(wall, 0.95), 1),
            "max_ms": round(1000 * max(wall), 1),
            "cpu_median_ms": round(1000 * percentile(cpu, 0.5), 1),
            "cpu_p95_ms": round(1000 * percentile(cpu, 0.95), 1)}


# ----- the ladder ------------------------------------------------------------------------------------------------
#: (game, players, line-up, options, what the target is) for docs/bots.md. Line-ups put the stronger level first.
LADDER: list[dict[str, Any]] = [
    {"game": "skipbo", "players": 2, "bots": ["normal", "easy"], "target": "normal wins at least 80%"},
    {"game": "skipbo", "players": 2, "bots": ["hard", "normal"], "target": "hard wins at least 60%"},
    # the reference opponents (bots/skipbo_refs.py), with the stock of 20 the published comparisons use
    {"game": "skipbo", "players": 2, "bots": ["normal", "play-first"], "options": {"stock_size": 20},
     "target": "normal wins at least 95%"},
    {"game": "skipbo", "players": 2, "bots": ["hard", "stock-first"], "options": {"stock_size": 20},
     "target": "hard wins at least 75%"},
    {"game": "topspot", "players": 3, "bots": ["normal", "easy", "easy"], "options": {"games": 1},
     "target": "normal clearly above parity (1/3)"},
    {"game": "topspot", "players": 3, "bots": ["hard", "normal", "normal"], "options": {"games": 1},
     "target": "hard clearly above parity (1/3)"},
    {"game": "etalage", "players": 4, "bots": ["normal", "easy"],
     "target": "normal's win share at least twice easy's"},
    {"game": "etalage", "players": 4, "bots": ["hard", "normal"], "target": "hard clearly above parity (1/2)"},
    {"game": "level8", "players": 2, "bots": ["normal", "easy"], "target": "normal wins at least 80%"},
    {"game": "level8", "players": 2, "bots": ["hard", "normal"], "target": "hard clearly above parity (1/2)"},
]


TIMING: list[dict[str, Any]] = [
    {"game": "skipbo", "players": 2}, {"game": "topspot", "players": 3, "options": {"games": 1}},
    {"game": "etalage", "players": 4}, {"game": "level8", "players": 2},
]


def _read_store(path: str) -> dict[str, Any]:
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _key(entry: dict[str, Any]) -> str:
    return f"{entry['game']}/{entry['players']}/{','.join(entry['bots'])}"


def run_ladder(games: int, jobs: int, seed: str, out: str | None, only: str | None = None,
               params: dict[str, Any] | None = None, search_games: int | None = None) -> str:
    """Run every ladder match-up (or those whose key contains ``only``) and write the markdown page to ``out``.

    Match-ups with a search level play ``search_games`` games (default ``games``): they cost a hundred times
    more. The summaries are also kept as JSON beside ``out`` (``<out>.json``), so that ``--only`` refreshes one
    game's tables and the page is rebuilt from everything measured so far.
    """
    store: dict[str, Any] = {}
    store_path = out[:-3] + ".json" if out and out.endswith(".md") else None
    if store_path and only:
        store = _read_store(store_path)
    for entry in LADDER:
        if only and only not in _key(entry):
            continue
        searching = any(b.startswith("hard") for b in entry["bots"])
        count = search_games if searching and search_games else games
        summary = run_arena(entry["game"], entry["players"], entry["bots"], count, seed, jobs,
                            entry.get("options"), params if searching else None)
        print(format_table(summary), flush=True)
        summary.pop("outcomes", None)
        store[_key(entry)] = {"entry": entry, "summary": summary, "jobs": jobs, "params": params}
        if store_path:  # merge with what other ladder runs stored meanwhile, then write
            store = {**_read_store(store_path), **store} if only else store
            with open(store_path, "w", encoding="utf-8") as handle:
                json.dump(store, handle, indent=1)
    sections = [(store[_key(e)]["entry"], store[_key(e)]["summary"]) for e in LADDER if _key(e) in store]
    text = ladder_markdown(sections, seed)
    if out:
        text += _hand_written_part(out)
        with open(out, "w", encoding="utf-8") as handle:
            handle.write(text)
    return text


HAND_WRITTEN = "<!-- Everything below is written by hand; `arena ladder --out` keeps it as it is. -->"


def _hand_written_part(out: str) -> str:
    """What follows the HAND_WRITTEN marker in the page at ``out`` (marker included), so regenerating keeps it."""
    try:
        with open(out, encoding="utf-8") as handle:
            old = handle.read()
    except FileNotFoundError:
        return ""
    at = old.find(HAND_WRITTEN)
    return "\n" + old[at:] if at >= 0 else ""


def ladder_markdown(sections: list[tuple[dict[str, Any], dict[str, Any]]], seed: str) -> str:
    """docs/bots.md: what was run, then one table per match-up."""
    lines = [
        "# Bot strength ladder (measured)",
        "",
        "Generated by `python -m pygame_rules arena ladder --out docs/bots.md` (see docs/bots-notes.md for the "
        "exact runs, the method and the caveats); the match-up tables are generated, the sections after them are "
        "written by hand and kept when the page is regenerated.",
        f"Python: {platform.python_implementation()} {platform.python_version()} on {platform.machine()}.",
        "",
        "Win share: the fraction of games won by that level's seats (tied winners share a win); parity is the "
        "share of seats it held. 95% intervals are Wilson score intervals over the games. Seats rotate and every "
        "deal is replayed from every seat. Wall-clock times were taken on a 2-core machine shared with other "
        "jobs; the CPU columns (thread CPU time per decision) are the figures to compare with the targets.",
        "",
    ]
    for entry, s in sections:
        lines.append(f"## {s['game']}: {' vs '.join(dict.fromkeys(s['bots']))} ({s['players']} players)")
        lines.append("")
        lines.append(f"Line-up {', '.join(s['bots'])}; {s['games']} games ({s['finished']} finished), seed "
                     f"`{s['seed']}`" + (f", options `{json.dumps(s['options'])}`" if s["options"] else "")
                     + f"; target: {entry['target']}.")
        lines.append("")
        lines.append("| bot | seats | parity | win share | 95% CI | avg score | decisions | mean ms | median ms "
                     "| p95 ms | CPU median ms | CPU p95 ms |")
        lines.append("|---|---|---|---|---|---|---|---|---|---|---|---|")
        for r in s["rows"]:
            lines.append(f"| {r['bot']} | {r['seats']} | {100 * r['parity']:.1f}% | {100 * r['win_share']:.1f}% | "
                         f"{100 * r['ci95'][0]:.1f}-{100 * r['ci95'][1]:.1f}% | {_num(r['mean_score'])} | "
                         f"{r['decisions']} | {_num(r['mean_ms'])} | {_num(r['median_ms'])} | {_num(r['p95_ms'])} | "
                         f"{_num(r['cpu_median_ms'])} | {_num(r['cpu_p95_ms'])} |")
        lines.append("")
    return "\n".join(lines)


# ----- command line ----------------------------------------------------------------------------------------------
def add_parser(subparsers: Any, help_text: str) -> argparse.ArgumentParser:
    """Register ``arena`` on the main command's subparsers (called by :mod:`pygame_rules.cli`)."""
    p: argparse.ArgumentParser = subparsers.add_parser("arena", help=help_text, description=__doc__,
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", help=f"one of {', '.join(GAMES)}; 'ladder' for the docs/bots.md ladder; 'timing' for "
                   "decision times of the --bots levels on --games positions per game; 'sweep' for the CPU time "
                   "of hard decisions over seeded games of every game and player count; 'replay' to decide the "
                   "sweep's slowest positions again")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--bots", default="hard,normal", help="comma-separated levels, cycled over the seats")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", default="1")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (multiprocessing)")
    p.add_argument("--options", help="game options as JSON")
    p.add_argument("--iterations", type=int, help="rollouts per decision for the hard levels (default: profile)")
    p.add_argument("--budget-ms", type=float, help="wall-clock ceiling per decision for the hard levels (default: "
                   "none, reproducible; 'timing' defaults to the app's ceiling, 0 there means none)")
    p.add_argument("--clock", choices=("wall", "cpu"), default="wall", help="what a --budget-ms ceiling counts: "
                   "wall-clock time (as in the app) or the bot's CPU time (figures independent of the machine's load)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON instead of a table")
    p.add_argument("--out", help="ladder only: write the markdown here (e.g. docs/bots.md)")
    p.add_argument("--only", help="ladder only: run just the match-ups whose key (game/players/bots) contains "
                   "this text, e.g. 'skipbo' or 'easy'; the others are kept from <out>.json")
    p.add_argument("--search-games", type=int, help="ladder only: games for match-ups with a hard level")
    p.add_argument("--decisions", type=int, default=200, help="sweep only: decisions with a choice per configuration")
    p.add_argument("--keep", type=int, default=5, help="sweep/replay: how many slowest positions to keep or replay")
    p.add_argument("--file", help="sweep: write the summary and slowest positions here (JSON); replay: read them")
    return p


def run(args: argparse.Namespace) -> None:
    """Execute the ``arena`` command."""
    params: dict[str, Any] | None = {"iterations": args.iterations} if args.iterations else None
    if args.game == "timing":
        budget: float | None | str = "app" if args.budget_ms is None else (args.budget_ms or None)
        for entry in TIMING:
            for level in args.bots.split(","):
                print(json.dumps(time_decisions(entry["game"], entry["players"], level, args.games, args.seed,
                                                entry.get("options"), budget)), flush=True)
        return
    if args.game in ("sweep", "replay"):
        level = args.bots.split(",")[0] if args.bots != "hard,normal" else "hard"
        swept: float | None | str = "app" if args.budget_ms is None else (args.budget_ms or None)
        if args.game == "sweep":
            run_sweep(args.decisions, args.seed if args.seed != "1" else "sweep", level, swept, args.only, args.keep,
                      args.jobs, args.file)
        elif not args.file:
            raise ValueError("arena replay needs --file (written by arena sweep --file)")
        else:
            replay_positions(args.file, level, swept, args.keep)
        return
    if args.budget_ms:
        params = {**(params or {}), "budget_ms": args.budget_ms}
    if args.game == "ladder":
        run_ladder(args.games, args.jobs, args.seed, args.out, args.only, params, args.search_games)
        return
    options = json.loads(args.options) if args.options else None
    summary = run_arena(args.game, args.players, args.bots.split(","), args.games, args.seed, args.jobs, options,
                        params, args.clock)
    if args.json:
        print(json.dumps({k: v for k, v in summary.items() if k != "outcomes"}))
    else:
        print(format_table(summary))


# ----- the decision-time sweep -----------------------------------------------------------------------------------
#: every game and player count the sweep plays (Skip-Bo also with stock 20 and 30, and with wild-heavy hands)
SWEEP: list[dict[str, Any]] = [
    *({"name": f"skipbo/{n}p/stock{s}", "game": "skipbo", "players": n, "options": {"stock_size": s}}
      for n in range(2, 7) for s in (20, 30) if n * (s + 5) <= 162),
    {"name": "skipbo/2p/stock20/wild-heavy", "game": "skipbo", "players": 2, "options": {"stock_size": 20},
     "wild_heavy": True},
    {"name": "skipbo/4p/stock20/wild-heavy", "game": "skipbo", "players": 4, "options": {"stock_size": 20},
     "wild_heavy": True},
    *({"name": f"topspot/{n}p/{lv}", "game": "topspot", "players": n, "options": {"games": 1, "level": lv}}
      for n in range(3, 6) for lv in ("junior", "expert")),
    *({"name": f"etalage/{n}p", "game": "etalage", "players": n} for n in range(3, 7)),
    *({"name": f"level8/{n}p", "game": "level8", "players": n} for n in range(2, 7)),
]


def _wild_heavy(state: Any, rng: random.Random) -> None:
    """Skip-Bo stress deal: every hand gets up to three Skip-Bo cards swapped in from the draw pile, and the draw
    pile's other Skip-Bo cards move into its top 30 cards, so hands stay wild-rich for the first turns. The cards
    are only moved, never added: the deal stays a legal Skip-Bo deal."""
    from .games.skipbo import WILD

    draw: list[int] = state.draw
    for hand in state.hands:
        for _ in range(3):
            if WILD not in draw:
                break
            numbers = [i for i, c in enumerate(hand) if c != WILD]
            if not numbers:
                break
            h, d = numbers[rng.randrange(len(numbers))], draw.index(WILD)
            hand[h], draw[d] = draw[d], hand[h]
    wilds = [c for c in draw if c == WILD]
    rest = [c for c in draw if c != WILD]
    for card in wilds:
        rest.insert(len(rest) - rng.randrange(min(30, len(rest)) + 1), card)
    draw[:] = rest
    state._legal = None


def cpu_clock() -> Any:
    """This thread's CPU clock, or the process's where the platform has no thread clock (Pyodide, where the two
    are the same single thread)."""
    clock = getattr(time, "thread_time", None)
    try:
        if clock is not None:
            clock()
            return clock
    except OSError:  # pragma: no cover - platform without a thread clock
        pass
    return time.process_time


def sweep_game(task: dict[str, Any]) -> dict[str, Any]:
    """Play one seeded game of a sweep configuration with ``task["level"]`` at every seat (each with the app's
    ceiling unless ``budget_ms`` says otherwise); return every decision with a choice as (CPU ms, wall ms, step,
    seat, cut) and the ``keep`` slowest positions with their saves, to replay them."""
    cfg, level, index = task["config"], task["level"], task["index"]
    game, players = cfg["game"], cfg["players"]
    seed = f"{task['seed']}/{cfg['name']}/{index}"
    state = new_game(game, players=players, seed=seed, options=cfg.get("options"))
    if cfg.get("wild_heavy"):
        _wild_heavy(state, random.Random(seed))
    budget = task["budget_ms"]
    params: dict[str, Any] = {} if budget is None else {"budget_ms": float(budget)}
    bots = [make_bot(game, level, **params) for _ in range(players)]
    rng = random.Random(f"{seed}/bots")
    # the bots' ceiling counts this thread's CPU time: what they would take on an idle machine, whatever the load
    previous = bot_clock.use(cpu_clock())
    try:
        return _sweep_play(task, state, bots, rng)
    finally:
        bot_clock.use(previous)


def _sweep_play(task: dict[str, Any], state: Any, bots: list[Any], rng: random.Random) -> dict[str, Any]:
    cfg, seed = task["config"], f"{task['seed']}/{task['config']['name']}/{task['index']}"
    rows: list[tuple[float, float, int, int, bool]] = []
    slow: list[dict[str, Any]] = []
    task_cpu = cpu_clock()
    step = 0
    while not state.is_over() and step < task.get("action_cap", 20_000) and len(rows) < task.get("need", 10**9):
        seat = state.current_player
        assert seat is not None
        view, legal = state.view(seat), state.legal_actions()
        before = state.to_json() if len(legal) > 1 else None
        start, start_cpu = time.perf_counter(), task_cpu()
        action = bots[seat].choose(view, legal, rng)
        cpu_ms = 1000 * (task_cpu() - start_cpu)
        wall_ms = 1000 * (time.perf_counter() - start)
        if before is not None:
            stats = getattr(bots[seat], "stats", {})
            rows.append((round(cpu_ms, 3), round(wall_ms, 3), step, seat, bool(stats.get("cut"))))
            if len(slow) < task["keep"] or cpu_ms > slow[-1]["cpu_ms"]:
                slow.append({"config": cfg["name"], "seed": seed, "step": step, "seat": seat,
                             "cpu_ms": round(cpu_ms, 1), "wall_ms": round(wall_ms, 1), "legal": len(legal),
                             "stats": {k: v for k, v in stats.items() if k not in ("means", "counts")}, "save": before})
                slow.sort(key=lambda s: -s["cpu_ms"])
                del slow[task["keep"]:]
        state.apply(action)
        step += 1
    return {"config": cfg["name"], "index": task["index"], "rows": rows, "slow": slow}


def run_sweep(decisions: int, seed: str = "sweep", level: str = "hard", budget_ms: float | None | str = "app",
              only: str | None = None, keep: int = 5, jobs: int = 1, out: str | None = None,
              echo: Any = print) -> dict[str, Any]:
    """Play seeded games of every :data:`SWEEP` configuration (or those whose name contains ``only``) until each
    has ``decisions`` decisions of ``level`` with a real choice; print per configuration the CPU median, p95 and
    maximum per decision and how many the ceiling cut, then the overall maximum against 1.5 times the ceiling and
    the slowest positions (with ``out``, written there as JSON for ``arena replay``)."""
    configs = [c for c in SWEEP if not only or only in c["name"]]
    if not configs:
        raise ValueError(f"no sweep configuration matches {only!r}")
    lines: list[dict[str, Any]] = []
    slowest: list[dict[str, Any]] = []
    ceilings: dict[str, float | None] = {}
    pool = multiprocessing.get_context("fork").Pool(jobs) if jobs > 1 else None
    try:
        for cfg in configs:
            budget = app_budget_ms(cfg["game"], level) if budget_ms == "app" else _as_budget(budget_ms)
            ceilings[cfg["name"]] = budget
            cpu: list[float] = []
            cut = 0
            games = 0
            slow: list[dict[str, Any]] = []
            start = time.perf_counter()

            def tasks(cfg: dict[str, Any] = cfg, budget: float | None = budget, cpu: list[float] = cpu,
                      sequential: bool = pool is None) -> Any:
                index = 0
                while True:  # one process: a game stops once the configuration has its decisions
                    yield {"config": cfg, "level": level, "index": index, "seed": seed, "budget_ms": budget,
                           "keep": keep, **({"need": decisions - len(cpu)} if sequential else {})}
                    index += 1

            results = pool.imap(sweep_game, tasks()) if pool else map(sweep_game, tasks())
            for res in results:
                games += 1
                cpu.extend(r[0] for r in res["rows"])
                cut += sum(r[4] for r in res["rows"])
                slow = sorted(slow + res["slow"], key=lambda s: -s["cpu_ms"])[:keep]
                if len(cpu) >= decisions:
                    break
            if pool:  # the generator keeps the pool busy ahead of us: start afresh for the next configuration
                pool.terminate()
                pool = multiprocessing.get_context("fork").Pool(jobs)
            line = {"config": cfg["name"], "level": level, "budget_ms": budget, "games": games,
                    "decisions": len(cpu), "cut": cut, "cpu_median_ms": round(percentile(cpu, 0.5), 1),
                    "cpu_p95_ms": round(percentile(cpu, 0.95), 1), "cpu_max_ms": round(max(cpu, default=0.0), 1),
                    "seconds": round(time.perf_counter() - start, 1)}
            echo(json.dumps(line))
            lines.append(line)
            slowest.extend(slow)
    finally:
        if pool:
            pool.terminate()
    return _sweep_summary(lines, slowest, keep, out, echo)


def _sweep_summary(lines: list[dict[str, Any]], slowest: list[dict[str, Any]], keep: int, out: str | None,
                   echo: Any) -> dict[str, Any]:
    """The end of :func:`run_sweep`: the overall maximum against 1.5 times the ceiling and the slowest positions,
    printed, written to ``out`` when given, and returned with the per-configuration lines."""
    slowest.sort(key=lambda s: -s["cpu_ms"])
    worst = max(lines, key=lambda x: x["cpu_max_ms"])
    limit = 1.5 * worst["budget_ms"] if worst["budget_ms"] else None
    summary = {"decisions": sum(x["decisions"] for x in lines), "cpu_max_ms": worst["cpu_max_ms"],
               "worst_config": worst["config"], "limit_ms": limit,
               "within": None if limit is None else worst["cpu_max_ms"] <= limit,
               "cpu_p95_ms_max": max(x["cpu_p95_ms"] for x in lines)}
    echo(json.dumps(summary))
    for s in slowest[:keep]:
        echo(json.dumps({k: v for k, v in s.items() if k != "save"}))
    if out:
        with open(out, "w", encoding="utf-8") as handle:
            json.dump({"configs": lines, "summary": summary, "slowest": slowest}, handle)
    return {"configs": lines, "summary": summary, "slowest": slowest}


def _as_budget(value: float | None | str) -> float | None:
    return None if value is None or isinstance(value, str) else float(value)


def replay_positions(path: str, level: str = "hard", budget_ms: float | None | str = "app", top: int = 10,
                     echo: Any = print) -> list[dict[str, Any]]:
    """Decide again, with a fresh ``level`` bot, the slowest positions a sweep stored in ``path``; print the CPU
    time of each (the positions are saves: the position, not the bot's memory of an earlier plan)."""
    from .registry import load_state

    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    out = []
    for pos in data["slowest"][:top]:
        state = load_state(pos["save"])
        seat = state.current_player
        assert seat is not None
        budget = app_budget_ms(state.game, level) if budget_ms == "app" else _as_budget(budget_ms)
        bot = make_bot(state.game, level, **({} if budget is None else {"budget_ms": float(budget)}))
        cpu = cpu_clock()
        previous = bot_clock.use(cpu)  # the ceiling counts CPU time, as in the sweep
        try:
            start = cpu()
            action = bot.choose(state.view(seat), state.legal_actions(), random.Random(pos["step"]))
            spent = cpu() - start
        finally:
            bot_clock.use(previous)
        line = {"config": pos["config"], "seed": pos["seed"], "step": pos["step"], "swept_cpu_ms": pos["cpu_ms"],
                "cpu_ms": round(1000 * spent, 1), "action": action.to_json(),
                "stats": {k: v for k, v in getattr(bot, "stats", {}).items() if k not in ("means", "counts")}}
        echo(json.dumps(line, default=str))
        out.append(line)
    return out
