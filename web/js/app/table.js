// The generic table: draws a game's view through its renderer, turns clicks, drags and keys into the actions the
// engine listed as legal, asks the engine why anything else is refused, runs bots in the worker with animations,
// handles hot-seat hand-overs, undo, hints, the move log and saving. It knows no rule of any game.
import { canon, h, nameFromContent, sleep, toast } from "../lib/util.js";
import { saveGame } from "../storage/store.js";
import { t } from "../words/i18n.js";
import { logLines, refusalWords } from "../words/log-words.js";
import { whyLink } from "../widgets/rule-anchors.js";
import { Coach } from "./coach.js";

/** How long a bot may think before the table says so (ms); `<html data-think-delay>` overrides it (tests). */
export const THINKING_DELAY_MS = 250;
export const SPEEDS = { slow: 1100, normal: 650, fast: 300, instant: 0 };
/** The tightest a fanned pile closes up to keep the hand on screen (card widths for the whole fan; CSS: 2.1). */
const FAN_ROOM_MIN = 0.9;

export class TableController {
  /**
   * engine: Engine; renderer: a games/<game>.js module; root: element to draw into;
   * setup: {game, title, players, seats: [{kind, level, name}], options, seed}; session/table from new|load;
   * hooks: {onOver(controller), onLeave(), settings, saveSettings}.
   */
  constructor({ engine, renderer, root, setup, session, seed, viewer, hooks }) {
    this.engine = engine;
    this.renderer = renderer;
    this.root = root;
    this.setup = setup;
    this.session = session;
    this.seed = seed;
    this.viewer = viewer;
    this.hooks = hooks;
    this.log = [];
    this.selected = null;
    this.busy = false;
    this.skipping = false;
    this.alive = true;
    this.hint = null;
    this.undoFailedAt = null; // the table on which an undo failed: Undo stays off until the next table
    this.botTimes = []; // ms the bot thought in Python (worker), per move
    this.botRoundTrips = []; // ms from the page's request to the answer, per move
    this.names = setup.seats.map((s, i) => s.name || defaultName(setup.seats, i));
    this._build();
    this.coach = new Coach(this); // one-line rule tips the first time a situation arises (js/app/coach.js)
  }

  // ----- layout ---------------------------------------------------------------------------------------------
  _build() {
    const speed = this.hooks.settings.speed || "normal";
    this.speedSelect = h("select#speed", { "aria-label": t("table.speed_label"), onchange: () => {
      this.hooks.saveSettings({ ...this.hooks.settings, speed: this.speedSelect.value });
    } }, Object.keys(SPEEDS).map((k) => h("option", { value: k, selected: k === speed }, capital(speedWord(k)))));
    this.hintButton = h("button.btn#hint", { type: "button", onclick: () => this.showHint(),
      "aria-keyshortcuts": "H", title: t("table.hint_title") }, t("table.hint"));
    this.undoButton = h("button.btn#undo", { type: "button", onclick: () => this.undo(),
      "aria-keyshortcuts": "U", title: t("table.undo_title") }, t("table.undo"));
    // On a phone only the arrows show (the word is the button's accessible name), so the dock stays one row.
    const skipWord = t("table.skip").replace(/\s*▸▸\s*$/, "");
    this.skipButton = h("button.btn#skip", { type: "button", onclick: () => this.skip(),
      title: t("table.skip_title"), "aria-label": skipWord }, h("span.skip-word", skipWord), " ▸▸");
    // Shown, not spoken: the one polite live region below (#announce) says each move once (say, draw).
    this.turnLabel = h("p.turn#turn");
    this.status = h("p.status#status");
    this.lastLine = h("p.last-line#last-line", { "aria-hidden": "true" }); // the log's newest line (read by #log)
    this.actionBar = h("div.action-bar#action-bar", { hidden: true });
    this.board = h("div.board#board", { "aria-label": t("table.board_label", { game: this.setup.title }) });
    this.logList = h("ol.log#log", { "aria-label": t("table.log"), tabindex: "-1" });
    this.seedLabel = h("span.seed#seed", { title: t("table.seed_title") }, t("table.seed", { seed: this.seed }));
    this.logButton = h("button.btn.ghost#log-toggle", { type: "button", "aria-controls": "side-log",
      "aria-expanded": "false", onclick: () => this.toggleLog() }, t("table.log"));
    // Every move in words for screen readers, once (the move's log lines, then whose turn it is when that is the
    // reader's), and a shortcut past the page to the hand.
    this.announcer = h("p.sr-only#announce", { "aria-live": "polite" });
    const skipLink = h("a.skip-link#skip-to-hand", { href: "#board", onclick: (e) => {
      e.preventDefault();
      this.focusHand();
    } }, t("table.skip_to_hand"));
    const head = h("div.table-head", skipLink,
      h("div.table-title", h("h1", this.setup.title), this.seedLabel),
      h("button.btn.ghost#leave", { type: "button", onclick: () => this.hooks.onLeave() }, t("table.menu")));
    // The dock stays on screen (fixed to the bottom): whose turn, the last message and log line, every control.
    const dock = h("div.dock#dock",
      h("div.dock-text", this.turnLabel, this.status, this.lastLine),
      h("div.dock-buttons", this.actionBar,
        h("div.controls", this.hintButton, this.undoButton, this.skipButton,
          h("label.speed", h("span.speed-word", `${t("table.bots")} `), this.speedSelect), this.logButton)));
    this.side = h("aside.side#side-log", { tabindex: "0", "aria-label": t("table.log") }, h("div.side-head", h("h2", t("table.log")),
      h("button.btn.ghost.side-close", { type: "button", "aria-label": t("table.close_log"),
        onclick: () => this.toggleLog(false) }, "✕")), this.logList);
    this.root.replaceChildren(head, h("div.table-layout", h("div.board-wrap", this.board), this.side), dock,
      this.announcer);
    // The page keeps room for the dock below the board (its height changes with the width and the language).
    this._dockObserver?.disconnect();
    this._dockObserver = new ResizeObserver(() => {
      document.documentElement.style.setProperty("--dock-h", `${dock.offsetHeight}px`);
      this.fitBoard();
    });
    this._dockObserver.observe(dock);
    this.board.addEventListener("click", (e) => this._click(e));
    this.board.addEventListener("focusin", (e) => {
      const card = /** @type {HTMLElement} */ (e.target).closest?.(HAND_CARDS);
      if (!card) return;
      this._handKey = handCardKey(card);
      this._rovingHand();
    });
    this.board.addEventListener("pointerdown", (e) => this._pointerDown(e));
    this._keys = (e) => this._key(e);
    document.addEventListener("keydown", this._keys);
  }

  /** Show or hide the full move log (a drawer on narrow screens; always shown beside the board on wide ones). */
  toggleLog(open = !this.root.classList.contains("log-open")) {
    this.root.classList.toggle("log-open", open);
    this.logButton.setAttribute("aria-expanded", String(open));
    if (open) this.logList.focus();
    else this.logButton.focus();
  }

  /** Redraw everything in the newly chosen language (the names chosen at the start stay as they are). */
  relabel() {
    document.removeEventListener("keydown", this._keys);
    const speed = this.speedSelect.value;
    this._build();
    this.speedSelect.value = speed;
    if (this.passingTo !== null && this.passingTo !== undefined) this.handOver(this.passingTo);
    else if (this.table) this.draw();
  }

  destroy() {
    this.alive = false;
    this._dockObserver?.disconnect();
    // A card still flying (or kept where it landed until the next draw) lives on <body>: it goes with the table.
    this._animation?.cancel();
    for (const ghost of document.querySelectorAll("body > .fly-ghost, body > .drag-ghost")) ghost.remove();
    document.removeEventListener("keydown", this._keys);
    this.engine.request("drop", { session: this.session }).catch(() => {});
  }

  // ----- state ----------------------------------------------------------------------------------------------
  get myTurn() {
    const t = this.table;
    return t && !t.over && t.current_player === this.viewer && this.setup.seats[this.viewer].kind === "human";
  }

  pace() {
    return this.skipping ? 0 : SPEEDS[this.speedSelect.value] ?? SPEEDS.normal;
  }

  /**
   * Take a new table from the engine; replaceLog when it carries the whole log (load, seat change). An answer
   * carries only the log lines since the request (undo: none, and log_length says where the log now ends).
   * The engine's save stays in the worker; the page records only the setup and whose table is showing.
   */
  update(table, replaceLog = false) {
    this.table = table;
    if (replaceLog) this.log = table.log.slice();
    else this.log = this.log.filter((e) => !(e.seq >= table.log_length - table.log.length)).concat(table.log);
    // after a move the focus goes back to the hand when it is the player's turn again (see draw)
    this._focusHandNext = !replaceLog && table.log.length > 0;
    this.selected = null;
    this.hint = null;
    const saved = this.remember();
    if (!saved && !this._warnedSave) {
      this._warnedSave = true;
      toast("This browser refused to store the game, so it will not survive a reload.", "error", 8000);
    }
    this.draw();
    this.hooks.onUpdate?.(this); // a table with guests sends them the news (js/net/host.js)
    this.coach.look(table);
  }

  /** The page's record of the game in progress (no cards: the worker keeps the save). */
  remember() {
    if (this.hooks.remember) return this.hooks.remember(this); // a guest's table keeps no record (js/net/guest.js)
    return saveGame({ setup: this.setup, viewer: this.passingTo ?? this.viewer, seed: this.seed });
  }

  /** Put the keyboard focus on the hand: the first card that may be played, else the first hand card. */
  focusHand() {
    const target = this.board.querySelector(".can-pick") ||
      this.board.querySelector('[data-key^="hand"] button, button[data-key^="hand"], .ts-hand-card:not([disabled])') ||
      this.board.querySelector("button:not([disabled])");
    target?.focus();
    return !!target;
  }

  draw() {
    const t = this.table;
    if (!t) return;
    // Keep the focus where the player is: the same card or pile after the redraw, else (it was on the board or
    // nowhere) the hand when it is the player's turn, so a keyboard player never starts again from the top.
    const active = document.activeElement;
    const onBoard = active && this.board.contains(active);
    const focusKey = onBoard ? /** @type {HTMLElement | null} */ (active.closest("[data-key]"))?.dataset.key : null;
    const focusIndex = onBoard ? [...this.board.querySelectorAll("button")].indexOf(active) : -1;
    const lost = !active || active === document.body || onBoard;
    this.moves = t.legal.map((action) => ({ action, ...this.renderer.keys(action, t.current_player, t) }));
    this._drawnTable = t; // run() and botMove() draw again only for a table not drawn yet
    this.board.replaceChildren(this.renderer.render(t, { names: this.names, viewer: this.viewer,
      seats: this.setup.seats, width: this.board.clientWidth, act: (action, el) => this.act(action, el), check: (action) => this.check(action),
      redraw: () => this.draw() }));
    nameFromContent(this.board);
    this.board.dataset.current = String(t.current_player);
    this.board.dataset.over = String(t.over);
    this.decorate();
    this._drawActions();
    const fresh = this._drawLog();
    this.fitBoard();
    const cur = t.current_player;
    this.turnLabel.textContent = t.over ? tr("result.game_over") :
      this.myTurn ? tr("table.your_turn", { name: this.names[cur] }) : tr("table.playing", { name: this.names[cur] });
    // One announcement per move: its log lines, and "your turn" when the move hands the turn to the reader.
    const turnCame = this.myTurn && this._drawnTurn !== cur;
    this._drawnTurn = cur;
    if (fresh.length) this.announce(fresh.slice(-4).join(" ") + (turnCame ? ` ${this.turnLabel.textContent}.` : ""));
    this.turnLabel.dataset.mine = String(this.myTurn);
    this.undoButton.disabled = !(t.undoable && this.myTurn) || this.busy || this.undoFailedAt === t;
    this.hintButton.disabled = !this.myTurn || this.busy;
    this.skipButton.hidden = !this.setup.seats.some((s) => s.kind === "bot") || t.over;
    if (lost && !document.querySelector("dialog[open]")) {
      const same = focusKey && [...this.board.querySelectorAll("[data-key]")].find((el) => el.dataset.key === focusKey &&
        el.matches("button:not([disabled])"));
      const buttons = this.board.querySelectorAll("button:not([disabled])");
      if (same) same.focus({ preventScroll: true });
      else if (this.myTurn && onBoard && focusIndex >= 0 && buttons[Math.min(focusIndex, buttons.length - 1)]) {
        buttons[Math.min(focusIndex, buttons.length - 1)].focus({ preventScroll: true });
      } else if (this.myTurn && this._focusHandNext) this.focusHand();
    }
    this._focusHandNext = false;
  }

  /**
   * Draw the table unless it is drawn already; then only what `busy` changes (the hint and undo buttons). The flow
   * of turns used to draw the same table two or three times per move, each a whole board and log on the main thread.
   */
  drawIfNew() {
    if (this._drawnTable !== this.table) { this.draw(); return; }
    const t = this.table;
    this.undoButton.disabled = !(t.undoable && this.myTurn) || this.busy || this.undoFailedAt === t;
    this.hintButton.disabled = !this.myTurn || this.busy;
  }

  /**
   * Keep the table above the dock as piles grow: when the page is taller than the window, fanned piles close up
   * (the CSS variable --fan-room, the most a fan may spread, in card widths) step by step until the page fits or
   * the fans are as tight as they may be. Every card stays listed in its pile's name, and the top card is whole.
   */
  fitBoard() {
    const board = this.board;
    if (!board.isConnected) return;
    board.style.removeProperty("--fan-room");
    if (!board.querySelector(".fan")) return;
    const over = () => document.documentElement.scrollHeight - window.innerHeight;
    for (let tenths = 18; over() > 0 && tenths >= FAN_ROOM_MIN * 10; tenths -= 3) {
      board.style.setProperty("--fan-room", String(tenths / 10));
    }
  }

  /** Mark what may be picked up and, for the picked source, where it may go (from the legal list only). */
  decorate() {
    const sources = new Set(this.myTurn ? this.moves.map((m) => m.source) : []);
    const targets = new Set(this.moves.filter((m) => m.source === this.selected).map((m) => m.target));
    for (const el of this.board.querySelectorAll("[data-key]")) {
      const key = el.dataset.key;
      el.classList.toggle("can-pick", sources.has(key) && "pick" in el.dataset);
      el.classList.toggle("selected", key === this.selected && "pick" in el.dataset);
      el.classList.toggle("can-drop", targets.has(key) && "drop" in el.dataset);
      el.classList.toggle("hinted", !!this.hint && (key === this.hint.source || key === this.hint.target));
      // aria-pressed only where it is allowed (buttons); a drop area such as a hand is a plain group
      if (("pick" in el.dataset || "drop" in el.dataset) && el.tagName === "BUTTON") {
        el.setAttribute("aria-pressed", String(key === this.selected));
      }
    }
    this.board.classList.toggle("picking", !!this.selected);
    this._rovingHand();
  }

  /** Actions without a source and target (e.g. "End turn") become plain buttons under the board. */
  _drawActions() {
    const buttons = this.myTurn ? this.moves.filter((m) => m.button).map((m) => h("button.btn.action",
      { type: "button", onclick: () => this.play(m.action) }, m.button)) : [];
    this.actionBar.replaceChildren(...buttons);
    this.actionBar.hidden = !buttons.length;
  }

  /**
   * Log lines worded in the reader's language from the events' fields (log-words.js). Only rows that changed are
   * touched: the rows already shown for the same events with the same words stay, new ones are appended (rebuilding
   * a long log on every draw cost the main thread up to a quarter of a second per move in a long game), and the
   * scroll to the newest line waits for the next frame, so no draw forces a layout of the whole page.
   * Returns the lines that are new since the last call (for the one announcement per move).
   */
  _drawLog() {
    const lines = logLines(this.setup.game, this.log, this.names, this.table);
    const list = this.logList;
    const shown = this._logShown;
    let same = 0;
    if (shown && list.children.length === shown.events.length) {
      const most = Math.min(shown.events.length, this.log.length);
      while (same < most && shown.events[same] === this.log[same] && shown.lines[same] === lines[same]) same++;
    }
    if (same === 0) list.replaceChildren();
    else while (list.children.length > same) list.lastElementChild.remove();
    const rows = this.log.slice(same).map((e, i) => h("li", { dataset: { type: e.type || "", seq: String(e.seq ?? "") } },
      lines[same + i]));
    if (rows.length) list.append(...rows);
    this._logShown = { events: this.log.slice(), lines };
    this.lastLine.textContent = lines.length ? lines[lines.length - 1] : "";
    const fresh = lines.slice(this._announced ?? lines.length);
    this._announced = lines.length;
    if (rows.length && !this._scrollQueued) {
      this._scrollQueued = true;
      requestAnimationFrame(() => {
        this._scrollQueued = false;
        this.side.scrollTop = this.side.scrollHeight;
        this.logList.lastElementChild?.scrollIntoView?.({ block: "nearest" });
      });
    }
    return fresh;
  }

  /** Say `text` to screen readers through the table's one polite live region. */
  announce(text) {
    if (text) this.announcer.textContent = text;
  }

  /**
   * Show a message under the turn line; `speak` also announces it (a pick, a hint, an undo, an error). Bot moves
   * and the "thinking" line are not spoken here (draw announces each move once); refusals are spoken by their toast.
   */
  say(message, kind = "info", detail = "", speak = kind !== "thinking") {
    if (speak) this.announce(message);
    this.why?.remove(); // a refusal's "Why?" link goes with its message
    this.status.textContent = message;
    this.status.dataset.kind = kind;
    if (detail) this.status.title = detail;
    else this.status.removeAttribute("title");
  }

  /** Show a refusal ({code, message} from the engine) in the reader's words; see refusalWords. */
  refuse(answer) {
    const { text, detail } = refusalWords(answer, { game: this.setup.game, names: this.names });
    this.say(text, "error", detail, false); // the toast (role="alert") speaks it
    // "Why?": the rules-page section of that rule, beside the status line (which keeps the reason's words alone)
    if (answer.reason) this.status.after(this.why = whyLink(this.setup.game, answer.reason));
    toast(text, "error");
  }

  // ----- input ----------------------------------------------------------------------------------------------
  _click(event) {
    if (this._suppressClick) { this._suppressClick = false; return; }
    const el = event.target.closest("[data-key]");
    if (!el || !this.board.contains(el)) { this.selected = null; this.decorate(); return; }
    this.activate(el);
  }

  activate(el) {
    if (this.busy) { toast(t("table.busy")); return; }
    if (!this.table || this.table.over) return;
    if (!this.myTurn) { toast(t("table.not_your_turn", { name: this.names[this.table.current_player] })); return; }
    const key = el.dataset.key;
    if (this.selected && "drop" in el.dataset && key !== this.selected) {
      // A renderer may keep page-only state (e.g. a combination being built) and handle a gesture itself.
      if (this.renderer.gesture?.(this.table, this.selected, key)) {
        this.selected = null;
        this.say("");
        this.draw();
        return;
      }
      const action = this.renderer.actionFor(this.table, this.selected, key);
      if (action) { this.attempt(action, el); return; }
    }
    if ("pick" in el.dataset) {
      this.selected = this.selected === key ? null : key;
      const label = el.getAttribute("aria-label") || el.dataset.label || key;
      this.say(this.selected ? t("table.picked", { label }) : "");
      this.decorate();
      return;
    }
    if ("drop" in el.dataset && this.selected) {
      // something is picked, but this place means nothing for it: say so and keep it picked for a place that lights up
      this.say(t("table.not_there"), "error");
      return;
    }
    if ("drop" in el.dataset) this.say(t("table.pick_first"));
    this.selected = null;
    this.decorate();
  }

  async attempt(action, el) {
    const legal = this.table.legal.find((a) => canon(a) === canon(action));
    if (legal) { await this.play(legal); return; }
    this.busy = true;
    try {
      const answer = await this.engine.request("check", { session: this.session, action, seat: this.viewer });
      if (answer.legal) { this.busy = false; await this.play(action); return; }
      this.refuse(answer);
      el.classList.remove("refused");
      void el.offsetWidth; // restart the shake animation
      el.classList.add("refused");
    } catch (err) {
      this.say(err.message, "error");
    } finally {
      this.busy = false;
    }
  }

  /** For renderers: play an action built on the page (legal list first, else the engine says why not). */
  async act(action, el = this.board) {
    if (this.busy || !this.myTurn) { toast(this.busy ? t("table.busy") :
      t("table.not_your_turn", { name: this.names[this.table.current_player] })); return; }
    await this.attempt(action, el);
  }

  /** For renderers: the engine's verdict on an action, without changing anything ({legal, message}). */
  check(action) {
    return this.engine.request("check", { session: this.session, action, seat: this.viewer });
  }

  async play(action) {
    this.busy = true;
    this.say("");
    try {
      const before = this.table;
      const answer = await this.engine.request("act", { session: this.session, action, seat: this.viewer });
      await this.finishGame(answer.table, before, this.renderer.keys(action, this.viewer, before));
      this.busy = false;
      this.update(answer.table);
      await this.run();
    } catch (err) {
      this.busy = false;
      this.refuse({ code: err.code, message: err.message, reason: err.reason, params: err.params });
      this.draw();
    }
  }

  _pointerDown(event) {
    const el = event.target.closest("[data-pick]");
    if (!el || event.button !== 0 || !this.myTurn || this.busy) return;
    const start = { x: event.clientX, y: event.clientY };
    let ghost = null;
    const move = (e) => {
      if (!ghost && Math.hypot(e.clientX - start.x, e.clientY - start.y) < 8) return;
      if (!ghost) {
        this.selected = el.dataset.key;
        this.decorate();
        const card = el.querySelector(".card:last-child") || el;
        const rect = card.getBoundingClientRect();
        ghost = card.cloneNode(true);
        ghost.classList.add("drag-ghost");
        ghost.style.width = `${rect.width}px`;
        ghost.style.height = `${rect.height}px`;
        document.body.append(ghost);
      }
      ghost.style.left = `${e.clientX - ghost.offsetWidth / 2}px`;
      ghost.style.top = `${e.clientY - ghost.offsetHeight / 2}px`;
    };
    const up = (e) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", up);
      if (!ghost) return;
      ghost.remove();
      this._suppressClick = true;
      setTimeout(() => { this._suppressClick = false; }, 0);
      const under = document.elementFromPoint(e.clientX, e.clientY);
      const target = under && /** @type {HTMLElement | null} */ (under.closest("[data-drop]"));
      if (target && this.board.contains(target) && target.dataset.key !== this.selected) this.activate(target);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", up);
  }

  _key(event) {
    if (event.target.closest("input, select, textarea, dialog") || event.ctrlKey || event.metaKey || event.altKey) {
      return;
    }
    if (ARROWS.includes(event.key) && this.board.contains(/** @type {Node} */ (event.target))) {
      if (this._arrow(event.key, /** @type {HTMLElement} */ (event.target))) event.preventDefault();
      return;
    }
    if (event.key === "Escape" && this.root.classList.contains("log-open")) this.toggleLog(false);
    else if (event.key === "Escape" && this.selected) {
      const picked = this.board.querySelector(".selected");
      this.selected = null;
      this.say("");
      this.decorate();
      /** @type {HTMLElement | null} */ (picked)?.focus();
    }
    else if (event.key === "l" || event.key === "L") this.toggleLog();
    else if (event.key === "h" || event.key === "H") this.showHint();
    else if (event.key === "u" || event.key === "U") this.undo();
  }

  /**
   * Arrow keys, as in desktop card games: with a card picked they walk the places it may go (Enter plays it
   * there); otherwise they walk the hand, or, from elsewhere on the board, what may be picked up. Home and End
   * jump to the first and last. Returns whether the key moved the focus.
   */
  _arrow(key, from) {
    const usable = (el) => el.matches("button:not([disabled])") && el.getClientRects().length > 0;
    let ring;
    if (this.selected) ring = [...this.board.querySelectorAll(".can-drop")].filter(usable);
    else if (from.closest(HAND_CARDS)) ring = this._handCards();
    else ring = [...this.board.querySelectorAll(".can-pick")].filter(usable);
    if (!ring.length) return false;
    const at = ring.findIndex((el) => el === from || el.contains(from));
    const forward = key === "ArrowRight" || key === "ArrowDown";
    let next;
    if (key === "Home") next = 0;
    else if (key === "End") next = ring.length - 1;
    else if (at < 0) next = forward ? 0 : ring.length - 1;
    else next = (at + (forward ? 1 : -1) + ring.length) % ring.length;
    ring[next].focus();
    return true;
  }

  /** The hand's cards that can take the focus, in the order shown. */
  _handCards() {
    return /** @type {HTMLElement[]} */ ([...this.board.querySelectorAll(HAND_CARDS)])
      .filter((el) => el.matches("button:not([disabled])") && el.getClientRects().length > 0);
  }

  /** The hand is one Tab stop (roving tabindex): the card last focused, else the first that may be played. */
  _rovingHand() {
    const cards = this._handCards();
    if (!cards.length) return;
    const keep = cards.find((el) => handCardKey(el) === this._handKey) ||
      cards.find((el) => el.classList.contains("can-pick") || el.classList.contains("fits")) || cards[0];
    for (const el of this.board.querySelectorAll(HAND_CARDS)) {
      /** @type {HTMLElement} */ (el).tabIndex = el === keep ? 0 : -1;
    }
  }

  // ----- hint and undo --------------------------------------------------------------------------------------
  async showHint() {
    if (!this.myTurn || this.busy) return;
    try {
      // "auto": the engine picks the game's strongest measured level (a short search where it helps)
      const answer = await this.engine.request("hint", { session: this.session, level: "auto", seat: this.viewer });
      this.hint = this.renderer.keys(answer.action, this.viewer, this.table);
      // a move built on the page (Top Spot's stack, Level 8's lay-out) is put into the renderer's builder
      if (this.renderer.buildHint?.(answer.action, this.table)) this.draw();
      this.selected = this.hint.source;
      this.decorate();
      const move = this.renderer.describe(answer.action, this.viewer, this.table, this.names, { hint: true });
      // the bot's own reason, a code with numbers the catalogue words ("hint.<code>")
      const reason = answer.reason ? t(`hint.${answer.reason.code}`, answer.reason.params || {}) : null;
      this.say(reason ? t("table.hint_reason", { move, reason }) : t("table.hint_text", { move }), "hint");
    } catch (err) {
      this.say(err.message, "error");
    }
  }

  async undo() {
    if (!this.myTurn || this.busy || !this.table.undoable || this.undoFailedAt === this.table) return;
    this.busy = true;
    try {
      const answer = await this.engine.request("undo", { session: this.session, seat: this.viewer });
      this.busy = false;
      this.update(answer.table);
      this.say(t("table.undone"));
    } catch (err) {
      // The engine kept the game as it was (undo_failed or any other refusal): say so in the player's words and
      // keep Undo off for this table; the next move brings a new table and a new chance to take back.
      this.busy = false;
      this.undoFailedAt = this.table;
      this.undoButton.disabled = true;
      this.say(t("table.undo_failed"), "error", err.message);
    }
  }

  skip() {
    this.skipping = true;
    this._animation?.finish();
  }

  // ----- the flow of turns ----------------------------------------------------------------------------------
  /** Play bots until a human must act (or the game ends); hand the device over between humans. */
  async run() {
    if (this._running) return;
    this._running = true;
    try {
      while (this.alive) {
        const t = this.table;
        if (t.over) { this.skipping = false; this.drawIfNew(); this.hooks.onOver(this); return; }
        const cur = t.current_player;
        const seat = this.setup.seats[cur];
        if (seat.kind === "bot") { await this.botMove(cur, seat.level); continue; }
        // a guest on another device (or, on a guest's screen, any other seat) plays there; a bot may stand in
        const standIn = seat.kind === "human" ? null : this.hooks.standIn?.(cur);
        if (standIn) { await this.botMove(cur, standIn); continue; }
        this.skipping = false;
        this.drawIfNew();
        if (cur !== this.viewer && seat.kind === "human") this.handOver(cur);
        return;
      }
    } finally {
      this._running = false;
    }
  }

  async botMove(seat, level) {
    const before = this.table;
    this.busy = true;
    this.drawIfNew();
    let answer;
    const asked = performance.now();
    // a bot that takes longer than a blink gets a visible "thinking" line (the worker keeps the page responsive)
    const delay = Number(document.documentElement.dataset.thinkDelay ?? THINKING_DELAY_MS);
    const thinking = setTimeout(() => {
      this.say(t("table.thinking", { name: this.names[seat] }), "thinking");
      this.root.classList.add("bot-thinking");
    }, delay);
    const stopThinking = () => { clearTimeout(thinking); this.root.classList.remove("bot-thinking"); };
    try {
      answer = await this.engine.request("bot", { session: this.session, level, seat: this.viewer });
      this.botRoundTrips.push(performance.now() - asked);
      stopThinking();
    } catch (err) {
      stopThinking();
      this.busy = false;
      this.say(t("table.bot_failed", { message: err.message }), "error");
      this.alive = false;
      return;
    }
    this.botTimes.push(answer.ms);
    if (!this.alive) return;
    const keys = this.renderer.keys(answer.action, seat, before);
    const said = `${this.names[seat]}: ${this.renderer.describe(answer.action, seat, before, this.names)}.`;
    if (!(await this.finishGame(answer.table, before, keys, said))) await this.animate(keys);
    this.busy = false;
    this.update(answer.table); // announces the move's log lines (draw)
    this.say(said, "info", "", false);
    const pause = this.pace() * 0.5;
    if (pause) await sleep(pause);
  }

  /**
   * A move that ends one game of a match (the engine deals the next game in the same answer): first the final play
   * stays on the table as it was (the played card laid on its target), with the log lines; then, when the player
   * asks, the game's summary; only then the next deal. Returns false (nothing done) for any other move.
   */
  async finishGame(next, before, keys, said = "") {
    const ended = next.log.find((e) => e.type === "game_end");
    if (!ended || next.over || !this.setup.seats.some((s) => s.kind === "human") || this.skipping) return false;
    const upTo = next.log.indexOf(ended);
    this.log.push(...next.log.slice(0, upTo + 1));
    this.announce(this._drawLog().slice(-4).join(" "));
    const ghost = await this.animate(keys, { keep: true });
    this.turnLabel.textContent = t("gameend.title", { n: ended.game_number });
    this.turnLabel.dataset.mine = "false";
    if (said) this.say(said, "info", "", false);
    this.root.classList.add("final-play");
    const button = h("button.btn.primary#final-continue", { type: "button" }, t("gameend.see_scores"));
    this.actionBar.replaceChildren(h("span.final-note", t("gameend.last_play")), button);
    this.actionBar.hidden = false;
    this.hintButton.disabled = this.undoButton.disabled = true;
    button.focus();
    await new Promise((resolve) => button.addEventListener("click", resolve, { once: true }));
    await this.hooks.onGameEnd(this, ended);
    ghost?.remove();
    this.root.classList.remove("final-play");
    this.log.splice(this.log.length - (upTo + 1), upTo + 1); // update() adds the whole answer's log again
    return true;
  }

  /** A card flies from the move's source to its target at the chosen pace (skippable). With `keep`, the card is
   * laid on the target even at instant speed and stays there; it is returned for the caller to remove. */
  async animate(keys, { keep = false } = {}) {
    const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    const ms = keep ? Math.max(reduced ? 1 : this.pace(), 1) : reduced ? 0 : this.pace();
    if (!ms || !keys) return null;
    const find = (key) => key && [...this.board.querySelectorAll("[data-key]")].find((el) => el.dataset.key === key);
    const from = find(keys.source);
    const to = find(keys.target);
    if (!from || !to) return null;
    // The card flies at a real card's size, even from a hidden hand shown as a small icon.
    const cardIn = (el) => [el.matches(".card, .ts-card") ? el : null, ...el.querySelectorAll(".card, .ts-card")]
      .filter(Boolean).map((c) => c.getBoundingClientRect()).filter((r) => r.width >= 24).pop() || null;
    const size = cardIn(from) || cardIn(to) || cardIn(this.board) || from.getBoundingClientRect();
    const centre = (r) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
    const a = centre(from.getBoundingClientRect());
    const b = centre((to.querySelector(".card:last-child, .ts-card:last-child") || to).getBoundingClientRect());
    // A card from a hand nobody else may see flies face down and turns face up where it lands.
    const hidden = keys.source?.startsWith("hand@") && keys.card !== null && keys.card !== undefined;
    const ghost = this.renderer.cardElement(hidden ? null : keys.card);
    const place = (el, x, y) => {
      el.classList.add("fly-ghost");
      el.style.left = `${x - size.width / 2}px`;
      el.style.top = `${y - size.height / 2}px`;
      el.style.width = `${size.width}px`;
      el.style.height = `${size.height}px`;
    };
    place(ghost, a.x, a.y);
    document.body.append(ghost);
    from.classList.add("moving-from");
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    this._animation = ghost.animate([
      { transform: "translate(0, 0) scale(1)" },
      { transform: `translate(${dx / 2}px, ${dy / 2 - 30}px) scale(1.12)`, offset: 0.5 },
      { transform: `translate(${dx}px, ${dy}px) scale(1)` },
    ], { duration: ms, easing: "ease-in-out", fill: "forwards" });
    try { await this._animation.finished; } catch (err) { /* cancelled */ }
    from.classList.remove("moving-from");
    this._animation = null;
    let shown = ghost;
    if (hidden) {
      shown = this.renderer.cardElement(keys.card);
      place(shown, b.x, b.y);
      ghost.replaceWith(shown);
      if (!keep && !this.skipping) await sleep(Math.min(ms * 0.4, 300));
    }
    if (keep) { shown.classList.add("final"); return shown; }
    shown.remove();
    return null;
  }


  /** Hot-seat: hide everything and wait for the next human to take the device. */
  handOver(seat) {
    // Nothing of the previous seat stays in the page: its table, legal moves and log lines are dropped here, and
    // the next seat's table is asked for only once that player has taken the device (takeOver).
    this.passingTo = seat;
    this.table = null;
    this._drawnTable = null; // drawIfNew's memory of the last table drawn holds the previous seat's hand too
    this.moves = [];
    this.log = [];
    this.selected = null;
    this.hint = null;
    this.remember();
    this.board.replaceChildren(h("div.pass-screen#pass-screen", { role: "dialog", "aria-modal": "true",
      "aria-labelledby": "pass-title" },
      h("h2#pass-title", t("table.pass_title", { name: this.names[seat] })),
      h("p", t("table.pass_text")),
      h("button.btn.primary#take-over", { type: "button", onclick: () => this.takeOver(seat) },
        t("table.take_over", { name: this.names[seat] }))));
    this.logList.replaceChildren();
    this._logShown = null;
    this.lastLine.textContent = "";
    this.turnLabel.textContent = t("table.waiting_for", { name: this.names[seat] });
    this.hintButton.disabled = this.undoButton.disabled = true;
    this.skipButton.hidden = true; // nothing to hurry along while the device changes hands
    this._announced = undefined; // the next player hears their own table from now on, not the last one's log
    this.board.querySelector("#take-over").focus();
  }

  async takeOver(seat) {
    const answer = await this.engine.request("table", { session: this.session, seat, since: 0 });
    if (!this.alive) return;
    this.viewer = seat;
    this.passingTo = null;
    this.update(answer.table, true);
    this.say(`${t("table.your_turn", { name: this.names[seat] })}.`);
  }
}

export function defaultName(seats, i) {
  return seats[i].kind === "bot" ? t("table.bot_name", { n: i + 1 }) : t("table.player_name", { n: i + 1 });
}

const tr = t; // draw() has a local `t` (the table)
const ARROWS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"];
/** The viewer's hand cards in every game's board (Top Spot's cards are built into a stack, not picked one by one). */
const HAND_CARDS = 'button[data-key^="hand:"], button.ts-hand-card';
const handCardKey = (el) => `${el.dataset.key || ""}#${el.dataset.index ?? ""}`;
const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);

function speedWord(k) {
  return { slow: t("speed.slow"), normal: t("speed.normal"), fast: t("speed.fast"), instant: t("speed.instant") }[k] || k;
}
