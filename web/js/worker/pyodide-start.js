// How the worker starts Python: from a memory snapshot of an interpreter that already imported the whole engine,
// when this browser holds a valid one, otherwise normally (and then it makes that snapshot). docs/web.md, "Instant
// start", says why and with which figures.
//
// The snapshot is Pyodide's own (underscore, experimental) `_makeSnapshot` / `makeMemorySnapshot` /
// `_loadSnapshot`. It is made here in the browser after a normal start, kept in Cache Storage (cache
// SNAPSHOT_CACHE, one entry, keyed by Pyodide version + wheel hash + FORMAT) without its zero pages
// (js/storage/snapshot-pages.js), with the stored length and SHA-256, and checked before use. Anything wrong (missing, other key, wrong length or hash, a restore Pyodide rejects, a
// restored interpreter without our marker) means: start normally, make a new snapshot, replace the stored one.
//
// Rules Pyodide's snapshot imposes (read in pyodide.asm.mjs `serializeHiwireState`; pinned by e2e/test_start.py):
// - before `makeMemorySnapshot`, Python may hold no JavaScript object other than globals reached by a path
//   (so the engine must not `import js` at import time); JavaScript may hold PyProxies (they leak harmlessly);
// - the Emscripten file system is not in the snapshot: after a restore the wheel is unpacked again (the engine
//   reads its data files from it);
// - Python's memory is frozen as it was: the snapshot is made before the first request (no sessions exist in it)
//   and the module-level `random` is reseeded after every restore;
// - a restore copies the snapshot's heap into the memory a fresh instance starts with and never grows it first
//   (`restoreSnapshot`: `Module.HEAP8.set(heap)`; the `INITIAL_MEMORY` that `loadPyodide` sets is unused, as the
//   wasm declares its own memory): a snapshot whose heap grew past pyodide.asm.wasm's initial memory (30 MiB in
//   Pyodide 314, BUILD.snapshotHeapLimit) fails every restore with "RangeError: offset is out of bounds" (Pyodide
//   issue #6254). So the heap is checked before a snapshot is made, and such a snapshot is neither made nor stored.
//
// A snapshot that cannot be kept (its heap is too big, or the storage quota has no room: js/storage/storage-room.js) is
// remembered under its key (REFUSED), so later visits start normally without making it again; a new wheel tries again.

import { packPages, unpackPages } from "../storage/snapshot-pages.js";
import { BUILD } from "../build-info.js";
import { countStartBytes } from "./fetch-progress.js";
import { dropPartialSiteCaches, isQuotaError, quotaError, roomFor } from "../storage/storage-room.js";

export const SNAPSHOT_CACHE = "pyodide-snapshot.v1"; // not "pygame-rules-*": sw.js deletes those on update
const FORMAT = 2; // bump when what goes into the snapshot or its stored form changes (2: zero pages left out)
const MARKER = "_pygame_rules_snapshot_key";
const REFUSED = "/__pyodide-snapshot-refused/"; // + key: why no snapshot is made for that key in this browser

// Import the API, the registry and every game and bot module, so a restored interpreter needs no import work.
const IMPORT_ALL = `
import importlib, pkgutil
import pygame_rules, pygame_rules.api, pygame_rules.registry
for _pkg in ("pygame_rules.games", "pygame_rules.bots"):
    _mod = importlib.import_module(_pkg)
    for _info in pkgutil.walk_packages(_mod.__path__, _pkg + "."):  # the game packages and their modules
        importlib.import_module(_info.name)
del _pkg, _mod, _info
`;

/** The Cache Storage key of the snapshot for this Pyodide and this wheel. */
export function snapshotKey(pyodideVersion, wheelHash) {
  return `${pyodideVersion}/${wheelHash}/${FORMAT}`;
}

function keyUrl(key) {
  return new URL(`/__pyodide-snapshot/${encodeURIComponent(key)}`, self.location.origin).href;
}

function refusedUrl(key) {
  return new URL(`${REFUSED}${encodeURIComponent(key)}`, self.location.origin).href;
}

/** Why no snapshot is made for `key` in this browser ({kind: "heap" | "quota", reason}), or null. */
async function refusalFor(key) {
  try {
    const hit = await (await caches.open(SNAPSHOT_CACHE)).match(refusedUrl(key));
    return hit ? await hit.json() : null;
  } catch (err) {
    return null;
  }
}

async function rememberRefusal(key, why) {
  try {
    await (await caches.open(SNAPSHOT_CACHE)).put(refusedUrl(key), new Response(JSON.stringify(why),
      { headers: { "Content-Type": "application/json" } }));
  } catch (err) { /* not even this fits: the next visit finds out again, with one more try */ }
}

const firstLine = (err) => String(err && err.message ? err.message.split("\n")[0] : err);

async function sha256Hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Whether this worker can keep and check snapshots (Cache Storage and SubtleCrypto need a secure context). */
export function snapshotsPossible() {
  return typeof caches !== "undefined" && typeof crypto !== "undefined" && !!crypto.subtle;
}

/** The stored entry's Response under `key`, or null (nothing there, or no usable Cache Storage). */
async function findSnapshot(key) {
  try {
    return (await (await caches.open(SNAPSHOT_CACHE)).match(keyUrl(key))) || null;
  } catch (err) {
    return null; // an unreadable cache counts as no snapshot: "normal"
  }
}

/** The bytes of a stored entry after checking its length and SHA-256; a damaged entry is deleted and the
 * promise rejects with an Error whose message says why (its `refused` property is true).
 * @param {Response} response
 * @param {string} key
 * @returns {Promise<Uint8Array>} */
async function checkedBytes(response, key) {
  const length = Number(response.headers.get("X-Snapshot-Length"));
  const expected = response.headers.get("X-Snapshot-SHA256");
  const bytes = new Uint8Array(await response.arrayBuffer());
  let reason = null;
  if (bytes.length !== length) reason = `length ${bytes.length}, expected ${length}`;
  else if ((await sha256Hex(bytes)) !== expected) reason = "checksum mismatch";
  if (reason) {
    await forget(key);
    throw Object.assign(new Error(reason), { refused: true });
  }
  return bytes;
}

/** Store the snapshot `memory` as the one entry (older keys and refusals are deleted), without its zero pages
 * (js/storage/snapshot-pages.js). Returns `{bytes, memory, ms}`: the stored size, the snapshot's own size, the time taken.
 * Rejects with a quota error (js/storage/storage-room.js) when it does not fit beside the room kept for the saved game. */
export async function storeSnapshot(key, memory) {
  const t0 = performance.now();
  const bytes = packPages(memory);
  const cache = await caches.open(SNAPSHOT_CACHE);
  const url = keyUrl(key);
  for (const request of await cache.keys()) {
    if (request.url !== url) await cache.delete(request);
  }
  if (!(await roomFor(bytes.length))) {
    throw quotaError(`no room for ${(bytes.length / 1e6).toFixed(1)} MB beside the saved game`);
  }
  const headers = { "Content-Type": "application/octet-stream", "X-Snapshot-Length": String(bytes.length),
    "X-Snapshot-SHA256": await sha256Hex(bytes), "X-Snapshot-Key": key };
  try {
    await cache.put(url, new Response(bytes, { headers }));
  } catch (err) {
    await forget(key); // nothing half-stored may hold space
    throw err;
  }
  return { bytes: bytes.length, memory: memory.length, ms: Math.round(performance.now() - t0) };
}

/**
 * Make a snapshot with `make` (resolving to what `snapshotOf` returns) and store it: the report the page hears,
 * `{stored: true, bytes, memory, ms, heap, limit, headroom}` or `{stored: false, reason, quota?, heap?, limit?}`.
 * `headroom` is how many bytes Python's heap may still grow before a snapshot could no longer be restored.
 * A snapshot refused for its heap or for the quota is remembered for `key` (startPython then reports `skipped`).
 * @param {string} key
 * @param {() => Promise<{bytes: Uint8Array, heap: number, brk: number, limit: number}>} make
 */
export async function keepSnapshot(key, make) {
  let made;
  try {
    made = await make();
  } catch (err) {
    const reason = firstLine(err);
    if (err && err.overLimit) {
      await rememberRefusal(key, { kind: "heap", reason });
      return { stored: false, reason, heap: err.heap, limit: err.limit };
    }
    return { stored: false, reason };
  }
  const figures = { heap: made.heap, limit: made.limit, headroom: made.limit - made.brk };
  try {
    return { stored: true, ...(await storeSnapshot(key, made.bytes)), ...figures };
  } catch (err) {
    const reason = firstLine(err);
    const quota = isQuotaError(err);
    if (quota) await rememberRefusal(key, { kind: "quota", reason });
    return { stored: false, reason, quota, ...figures };
  }
}

/** Make room for a saved game that did not fit: drop unfinished copies of the site and the stored snapshot (which
 * is then not made again for its key). Resolves to whether anything was dropped. */
export async function freeRoomForSaves() {
  const dropped = (await dropPartialSiteCaches()).length > 0;
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    let found = false;
    for (const request of await cache.keys()) {
      const key = decodeURIComponent(new URL(request.url).pathname.split("/").pop() || "");
      if (new URL(request.url).pathname.startsWith(REFUSED)) continue;
      found = (await cache.delete(request)) || found;
      await rememberRefusal(key, { kind: "quota", reason: "dropped to keep the saved game" });
    }
    return dropped || found;
  } catch (err) {
    return dropped;
  }
}

async function forget(key) {
  try { await (await caches.open(SNAPSHOT_CACHE)).delete(keyUrl(key)); } catch (err) { /* nothing to forget */ }
}

/**
 * Start Pyodide with our wheel installed and the engine imported.
 * Resolves to `{pyodide, path, reason, key, makeInBackground, skipped}`: `path` is "snapshot" (restored),
 * "normal" (no usable snapshot was stored) or "fallback" (one was stored but refused; `reason` says why).
 * After a normal start a new snapshot is wanted, and `makeInBackground` is true: the engine is ready without
 * importing every module or snapshotting, and the page runs `makeSnapshot` in a short-lived worker of its own
 * (js/worker/snapshot-worker.js, started by js/worker/engine.js). `skipped` ({kind, reason}) says why no snapshot is
 * wanted: one for this key could not be kept before (REFUSED). docs/web.md, "Instant start", says why; docs/perf/
 * has the figures.
 */
export async function startPython(how) {
  // The bytes of the downloads, as they arrive, for the page's progress bar (js/worker/fetch-progress.js): counted when no
  // snapshot is stored (a first visit); a return visit starts in about a second from files it already holds.
  const firstVisit = snapshotsPossible() ? caches.open(SNAPSHOT_CACHE).then((c) => c.keys()).then((k) => !k.length)
    : Promise.resolve(true);
  const stop = countStartBytes(BUILD.sizes, (done, total) => self.postMessage({ type: "bytes", done, total }),
    firstVisit.catch(() => true));
  try {
    return await startPythonCounted(how);
  } finally {
    stop();
  }
}

/** startPython's work (its bytes counted by the caller). */
async function startPythonCounted({ pyodideBase, wheelUrl, pyodideVersion, wheelHash, progress, mark }) {
  const quiet = { stdout: () => {}, stderr: () => {} };
  const wheel = fetch(wheelUrl).then((r) => {
    if (!r.ok) throw new Error(`could not fetch the engine (${r.status})`);
    return r.arrayBuffer();
  });
  const key = snapshotKey(pyodideVersion, wheelHash);
  const usable = snapshotsPossible() && !!wheelHash;
  // Only the entry's presence (its headers) is awaited before loadPyodide; reading and checking its 31.5 MB is
  // handed to Pyodide as a promise (`_loadSnapshot` is awaited inside loadPyodide after the lock file, the wasm and
  // pyodide.asm.mjs have been requested), so the read overlaps Pyodide's own loading instead of preceding it.
  const entry = usable ? findSnapshot(key) : Promise.resolve(null);
  const refusal = usable ? refusalFor(key) : Promise.resolve(null);
  progress("runtime", "Downloading Python…", 0.1, "engine.downloading");
  const { loadPyodide } = await import(pyodideBase + "pyodide.mjs");
  const response = await entry;
  mark("snapshotFound");
  let reason = usable ? "none" : "unsupported";
  let refused = false;
  if (response) {
    try {
      progress("runtime", "Starting Python…", 0.5, "engine.starting");
      // Checked as stored, then unpacked; a form that does not unpack is refused like a restore Pyodide refuses.
      const bytes = checkedBytes(response, key).then((b) => { mark("snapshotRead"); return unpackPages(b); });
      bytes.catch(() => {}); // loadPyodide awaits it and reports a refusal; this only silences an early exit
      const pyodide = await loadPyodide({ indexURL: pyodideBase, packages: [], _loadSnapshot: bytes, ...quiet });
      mark("python");
      pyodide.unpackArchive(await wheel, "wheel"); // the file system is not part of the snapshot
      mark("wheel");
      const marker = pyodide.runPython(`import random, sys; random.seed()\nglobals().get("${MARKER}")`);
      if (marker !== key) throw new Error(`the snapshot belongs to ${marker}`);
      if (!pyodide.runPython("'pygame_rules.api' in sys.modules")) throw new Error("the engine is not imported");
      return { pyodide, path: "snapshot", reason: null };
    } catch (err) {
      const message = err && err.message ? err.message.split("\n")[0] : String(err);
      reason = err && err.refused ? message : `restore refused: ${message}`;
      refused = true;
      await forget(key);
    }
  }
  progress("runtime", "Starting Python…", 0.35, "engine.starting");
  const skipped = await refusal;
  const pyodide = await loadPyodide({ indexURL: pyodideBase, packages: [], ...quiet });
  mark("python");
  progress("engine", "Loading the rules engine…", 0.85, "engine.loading_engine");
  pyodide.unpackArchive(await wheel, "wheel");
  mark("wheel");
  return { pyodide, path: refused ? "fallback" : "normal", reason, key, makeInBackground: usable && !skipped,
    skipped };
}

/** Python's memory in `pyodide`: `heap`, the size of its wasm memory, and `brk`, the top of what malloc took. */
export function heapFigures(pyodide) {
  const module = pyodide._module;
  return { heap: module.HEAP8.length, brk: module.HEAPU32[module._emscripten_get_sbrk_ptr() >>> 2] };
}

/** Import the whole engine into `pyodide` (started with `_makeSnapshot`), set the marker and take the snapshot:
 * `{bytes, heap, brk, limit}`. Throws (with `overLimit`) instead when the heap grew past `limit` (when given),
 * as no restore could hold it. */
function snapshotOf(pyodide, key, limit) {
  pyodide.runPython(IMPORT_ALL);
  pyodide.runPython(`${MARKER} = ${JSON.stringify(key)}`);
  const { heap, brk } = heapFigures(pyodide);
  if (limit && heap > limit) {
    const mib = (n) => (n / 1048576).toFixed(1);
    throw Object.assign(new Error(`Python's memory grew to ${mib(heap)} MiB, past the ${mib(limit)} MiB a ` +
      "snapshot can be restored into (Pyodide issue #6254)"), { overLimit: true, heap, limit });
  }
  return { bytes: pyodide.makeMemorySnapshot(), heap, brk, limit };
}

/**
 * Make the start snapshot in a fresh interpreter of its own (js/worker/snapshot-worker.js runs this in a short-lived
 * worker): no request has ever reached it, so no game is frozen into the snapshot. Resolves to `{bytes, heap, brk,
 * limit}` (snapshotOf); rejects when the heap is past `heapLimit`.
 * @param {{pyodideBase: string, wheelUrl: string, key: string, heapLimit?: number}} where
 * @returns {Promise<{bytes: Uint8Array, heap: number, brk: number, limit: number}>} */
export async function makeSnapshot({ pyodideBase, wheelUrl, key, heapLimit = 0 }) {
  const wheel = fetch(wheelUrl).then((r) => {
    if (!r.ok) throw new Error(`could not fetch the engine (${r.status})`);
    return r.arrayBuffer();
  });
  const { loadPyodide } = await import(pyodideBase + "pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: pyodideBase, packages: [], _makeSnapshot: true,
    stdout: () => {}, stderr: () => {} });
  pyodide.unpackArchive(await wheel, "wheel");
  return snapshotOf(pyodide, key, heapLimit);
}
