// A short-lived module worker that makes the engine's start snapshot after a normal start, so that the engine the
// player waits for never pays for it: js/worker.js starts this one once its own Python is ready and idle, relays
// the one message it sends ({type: "snapshot", stored, bytes, ms} or {type: "snapshot", stored: false, reason}) to
// the page and terminates it. Its interpreter never serves a request, so no game is ever frozen into a snapshot.
// docs/web.md, "Instant start", says why the snapshot is made here and not in the engine's own interpreter.
import { BUILD } from "./build-info.js";
import { makeSnapshot, snapshotKey, storeSnapshot } from "./pyodide-start.js";

const pyodideBase = new URL(BUILD.pyodide, import.meta.url).href;
const wheelUrl = new URL(BUILD.wheel, import.meta.url).href;

async function run() {
  const t0 = performance.now();
  const key = snapshotKey(BUILD.pyodideVersion, BUILD.wheelHash);
  const bytes = await makeSnapshot({ pyodideBase, wheelUrl, key });
  const made = Math.round(performance.now() - t0);
  const info = await storeSnapshot(key, bytes);
  return { type: "snapshot", stored: true, ...info, madeMs: made, where: "background" };
}

run().then(
  (msg) => self.postMessage(msg),
  (err) => self.postMessage({ type: "snapshot", stored: false, where: "background",
    reason: String(err && err.message ? err.message.split("\n")[0] : err) }));
