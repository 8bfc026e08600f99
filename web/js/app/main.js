// The app shell: draws at once while Python starts in the worker, then lists games, runs the new-game dialog,
// resumes a saved game, and shows results. Every rule question goes to the engine through Engine.request.
import { Engine, EngineError } from "../worker/engine.js";
import { openExample } from "../widgets/example.js";
import { RENDERERS } from "../games/index.js";
import { clearGame, GAME_SLOT, gameInProgress, markFinished, newGameId, readGame, readSettings, saveSettings }
  from "../storage/store.js";
import { defaultName, SPEEDS, TableController } from "./table.js";
import { h, toast } from "../lib/util.js";
import { gameArt, trophy } from "../lib/art.js";
import { readLink, readStats, recordGame, shareLink } from "./stats.js";
import { COACH_GAMES, coachOn, noteFinished, setCoach } from "./coach.js";
import { showTableSkeleton, skeletonProgress } from "./skeleton.js";
import { watchForUpdate } from "./update-check.js";
import { watchStorage } from "./storage-notice.js";
import { getLang, LANG_NAMES, LANGS, setLang, t } from "../words/i18n.js";

const app = document.getElementById("app");
const SEED_MAX = 64; // characters; the engine refuses longer seeds (docs/api.md)
const settings = readSettings();
const engine = new Engine(new URL("../worker/worker.js", import.meta.url));
window.__app = { engine, started: performance.now() };
let catalogue = null;
let controller = null;

// ----- engine status ------------------------------------------------------------------------------------------
const statusEl = document.getElementById("engine-status");
function drawStatus(s) {
  statusEl.dataset.state = s.stage;
  // The player's words: a short "ready" dot once the engine runs, a first-visit note while it starts.
  const label = s.stage === "ready" ? t("engine.ready") : s.key ? t(s.key, s.params || {}) : s.label;
  statusEl.querySelector(".engine-label").textContent = label;
  statusEl.title = s.stage === "ready" ? t("engine.ready_title") : s.stage === "failed" ? label : t("engine.first_visit");
  /** @type {HTMLProgressElement} */ (statusEl.querySelector(".engine-progress")).value = s.fraction;
  document.body.dataset.engine = s.stage === "ready" ? "ready" : s.stage === "failed" ? "failed" : "loading";
}
engine.onStatus(drawStatus);
watchStorage(engine); // too little storage for the start-up snapshot: said once
engine.ready.then(() => {
  window.__app.engineReadyAt = performance.now();
  registerServiceWorker();
}, () => {});
let warnedSave = false;
engine.onSaveFailed(() => {
  if (warnedSave) return;
  warnedSave = true;
  toast("This browser refused to store the game, so it will not survive a reload.", "error", 8000);
});
// A dead or hung worker is restarted by the engine; a game on the table continues from the worker's last save.
engine.onRestart(() => {
  toast(t("engine.restarted"), "error", 9000);
  if (controller) { controller.alive = false; controller = null; }
  if (document.body.dataset.screen === "play" && readGame()?.record) resumeSaved();
});

function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("./sw.js", { scope: "./" }).then(() => navigator.serviceWorker.ready)
    .then(() => { document.body.dataset.offline = "ready"; })
    .catch(() => { document.body.dataset.offline = "unavailable"; });
}

/** A banner: a new version of the app is installed; reloading starts it (a game in progress is saved). */
function offerUpdate() {
  if (document.getElementById("update-banner")) return;
  const banner = h("div.update-banner#update-banner", { role: "status" },
    h("span", t("update.ready")),
    h("button.btn.primary#update-reload", { type: "button", onclick: () => location.reload() }, t("update.reload")),
    h("button.btn.ghost", { type: "button", "aria-label": t("update.later_label"), onclick: () => banner.remove() },
      t("update.later")));
  document.body.append(banner);
}
window.__app.offerUpdate = offerUpdate;
// sw.js takes over at once when a new version is installed, at any time after this line: listen from the start.
watchForUpdate(offerUpdate);

// ----- games catalogue (the API's `games` answer, written at build time so it needs no Python) -----------------
async function loadCatalogue() {
  if (!catalogue) {
    const response = await fetch(new URL("../../games.json", import.meta.url));
    catalogue = (await response.json()).games;
  }
  return catalogue;
}

// ----- start page ---------------------------------------------------------------------------------------------
async function showHome() {
  if (controller) { controller.destroy(); controller = null; }
  if (location.hash) history.replaceState(null, "", location.pathname + location.search);
  document.body.dataset.screen = "home";
  const games = await loadCatalogue();
  const playing = gameInProgress(); // a finished game is history (listed below), not a game to continue
  const tiles = games.map((info) => gameTile(info, RENDERERS[info.name]));
  const resume = playing ? h("div.resume-banner",
    h("p", t("home.in_progress", { game: titleOf(playing.setup.game) })),
    h("button.btn.primary#resume", { type: "button", onclick: () => resumeSaved() }, t("home.continue")))
    : null;
  app.replaceChildren(h("section.home",
    h("div.hero", h("h1", t("home.title")), h("p", t("home.intro")),
      h("button.btn.ghost#join-table", { type: "button", onclick: () => joinTable("") }, t("net.join_title"))),
    resume,
    h("ul.game-list", { "aria-label": t("home.games") }, tiles),
    statsSection(games)));
}

// ----- statistics and history (stats.js; kept on this device only) ---------------------------------------------
function statsSection(games) {
  const data = readStats();
  if (!data.history.length) return null;
  const title = (name) => games.find((g) => g.name === name)?.title || name;
  const rows = [];
  for (const [game, levels] of Object.entries(data.totals)) {
    for (const [level, r] of Object.entries(levels)) {
      rows.push(h("tr", { dataset: { game, level } }, h("th", { scope: "row" }, title(game)), h("td", botLevelName(level)),
        h("td.played", r.played), h("td.won", r.won), h("td.streak", r.streak), h("td.best", r.best)));
    }
  }
  const history = data.history.map((entry) => h("li.history-entry", { dataset: { game: entry.game, seed: String(entry.seed) } },
    h("span.history-result", { dataset: { won: String(entry.won) } }, entry.won ? t("stats.won") : t("stats.lost")),
    h("span.history-game", title(entry.game)),
    h("span.history-what", describeSetup(entry)),
    h("span.history-when", new Date(entry.at).toLocaleDateString(getLang())),
    h("span.history-buttons",
      h("button.btn.ghost.replay-entry", { type: "button", onclick: (e) => replayDeal(entry, e.currentTarget),
        "aria-label": t("stats.again_label", { game: title(entry.game), seed: entry.seed }) }, t("stats.again")),
      h("button.btn.ghost.share-entry", { type: "button", onclick: () => shareDeal(entry) }, t("stats.share")))));
  return h("section.stats#stats", { "aria-labelledby": "stats-title" },
    h("h2#stats-title", t("stats.title")),
    h("p.help", t("stats.private")),
    h("div.stats-scroll", h("table.scores.stats-table",
      h("thead", h("tr", [t("stats.game"), t("stats.bots"), t("stats.played"), t("stats.won_n"), t("stats.streak"),
        t("stats.best")].map((x) => h("th", { scope: "col" }, x)))),
      h("tbody", rows))),
    h("h3", t("stats.history")),
    h("ol.history", history));
}

/** "3 players · bots normal · Level sheet: One star · deal 1234" for a history entry. */
function describeSetup(entry) {
  const renderer = RENDERERS[entry.game];
  const hints = renderer?.optionHints || {};
  const parts = [t("stats.players", { n: entry.players }), t("stats.against", { level: botLevelName(entry.level) })];
  for (const [name, value] of Object.entries(entry.options || {})) {
    const hint = hints[name] || {};
    if (hint.hidden || value === null || value === undefined) continue;
    const label = call(hint.short) || call(hint.label) || name; // a row names options briefly, not with their help
    const shown = typeof value === "boolean" ? (value ? t("stats.yes") : t("stats.no")) :
      hint.choices ? hint.choices(value) : String(value);
    parts.push(`${label}: ${shown}`);
  }
  parts.push(t("table.seed", { seed: entry.seed }));
  return parts.join(" · ");
}

/** Start the same deal again: same game, seats, options and seed. */
async function replayDeal(entry, button = null) {
  const info = (await loadCatalogue()).find((g) => g.name === entry.game);
  if (!info || !RENDERERS[entry.game]) { toast(t("stats.unknown_game"), "error"); return; }
  const seats = entry.seats.map((s) => ({ ...s }));
  seats.forEach((s, i) => { s.name = defaultName(seats, i); });
  const setup = { game: info.name, title: info.title, players: seats.length, seats, options: { ...entry.options },
    botLevels: info.bots };
  if (!(await mayReplace())) return;
  if (button) button.disabled = true;
  try {
    await startGame(setup, entry.seed);
  } catch (err) {
    toast(err.message, "error", 8000);
    if (button) button.disabled = false;
  }
}

async function shareDeal(entry) {
  const link = shareLink(entry);
  try {
    await navigator.clipboard.writeText(link);
    toast(t("stats.copied"));
  } catch (err) {
    toast(link, "info", 12000); // no clipboard here: show the link to copy by hand
  }
}

/** Renderer texts may be functions (read in the current language each time they are drawn) or plain values. */
function call(value) {
  return typeof value === "function" ? value() : value;
}

function titleOf(name) {
  return (catalogue || []).find((g) => g.name === name)?.title || name;
}

function gameTile(info, renderer) {
  const quick = renderer?.quick;
  const players = info.min_players ? t("home.players", { min: info.min_players, max: info.max_players }) : "";
  const minutes = quick ? t("home.minutes", { min: quick.minutes[0], max: quick.minutes[1] }) : "";
  const pitch = renderer?.pitch ? call(renderer.pitch) : info.summary || t("home.engine_in_progress");
  return h(`li.game-tile${renderer ? "" : ".coming"}`, { dataset: { game: info.name } },
    gameArt(renderer),
    h("div.tile-head", h("h2", info.title), renderer ? null : h("span.badge", t("home.coming"))),
    h("p.pitch", pitch),
    h("p.facts", players ? h("span.players", players) : null, minutes ? h("span.minutes", minutes) : null),
    renderer ? h("div.tile-buttons",
      h("button.btn.primary.big.play-now", { type: "button", onclick: (e) => quickPlay(info, e.currentTarget),
        "aria-label": t("home.play_label", { game: info.title }) }, t("home.play")),
      h("button.btn.ghost.new-game", { type: "button", onclick: () => newGameDialog(info),
        "aria-label": t("home.more_options_label", { game: info.title }) }, t("home.more_options")),
      renderer.example ? h("button.btn.ghost.example-open", { type: "button",
        onclick: () => openExample(engine, renderer, call(renderer.example)) }, call(renderer.example).label) : null) : null,
    h("a.rules-link", { href: `rules/${info.name}.${getLang()}.html` }, t("home.rules_link", { game: info.title })),
    h("a.learn-link", { href: `embed.html?learn=${info.name}&lang=${getLang()}` }, t("home.learn", { game: info.title })));
}

/** The big Play button: deal at once (a fresh deal) with the renderer's quick-start table (`quick`: the player
 * against normal bots at the game's usual size, one game), no dialog. */
async function quickPlay(info, button) {
  const quick = RENDERERS[info.name]?.quick || { players: info.min_players, options: {} };
  const levels = info.bots && info.bots.length ? info.bots : ["random"];
  const level = levels.includes("normal") ? "normal" : levels[levels.length - 1];
  /** @type {Array<{kind: string, level?: string, name?: string}>} */
  const seats = Array.from({ length: quick.players }, (_, i) => (i === 0 ? { kind: "human" } : { kind: "bot", level }));
  seats.forEach((s, i) => { s.name = defaultName(seats, i); });
  const setup = { game: info.name, title: info.title, players: seats.length, seats, options: { ...quick.options },
    botLevels: levels };
  if (!(await mayReplace())) return;
  const label = button.textContent;
  button.disabled = true;
  button.textContent = t("newgame.dealing");
  // Python still starting (a first visit): the table's skeleton shows at once, with the start-up line and the bytes
  // fetched so far, instead of a greyed button on the start page.
  const early = engine.state.stage !== "ready";
  if (early) showSkeleton(setup);
  try {
    await startGame(setup, null);
  } catch (err) {
    if (early) showHome();
    toast(err.message, "error", 8000);
    button.disabled = false;
    button.textContent = label;
  }
}

/** The table's skeleton for `setup` while Python starts, kept up to date with the engine's start-up status. */
function showSkeleton(setup) {
  const el = showTableSkeleton(app, setup);
  const draw = (s) => {
    if (!el.isConnected || s.stage === "ready") return false;
    const line = s.key ? t(s.key, s.params || {}) : s.label;
    const bytes = s.bytes && s.bytes.total ? t("engine.fetched", { done: megabytes(s.bytes.done),
      total: megabytes(s.bytes.total) }) : "";
    skeletonProgress(el, { line, done: s.bytes?.done ?? 0, total: s.bytes?.total ?? 0, bytes, fraction: s.fraction });
    return true;
  };
  draw(engine.state);
  const listener = (s) => { if (!draw(s)) engine.offStatus(listener); };
  engine.onStatus(listener);
}

/** Bytes as megabytes with one decimal, in the reader's number format. */
function megabytes(n) {
  return (n / 1e6).toLocaleString(getLang(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/**
 * Before a new game replaces the one in progress (this device keeps one: GAME_SLOT), ask, in the reader's words.
 * The check reads the stored record at the moment of the click, so a tab still showing an old start page learns of
 * a game another tab started since. Kept: the start page is drawn again, with that game's "Continue".
 * @returns {Promise<boolean>} whether the new game may start
 */
function mayReplace() {
  const playing = gameInProgress();
  if (!playing) return Promise.resolve(true);
  return new Promise((resolve) => {
    let answer = false;
    const keep = h("button.btn.primary#replace-keep", { type: "button", onclick: () => dialog.close() },
      t("replace.keep"));
    const dialog = h("dialog.result#replace-dialog", { "aria-labelledby": "replace-title",
      "aria-describedby": "replace-text" },
    h("h2#replace-title", t("replace.title")),
    h("p#replace-text", t("replace.text", { game: titleOf(playing.setup.game) })),
    h("div.dialog-buttons", keep,
      h("button.btn#replace-confirm", { type: "button", onclick: () => { answer = true; dialog.close(); } },
        t("replace.confirm"))));
    dialog.addEventListener("close", () => {
      dialog.remove();
      if (!answer && document.body.dataset.screen === "home") showHome();
      resolve(answer);
    });
    document.body.append(dialog);
    dialog.showModal();
    keep.focus();
  });
}

// ----- new game dialog ----------------------------------------------------------------------------------------
function newGameDialog(info, preset = null) {
  const renderer = RENDERERS[info.name];
  const hints = renderer.optionHints || {};
  const levels = info.bots && info.bots.length ? info.bots : ["random"];
  const bestLevel = levels.includes("normal") ? "normal" : levels[levels.length - 1];
  const prev = preset || settings.lastSetup?.[info.name] || {};
  const playersSelect = h("select#players", { name: "players" });
  for (let n = info.min_players; n <= info.max_players; n++) {
    playersSelect.append(h("option", { value: n, selected: n === (prev.players || info.min_players) }, n));
  }
  const seatsBox = h("fieldset.seats", h("legend", t("newgame.players")));
  const seatRows = [];
  function drawSeats() {
    const n = Number(playersSelect.value);
    seatRows.length = 0;
    seatsBox.replaceChildren(h("legend", t("newgame.players")));
    for (let i = 0; i < n; i++) {
      const was = prev.seats?.[i] || { kind: i === 0 ? "human" : "bot", level: bestLevel };
      const kind = h("select", { "aria-label": t("newgame.seat_kind", { n: i + 1 }), dataset: { seat: i, role: "kind" } },
        h("option", { value: "human", selected: was.kind === "human" }, t("newgame.human")),
        h("option", { value: "bot", selected: was.kind === "bot" }, t("newgame.bot")),
        h("option", { value: "guest", selected: was.kind === "guest" }, t("newgame.guest")));
      const level = h("select", { "aria-label": t("newgame.seat_level", { n: i + 1 }), dataset: { seat: i, role: "level" } },
        levels.map((l) => h("option", { value: l, selected: l === (was.level || bestLevel) }, botLevelName(l))));
      const sync = () => { level.hidden = kind.value !== "bot"; };
      kind.addEventListener("change", sync);
      sync();
      seatRows.push({ kind, level });
      seatsBox.append(h("div.seat-row", h("span.seat-name", t("newgame.seat", { n: i + 1 })), kind, level));
    }
  }
  playersSelect.addEventListener("change", drawSeats);
  drawSeats();

  const optionRows = info.options.filter((spec) => !hints[spec.name]?.hidden).map((spec) => optionField(spec, hints[spec.name] || {}, prev.options || {}));
  const seedInput = h("input#seed-input", { type: "text", inputmode: "numeric", maxlength: SEED_MAX, placeholder: t("newgame.seed_placeholder"),
    "aria-describedby": "seed-help", value: preset?.seed ?? "" });
  const speedSelect = h("select#speed-input", Object.keys(SPEEDS).map((k) =>
    h("option", { value: k, selected: k === (settings.speed || "normal") }, speedName(k))));
  // The coach (js/app/coach.js): ticked as it stands for this game (the player's choice, else on for their first games);
  // changing it is the player's explicit choice, kept on the device at once.
  const coachBox = h("input#coach-input", { type: "checkbox", checked: coachOn(info.name),
    "aria-describedby": "coach-help", onchange: () => setCoach(coachBox.checked) });
  const error = h("p.form-error#new-game-error", { role: "alert" });
  const start = h("button.btn.primary#start-game", { type: "submit" }, t("newgame.start"));
  const dialog = h("dialog.new-game#new-game-dialog", { "aria-labelledby": "new-game-title" },
    h("form", { method: "dialog" },
      h("h2#new-game-title", t("newgame.title", { game: info.title })),
      h("label.row", `${t("newgame.number_of_players")} `, playersSelect),
      seatsBox,
      optionRows.length ? h("fieldset.options", h("legend", t("newgame.rules")), optionRows.map((r) => r.el)) : null,
      h("details.replay#replay-deal", { open: preset?.seed != null },
        h("summary", t("newgame.replay")),
        h("label.row", `${t("newgame.seed")} `, seedInput),
        h("p.help#seed-help", t("newgame.seed_help"))),
      h("label.row", `${t("newgame.speed")} `, speedSelect),
      h("label.row.check", coachBox, ` ${t("newgame.coach")}`),
      h("p.help#coach-help", t("newgame.coach_help", { n: COACH_GAMES })),
      error,
      h("div.dialog-buttons",
        h("button.btn.ghost", { type: "button", onclick: () => dialog.close() }, t("common.cancel")), start)));
  dialog.addEventListener("close", () => dialog.remove());
  dialog.querySelector("form").addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    /** @type {Array<{kind: string, level?: string, name?: string}>} */
    const seats = seatRows.map(({ kind, level }) => kind.value === "bot" ? { kind: "bot", level: level.value }
      : { kind: kind.value === "guest" ? "guest" : "human" });
    seats.forEach((s, i) => { s.name = defaultName(seats, i); });
    const options = {};
    for (const row of optionRows) {
      const value = row.read();
      if (value !== undefined) options[row.name] = value;
    }
    const seedText = seedInput.value.trim();
    if (seedText.length > SEED_MAX) { error.textContent = t("newgame.seed_too_long", { n: SEED_MAX }); return; }
    const seed = seedText === "" ? null : /^\d{1,15}$/.test(seedText) ? Number(seedText) : seedText;
    const setup = { game: info.name, title: info.title, players: seats.length, seats, options, botLevels: levels };
    settings.speed = speedSelect.value;
    settings.lastSetup = { ...(settings.lastSetup || {}), [info.name]: { players: seats.length, seats, options } };
    saveSettings(settings);
    if (!(await mayReplace())) return;
    if (seats.some((s) => s.kind === "guest")) { // a table with guests on other devices (js/net/host.js)
      if (!seats.some((s) => s.kind === "human")) { error.textContent = t("net.need_a_person"); return; }
      dialog.close();
      hostGuests(setup);
      return;
    }
    start.disabled = true;
    start.textContent = engine.state.stage === "ready" ? t("newgame.dealing") : t("newgame.waiting");
    const early = engine.state.stage !== "ready"; // Python still starting: the table's skeleton shows at once
    try {
      if (early) { dialog.close(); showSkeleton(setup); }
      await startGame(setup, seed);
      dialog.close();
    } catch (err) {
      if (early) { showHome(); toast(err.message); } else error.textContent = err.message;
    } finally {
      start.disabled = false;
      start.textContent = t("newgame.start");
    }
  });
  document.body.append(dialog);
  dialog.showModal();
}

/** One form field for an option declared by the game (int, bool, nullable int) plus how to read it back. */
function optionField(spec, hint, prev) {
  const label = call(hint.label) || spec.description || spec.name;
  const id = `opt-${spec.name}`;
  if (spec.kind === "bool") {
    const box = h("input", { type: "checkbox", id, checked: prev[spec.name] ?? spec.default });
    return { name: spec.name, el: h("label.row.check", box, ` ${label}`), read: () => box.checked };
  }
  if (spec.kind === "int" && spec.nullable) {
    const on = h("input", { type: "checkbox", id, checked: prev[spec.name] != null });
    const num = h("input", { type: "number", id: `${id}-value`, min: spec.minimum, max: spec.maximum,
      value: prev[spec.name] ?? hint.value ?? spec.minimum ?? 1, "aria-label": t("newgame.option_value", { label }) });
    const sync = () => { num.disabled = !on.checked; };
    on.addEventListener("change", sync);
    sync();
    return { name: spec.name, el: h("div.row.check", h("label", on, ` ${label} `), num),
      read: () => (on.checked ? Number(num.value) : null) };
  }
  if (spec.kind === "int") {
    const placeholder = spec.default_depends_on_players ? (hint.placeholder || t("newgame.standard")) : String(spec.default);
    const num = h("input", { type: "number", id, min: spec.minimum, max: spec.maximum, placeholder,
      value: prev[spec.name] ?? hint.value ?? "" });
    return { name: spec.name, el: h("label.row", `${label} `, num),
      read: () => (num.value === "" ? undefined : Number(num.value)) };
  }
  if (spec.choices && spec.choices.length) {
    const was = prev[spec.name] ?? spec.default;
    const select = h("select", { id }, spec.choices.map((c) => h("option", { value: c, selected: c === was }, hint.choices ? hint.choices(c) : c)));
    return { name: spec.name, el: h("label.row", `${label} `, select), read: () => select.value };
  }
  const text = h("input", { type: "text", id, maxlength: SEED_MAX, value: prev[spec.name] ?? spec.default ?? "" });
  return { name: spec.name, el: h("label.row", `${label} `, text), read: () => text.value };
}

// ----- playing ------------------------------------------------------------------------------------------------
const hooks = {
  settings,
  saveSettings: (s) => { Object.assign(settings, s); saveSettings(settings); },
  onLeave: () => showHome(),
  onOver: (c) => showResult(c),
  onGameEnd: (c, event) => showGameEnd(c, event),
};

async function startGame(setup, seed) {
  setup.gameId = newGameId(); // kept with the record: the stats count this game once, tabs tell games apart
  const viewer = Math.max(0, setup.seats.findIndex((s) => s.kind === "human"));
  const answer = await engine.request("new", { game: setup.game, players: setup.players, seed,
    options: setup.options, seat: viewer, keep: GAME_SLOT });
  setup.seed = answer.seed;
  openTable(setup, answer.session, answer.seed, viewer, answer.table);
  claimTable();
}

// ----- one table per device -------------------------------------------------------------------------------------
// The game in progress has one save slot (GAME_SLOT), written by each tab's own worker after every move: two tabs
// playing it would overwrite each other's moves. So the tab that opened the game last has it, and any other tab
// showing it stops, says where the game went and offers to play it here instead (which takes it back). Tables
// that are not kept (the tests' scenario tables) take no part.
// Each game has an identity (setup.gameId): a tab remembers the game it held, so that when another tab starts a new
// game in the slot (after asking: mayReplace), this one says so instead of offering to bring "its" game back.
const TAB = Math.random().toString(36).slice(2);
const tables = typeof BroadcastChannel === "function" ? new BroadcastChannel("pygame_rules.table") : null;
let holdsSlot = false;
/** @type {{gameId: string, game: string} | null} the game this tab holds, or held before it moved to another tab */
let mine = null;

function claimTable() {
  holdsSlot = true;
  const setup = controller?.setup;
  mine = setup ? { gameId: setup.gameId, game: setup.game } : null;
  tables?.postMessage({ type: "taken", tab: TAB, gameId: mine?.gameId, game: mine?.game });
}

if (tables) {
  tables.onmessage = (event) => {
    if (!event.data || event.data.type !== "taken" || event.data.tab === TAB) return;
    const taken = { gameId: event.data.gameId, game: event.data.game };
    if (document.body.dataset.screen === "elsewhere") { showElsewhere(taken); return; }
    if (!holdsSlot || !controller || document.body.dataset.screen !== "play") return;
    holdsSlot = false;
    controller.destroy();
    controller = null;
    window.__app.controller = undefined;
    showElsewhere(taken);
  };
}

/** Whether the slot now holds another game than the one this tab had (`taken`: what another tab announced). */
function replacedSince(taken = null) {
  if (!mine || !mine.gameId) return null;
  const slot = taken && taken.gameId ? taken : readGame()?.record?.setup;
  if (!slot || !slot.gameId || slot.gameId === mine.gameId) return null;
  return slot;
}

/**
 * This tab gave its game to another one: say so, and offer to bring it back here (from the worker's save). When the
 * other tab has since started a new game in its place, say that instead: this tab's game is gone, and what "Play
 * here" would bring is another game, so that is offered under its own name.
 */
function showElsewhere(taken = null) {
  document.body.dataset.screen = "elsewhere";
  const replaced = replacedSince(taken);
  const home = h("button.btn.ghost#elsewhere-home", { type: "button", onclick: () => showHome() }, t("app.home"));
  if (replaced) {
    const game = titleOf(replaced.game);
    app.replaceChildren(h("section.play", h("div.pass-screen#elsewhere", { role: "status", dataset: { replaced: "true" } },
      h("h2", t("table.replaced_title")), h("p", t("table.replaced_text", { game })),
      h("button.btn.primary#play-new-here", { type: "button", onclick: () => resumeSaved() },
        t("table.play_new_here", { game })), home)));
    return;
  }
  const here = h("button.btn.primary#play-here", { type: "button", onclick: () => {
    if (replacedSince()) showElsewhere(); // replaced meanwhile (e.g. while this tab slept): never bring that one
    else resumeSaved();
  } }, t("table.play_here"));
  app.replaceChildren(h("section.play", h("div.pass-screen#elsewhere", { role: "status", dataset: { replaced: "false" } },
    h("h2", t("table.elsewhere_title")), h("p", t("table.elsewhere_text")), here, home)));
}

/**
 * Open a table at a teaching position (the api's `scenario` op) with the given seats ([{kind, level}]): the e2e
 * tests use it (window.__app.playScenario) to reach rare positions such as Level 8's keep panel directly.
 */
async function playScenario(game, scenario, seats) {
  const info = (await loadCatalogue()).find((g) => g.name === game);
  const named = seats.map((s) => ({ ...s }));
  named.forEach((s, i) => { s.name = defaultName(named, i); });
  const viewer = Math.max(0, named.findIndex((s) => s.kind === "human"));
  const answer = await engine.request("scenario", { game, scenario, seat: viewer });
  const seed = scenario.seed ?? 0;
  const setup = { game, title: info.title, players: named.length, seats: named, options: scenario.options || {},
    botLevels: info.bots, seed };
  openTable(setup, answer.session, seed, viewer, answer.table);
}
window.__app.playScenario = playScenario;

function openTable(setup, session, seed, viewer, table) {
  if (controller) controller.destroy();
  holdsSlot = false; // startGame and resumeSaved claim the slot once the table is open
  document.body.dataset.screen = "play";
  if (location.hash !== "#play") history.pushState(null, "", "#play");
  const root = h("section.play#play");
  app.replaceChildren(root);
  controller = new TableController({ engine, renderer: RENDERERS[setup.game], root, setup, session, seed, viewer,
    hooks });
  window.__app.controller = controller;
  controller.update(table, true);
  controller.run();
  return controller;
}

// ----- a table with guests on other devices (js/net/, docs/multiplayer.md) ---------------------------------------
async function hostGuests(setup) {
  setup.gameId = newGameId(); // as startGame: counted once, told apart from other tabs' games
  const { hostLobby } = await import("../net/host.js");
  await hostLobby({ engine, setup, settings, saveSettings, keep: GAME_SLOT,
    openTable: (...args) => { const c = openTable(...args); claimTable(); return c; } });
}

async function joinTable(invite) {
  if (controller) { controller.destroy(); controller = null; }
  history.replaceState(null, "", location.pathname + location.search); // the invite is used once
  const { openJoin } = await import("../net/guest.js");
  openJoin({ engine, app, hooks, settings, saveSettings, invite, onLeave: () => showHome() });
}

async function resumeSaved() {
  const saved = readGame();
  if (!saved) { showHome(); return; }
  if (saved.error || !RENDERERS[saved.record.setup.game]) {
    discardSave(saved.error || t("resume.unavailable"));
    return;
  }
  const { record } = saved;
  record.setup.gameId ||= newGameId(); // a game saved before games had an identity gets one now (kept by the table)
  document.body.dataset.screen = "play";
  // Hot-seat: whoever holds the device says who they are before any hand is asked for.
  if (record.setup.seats.filter((s) => s.kind === "human").length > 1) await passGate(record);
  app.replaceChildren(h("p.notice#resuming", t("resume.resuming")));
  try {
    // The worker reads its own save (the page never holds it) and answers with this seat's table.
    const answer = await engine.request("resume", { keep: GAME_SLOT, seat: record.viewer });
    const table = openTable(record.setup, answer.session, answer.seed, record.viewer, answer.table);
    claimTable();
    if (record.setup.seats.some((s) => s.kind === "guest")) { // guests on other devices: offer them to come back
      const { resumeHost } = await import("../net/host.js");
      resumeHost({ engine, controller: table, session: answer.session });
    }
  } catch (err) {
    const engineDown = ["engine_unavailable", "engine_restarted", "engine_crashed"].includes(err.code);
    if (err instanceof EngineError && !engineDown) discardSave(err.message);
    else if (err.code === "engine_restarted") return; // onRestart resumes again once the new worker is ready
    else app.replaceChildren(h("p.notice.error", t("engine.failed", { message: err.message })));
  }
}

/** The hand-over screen before a hot-seat game is resumed (the same words as the table's own hand-over). */
function passGate(record) {
  const name = record.setup.seats[record.viewer]?.name || defaultName(record.setup.seats, record.viewer);
  return new Promise((resolve) => {
    const button = h("button.btn.primary#take-over", { type: "button", onclick: () => resolve() },
      t("table.take_over", { name }));
    app.replaceChildren(h("section.play", h("div.pass-screen#pass-screen", { role: "dialog", "aria-modal": "true",
      "aria-labelledby": "pass-title" }, h("h2#pass-title", t("table.pass_title", { name })),
    h("p", t("table.pass_text")), button)));
    button.focus();
  });
}

function discardSave(reason) {
  clearGame();
  showHome();
  toast(t("resume.discarded", { reason }), "error", 9000);
  document.body.dataset.discarded = "true";
}

// ----- results ------------------------------------------------------------------------------------------------
function scoreTable(names, scores, winners, totals = null) {
  return h("table.scores",
    h("thead", h("tr", h("th", { scope: "col" }, t("result.player")), h("th", { scope: "col" }, t("result.score")),
      totals ? h("th", { scope: "col" }, t("result.match")) : null)),
    h("tbody", names.map((name, i) => h(`tr${winners.includes(i) ? ".winner" : ""}`,
      h("th", { scope: "row" }, winners.includes(i) ? [trophy(), " ", name, h("span.sr-only", ` (${t("result.winner")})`)]
        : name), h("td", scores?.[i] ?? "–"),
      totals ? h("td", totals[i]) : null))));
}

function showResult(c) {
  const result = c.table.result || {};
  const winners = result.winners || [];
  const won = winners.some((w) => c.setup.seats[w]?.kind === "human");
  // Counted once by the game's identity, however often its result is shown again (reloads on the result screen);
  // then the stored game is marked finished: history from now on, not a game in progress.
  const id = c.setup.gameId || `${c.setup.game}:${c.seed}:${JSON.stringify(c.setup.options)}:${c.table.log_length}`;
  const recorded = recordGame({ id, setup: c.setup, seed: c.seed, won, winners: winners.map((w) => c.names[w]),
    scores: result.scores || [] });
  if (recorded) noteFinished(c.setup.game); // the coach's default counts finished games, each once
  if (c.setup.gameId) markFinished(c.setup.gameId);
  const title = winners.length === 1 ? t("result.wins", { name: c.names[winners[0]] }) : winners.length ?
    t("result.win_together", { names: winners.map((w) => c.names[w]).join(t("common.and")) }) : t("result.game_over");
  const dialog = h("dialog.result#result-dialog", { "aria-labelledby": "result-title" },
    h("h2#result-title", title),
    result.games ? h("p", t("result.match_of", { n: result.games.length })) : null,
    scoreTable(c.names, result.scores, winners),
    c.renderer.resultDetails ? c.renderer.resultDetails(result, c.names) : null,
    h("p.seed-note", t("table.seed", { seed: c.seed })),
    h("div.dialog-buttons",
      h("button.btn.ghost", { type: "button", onclick: () => dialog.close() }, t("result.view_table")),
      h("button.btn", { type: "button", onclick: () => { dialog.close(); clearGame(); showHome(); } }, t("table.menu")),
      h("button.btn#same-deal", { type: "button", onclick: () => {
        dialog.close();
        replayDeal({ game: c.setup.game, seats: c.setup.seats, options: c.setup.options, seed: c.seed });
      } }, t("stats.again")),
      h("button.btn.primary#play-again", { type: "button", onclick: async () => {
        dialog.close();
        const info = (await loadCatalogue()).find((g) => g.name === c.setup.game);
        newGameDialog(info, { players: c.setup.players, seats: c.setup.seats, options: c.setup.options });
      } }, t("result.play_again"))));
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
}

function showGameEnd(c, event) {
  return new Promise((resolve) => {
    const dialog = h("dialog.result#game-end-dialog", { "aria-labelledby": "game-end-title" },
      h("h2#game-end-title", t("gameend.title", { n: event.game_number })),
      h("p", t("gameend.intro")),
      scoreTable(c.names, event.points, [], event.totals),
      h("div.dialog-buttons", h("button.btn.primary", { type: "button", onclick: () => dialog.close() },
        t("gameend.next"))));
    dialog.addEventListener("close", () => { dialog.remove(); resolve(); });
    document.body.append(dialog);
    dialog.showModal();
  });
}

// ----- language ---------------------------------------------------------------------------------------------
function speedName(k) {
  return { slow: t("speed.slow"), normal: t("speed.normal"), fast: t("speed.fast"), instant: t("speed.instant") }[k] || k;
}

export function botLevelName(level) {
  return { random: t("bot.random"), easy: t("bot.easy"), normal: t("bot.normal"), hard: t("bot.hard"),
    mixed: t("bot.mixed"), humans: t("bot.humans") }[level] || level;
}

/** The language menu in the top bar: switching redraws the screen that is showing (remembered in localStorage). */
function languageMenu() {
  const select = h("select#lang-select", { "aria-label": t("lang.choose"), onchange: () => setLang(select.value) },
    LANGS.map((l) => h("option", { value: l, lang: l, selected: l === getLang() }, LANG_NAMES[l])));
  const topbar = document.querySelector(".topbar");
  topbar.querySelector("#lang-select")?.remove();
  topbar.append(select);
}

function relabelShell() {
  document.documentElement.lang = getLang();
  document.title = t("app.title");
  document.getElementById("home-link").setAttribute("aria-label", t("app.home_label"));
  document.querySelector('meta[name="description"]')?.setAttribute("content", t("app.description"));
  languageMenu();
}

window.addEventListener("langchange", () => {
  relabelShell();
  drawStatus(engine.state);
  if (controller) controller.relabel();
  else if (document.body.dataset.screen === "home") showHome();
});
relabelShell();

// ----- routing ------------------------------------------------------------------------------------------------
document.getElementById("home-link").addEventListener("click", (e) => { e.preventDefault(); showHome(); });
window.addEventListener("popstate", () => {
  if (location.hash.startsWith("#join=")) joinTable(location.href); // an invite opened in this open app
  else if (location.hash !== "#play") showHome();
});

const linked = readLink();
if (linked) {
  // A shared link (?play=<game>&seed=...): deal it at once, then tidy the address so a reload does not deal again.
  history.replaceState(null, "", location.pathname);
  showHome().then(() => replayDeal(linked));
} else if (location.hash.startsWith("#join=")) joinTable(location.href);
else if (location.hash === "#play" && readGame()) resumeSaved();
else {
  const saved = readGame();
  if (saved && saved.error) discardSave(saved.error);
  else showHome();
}
