// A short-lived module worker that makes the engine's start snapshot after a normal start, so that the engine the
// player waits for never pays for it: the page (js/worker/engine.js) starts this one when the engine worker, ready and
// idle, asks for it, hears the one message it sends ({type: "snapshot", stored, bytes, ms, heap, limit, headroom} or {type: "snapshot",
// stored: false, reason, quota?}: js/worker/pyodide-start.js keepSnapshot) as the engine's report and terminates it. Its interpreter
// never serves a request, so no game is ever frozen into a snapshot.
// docs/web.md, "Instant start", says why the snapshot is made here and not in the engine's own interpreter.
import { BUILD } from "../build-info.js";
import { keepSnapshot, makeSnapshot, snapshotKey } from "./pyodide-start.js";

// build-info.js sits in js/ and names its paths relative to js/, one folder above this module.
const jsRoot = new URL("../", import.meta.url);
const pyodideBase = new URL(BUILD.pyodide, jsRoot).href;
const wheelUrl = new URL(BUILD.wheel, jsRoot).href;

async function run() {
  const t0 = performance.now();
  const key = snapshotKey(BUILD.pyodideVersion, BUILD.wheelHash);
  let madeMs = 0;
  const report = await keepSnapshot(key, async () => {
    const made = await makeSnapshot({ pyodideBase, wheelUrl, key, heapLimit: BUILD.snapshotHeapLimit });
    madeMs = Math.round(performance.now() - t0);
    return made;
  });
  return { type: "snapshot", ...report, madeMs, where: "background" };
}

run().then(
  (msg) => self.postMessage(msg),
  (err) => self.postMessage({ type: "snapshot", stored: false, where: "background",
    reason: String(err && err.message ? err.message.split("\n")[0] : err) }));
