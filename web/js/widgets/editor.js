// The scenario editor (editor.html) for teachers: lay out a position by clicking (a place, then cards from a picker
// that shows only the cards still free), validate it live with the engine, record the scripted steps by clicking the
// legal moves the engine lists, and copy a snippet that works where it is pasted (docs/embedding.md).
// No rule lives here: the deck and the places come from the engine (api op `editor`), every judgement from the
// engine's `scenario`, `act` and `table` ops. The JSON stays editable for experts.
import { checkSpec, encodeWithFirst, getEngine, SITE_ROOT } from "./widget.js";
import { RENDERERS } from "../games/index.js";
import { canon, h } from "../lib/util.js";
import { getLang, hasKey, t, translatePage } from "../words/i18n.js";
import { refusalWords } from "../words/log-words.js";
import { LessonPanel } from "./editor-lesson.js";

// The page speaks the reader's language (docs/i18n.md): static texts carry data-i18n keys, the rest goes through t().
document.documentElement.lang = getLang();
document.title = t("editor.page_title");
translatePage(document);

const $ = (id) => document.getElementById(id);
// Typed look-ups for the type checker (`make lint`): editor.html's markup fixes which element each id names.
/** @param {string} id @returns {HTMLInputElement} */
const inputEl = (id) => /** @type {HTMLInputElement} */ ($(id));
/** @param {string} id @returns {HTMLSelectElement} */
const selectEl = (id) => /** @type {HTMLSelectElement} */ ($(id));
/** @param {string} id @returns {HTMLTextAreaElement} */
const textareaEl = (id) => /** @type {HTMLTextAreaElement} */ ($(id));
/** @param {string} id @returns {HTMLProgressElement} */
const progressEl = (id) => /** @type {HTMLProgressElement} */ ($(id));
/** @param {string} id @returns {HTMLIFrameElement} */
const frameEl = (id) => /** @type {HTMLIFrameElement} */ ($(id));
const text = textareaEl("ed-json");
const msg = $("ed-msg");
const state = { spec: null, kit: null, active: null, session: null, games: [], validating: 0 };
window.__editor = { state };

function say(message, kind = "") {
  msg.textContent = message;
  msg.dataset.kind = kind;
}

/** A place of the engine's editor kit in the reader's words, from its path (["discards", 1, 2]: player 2's third
 * discard pile); the engine's English label where the catalogue has no words for it. */
function placeLabel(place) {
  const game = state.spec?.game;
  const [what, ...rest] = place.path;
  const key = `editor.place.${game}.${what}`;
  if (!hasKey(key)) return place.label;
  const last = rest.length > (place.seat === null || place.seat === undefined ? 0 : 1) ? rest.at(-1) : null;
  return t(key, { player: (place.seat ?? 0) + 1, n: typeof last === "number" ? last + 1 : "" });
}

// ----- the engine, with its start-up progress shown at once -------------------------------------------------------
const engine = getEngine();
engine.onStatus((s) => {
  progressEl("ed-progress").value = s.fraction ?? 0;
  progressEl("ed-progress").hidden = s.stage === "ready" || s.stage === "failed";
  $("ed-engine-label").textContent = s.stage === "ready" ? t("editor.engine_ready")
    : s.key ? t(s.key, s.params || {}) : s.label;
  $("editor-engine").dataset.state = s.stage === "ready" ? "ready" : s.stage === "failed" ? "failed" : "loading";
});

// ----- the spec and its places -------------------------------------------------------------------------------------
const getAt = (obj, path) => path.reduce((v, k) => (v === undefined || v === null ? undefined : v[k]), obj);

function setAt(obj, path, value) {
  let v = obj;
  path.slice(0, -1).forEach((k, i) => {
    if (v[k] === undefined || v[k] === null) v[k] = typeof path[i + 1] === "number" ? [] : {};
    v = v[k];
  });
  v[path.at(-1)] = value;
}

/** Make every place of the kit exist in the scenario (as an empty list), so a click can add to it. */
function ensurePlaces(scenario, kit) {
  for (const place of kit.places) {
    if (!Array.isArray(getAt(scenario, place.path))) {
      // a missing list of per-seat lists is made with its siblings
      setAt(scenario, place.path, []);
    }
  }
  // holes left in per-seat arrays by setAt (e.g. discards[1] before discards[0]) become empty lists
  for (const place of kit.places) {
    for (let d = 1; d < place.path.length; d++) {
      const parent = getAt(scenario, place.path.slice(0, d));
      if (Array.isArray(parent)) for (let i = 0; i < parent.length; i++) if (parent[i] === undefined) parent[i] = [];
    }
  }
  // a place with kinds (Level 8's laid-out parts) starts with its kind
  for (const place of kit.places) {
    const list = getAt(scenario, place.path);
    if (place.kinds && !list.length) list.push(place.kinds[0]);
  }
}

/** The scenario file without the optional places that hold no card (an empty laid-out part is no part). */
function cleanSpec(spec) {
  const out = JSON.parse(JSON.stringify(spec));
  const parents = new Set((state.kit?.places || []).filter((p) => p.kinds).map((p) => JSON.stringify(p.path.slice(0, -1))));
  for (const key of parents) {
    const path = JSON.parse(key);
    const parent = getAt(out.scenario, path);
    if (Array.isArray(parent)) setAt(out.scenario, path, parent.filter((p) => !(Array.isArray(p) && p.length <= 1)));
  }
  return out;
}

/** The cards of a place (without the kind that heads a laid-out part). */
const cardsOf = (place) => {
  const list = getAt(state.spec.scenario, place.path) || [];
  return place.kinds ? list.slice(1) : list;
};

function freeCards() {
  const left = new Map();
  for (const card of state.kit.deck) left.set(canon(card), { card, n: (left.get(canon(card))?.n || 0) + 1 });
  for (const place of state.kit.places) {
    for (const card of cardsOf(place)) {
      const entry = left.get(canon(card));
      if (entry) entry.n -= 1;
    }
  }
  return [...left.values()].filter((e) => e.n > 0);
}

/** A card's short name on a chip: the renderer's `cardText` (Skip-Bo's wild card), else the card as written. */
function cardText(card) {
  const text = RENDERERS[state.spec.game]?.cardText;
  return text ? text(card) : String(card);
}

/** A combination's kind in the game's words (Level 8's places hold runs, sets and colour groups). */
function kindWords(kind) {
  const words = RENDERERS[state.spec.game]?.words?.params?.kind;
  return words ? words(kind) : kind;
}

function cardChip(card, cls, attrs, ...extra) {
  return h(`button.ed-card${cls}`, { type: "button", ...attrs, dataset: { card: JSON.stringify(card), ...attrs.dataset },
    "aria-label": attrs["aria-label"] || cardText(card) }, cardText(card), ...extra);
}

// ----- drawing --------------------------------------------------------------------------------------------------------
function drawLayout() {
  const { spec, kit } = state;
  if (!kit) return;
  const places = kit.places.map((place, i) => {
    const list = getAt(spec.scenario, place.path) || [];
    const cards = cardsOf(place);
    const skip = place.kinds ? 1 : 0;
    const active = state.active === i;
    const label = placeLabel(place);
    const kind = place.kinds ? h("select.ed-kind", { "aria-label": t("editor.kind", { place: label }), onchange: (e) => {
      list[0] = e.currentTarget.value;
      changed();
    } }, place.kinds.map((k) => h("option", { value: k, selected: list[0] === k }, kindWords(k)))) : null;
    return h(`div.ed-place${active ? ".active" : ""}`, { dataset: { place: String(i), path: JSON.stringify(place.path) } },
      h("button.ed-place-head", { type: "button", "aria-pressed": String(active),
        onclick: () => { state.active = i; drawLayout(); } }, `${label} · ${cards.length}`), kind,
      h("div.ed-place-cards", cards.map((card, j) => cardChip(card, ".placed", { title: t("editor.take_back"),
        onclick: () => { list.splice(j + skip, 1); changed(); } }))));
  });
  $("ed-places").replaceChildren(...places);
  const free = freeCards();
  $("ed-free-count").textContent = `(${free.reduce((n, e) => n + e.n, 0)})`;
  const target = kit.places[state.active];
  $("ed-help").textContent = target ? t("editor.help_target", { place: placeLabel(target) }) : t("editor.help");
  $("ed-picker").replaceChildren(...free.map((e) => cardChip(e.card, ".free", { disabled: !target,
    title: t("editor.free_n", { n: e.n }), "aria-label": `${cardText(e.card)} (${t("editor.free_n", { n: e.n })})`, dataset: { left: String(e.n) },
    onclick: () => {
      const place = state.kit.places[state.active];
      if (!place) return;
      getAt(state.spec.scenario, place.path).push(e.card);
      changed();
    } }, h("span.ed-left", e.n > 1 ? ` ×${e.n}` : ""))));
}

function drawFields() {
  const spec = state.spec;
  const players = Number(spec.scenario.players) || 2;
  selectEl("ed-seat").replaceChildren(...Array.from({ length: Math.min(players, 10) }, (_, i) =>
    h("option", { value: i, selected: i === (spec.seat || 0) }, `Player ${i + 1}`)));
  inputEl("ed-try").checked = spec.try === true;
  inputEl("ed-title").value = typeof spec.title === "string" ? spec.title : (spec.title?.en || "");
  textareaEl("ed-caption").value = typeof spec.caption === "string" ? spec.caption : (spec.caption?.en || "");
}

function writeJson() {
  text.value = JSON.stringify(cleanSpec(state.spec), null, 1);
}

let timer = null;
/** After every change: redraw, write the JSON, and validate with the engine (debounced). */
function changed({ layout = true } = {}) {
  if (layout) drawLayout();
  writeJson();
  clearTimeout(timer);
  timer = setTimeout(() => validate(), 250);
}

// ----- starting points ---------------------------------------------------------------------------------------------
async function useSpec(spec, kit = null) {
  // A stored first table (a shipped file's, or a pasted snippet's) would go stale with the first change: the
  // editor asks the engine for it again whenever it writes the snippets.
  if (spec && typeof spec === "object") delete spec.first;
  state.spec = spec;
  state.kit = kit || (await engine.ready, await engine.request("editor", { game: spec.game,
    players: spec.scenario.players, options: spec.scenario.options || null }));
  ensurePlaces(state.spec.scenario, state.kit);
  state.active = null;
  drawFields();
  drawLayout();
  writeJson();
  await validate();
}

async function loadShipped(file) {
  say(t("editor.loading", { file }));
  const response = await fetch(new URL(`scenarios/${file}`, SITE_ROOT));
  await useSpec(await response.json());
}

async function newPosition(deal) {
  const game = selectEl("ed-game").value;
  const players = Number(selectEl("ed-players").value);
  say(deal ? t("editor.dealing") : t("editor.setting"));
  await engine.ready;
  const kit = await engine.request("editor", { game, players, deal, seed: Math.floor(Math.random() * 1e6) });
  const info = state.games.find((g) => g.name === game);
  await useSpec({ game, title: t("editor.my_position", { game: info?.title || game }), caption: "", seat: 0,
    scenario: kit.scenario, steps: [], try: false }, kit);
}

// ----- validation, steps, snippets ---------------------------------------------------------------------------------
function describe(action, mover, table, game) {
  const renderer = RENDERERS[game];
  try {
    const names = Array.from({ length: 10 }, (_, i) => t("editor.player", { n: i + 1 }));
    if (renderer) return renderer.describe(action, mover, table, names) || JSON.stringify(action);
  } catch (err) { /* fall back to the JSON */ }
  return JSON.stringify(action);
}

/** The problems of a position the engine names (BadScenario reason codes) that the page words: the catalogue keys
 * each game's words module lists (`editorProblems`, games/<game>-words.js). */
const PROBLEMS = new Set(Object.values(RENDERERS).flatMap((r) => r.words?.editorProblems || []));

/** Why the engine refused a position, in the reader's words: players counted from 1 as the places name them. A
 * problem without a reason code keeps the engine's own sentence. */
function problemWords(err, game) {
  const key = `editor.problem.${game}.${err.reason}`;
  if (!err.reason || !PROBLEMS.has(key)) return err.message;
  const params = { ...(err.params || {}) };
  if (typeof params.seat === "number") params.player = params.seat + 1;
  return t(key, params);
}

/** Set up the position and play every step with the engine; list the next legal moves; draw the snippets. */
async function validate() {
  const run = ++state.validating;
  let spec;
  try {
    spec = checkSpec(cleanSpec(state.spec));
  } catch (err) {
    say(t("editor.not_valid", { message: err.message }), "error");
    return false;
  }
  say(t("editor.checking"), "busy");
  try {
    await engine.ready;
    if (state.session) engine.request("drop", { session: state.session }).catch(() => {});
    state.session = null;
    const answer = await engine.request("scenario", { game: spec.game, scenario: spec.scenario, seat: spec.seat });
    const session = answer.session;
    if (run !== state.validating) { engine.request("drop", { session }).catch(() => {}); return false; }
    state.session = session;
    let table = answer.table;
    for (const [i, step] of spec.steps.entries()) {
      const mover = table.current_player;
      try {
        await engine.request("act", { session, action: step.type ? step : step.action, seat: mover });
      } catch (err) {
        if (run === state.validating) {
          const words = refusalWords(err, { game: spec.game }).text;
          say(t("editor.step_refused", { n: i + 1, message: words }), "error");
        }
        $("ed-out").hidden = true;
        return false;
      }
      table = (await engine.request("table", { session, seat: table.current_player ?? 0 })).table;
    }
    const mover = table.current_player;
    if (mover !== null && mover !== undefined) table = (await engine.request("table", { session, seat: mover })).table;
    if (run !== state.validating) return false;
    drawMoves(spec, table);
    // The snippets carry the table the reader's seat sees at the start, so the pasted widget paints before Python.
    // The verdict is said once they are written, so "valid" always stands beside this position's snippets; a
    // newer check started meanwhile writes its own instead (an older one's must not land over it).
    if (!(await drawSnippets(spec, { seat: spec.seat, table: answer.table }, run))) return false;
    const n = spec.steps.length;
    if (spec.try && mover !== spec.seat) {
      say(t("editor.not_readers_turn", { mover: (mover ?? 0) + 1, reader: spec.seat + 1 }), "error");
    } else {
      say(t("editor.valid", { n }), "ok");
    }
    lessonPanel.update(spec).catch(() => {}); // the lesson mode (js/widgets/editor-lesson.js) judges the same steps
    return true;
  } catch (err) {
    if (run !== state.validating) return false;
    say(t("editor.not_valid_yet", { message: problemWords(err, spec.game) }), "error");
    $("ed-out").hidden = true;
    $("ed-moves").hidden = true;
    return false;
  }
}

function drawMoves(spec, table) {
  const mover = table.current_player;
  $("ed-moves").hidden = false;
  $("ed-steps-now").textContent = spec.steps.length ? t("editor.recorded", { n: spec.steps.length })
    : t("editor.no_steps");
  $("ed-mover").textContent = table.over || mover === null ? t("editor.game_over")
    : t("editor.to_move", { player: mover + 1, n: table.legal.length });
  $("ed-legal").replaceChildren(...(table.over ? [] : table.legal).slice(0, 200).map((action) => h("button.btn.ed-step", {
    type: "button", title: JSON.stringify(action), dataset: { action: JSON.stringify(action) },
    onclick: () => {
      state.spec.steps = [...(state.spec.steps || []), action];
      writeJson();
      validate();
    },
  }, describe(action, mover, table, spec.game))));
}

let previewHeight = null;

function iframeSnippet() {
  const { embed, title } = window.__editor;
  const height = previewHeight || 520;
  return `<iframe data-pygame-rules src="${embed}" title="${title.replaceAll('"', "&quot;")}" width="100%" ` +
    `height="${height}" style="border:0;width:100%" loading="lazy">` +
    `${title.replaceAll("<", "&lt;")}: an interactive card-game example (${SITE_ROOT.href}embed.html)</iframe>\n` +
    `<script src="${SITE_ROOT.href}embed-host.js"></script>`;
}

/** Write the snippets for `spec`; false (and nothing written) when check `run` is no longer the newest. */
async function drawSnippets(spec, first, run) {
  const code = await encodeWithFirst(spec, first);
  if (run !== state.validating) return false;
  const title = typeof spec.title === "string" ? spec.title : (spec.title?.en || "Rules scenario");
  const embed = `${SITE_ROOT.href}embed.html?s=${code}`;
  // Our own pages load widgets.js from the site root: a root-relative path works on every page of this origin.
  const element = `<script type="module" src="${SITE_ROOT.pathname}widgets.js"></script>\n` +
    `<rules-scenario game="${spec.game}" code="${code}"></rules-scenario>`;
  const preview = `${embed}&id=preview&start=load`;
  if (window.__editor.embed !== embed) {
    previewHeight = null;
    frameEl("ed-preview").src = preview;
    watchPreview();
  }
  Object.assign(window.__editor, { code, embed, element, title });
  window.__editor.iframe = iframeSnippet();
  $("ed-snippet-element").textContent = element;
  $("ed-snippet-iframe").textContent = window.__editor.iframe;
  $("ed-out").hidden = false;
  return true;
}

let watching = null;
/** Once the preview's widget is ready, its height goes into the snippet (the preview is on our origin). */
function watchPreview() {
  clearInterval(watching);
  watching = setInterval(() => {
    const doc = frameEl("ed-preview").contentDocument;
    if (!doc?.querySelector("#widget[data-state=ready], #widget[data-state=failed]")) return;
    clearInterval(watching);
    setPreviewHeight(Math.ceil(doc.documentElement.getBoundingClientRect().height));
  }, 250);
}

function setPreviewHeight(height) {
  previewHeight = height;
  if (!window.__editor.embed) return;
  window.__editor.iframe = iframeSnippet();
  $("ed-snippet-iframe").textContent = window.__editor.iframe;
}

function copy(id) {
  const value = $(id).textContent;
  window.__editor.copied = value;
  navigator.clipboard.writeText(value).then(() => say(t("editor.copied"), "ok"), () => {
    const range = document.createRange();
    range.selectNodeContents($(id));
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    say(t("editor.select_copy"), "ok");
  });
}

// ----- controls ----------------------------------------------------------------------------------------------------
$("ed-load").addEventListener("click", () => loadShipped(selectEl("ed-demo").value).catch((err) => say(err.message, "error")));
$("ed-empty").addEventListener("click", () => newPosition(false).catch((err) => say(err.message, "error")));
$("ed-deal").addEventListener("click", () => newPosition(true).catch((err) => say(err.message, "error")));
selectEl("ed-game").addEventListener("change", () => drawPlayers());
$("ed-validate").addEventListener("click", () => validate());
selectEl("ed-seat").addEventListener("change", () => { state.spec.seat = Number(selectEl("ed-seat").value); changed({ layout: false }); });
inputEl("ed-try").addEventListener("change", () => { state.spec.try = inputEl("ed-try").checked; changed({ layout: false }); });
inputEl("ed-title").addEventListener("input", () => { state.spec.title = inputEl("ed-title").value; changed({ layout: false }); });
textareaEl("ed-caption").addEventListener("input", () => { state.spec.caption = textareaEl("ed-caption").value; changed({ layout: false }); });
$("ed-undo-step").addEventListener("click", () => { state.spec.steps = (state.spec.steps || []).slice(0, -1);
  changed({ layout: false }); });
$("ed-apply-json").addEventListener("click", () => {
  let spec;
  try {
    spec = JSON.parse(text.value);
  } catch (err) {
    say(t("editor.json_invalid", { message: err.message }), "error");
    return;
  }
  useSpec(spec).catch((err) => say(t("editor.not_valid", { message: err.message }), "error"));
});
$("ed-copy-element").addEventListener("click", () => copy("ed-snippet-element"));
$("ed-copy-iframe").addEventListener("click", () => copy("ed-snippet-iframe"));
window.__editor.validate = validate;
const lessonPanel = new LessonPanel(engine, $("ed-out"));
window.__editor.lessonPanel = lessonPanel;

// The preview frame sizes itself like any embed (the same message the host script accepts); its height once the
// widget is ready goes into the iframe snippet, so the teacher's page reserves the right height from the start.
addEventListener("message", (event) => {
  const m = event.data;
  const frame = frameEl("ed-preview");
  if (event.source !== frame.contentWindow || event.origin !== location.origin) return;
  if (!m || m.type !== "pygame_rules:resize" || m.version !== 1 || typeof m.height !== "number") return;
  const height = Math.min(Math.max(Math.ceil(m.height), 100), 20000);
  frame.style.height = `${height}px`;
  if (frame.contentDocument?.querySelector("#widget[data-state=ready]")) setPreviewHeight(height);
});

function drawPlayers() {
  const info = state.games.find((g) => g.name === selectEl("ed-game").value);
  const lo = info?.min_players || 2;
  const hi = info?.max_players || 6;
  selectEl("ed-players").replaceChildren(...Array.from({ length: hi - lo + 1 }, (_, i) =>
    h("option", { value: lo + i, selected: lo + i === Math.max(lo, 2) }, String(lo + i))));
}

async function init() {
  const [index, games] = await Promise.all([
    fetch(new URL("scenarios/index.json", SITE_ROOT)).then((r) => r.json()),
    fetch(new URL("../../games.json", import.meta.url)).then((r) => r.json()),
  ]);
  state.games = games.games;
  selectEl("ed-demo").replaceChildren(...index.map((e) => h("option", { value: e.file }, `${e.title || e.file} (${e.game})`)));
  selectEl("ed-game").replaceChildren(...state.games.map((g) => h("option", { value: g.name }, g.title)));
  drawPlayers();
  const first = index.find((e) => e.file === "demo-topspot.json") || index[0];
  selectEl("ed-demo").value = first.file;
  await loadShipped(first.file);
}

init().catch((err) => say(err.message, "error"));
