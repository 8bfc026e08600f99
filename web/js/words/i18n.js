// Interface text in four languages. One catalogue per language (i18n/<lang>.json beside js/: the site build copies
// them from the engine package, pygame_rules/i18n, the one source of words; flat "key": "text" with
// {name} placeholders; a value may be {"one": ..., "other": ...} chosen by the `n` parameter), all four loaded once
// when this module is first imported so t() is synchronous. The language comes from localStorage (the reader's own
// choice), else the first of navigator.languages we have, else English. See docs/i18n.md.
export const LANGS = ["en", "nl", "de", "fr"];
export const LANG_NAMES = { en: "English", nl: "Nederlands", de: "Deutsch", fr: "Français" };
const STORE_KEY = "pygame_rules.lang";

async function loadCatalogue(lang) {
  const response = await fetch(new URL(`../../i18n/${lang}.json`, import.meta.url));
  if (!response.ok) throw new Error(`catalogue ${lang}: HTTP ${response.status}`);
  return response.json();
}

/** Every catalogue by language code. */
export const CATALOGUES = Object.fromEntries(await Promise.all(LANGS.map(async (l) => [l, await loadCatalogue(l)])));

/** Keys asked for but found in no catalogue (the e2e tests read this list; it should stay empty). */
export const MISSING = [];
if (typeof window !== "undefined") window.__i18nMissing = MISSING;

function stored() {
  try { return localStorage.getItem(STORE_KEY); } catch (err) { return null; }
}

/** The best language for this browser: the stored choice, then navigator.languages by prefix, then English. */
export function detectLang() {
  const mine = stored();
  if (LANGS.includes(mine)) return mine;
  const wanted = typeof navigator !== "undefined" ? (navigator.languages || [navigator.language || ""]) : [];
  for (const tag of wanted) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

let current = detectLang(); // the app shell sets <html lang> from it; a rules page keeps its own (rules-page.js)

export function getLang() {
  return current;
}

/** Switch language (remembered in localStorage); fires a "langchange" event on window so screens redraw. */
export function setLang(lang, { remember = true } = {}) {
  if (!LANGS.includes(lang)) throw new Error(`unknown language ${lang}; expected one of ${LANGS.join(", ")}`);
  if (remember) {
    try { localStorage.setItem(STORE_KEY, lang); } catch (err) { /* private mode: the choice lasts this page */ }
  }
  if (lang === current) return;
  current = lang;
  if (typeof document !== "undefined") document.documentElement.lang = lang;
  if (typeof window !== "undefined") window.dispatchEvent(new CustomEvent("langchange", { detail: { lang } }));
}

const plurals = new Map();
function pluralForm(lang, n) {
  if (!plurals.has(lang)) plurals.set(lang, new Intl.PluralRules(lang));
  return plurals.get(lang).select(n);
}

/**
 * The text for `key` in the current language (English when a catalogue lacks it), with {name} placeholders filled
 * from params. A key in no catalogue is recorded in MISSING and shown as the key itself, so it is easy to spot.
 */
export function t(key, params = {}, lang = current) {
  let value = CATALOGUES[lang]?.[key] ?? CATALOGUES.en[key];
  if (value === undefined) {
    if (!MISSING.includes(key)) MISSING.push(key);
    return key;
  }
  if (typeof value === "object") {
    const n = Number(params.n ?? 0);
    value = value[pluralForm(lang, n)] ?? value.other;
  }
  return value.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

/**
 * Run `fn` with `lang` as the language t() uses by default, then put the reader's language back (no event, nothing
 * stored): a widget words its moves in its page's language whatever the reader's app language is.
 * @template T
 * @param {string} lang
 * @param {() => T} fn
 * @returns {T}
 */
export function withLang(lang, fn) {
  if (!LANGS.includes(lang) || lang === current) return fn();
  const before = current;
  current = lang;
  try {
    return fn();
  } finally {
    current = before;
  }
}

/** Whether the current language (or English, the fallback) has `key`; never records it as missing. */
export function hasKey(key, lang = current) {
  return CATALOGUES[lang]?.[key] !== undefined || CATALOGUES.en[key] !== undefined;
}

/** Fill every [data-i18n] element below root with its text ([data-i18n-attr]="aria-label" puts it in that
 * attribute instead); used by the static pages (rules pages). */
export function translatePage(root = document) {
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-i18n]"))) {
    const text = t(el.dataset.i18n, { ...el.dataset }); // data-game="Top Spot" fills {game}
    if (el.dataset.i18nAttr) el.setAttribute(el.dataset.i18nAttr, text);
    else el.textContent = text;
  }
}
