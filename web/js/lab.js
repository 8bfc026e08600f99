// The PyScript lab page: shows each Python block's source next to its output, registers the app's service worker
// (so the page, PyScript, Pyodide and the wheel load offline after one visit) and reports when Python is done.
const root = new URL("../../../", import.meta.url);
for (const [code, script] of [["code-topspot", "py-topspot"], ["code-etalage", "py-etalage"]]) {
  const el = document.getElementById(code);
  const src = document.getElementById(script);
  if (el && src) el.textContent = src.textContent.trim();
}
const status = document.getElementById("lab-status");
const started = performance.now();
window.__lab = { started };
addEventListener("py:all-done", () => {
  window.__lab.doneMs = Math.round(performance.now() - started);
  status.textContent = `Python finished in ${(window.__lab.doneMs / 1000).toFixed(1)} s`;
  document.body.dataset.lab = "done";
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register(new URL("sw.js", root), { scope: root.pathname })
      .then(() => navigator.serviceWorker.ready)
      .then(() => { document.body.dataset.offline = "ready"; })
      .catch(() => { document.body.dataset.offline = "unavailable"; });
  }
});
