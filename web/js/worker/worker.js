// Module Web Worker: starts the self-hosted Pyodide, installs our wheel and answers JSON requests through
// pygame_rules/api.py. Bots think here, so the page never freezes. Messages to the page:
//   {type: "progress", stage, label, fraction}   while starting
//   {type: "ready", ms, python, timings, start, at}  once api.handle is callable; start = {path, reason}: path is
//                                                "snapshot", "normal" or "fallback" (js/worker/pyodide-start.js)
//   {type: "snapshot", stored, bytes, ms, heap, limit, headroom}
//                                                after a normal start, once the new snapshot is kept (made by
//                                                js/worker/snapshot-worker.js where this worker can start a worker);
//                                                {type: "snapshot", stored: false, reason, quota?} when it was not;
//                                                {..., skipped: true} at once when none is made (js/worker/pyodide-start.js);
//                                                {stored: false, reason} at once where no snapshot can be kept
//   {type: "fatal", message}                     when Python could not start
//   {type: "response", json}                     the JSON text api.handle returned for one request
//   {type: "dead", message}                      Python failed for good after starting: restart the worker
// Requests and saved games are handled in js/worker/worker-requests.js (saves never leave the worker).
import "./worker-shared.js"; // first: serves each port of a SharedWorker like this dedicated one
import { BUILD } from "../build-info.js";
import { keepSnapshot, startPython } from "./pyodide-start.js";
import { requestHandler } from "./worker-requests.js";
import { keepLater, relayMaker } from "./snapshot-report.js";

const started = performance.now();
// build-info.js sits in js/ and names its paths relative to js/, one folder above this module.
const jsRoot = new URL("../", import.meta.url);
const pyodideBase = new URL(BUILD.pyodide, jsRoot).href;
const wheelUrl = new URL(BUILD.wheel, jsRoot).href;

// key: the i18n catalogue key of the label (the page shows it in the reader's language; label is the English).
function progress(stage, label, fraction, key) {
  self.postMessage({ type: "progress", stage, label, fraction, key });
}

async function start() {
  const t = { start: 0 };
  const mark = (name) => { t[name] = Math.round(performance.now() - started); };
  const begun = await startPython({ pyodideBase, wheelUrl, pyodideVersion: BUILD.pyodideVersion,
    wheelHash: BUILD.wheelHash, progress, mark, background: typeof Worker === "function",
    heapLimit: BUILD.snapshotHeapLimit });
  const { pyodide } = begun;
  const api = pyodide.pyimport("pygame_rules.api");
  mark("api");
  const python = pyodide.runPython("import sys; sys.version.split()[0]");
  const startInfo = { path: begun.path, reason: begun.reason };
  // at: when this module began to run, in epoch ms, so the page can place the worker's stages on its own clock.
  self.postMessage({ type: "ready", ms: performance.now() - started, python, timings: t, start: startInfo,
    at: performance.timeOrigin + started });
  // A snapshot made here is stored once the engine has answered what was already waiting (js/worker/snapshot-report.js
  // keepLater: one report, within SNAPSHOT_LIMIT_MS, even when storing throws or hangs).
  if (begun.snapshot) keepLater(() => keepSnapshot(begun.key, begun.snapshot), (msg) => self.postMessage(msg));
  if (begun.makeInBackground) setTimeout(makeSnapshotInBackground, SNAPSHOT_DELAY_MS);
  if (begun.skipped) {
    // A snapshot for this engine could not be kept before (too big a heap, or no room): none is made again.
    self.postMessage({ type: "snapshot", stored: false, skipped: true, reason: begun.skipped.reason,
      quota: begun.skipped.kind === "quota" });
  } else if (begun.path !== "snapshot" && !begun.snapshot && !begun.makeInBackground) {
    // This worker can neither keep nor check a snapshot (no Cache Storage or SubtleCrypto here): say so at once,
    // so the page's one report about the start snapshot comes on every path.
    self.postMessage({ type: "snapshot", stored: false, reason: "snapshots are not possible in this browser" });
  }
  return api;
}

// After a normal start, how long the engine answers alone before the snapshot worker starts its own Python (the
// page's first requests usually come within this time; the worker then competes for the CPU only while the player
// reads the table).
const SNAPSHOT_DELAY_MS = 1000;

// Make the next visit's snapshot in a worker of its own (js/worker/snapshot-worker.js) and relay its report to the page
// (js/worker/snapshot-report.js relayMaker: one report, within SNAPSHOT_LIMIT_MS).
function makeSnapshotInBackground() {
  const report = (msg) => self.postMessage(msg);
  let maker;
  try {
    maker = new Worker(new URL("./snapshot-worker.js", import.meta.url), { type: "module" });
  } catch (err) {
    report({ type: "snapshot", stored: false, reason: `no snapshot worker: ${err && err.message || err}` });
    return;
  }
  relayMaker(maker, report);
}

const ready = start().catch((err) => {
  self.postMessage({ type: "fatal", message: String(err && err.message ? err.message : err) });
  return null;
});

self.onmessage = requestHandler(ready);
