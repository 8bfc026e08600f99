// <rules-scenario game="topspot" src="scenarios/demo-topspot.json" lang="en" seat="0"></rules-scenario>
// (or code="<compact code>" instead of src), and <rules-lesson lesson="skipbo-2-wild" game="skipbo"></rules-lesson>
// (one lesson of this site, played as on embed.html?lesson=: docs/lessons.md). Loaded by the site-root module widgets.js. The element draws at once
// (the board too, from the first table the build stores in the scenario file), starts the shared engine at the
// reader's first interaction with it (or, without a stored table, when it first scrolls into view), and needs
// nothing else.
import { checkSpec, decodeSpec, fetchSpec, ScenarioWidget, startOnInteraction, startWhenVisible, stats,
  stylesheetsReady } from "./widget.js";
import { LessonWidget, loadLesson } from "./lesson.js";
import { h } from "../lib/util.js";
import { t } from "./widget-strings.js";

const sheets = ["../../css/app.css", "../../css/etalage.css", "../../css/widget.css"];
for (const rel of sheets) {
  const href = new URL(rel, import.meta.url).href;
  if (!document.querySelector(`link[href="${href}"]`)) document.head.append(h("link", { rel: "stylesheet", href }));
}

/**
 * What both elements share: connect once, make the widget, start the engine when the reader needs it (at their first
 * interaction with a board drawn from a stored table, else when the element first scrolls into view), say why in
 * the element when it fails, and let the widget go when the element leaves the page. A subclass only makes its
 * widget (`makeWidget`).
 */
class WidgetHost extends HTMLElement {
  /** @type {{ painted: boolean, destroy(): void } | undefined} */
  widget;

  connectedCallback() {
    if (this._connected) return;
    this._connected = true;
    this.classList.add("rw-host");
    this._load();
  }

  disconnectedCallback() {
    if (this.widget) this.widget.destroy();
    this._connected = false;
  }

  /**
   * The element's widget, drawn at once from what its attributes name; throws with the reader's words when they
   * name nothing usable.
   * @returns {Promise<any>}
   */
  async makeWidget() {
    throw new Error(t("widget.error.missing"));
  }

  async _load() {
    this.dataset.state = "loading";
    try {
      await stylesheetsReady(); // the board is drawn with its sheet, never bare first (widget.js)
      this.widget = await this.makeWidget();
      // A board drawn from a stored first table waits for the reader before Python starts.
      if (this.widget.painted) startOnInteraction(this, this.widget);
      else startWhenVisible(this, this.widget);
    } catch (err) {
      this.dataset.state = "failed";
      this.replaceChildren(h("p.rw-status.error", t("widget.failed", { message: err.message })));
    }
  }
}

class RulesScenario extends WidgetHost {
  async makeWidget() {
    let spec;
    if (this.hasAttribute("code")) spec = await decodeSpec(this.getAttribute("code"));
    else if (this.hasAttribute("src")) spec = await fetchSpec(this.getAttribute("src"), document.baseURI);
    else throw new Error(t("widget.error.missing"));
    spec = checkSpec(spec);
    const game = this.getAttribute("game");
    if (game && game !== spec.game) throw new Error(t("widget.error.game", { game }));
    const seatAttr = this.getAttribute("seat");
    const seat = seatAttr !== null && /^\d$/.test(seatAttr) ? Number(seatAttr) : null;
    return new ScenarioWidget(this, spec, { lang: this.getAttribute("lang"), seat });
  }
}

/** <rules-lesson lesson="<id>" game="<game>">: a shipped lesson (lessons/<id>.json) in the page, in the page's
 * language, drawn from the table stored with it and started like a painted widget (the same lesson player as
 * embed.html?lesson=, progress shared with it on this device); a lesson resumed part-way has no stored table for
 * that position, so it starts when seen. `game` is an optional check. */
class RulesLesson extends WidgetHost {
  async makeWidget() {
    if (!this.hasAttribute("lesson")) throw new Error(t("widget.error.missing"));
    const lesson = await loadLesson(this.getAttribute("lesson"));
    const game = this.getAttribute("game");
    if (game && game !== lesson.game) throw new Error(t("widget.error.game", { game }));
    return new LessonWidget(this, lesson);
  }
}

if (!customElements.get("rules-scenario")) customElements.define("rules-scenario", RulesScenario);
if (!customElements.get("rules-lesson")) customElements.define("rules-lesson", RulesLesson);
window.__widgets = { stats };
