// Module Web Worker: starts the self-hosted Pyodide, installs our wheel and answers JSON requests through
// pygame_rules/api.py. Bots think here, so the page never freezes. Messages to the page:
//   {type: "progress", stage, label, fraction}   while starting
//   {type: "ready", ms, python}                  once api.handle is callable
//   {type: "fatal", message}                     when Python could not start
//   {type: "response", json}                     the JSON text api.handle returned for one request
//   {type: "dead", message}                      Python failed for good after starting: restart the worker
// Requests and saved games are handled in js/worker-requests.js (saves never leave the worker).
import { BUILD } from "./build-info.js";
import { requestHandler } from "./worker-requests.js";

const started = performance.now();
const pyodideBase = new URL(BUILD.pyodide, import.meta.url).href;
const wheelUrl = new URL(BUILD.wheel, import.meta.url).href;

// key: the i18n catalogue key of the label (the page shows it in the reader's language; label is the English).
function progress(stage, label, fraction, key) {
  self.postMessage({ type: "progress", stage, label, fraction, key });
}

async function start() {
  const t = { start: 0 };
  const mark = (name) => { t[name] = Math.round(performance.now() - started); };
  progress("runtime", "Downloading Python…", 0.1, "engine.downloading");
  const { loadPyodide } = await import(pyodideBase + "pyodide.mjs");
  progress("runtime", "Starting Python…", 0.35, "engine.starting");
  const wheel = fetch(wheelUrl).then((r) => {
    if (!r.ok) throw new Error(`could not fetch the engine (${r.status})`);
    return r.arrayBuffer();
  });
  const pyodide = await loadPyodide({ indexURL: pyodideBase, packages: [], stdout: () => {}, stderr: () => {} });
  mark("python");
  progress("engine", "Loading the rules engine…", 0.85, "engine.loading_engine");
  pyodide.unpackArchive(await wheel, "wheel");
  mark("wheel");
  const api = pyodide.pyimport("pygame_rules.api");
  mark("api");
  // Game modules are imported by the first request that needs one (registry.py loads them lazily).
  const python = pyodide.runPython("import sys; sys.version.split()[0]");
  self.postMessage({ type: "ready", ms: performance.now() - started, python, timings: t });
  return api;
}

const ready = start().catch((err) => {
  self.postMessage({ type: "fatal", message: String(err && err.message ? err.message : err) });
  return null;
});

self.onmessage = requestHandler(ready);
