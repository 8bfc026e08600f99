// Module Web Worker: starts the self-hosted Pyodide, installs our wheel and answers JSON requests through
// pygame_rules/api.py. Bots think here, so the page never freezes. Messages to the page:
//   {type: "progress", stage, label, fraction}   while starting
//   {type: "ready", ms, python}                  once api.handle is callable
//   {type: "fatal", message}                     when Python could not start
//   {type: "response", json}                     the JSON text api.handle returned for one request
import "./worker-shared.js"; // first: serves each port of a SharedWorker like this dedicated one
import { BUILD } from "./build-info.js";

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
  const handle = pyodide.pyimport("pygame_rules.api").handle;
  mark("api");
  // Game modules are imported by the first request that needs one (registry.py loads them lazily).
  const python = pyodide.runPython("import sys; sys.version.split()[0]");
  self.postMessage({ type: "ready", ms: performance.now() - started, python, timings: t });
  return handle;
}

const ready = start().catch((err) => {
  self.postMessage({ type: "fatal", message: String(err && err.message ? err.message : err) });
  return null;
});

self.onmessage = async (event) => {
  const handle = await ready;
  let json;
  if (!handle) {
    let id = null;
    try { id = JSON.parse(event.data).id; } catch (err) { /* no id to echo */ }
    json = JSON.stringify({ id, ok: false, error: { code: "engine_unavailable", message: "Python failed to start" } });
  } else {
    json = handle(event.data);
  }
  self.postMessage({ type: "response", json });
};
