// The page hears exactly one report about the start snapshot of each visit ({type: "snapshot", stored, ...}). It is
// made by a short-lived worker (js/worker/snapshot-worker.js) that the page starts when the engine worker asks for it
// (js/worker/engine.js); relayMaker hands its one report on under a time limit, so a maker that never answers does not
// leave the page waiting for the rest of the visit.

/** How long making and storing the snapshot may take: a second Python start, importing everything and storing 17 MB
 * take 2-5 s on a quiet machine and up to 40 s in Firefox under load. */
export const SNAPSHOT_LIMIT_MS = 90_000;

/**
 * A sender that posts the first report it is given and drops the rest; when none came within `limitMs` it posts
 * `{type: "snapshot", stored: false, reason: "no report within N s", ...extra}` itself and calls `onLimit`.
 * @param {(msg: object) => void} post
 * @param {number} limitMs
 * @param {object} extra  added to the limit's report (e.g. `where`)
 * @param {() => void} [onLimit]
 * @returns {(msg: object) => void}
 */
function reportOnce(post, limitMs, extra, onLimit = () => {}) {
  let sent = false;
  const timer = setTimeout(() => {
    if (sent) return;
    sent = true;
    onLimit();
    post({ type: "snapshot", stored: false, reason: `no report within ${limitMs / 1000} s`, ...extra });
  }, limitMs);
  return (msg) => {
    if (sent) return;
    sent = true;
    clearTimeout(timer);
    post(msg);
  };
}

/**
 * Relay the one report of a snapshot maker (a Worker running js/worker/snapshot-worker.js) to the page and end the
 * maker. A maker that never reports (seen in Firefox on a first visit, rarely: its start hangs) is ended after
 * `limitMs`, so it does not hold a second Python for the rest of the visit; the next visit tries again. A maker that
 * fails, or whose message cannot be read, is reported as not stored; other messages from it are ignored.
 * @param {{onmessage: any, onerror: any, onmessageerror: any, terminate: () => void}} maker
 * @param {(msg: object) => void} post
 * @param {number} [limitMs]
 */
export function relayMaker(maker, post, limitMs = SNAPSHOT_LIMIT_MS) {
  const end = () => maker.terminate();
  const send = reportOnce(post, limitMs, {}, end);
  const fail = (reason) => {
    send({ type: "snapshot", stored: false, reason });
    end();
  };
  maker.onmessage = (/** @type {MessageEvent} */ event) => {
    if (!(event.data && event.data.type === "snapshot")) return;
    send(event.data);
    end();
  };
  maker.onerror = (/** @type {ErrorEvent} */ event) => {
    event.preventDefault();
    fail(event.message || "the snapshot worker failed");
  };
  maker.onmessageerror = (/** @type {MessageEvent} */ event) => {
    event.preventDefault();
    fail("the snapshot worker's report could not be read");
  };
}
