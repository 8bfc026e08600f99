// Says once, in the reader's language, that this browser gives the site too little storage for the start-up
// snapshot (the worker reports it: js/worker/pyodide-start.js keepSnapshot). Later visits report the snapshot `skipped`
// and stay quiet; a flag in localStorage keeps it to once even when the worker could not remember the refusal.
import { t } from "../words/i18n.js";
import { toast } from "../lib/util.js";

const TOLD = "pygame_rules.told.storage";

/** @param {{onSnapshot: (fn: (report: any) => void) => void}} engine */
export function watchStorage(engine) {
  engine.onSnapshot((report) => {
    if (!report || !report.quota || report.skipped) return;
    try {
      if (localStorage.getItem(TOLD)) return;
      localStorage.setItem(TOLD, "1");
    } catch (err) { /* no localStorage: the worker's memory of the refusal keeps it to once */ }
    toast(t("storage.too_small"), "info", 12000);
  });
}
