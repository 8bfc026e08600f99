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
const CACHE = /*{{CACHE}}*/;
const PRECACHE = /*{{PRECACHE}}*/;
const PREFIX = "pygame-rules-";
const MANIFEST = "./__precache.json";

const abs = (url) => new URL(url, self.registration.scope).href;
const LAZY = new Set(PRECACHE.filter((entry) => entry.lazy).map((entry) => abs(entry.url)));

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
  const cache = await caches.open(CACHE);
  const old = await previousEntries();
  const withLazy = await labPageOpen();
  await Promise.all(PRECACHE.map(async (entry) => {
    const url = abs(entry.url);
    const prev = old.get(url);
    if (prev && prev.hash === entry.hash) {
      const hit = await prev.cache.match(url);
      if (hit) return cache.put(url, hit);
    }
    if (entry.lazy && !withLazy) return; // cached on first use instead
    // Hashed files may come from the HTTP cache; the few unhashed entry points are revalidated.
    const immutable = /\/(app|pyodide)\//.test(url);
    const response = await fetch(new Request(url, { cache: immutable ? "default" : "no-cache" }));
    if (!response.ok) throw new Error(`precache of ${url} failed: ${response.status}`);
    await cache.put(url, response);
  }));
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
  if (event.data === "version") event.source.postMessage({ cache: CACHE, files: PRECACHE.length, routes });
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
    if (response.ok && LAZY.has(url.origin + url.pathname)) await cache.put(request, response.clone());
    return response;
  })());
});
