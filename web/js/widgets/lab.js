// The PyScript lab page: puts each Python block's source in an editable box next to its output, runs an edited box
// again on Run (window.labRun, defined by the page's last Python block), says what happens while Python starts,
// registers the app's service worker (so the page, PyScript, Pyodide and the wheel load offline after one visit)
// and reports when Python is done.
const root = new URL("../../../../", import.meta.url);
for (const [code, script] of [["code-topspot", "py-topspot"], ["code-etalage", "py-etalage"]]) {
  const el = /** @type {HTMLTextAreaElement | null} */ (document.getElementById(code));
  const src = document.getElementById(script);
  if (el && src) el.value = src.textContent.trim() + "\n";
}
const status = document.getElementById("lab-status");
const started = performance.now();
window.__lab = { started };
const first = status.textContent;
const tick = setInterval(() => {
  status.textContent = `${first} (${Math.round((performance.now() - started) / 1000)} s)`;
}, 1000);
addEventListener("py:all-done", () => {
  clearInterval(tick);
  window.__lab.doneMs = Math.round(performance.now() - started);
  status.textContent = `Python finished in ${(window.__lab.doneMs / 1000).toFixed(1)} s: edit a box and press Run`;
  document.body.dataset.lab = "done";
  for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll(".lab-run"))) {
    button.disabled = false;
    button.addEventListener("click", () => {
      const out = document.getElementById(button.dataset.out);
      out.textContent = "running…";
      delete out.dataset.done;
      // let the page paint "running…" before Python takes the main thread
      setTimeout(() => {
        const code = /** @type {HTMLTextAreaElement} */ (document.getElementById(button.dataset.code));
        window.labRun(code.value, button.dataset.out);
      }, 30);
    });
  }
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register(new URL("sw.js", root), { scope: root.pathname })
      .then(() => navigator.serviceWorker.ready)
      .then(() => { document.body.dataset.offline = "ready"; })
      .catch(() => { document.body.dataset.offline = "unavailable"; });
  }
});
