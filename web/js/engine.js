// The page's side of the worker protocol: JSON requests with ids, answered in order by pygame_rules/api.py.

export class EngineError extends Error {
  constructor(error) {
    super(error.message);
    this.code = error.code;
    this.details = error.details;
  }
}

export class Engine {
  constructor(workerUrl) {
    this.pending = new Map();
    this.nextId = 1;
    this.listeners = new Set();
    this.state = { stage: "loading", label: "Starting Python…", key: "engine.starting", fraction: 0.02 };
    this.ready = new Promise((resolve, reject) => { this._resolve = resolve; this._reject = reject; });
    this.worker = new Worker(workerUrl, { type: "module" });
    this.worker.onmessage = (event) => this._message(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this._fail(event.message || "the engine worker could not start");
    };
  }

  onStatus(fn) {
    this.listeners.add(fn);
    fn(this.state);
  }

  _status(state) {
    this.state = state;
    for (const fn of this.listeners) fn(state);
  }

  _fail(message) {
    this._status({ stage: "failed", label: `The engine could not start: ${message}`, key: "engine.failed",
      params: { message }, fraction: 0 });
    this._reject(new Error(message));
    for (const { reject } of this.pending.values()) reject(new EngineError({ code: "engine_unavailable", message }));
    this.pending.clear();
  }

  _message(msg) {
    if (msg.type === "progress") {
      this._status({ stage: msg.stage, label: msg.label, key: msg.key, fraction: msg.fraction });
    } else if (msg.type === "ready") {
      this.readyAt = performance.now();
      this.python = msg.python;
      this.timings = msg.timings; // ms since the worker started: python (runtime up), wheel (unpacked), api
      this.start = msg.start; // {path: "snapshot" | "normal" | "fallback", reason} (js/pyodide-start.js)
      this._status({ stage: "ready", label: "Engine ready", fraction: 1, python: msg.python });
      this._resolve();
    } else if (msg.type === "snapshot") {
      this.snapshot = msg; // {stored, bytes, ms | reason}: the start snapshot was kept for the next visit
    } else if (msg.type === "fatal") {
      this._fail(msg.message);
    } else if (msg.type === "response") {
      const answer = JSON.parse(msg.json);
      const waiting = this.pending.get(answer.id);
      if (!waiting) return;
      this.pending.delete(answer.id);
      if (answer.ok) waiting.resolve(answer);
      else waiting.reject(new EngineError(answer.error));
    }
  }

  /** Send one API request; resolves with the answer, rejects with EngineError (code, message) on refusal. */
  request(op, args = {}) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage(JSON.stringify({ ...args, id, op }));
    });
  }
}
