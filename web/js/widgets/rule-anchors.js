// "Why?" links (docs/lessons.md): every refusal reason of every game maps to the anchor of the rules-page section
// that states the rule (site file lessons/why.json, checked by tests/test_rule_anchors.py). The map is fetched once
// when this module loads, without holding anything up: until it has arrived a link opens the top of the rules page.
import { h } from "../lib/util.js";
import { t, getLang } from "../words/i18n.js";

/** The site root (index.html, rules/, lessons/): this module lives in app/<hash>/js/. */
const ROOT = new URL("../../../../", import.meta.url);
let anchors = {};
export const loaded = fetch(new URL("lessons/why.json", ROOT))
  .then((r) => (r.ok ? r.json() : {}))
  .then((map) => { anchors = map && typeof map === "object" ? map : {}; return anchors; })
  .catch(() => anchors);

/** The rules page of `game` in `lang`, at the section about refusal `reason` (or `fallback`, or the top). */
export function rulesHref(game, reason, lang = getLang(), fallback = "") {
  const anchor = anchors[game]?.[reason] || fallback;
  return new URL(`rules/${game}.${lang}.html${anchor ? `#${anchor}` : ""}`, ROOT).href;
}

/** A "Why?" link for a refusal; from inside another site's frame it opens a new tab. */
export function whyLink(game, reason, lang = getLang(), fallback = "") {
  const framed = typeof window !== "undefined" && window.top !== window;
  return h("a.why-link", { href: rulesHref(game, reason, lang, fallback), target: framed ? "_blank" : "_self",
    rel: framed ? "noopener" : null }, t("lesson.why", {}, lang));
}
