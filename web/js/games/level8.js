// Level 8 drawing and gesture mapping. The engine decides everything: legality comes from the table's `legal` list
// (which holds every lay-out the engine's solver finds) and from the engine's `check` op (ui.check), whose message
// is shown live while a lay-out is being built. This module keeps page-only state: the lay-out being built (which
// hand cards in which part, what each joker stands for), the hand's sort order and the cards chosen to keep.
//
// Keys: draw (draw pile), discard:<seat> (a discard pile), hand (the viewer's hand area), hand:<token> (a hand
// card), hand@<seat> (another seat's hand), seat:<seat> (a player's name plate: the skip target), table:<seat> (a
// seat's laid-out parts), part:<seat>:<i> (one laid-out part), part:<seat>:<i>:lo|hi (the ends of a run, where a
// joker is added), lay:<i> (part i of the lay-out being built), placed:<i>:<j> (card j placed in that part).
import { canon, h, nameFromContent } from "../lib/util.js";
import { t as tr } from "../words/i18n.js";
import { refusalWords } from "../words/log-words.js";
import words, { level8CardName as cardName, level8ColourName as colourName, setLevel8Deck } from "./level8-words.js";
import { card, el, numberFace, skipMark } from "../lib/art.js";

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

// Board widths (CSS px) where the table's layout changes (web/css/level8.css, @container l8board): from WIDE_BOARD
// the top row holds the pile and the level sheet side by side; from MID_BOARD up to it the table is one column with
// full-size cards, below MID_BOARD it is the compact phone layout. The sheet's first state and a widget's reserved
// height (renderer.reserve) read them.
const WIDE_BOARD = 609;
const MID_BOARD = 461;

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
const cards = (n) => tr("topspot.cards", { n });
const setName = (n) => (n === 2 ? tr("level8.pair") : n === 3 ? tr("level8.triple") : n === 4 ?
  tr("level8.quadruple") : tr("level8.of_a_kind", { n }));
const kindName = (kind) => (kind === "colour" ? tr("level8.colour_group") : kind === "run" ? tr("level8.run")
  : tr("level8.set"));
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

/** A card face for a token, or a card back for null/undefined. */
function cardElement(token, extra = "") {
  if (token === null || token === undefined) {
    return h(`span.card.l8c.back${extra}`, { "aria-hidden": "true" }, h("span.l8-back-mark", "8"));
  }
  if (token === SKIP) {
    return h(`span.card.l8c.skip${extra}`, { "aria-hidden": "true", dataset: { token } },
      skipMark(), h("span.l8-word", tr("level8.skip_word")));
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
      h("span.l8-sheet-num", String(lv.level)), h("span.l8-sheet-text", levelText(lv.parts)),
      h("span.l8-chips", here.map((s) => h(`span.l8-chip${view.laid_out[s] ? ".laid" : ""}${s === view.seat ? ".me" : ""}`,
        { title: `${ui.names[s]}${view.laid_out[s] ? ` ${tr("level8.laid_out_paren")}` : ""}` },
        shortName(ui.names[s], s, view),
        view.laid_out[s] ? " ✓" : ""))));
  });
  const keep = sheet.keep ? h("p.l8-sheet-note", tr("level8.keep_note", { from: sheet.keep.levels[0],
    to: sheet.keep.levels.at(-1), n: sheet.keep.cards })) : null;
  // Open at first where there is room for it: on a narrow board (a phone, a widget in a narrow box) or in a short
  // window (1280x800) the summary line says the player's own level, and the whole sheet is one tap away, so the table
  // stays above the dock. The board's own width decides (ui.width), the window's only before it is laid out.
  if (page.sheetOpen === undefined) {
    const narrow = ui.width ? ui.width < WIDE_BOARD : !!window.matchMedia?.("(max-width: 640px)").matches;
    page.sheetOpen = !narrow && !window.matchMedia?.("(max-height: 860px)").matches;
  }
  const mineNow = view.levels[view.seat];
  return h("details.l8-sheet#level-sheet", { open: page.sheetOpen, "aria-label": tr("level8.sheet_label", { title: sheetTitle(sheet) }),
    ontoggle: (e) => { page.sheetOpen = e.currentTarget.open; } },
  h("summary.l8-sheet-head", h("h2", tr("level8.sheet")), h("span.l8-sheet-title", sheetTitle(sheet)),
    h("span.l8-sheet-now", tr("level8.sheet_now", { level: mineNow, goal: goalOf(view, view.seat) }))),
    sheet.name !== "one_star" ? h("p.l8-sheet-note", sheet.name === "two_star" ? tr("level8.sheet_note.two_star")
      : sheet.label) : null,
    h("ol.l8-sheet-rows", rows), keep);
}

/** A level's goal in the reader's words from the sheet's structured parts ("2 runs of 3", "1 pair + 2 triples"). */
function levelText(parts) {
  const groups = [];
  for (const p of parts) {
    const last = groups[groups.length - 1];
    if (last && last.kind === p.kind && last.size === p.size) last.n += 1;
    else groups.push({ kind: p.kind, size: p.size, n: 1 });
  }
  return groups.map(({ kind, size, n }) => {
    if (kind === "run") return tr("level8.goal.run", { n, size });
    if (kind === "colour") return tr("level8.goal.colour", { n, size });
    const named = { 2: "level8.goal.pair", 3: "level8.goal.triple", 4: "level8.goal.quadruple" }[size];
    return named ? tr(named, { n }) : tr("level8.goal.set", { n, size });
  }).join(" + ");
}

/** The goal of seat `s` now, from the sheet's parts (the view carries no words). */
function goalOf(view, s) {
  return levelText(view.sheet.levels[view.levels[s] - 1].parts);
}

const SHEET_TITLES = { one_star: "level8.sheet_title.one_star", two_star: "level8.sheet_title.two_star" };
const SHEET_CHOICES = { one_star: "level8.sheet.one_star", two_star: "level8.sheet.two_star" };
const EDITIONS = { 101: "level8.edition.101", 2016: "level8.edition.2016" };
const sheetTitle = (sheet) => (SHEET_TITLES[sheet.name] ? tr(SHEET_TITLES[sheet.name]) : sheet.title);

function shortName(name, s, view) {
  if (s === view.seat && viewerIsHuman) return tr("etalage.you");
  const m = name.match(/^(\w)\w*\s+(\d+)$/);
  return m ? `${m[1]}${m[2]}` : name.slice(0, 3);
}

function discardPile(view, s, ui, mine) {
  const pile = view.discards[s];
  const content = pile.count ? tr("level8.pile_top", { cards: cards(pile.count), card: cardName(pile.top) })
    : tr("topspot.empty");
  const label = mine ? tr("level8.discard_mine", { pile: content }) :
    tr("level8.discard_of", { name: ui.names[s], pile: content });
  return h("button.pile.l8-discard", { type: "button", "aria-label": label, title: label,
    dataset: mine ? { key: `discard:${s}`, pick: "", drop: "" } : { key: `discard:${s}`, pick: "" } },
  pile.count ? h("span.stack", pile.count > 1 ? cardElement(null, ".under") : null, cardElement(pile.top))
    : slot(mine ? tr("level8.discard_slot") : tr("topspot.empty")),
  pile.count ? h("span.count", { "aria-hidden": "true" }, String(pile.count)) : null);
}

function partButton(view, s, i, part, ui) {
  const label = tr(s === view.seat ? "level8.part_mine" : "level8.part_of", { name: ui.names[s],
    kind: kindName(part.kind), n: i + 1, cards: part.cards.map(cardName).join(", ") });
  const ends = part.kind === "run" ? [
    h("button.l8-end.lo", { type: "button", "aria-label": tr("level8.low_end", { label }),
      dataset: { key: `part:${s}:${i}:lo`, drop: "" } }, "◂"),
    h("button.l8-end.hi", { type: "button", "aria-label": tr("level8.high_end", { label }),
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
  if (kind === "run") return tr("level8.kind_run", { n });
  if (kind === "set") return tr("level8.kind_set", { n });
  return tr("level8.kind_colour", { n });
}

function tableArea(view, s, ui) {
  const parts = view.table[s];
  return h("div.l8-table", { dataset: { key: `table:${s}` } },
    parts.length ? parts.map((p, i) => partButton(view, s, i, p, ui))
      : h("p.l8-none", view.laid_out[s] ? "" : tr("level8.not_laid", { level: view.levels[s] })));
}

function seatPanel(view, s, ui) {
  const who = ui.names[s];
  const bot = ui.seats[s]?.kind === "bot";
  const skipped = view.skipped[s];
  const label = tr("level8.seat_level", { name: who, level: view.levels[s] }) +
    (view.laid_out[s] ? tr("level8.laid_out_suffix") : "") + (skipped ? tr("level8.has_skip") : "") +
    tr("level8.skip_here", { name: who });
  return h(`section.l8-seat${s === view.current_player ? ".to-move" : ""}${skipped ? ".skipped" : ""}`,
    { "aria-label": who, dataset: { seat: String(s) } },
    h("header.l8-seat-head",
      h("button.l8-plate", { type: "button", "aria-label": label, title: label,
        dataset: { key: `seat:${s}`, drop: "", skipLabel: ` ${tr("level8.skip_word")}` } },
      h("span.l8-name", who), bot ? h("span.badge.level", tr(`bot.${ui.seats[s].level}`)) : null,
      s === view.dealer ? h("span.badge.dealer", { title: tr("topspot.dealer") }, tr("topspot.dealer_badge")) : null,
      skipped ? h("span.badge.l8-skipped", tr("level8.skipped")) : null),
      h("span.l8-level", tr("level8.lv", { level: view.levels[s] }), view.laid_out[s] ? h("span.l8-tick", " ✓") : null),
      levelPips(view.levels[s], view.laid_out[s]),
      h("span.l8-hand-count", { dataset: { key: `hand@${s}` }, "aria-label": tr("topspot.holds", { name: who,
        cards: cards(view.hand_counts[s]) }), title: tr("topspot.in_hand", { cards: cards(view.hand_counts[s]) }) },
      h("span.mini-back", { "aria-hidden": "true" }), ` ${view.hand_counts[s]}`)),
    h("p.l8-goal", goalOf(view, s)),
    h("div.l8-seat-row", discardPile(view, s, ui, false), tableArea(view, s, ui)));
}

function middle(view, table, ui) {
  const label = tr("skipbo.draw_pile", { cards: cards(view.draw_count) }) +
    (view.skips_under ? tr("level8.skips_under_it", { skips: tr("level8.skip_cards", { n: view.skips_under }) }) : "");
  const legal = table.legal;
  return h("section.l8-middle", { "aria-label": tr("skipbo.middle") },
    h("button.pile.l8-draw", { type: "button", "aria-label": label, title: label,
      dataset: { key: "draw", pick: "" }, onclick: (e) => quickTake(e, ui, legal, { type: "draw" }) },
    view.draw_count ? h("span.stack", view.draw_count > 1 ? cardElement(null, ".under") : null, cardElement(null))
      : slot(tr("topspot.empty")),
    h("span.count", { "aria-hidden": "true" }, String(view.draw_count))),
    h("div.l8-middle-info",
      h("span", tr("level8.deal", { n: view.deal })), h("span", tr("level8.dealer", { name: ui.names[view.dealer] })),
      view.skips_under ? h("span", tr("level8.skips_under_pile", { skips: tr("level8.skip_cards", { n: view.skips_under }) }))
        : null,
      h("span", EDITIONS[view.deck?.edition] ? tr(EDITIONS[view.deck.edition]) : view.deck?.title || "")));
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
    return tr("level8.is_playing", { name: ui.names[view.current_player] });
  }
  const types = new Set(table.legal.map((a) => a.type));
  if (view.phase === "skipped") return tr("level8.you_skipped");
  if (view.phase === "keep") return tr("level8.choose_keep", { n: view.keep.cards });
  if (view.phase === "draw") {
    return types.has("take_nothing") ? tr("level8.nothing_left") : tr("level8.take_a_card");
  }
  const end = types.has("skip") ? tr("level8.end_discard_or_skip") : tr("level8.end_discard");
  if (types.has("lay_out")) return tr("level8.prompt_lay_out", { level: view.levels[me], end });
  if (types.has("add")) return tr("level8.prompt_add", { end });
  return tr("level8.prompt_end", { end }) + (view.laid_out[me] ? "" : tr("level8.cannot_lay_out_yet")) + ".";
}

function handArea(table, ui, draft) {
  const view = table.view;
  const building = !!draft;
  const placed = building ? placedCounts(draft) : new Map();
  const seen = new Map();
  const fits = building && draft.slots.some((p) => p.length) ? fitting(table, draft) : new Set();
  const handCards = sortedHand(view.hand).map(({ token, index }) => {
    const k = seen.get(token) || 0;
    seen.set(token, k + 1);
    const isPlaced = k < (placed.get(token) || 0);
    const label = tr(isPlaced ? "level8.hand_card_placed" : "level8.hand_card", { card: cardName(token) });
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
      "aria-label": tr("level8.hand_count_label", { cards: cards(view.hand.length) }) +
        (building ? tr("level8.drop_back") : "") }, tr("level8.hand_count", { n: view.hand.length })),
      h("span.l8-sort-group", { role: "group", "aria-label": tr("level8.sort_label") },
        h("span.l8-sort-word", tr("level8.sort")), sortButton("number", "1-15"), sortButton("colour", tr("level8.sort_colour")))),
    h("div.l8-hand", { role: "group", dataset: { key: "hand", drop: "" },
      "aria-label": tr("topspot.your_hand", { cards: view.hand.map(cardName).join(", ") || tr("topspot.empty") }) },
    handCards.length ? handCards : h("p.empty-hand", tr("skipbo.no_cards"))));
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
  const section = h("section.l8-builder#layout-builder", { "aria-label": tr("level8.lay_out_level", {
    level: view.levels[view.seat] }) });
  const status = h("p.l8-build-status#layout-status", { role: "status", "aria-live": "polite" });

  function draw() {
    const parts = draftParts(view, draft);
    const match = all.find((p) => consistent(draft, kinds, p, true) && cardsIn(p) === cardsIn(parts));
    const open = all.filter((p) => consistent(draft, kinds, p));
    const slots = reqs.map((req, i) => slotElement(view, draft, req, i));
    const pickAt = Math.min(draft.pick, Math.max(all.length - 1, 0));
    const shown = all[pickAt];
    const suggest = all.length ? h("div.l8-suggest",
      h("span.l8-suggest-title", tr("level8.solver_ways", { n: all.length }) +
        (parts.length ? tr("level8.fit_parts", { n: open.length }) : "")),
      h("div.l8-suggest-row",
        h("button.btn.l8-prev", { type: "button", "aria-label": tr("level8.prev_suggestion"), disabled: all.length < 2,
          onclick: (e) => { e.stopPropagation(); draft.pick = (pickAt - 1 + all.length) % all.length; draw(); } }, "◀"),
        h("span.l8-suggest-view", { role: "img", "aria-label": tr("level8.suggestion", { n: pickAt + 1, parts: describeParts(shown) }) },
          shown.map((p) => h("span.l8-mini-part", p.slice(1).map((t) => miniCard(t))))),
        h("button.btn.l8-next", { type: "button", "aria-label": tr("level8.next_suggestion"), disabled: all.length < 2,
          onclick: (e) => { e.stopPropagation(); draft.pick = (pickAt + 1) % all.length; draw(); } }, "▶"),
        h("button.btn.l8-use#use-suggestion", { type: "button", onclick: (e) => {
          e.stopPropagation();
          draft.slots = fillFrom(view, shown);
          ui.redraw?.();
        } }, tr("level8.use", { n: pickAt + 1, of: all.length })))) :
      h("p.l8-suggest-title", tr("level8.no_way_yet"));
    const layButton = h("button.btn.primary#lay-out", { type: "button", disabled: !parts.length,
      onclick: (e) => {
        e.stopPropagation();
        const action = match ? layoutsOf(table).find((a) => a.parts === match) : { type: "lay_out", parts };
        ui.act?.(action, section);
      } }, match ? tr("level8.lay_out") : tr("level8.lay_out_q"));
    const clear = h("button.btn.ghost#clear-layout", { type: "button", disabled: !parts.length, onclick: (e) => {
      e.stopPropagation();
      draft.slots = reqs.map(() => []);
      ui.redraw?.();
    } }, tr("topspot.clear"));
    section.replaceChildren(
      h("header.l8-build-head", h("h3", tr("level8.lay_out_level", { level: view.levels[view.seat] })),
        h("span.l8-build-goal", goalOf(view, view.seat))),
      h("p.l8-build-help", tr("level8.build_help")),
      h("div.l8-slots", slots), status, suggest,
      h("div.l8-build-buttons", clear, layButton));
    nameFromContent(section);
    judge(draft, parts, match, { status, section, redraw: draw }, ui);
  }
  draw();
  return section;
}

/**
 * Say whether the lay-out is legal: from the legal list at once, and the engine's own answer via `check`. A joker
 * left undeclared is the engine's to read: where the part allows one meaning only (red 4, joker, blue 6) the engine
 * takes the lay-out as it is; where there is a real choice it answers `joker_choice` with the meanings that make
 * the part legal, and only then does the part ask the player, offering exactly those (no rule lives here).
 */
function judge(draft, parts, match, { status, section, redraw }, ui) {
  status.dataset.state = !parts.length ? "empty" : match ? "legal" : "pending";
  if (!parts.length) { status.textContent = tr("level8.nothing_placed"); return; }
  if (match) { status.textContent = tr("level8.layout_legal"); return; }
  const action = { type: "lay_out", parts };
  const key = `${draft.sig}|${canon(action)}`;
  // the builder's part of each part sent (empty parts are not sent)
  const slotOf = draft.slots.map((cards, i) => (cards.length ? i : -1)).filter((i) => i >= 0);
  const show = (answer) => {
    if (!answer || !status.isConnected) return;
    const words = answer.legal ? null : refusalWords(answer, { game: "level8", names: ui.names });
    const choice = !answer.legal && answer.reason === "joker_choice" ? answer.params : null;
    status.dataset.state = answer.legal ? "legal" : choice ? "ask" : "illegal";
    status.textContent = answer.legal ? tr("level8.layout_legal") : `${choice ? "?" : "✗"} ${words.text}`;
    if (words?.detail) status.title = words.detail; else status.removeAttribute("title");
    for (const holder of section.querySelectorAll(".l8-joker-holder")) holder.replaceChildren();
    const slot = choice ? slotOf[choice.part] : undefined;
    const holder = slot === undefined ? null : section.querySelector(`.l8-joker-holder[data-slot="${slot}"]`);
    const at = slot === undefined ? -1 : draft.slots[slot].indexOf(JOKER);
    if (holder && at >= 0) holder.append(jokerPicker(choice.kind, choice.values, draft, slot, at, redraw));
  };
  if (!ui.check) { status.textContent = tr("level8.not_a_layout"); return; }
  status.textContent = tr("level8.checking");
  if (page.checked.key !== key) page.checked = { key, answer: ui.check(action).catch(() => null) };
  page.checked.answer.then(show);
}

function describeParts(parts) {
  return parts ? parts.map((p) => `${kindName(p[0])} ${p.slice(1).map(cardName).join(", ")}`)
    .join("; ") : "";
}

function miniCard(token) {
  const { colour, number } = parse(token);
  const text = token === JOKER ? "J" : number ?? (colour ? SHAPES[colour] : token);
  return h(`span.l8-mini.k-${colour || "none"}${isJoker(token) ? ".j" : ""}`, { "aria-hidden": "true" }, String(text));
}

function slotElement(view, draft, req, i) {
  const cards = draft.slots[i];
  const word = req.kind === "colour" ? tr("level8.req_colour", { n: req.size }) : req.kind === "run" ?
    tr("level8.req_run", { n: req.size }) : tr("level8.req_set", { name: setName(req.size), n: req.size });
  const label = tr("level8.slot_label", { n: i + 1, word,
    cards: cards.length ? cards.map(cardName).join(", ") : tr("topspot.empty") });
  const placed = cards.map((t, j) => h("button.l8-placed", { type: "button",
    "aria-label": tr("level8.placed_label", { card: cardName(t), n: i + 1 }),
    dataset: { key: `placed:${i}:${j}`, pick: "", drop: "" } }, cardElement(t)));
  const enough = cards.length >= req.size;
  return h(`div.l8-slot.kind-${req.kind}${enough ? ".full" : ""}`, { dataset: { key: `lay:${i}`, drop: "" } },
    h("button.l8-slot-head", { type: "button", "aria-label": label, dataset: { key: `lay:${i}`, drop: "" } },
      h("span.l8-slot-name", word), h("span.l8-slot-count", `${cards.length}/${req.size}`)),
    h("div.l8-slot-cards", placed.length ? placed : h("span.l8-slot-empty", tr("level8.drop_cards"))),
    // where the engine finds a real choice for a joker of this part, judge() puts the question here
    h("div.l8-joker-holder", { dataset: { slot: String(i) } }));
}

/** A joker with a real choice asks what it stands for, offering only the meanings the engine found legal for the
 * part (numbers in runs and sets, colour codes in colour groups). */
function jokerPicker(kind, values, draft, i, j, redraw) {
  const colour = kind === "colour";
  return h("div.l8-joker-ask", { role: "group", "aria-label": tr("level8.joker_ask") },
    h("span.l8-joker-q", colour ? tr("level8.joker_colour") : tr("level8.joker_number")),
    h("div.l8-joker-values", values.map((value) => {
      const v = String(value);
      return h(`button.l8-joker-value${colour ? `.k-${v}` : ""}`, { type: "button", dataset: { value: v },
        "aria-label": tr("level8.joker_value", { value: colour ? colourName(v) : v }),
        onclick: (e) => { e.stopPropagation(); draft.slots[i][j] = `${JOKER}${v}`; redraw(); } },
      colour ? `${SHAPES[v] || ""} ${colourName(v)}` : v);
    })));
}

// ----- keep (two-star sheet) ----------------------------------------------------------------------------------------
function keepPanel(table, ui) {
  const view = table.view;
  const sig = `${view.deal}|${view.hand.join(",")}`;
  if (page.keep.sig !== sig) page.keep = { sig, chosen: [] };
  const limit = view.keep.cards;
  const chosen = page.keep.chosen;
  const buttons = view.hand.map((t, i) => h(`button.l8-keep-card${chosen.includes(i) ? ".chosen" : ""}`, {
    type: "button", "aria-pressed": String(chosen.includes(i)), "aria-label": tr("level8.keep_card", { card: cardName(t) }),
    onclick: (e) => {
      e.stopPropagation();
      const at = chosen.indexOf(i);
      if (at >= 0) chosen.splice(at, 1); else if (chosen.length < limit) chosen.push(i);
      ui.redraw?.();
    } }, cardElement(t)));
  const picked = chosen.map((i) => view.hand[i]);
  const key = picked.slice().sort().join(",");
  const legal = table.legal.find((a) => a.type === "keep" && a.cards.slice().sort().join(",") === key);
  return h("section.l8-keep#keep-panel", { "aria-label": tr("level8.cards_to_keep") },
    h("h3", tr("level8.keep_up_to", { n: limit })),
    h("p.l8-build-help", tr("level8.keep_help")),
    h("div.l8-keep-cards", buttons),
    h("div.l8-build-buttons", h("button.btn.primary#keep-go", { type: "button", onclick: (e) => {
      e.stopPropagation();
      ui.act?.(legal || { type: "keep", cards: picked }, e.currentTarget);
    } }, picked.length ? tr("level8.keep_n", { cards: cards(picked.length) }) : tr("level8.keep_nothing"))));
}

// ----- banners: end of a deal, the winner ---------------------------------------------------------------------------
function dealBanner(view, ui) {
  const last = view.last_deal;
  if (view.over) {
    const w = view.winner;
    const how = last && last.deal === view.deal && last.out === w ? "level8.won_going_out" : "level8.won_level8";
    return h("section.l8-banner.win#win-banner", { role: "status" },
      h("h2", `★ ${tr("level8.wins_game", { name: ui.names[w] })}`),
      h("p", tr(how, { name: ui.names[w], deal: view.deal })),
      h("p.l8-final", view.levels.map((l, s) => tr("level8.name_level", { name: ui.names[s], level: s === w ? 8 : l }))
        .join(" · ")));
  }
  if (!last || page.dismissed.has(last.deal) || view.deal !== last.deal + (view.phase === "keep" ? 0 : 1)) return null;
  const rows = last.moves.map((m, s) => h(`li${s === last.out ? ".out" : ""}`,
    h("span.l8-who", ui.names[s]),
    h("span.l8-move", m === 2 ? tr("level8.went_out") : m === 1 ? tr("level8.laid_out_move") : tr("level8.stays")),
    h("span.l8-lv", tr("level8.level_from_to", { from: last.before[s], to: last.after[s] }))));
  return h("section.l8-banner#deal-summary", { role: "status", "aria-label": tr("level8.deal_summary", { n: last.deal }) },
    h("header", h("h2", tr("level8.deal_over", { n: last.deal, name: ui.names[last.out] })),
      h("button.btn.ghost.l8-close", { type: "button", "aria-label": tr("level8.close_summary"), onclick: (e) => {
        e.stopPropagation();
        page.dismissed.add(last.deal);
        e.currentTarget.closest(".l8-banner").remove();
      } }, "✕")),
    h("ul.l8-moves", rows));
}

// ----- the renderer ------------------------------------------------------------------------------------------------
// ----- the start page's tile picture: a few of the game's cards (lib/art.js frames it) -----
function picture() {
  const shapes = { "#dc2626": "●", "#2563eb": "★" };
  const run = [["3", "#dc2626"], ["4", "#dc2626"], ["5", "#dc2626"]].map(([n, c], i) =>
    card(22 + i * 26, 20, -8 + i * 4, [...numberFace(n, c), el("text", { x: 37, y: 57, "font-size": 8, fill: c,
      "text-anchor": "end" }, shapes[c])]));
  const joker = card(104, 20, 10, [el("text", { x: 22, y: 38, "font-size": 22, fill: "#7c3aed", "text-anchor": "middle" },
    "★"), el("text", { x: 22, y: 54, "font-size": 8, "font-weight": 700, fill: "#7c3aed", "text-anchor": "middle" },
    "JOKER")]);
  return [...run, joker];
}

const renderer = {
  name: "level8",
  title: "Level 8",
  // the start page's tile and Play button, a widget's reserved height, the words (docs/web.md, the renderer table)
  pitch: () => tr("home.pitch.level8"),
  picture,
  quick: { players: 2, options: {}, minutes: [30, 60] },
  reserve: { wideFrom: WIDE_BOARD, midFrom: MID_BOARD,
    wide: [0, 0, 622, 640, 700, 760, 820], mid: [0, 0, 702, 712, 772, 832, 892], narrow: [0, 0, 586, 630, 690, 750, 810],
    live: { wide: [0, 0, 964, 997, 1057, 1117, 1177], mid: [0, 0, 1050, 1087, 1147, 1207, 1267],
      narrow: [0, 0, 943, 980, 1040, 1100, 1160] } },
  words,
  // lessons: the catalogue key of the game's name in a lesson list's title, and the lesson targets the editor offers
  // (the declared tests of pygame_rules/lessons.py that need no parameter beyond what the editor asks)
  lessons: { title: "lesson.game.level8", targets: ["level_laid_out", "event", "game_won"] },
  rules: () => ["level8.rules.1", "level8.rules.2", "level8.rules.3", "level8.rules.4", "level8.rules.5"].map((k) => tr(k)),
  optionHints: {
    sheet: { label: () => tr("level8.option.sheet"), choices: (c) => (SHEET_CHOICES[c] ? tr(SHEET_CHOICES[c]) : c) },
    edition: { label: () => tr("level8.option.edition"), choices: (c) => (EDITIONS[c] ? tr(EDITIONS[c]) : c) },
  },
  cardElement: (token) => cardElement(token),

  /** The board for `table`, its buttons named from content (nameFromContent in util.js). */
  render(table, ui) {
    return nameFromContent(renderer.drawBoard(table, ui));
  },

  drawBoard(table, ui) {
    const view = table.view;
    if (view.deck) {
      DECK = view.deck;
      setLevel8Deck(view.deck); // the card names of the log and the refusals too
    }
    const me = view.seat;
    const human = ui.seats[me]?.kind === "human";
    viewerIsHuman = human;
    const myTurn = human && view.current_player === me && !view.over;
    const canBuild = myTurn && view.phase === "play" && !view.laid_out[me];
    const draft = canBuild ? syncDraft(view) : null;
    const order = [];
    for (let k = 1; k < view.players; k++) order.push((me + k) % view.players);
    const myLabel = tr("level8.seat_level", { name: ui.names[me], level: view.levels[me] }) +
      (view.laid_out[me] ? tr("level8.laid_out_suffix") : "");
    const mine = h(`section.l8-me${view.current_player === me ? ".to-move" : ""}${view.skipped[me] ? ".skipped" : ""}`,
      { "aria-label": tr("level8.my_area", { name: ui.names[me] }) },
      h("header.l8-seat-head",
        h("span.l8-plate.mine", { dataset: { key: `seat:${me}` }, "aria-label": myLabel },
          h("span.l8-name", human ? `${ui.names[me]} ${tr("topspot.you")}` : ui.names[me]),
          me === view.dealer ? h("span.badge.dealer", { title: tr("topspot.dealer") }, tr("topspot.dealer_badge")) : null,
          view.skipped[me] ? h("span.badge.l8-skipped", tr("level8.skipped")) : null),
        h("span.l8-level", tr("level8.lv", { level: view.levels[me] }), view.laid_out[me] ? h("span.l8-tick", " ✓") : null),
        levelPips(view.levels[me], view.laid_out[me]),
        h("span.l8-goal.inline", goalOf(view, me))),
      h("p.l8-prompt#prompt", prompt(table, ui)),
      h("div.l8-seat-row", discardPile(view, me, ui, true), tableArea(view, me, ui)),
      view.phase === "keep" && myTurn ? keepPanel(table, ui) : handArea(table, ui, draft),
      canBuild ? (layoutsOf(table).length || draft.slots.some((s) => s.length) ? builder(table, ui, draft) :
        h("p.l8-suggest-title.l8-no-layout", tr("level8.no_way"))) : null);
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
      case "take_nothing": return { button: tr("level8.take_nothing_button") };
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
      case "serve_skip": return mine ? { button: tr("level8.serve_button") } :
        { source: `seat:${mover}`, target: "draw", card: SKIP };
      default: return {};
    }
  },

  /** A hinted lay-out goes into the builder, as the solver's "Use" puts one there. */
  buildHint(action, table) {
    if (action.type !== "lay_out") return false;
    syncDraft(table.view).slots = fillFrom(table.view, action.parts);
    return true;
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
    const own = (s) => s === view.seat;
    const pick4 = (a, b, keys) => keys[(a ? 0 : 2) + (b ? 0 : 1)]; // [a&b, a&!b, !a&b, !a&!b]
    switch (action.type) {
      case "draw": return mine ? tr("level8.says_draw") : tr("level8.says_draws");
      case "take_discard": return tr(pick4(mine, own(action.seat), ["level8.says_take_mine", "level8.says_take_of",
        "level8.says_takes_mine", "level8.says_takes_of"]),
        { card: cardName(view.discards[action.seat].top), name: names[action.seat] });
      case "take_nothing": return tr("level8.nothing_left_says");
      case "lay_out": return tr(mine ? "level8.says_lay_out" : "level8.says_lays_out", { level: view.levels[mover],
        parts: describeParts(action.parts) });
      case "add": {
        const part = view.table[action.seat][action.part];
        return tr(pick4(mine, own(action.seat), ["level8.says_add_mine", "level8.says_add_of", "level8.says_adds_mine",
          "level8.says_adds_of"]), { card: cardName(action.card),
          name: names[action.seat], part: part ? kindName(part.kind) : tr("level8.combination") });
      }
      case "discard": return tr(mine ? "level8.says_discard" : "level8.says_discards", { card: cardName(action.card) });
      case "skip": return tr(mine ? "level8.says_skip" : "level8.says_skips", { name: names[action.target] });
      case "serve_skip": return tr("level8.says_served");
      case "keep": return tr(mine ? "level8.says_keep" : "level8.says_keeps", { cards: cards(action.cards?.length ?? action.count) }); // others see only the count
      default: return action.type;
    }
  },

  resultDetails(result, names) {
    const w = result.winners?.[0];
    return h("div.l8-result",
      h("p.result-note", tr("level8.result_note", { n: result.deals })),
      h("ul.l8-result-levels", (result.levels || []).map((l, s) => h(`li${s === w ? ".winner" : ""}`,
        s === w ? tr("level8.all_levels", { name: names[s] }) : tr("level8.name_level", { name: names[s], level: l })))));
  },
};

export default renderer;
