// Small pieces every game's words are made of: a colour's name, a list joined with "and", points per seat, a check
// that an event has the fields a line needs. Shared by words/log-words.js and each game's words module
// (games/<game>-words.js), which import this module and not each other (no import circle: tests/test_js_imports.py).
import { t } from "./i18n.js";

/** True when every one of `fields` is present on the event `e` (a line is only written from fields it has). */
export const has = (e, ...fields) => fields.every((f) => e[f] !== undefined && e[f] !== null);

/** A colour's name in the reader's language (`colour.<name>` in the catalogues). */
export const colour = (c) => t(`colour.${c}`);

/** "Ann, Bob and Cy": items joined in the reader's language (`last`: the key of the last joining word). */
export const list = (items, last = "common.and") => {
  if (items.length < 2) return items.join("");
  return `${items.slice(0, -1).join(", ")}${t(last)}${items[items.length - 1]}`;
};

/** "Player 1 6 · Bot 2 0": points per seat in words, never a Python list. */
export function perSeat(values, names) {
  return values.map((v, s) => `${names[s] ?? s + 1} ${v}`).join(" · ");
}
