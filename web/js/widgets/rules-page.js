// The rules pages (web/rules/<game>.<lang>.html): the text is static HTML in the page's language; this module only
// re-fills the page chrome ([data-i18n] elements) from the catalogue of that language, so a key missing from a
// catalogue shows up (window.__i18nMissing) in the e2e tests. The page's language is not stored as the reader's
// choice: opening a Dutch rules page does not switch the app to Dutch.
import { LANGS, setLang, translatePage } from "../words/i18n.js";

const lang = document.documentElement.lang;
if (LANGS.includes(lang)) setLang(lang, { remember: false });
translatePage(document);
document.body.dataset.i18n = "ready";
