// The page's side of the worker protocol: JSON requests with ids, answered by pygame_rules/api.py in the worker.
// The worker is a service that can die: every request has a time limit, and when the worker stops answering, dies,
// or reports that Python failed after it had started, the engine says so (status "restarting"), starts a new worker
// and tells its onRestart listeners once that one is ready, so the page can resume its saved game.
import { relayMaker } from "./snapshot-report.js";

/** How long one request may take once the engine is ready (ms); `<html data-engine-timeout>` overrides it. */
export const REQUEST_TIMEOUT_MS = 60_000;
const MAX_RESTARTS = 3;
// After a normal start, how long the engine answers alone before the snapshot maker starts its own Python (the page's
// first requests usually come within this time; the maker then competes for the CPU only while the player reads).
const SNAPSHOT_DELAY_MS = 1000; // within RESTART_WINDOW_MS; more means something is broken for good
const RESTART_WINDOW_MS = 120_000;

export class EngineError extends Error {
  constructor(error) {
    super(error.message);
    this.code = error.code;
    this.details = error.details;
    this.reason = error.reason; // a game's refusal reason code and its params (docs/api.md "Refusal codes")
    this.params = error.params;
  }
}

/**
 * The engine worker: with `shared` a SharedWorker port (every frame of a host page that asks for it talks to one
 * Python, docs/embedding.md), otherwise, or where SharedWorker is missing, a dedicated module Worker. Both have the
 * face the Engine uses: postMessage, onmessage, onerror, terminate (for a shared one: this page lets go of it).
 * @typedef {{shared?: boolean, onmessage: ((event: MessageEvent) => void) | null,
 *   onerror: ((event: ErrorEvent) => void) | null, postMessage: (msg: any) => void, terminate: () => void}} WorkerFace
 * @param {string | URL} url
 * @param {{shared?: boolean}} [options]
 * @returns {WorkerFace}
 */
export function openWorker(url, { shared = false } = {}) {
  if (shared && typeof SharedWorker !== "undefined") {
    try {
      const worker = new SharedWorker(url, { type: "module", name: "pygame_rules" });
      const face = { shared: true, onmessage: null, onerror: null,
        postMessage: (msg) => worker.port.postMessage(msg), terminate: () => worker.port.close() };
      worker.port.onmessage = (event) => face.onmessage?.(event);
      worker.onerror = (event) => face.onerror?.(event);
      return face;
    } catch (err) { /* e.g. refused in this context: a dedicated worker below */ }
  }
  return new Worker(url, { type: "module" });
}

export class Engine {
  constructor(workerUrl, { shared = false } = {}) {
    this.workerUrl = workerUrl;
    this.wantShared = shared; // teaching widgets: one SharedWorker for every frame of a page (openWorker)
    this.pending = new Map();
    this.nextId = 1;
    this.listeners = new Set();
    this.restartListeners = new Set();
    this.saveFailedListeners = new Set();
    this.snapshotListeners = new Set();
    this.restarts = [];
    this.state = { stage: "loading", label: "Starting Python…", key: "engine.starting", fraction: 0.02 };
    this._spawn();
  }

  _spawn() {
    this.started = false;
    this.ready = new Promise((resolve, reject) => { this._resolve = resolve; this._reject = reject; });
    this.ready.catch(() => {});
    this._open(this.wantShared);
  }

  _open(shared) {
    const worker = openWorker(this.workerUrl, { shared });
    this.openedAt = performance.now(); // page time the worker was asked for (measure_browser prints it)
    let heard = false;
    this.worker = worker;
    this.shared = !!worker.shared;
    worker.onmessage = (event) => {
      heard = true;
      if (worker === this.worker) this._message(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      if (worker !== this.worker) return;
      if (worker.shared && !heard) {
        // A SharedWorker that fails before saying anything was refused by this browser here, e.g. in a frame on
        // another site where the browser blocks third-party storage: the page gets a worker of its own instead.
        worker.terminate();
        this._open(false);
        return;
      }
      const message = event.message || "the engine worker stopped";
      if (this.started) this._died(message);
      else this._fail(message);
    };
  }

  onStatus(fn) {
    this.listeners.add(fn);
    fn(this.state);
  }

  offStatus(fn) {
    this.listeners.delete(fn);
  }

  /** fn(message) runs after the engine restarted a dead worker and the new one is ready. */
  onRestart(fn) {
    this.restartListeners.add(fn);
  }

  /** fn(report) runs when the worker reports on the start snapshot ({stored, reason, quota, skipped, ...}). */
  onSnapshot(fn) {
    this.snapshotListeners.add(fn);
  }

  /** fn({slot, message}) runs when the worker could not store a save (storage full or disabled). */
  onSaveFailed(fn) {
    this.saveFailedListeners.add(fn);
  }

  _status(state) {
    this.state = state;
    for (const fn of this.listeners) fn(state);
  }

  _rejectAll(code, message) {
    for (const { reject, timer } of this.pending.values()) {
      clearTimeout(timer);
      reject(new EngineError({ code, message }));
    }
    this.pending.clear();
  }

  _fail(message) {
    this._status({ stage: "failed", label: `The engine could not start: ${message}`, key: "engine.failed",
      params: { message }, fraction: 0 });
    this._reject(new Error(message));
    this._rejectAll("engine_unavailable", message);
  }

  /** The worker died or hangs: say so, start a new one, and tell the page once it is ready. */
  _died(message) {
    if (!this.worker) return;
    const now = performance.now();
    this.restarts = this.restarts.filter((at) => now - at < RESTART_WINDOW_MS);
    this.worker.terminate();
    this._rejectAll("engine_restarted", message);
    if (this.restarts.length >= MAX_RESTARTS) {
      this.worker = null;
      this._fail(message);
      return;
    }
    this.restarts.push(now);
    this.lastDeath = message;
    this._status({ stage: "restarting", label: `The engine stopped (${message}); restarting it…`,
      key: "engine.restarting", params: { message }, fraction: 0.02 });
    this._spawn();
    this.ready.then(() => { for (const fn of this.restartListeners) fn(message); }, () => {});
  }

  _message(msg) {
    if (msg.type === "progress") {
      this._status({ stage: msg.stage, label: msg.label, key: msg.key, fraction: msg.fraction, bytes: this.state.bytes });
    } else if (msg.type === "bytes") {
      // {done, total}: the start-up downloads so far (js/worker/fetch-progress.js), kept with the stage until ready
      if (this.state.stage !== "ready") this._status({ ...this.state, bytes: { done: msg.done, total: msg.total } });
    } else if (msg.type === "ready") {
      this.started = true;
      this.readyAt = performance.now();
      this.python = msg.python;
      this.timings = msg.timings; // ms since the worker started: python (runtime up), wheel (unpacked), api
      if (typeof msg.at === "number") this.workerRanAt = msg.at - performance.timeOrigin; // page time of stage 0
      this.start = msg.start; // {path: "snapshot" | "normal" | "fallback", reason} (js/worker/pyodide-start.js)
      this._status({ stage: "ready", label: "Engine ready", fraction: 1, python: msg.python });
      this._resolve();
    } else if (msg.type === "make_snapshot") {
      setTimeout(() => this._makeSnapshot(), SNAPSHOT_DELAY_MS);
    } else if (msg.type === "snapshot") {
      this.snapshot = msg; // {stored, bytes, ms | reason}: the start snapshot was kept for the next visit
      for (const fn of this.snapshotListeners) fn(msg);
    } else if (msg.type === "fatal") {
      if (this.started) this._died(msg.message);
      else this._fail(msg.message);
    } else if (msg.type === "save_failed") {
      for (const fn of this.saveFailedListeners) fn(msg);
    } else if (msg.type === "dead") {
      this._died(msg.message);
    } else if (msg.type === "stats") {
      for (const resolve of this._statsWaiting || []) resolve(msg);
      this._statsWaiting = [];
    } else if (msg.type === "response") {
      const answer = JSON.parse(msg.json);
      const waiting = this.pending.get(answer.id);
      if (!waiting) return;
      this.pending.delete(answer.id);
      clearTimeout(waiting.timer);
      if (answer.ok) waiting.resolve(answer);
      else waiting.reject(new EngineError(answer.error));
    }
  }

  /**
   * Make the next visit's start snapshot in a short-lived worker of this page (js/worker/snapshot-worker.js, beside
   * the engine's worker script) and hear its one report as the engine's (js/worker/snapshot-report.js relayMaker:
   * within SNAPSHOT_LIMIT_MS, a maker that never answers is ended). The page starts it, not the engine worker: in
   * Firefox a worker started from a worker could leave the engine worker hung for good (docs/web.md, "Instant start").
   */
  _makeSnapshot() {
    const report = (msg) => this._message(msg);
    let maker;
    try {
      maker = new Worker(new URL("./snapshot-worker.js", this.workerUrl), { type: "module" });
    } catch (err) {
      report({ type: "snapshot", stored: false, reason: `no snapshot worker: ${err && err.message || err}` });
      return;
    }
    relayMaker(maker, report);
  }

  /**
   * Send one API request; resolves with the answer, rejects with EngineError (code, message) on refusal. A request
   * not answered within the time limit (counted once the engine is ready) restarts the worker and rejects with
   * code "engine_restarted".
   */
  request(op, args = {}) {
    const id = this.nextId++;
    const limit = Number(document.documentElement?.dataset.engineTimeout) || REQUEST_TIMEOUT_MS;
    if (!this.worker) return Promise.reject(new EngineError({ code: "engine_unavailable", message: this.state.label }));
    const worker = this.worker;
    return new Promise((resolve, reject) => {
      const entry = { resolve, reject, timer: null };
      this.pending.set(id, entry);
      this.ready.then(() => {
        if (this.pending.get(id) !== entry || worker !== this.worker) return;
        entry.timer = setTimeout(() => {
          if (this.pending.get(id) === entry) this._died(`no answer to "${op}" within ${Math.round(limit / 1000)} s`);
        }, limit);
      }, () => {});
      // id first: a request refused before it is parsed (too long, too deep) is still answered with its id
      worker.postMessage(JSON.stringify(Object.assign({ id, op }, args, { id, op })));
    });
  }

  /** The worker's own counters (web/js/worker/worker-shared.js): instance id, ports, Python starts, requests. */
  workerStats() {
    return new Promise((resolve) => {
      (this._statsWaiting ||= []).push(resolve);
      this.worker.postMessage({ type: "pygame_rules:stats" });
    });
  }
}
