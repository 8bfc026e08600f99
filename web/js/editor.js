// The scenario editor (editor.html): paste or edit a scenario file, validate it with the engine (api op `scenario`,
// then every scripted step with `act`), add steps by clicking the legal moves the engine lists, and copy the two
// embed snippets. No rule lives here: every judgement is the engine's.
import { checkSpec, encodeSpec, getEngine, SITE_ROOT } from "./widget.js";
import { RENDERERS } from "./games/index.js";
import { h } from "./util.js";

const $ = (id) => document.getElementById(id);
const DEMOS = ["demo-topspot.json", "demo-etalage.json"];
const text = $("ed-json");
const msg = $("ed-msg");
let lastSession = null;
window.__editor = {};

function say(message, kind = "") {
  msg.textContent = message;
  msg.dataset.kind = kind;
}

function readSpec() {
  try {
    return JSON.parse(text.value);
  } catch (err) {
    throw new Error(`the scenario file is not valid JSON: ${err.message}`);
  }
}

function writeSpec(spec) {
  text.value = JSON.stringify(spec, null, 2);
}

function syncControls(spec) {
  const players = Number(spec?.scenario?.players) || 2;
  $("ed-seat").replaceChildren(...Array.from({ length: Math.min(players, 10) }, (_, i) =>
    h("option", { value: i, selected: i === (spec.seat || 0) }, `Player ${i + 1}`)));
  $("ed-try").checked = spec.try === true;
}

async function loadDemo(name) {
  const response = await fetch(new URL(`scenarios/${name}`, SITE_ROOT));
  const spec = await response.json();
  writeSpec(spec);
  syncControls(spec);
  say(`Loaded ${name}. Press "Validate with the engine".`);
}

function describe(action, mover, table, game) {
  const renderer = RENDERERS[game];
  try {
    const names = Array.from({ length: 10 }, (_, i) => `Player ${i + 1}`);
    if (renderer) return renderer.describe(action, mover, table, names) || JSON.stringify(action);
  } catch (err) { /* fall back to the JSON */ }
  return JSON.stringify(action);
}

/** Set up the position and play every step with the engine; list the next legal moves; draw the snippets. */
async function validate() {
  let spec;
  try {
    spec = checkSpec(readSpec());
  } catch (err) {
    say(`Not valid: ${err.message}`, "error");
    return false;
  }
  const engine = getEngine();
  $("editor-engine").textContent = "Starting the engine…";
  say("Checking with the engine…");
  try {
    await engine.ready;
    $("editor-engine").textContent = "Engine ready";
    if (lastSession) engine.request("drop", { session: lastSession }).catch(() => {});
    const answer = await engine.request("scenario", { game: spec.game, scenario: spec.scenario, seat: spec.seat });
    lastSession = answer.session;
    let table = answer.table;
    for (const [i, step] of spec.steps.entries()) {
      const mover = table.current_player;
      try {
        await engine.request("act", { session: lastSession, action: step.type ? step : step.action, seat: mover });
      } catch (err) {
        say(`Step ${i + 1} is refused by the engine: ${err.message}`, "error");
        $("ed-out").hidden = true;
        return false;
      }
      table = (await engine.request("table", { session: lastSession, seat: table.current_player ?? 0 })).table;
    }
    const mover = table.current_player;
    if (mover !== null && mover !== undefined) {
      table = (await engine.request("table", { session: lastSession, seat: mover })).table;
    }
    drawMoves(spec, table);
    if (spec.try && mover !== spec.seat) {
      say(`Valid position, but after the steps it is Player ${(mover ?? 0) + 1}'s turn, not the reader's ` +
        `(Player ${spec.seat + 1}): the reader cannot try a move there.`, "error");
    } else {
      say(`Valid: the engine set up the position and played ${spec.steps.length} step(s).`, "ok");
    }
    await drawSnippets(spec);
    return true;
  } catch (err) {
    say(`Not valid: ${err.message}`, "error");
    $("ed-out").hidden = true;
    $("ed-moves").hidden = true;
    return false;
  }
}

function drawMoves(spec, table) {
  const box = $("ed-legal");
  const mover = table.current_player;
  $("ed-moves").hidden = table.over || mover === null;
  $("ed-mover").textContent = table.over ? "" :
    `Player ${mover + 1} is to move. Click a move to add it to the script (${table.legal.length} legal).`;
  box.replaceChildren(...table.legal.slice(0, 200).map((action) => h("button.btn.ed-step", {
    type: "button", title: JSON.stringify(action), dataset: { action: JSON.stringify(action) },
    onclick: async () => {
      const current = readSpec();
      current.steps = [...(current.steps || []), action];
      writeSpec(current);
      await validate();
    },
  }, describe(action, mover, table, spec.game))));
}

async function drawSnippets(spec) {
  const code = await encodeSpec(spec);
  const root = SITE_ROOT.href;
  const element = `<script type="module" src="${root}widgets.js"></script>\n` +
    `<rules-scenario game="${spec.game}" code="${code}"></rules-scenario>`;
  const title = typeof spec.title === "string" ? spec.title : (spec.title?.en || "Rules scenario");
  const embed = `${root}embed.html?s=${code}`;
  const iframe = `<iframe data-pygame-rules src="${embed}" title="${title.replaceAll('"', "&quot;")}" ` +
    `width="100%" height="520" style="border:0" loading="lazy"></iframe>\n` +
    `<script src="${root}embed-host.js"></script>`;
  $("ed-snippet-element").textContent = element;
  $("ed-snippet-iframe").textContent = iframe;
  $("ed-preview").src = `${embed}&id=preview`;
  $("ed-out").hidden = false;
  Object.assign(window.__editor, { code, embed, element, iframe });
}

function copy(id) {
  const value = $(id).textContent;
  navigator.clipboard.writeText(value).then(() => say("Copied.", "ok"), () => {
    const range = document.createRange();
    range.selectNodeContents($(id));
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    say("Select-all done: press Ctrl+C to copy.", "ok");
  });
}

function editField(fn) {
  try {
    const spec = readSpec();
    fn(spec);
    writeSpec(spec);
  } catch (err) {
    say(err.message, "error");
  }
}

$("ed-demo").replaceChildren(...DEMOS.map((name) => h("option", { value: name }, name)));
$("ed-load").addEventListener("click", () => loadDemo($("ed-demo").value));
$("ed-validate").addEventListener("click", () => validate());
$("ed-seat").addEventListener("change", () => editField((s) => { s.seat = Number($("ed-seat").value); }));
$("ed-try").addEventListener("change", () => editField((s) => { s.try = $("ed-try").checked; }));
$("ed-undo-step").addEventListener("click", () => { editField((s) => { s.steps = (s.steps || []).slice(0, -1); });
  validate(); });
$("ed-copy-element").addEventListener("click", () => copy("ed-snippet-element"));
$("ed-copy-iframe").addEventListener("click", () => copy("ed-snippet-iframe"));
text.addEventListener("change", () => { try { syncControls(readSpec()); } catch (err) { /* shown on validate */ } });
window.__editor.validate = validate;

// The preview frame sizes itself like any embed: the same message shape the host script accepts.
addEventListener("message", (event) => {
  const msg = event.data;
  const frame = $("ed-preview");
  if (event.source !== frame.contentWindow || event.origin !== location.origin) return;
  if (!msg || msg.type !== "pygame_rules:resize" || msg.version !== 1 || typeof msg.height !== "number") return;
  frame.style.height = `${Math.min(Math.max(Math.ceil(msg.height), 100), 20000)}px`;
});
loadDemo(DEMOS[0]).catch((err) => say(err.message, "error"));
