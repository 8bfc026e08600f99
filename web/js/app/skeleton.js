// The table's skeleton: shown the moment a game is chosen while Python is still starting (a first visit takes a few
// seconds), replaced by the real table when the engine answers. Layout only: seats, a centre and a hand of blank
// card shapes; no rule and no card is decided here (the counts are the same for every game). Its words live here in
// the four interface languages so that this small module stays independent of the app's catalogues; the start-up
// line and the bytes fetched come from the caller (skeletonProgress), in the caller's words.
import { h } from "../lib/util.js";
import { getLang } from "../words/i18n.js";

const WORDS = {
  en: { waiting: "Dealing as soon as the rules engine has started. The first visit takes longer; later visits start at once.",
    label: "The table, waiting for the engine" },
  nl: { waiting: "Er wordt gedeeld zodra de spelregelmotor gestart is. Het eerste bezoek duurt langer; daarna start hij meteen.",
    label: "De tafel, wachtend op de spelregelmotor" },
  de: { waiting: "Es wird ausgeteilt, sobald die Regel-Engine gestartet ist. Der erste Besuch dauert länger; danach startet sie sofort.",
    label: "Der Tisch wartet auf die Regel-Engine" },
  fr: { waiting: "La donne commence dès que le moteur de règles a démarré. La première visite prend plus de temps ; ensuite il démarre aussitôt.",
    label: "La table, en attente du moteur de règles" },
};

const sheet = new URL("../../css/skeleton.css", import.meta.url).href;

function ensureSheet() {
  if (document.querySelector(`link[href="${sheet}"]`)) return;
  document.head.append(h("link", { rel: "stylesheet", href: sheet }));
}

function blanks(n, cls) {
  return Array.from({ length: n }, () => h(`span.sk-card${cls}`));
}

/** Replace `container`'s content with the skeleton of a `players`-seat table titled `title`; returns the element. */
export function showTableSkeleton(container, { title, players }) {
  ensureSheet();
  const words = WORDS[getLang()] || WORDS.en;
  const seats = Math.max(1, Math.min(8, Number(players) || 2));
  const el = h("section.play.table-skeleton#table-skeleton", { "aria-busy": "true", "aria-label": words.label },
    h("h2.sk-title", title || ""),
    h("p.sk-note", { role: "status" }, words.waiting),
    h("div.sk-start", h("p.sk-stage#sk-stage"),
      h("progress.sk-bar#sk-bar", { max: 1, value: 0, "aria-labelledby": "sk-stage" }),
      h("p.sk-bytes#sk-bytes")),
    h("div.sk-opponents", Array.from({ length: seats - 1 }, () => h("div.sk-seat", blanks(5, ".back")))),
    h("div.sk-centre", blanks(4, "")),
    h("div.sk-hand", blanks(5, "")));
  container.replaceChildren(el);
  return el;
}

/**
 * Show how far the start is on a skeleton: `line` (the engine's start-up stage in words), the bar (the bytes `done`
 * of `total` when the download is counted, else the stage's `fraction`) and `bytes` (those figures in words).
 * @param {HTMLElement} el a skeleton from showTableSkeleton
 * @param {{line: string, done: number, total: number, bytes: string, fraction: number}} how
 */
export function skeletonProgress(el, { line, done, total, bytes, fraction }) {
  const bar = /** @type {HTMLProgressElement | null} */ (el.querySelector(".sk-bar"));
  const stage = el.querySelector(".sk-stage");
  const words = el.querySelector(".sk-bytes");
  if (stage) stage.textContent = line || "";
  if (words) words.textContent = bytes || "";
  if (!bar) return;
  if (total > 0) {
    bar.max = total;
    bar.value = Math.min(done, total);
    bar.setAttribute("aria-valuetext", bytes);
    el.dataset.bytesDone = String(done);
    el.dataset.bytesTotal = String(total);
  } else {
    bar.max = 1;
    bar.value = Math.max(0, Math.min(1, fraction || 0));
  }
}
