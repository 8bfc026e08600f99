// embed.html: one scenario widget in an iframe on any site. The scenario comes from ?s=<compact code> or
// ?src=<JSON file on this site>; optional lang=, seat=, id= (echoed in our messages so a host page with several
// frames can tell them apart), start=click|load. A scenario carrying its first table is drawn at once and starts the
// engine at the reader's first interaction (docs/embedding.md). The frame tells its parent its height with postMessage and accepts only messages of
// the documented shape (docs/embedding.md); anything else is ignored.
import { decodeSpec, fetchSpec, ScenarioWidget, startOnInteraction, startWhenVisible, stats, stylesheetsReady }
  from "./widget.js";
import { h } from "../lib/util.js";
import { t } from "./widget-strings.js";
import { LANGS, getLang } from "../words/i18n.js";

const params = new URLSearchParams(location.search);
// The frame speaks the language its snippet asks for (?lang=), else the reader's; embed.html's lang="en" is only the
// default before this runs. widget-strings.js reads the language from <html lang>.
const wantedLang = (params.get("lang") || "").slice(0, 2).toLowerCase();
document.documentElement.lang = LANGS.includes(wantedLang) ? wantedLang : getLang();
const frameId = (params.get("id") || "").slice(0, 64);
const root = document.getElementById("widget");
window.__widgets = { stats, received: [] };

let lastHeight = 0;
let built = false; // nothing is reported before the widget (or its failure text) is drawn: the host keeps the
// snippet's height until then, instead of shrinking to a "Loading" line and growing back (docs/embedding.md)
function reportSize(force = false) {
  if (!built) return;
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  if (!force && height === lastHeight) return;
  lastHeight = height;
  if (window.parent !== window) {
    // The height is no secret: any parent may read it, so "*" is fine; nothing else is ever sent.
    window.parent.postMessage({ type: "pygame_rules:resize", version: 1, id: frameId, height }, "*");
  }
}
new ResizeObserver(() => reportSize()).observe(document.documentElement);

// Inbound: only {type: "pygame_rules:measure", version: 1} from our parent, which asks for the height again.
window.addEventListener("message", (event) => {
  const msg = event.data;
  if (event.source !== window.parent || !msg || typeof msg !== "object" || Array.isArray(msg)) return;
  if (msg.type !== "pygame_rules:measure" || msg.version !== 1 || Object.keys(msg).length !== 2) return;
  window.__widgets.received.push(msg.type);
  reportSize(true);
});

async function main() {
  try {
    await stylesheetsReady(); // the board is drawn with its sheet, never bare first (widget.js)
    if (params.has("lesson") || params.has("learn") || params.has("l")) { // lessons (js/widgets/lesson.js, docs/lessons.md)
      const lessons = await import("./lesson.js");
      const lang = document.documentElement.lang;
      const onResize = () => reportSize();
      let lesson = null;
      if (params.has("learn")) await lessons.showList(root, params.get("learn"), { lang });
      else if (params.has("l")) lesson = await lessons.showInlineLesson(root, params.get("l"), { onResize });
      else lesson = await lessons.showLesson(root, params.get("lesson"), { lang, onResize });
      if (lesson) window.__widgets.widget = lesson;
      built = true;
      // A lesson drawn from its stored first table waits for the learner's first touch (or starts in the
      // background when the engine is cached); one resumed part-way starts when seen.
      if (lesson?.painted) startOnInteraction(root, lesson);
      else if (lesson) startWhenVisible(root, lesson);
      reportSize(true);
      return;
    }
    let spec;
    if (params.has("s")) spec = await decodeSpec(params.get("s"));
    else if (params.has("src")) spec = await fetchSpec(params.get("src"), location.href);
    else throw new Error(t("widget.error.missing"));
    const seat = /^\d$/.test(params.get("seat") || "") ? Number(params.get("seat")) : null;
    const widget = new ScenarioWidget(root, spec, { lang: params.get("lang"), seat, onResize: () => reportSize(),
      heading: "h1" }); // the frame is a page of its own: the scenario's title is its heading
    built = true;
    window.__widgets.widget = widget;
    if (params.get("start") === "click") return; // the reader presses Start
    if (params.get("start") === "load") widget.start(); // at once, seen or not (the editor's preview)
    // A board drawn from the scenario's stored first table (a `?src=` file of ours: the build stores it; a `?s=`
    // code: the editor puts it in) waits for the reader's first touch, or starts in the background when Python is
    // cached, as lessons do; without one (or with one for another seat) the engine starts when the frame is seen.
    else if (widget.painted) startOnInteraction(root, widget);
    else startWhenVisible(root, widget);
  } catch (err) {
    root.dataset.state = "failed";
    root.replaceChildren(h("h1.rw-title", t("widget.label")),
      h("p.rw-status.error", t("widget.failed", { message: err.message })));
  }
  built = true;
  reportSize(true);
}

main();
