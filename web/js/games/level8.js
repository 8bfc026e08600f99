// Level 8 drawing and gesture mapping. The engine decides everything: legality comes from the table's `legal` list
// (which holds every lay-out the engine's solver finds) and from the engine's `check` op (ui.check), whose message
// is shown live while a lay-out is being built. This module keeps page-only state: the lay-out being built (which
// hand cards in which part, what each joker stands for), the hand's sort order and the cards chosen to keep.
//
// Keys: draw (draw pile), discard:<seat> (a discard pile), hand (the viewer's hand area), hand:<token> (a hand
// card), hand@<seat> (another seat's hand), seat:<seat> (a player's name plate: the skip target), table:<seat> (a
// seat's laid-out parts), part:<seat>:<i> (one laid-out part), part:<seat>:<i>:lo|hi (the ends of a run, where a
// joker is added), lay:<i> (part i of the lay-out being built), placed:<i>:<j> (card j placed in that part).
import { canon, h, plural } from "../util.js";

// The stylesheet of this renderer, loaded once with the module (same origin; the build copies and precaches it).
const sheetUrl = new URL("../../css/level8.css", import.meta.url).href;
if (typeof document !== "undefined" && !document.querySelector(`link[href="${sheetUrl}"]`)) {
  document.head.append(h("link", { rel: "stylesheet", href: sheetUrl }));
}

const JOKER = "J";
const SKIP = "S";
// Display only: a shape per colour so that colours can be told apart without seeing them.
const SHAPES = { R: "●", O: "▲", Y: "■", G: "◆", B: "★", P: "✚" };
const SORT_KEY = "pygame_rules.level8.sort";

let DECK = { colours: [{ code: "R", name: "red" }, { code: "O", name: "orange" }, { code: "Y", name: "yellow" },
  { code: "G", name: "green" }, { code: "B", name: "blue" }, { code: "P", name: "purple" }], low: 1, high: 15 };

let viewerIsHuman = true; // set by render: bots-only games speak of the viewer in the third person

const page = {
  sort: readSort(),
  draft: { sig: "", slots: [], pick: 0, seen: null },
  keep: { sig: "", chosen: [] },
  dismissed: new Set(),
  checked: { key: "", answer: null },
};

function readSort() {
  try { return localStorage.getItem(SORT_KEY) === "colour" ? "colour" : "number"; } catch (err) { return "number"; }
}

// ----- cards -------------------------------------------------------------------------------------------------------
const isJoker = (t) => t[0] === JOKER;
const physical = (t) => (isJoker(t) ? JOKER : t);
const colourName = (code) => DECK.colours.find((c) => c.code === code)?.name || code;
const colourIndex = (code) => DECK.colours.findIndex((c) => c.code === code);

/** {colour, number} of a number card or a declared joker ("J7" -> number 7, "JR" -> colour R). */
function parse(token) {
  if (token === SKIP || token === JOKER) return { colour: null, number: null };
  if (isJoker(token)) {
    const rest = token.slice(1);
    return /^\d+$/.test(rest) ? { colour: null, number: Number(rest) } : { colour: rest, number: null };
  }
  return { colour: token[0], number: Number(token.slice(1)) };
}

/** Words for a card token: "red 7", "joker", "joker as 7", "joker as red", "skip card". */
export function cardName(token) {
  if (token === SKIP) return "skip card";
  if (token === JOKER) return "joker";
  const { colour, number } = parse(token);
  if (isJoker(token)) return `joker as ${number ?? colourName(colour)}`;
  return `${colourName(colour)} ${number}`;
}

/** A card face for a token, or a card back for null/undefined. */
function cardElement(token, extra = "") {
  if (token === null || token === undefined) {
    return h(`span.card.l8c.back${extra}`, { "aria-hidden": "true" }, h("span.l8-back-mark", "8"));
  }
  if (token === SKIP) {
    return h(`span.card.l8c.skip${extra}`, { "aria-hidden": "true", dataset: { token } },
      h("span.l8-skip-mark", "⦸"), h("span.l8-word", "Skip"));
  }
  if (token === JOKER) {
    return h(`span.card.l8c.joker${extra}`, { "aria-hidden": "true", dataset: { token } },
      h("span.corner.tl", "J"), h("span.face", "★"), h("span.l8-word", "Joker"));
  }
  const { colour, number } = parse(token);
  if (isJoker(token)) {
    const cls = colour ? `.joker.as-colour.k-${colour}` : ".joker.as-number";
    return h(`span.card.l8c${cls}${extra}`, { "aria-hidden": "true", dataset: { token } },
      h("span.corner.tl", "J"), h("span.face", number ?? SHAPES[colour] ?? "?"),
      h("span.l8-word", number ? "Joker" : colourName(colour)));
  }
  return h(`span.card.l8c.k-${colour}${extra}`, { "aria-hidden": "true", dataset: { token } },
    h("span.corner.tl", String(number)), h("span.face", String(number)),
    h("span.corner.br.l8-shape", SHAPES[colour] || ""));
}

function slot(text) {
  return h("span.card.l8c.slot", { "aria-hidden": "true" }, text);
}

/** The hand in the chosen order: the engine's order (numbers, then jokers, skips) or grouped by colour. */
function sortedHand(hand) {
  const indexed = hand.map((token, index) => ({ token, index }));
  if (page.sort !== "colour") return indexed;
  const key = ({ token }) => {
    if (token === JOKER) return [DECK.colours.length, 0];
    if (token === SKIP) return [DECK.colours.length + 1, 0];
    const { colour, number } = parse(token);
    return [colourIndex(colour), number];
  };
  return indexed.sort((a, b) => { const x = key(a); const y = key(b); return x[0] - y[0] || x[1] - y[1]; });
}

// ----- the lay-out being built -------------------------------------------------------------------------------------
const layoutsOf = (table) => table.legal.filter((a) => a.type === "lay_out");
const jokersIn = (parts) => parts.reduce((n, p) => n + p.slice(1).filter(isJoker).length, 0);
const cardsIn = (parts) => parts.reduce((n, p) => n + p.length - 1, 0);

/** The solver's lay-outs, the ones keeping jokers in hand and placing the most cards first. */
function suggestions(table) {
  return layoutsOf(table).map((a) => a.parts)
    .sort((a, b) => jokersIn(a) - jokersIn(b) || cardsIn(b) - cardsIn(a));
}

function requirements(view) {
  return view.sheet.levels[view.levels[view.seat] - 1].parts;
}

/** Start a fresh lay-out whenever the position changes (another deal, level or hand). */
function syncDraft(view) {
  const sig = [view.deal, view.seat, view.levels[view.seat], view.hand.join(",")].join("|");
  if (sig !== page.draft.sig) {
    page.draft = { sig, slots: requirements(view).map(() => []), pick: 0, seen: null };
  }
  return page.draft;
}

function placedCounts(draft) {
  const counts = new Map();
  for (const part of draft.slots) for (const t of part) counts.set(physical(t), (counts.get(physical(t)) || 0) + 1);
  return counts;
}

function handCount(view, token) {
  return view.hand.filter((t) => t === token).length;
}

function draftParts(view, draft) {
  return requirements(view).map((req, i) => [req.kind, ...draft.slots[i]]).filter((p) => p.length > 1);
}

/** Does a multiset of tokens fit inside another (a pending joker "J" fits any declared joker)? */
function fitsInside(small, big) {
  const pool = big.slice();
  const undeclared = small.filter((t) => t === JOKER).length;
  for (const t of small) {
    if (t === JOKER) continue;
    const at = pool.indexOf(t);
    if (at < 0) return false;
    pool.splice(at, 1);
  }
  return pool.filter(isJoker).length >= undeclared;
}

/** Can the parts of the draft be matched to distinct parts of a legal lay-out (same kind, cards contained)? */
function consistent(draft, kinds, legalParts, exact = false) {
  const used = new Array(legalParts.length).fill(false);
  const slots = draft.slots.map((cards, i) => ({ kind: kinds[i], cards }));
  function rec(i) {
    if (i === slots.length) return true;
    const { kind, cards } = slots[i];
    if (!cards.length && !exact) return rec(i + 1);
    for (let k = 0; k < legalParts.length; k++) {
      const part = legalParts[k];
      if (used[k] || part[0] !== kind) continue;
      const body = part.slice(1);
      if (exact ? (body.length !== cards.length || !fitsInside(cards, body) || cards.includes(JOKER))
        : !fitsInside(cards, body)) continue;
      used[k] = true;
      if (rec(i + 1)) return true;
      used[k] = false;
    }
    return false;
  }
  return rec(0);
}

/** Put a legal lay-out into the parts of the level (per kind, smallest part into the smallest requirement). */
function fillFrom(view, parts) {
  const reqs = requirements(view);
  const slots = reqs.map(() => []);
  for (const kind of new Set(reqs.map((r) => r.kind))) {
    const idx = reqs.map((r, i) => ({ r, i })).filter((x) => x.r.kind === kind).sort((a, b) => a.r.size - b.r.size);
    const got = parts.filter((p) => p[0] === kind).sort((a, b) => a.length - b.length);
    idx.forEach(({ i }, k) => { slots[i] = got[k] ? got[k].slice(1) : []; });
  }
  return slots;
}

// ----- pieces of the board -----------------------------------------------------------------------------------------
function levelPips(level, laid) {
  return h("span.l8-pips", { "aria-hidden": "true" }, Array.from({ length: 8 }, (_, i) =>
    h(`span.l8-pip${i + 1 < level ? ".done" : i + 1 === level ? (laid ? ".laid" : ".now") : ""}`)));
}

function sheetPanel(view, ui) {
  const sheet = view.sheet;
  const rows = sheet.levels.map((lv) => {
    const here = view.levels.map((l, s) => (l === lv.level ? s : -1)).filter((s) => s >= 0);
    return h(`li.l8-sheet-row${here.includes(view.seat) ? ".mine" : ""}`, { dataset: { level: String(lv.level) } },
      h("span.l8-sheet-num", String(lv.level)), h("span.l8-sheet-text", lv.text),
      h("span.l8-chips", here.map((s) => h(`span.l8-chip${view.laid_out[s] ? ".laid" : ""}${s === view.seat ? ".me" : ""}`,
        { title: `${ui.names[s]}${view.laid_out[s] ? " (laid out)" : ""}` }, shortName(ui.names[s], s, view),
        view.laid_out[s] ? " ✓" : ""))));
  });
  const keep = sheet.keep ? h("p.l8-sheet-note", `Levels ${sheet.keep.levels[0]}–${sheet.keep.levels.at(-1)}: ` +
    `without a lay-out you may keep up to ${sheet.keep.cards} cards for the next deal.`) : null;
  if (page.sheetOpen === undefined) page.sheetOpen = !window.matchMedia?.("(max-width: 640px)").matches;
  const mineNow = view.levels[view.seat];
  return h("details.l8-sheet#level-sheet", { open: page.sheetOpen, "aria-label": `Level sheet: ${sheet.title}`,
    ontoggle: (e) => { page.sheetOpen = e.currentTarget.open; } },
  h("summary.l8-sheet-head", h("h2", "Level sheet"), h("span.l8-sheet-title", sheet.title),
    h("span.l8-sheet-now", `· you: level ${mineNow}, ${view.level_texts[view.seat]}`)),
    sheet.name !== "one_star" ? h("p.l8-sheet-note", sheet.label) : null,
    h("ol.l8-sheet-rows", rows), keep);
}

function shortName(name, s, view) {
  if (s === view.seat && viewerIsHuman) return "You";
  const m = name.match(/^(\w)\w*\s+(\d+)$/);
  return m ? `${m[1]}${m[2]}` : name.slice(0, 3);
}

function discardPile(view, s, ui, mine) {
  const pile = view.discards[s];
  const label = `${mine ? "Your" : `${ui.names[s]}'s`} discard pile: ` +
    (pile.count ? `${plural(pile.count, "card")}, top ${cardName(pile.top)}` : "empty");
  return h("button.pile.l8-discard", { type: "button", "aria-label": label, title: label,
    dataset: mine ? { key: `discard:${s}`, pick: "", drop: "" } : { key: `discard:${s}`, pick: "" } },
  pile.count ? h("span.stack", pile.count > 1 ? cardElement(null, ".under") : null, cardElement(pile.top))
    : slot(mine ? "discard" : "empty"),
  pile.count ? h("span.count", { "aria-hidden": "true" }, String(pile.count)) : null);
}

function partButton(view, s, i, part, ui) {
  const who = s === view.seat ? "Your" : `${ui.names[s]}'s`;
  const label = `${who} ${part.kind === "colour" ? "colour group" : part.kind} ${i + 1}: ` +
    part.cards.map(cardName).join(", ");
  const ends = part.kind === "run" ? [
    h("button.l8-end.lo", { type: "button", "aria-label": `Low end of ${label}`,
      dataset: { key: `part:${s}:${i}:lo`, drop: "" } }, "◂"),
    h("button.l8-end.hi", { type: "button", "aria-label": `High end of ${label}`,
      dataset: { key: `part:${s}:${i}:hi`, drop: "" } }, "▸"),
  ] : [];
  return h(`div.l8-part.kind-${part.kind}`, { dataset: { key: `part:${s}:${i}`, drop: "" } },
    ends[0] || null,
    h("button.l8-part-body", { type: "button", "aria-label": label, title: label,
      dataset: { key: `part:${s}:${i}`, drop: "" } },
    h("span.l8-part-kind", kindWord(part.kind, part.cards.length)),
    h("span.l8-part-cards", part.cards.map((t) => cardElement(t)))),
    ends[1] || null);
}

function kindWord(kind, n) {
  if (kind === "run") return `Run · ${n}`;
  if (kind === "set") return `Set · ${n}`;
  return `Colour · ${n}`;
}

function tableArea(view, s, ui) {
  const parts = view.table[s];
  return h("div.l8-table", { dataset: { key: `table:${s}` } },
    parts.length ? parts.map((p, i) => partButton(view, s, i, p, ui))
      : h("p.l8-none", view.laid_out[s] ? "" : `Level ${view.levels[s]} not laid out yet`));
}

function seatPanel(view, s, ui) {
  const who = ui.names[s];
  const bot = ui.seats[s]?.kind === "bot";
  const skipped = view.skipped[s];
  const label = `${who}: level ${view.levels[s]}${view.laid_out[s] ? ", laid out" : ""}` +
    `${skipped ? ", has a skip card in front" : ""}. Put a skip card here to skip ${who}.`;
  return h(`section.l8-seat${s === view.current_player ? ".to-move" : ""}${skipped ? ".skipped" : ""}`,
    { "aria-label": who, dataset: { seat: String(s) } },
    h("header.l8-seat-head",
      h("button.l8-plate", { type: "button", "aria-label": label, title: label,
        dataset: { key: `seat:${s}`, drop: "" } },
      h("span.l8-name", who), bot ? h("span.badge.level", ui.seats[s].level) : null,
      s === view.dealer ? h("span.badge.dealer", { title: "Dealer" }, "D") : null,
      skipped ? h("span.badge.l8-skipped", "skipped") : null),
      h("span.l8-level", `Lv ${view.levels[s]}`, view.laid_out[s] ? h("span.l8-tick", " ✓") : null),
      levelPips(view.levels[s], view.laid_out[s]),
      h("span.l8-hand-count", { dataset: { key: `hand@${s}` }, "aria-label": `${who} holds ` +
        plural(view.hand_counts[s], "card"), title: `${plural(view.hand_counts[s], "card")} in hand` },
      h("span.mini-back", { "aria-hidden": "true" }), ` ${view.hand_counts[s]}`)),
    h("p.l8-goal", view.level_texts[s]),
    h("div.l8-seat-row", discardPile(view, s, ui, false), tableArea(view, s, ui)));
}

function middle(view, table, ui) {
  const label = `Draw pile: ${plural(view.draw_count, "card")}` +
    (view.skips_under ? `; ${plural(view.skips_under, "skip card")} under it` : "");
  const legal = table.legal;
  return h("section.l8-middle", { "aria-label": "Middle of the table" },
    h("button.pile.l8-draw", { type: "button", "aria-label": label, title: label,
      dataset: { key: "draw", pick: "" }, onclick: (e) => quickTake(e, ui, legal, { type: "draw" }) },
    view.draw_count ? h("span.stack", view.draw_count > 1 ? cardElement(null, ".under") : null, cardElement(null))
      : slot("empty"),
    h("span.count", { "aria-hidden": "true" }, String(view.draw_count))),
    h("div.l8-middle-info",
      h("span", `Deal ${view.deal}`), h("span", `Dealer: ${ui.names[view.dealer]}`),
      view.skips_under ? h("span", `${plural(view.skips_under, "skip card")} under the pile`) : null,
      h("span", view.deck?.title || "")));
}

/** One tap on a pile takes its card when that is a legal move (the same action the drag gesture means). */
function quickTake(event, ui, legal, action) {
  if (!ui.act || !legal.some((a) => canon(a) === canon(action))) return;
  event.stopPropagation();
  ui.act(action, event.currentTarget);
}

function prompt(table, ui) {
  const view = table.view;
  const me = view.seat;
  if (view.over) return "";
  if (view.current_player !== me || ui.seats[me]?.kind !== "human") {
    return `${ui.names[view.current_player]} is playing.`;
  }
  const types = new Set(table.legal.map((a) => a.type));
  if (view.phase === "skipped") return "You are skipped: put the skip card under the draw pile.";
  if (view.phase === "keep") return "Choose up to " + `${view.keep.cards} cards to keep for the next deal.`;
  if (view.phase === "draw") {
    return types.has("take_nothing") ? "No card is left to take." :
      "Take a card: tap the draw pile or a glowing discard pile.";
  }
  const end = types.has("skip") ? "discard a card or put your skip card in front of a player" : "discard a card";
  if (types.has("lay_out")) return `Lay out level ${view.levels[me]} below, or ${end} to end your turn.`;
  if (types.has("add")) return `Add cards to any glowing combination, then ${end}.`;
  return `End your turn: ${end}${view.laid_out[me] ? "" : " (your level cannot be laid out yet)"}.`;
}

function handArea(table, ui, draft) {
  const view = table.view;
  const building = !!draft;
  const placed = building ? placedCounts(draft) : new Map();
  const seen = new Map();
  const fits = building && draft.slots.some((p) => p.length) ? fitting(table, draft) : new Set();
  const cards = sortedHand(view.hand).map(({ token, index }) => {
    const k = seen.get(token) || 0;
    seen.set(token, k + 1);
    const isPlaced = k < (placed.get(token) || 0);
    const label = `Hand card: ${cardName(token)}${isPlaced ? " (in your lay-out)" : ""}`;
    return h(`button.hand-card.l8-hand-card${isPlaced ? ".placed" : ""}${fits.has(token) && !isPlaced ? ".fits" : ""}`,
      { type: "button", "aria-label": label, title: label, dataset: { key: `hand:${token}`, pick: "", index: String(index) } },
      cardElement(token));
  });
  const sortButton = (value, text) => h(`button.l8-sort${page.sort === value ? ".on" : ""}`, { type: "button",
    "aria-pressed": String(page.sort === value), onclick: (e) => {
      e.stopPropagation();
      page.sort = value;
      try { localStorage.setItem(SORT_KEY, value); } catch (err) { /* private mode */ }
      ui.redraw?.();
    } }, text);
  return h("div.l8-hand-wrap",
    h("div.l8-hand-head", h("button.l8-hand-label", { type: "button", dataset: { key: "hand", drop: "" },
      "aria-label": `Your hand, ${plural(view.hand.length, "card")}` + (building ? ": drop a placed card here to " +
        "take it back" : "") }, `Your hand · ${view.hand.length}`),
      h("span.l8-sort-group", { role: "group", "aria-label": "Sort your hand" }, h("span.l8-sort-word", "Sort"),
        sortButton("number", "1-15"), sortButton("colour", "Colour"))),
    h("div.l8-hand", { role: "group", dataset: { key: "hand", drop: "" },
      "aria-label": `Your hand: ${view.hand.map(cardName).join(", ") || "empty"}` },
    cards.length ? cards : h("p.empty-hand", "No cards in hand")));
}

/** Hand cards that occur in some solver lay-out that agrees with the parts built so far. */
function fitting(table, draft) {
  const view = table.view;
  const kinds = requirements(view).map((r) => r.kind);
  const out = new Set();
  for (const parts of suggestions(table)) {
    if (!consistent(draft, kinds, parts)) continue;
    for (const p of parts) for (const t of p.slice(1)) out.add(physical(t));
  }
  return out;
}

// ----- the lay-out builder -----------------------------------------------------------------------------------------
function builder(table, ui, draft) {
  const view = table.view;
  const reqs = requirements(view);
  const all = suggestions(table);
  const kinds = reqs.map((r) => r.kind);
  const section = h("section.l8-builder#layout-builder", { "aria-label": `Lay out level ${view.levels[view.seat]}` });
  const status = h("p.l8-build-status#layout-status", { role: "status", "aria-live": "polite" });

  function draw() {
    const parts = draftParts(view, draft);
    const match = all.find((p) => consistent(draft, kinds, p, true) && cardsIn(p) === cardsIn(parts));
    const open = all.filter((p) => consistent(draft, kinds, p));
    const slots = reqs.map((req, i) => slotElement(view, draft, req, i, open, draw));
    const pickAt = Math.min(draft.pick, Math.max(all.length - 1, 0));
    const shown = all[pickAt];
    const suggest = all.length ? h("div.l8-suggest",
      h("span.l8-suggest-title", `Solver: ${plural(all.length, "way")} to lay out this level` +
        (parts.length ? ` · ${open.length} fit your parts` : "")),
      h("div.l8-suggest-row",
        h("button.btn.l8-prev", { type: "button", "aria-label": "Previous suggestion", disabled: all.length < 2,
          onclick: (e) => { e.stopPropagation(); draft.pick = (pickAt - 1 + all.length) % all.length; draw(); } }, "◀"),
        h("span.l8-suggest-view", { "aria-label": `Suggestion ${pickAt + 1}: ${describeParts(shown)}` },
          shown.map((p) => h("span.l8-mini-part", p.slice(1).map((t) => miniCard(t))))),
        h("button.btn.l8-next", { type: "button", "aria-label": "Next suggestion", disabled: all.length < 2,
          onclick: (e) => { e.stopPropagation(); draft.pick = (pickAt + 1) % all.length; draw(); } }, "▶"),
        h("button.btn.l8-use#use-suggestion", { type: "button", onclick: (e) => {
          e.stopPropagation();
          draft.slots = fillFrom(view, shown);
          ui.redraw?.();
        } }, `Use ${pickAt + 1}/${all.length}`))) :
      h("p.l8-suggest-title", "The solver finds no way to lay out this level with your hand yet.");
    const layButton = h("button.btn.primary#lay-out", { type: "button", disabled: !parts.length,
      onclick: (e) => {
        e.stopPropagation();
        const action = match ? layoutsOf(table).find((a) => a.parts === match) : { type: "lay_out", parts };
        ui.act?.(action, section);
      } }, match ? "Lay out" : "Lay out?");
    const clear = h("button.btn.ghost#clear-layout", { type: "button", disabled: !parts.length, onclick: (e) => {
      e.stopPropagation();
      draft.slots = reqs.map(() => []);
      ui.redraw?.();
    } }, "Clear");
    section.replaceChildren(
      h("header.l8-build-head", h("h3", `Lay out level ${view.levels[view.seat]}`),
        h("span.l8-build-goal", view.level_texts[view.seat])),
      h("p.l8-build-help", "Tap a hand card, then a part (or drag it there). Tap a placed card to move it, or " +
        "put it back on your hand."),
      h("div.l8-slots", slots), status, suggest,
      h("div.l8-build-buttons", clear, layButton));
    judge(draft.sig, parts, match, status, ui);
  }
  draw();
  return section;
}

/** Say whether the lay-out is legal: from the legal list at once, and the engine's own words via `check`. */
function judge(sig, parts, match, status, ui) {
  status.dataset.state = !parts.length ? "empty" : match ? "legal" : "pending";
  if (!parts.length) { status.textContent = "Nothing placed yet."; return; }
  if (match) { status.textContent = "✓ Legal: this lay-out meets your level."; return; }
  const action = { type: "lay_out", parts };
  const key = `${sig}|${canon(action)}`;
  const show = (answer) => {
    if (!answer || !status.isConnected) return;
    status.dataset.state = answer.legal ? "legal" : "illegal";
    status.textContent = answer.legal ? "✓ Legal: this lay-out meets your level." : `✗ ${answer.message}`;
  };
  if (!ui.check) { status.textContent = "Not a lay-out of your level yet."; return; }
  status.textContent = "Checking…";
  if (page.checked.key !== key) page.checked = { key, answer: ui.check(action).catch(() => null) };
  page.checked.answer.then(show);
}

function describeParts(parts) {
  return parts ? parts.map((p) => `${p[0] === "colour" ? "colour group" : p[0]} ${p.slice(1).map(cardName).join(", ")}`)
    .join("; ") : "";
}

function miniCard(token) {
  const { colour, number } = parse(token);
  const text = token === JOKER ? "J" : number ?? (colour ? SHAPES[colour] : token);
  return h(`span.l8-mini.k-${colour || "none"}${isJoker(token) ? ".j" : ""}`, { "aria-hidden": "true" }, String(text));
}

function slotElement(view, draft, req, i, open, redraw) {
  const cards = draft.slots[i];
  const word = req.kind === "colour" ? `${req.size}+ of one colour` : req.kind === "run" ? `Run of ${req.size}+` :
    `${req.text[0].toUpperCase()}${req.text.slice(1)} (${req.size}+)`;
  const label = `Part ${i + 1} of your lay-out: ${word}; ${cards.length ? cards.map(cardName).join(", ") : "empty"}`;
  const placed = cards.map((t, j) => h("button.l8-placed", { type: "button",
    "aria-label": `${cardName(t)} in part ${i + 1}: pick to move it or put it back`,
    dataset: { key: `placed:${i}:${j}`, pick: "", drop: "" } }, cardElement(t)));
  const pending = cards.findIndex((t) => t === JOKER);
  const enough = cards.length >= req.size;
  return h(`div.l8-slot.kind-${req.kind}${enough ? ".full" : ""}`, { dataset: { key: `lay:${i}`, drop: "" } },
    h("button.l8-slot-head", { type: "button", "aria-label": label, dataset: { key: `lay:${i}`, drop: "" } },
      h("span.l8-slot-name", word), h("span.l8-slot-count", `${cards.length}/${req.size}`)),
    h("div.l8-slot-cards", placed.length ? placed : h("span.l8-slot-empty", "drop cards here")),
    pending >= 0 ? jokerPicker(view, draft, req, i, pending, open, redraw) : null);
}

/** A joker placed in a part asks what it stands for; meanings used by the solver's lay-outs are marked. */
function jokerPicker(view, draft, req, i, j, open, redraw) {
  const colour = req.kind === "colour";
  const values = colour ? DECK.colours.map((c) => c.code) :
    Array.from({ length: DECK.high - DECK.low + 1 }, (_, k) => String(DECK.low + k));
  const suggested = new Set();
  for (const parts of open) for (const p of parts) if (p[0] === req.kind) {
    for (const t of p.slice(1)) if (isJoker(t)) suggested.add(t.slice(1));
  }
  return h("div.l8-joker-ask", { role: "group", "aria-label": "What does the joker stand for?" },
    h("span.l8-joker-q", colour ? "The joker stands for the colour:" : "The joker stands for the number:"),
    h("div.l8-joker-values", values.map((v) => h(`button.l8-joker-value${suggested.has(v) ? ".suggested" : ""}` +
      `${colour ? `.k-${v}` : ""}`, { type: "button", dataset: { value: v },
      "aria-label": `Joker as ${colour ? colourName(v) : v}${suggested.has(v) ? " (the solver uses this)" : ""}`,
      onclick: (e) => { e.stopPropagation(); draft.slots[i][j] = `${JOKER}${v}`; redraw(); } },
    colour ? `${SHAPES[v] || ""} ${colourName(v)}` : v))));
}

// ----- keep (two-star sheet) ----------------------------------------------------------------------------------------
function keepPanel(table, ui) {
  const view = table.view;
  const sig = `${view.deal}|${view.hand.join(",")}`;
  if (page.keep.sig !== sig) page.keep = { sig, chosen: [] };
  const limit = view.keep.cards;
  const chosen = page.keep.chosen;
  const cards = view.hand.map((t, i) => h(`button.l8-keep-card${chosen.includes(i) ? ".chosen" : ""}`, {
    type: "button", "aria-pressed": String(chosen.includes(i)), "aria-label": `Keep ${cardName(t)}`,
    onclick: (e) => {
      e.stopPropagation();
      const at = chosen.indexOf(i);
      if (at >= 0) chosen.splice(at, 1); else if (chosen.length < limit) chosen.push(i);
      ui.redraw?.();
    } }, cardElement(t)));
  const picked = chosen.map((i) => view.hand[i]);
  const key = picked.slice().sort().join(",");
  const legal = table.legal.find((a) => a.type === "keep" && a.cards.slice().sort().join(",") === key);
  return h("section.l8-keep#keep-panel", { "aria-label": "Cards to keep" },
    h("h3", `Keep up to ${limit} cards for the next deal`),
    h("p.l8-build-help", "You are on a high level and did not lay out: the cards you keep stay in your hand, " +
      "and you are dealt only up to 10."),
    h("div.l8-keep-cards", cards),
    h("div.l8-build-buttons", h("button.btn.primary#keep-go", { type: "button", onclick: (e) => {
      e.stopPropagation();
      ui.act?.(legal || { type: "keep", cards: picked }, e.currentTarget);
    } }, picked.length ? `Keep ${plural(picked.length, "card")}` : "Keep nothing")));
}

// ----- banners: end of a deal, the winner ---------------------------------------------------------------------------
function dealBanner(view, ui) {
  const last = view.last_deal;
  if (view.over) {
    const w = view.winner;
    const how = last && last.deal === view.deal && last.out === w ? "went out after laying out level 7" :
      "laid out level 8";
    return h("section.l8-banner.win#win-banner", { role: "status" },
      h("h2", `★ ${ui.names[w]} ${w === view.seat && ui.seats[w]?.kind === "human" ? "win" : "wins"} the game`),
      h("p", `${ui.names[w]} ${how} in deal ${view.deal}.`),
      h("p.l8-final", view.levels.map((l, s) => `${ui.names[s]}: level ${s === w ? 8 : l}`).join(" · ")));
  }
  if (!last || page.dismissed.has(last.deal) || view.deal !== last.deal + (view.phase === "keep" ? 0 : 1)) return null;
  const rows = last.moves.map((m, s) => h(`li${s === last.out ? ".out" : ""}`,
    h("span.l8-who", ui.names[s]),
    h("span.l8-move", m === 2 ? "+2 (went out)" : m === 1 ? "+1 (laid out)" : "stays"),
    h("span.l8-lv", `level ${last.before[s]} → ${last.after[s]}`)));
  return h("section.l8-banner#deal-summary", { role: "status", "aria-label": `Deal ${last.deal} summary` },
    h("header", h("h2", `Deal ${last.deal} is over: ${ui.names[last.out]} went out`),
      h("button.btn.ghost.l8-close", { type: "button", "aria-label": "Close the summary", onclick: (e) => {
        e.stopPropagation();
        page.dismissed.add(last.deal);
        e.currentTarget.closest(".l8-banner").remove();
      } }, "✕")),
    h("ul.l8-moves", rows));
}

// ----- the renderer ------------------------------------------------------------------------------------------------
const renderer = {
  name: "level8",
  title: "Level 8",
  rules: [
    "Climb a sheet of eight levels. Each level asks for a few combinations: a run (numbers in a row, any " +
      "colours; 15 is not followed by 1), a set (cards of one number: a pair, a triple…) or a colour group (cards " +
      "of one colour, any numbers). A combination may be longer than the level asks.",
    "Your turn: take one card, from the draw pile or from the top of any discard pile. Once per deal you may put " +
      "your whole level on the table in one go; after that you may add single cards to any combination on the " +
      "table, yours or another player's. Finish by discarding a card, or by giving another player a skip card: " +
      "they miss their next turn. You always keep at least one card.",
    "Jokers stand for any number or colour; you say which when you place one. A deal ends the moment someone " +
      "discards their last card: they move up two levels, everybody else who laid out moves up one. You win by " +
      "laying out level 8, or by going out in a deal in which you laid out level 7.",
    "Worked example, level 3 (a run of 3 and 4 cards of one colour): you hold red 1, green 2, blue 3, yellow 4, " +
      "yellow 9, yellow 11, a joker and two more cards. Lay out red 1 · green 2 · blue 3 as the run and yellow 4, " +
      "9, 11 with the joker named “yellow” as the group, keeping two cards. Later you may add any 4 to that run " +
      "(a joker added there must be named 4) or any yellow card to the group; going out then lifts you to level 5.",
    "The two-star sheet is our own harder sheet (the printed one is not public). On it, a player on level 5–8 " +
      "who did not lay out may keep up to 4 cards for the next deal.",
  ],
  optionHints: {
    sheet: { label: "Level sheet (one_star = the published card, two_star = our harder sheet)" },
    edition: { label: "Deck (101 cards, or the 98-card 2016 edition)" },
  },
  cardElement: (token) => cardElement(token),

  render(table, ui) {
    const view = table.view;
    if (view.deck) DECK = view.deck;
    const me = view.seat;
    const human = ui.seats[me]?.kind === "human";
    viewerIsHuman = human;
    const myTurn = human && view.current_player === me && !view.over;
    const canBuild = myTurn && view.phase === "play" && !view.laid_out[me];
    const draft = canBuild ? syncDraft(view) : null;
    const order = [];
    for (let k = 1; k < view.players; k++) order.push((me + k) % view.players);
    const myLabel = `${ui.names[me]}: level ${view.levels[me]}${view.laid_out[me] ? ", laid out" : ""}`;
    const mine = h(`section.l8-me${view.current_player === me ? ".to-move" : ""}${view.skipped[me] ? ".skipped" : ""}`,
      { "aria-label": `${ui.names[me]}: your table and hand` },
      h("header.l8-seat-head",
        h("span.l8-plate.mine", { dataset: { key: `seat:${me}` }, "aria-label": myLabel },
          h("span.l8-name", human ? `${ui.names[me]} (you)` : ui.names[me]),
          me === view.dealer ? h("span.badge.dealer", { title: "Dealer" }, "D") : null,
          view.skipped[me] ? h("span.badge.l8-skipped", "skipped") : null),
        h("span.l8-level", `Lv ${view.levels[me]}`, view.laid_out[me] ? h("span.l8-tick", " ✓") : null),
        levelPips(view.levels[me], view.laid_out[me]),
        h("span.l8-goal.inline", view.level_texts[me])),
      h("p.l8-prompt#prompt", prompt(table, ui)),
      h("div.l8-seat-row", discardPile(view, me, ui, true), tableArea(view, me, ui)),
      view.phase === "keep" && myTurn ? keepPanel(table, ui) : handArea(table, ui, draft),
      canBuild ? (layoutsOf(table).length || draft.slots.some((s) => s.length) ? builder(table, ui, draft) :
        h("p.l8-suggest-title.l8-no-layout", "The solver finds no way to lay out your level with this hand.")) : null);
    // Taking a discard top with one tap (the drag from pile to hand means the same).
    for (const pile of mine.querySelectorAll(".l8-discard")) {
      pile.addEventListener("click", (e) => quickTake(e, ui, table.legal, { type: "take_discard", seat: me }));
    }
    const seats = order.map((s) => {
      const panel = seatPanel(view, s, ui);
      panel.querySelector(".l8-discard").addEventListener("click",
        (e) => quickTake(e, ui, table.legal, { type: "take_discard", seat: s }));
      return panel;
    });
    return h("div.l8", { dataset: { players: String(view.players), phase: view.phase } },
      dealBanner(view, ui),
      h("div.l8-top", middle(view, table, ui), sheetPanel(view, ui)),
      h("div.l8-seats", seats),
      mine);
  },

  /** Which elements an action moves between (highlights, animations, hints). */
  keys(action, mover, table) {
    const view = table.view;
    const mine = mover === view.seat;
    const hand = mine ? "hand" : `hand@${mover}`;
    const from = (token) => (mine ? `hand:${physical(token)}` : hand);
    switch (action.type) {
      case "draw": return { source: "draw", target: hand, card: null };
      case "take_discard": return { source: `discard:${action.seat}`, target: hand,
        card: view.discards[action.seat].top };
      case "take_nothing": return { button: "Take no card (none is left)" };
      case "lay_out": return mine ? {} : { source: hand, target: `table:${mover}`, card: action.parts[0][1] };
      case "add": {
        const part = view.table[action.seat][action.part];
        let target = `part:${action.seat}:${action.part}`;
        if (mine && isJoker(action.card) && part?.kind === "run") {
          const nums = part.cards.map((t) => parse(t).number);
          target += parse(action.card).number < Math.min(...nums) ? ":lo" : ":hi";
        }
        return { source: from(action.card), target, card: action.card };
      }
      case "discard": return { source: from(action.card), target: `discard:${mover}`, card: action.card };
      case "skip": return { source: from(SKIP), target: `seat:${action.target}`, card: SKIP };
      case "serve_skip": return mine ? { button: "Put the skip card under the draw pile" } :
        { source: `seat:${mover}`, target: "draw", card: SKIP };
      default: return {};
    }
  },

  /** Page-only gestures: placing hand cards into the lay-out being built, moving them, taking them back. */
  gesture(table, source, target) {
    const view = table.view;
    const slotOf = (key) => (key.startsWith("lay:") || key.startsWith("placed:") ? Number(key.split(":")[1]) : null);
    const to = slotOf(target);
    const back = source.startsWith("placed:") && target === "hand";
    if (to === null && !back) return false;
    if (view.phase !== "play" || view.laid_out[view.seat]) return false;
    const draft = syncDraft(view);
    if (source.startsWith("placed:")) {
      const [, i, j] = source.split(":").map(Number);
      const [token] = draft.slots[i]?.splice(j, 1) || [];
      if (token && to !== null && draft.slots[to]) draft.slots[to].push(token);
      return true;
    }
    if (!source.startsWith("hand:") || !draft.slots[to]) return false;
    const token = source.slice(5);
    if ((placedCounts(draft).get(token) || 0) >= handCount(view, token)) {
      // Every copy is placed already: move the one placed last into this part.
      for (let i = draft.slots.length - 1; i >= 0; i--) {
        const at = draft.slots[i].map(physical).lastIndexOf(token);
        if (at >= 0) { draft.slots[i].splice(at, 1); break; }
      }
    }
    draft.slots[to].push(token);
    return true;
  },

  /** The action a "source then target" gesture means, legal or not (the engine judges); null for nonsense. */
  actionFor(table, source, target) {
    const view = table.view;
    const me = view.seat;
    if (target === "hand") {
      if (source === "draw") return { type: "draw" };
      if (source.startsWith("discard:")) return { type: "take_discard", seat: Number(source.split(":")[1]) };
      return null;
    }
    if (!source.startsWith("hand:")) return null;
    const token = source.slice(5);
    if (target === `discard:${me}`) return { type: "discard", card: token };
    if (target.startsWith("seat:") && token === SKIP) return { type: "skip", target: Number(target.split(":")[1]) };
    if (target.startsWith("part:")) {
      const [, s, i, end] = target.split(":");
      const seat = Number(s);
      const part = Number(i);
      if (token !== JOKER) return { type: "add", seat, part, card: token };
      const options = table.legal.filter((a) => a.type === "add" && a.seat === seat && a.part === part &&
        isJoker(a.card));
      const info = view.table[seat]?.[part];
      if (end && info && info.kind === "run") {
        const nums = info.cards.map((t) => parse(t).number);
        const want = end === "lo" ? Math.min(...nums) - 1 : Math.max(...nums) + 1;
        return options.find((a) => parse(a.card).number === want) || { type: "add", seat, part, card: `J${want}` };
      }
      const high = options.slice().sort((a, b) => (parse(b.card).number ?? 0) - (parse(a.card).number ?? 0));
      return high[0] || { type: "add", seat, part, card: JOKER };
    }
    return null;
  },

  /** Words for an action (hints, bot moves). */
  describe(action, mover, table, names) {
    const view = table.view;
    const mine = mover === view.seat && viewerIsHuman;
    const whose = (s) => (s === view.seat ? "your" : `${names[s]}'s`);
    switch (action.type) {
      case "draw": return mine ? "draw a card" : "draws a card";
      case "take_discard": return `${mine ? "take" : "takes"} ${cardName(view.discards[action.seat].top)} from ` +
        `${whose(action.seat)} discard pile`;
      case "take_nothing": return "no card is left to take";
      case "lay_out": return `${mine ? "lay out" : "lays out"} level ${view.levels[mover]}: ${describeParts(action.parts)}`;
      case "add": {
        const part = view.table[action.seat][action.part];
        return `${mine ? "add" : "adds"} ${cardName(action.card)} to ${whose(action.seat)} ` +
          `${part ? (part.kind === "colour" ? "colour group" : part.kind) : "combination"}`;
      }
      case "discard": return `${mine ? "discard" : "discards"} ${cardName(action.card)}`;
      case "skip": return `${mine ? "skip" : "skips"} ${names[action.target]}`;
      case "serve_skip": return "is skipped: the skip card goes under the draw pile";
      case "keep": return `${mine ? "keep" : "keeps"} ${plural(action.cards.length, "card")}`;
      default: return action.type;
    }
  },

  resultDetails(result, names) {
    const w = result.winners?.[0];
    return h("div.l8-result",
      h("p.result-note", `Levels reached after ${plural(result.deals, "deal")} ` +
        "(the score is the number of levels completed):"),
      h("ul.l8-result-levels", (result.levels || []).map((l, s) => h(`li${s === w ? ".winner" : ""}`,
        `${names[s]}: ${s === w ? "all 8 levels" : `level ${l}`}`))));
  },
};

export default renderer;
