// Room in the origin's storage (docs/web.md, "Storage limits"). Everything the app keeps shares one per-origin
// quota: the saved game (IndexedDB, a few kB), the service worker's copy of the site (Cache Storage, about 20 MB)
// and the start-up snapshot (Cache Storage, about 17 MB). The save comes first: the two copies can be fetched or
// made again, a lost game cannot. Used by the engine worker (js/worker/pyodide-start.js, js/worker/worker-requests.js); sw.js
// keeps its own few lines of the same rules (it is a classic script filled in by tools/build_site.py).

/** Bytes kept free for the saved game when something bigger is stored. */
export const SAVE_RESERVE = 1_000_000;

const SITE_PREFIX = "pygame-rules-"; // sw.js's caches: a complete one holds its precache list
const SITE_MANIFEST = "__precache.json";

/** Whether `err` says the storage quota is used up (browsers name the DOMException differently in messages). */
export function isQuotaError(err) {
  const e = /** @type {{name?: string, message?: string} | null} */ (err);
  return !!e && (e.name === "QuotaExceededError" || /quota/i.test(String(e.message || "")));
}

/** An Error that `isQuotaError` recognises, for a store refused before it was tried. */
export function quotaError(message) {
  return Object.assign(new Error(message), { name: "QuotaExceededError" });
}

/** Whether the browser says `bytes` more fit beside SAVE_RESERVE (true when it cannot say). Browsers may report a
 * larger quota than they enforce, so a store can still fail: callers handle that as well. */
export async function roomFor(bytes) {
  try {
    const { quota, usage } = await navigator.storage.estimate();
    if (typeof quota !== "number" || typeof usage !== "number") return true;
    return quota - usage >= bytes + SAVE_RESERVE;
  } catch (err) {
    return true;
  }
}

/** Delete the service worker's caches that an install left unfinished (no precache list in them): they hold
 * space and serve nothing. Returns their names. */
export async function dropPartialSiteCaches() {
  const dropped = [];
  try {
    for (const name of await caches.keys()) {
      if (!name.startsWith(SITE_PREFIX)) continue;
      const cache = await caches.open(name);
      const manifest = (await cache.keys()).some((request) => request.url.endsWith("/" + SITE_MANIFEST));
      if (!manifest && await caches.delete(name)) dropped.push(name);
    }
  } catch (err) { /* no Cache Storage here: nothing to drop */ }
  return dropped;
}
