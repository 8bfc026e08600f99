// Scenario widgets: one teaching position from a scenario file, stepped through (Previous/Next with the move log in
// words) or tried out (the reader acts for one seat and the engine gives the verdict). Used by the custom element
// <rules-scenario> (js/widgets/widget-element.js, same site) and by embed.html (any site, in an iframe).
// No rule lives here: the engine (api ops scenario, table, check, act) decides everything; the board is drawn by the
// app's renderer for the game (js/games/<game>.js). The engine starts lazily and is shared by every widget of a page.
import { Engine } from "../worker/engine.js";
import { RENDERERS } from "../games/index.js";
import { canon, h } from "../lib/util.js";
import { t, pick, widgetLang } from "./widget-strings.js";
import { logLines, refusalWords } from "../words/log-words.js";
import { whyLink } from "./rule-anchors.js";
import { getLang, setLang } from "../words/i18n.js";
import { SNAPSHOT_CACHE } from "../worker/pyodide-start.js";

/** The site root (where sw.js, embed.html and scenarios/ live): js/ is in app/<hash>/js/. */
export const SITE_ROOT = new URL("../../../../", import.meta.url);

let engine = null;
// paintedAt: when each widget drew its stored first table (performance.now(), for tools/measure_browser.py).
export const stats = { engineRequestedAt: null, engineReadyAt: null, engineMs: null, paintedAt: [] };

/** The page's one engine, created on first use (first view or first click of any widget). */
export function getEngine() {
  if (!engine) {
    stats.engineRequestedAt = performance.now();
    // One Python for every widget of the host page: frames of our origin on one page share a SharedWorker (a
    // dedicated worker where the browser has none).
    // `worker=dedicated` in the page's query is a measuring switch (tools/measure_widgets.py): one worker per frame.
    const shared = new URLSearchParams(location.search).get("worker") !== "dedicated";
    engine = new Engine(new URL("../worker/worker.js", import.meta.url), { shared });
    engine.ready.then(() => {
      stats.engineReadyAt = performance.now();
      stats.engineMs = Math.round(stats.engineReadyAt - stats.engineRequestedAt);
      stats.start = engine.start; // {path: "snapshot" | "normal" | "fallback", reason} (js/worker/pyodide-start.js)
      registerServiceWorker();
    }, () => {});
  }
  return engine;
}

/** Same service worker as the app (cache-first, same origin), so widgets work offline after one visit. */
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register(new URL("sw.js", SITE_ROOT), { scope: SITE_ROOT.pathname })
    .then(() => navigator.serviceWorker.ready)
    .then(() => { document.documentElement.dataset.offline = "ready"; })
    .catch(() => { document.documentElement.dataset.offline = "unavailable"; });
}

// ----- the scenario file (see docs/embedding.md) -----------------------------------------------------------------
export class SpecError extends Error {}

const MAX_STEPS = 200;

/** Check the shape of a scenario file; the engine checks the position itself. Returns a normalised copy. */
export function checkSpec(spec) {
  if (!spec || typeof spec !== "object" || Array.isArray(spec)) throw new SpecError(t("widget.error.notObject"));
  if (typeof spec.game !== "string" || !/^[a-z0-9_]{1,40}$/.test(spec.game)) {
    throw new SpecError(t("widget.error.game", { game: String(spec.game) }));
  }
  if (!spec.scenario || typeof spec.scenario !== "object" || Array.isArray(spec.scenario)) {
    throw new SpecError(t("widget.error.scenario"));
  }
  const seat = spec.seat === undefined ? 0 : spec.seat;
  if (!Number.isInteger(seat) || seat < 0 || seat > 9) throw new SpecError(t("widget.error.seat"));
  const steps = spec.steps === undefined ? [] : spec.steps;
  if (!Array.isArray(steps) || steps.length > MAX_STEPS) throw new SpecError(t("widget.error.steps"));
  for (const step of steps) {
    if (!step || typeof step !== "object" || Array.isArray(step)) throw new SpecError(t("widget.error.steps"));
  }
  return { ...spec, seat, steps, try: spec.try === true };
}

// ----- compact URL-safe encoding: "z" + base64url(deflate-raw(UTF-8 JSON)) ------------------------------------------
const MAX_DECODED = 256 * 1024;

function toBase64Url(bytes) {
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new SpecError(t("widget.error.code"));
  const b64 = text.replaceAll("-", "+").replaceAll("_", "/") + "===".slice((text.length + 3) % 4);
  const bin = atob(b64);
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

async function pump(stream, limit) {
  const reader = stream.getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) { reader.cancel(); throw new SpecError(t("widget.error.code")); }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

/** The compact code for a scenario file (used in embed.html?s=... and <rules-scenario code="...">). */
export async function encodeSpec(spec) {
  const raw = new TextEncoder().encode(JSON.stringify(spec));
  const stream = new Blob([raw]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return "z" + toBase64Url(await pump(stream, Infinity));
}

/** The compact code for a scenario or lesson file carrying `first`, the table its widget draws before Python starts
 * (the editor asked the engine for it); without it when the code would be too long for a widget to accept. */
export async function encodeWithFirst(spec, first) {
  const code = first ? await encodeSpec({ ...spec, first }) : "";
  if (code && code.length <= MAX_CODE) return code;
  const bare = { ...spec };
  delete bare.first;
  return encodeSpec(bare);
}

/** The longest compact code a widget accepts (characters). */
export const MAX_CODE = 20000;

/** Decode a compact code (at most 256 KB of JSON once inflated). */
export async function decodeSpec(code) {
  if (typeof code !== "string" || code[0] !== "z" || code.length > MAX_CODE) throw new SpecError(t("widget.error.code"));
  let bytes;
  try {
    const stream = new Blob([fromBase64Url(code.slice(1))]).stream()
      .pipeThrough(new DecompressionStream("deflate-raw"));
    bytes = await pump(stream, MAX_DECODED);
  } catch (err) {
    throw err instanceof SpecError ? err : new SpecError(t("widget.error.code"));
  }
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch (err) {
    throw new SpecError(t("widget.error.code"));
  }
}

/** Fetch a scenario file from our own site (a `src` relative to `base`); other origins are refused. */
export async function fetchSpec(src, base = location.href) {
  const url = new URL(src, base);
  if (url.origin !== SITE_ROOT.origin) throw new SpecError(t("widget.error.origin", { src }));
  const response = await fetch(url);
  if (!response.ok) throw new SpecError(t("widget.error.fetch", { src, status: response.status }));
  try {
    return await response.json();
  } catch (err) {
    throw new SpecError(t("widget.error.json", { src }));
  }
}

// ----- the widget -------------------------------------------------------------------------------------------------
const stepAction = (step) => (step.action && typeof step.action === "object" && !step.type ? step.action : step);

/**
 * Resolves once every stylesheet linked in the document has loaded or failed, or after `capMs`. The renderers add
 * their own sheets when their modules load (js/games/level8.js, topspot.js) and the widget element adds the widget's:
 * on a first visit those arrive after the board could be drawn, and a board drawn before its sheet shows bare cards
 * for a moment. So the entry points (widget-element.js, embed.js) wait for this before drawing; the cap keeps a sheet
 * that never answers from holding the board back for good.
 * @param {number} [capMs]
 * @returns {Promise<void>}
 */
export function stylesheetsReady(capMs = 3000) {
  const pending = [...document.querySelectorAll('link[rel="stylesheet"]')]
    .filter((/** @type {HTMLLinkElement} */ link) => !link.sheet);
  if (!pending.length) return Promise.resolve();
  const loaded = pending.map((link) => new Promise((done) => {
    link.addEventListener("load", done, { once: true });
    link.addEventListener("error", done, { once: true });
  }));
  return Promise.race([Promise.all(loaded).then(() => {}), new Promise((done) => setTimeout(done, capMs))]);
}

/**
 * Draws one scenario into `root`. Nothing runs before start() (called by the element / embed page on first view or
 * first click). `onResize` is called whenever the content may have changed size.
 */
export class ScenarioWidget {
  /** heading: the title's element, "h3" inside a page; a page of its own (embed.html) passes "h1". */
  constructor(root, spec, { lang = null, seat = null, onResize = () => {}, heading = "h3" } = {}) {
    this.spec = checkSpec(spec);
    this.heading = heading === "h1" ? "h1" : "h3";
    if (seat !== null) this.spec.seat = seat;
    this.lang = lang;
    // The move log is worded in the app's current language: make it the widget's (the host page's <html lang>,
    // which is already what the document says, so nothing on the host page changes).
    if (widgetLang() !== getLang()) setLang(widgetLang(), { remember: false });
    this.onResize = onResize;
    this.renderer = RENDERERS[this.spec.game] || null;
    this.seat = this.spec.seat;
    this.session = null;
    this.tables = []; // tables[k]: the viewer's table after k steps
    this.logs = []; // logs[k]: the move log (words) after k steps
    this.at = 0;
    this.busy = false;
    this.trying = false;
    this.selected = null;
    this.root = root;
    this._build();
    this.painted = this._paint();
  }

  /** Draw the table stored with the scenario file at build time (its `first`: tools/build_site.py), before any
   * engine exists; true when there was one for this seat. The engine's own table replaces it at ready. */
  _paint() {
    const first = this.spec.first;
    if (!first || typeof first !== "object" || first.seat !== this.seat || !first.table
      || typeof first.table !== "object" || !first.table.view) return false;
    try {
      this.tables[0] = first.table;
      this.logs[0] = this.lines(first.table);
      this.draw();
    } catch (err) {
      this.tables = [];
      this.logs = [];
      return false;
    }
    this.root.dataset.state = "painted";
    stats.paintedAt.push(performance.now());
    return true;
  }

  /** The number of seats, known from the scenario file before the engine is asked. */
  get players() {
    const n = Number(this.spec.scenario.players);
    return Number.isInteger(n) && n > 0 && n <= 10 ? n : 4;
  }

  get names() {
    const n = this.tables[0]?.view?.players || this.players;
    return Array.from({ length: n }, (_, i) => t("widget.player", { n: i + 1 }));
  }

  /** A table's log lines in the widget's language, worded from the events as the app words them (log-words.js). */
  lines(table) {
    return logLines(this.spec.game, table.log || [], this.names, table).filter(Boolean);
  }

  _build() {
    const title = pick(this.spec.title, this.lang);
    const caption = pick(this.spec.caption, this.lang);
    this.status = h("p.rw-status", { role: "status", "aria-live": "polite" }, t("widget.idle"));
    this.progress = h("progress.rw-progress", { max: 1, value: 0, "aria-hidden": "true" });
    this.board = h("div.board.rw-board", { "aria-live": "polite" });
    // The board's place is reserved before Python starts (its height from the game and the players), and the
    // loading status sits over it, so the widget does not change size when the engine gets ready.
    this.stage = h("div.rw-stage", { dataset: { game: this.spec.game, players: String(this.players) } },
      this.board, h("div.rw-overlay", this.status, this.progress, this.startBtn = h("button.btn.primary.rw-start",
        { type: "button", onclick: () => this.start() }, t("widget.start"))));
    this.stage.style.minHeight = `${reservedHeight(this.spec, this.players, this.root)}px`;
    this.counter = h("span.rw-counter");
    this.prevBtn = h("button.btn.rw-prev", { type: "button", onclick: () => this.back() }, t("widget.previous"));
    this.nextBtn = h("button.btn.primary.rw-next", { type: "button", onclick: () => this.forward() }, t("widget.next"));
    this.restartBtn = h("button.btn.ghost.rw-restart", { type: "button", onclick: () => this.restart() },
      t("widget.restart"));
    this.log = h("ol.rw-log", { "aria-label": t("widget.log") });
    this.verdict = h("p.rw-verdict", { role: "status", "aria-live": "polite" });
    this.actionInput = h("textarea.rw-action", { rows: 2, spellcheck: "false", "aria-label": t("widget.actionLabel"),
      placeholder: '{"type": "..."}' });
    this.tryBtn = h("button.btn.rw-try-json", { type: "button", onclick: () => this.tryJson() }, t("widget.tryJson"));
    this.resetBtn = h("button.btn.ghost.rw-reset", { type: "button", onclick: () => this.resetTry() },
      t("widget.reset"));
    this.buttons = h("div.rw-actions");
    this.tryBox = h("div.rw-try", { hidden: true },
      h("p.rw-try-intro", t("widget.tryIntro", { name: t("widget.player", { n: this.seat + 1 }) })),
      this.buttons,
      h("details.rw-json", h("summary", t("widget.typeAction")), this.actionInput, this.tryBtn),
      h("div.rw-try-buttons", this.resetBtn),
      this.verdict);
    this.controls = h("div.rw-controls", this.restartBtn, this.prevBtn, this.nextBtn, this.counter);
    this.board.addEventListener("click", (e) => this._boardClick(e));
    // Compact, one column: the table, the step controls, the explanation, the move log, the reader's try (last: its
    // place is kept, invisible, from the start when the file allows a try, so it appears without a jump).
    this.root.replaceChildren(h("section.rw", { "aria-label": title || t("widget.label") },
      title || this.heading === "h1" ? h(`${this.heading}.rw-title`, title || t("widget.label")) : null,
      this.stage, this.controls,
      caption ? h("p.rw-caption", caption) : null,
      h("details.rw-log-box", { open: true }, h("summary", t("widget.log")), this.log),
      this.tryBox));
    // What the ready widget will show is drawn now (disabled), so that nothing appears or vanishes at ready.
    this.controls.hidden = this.spec.steps.length === 0;
    this.counter.textContent = t("widget.step", { at: 0, of: this.spec.steps.length });
    for (const b of [this.prevBtn, this.nextBtn, this.restartBtn]) b.disabled = true;
    this.tryBox.hidden = !this.spec.try;
    this.tryBox.classList.toggle("waiting", this.spec.steps.length > 0);
    this.log.replaceChildren(h("li.rw-log-empty", t("widget.noMoves")));
    this.root.dataset.state = "idle";
  }

  _state(state, message, fraction = null) {
    this.root.dataset.state = state;
    this.status.textContent = message || "";
    this.status.hidden = !message;
    this.progress.hidden = fraction === null;
    if (fraction !== null) this.progress.value = fraction;
    const shown = !!this.session || (this.painted && state !== "failed");
    this.stage.classList.toggle("covered", !shown || (state !== "ready" && !this.painted));
    this.stage.classList.toggle("note", shown && !this.stage.classList.contains("covered") && !!message);
    this.onResize();
  }

  /** Start the engine (if needed) and set up the position. Safe to call more than once. */
  start() {
    if (!this._started) this._started = this._start();
    return this._started;
  }

  async _start() {
    this.startBtn.hidden = true;
    const eng = getEngine();
    eng.onStatus((s) => {
      if (this.root.dataset.state !== "ready" && s.stage !== "ready" && s.stage !== "failed") {
        this._state("loading", s.key ? t(s.key, s.params || {}) : s.label, s.fraction ?? 0); // the page's language
      }
    });
    this._state("loading", t("widget.loading"), 0.02);
    // A restarted engine (its worker died or hung) has none of the old sessions: the next step, check or try sets
    // the position up again from the scenario file (_goto), so the widget goes on where the reader was.
    eng.onRestart(() => {
      this._sessionAt = null; // no step stands in the new engine
      this._lost = true; // and the old session is not there to drop
    });
    try {
      await eng.ready;
      const answer = await eng.request("scenario", { game: this.spec.game, scenario: this.spec.scenario,
        seat: this.seat });
      this.session = answer.session;
      this.tables[0] = answer.table;
      this.logs[0] = this.lines(answer.table);
      this.at = 0;
      this._sessionAt = 0;
      this._state("ready", "");
      this.draw();
    } catch (err) {
      this._state("failed", t("widget.failed", { message: err.message }));
    }
  }

  get table() { return this.tables[this.at]; }

  get atEnd() { return this.at >= this.spec.steps.length; }

  draw() {
    const table = this.table;
    const steps = this.spec.steps.length;
    this.controls.hidden = steps === 0;
    this.counter.textContent = t("widget.step", { at: this.at, of: steps });
    this.prevBtn.disabled = this.busy || this.at === 0;
    this.nextBtn.disabled = this.busy || this.atEnd;
    this.restartBtn.disabled = this.busy || this.at === 0;
    this.root.dataset.step = String(this.at);
    const canTry = this.spec.try && this.atEnd && !table.over && table.current_player === this.seat;
    this.tryBox.hidden = !this.spec.try;
    this.tryBox.classList.toggle("waiting", !canTry);
    this.tryBox.inert = !canTry;
    this.trying = canTry;
    this._drawBoard(table, canTry);
    this.log.replaceChildren(...this.logs[this.at].map((line) => h("li", line)));
    if (!this.logs[this.at].length) this.log.append(h("li.rw-log-empty", t("widget.noMoves")));
    if (canTry) this._drawButtons(table);
    this.onResize();
  }

  _drawBoard(table, live) {
    if (!this.renderer) {
      this.board.replaceChildren(h("pre.rw-view", JSON.stringify(table.view, null, 1)));
      return;
    }
    // Seats: the reader's seat is a person while they may act; every other seat (and every seat of a scripted
    // replay) is "replay": nobody thinks there, so no renderer shows a "thinking" line.
    const seats = this.names.map((name, i) => ({ kind: live && i === this.seat ? "human" : "replay", name }));
    // The same hooks the app's table gives a renderer (web/js/app/table.js): play an action built on the page (Level 8's
    // lay-out, Top Spot's stack), ask the engine's verdict without changing anything, and redraw page-only state.
    const ui = { names: this.names, viewer: this.seat, seats, width: this.board.clientWidth,
      redraw: () => this._drawBoard(table, live) };
    if (live) {
      ui.act = (action) => this.attempt(action);
      ui.check = (action) => this._check(action);
    }
    this.board.replaceChildren(this.renderer.render(table, ui));
    if (!live) for (const el of this.board.querySelectorAll("button")) el.tabIndex = -1;
    const step = this.spec.steps[this.at];
    if (step && !live) {
      try {
        const keys = this.renderer.keys(stepAction(step), table.current_player, table);
        for (const el of this.board.querySelectorAll("[data-key]")) {
          el.classList.toggle("hinted-static", el.dataset.key === keys.source || el.dataset.key === keys.target);
        }
      } catch (err) { /* a step the renderer cannot point at is still played */ }
    }
    this._decorate();
  }

  _drawButtons(table) {
    // Actions with no source or target on the board (e.g. "end turn") are buttons, as on the app's table.
    const buttons = [];
    if (this.renderer) {
      const seen = new Set();
      for (const action of table.legal) {
        const keys = this.renderer.keys(action, this.seat, table);
        if (keys.button && !seen.has(keys.button)) {
          seen.add(keys.button);
          buttons.push(h("button.btn.rw-action-btn", { type: "button", onclick: () => this.attempt(action) },
            keys.button));
        }
      }
    }
    this.buttons.replaceChildren(...buttons);
  }

  async forward() {
    if (!this.session && this.painted) await this.start(); // a Next before the engine was ready
    if (this.busy || this.atEnd || !this.session) return;
    if (this.tables[this.at + 1]) { this.at += 1; this.draw(); return; }
    this.busy = true;
    this.nextBtn.disabled = true;
    const eng = getEngine();
    try {
      const table = this.table;
      // The scripted sequence is re-played from the position of this step (a fresh session), so Previous then Next
      // after trying a move still shows the script.
      await this._goto(this.at);
      const mover = table.current_player;
      await eng.request("act", { session: this.session, action: stepAction(this.spec.steps[this.at]), seat: mover });
      const answer = await eng.request("table", { session: this.session, seat: this.seat });
      this.tables[this.at + 1] = answer.table;
      this._sessionAt = this.at + 1;
      this.logs[this.at + 1] = this.lines(answer.table);
      this.at += 1;
      this.busy = false;
      if (!this.status.hidden) this._state("ready", ""); // an earlier step's failure note goes
      this.draw();
    } catch (err) {
      this.busy = false;
      this.draw();
      this._state("ready", err.code === "engine_restarted" ? t("widget.engineRestarted")
        : t("widget.stepFailed", { n: this.at + 1, message: err.message }));
    }
  }

  back() {
    if (this.busy || this.at === 0) return;
    this.at -= 1;
    this.verdict.textContent = "";
    this.draw();
  }

  restart() {
    if (this.busy) return;
    this.at = 0;
    this.verdict.textContent = "";
    this.draw();
  }

  /** Make the engine session stand at step k: a fresh session at the scenario, with the first k steps played
   * again (saves stay in the worker, so a step's position is rebuilt, not loaded). */
  async _goto(k) {
    await this.start(); // a try on a painted board may come before the engine is ready
    const eng = getEngine();
    if (this._sessionAt === k) return;
    const answer = await eng.request("scenario", { game: this.spec.game, scenario: this.spec.scenario,
      seat: this.seat });
    for (let j = 0; j < k; j++) {
      await eng.request("act", { session: answer.session, action: stepAction(this.spec.steps[j]),
        seat: this.tables[j].current_player });
    }
    if (!this._lost) eng.request("drop", { session: this.session }).catch(() => {});
    this._lost = false;
    this.session = answer.session;
    this._sessionAt = k;
  }

  // ----- try mode: the reader acts for this.seat; the engine gives the verdict --------------------------------------
  _boardClick(event) {
    if (!this.trying || this.busy || !this.renderer) return;
    const el = event.target.closest("[data-key]");
    if (!el || !this.board.contains(el)) { this.selected = null; this._decorate(); return; }
    const key = el.dataset.key;
    if (this.selected && "drop" in el.dataset && key !== this.selected) {
      // Page-only gestures first (e.g. a card into a part of Level 8's lay-out), exactly as the app's table does.
      if (this.renderer.gesture?.(this.table, this.selected, key)) {
        this.selected = null;
        this._drawBoard(this.table, true);
        return;
      }
      const action = this.renderer.actionFor(this.table, this.selected, key);
      if (action) { this.selected = null; this._decorate(); this.attempt(action); return; }
    }
    this.selected = "pick" in el.dataset && this.selected !== key ? key : null;
    this._decorate();
  }

  /** The engine's verdict on an action at this position, changing nothing ({legal, message}). */
  async _check(action) {
    await this._goto(this.at);
    return getEngine().request("check", { session: this.session, action, seat: this.seat });
  }

  _decorate() {
    for (const el of this.board.querySelectorAll("[data-key]")) {
      el.classList.toggle("selected", !!this.selected && el.dataset.key === this.selected);
    }
  }

  tryJson() {
    delete this.root.dataset.verdict;
    let action;
    try {
      action = JSON.parse(this.actionInput.value);
    } catch (err) {
      this._verdict("illegal", t("widget.illegal", { message: t("widget.badJson") }));
      return;
    }
    this.attempt(action);
  }

  /** Ask the engine: check first (nothing changes), and when legal play it and show what happened. */
  async attempt(action) {
    if (this.busy || !this.trying) return;
    this.busy = true;
    this.verdict.textContent = "";
    delete this.root.dataset.verdict; // a new question: the old answer goes
    const eng = getEngine();
    try {
      await this._goto(this.at);
      const check = await eng.request("check", { session: this.session, action, seat: this.seat });
      if (!check.legal) {
        const words = refusalWords(check, { game: this.spec.game, names: this.names, lang: widgetLang() });
        this._verdict("illegal", t("widget.illegal", { message: words.text }));
        if (check.reason) this.verdict.append(" ", whyLink(this.spec.game, check.reason, widgetLang()));
        return;
      }
      const answer = await eng.request("act", { session: this.session, action, seat: this.seat });
      this._sessionAt = null; // the session moved past the script
      const tried = this.lines(answer.table); // the lines of the reader's own move and what it caused
      const said = tried.join(" ");
      this.tryTable = answer.table;
      this._drawBoard(answer.table, false);
      this.log.replaceChildren(...[...this.logs[this.at], ...tried].map((line) => h("li", line)));
      this.buttons.replaceChildren();
      this._verdict("legal", t("widget.legal", { message: said || canon(action) }));
    } catch (err) {
      if (err.code === "engine_restarted") this._verdict("error", t("widget.engineRestarted"));
      else this._verdict("illegal", t("widget.illegal", { message: err.message }));
    } finally {
      this.busy = false;
    }
  }

  _verdict(kind, text) {
    this.verdict.dataset.kind = kind;
    this.verdict.textContent = text;
    this.root.dataset.verdict = kind;
    this.onResize();
  }

  /** Back to the position before the reader's move. */
  resetTry() {
    if (this.busy) return;
    this.tryTable = null;
    this.verdict.textContent = "";
    delete this.root.dataset.verdict;
    this.draw();
  }

  destroy() {
    if (this.session && engine) engine.request("drop", { session: this.session }).catch(() => {});
    this.session = null;
  }
}

/** Whether this browser holds Python's memory snapshot (a return visit): the engine then starts in about a second
 * from files it already has, so a painted widget may start it at once instead of waiting for the reader. */
export async function engineCached() {
  try {
    return typeof caches !== "undefined" && (await (await caches.open(SNAPSHOT_CACHE)).keys()).length > 0;
  } catch (err) {
    return false;
  }
}

/** A widget whose first table is painted (ScenarioWidget.painted) starts its engine at the reader's first
 * interaction with it (pointer, keyboard, focus), or when it comes into view if the engine is cached; so a rules
 * page paints every board at once and downloads no engine until someone uses one (docs/embedding.md). */
export function startOnInteraction(el, widget) {
  const events = ["pointerdown", "pointerenter", "keydown", "focusin"];
  const go = () => {
    for (const name of events) el.removeEventListener(name, go);
    widget.start();
  };
  for (const name of events) el.addEventListener(name, go);
  engineCached().then((cached) => { if (cached && !widget._started) startWhenVisible(el, { start: go }); });
}

/** Start `widget` when `el` first comes into view (lazy engine start); a click on Start also starts it. */
export function startWhenVisible(el, widget) {
  if (!("IntersectionObserver" in window)) { widget.start(); return; }
  const io = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) { io.disconnect(); widget.start(); }
  }, { rootMargin: "200px" });
  io.observe(el);
}

// ----- reserved height ---------------------------------------------------------------------------------------------
// The board's height at ready, per game and number of players (index = players), measured in Chromium with the
// shipped scenarios at two frame widths (wide >= 640 px: 900; narrow: 420) and estimated for the player counts no
// shipped scenario has (docs/embedding.md, "No jumping"), kept with each game's renderer (its `reserve`). `live`:
// the reader acts at once (try, no scripted steps), so the game's move builder is drawn too (Level 8's lay-out
// builder). The board never gets smaller than this (min-height): a board that turns out shorter leaves the space
// instead of making the page jump. A game whose layout changes at other board widths says where (`wideFrom`: the
// least width of its "wide" row, 640 if not given) and may add a "mid" row, used from `midFrom` up to `wideFrom`
// (Level 8: stacked with full-size cards between its narrow and wide layouts).
/** The board height to reserve for a scenario file in `root`'s width (a middling guess for other games). */
export function reservedHeight(spec, players, root) {
  const width = root?.clientWidth || document.documentElement.clientWidth || 800;
  const live = spec.try === true && spec.steps.length === 0;
  const reserve = RENDERERS[spec.game]?.reserve;
  const table = (live && reserve?.live) || reserve;
  const wideFrom = reserve?.wideFrom ?? 640;
  const band = width >= wideFrom ? "wide" : table?.mid && width >= (reserve?.midFrom ?? wideFrom) ? "mid" : "narrow";
  const row = table?.[band];
  if (!row) return 320;
  return row[Math.min(Math.max(players, 2), row.length - 1)];
}
