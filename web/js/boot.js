// Starts the engine's worker at the first bytes of the page, before the app's modules (and their catalogues) have
// loaded, so that Python's start (a snapshot restore on a return visit) overlaps the page's own start-up. A classic
// script on purpose: it runs while the page is parsed. The worker's early messages are kept in order and handed,
// with the worker, to the first Engine made for the same URL (js/engine.js, takeEarlyWorker); if anything here
// fails, the app simply starts its own worker as before.
(function () {
  try {
    var script = document.currentScript;
    if (!script || typeof Worker === "undefined") return;
    var url = new URL("./worker.js", /** @type {HTMLScriptElement} */ (script).src).href;
    var worker = new Worker(url, { type: "module" });
    /** @type {MessageEvent[]} */
    var messages = [];
    /** @type {ErrorEvent[]} */
    var errors = [];
    worker.onmessage = function (event) { messages.push(event); };
    worker.onerror = function (event) { event.preventDefault(); errors.push(event); };
    /** @type {any} */ (window).__earlyWorker = { url: url, worker: worker, messages: messages, errors: errors };
  } catch (err) {
    /* the app starts its own worker */
  }
})();
