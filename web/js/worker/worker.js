// Module Web Worker: starts the self-hosted Pyodide, installs our wheel and answers JSON requests through
// pygame_rules/api.py. Bots think here, so the page never freezes. Messages to the page:
//   {type: "progress", stage, label, fraction}   while starting
//   {type: "ready", ms, python, timings, start, at}  once api.handle is callable; start = {path, reason}: path is
//                                                "snapshot", "normal" or "fallback" (js/worker/pyodide-start.js)
//   {type: "make_snapshot"}                      after a normal start: the page starts js/worker/snapshot-worker.js,
//                                                which makes and stores the next visit's snapshot (js/worker/engine.js)
//   {type: "snapshot", stored: false, ...}       at once when none is made: {skipped: true, reason, quota} when one
//                                                for this engine could not be kept before (js/worker/pyodide-start.js);
//                                                {reason} where no snapshot can be kept at all
//   {type: "fatal", message}                     when Python could not start
//   {type: "response", json}                     the JSON text api.handle returned for one request
//   {type: "dead", message}                      Python failed for good after starting: restart the worker
// Requests and saved games are handled in js/worker/worker-requests.js (saves never leave the worker).
import "./worker-shared.js"; // first: serves each port of a SharedWorker like this dedicated one
import { BUILD } from "../build-info.js";
import { startPython } from "./pyodide-start.js";
import { requestHandler } from "./worker-requests.js";

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
    wheelHash: BUILD.wheelHash, progress, mark });
  const { pyodide } = begun;
  const api = pyodide.pyimport("pygame_rules.api");
  mark("api");
  const python = pyodide.runPython("import sys; sys.version.split()[0]");
  const startInfo = { path: begun.path, reason: begun.reason };
  // at: when this module began to run, in epoch ms, so the page can place the worker's stages on its own clock.
  self.postMessage({ type: "ready", ms: performance.now() - started, python, timings: t, start: startInfo,
    at: performance.timeOrigin + started });
  // The next visit's snapshot is made by a worker that the page starts (a worker started from this one could hang
  // this one for good in Firefox: docs/web.md, "Instant start"). In a SharedWorker one page is asked
  // (js/worker/worker-shared.js).
  if (begun.makeInBackground) self.postMessage({ type: "make_snapshot" });
  if (begun.skipped) {
    // A snapshot for this engine could not be kept before (too big a heap, or no room): none is made again.
    self.postMessage({ type: "snapshot", stored: false, skipped: true, reason: begun.skipped.reason,
      quota: begun.skipped.kind === "quota" });
  } else if (begun.path !== "snapshot" && !begun.makeInBackground) {
    // This worker can neither keep nor check a snapshot (no Cache Storage or SubtleCrypto here): say so at once,
    // so the page's one report about the start snapshot comes on every path.
    self.postMessage({ type: "snapshot", stored: false, reason: "snapshots are not possible in this browser" });
  }
  return api;
}

const ready = start().catch((err) => {
  self.postMessage({ type: "fatal", message: String(err && err.message ? err.message : err) });
  return null;
});

self.onmessage = requestHandler(ready);
