// Counts the bytes of the engine's start-up downloads as they arrive, so that the page can show a real progress bar
// on a first visit (the Pyodide runtime, its standard library and our wheel are about 12 MB). Pyodide fetches its
// files with the worker's global `fetch`, so while Python starts that function is wrapped: for each file the build
// listed (BUILD.sizes: name -> bytes, written by tools/build_site.py), a copy of the response (`clone()`, so the
// original keeps its URL and streams into WebAssembly as before) is read alongside and its bytes counted. The
// worker posts {type: "bytes", done, total} (at most every PERIOD_MS, and when a file is complete); js/worker/engine.js
// keeps it with the start-up status. Counted are the bytes as the worker receives them (decoded), against the
// files' sizes, so the bar ends full whatever the server's compression. Only while `wanted` says so (the caller:
// when no start snapshot is stored, i.e. a first visit, where the downloads are what the player waits for); a return
// visit's responses are handed on untouched, so nothing can change how the browser compiles or caches them.

const PERIOD_MS = 100;

/**
 * Wrap the worker's fetch until the returned function is called. `sizes` maps a file's name (the last part of its
 * URL) to its size; `report(done, total)` hears the bytes received so far; `wanted` resolves to whether to count.
 * @param {Record<string, number>} sizes
 * @param {(done: number, total: number) => void} report
 * @param {Promise<boolean>} [wanted]
 * @returns {() => void} restores the original fetch
 */
export function countStartBytes(sizes, report, wanted = Promise.resolve(true)) {
  const names = Object.keys(sizes || {});
  const total = names.reduce((sum, name) => sum + (Number(sizes[name]) || 0), 0);
  if (!total || typeof self.fetch !== "function") return () => {};
  const original = self.fetch;
  let done = 0;
  let last = 0;
  const tell = (force) => {
    const now = performance.now();
    if (!force && now - last < PERIOD_MS) return;
    last = now;
    report(Math.min(done, total), total);
  };
  async function count(response) {
    const reader = response.body.getReader();
    for (;;) {
      const { done: end, value } = await reader.read();
      if (end) break;
      done += value.byteLength;
      tell(false);
    }
    tell(true);
  }
  /** @type {typeof fetch} */
  const counting = async (input, init) => {
    const response = await original(input, init);
    if (!(await wanted.catch(() => false))) return response;
    try {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      const name = new URL(url, self.location.href).pathname.split("/").pop() || "";
      if (response.ok && response.body && Object.prototype.hasOwnProperty.call(sizes, name)) {
        count(response.clone()).catch(() => {});
      }
    } catch (err) { /* counting is a nicety: the download itself is never disturbed */ }
    return response;
  };
  self.fetch = counting;
  wanted.then((yes) => { if (yes) tell(true); }, () => {});
  return () => {
    if (self.fetch === counting) self.fetch = original;
  };
}
