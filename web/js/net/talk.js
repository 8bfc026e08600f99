// The bar above a table with guests: the deal's commitment, the check of the deal at the end, and table talk, a
// few preset reactions (no free text) that travel as keys and are worded in each reader's own language.
import { h } from "../lib/util.js";
import { t } from "../words/i18n.js";

// The stylesheet of the lobby, the join screen and this bar, loaded once with the module (same origin, precached).
const sheet = new URL("../../css/net.css", import.meta.url).href;
if (typeof document !== "undefined" && !document.querySelector(`link[href="${sheet}"]`)) {
  document.head.append(h("link", { rel: "stylesheet", href: sheet }));
}

/** The preset reactions (the key that travels -> its words in the catalogues), in the order of their buttons. */
export const TALK = { nice_move: "talk.nice_move", your_turn: "talk.your_turn", good_game: "talk.good_game",
  thanks: "talk.thanks", oops: "talk.oops", one_moment: "talk.one_moment" };
const QUIET_MS = 1000; // one reaction per second and seat at most: a guest cannot flood the table

/**
 * The bar: {el, show(seat, key) -> bool (false for an unknown key or too soon), verified(text, ok)}.
 * `send(key)` carries this device's own reaction to the other devices.
 */
export function talkBar({ seat, names, commit, send }) {
  const last = new Map();
  const said = h("p.net-said#net-said", { "aria-live": "polite" });
  const check = h("p.net-verify#net-verify", { role: "status" });
  const buttons = Object.entries(TALK).map(([key, words]) => h("button.btn.ghost.net-talk", { type: "button",
    dataset: { key }, onclick: () => send(key) }, t(words)));
  const el = h("div.net-bar#net-bar", { role: "region", "aria-label": t("net.bar_label") },
    h("p.net-commit", t("net.commitment"), " ", h("code", commit.slice(0, 16) + "…")),
    check,
    h("div.net-talk-buttons", { role: "group", "aria-label": t("net.talk_label") }, buttons),
    said);
  return {
    el,
    show(from, key) {
      if (!Object.hasOwn(TALK, key) || !Number.isInteger(from) || !names[from]) return false;
      const now = performance.now();
      if (now - (last.get(from) ?? -Infinity) < QUIET_MS) return false;
      last.set(from, now);
      said.dataset.key = key;
      said.textContent = t("talk.said", { name: names[from], words: t(TALK[key]) });
      return true;
    },
    verified(text, ok) {
      check.textContent = text;
      check.dataset.ok = String(ok);
    },
    mine: seat,
  };
}
