// The widgets' interface text comes from the app's catalogues (web/js/words/i18n.js, keys "widget.*"), in the language of
// the page that hosts the widget (<html lang>, e.g. a Dutch rules page), else the reader's app language.
// pick() chooses a language from a scenario file's title/caption ({"en": ..., "nl": ...} or a plain string).
import { LANGS, getLang, t as translate } from "../words/i18n.js";

/** The language a widget speaks: the host page's when we have it, else the reader's choice. */
export function widgetLang() {
  const page = (typeof document !== "undefined" ? document.documentElement.lang || "" : "").slice(0, 2).toLowerCase();
  return LANGS.includes(page) ? page : getLang();
}

export function t(key, params = {}) {
  return translate(key, params, widgetLang());
}

/** A title or caption in `lang` (falling back to the page's language, then English, then any). */
export function pick(value, lang) {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value !== "object") return "";
  const want = [lang, (document.documentElement.lang || "").slice(0, 2), "en"].filter(Boolean);
  for (const l of want) if (typeof value[l] === "string") return value[l];
  const any = Object.values(value).find((v) => typeof v === "string");
  return any || "";
}
