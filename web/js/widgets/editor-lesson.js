// The editor's lesson mode (docs/lessons.md): the position laid out by clicking and the steps recorded by clicking
// become a lesson. The reader's recorded moves are the lesson's solution, the other seats' moves its scripted
// replies, par is the number of the reader's moves; the teacher writes the goal and a hint in each language, picks
// the target from the declared set and the rules section, and the engine says whether the recorded moves reach it
// (api op goal). Out come the lesson file and an iframe snippet that carries the lesson in its address (?l=<code>).
import { encodeWithFirst, SITE_ROOT } from "./widget.js";
import { h } from "../lib/util.js";
import { RENDERERS } from "../games/index.js";
import { LANG_NAMES, LANGS, t } from "../words/i18n.js";

// The targets offered are the game's own (its renderer's lessons.targets, docs/web.md); a game without any gets the
// two every game has.
const ANY_GAME_TARGETS = ["event", "game_won"];

const slug = (text) => String(text || "").toLowerCase().normalize("NFD").replace(/[^a-z0-9]+/g, "-")
  .replace(/^-+|-+$/g, "").slice(0, 40) || "lesson";

/** The lesson panel, placed before the editor's output section; update(spec) after every valid position. */
export class LessonPanel {
  constructor(engine, before) {
    this.engine = engine;
    this.spec = null;
    this.anchors = fetch(new URL("lessons/why.json", SITE_ROOT)).then((r) => r.json()).catch(() => ({}));
    this.target = h("select#ed-lesson-target", { onchange: () => this.refresh() });
    this.value = h("input#ed-lesson-value", { type: "number", min: 1, max: 12, value: 5, oninput: () => this.refresh() });
    this.rule = h("select#ed-lesson-rule", { onchange: () => this.refresh() });
    this.goals = Object.fromEntries(LANGS.map((l) => [l, h("textarea", { rows: 2, dataset: { lang: l },
      "aria-label": t("editor.lesson.goal_in", { lang: LANG_NAMES[l] }), oninput: () => this.refresh() })]));
    this.hints = Object.fromEntries(LANGS.map((l) => [l, h("textarea", { rows: 2, dataset: { lang: l },
      "aria-label": t("editor.lesson.hint_in", { lang: LANG_NAMES[l] }), oninput: () => this.refresh() })]));
    this.verdict = h("p.tool-msg#ed-lesson-verdict", { role: "status", "aria-live": "polite" });
    this.json = h("pre.tool-snippet#ed-lesson-json");
    this.snippet = h("pre.tool-snippet#ed-lesson-iframe");
    const field = (label, el) => h("label.ed-caption-label", h("span", label), " ", el);
    this.section = h("section#ed-lesson", { hidden: true, "aria-label": t("editor.lesson.title") },
      h("h2", t("editor.lesson.title")),
      h("p.ed-help", t("editor.lesson.help")),
      h("div.tool-row", field(t("editor.lesson.target"), this.target), field(t("editor.lesson.value"), this.value),
        field(t("editor.lesson.rule"), this.rule)),
      ...LANGS.map((l) => field(t("editor.lesson.goal_in", { lang: LANG_NAMES[l] }), this.goals[l])),
      ...LANGS.map((l) => field(t("editor.lesson.hint_in", { lang: LANG_NAMES[l] }), this.hints[l])),
      this.verdict,
      h("h3", t("editor.lesson.file")), this.json,
      h("h3", t("editor.lesson.embed")), this.snippet);
    before.before(this.section);
  }

  /** A valid position with its steps: offer the targets and sections of its game and judge again. */
  async update(spec) {
    const game = spec.game;
    if (this.spec?.game !== game) {
      this.target.replaceChildren(...(RENDERERS[game]?.lessons?.targets || ANY_GAME_TARGETS).map((name) =>
        h("option", { value: name }, name)));
      const sections = [...new Set(Object.values((await this.anchors)[game] || {}))];
      this.rule.replaceChildren(...sections.map((a) => h("option", { value: a }, a)));
    }
    this.spec = spec;
    this.section.hidden = false;
    await this.refresh();
  }

  /** Split the recorded steps by who made them (the engine plays them) and ask whether the target is met. */
  async refresh() {
    const spec = this.spec;
    if (!spec) return;
    const run = (this.run = (this.run || 0) + 1);
    const eng = this.engine;
    const answer = await eng.request("scenario", { game: spec.game, scenario: spec.scenario, seat: spec.seat });
    const session = answer.session;
    const solution = [];
    const replies = [];
    let table = answer.table;
    let lastType = null;
    let first = null; // the table the learner first sees (after the opening replies), as the lesson player asks it
    const firstTable = async () => ({ seat: spec.seat, table: (await eng.request("table", { session,
      seat: spec.seat })).table });
    try {
      for (const step of spec.steps) {
        const action = step.type ? step : step.action;
        const mover = table.current_player;
        if (mover === spec.seat && !first) first = await firstTable();
        await eng.request("act", { session, action, seat: mover });
        if (mover === spec.seat) { solution.push(action); lastType = action.type; } else replies.push(action);
        table = (await eng.request("table", { session, seat: spec.seat })).table;
      }
      const target = this._target(lastType);
      const met = solution.length > 0 && (await eng.request("goal", { session, goal: target, seat: spec.seat })).met;
      if (run !== this.run) return;
      this.verdict.dataset.kind = met ? "ok" : "error";
      this.verdict.textContent = solution.length === 0 ? t("editor.lesson.no_moves")
        : met ? t("editor.lesson.met", { n: solution.length }) : t("editor.lesson.not_met");
      await this._write(spec, target, solution, replies, met, first);
    } catch (err) {
      if (run === this.run) { this.verdict.dataset.kind = "error"; this.verdict.textContent = err.message; }
    } finally {
      eng.request("drop", { session }).catch(() => {});
    }
  }

  _target(lastType) {
    const test = this.target.value;
    if (test === "pile_reaches") return { test, value: Number(this.value.value) || 1 };
    if (test === "event") return { test, type: lastType || "play" };
    return { test };
  }

  async _write(spec, target, solution, replies, met, first) {
    const words = (fields) => Object.fromEntries(LANGS.map((l) => [l, fields[l].value.trim()]));
    const title = typeof spec.title === "string" ? spec.title : (spec.title?.en || "");
    const titles = Object.fromEntries(LANGS.map((l) => [l, typeof spec.title === "string" ? spec.title
      : (spec.title?.[l] || title)]));
    const lesson = { format: "pygame_rules.lesson", id: `${spec.game}-${slug(title)}`, game: spec.game, order: 1,
      rule: this.rule.value, title: titles, goal: words(this.goals), seat: spec.seat, scenario: spec.scenario,
      target, solution, par: solution.length, replies, hints: [words(this.hints)] };
    if (first) lesson.first = first; // drawn before Python starts, in this site's lessons/ or from the snippet
    this.lesson = lesson;
    this.json.textContent = JSON.stringify(lesson, null, 1);
    if (!met) { this.snippet.textContent = ""; return; }
    const src = `${SITE_ROOT.href}embed.html?l=${await encodeWithFirst(lesson, lesson.first)}`;
    this.src = src;
    this.snippet.textContent = `<iframe data-pygame-rules src="${src}" title="${title.replaceAll('"', "&quot;")}" ` +
      `width="100%" height="760" style="border:0;width:100%" loading="lazy">${title.replaceAll("<", "&lt;")}` +
      `</iframe>\n<script src="${SITE_ROOT.href}embed-host.js"></script>`;
  }
}
