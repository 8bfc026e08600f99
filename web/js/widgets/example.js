// The interactive replay of a renderer's worked example (optional renderer member `example`, see docs/web.md).
// The engine sets up the scenario and applies every step; this module only steps back and forth through the
// tables it answered and draws them with the game's renderer. No rule lives here.
import { h } from "../lib/util.js";
import { t } from "../words/i18n.js";

/**
 * Open the replay dialog. example = {label, title, names, seat, scenario, intro, steps: [{seat, action, text}]}.
 * Each step's action is applied by the engine for step.seat; the board is drawn from example.seat's view.
 */
export async function openExample(engine, renderer, example) {
  const seats = example.names.map((name) => ({ kind: "replay", name }));
  const ui = { names: example.names, viewer: example.seat, seats };
  const board = h("div.board.example-board#example-board", { "aria-live": "polite" });
  const caption = h("p.example-caption#example-caption", { "aria-live": "polite" });
  const counter = h("span.example-counter#example-counter");
  const back = h("button.btn#example-back", { type: "button" }, t("example.back"));
  const next = h("button.btn.primary#example-next", { type: "button" }, t("example.next"));
  const restart = h("button.btn.ghost#example-restart", { type: "button" }, t("example.restart"));
  const close = h("button.btn.ghost.example-close#example-close", { type: "button", "aria-label": t("example.close_label"),
    title: t("example.close") }, "✕");
  const dialog = h("dialog.example#example-dialog", { "aria-labelledby": "example-title" },
    h("div.example-head", h("h2#example-title", example.title), counter, close),
    caption,
    h("div.dialog-buttons.example-buttons", restart, back, next),
    board);
  document.body.append(dialog);
  dialog.showModal();

  let session = null;
  const tables = []; // tables[k] = the table after k steps, as the engine answered
  let at = 0;
  let busy = false;

  function draw() {
    const table = tables[at];
    board.replaceChildren(renderer.render(table, { ...ui, width: board.clientWidth }));
    // Point at what the next step moves, as a hint does on the live table.
    const step = example.steps[at];
    if (step) {
      const keys = renderer.keys(step.action, step.seat, table);
      for (const el of board.querySelectorAll("[data-key]")) {
        el.classList.toggle("hinted-static", el.dataset.key === keys.source || el.dataset.key === keys.target);
      }
    }
    for (const el of board.querySelectorAll("button")) el.tabIndex = -1; // a picture, not a table to play on
    caption.textContent = at === 0 ? example.intro : example.steps[at - 1].text;
    const upcoming = step ? t("example.upcoming", { name: example.names[step.seat], move: renderer.describe(step.action,
      step.seat, table, example.names) }) : t("example.end");
    counter.textContent = t("example.counter", { at, n: example.steps.length });
    next.textContent = step ? t("example.next") : t("example.done");
    next.title = upcoming;
    board.dataset.step = String(at);
    caption.append(h("span.example-next", ` ${upcoming}`));
    back.disabled = at === 0 || busy;
    next.disabled = busy;
  }

  async function forward() {
    if (at >= example.steps.length) { dialog.close(); return; }
    if (tables[at + 1]) { at += 1; draw(); return; }
    busy = true;
    next.disabled = true;
    try {
      const step = example.steps[at];
      await engine.request("act", { session, action: step.action, seat: step.seat });
      const answer = await engine.request("table", { session, seat: example.seat });
      tables[at + 1] = answer.table;
      at += 1;
    } catch (err) {
      caption.textContent = t("example.failed_step", { message: err.message });
    } finally {
      busy = false;
    }
    draw();
  }

  back.addEventListener("click", () => { if (at > 0 && !busy) { at -= 1; draw(); } });
  next.addEventListener("click", () => { if (!busy) forward(); });
  restart.addEventListener("click", () => { if (!busy) { at = 0; draw(); } });
  close.addEventListener("click", () => dialog.close());
  dialog.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight") { e.preventDefault(); next.click(); }
    if (e.key === "ArrowLeft") { e.preventDefault(); back.click(); }
  });
  dialog.addEventListener("close", () => {
    dialog.remove();
    if (session) engine.request("drop", { session }).catch(() => {});
  });

  caption.textContent = t("example.setting_up");
  try {
    const answer = await engine.request("scenario", { game: renderer.name, scenario: example.scenario,
      seat: example.seat });
    session = answer.session;
    tables[0] = answer.table;
    draw();
    next.focus();
  } catch (err) {
    caption.textContent = t("example.failed_setup", { message: err.message });
    next.disabled = back.disabled = restart.disabled = true;
  }
}
