// Shared-worker adapter for web/js/worker/worker.js (imported first by it, so it runs before the worker starts Python).
// In a dedicated Worker it only answers the stats probe. In a SharedWorker (every widget frame of a host page connects
// to the same one: docs/embedding.md, "One engine per page") it lets worker.js run unchanged:
// - worker.js's self.postMessage becomes a broadcast of start-up messages (progress, ready, fatal) to every
//   connected port; a port that connects later first receives the latest of them, so it learns the state at once;
//   the request to make the start snapshot goes to one port only (one page starts the one maker);
// - each port's requests reach worker.js's message handler exactly as in the dedicated case, with the request id
//   renumbered so that several pages' ids (each page counts from 1) never collide, and each response goes back to
//   the port that asked, with its own id restored.
// The probe {type: "pygame_rules:stats"} (an object, never a JSON request string) is answered with
// {type: "stats", instance, shared, ports, pythonReady, requests}: the tests use it to prove one Python serves every
// widget of a page.

const stats = { instance: Math.random().toString(36).slice(2, 10), shared: false, ports: 0, pythonReady: 0,
  requests: 0 };
const isProbe = (data) => data && typeof data === "object" && data.type === "pygame_rules:stats";
const statsMessage = () => ({ type: "stats", ...stats });

if (typeof SharedWorkerGlobalScope !== "undefined" && self instanceof SharedWorkerGlobalScope) {
  stats.shared = true;
  const ports = new Set();
  const routes = new Map(); // the id worker.js sees -> {port, id the page used}
  let nextId = 1;
  let lastProgress = null;
  let outcome = null; // the ready or fatal message, once sent

  self.postMessage = (msg) => {
    if (msg && msg.type === "response") {
      let answer;
      try { answer = JSON.parse(msg.json); } catch (err) { return; }
      const route = routes.get(answer.id);
      if (!route) return;
      routes.delete(answer.id);
      answer.id = route.id;
      route.port.postMessage({ ...msg, json: JSON.stringify(answer) });
      return;
    }
    if (msg && msg.type === "progress") lastProgress = msg;
    if (msg && (msg.type === "ready" || msg.type === "fatal")) {
      outcome = msg;
      if (msg.type === "ready") stats.pythonReady += 1;
    }
    if (msg && msg.type === "make_snapshot") {
      // One maker, not one per page: the page that connected last (the likeliest to be still open) is asked.
      const last = [...ports].pop();
      if (last) last.postMessage(msg);
      return;
    }
    for (const port of ports) port.postMessage(msg);
    // Python failed for good: every page restarts its engine (js/worker/engine.js), and a new SharedWorker must start,
    // not this dead one, which other pages would keep alive.
    if (msg && msg.type === "dead") setTimeout(() => self.close(), 0);
  };

  const deliver = (data) => {
    // worker.js may listen with self.onmessage or addEventListener("message"): reach both, as a dedicated worker would.
    // (onmessage is a plain property here, not an event handler attribute, unless a browser adds one to the
    // prototype: then the dispatched event reaches it and it must not be called twice.)
    const event = new MessageEvent("message", { data });
    const own = Object.getOwnPropertyDescriptor(self, "onmessage");
    if (own && typeof own.value === "function") own.value.call(self, event);
    self.dispatchEvent(event);
  };

  self.onconnect = (event) => {
    const port = event.ports[0];
    ports.add(port);
    stats.ports += 1;
    if (outcome) port.postMessage(outcome);
    else if (lastProgress) port.postMessage(lastProgress);
    port.onmessage = (e) => {
      if (isProbe(e.data)) { port.postMessage(statsMessage()); return; }
      stats.requests += 1;
      let request;
      try { request = JSON.parse(e.data); } catch (err) { request = null; }
      if (!request || typeof request !== "object" || Array.isArray(request)) { deliver(e.data); return; }
      const id = nextId++;
      routes.set(id, { port, id: request.id });
      deliver(JSON.stringify({ ...request, id }));
    };
    port.start();
  };
} else {
  // Dedicated worker: answer the probe before worker.js's own handler sees it.
  stats.ports = 1;
  self.addEventListener("message", (event) => {
    if (isProbe(event.data)) {
      event.stopImmediatePropagation();
      self.postMessage(statsMessage());
    } else {
      stats.requests += 1;
    }
  });
  const post = self.postMessage.bind(self);
  self.postMessage = (msg, ...rest) => {
    if (msg && msg.type === "ready") stats.pythonReady += 1;
    return post(msg, ...rest);
  };
}
