// Service worker: precaches the whole site so it loads and plays with the network cut.
// tools/build_site.py fills in CACHE (hash of the precache list) and PRECACHE ([{url, hash}] of every file).
// An updated site has a new CACHE name: install fills it (reusing unchanged files from the old cache by their
// content hash), activate deletes every older cache. Same origin only.
// - Entries marked `lazy` (PyScript, used by lab.html only) are not precached on a first visit: they are cached when
//   first used (or at install when a lab page is open), so game pages download less.
// - Pyodide's files (pyodide/<version>/) are network-first: `fetch(request)` passed through unchanged is answered
//   by the HTTP cache (immutable) and keeps Chromium's compiled-wasm code cache, which a response served from
//   Cache Storage loses (the "service-worker penalty", docs/web.md). Cache Storage is the offline fallback.
// - Everything else is cache-first.
// - Storage limits (docs/web.md): the saved game comes first. Install checks the room it needs before it downloads
//   anything, deletes what a failed install stored (an unfinished cache serves nothing and takes the save's space),
//   and after a failure for lack of room does not try this version again (REFUSED); a new version tries again.
// - The "version" message answers {cache, files, routes, app}: `app` is this version's app directory hash, which the
//   page compares with its own to offer the reload (js/app/update-check.js).
const CACHE = /*{{CACHE}}*/;
const PRECACHE = /*{{PRECACHE}}*/;
const PREFIX = "pygame-rules-";
const MANIFEST = "./__precache.json";
const REFUSED = "site-precache-refused.v1"; // not PREFIX: activate and the partial-cache sweep leave it alone
const SAVE_RESERVE = 1_000_000; // bytes kept free for the saved game (js/storage/storage-room.js)

const abs = (url) => new URL(url, self.registration.scope).href;
const LAZY = new Set(PRECACHE.filter((entry) => entry.lazy).map((entry) => abs(entry.url)));
const APP = (PRECACHE.map((entry) => /^\.\/app\/([^/]+)\//.exec(entry.url)).find(Boolean) || [])[1] || null;

const isQuotaError = (err) => !!err && (err.name === "QuotaExceededError" || /quota/i.test(String(err.message)));

/** Delete every site cache without a precache list (what an install left unfinished), this version's included. */
async function dropPartialCaches() {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX)) continue;
    if (!(await (await caches.open(name)).match(abs(MANIFEST)))) await caches.delete(name);
  }
}

async function refusedBefore() {
  return !!(await (await caches.open(REFUSED)).match(abs(`./__refused/${CACHE}`)));
}

async function rememberRefusal(reason) {
  try {
    const cache = await caches.open(REFUSED);
    for (const request of await cache.keys()) await cache.delete(request); // older versions' refusals
    await cache.put(abs(`./__refused/${CACHE}`), new Response(reason));
  } catch (err) { /* not even this fits: the next visit tries again */ }
}

/** Throws a quota error when the browser says `bytes` more do not fit beside the saved game's reserve. */
async function checkRoom(bytes) {
  let estimate = null;
  try { estimate = await navigator.storage.estimate(); } catch (err) { return; }
  if (!estimate || typeof estimate.quota !== "number" || typeof estimate.usage !== "number") return;
  if (estimate.quota - estimate.usage < bytes + SAVE_RESERVE) {
    throw Object.assign(new Error(`no room for ${(bytes / 1e6).toFixed(1)} MB`), { name: "QuotaExceededError" });
  }
}

async function previousEntries() {
  // url -> {cache, hash} for files already cached by an older version.
  const found = new Map();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cache = await caches.open(name);
    const manifest = await cache.match(abs(MANIFEST));
    if (!manifest) continue;
    try {
      for (const entry of await manifest.json()) found.set(abs(entry.url), { cache, hash: entry.hash });
    } catch (err) { /* an unreadable old manifest only means we download again */ }
  }
  return found;
}

async function labPageOpen() {
  const open = await self.clients.matchAll({ includeUncontrolled: true, type: "window" });
  return open.some((client) => /\/lab\.html$/.test(new URL(client.url).pathname));
}

async function precache() {
  await dropPartialCaches();
  if (await refusedBefore()) throw new Error(`${CACHE} did not fit before: not tried again`);
  const withLazy = await labPageOpen();
  await checkRoom(PRECACHE.reduce((n, entry) => n + (entry.lazy && !withLazy ? 0 : entry.size || 0), 0));
  try {
    await fill(await caches.open(CACHE), await previousEntries(), withLazy);
  } catch (err) {
    await caches.delete(CACHE); // an unfinished cache serves nothing and holds the saved game's room
    if (isQuotaError(err)) await rememberRefusal(String(err.message || err));
    throw err;
  }
}

async function fill(cache, old, withLazy) {
  const copies = [];
  const downloads = [];
  for (const entry of PRECACHE) {
    const url = abs(entry.url);
    const prev = old.get(url);
    const hit = prev && prev.hash === entry.hash ? await prev.cache.match(url) : null;
    if (hit) {
      copies.push([url, hit]);
    } else if (!entry.lazy || withLazy) { // lazy entries are cached on first use instead
      // Hashed files may come from the HTTP cache; the few unhashed entry points are revalidated.
      const immutable = /\/(app|pyodide)\//.test(url);
      downloads.push(new Request(url, { cache: immutable ? "default" : "no-cache" }));
    }
  }
  // One atomic batch: when a download fails or does not fit, none is stored. (Puts one by one would leave an
  // unfinished cache holding the saved game's room, and a deleted cache's space is freed only once this worker ends.)
  await cache.addAll(downloads);
  await Promise.all(copies.map(([url, hit]) => cache.put(url, hit)));
  await cache.put(abs(MANIFEST), new Response(JSON.stringify(PRECACHE), {
    headers: { "Content-Type": "application/json" },
  }));
}

// Static routes (Chromium's ServiceWorker static routing API; other browsers lack `addRoutes` and use the fetch
// handler below for everything): the app's content-hashed files are read from this version's cache without starting
// this worker's script (a miss falls back to the network). Chromium applies the routes to the page's own requests
// only, not to those of the engine's worker (its resource entries carry no `workerMatchedSourceType`, and a
// "network" route for pyodide/* still answered offline from this worker's cache), so Pyodide's files, which only the
// worker asks for, have no route: the fetch handler below answers them.
function staticRoutes() {
  const base = new URL(self.registration.scope).pathname;
  return [{ condition: { urlPattern: { pathname: `${base}app/*` } }, source: { cacheName: CACHE } }];
}

let routes = "none"; // whether install added the static routes (answered to the page's "version" message)

self.addEventListener("install", (event) => {
  if (typeof event.addRoutes === "function") {
    event.waitUntil(Promise.resolve(event.addRoutes(staticRoutes())).then(() => { routes = "added"; }, (err) => {
      routes = `refused: ${err && err.message || err}`; // the fetch handler serves everything
    }));
  }
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  // Answered on the port sent with the message when there is one (js/app/update-check.js), else to the sender.
  const reply = event.ports && event.ports[0] || event.source;
  if (event.data === "version") reply.postMessage({ cache: CACHE, files: PRECACHE.length, routes, app: APP });
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const scope = new URL(self.registration.scope);
  const isPage = request.mode === "navigate" &&
    (url.pathname === scope.pathname || url.pathname === scope.pathname + "index.html");
  if (url.pathname.startsWith(scope.pathname + "pyodide/")) {
    event.respondWith(fetch(request).catch(async (err) => {
      const hit = await (await caches.open(CACHE)).match(request, { ignoreSearch: true });
      if (hit) return hit;
      throw err;
    }));
    return;
  }
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = isPage ? await cache.match(scope.href) : await cache.match(request, { ignoreSearch: true });
    if (hit) return hit;
    const response = await fetch(request);
    if (response.ok && LAZY.has(url.origin + url.pathname)) {
      await cache.put(request, response.clone()).catch(() => {}); // a copy that does not fit is just not kept
    }
    return response;
  })());
});
