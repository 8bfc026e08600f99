// Decision times of the bots inside Pyodide (the engine the browser worker runs), printed as JSON lines.
//
//   node tools/bench_bots_pyodide.mjs [path/to/node_modules/pyodide] [levels] [decisions] [budget]
//   e.g. node tools/bench_bots_pyodide.mjs node_modules/pyodide normal,hard 20 app
//
// budget: "app" (default: the wall-clock ceiling the app gives a searching level, bots.app_budget_ms), "none"
// (rollouts only, as before the ceiling existed) or a number of milliseconds. Each line has median, p95 and max
// (ms), the ceiling used and how many decisions it cut short.
//
//   node tools/bench_bots_pyodide.mjs node_modules/pyodide hard 2000 sweep [games]
// runs `arena sweep` inside Pyodide instead: seeded games of every game and player count with the level at every
// seat under the app's ceiling, printing CPU median, p95 and max per configuration and per game, and the slowest
// positions. In this mode [decisions] counts per game (default 2000; a smaller count for a quick look), shared
// evenly over the game's configurations; [games] is a comma-separated subset (default: all four), e.g. skipbo.
//
// It copies this checkout's pygame_rules package into Pyodide's file system and calls the same
// pygame_rules.arena.time_decisions() that `python -m pygame_rules arena timing` uses in CPython, so the
// two sets of figures are measured on identical positions. Nothing is downloaded: Pyodide comes from the
// local npm package.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const pyodideDir = resolve(process.argv[2] || "node_modules/pyodide");
const levels = (process.argv[3] || "normal,hard").split(",");
const budgetArg = process.argv[5] || "app";
const decisions = Number(process.argv[4] || (budgetArg === "sweep" ? 2000 : 20));
const sweepGames = (process.argv[6] || "skipbo,topspot,etalage,level8").split(",");
const budget = budgetArg === "app" ? '"app"' : budgetArg === "none" ? "None" : String(Number(budgetArg));
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });

function copyTree(src, dest) {
  pyodide.FS.mkdirTree(dest);
  for (const name of readdirSync(src)) {
    if (name === "__pycache__") continue;
    const from = join(src, name);
    const to = dest + "/" + name;
    if (statSync(from).isDirectory()) copyTree(from, to);
    else if (/\.(py|json)$/.test(name)) pyodide.FS.writeFile(to, readFileSync(from));
  }
}
copyTree(resolve("pygame_rules"), "/home/pyodide/pygame_rules");

if (budgetArg === "sweep") {
  for (const game of sweepGames) {
    const out = await pyodide.runPythonAsync(`
import json, math, sys
sys.path.insert(0, "/home/pyodide")
from pygame_rules.arena import SWEEP, run_sweep
configs = sum(1 for c in SWEEP if c["game"] == ${JSON.stringify(game)})
json.dumps(run_sweep(math.ceil(${decisions} / max(1, configs)), seed="sweep", level=${JSON.stringify(levels[0])}, only=${JSON.stringify(game)},
                     echo=print)["summary"])
`);
    console.log(JSON.stringify({ game, ...JSON.parse(out) }));
  }
  process.exit(0);
}

const games = [["skipbo", 2, "None"], ["topspot", 3, "{'games': 1}"], ["etalage", 4, "None"], ["level8", 2, "None"]];
for (const [game, players, options] of games) {
  for (const level of levels) {
    const out = await pyodide.runPythonAsync(`
import json, sys
sys.path.insert(0, "/home/pyodide")
from pygame_rules.arena import time_decisions
json.dumps(time_decisions(${JSON.stringify(game)}, ${players}, ${JSON.stringify(level)}, ${decisions},
                          options=${options}, budget_ms=${budget}))
`);
    console.log(out);
  }
}
