// The rules pages (web/rules/<game>.<lang>.html): the text is static HTML in the page's language; this module only
// re-fills the page chrome ([data-i18n] elements) from the catalogue of that language, so a key missing from a
// catalogue shows up (window.__i18nMissing) in the e2e tests. The page's language is not stored as the reader's
// choice: opening a Dutch rules page does not switch the app to Dutch.
import { LANGS, setLang, translatePage } from "../words/i18n.js";

const lang = document.documentElement.lang;
if (LANGS.includes(lang)) setLang(lang, { remember: false });
translatePage(document);
document.body.dataset.i18n = "ready";

// "Learn it by playing" (the lesson links under a section's heading, written by the build): a plain click opens the
// lesson in the page, right under that line, as a <rules-lesson> (defined by widgets.js), drawn at once and started
// at the reader's first touch; a second click closes it. A click with a modifier (a new tab), or a page where the
// element is missing, follows the link to the lesson's own page (embed.html?lesson=).
for (const link of document.querySelectorAll(".rules-lesson a[href]")) link.setAttribute("aria-expanded", "false");
document.addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest(".rules-lesson a[href]") : null;
  if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const id = new URL(link.getAttribute("href"), location.href).searchParams.get("lesson");
  if (!id || !customElements.get("rules-lesson")) return;
  event.preventDefault();
  const line = link.closest(".rules-lesson");
  const open = line.nextElementSibling?.localName === "rules-lesson" ? line.nextElementSibling : null;
  for (const other of line.querySelectorAll("a[aria-expanded]")) other.setAttribute("aria-expanded", "false");
  if (open) open.remove();
  if (open?.getAttribute("lesson") === id) return; // the same link again: closed
  const lesson = document.createElement("rules-lesson");
  lesson.id = `lesson-${id}`;
  lesson.setAttribute("lesson", id);
  lesson.setAttribute("game", document.body.dataset.game || "");
  line.after(lesson);
  link.setAttribute("aria-controls", lesson.id);
  link.setAttribute("aria-expanded", "true");
});
