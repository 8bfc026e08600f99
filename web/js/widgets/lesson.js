// Lessons (docs/lessons.md): embed.html?lesson=<id> plays one lesson, embed.html?learn=<game> lists a game's lessons
// with the stars earned; the element <rules-lesson> (js/widgets/widget-element.js) plays one on our own pages. A lesson is a scenario widget in try mode whose moves are judged against the lesson's
// target: the engine refuses a wrong move (the lesson's hint, the refusal in words and a "Why?" link to the rules
// page), plays the other seats' scripted replies, and says whether the target is met (api op goal). No rule lives
// here. Progress (stars, and the moves of a lesson in progress) stays on the device in localStorage.
import { ScenarioWidget, SITE_ROOT, SpecError, decodeSpec, getEngine } from "./widget.js";
import { refusalWords } from "../words/log-words.js";
import { loaded as anchorsLoaded, whyLink } from "./rule-anchors.js";
import { h } from "../lib/util.js";
import { RENDERERS } from "../games/index.js";
import { t, pick, widgetLang } from "./widget-strings.js";

const PROGRESS_KEY = "pygame_rules.lessons.v1";
const ID = /^[a-z0-9]+(?:-[a-z0-9]+){1,8}$/;
const GAME = /^[a-z0-9_]{1,40}$/;

const sheet = new URL("../../css/lesson.css", import.meta.url).href;
if (!document.querySelector(`link[href="${sheet}"]`)) document.head.append(h("link", { rel: "stylesheet", href: sheet }));

// ----- progress on this device --------------------------------------------------------------------------------------
/** Everything stored: {lessons: {id: {stars, best, history?}}}; an unreadable record counts as nothing stored. */
export function readProgress() {
  try {
    const value = JSON.parse(localStorage.getItem(PROGRESS_KEY) || "{}");
    return value && typeof value === "object" && value.lessons && typeof value.lessons === "object"
      ? value : { lessons: {} };
  } catch (err) {
    return { lessons: {} };
  }
}

function writeLesson(id, record) {
  const all = readProgress();
  all.lessons[id] = { ...(all.lessons[id] || {}), ...record };
  try { localStorage.setItem(PROGRESS_KEY, JSON.stringify(all)); } catch (err) { /* private mode: not kept */ }
}

/** Stars for a finished lesson: three at par (moves plus refused or taken-back tries), two within two more. */
export function starsFor(moves, mistakes, par) {
  const spent = moves + mistakes;
  if (spent <= par) return 3;
  return spent <= par + 2 ? 2 : 1;
}

const starText = (n) => "★".repeat(n) + "☆".repeat(3 - n);

// ----- files -----------------------------------------------------------------------------------------------------
async function fetchJson(path) {
  const response = await fetch(new URL(path, SITE_ROOT));
  if (!response.ok) throw new SpecError(t("widget.error.fetch", { src: path, status: response.status }));
  return response.json();
}

export function rulesUrl(game, anchor, lang = widgetLang()) {
  return new URL(`rules/${game}.${lang}.html${anchor ? `#${anchor}` : ""}`, SITE_ROOT).href;
}

/** Where a rules link opens: this tab for our own page, a new tab from inside another site's frame. */
const outside = () => (window.top === window ? "_self" : "_blank");

// ----- one lesson ------------------------------------------------------------------------------------------------
export class LessonWidget extends ScenarioWidget {
  constructor(root, lesson, { onResize = () => {}, next = null } = {}) {
    const saved = readProgress().lessons[lesson.id] || {};
    // [{action, seat}]: every move since the start, as stored on this device (anything else there is dropped)
    const history = (Array.isArray(saved.history) ? saved.history : []).filter((m) => m && typeof m === "object"
      && m.action && typeof m.action === "object" && Number.isInteger(m.seat));
    // The table stored with the lesson (its `first`: tools/build_site.py, or the editor) is the start position,
    // drawn before Python starts; a lesson resumed part-way is not there, so it waits for the engine instead.
    const spec = { game: lesson.game, title: lesson.title, caption: lesson.goal, seat: lesson.seat,
      scenario: lesson.scenario, steps: [], try: true, first: history.length ? undefined : lesson.first };
    super(root, spec, { onResize });
    this.lesson = lesson;
    this.next = next;
    this.history = history;
    this.mistakes = Number.isInteger(saved.mistakes) ? saved.mistakes : 0;
    this.best = Number.isInteger(saved.stars) ? saved.stars : 0;
    this.done = false;
    this.resetBtn.hidden = true; // "Start again" below replaces the try box's "Take it back"
    this._buildLesson();
  }

  get moves() { return this.history.filter((m) => m.seat === this.seat).length; }

  _buildLesson() {
    const section = this.root.querySelector("section.rw");
    this.feedback = h("div.lesson-feedback", { role: "status", "aria-live": "polite" });
    this.counterLine = h("p.lesson-count");
    this.starLine = h("p.lesson-stars", { "aria-label": t("lesson.stars", { n: this.best }) }, starText(this.best));
    this.againBtn = h("button.btn.ghost.lesson-again", { type: "button", onclick: () => this.startAgain() },
      t("lesson.again"));
    this.nextLink = this.next ? h("a.btn.primary.lesson-next", { href: this.next, hidden: true }, t("lesson.next")) : null;
    const bar = h("div.lesson-bar", this.counterLine, this.starLine, this.againBtn, this.nextLink);
    section.classList.add("lesson");
    const goal = section.querySelector(".rw-caption");
    if (goal) { goal.classList.add("lesson-goal"); section.insertBefore(goal, this.stage); } // the goal comes first
    section.insertBefore(bar, this.stage);
    section.insertBefore(this.feedback, this.stage);
    this._count();
    this.root.dataset.lesson = "idle";
  }

  _count() {
    this.counterLine.textContent = t("lesson.moves", { moves: this.moves, par: this.lesson.par });
    this.root.dataset.moves = String(this.moves);
    this.root.dataset.mistakes = String(this.mistakes);
  }

  _save(extra = {}) {
    writeLesson(this.lesson.id, { history: this.done ? [] : this.history, mistakes: this.done ? 0 : this.mistakes,
      moves: this.done ? 0 : this.moves, stars: this.best, ...extra });
  }

  async _start() {
    this._settingUp = true; // the bare scenario's table (before the opening replies) is not drawn on the way
    try {
      await super._start();
    } finally {
      this._settingUp = false;
    }
    if (this.root.dataset.state !== "ready") return;
    this._sessionAt = null; // the lesson's position is the scenario plus its history: set it up
    try {
      try {
        await this._goto();
      } catch (err) {
        if (!this.history.length) throw err;
        this.history = []; // a stored history the engine refuses (damaged, or an older lesson): start afresh
        this.mistakes = 0;
        this._sessionAt = null;
        await this._goto();
      }
      if (!this.history.length) await this._answer(); // the opening replies (e.g. the cards led before you)
      await this._refresh();
      this.root.dataset.lesson = "playing";
    } catch (err) {
      this._state("failed", t("widget.failed", { message: err.message }));
    }
  }

  /** The engine session at the lesson's current position: the scenario, then every move of the history. */
  async _goto() {
    if (this._sessionAt === 0) return;
    const eng = getEngine();
    const answer = await eng.request("scenario", { game: this.spec.game, scenario: this.spec.scenario, seat: this.seat });
    for (const move of this.history) {
      await eng.request("act", { session: answer.session, action: move.action, seat: move.seat });
    }
    if (this.session && !this._lost) eng.request("drop", { session: this.session }).catch(() => {});
    this._lost = false;
    this.session = answer.session;
    this._sessionAt = 0;
  }

  /** The other seats play their scripted replies while it is their turn; false when a reply is refused here. */
  async _answer() {
    const eng = getEngine();
    const replies = this.lesson.replies || [];
    for (;;) {
      const { table } = await eng.request("table", { session: this.session, seat: this.seat });
      const used = this.history.filter((m) => m.seat !== this.seat).length;
      if (table.over || table.current_player === this.seat || used >= replies.length) return true;
      const move = { action: replies[used], seat: table.current_player };
      const check = await eng.request("check", { session: this.session, action: move.action, seat: move.seat });
      if (!check.legal) return false;
      await eng.request("act", { session: this.session, action: move.action, seat: move.seat });
      this.history.push(move);
    }
  }

  async _refresh() {
    const { table } = await getEngine().request("table", { session: this.session, seat: this.seat });
    this.tables = [table];
    this.logs = [this.lines(table)];
    this.at = 0;
    this._count();
    this.draw();
  }

  draw() {
    if (this._settingUp) return;
    super.draw();
    if (this.done) {
      this.trying = false;
      this.tryBox.inert = true;
      this.tryBox.classList.add("waiting");
      this._drawBoard(this.table, false);
    }
  }

  /** The learner's move: refused (hint and reason), played and judged, or taken back when it leads nowhere. */
  async attempt(action) {
    if (this.busy || !this.trying || this.done) return;
    this.busy = true;
    this.feedback.replaceChildren();
    delete this.root.dataset.verdict;
    try {
      await this.start(); // a move on the painted board comes before the engine: it starts now, then judges
      const eng = getEngine();
      await this._goto();
      const check = await eng.request("check", { session: this.session, action, seat: this.seat });
      if (!check.legal) {
        this.mistakes += 1;
        this._count();
        const words = refusalWords(check, { game: this.spec.game, names: this.names, lang: widgetLang() });
        await anchorsLoaded;
        this._tell("illegal", t("widget.illegal", { message: words.text }), check.reason);
        this._save();
        return;
      }
      const before = this.history.length;
      await eng.request("act", { session: this.session, action, seat: this.seat });
      this.history.push({ action, seat: this.seat });
      const answered = await this._answer();
      const { table } = await eng.request("table", { session: this.session, seat: this.seat });
      const met = answered && (await eng.request("goal", { session: this.session, goal: this.lesson.target,
        seat: this.seat })).met;
      if (met) {
        await this._finish();
      } else if (!answered || table.over || table.current_player !== this.seat
          || this.moves >= this.lesson.par + 2) {
        // A legal move that does not lead to the goal here: taken back, with the hint.
        this.mistakes += 1;
        this.history.length = before;
        this._sessionAt = null; // (the count is redrawn by _refresh)
        await this._goto();
        await this._refresh();
        this._tell("off", t("lesson.notThis"), null);
      } else {
        await this._refresh();
        this._tell("legal", t("lesson.goOn"), null, false);
      }
      this._save();
    } catch (err) {
      this._tell("error", err.code === "engine_restarted" ? t("widget.engineRestarted") : err.message, null, false);
    } finally {
      this.busy = false;
    }
  }

  /** Feedback under the goal: a line, then (for a wrong move) the lesson's hint and a "Why?" link. */
  _tell(kind, text, reason, withHint = true) {
    const hints = this.lesson.hints;
    const hint = withHint ? pick(hints[Math.min(this.moves, hints.length - 1)], widgetLang()) : "";
    this.feedback.dataset.kind = kind;
    this.feedback.replaceChildren(...[
      h("p.lesson-verdict", text),
      hint ? h("p.lesson-hint", h("strong", t("lesson.hint")), " ", hint) : null,
      kind === "illegal" ? whyLink(this.spec.game, reason, widgetLang(), this.lesson.rule) : null].filter(Boolean));
    this.root.dataset.verdict = kind;
    this.onResize();
  }

  async _finish() {
    await this._refresh();
    const stars = starsFor(this.moves, this.mistakes, this.lesson.par);
    this.best = Math.max(this.best, stars);
    this.done = true;
    this.draw();
    this._save();
    this.starLine.textContent = starText(stars);
    this.starLine.setAttribute("aria-label", t("lesson.stars", { n: stars }));
    this.feedback.dataset.kind = "done";
    this.feedback.replaceChildren(h("p.lesson-verdict", t("lesson.done", { n: stars })));
    if (this.nextLink) this.nextLink.hidden = false;
    this.root.dataset.lesson = "done";
    this.root.dataset.stars = String(stars);
    this.root.dataset.verdict = "done";
    this.onResize();
  }

  /** Back to the start position, with a fresh count. */
  async startAgain() {
    if (this.busy) return;
    this.busy = true;
    try {
      this.history = [];
      this.mistakes = 0;
      this.done = false;
      this._sessionAt = null;
      this.feedback.replaceChildren();
      if (this.nextLink) this.nextLink.hidden = true;
      this.starLine.textContent = starText(this.best);
      await this.start();
      await this._goto();
      await this._answer();
      await this._refresh();
      this._save();
      this.root.dataset.lesson = "playing";
      delete this.root.dataset.stars;
    } finally {
      this.busy = false;
    }
  }
}

// ----- pages: one lesson, or a game's list ----------------------------------------------------------------------------
function pageUrl(params) {
  const url = new URL("embed.html", SITE_ROOT);
  for (const [k, v] of Object.entries(params)) if (v) url.searchParams.set(k, v);
  return url.pathname + url.search;
}

/** A shipped lesson file of this site (`lessons/<id>.json`, with the first table the build stores in it). */
export async function loadLesson(id) {
  if (typeof id !== "string" || !ID.test(id)) throw new SpecError(t("lesson.error.id"));
  return fetchJson(`lessons/${id}.json`);
}

/** embed.html?lesson=<id>: the lesson, with a link to the next one of its game. */
export async function showLesson(root, id, { onResize, lang }) {
  const [lesson, index] = await Promise.all([loadLesson(id), fetchJson("lessons/index.json")]);
  const list = index[lesson.game] || [];
  const at = list.findIndex((item) => item.id === id);
  const next = at >= 0 && at + 1 < list.length ? pageUrl({ lesson: list[at + 1].id, lang })
    : pageUrl({ learn: lesson.game, lang });
  const widget = new LessonWidget(root, lesson, { onResize, next });
  const back = h("a.lesson-back", { href: pageUrl({ learn: lesson.game, lang }) }, t("lesson.all"));
  root.querySelector("section.rw").prepend(back);
  return widget;
}

/** A lesson file from outside (the editor's compact code): the shape the player needs; the engine checks the rest. */
export function checkLesson(doc) {
  const ok = doc && typeof doc === "object" && typeof doc.id === "string" && ID.test(doc.id)
    && typeof doc.game === "string" && GAME.test(doc.game) && doc.scenario && typeof doc.scenario === "object"
    && doc.target && typeof doc.target === "object" && Number.isInteger(doc.seat) && Number.isInteger(doc.par)
    && Array.isArray(doc.hints) && doc.hints.length > 0 && (doc.replies === undefined || Array.isArray(doc.replies));
  if (!ok) throw new SpecError(t("lesson.error.file"));
  return doc;
}

/** embed.html?l=<code>: a lesson carried in the address (made in the editor), not a file of this site. */
export async function showInlineLesson(root, code, { onResize }) {
  const lesson = checkLesson(await decodeSpec(code));
  return new LessonWidget(root, lesson, { onResize });
}

/** embed.html?learn=<game>: every lesson of the game, in order, with the stars earned on this device. */
export async function showList(root, game, { lang }) {
  if (!GAME.test(game)) throw new SpecError(t("widget.error.game", { game }));
  const index = await fetchJson("lessons/index.json");
  const list = index[game];
  if (!list) throw new SpecError(t("widget.error.game", { game }));
  const progress = readProgress().lessons;
  const items = list.map((item) => {
    const record = progress[item.id] || {};
    const stars = Number.isInteger(record.stars) ? record.stars : 0;
    const started = Number.isInteger(record.moves) && record.moves > 0; // the learner has moved (replies do not count)
    return h("li.lesson-item", { dataset: { id: item.id, stars: String(stars) } },
      h("a", { href: pageUrl({ lesson: item.id, lang }) }, pick(item.title, widgetLang())),
      " ", h("span.lesson-item-stars", { "aria-label": t("lesson.stars", { n: stars }) }, starText(stars)),
      started ? h("span.lesson-item-resume", " ", t("lesson.resume")) : null);
  });
  const named = RENDERERS[game]?.lessons?.title;
  const title = t("lesson.listTitle", { game: named ? t(named) : game });
  document.title = title;
  // Opened from our start page (not framed by another site): a way back to the games.
  const home = window.top === window ? h("a.lesson-back", { href: new URL("./", SITE_ROOT).href }, t("rules.home")) : null;
  root.replaceChildren(h("section.rw.lesson-list", { "aria-label": title }, home, h("h1.rw-title", title),
    h("p.rw-caption", t("lesson.listIntro")), h("ol.lesson-items", items),
    h("p", h("a", { href: rulesUrl(game, "", widgetLang()), target: outside() }, t("lesson.rules")))));
}
