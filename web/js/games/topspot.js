// Top Spot drawing and gesture mapping. The engine decides everything: the legal list (table.legal) and the view's
// `playable` list (every legal stack of the seat to move with its value and what it shows from above) are the only
// sources of legality and value here; any other stack goes to the engine's `check` op through the table, whose
// message is shown. This module keeps one piece of page state of its own: the stack the player is building (which
// hand cards, in which order, and the colour a leading joker stack declares).
//
// Keys: stack (the stack being built: the source of every play of the viewer), hand@<seat> (a seat's hand),
// spot:<seat> (that seat's place in the current round: the target of its play).
import { h, nameFromContent, setLabel } from "../lib/util.js";
import { t } from "../words/i18n.js";
import { card, el } from "../lib/art.js";
import words, { cardName, colourName, topspotEnd } from "./topspot-words.js";

// The stylesheet of this renderer, loaded once with the module (same origin; the build copies and precaches it).
const sheet = new URL("../../css/topspot.css", import.meta.url).href;
if (typeof document !== "undefined" && !document.querySelector(`link[href="${sheet}"]`)) {
  document.head.append(h("link", { rel: "stylesheet", href: sheet }));
}

const JOKER = "joker";
let LAYOUTS = null; // the deck's card layouts, from the last view drawn (cards never change within a session)

// The stack being built: indices into view.hand, top card first; `sig` ties it to one position of one round.
const draft = { sig: "", picks: [], colour: null };

// ----- cards -------------------------------------------------------------------------------------------------------
const colourOf = (card) => (card === JOKER ? JOKER : card.slice(0, card.lastIndexOf("-")));
const numberOf = (card) => (card === JOKER ? null : Number(card.slice(card.lastIndexOf("-") + 1)));
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const cards = (n) => t("topspot.cards", { n });
/** A shape per colour, printed on every card, chip and window, so that colours never have to be told apart by hue
 * alone (the same shapes as Level 8's colours). */
export const SYMBOLS = { red: "●", yellow: "■", green: "◆", blue: "★", purple: "✚", joker: "J" };
const sym = (colour) => SYMBOLS[colour] || "";

function layoutOf(card) {
  if (!LAYOUTS) return null;
  return card === JOKER ? LAYOUTS.joker : LAYOUTS.cards[String(numberOf(card))];
}

/** What one cell of a single card is: "s" (spot), "h" (hole) or "b" (blank). */
function cellKind(layout, cell) {
  if (layout.spots.includes(cell)) return "s";
  return layout.holes.includes(cell) ? "h" : "b";
}

function cardLabel(card) {
  const lay = layoutOf(card);
  const corners = lay ? t("topspot.corners", { a: lay.corners[0], b: lay.corners[1] }) : "";
  return `${cardName(card)}${corners}`;
}

/** A card face drawn as its 3x3 grid (spot = white dot, hole = window to the table, blank = plain) with its corner
 * numbers (spots, spots + holes); null/undefined draws a card back. */
function cardElement(card, extra = "") {
  if (card === null || card === undefined) return h(`span.ts-card.back${extra}`, { "aria-hidden": "true" });
  const lay = layoutOf(card);
  const cells = [];
  for (let cell = 0; cell < 9; cell++) {
    const kind = lay ? cellKind(lay, cell) : "b";
    cells.push(h(`span.cell.${kind}`, kind === "h" ? h("span.win") : kind === "s" ? h("span.dot") : null));
  }
  return h(`span.ts-card.c-${colourOf(card)}${extra}`, { "aria-hidden": "true", dataset: { card } },
    h("span.corner.tl", lay ? String(lay.corners[0]) : ""),
    h("span.corner.br", lay ? String(lay.corners[1]) : ""),
    h("span.grid", cells),
    h("span.id", card === JOKER ? "J" : `#${numberOf(card)}`),
    card === JOKER ? null : h("span.sym", sym(colourOf(card))));
}

/** A stack seen from above, from the engine's top view: the top card's surface with the cells below showing
 * through its holes (each window coloured by the card seen there). */
function stackElement(cards, topView, extra = "") {
  const top = cards[0];
  const cells = topView.map(([depth, what]) => {
    if (depth === 0) return h(`span.cell.${what === "spot" ? "s" : "b"}`, what === "spot" ? h("span.dot") : null);
    if (depth === null) return h("span.cell.h", h("span.win"));
    const below = colourOf(cards[depth]);
    return h("span.cell.h", h(`span.win.c-${below}`, { dataset: { depth: String(depth) } },
      what === "spot" ? h("span.dot") : below !== colourOf(top) ? h("span.win-sym", sym(below)) : null));
  });
  return h(`span.ts-card.ts-stack-face.c-${colourOf(top)}${extra}`, { "aria-hidden": "true" },
    h("span.grid", cells),
    top === JOKER ? null : h("span.sym", sym(colourOf(top))),
    cards.length > 1 ? h("span.depth", { title: t("topspot.cards", { n: cards.length }) }, `×${cards.length}`) : null);
}

const stackWords = (list) => list.map(cardName).join(t("topspot.over"));

/** replaceChildren without the null/false placeholders of optional parts. */
function fill(el, ...children) {
  el.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false && c !== ""));
}

// ----- the stack being built ---------------------------------------------------------------------------------------
function draftCards(view) {
  return draft.picks.map((i) => view.hand[i]);
}

/** Start a fresh stack whenever the position changes (new round, a play made, another hand). */
function syncDraft(view) {
  const sig = [view.match?.game_number ?? 1, view.round, view.tiebreak, view.table.length, view.hand.join(",")]
    .join("|");
  if (sig !== draft.sig) {
    draft.sig = sig;
    draft.picks = [];
    draft.colour = null;
  }
}

/** What the engine says about the stack being built: its playable entry (value, top view) or none, the colours a
 * leading joker stack may declare with these cards (from the legal list), and which hand cards extend it legally. */
function judge(table) {
  const view = table.view;
  const cards = draftCards(view);
  const key = cards.join(" ");
  const entry = (view.playable || []).find((p) => p.cards.join(" ") === key) || null;
  const colours = table.legal.filter((a) => a.colour && a.cards.join(" ") === key).map((a) => a.colour);
  const next = new Set();
  for (const p of view.playable || []) {
    if (p.cards.length === cards.length + 1 && p.cards.slice(0, cards.length).join(" ") === key) {
      next.add(p.cards[cards.length]);
    }
  }
  if (!colours.includes(draft.colour)) draft.colour = null;
  return { cards, entry, colours, next };
}

function draftAction(view, colours) {
  return { type: "play", cards: draftCards(view), colour: colours.length ? draft.colour : null };
}

// ----- the board ---------------------------------------------------------------------------------------------------
function seatStrip(view, ui) {
  return h("ol.ts-seats", { "aria-label": t("newgame.players") }, view.hand_counts.map((count, s) => {
    const who = ui.names[s];
    const bot = ui.seats[s]?.kind === "bot";
    const classes = [s === view.current_player ? ".to-move" : "", s === view.you ? ".me" : "",
      count ? "" : ".out"].join("");
    const total = view.match ? view.match.totals[s] : null;
    return h(`li.ts-seat${classes}`, { dataset: { seat: String(s) } },
      h("span.ts-seat-name", who, s === view.you && !bot ? h("span.you", ` ${t("topspot.you")}`) : null),
      bot ? h("span.badge.level", t(`bot.${ui.seats[s].level}`)) : null,
      s === view.dealer ? h("span.badge.dealer", { title: t("topspot.dealer") }, t("topspot.dealer_badge")) : null,
      h("span.ts-hand-count", { title: t("topspot.in_hand", { cards: cards(count) }),
        "aria-label": t("topspot.holds", { name: who, cards: cards(count) }) },
      h("span.mini-back", { "aria-hidden": "true", dataset: { key: `hand@${s}` } }), ` ${count}`),
      h("span.ts-points", { title: t("topspot.rounds_won", { n: view.rounds_won[s] }) +
        (view.bonus[s] ? t("topspot.extra", { n: view.bonus[s] }) : "") +
        (total !== null ? t("topspot.match_total", { total }) : "") },
      h("strong", String(view.scores[s])), ` ${t("topspot.pts", { n: view.scores[s] })}`,
      total !== null ? h("span.ts-total", ` · Σ ${total}`) : null));
  }));
}

function colourChip(colour) {
  return h(`span.ts-chip.c-${colour}`, `${sym(colour)} ${cap(colourName(colour))}`);
}

function playBlock(play, ui, extra = {}) {
  const who = ui.names[play.player];
  const label = t("topspot.play_label", { name: who, stack: stackWords(play.cards), value: play.value }) +
    (play.follows ? "" : t("topspot.did_not_follow", { colour: extra.led ? colourName(extra.led) : t("topspot.the_colour") }));
  return h(`div.ts-play${play.follows ? "" : ".off"}${extra.winner ? ".winner" : ""}`,
    { role: "img", "aria-label": label, title: label, dataset: extra.winner ? { won: t("topspot.won_badge") } : {} },
    h("span.ts-play-face", stackElement(play.cards, play.top_view),
      h("span.ts-value", { "aria-hidden": "true" }, String(play.value))),
    h("span.ts-play-cards", { "aria-hidden": "true" }, play.cards.map((c) =>
      h(`span.ts-mini.c-${colourOf(c)}`, c === JOKER ? "J" : `${sym(colourOf(c))}${numberOf(c)}`))),
    play.follows ? null : h("span.ts-tag", t("topspot.off_colour")));
}

function roundArea(table, ui) {
  const view = table.view;
  const me = ui.seats[view.you]?.kind === "human" ? view.you : null; // a bots-only game has no drop target
  const byPlayer = new Map(view.table.map((p) => [p.player, p]));
  const title = view.over ? t("result.game_over") : view.tiebreak ?
    t("topspot.round_tiebreak", { round: view.round, n: view.tiebreak }) : t("topspot.round", { round: view.round });
  const led = view.led_colour;
  const slots = view.over ? [] : view.order.map((s) => {
    const play = byPlayer.get(s);
    const mine = s === me;
    const who = ui.names[s];
    const label = play ? t("topspot.play_of", { name: who }) :
      mine ? t("topspot.place_mine") : t("topspot.place_of", { name: who });
    const body = play ? playBlock(play, ui, { led }) : h("span.ts-card.slot", s === view.current_player ?
      (mine ? t("topspot.your_play") : ui.seats[s]?.kind === "bot" ? t("topspot.thinking") : t("topspot.to_play"))
      : t("topspot.to_play"));
    return h(`div.ts-slot${s === view.current_player ? ".to-move" : ""}`,
      h("span.ts-slot-name", who),
      mine && !play ? h("button.ts-spot", { type: "button", "aria-label": t("topspot.play_here", { label }),
        dataset: { key: `spot:${s}`, drop: "" } }, body)
        : h("div.ts-spot", { dataset: { key: `spot:${s}` }, "aria-label": label }, body));
  });
  const pot = view.pot.length ? h("p.ts-pot", t(view.tiebreak > 1 ? "topspot.pot_many" : "topspot.pot_one",
    { cards: cards(view.pot.length) })) : null;
  return h("section.ts-round", { "aria-label": t("topspot.this_round") },
    h("header.ts-round-head", h("h2", title),
      led ? h("span.ts-led", `${t("topspot.led_colour")} `, colourChip(led)) : view.over ? null :
        h("span.ts-led", t("topspot.leads_chooses", { name: ui.names[view.order[0]] }))),
    slots.length ? h("div.ts-slots", slots) : null, pot,
    lastRound(view, ui));
}

function lastRound(view, ui) {
  const last = view.last_round;
  if (!last) return null;
  let verdict;
  if (last.winner !== null && last.winner !== undefined) {
    verdict = h("p.ts-verdict-line.won", h("strong", ui.names[last.winner]), ` ${t("topspot.wins_with",
      { best: last.best })}`, last.cards.length ? ` ${t("topspot.takes", { cards: cards(last.cards.length) })}` : "",
    ".");
  } else if (last.cards && last.cards.length) {
    verdict = h("p.ts-verdict-line", t("topspot.tie_nobody", { best: last.best }));
  } else {
    verdict = h("p.ts-verdict-line", t("topspot.tie_between", { best: last.best,
      names: last.tied.map((s) => ui.names[s]).join(t("common.and")) }));
  }
  const name = last.tiebreak ? t("topspot.last_tiebreak", { round: last.round, n: last.tiebreak }) :
    t("topspot.last_round_n", { round: last.round });
  return h("section.ts-last", { "aria-label": t("topspot.last_round", { name }) },
    h("header.ts-last-head", h("h3", t("topspot.last_round_head", { name })),
      last.led_colour ? colourChip(last.led_colour) : null),
    verdict,
    h("div.ts-last-plays", last.plays.map((p) => h("div.ts-last-play", h("span.ts-slot-name", ui.names[p.player]),
      playBlock(p, ui, { winner: p.player === last.winner, led: last.led_colour })))));
}

// ----- the player's own area: hand and stack builder ----------------------------------------------------------------
function myArea(table, ui) {
  const view = table.view;
  const me = view.you;
  const human = ui.seats[me]?.kind === "human";
  const canBuild = human && !view.over && view.current_player === me && table.legal.length > 0;
  syncDraft(view);
  if (!canBuild) draft.picks = [];

  // The hand, grouped by colour (deck order, jokers last), each card a button that adds it to the stack.
  const groups = new Map();
  view.hand.forEach((card, index) => {
    const colour = colourOf(card);
    if (!groups.has(colour)) groups.set(colour, []);
    groups.get(colour).push({ card, index });
  });
  const buttons = [];
  const hand = h("div.ts-hand", { role: "group",
    "aria-label": t("topspot.your_hand", { cards: view.hand.map(cardName).join(", ") || t("topspot.empty") }) },
  [...groups].map(([colour, group]) => h(`div.ts-group.c-${colour}`,
    h("span.ts-group-name", colour === JOKER ? t("topspot.jokers") : `${sym(colour)} ${cap(colourName(colour))}`,
      h("span.n", ` ${group.length}`)),
    h("div.ts-group-cards", group.map(({ card, index }) => {
      // When a bot plays this seat (a bots-only game), its moves fly from the hand: the cards stand for "stack".
      const b = h("button.ts-hand-card", { type: "button", disabled: !canBuild, "aria-label": cardLabel(card),
        dataset: human ? { card, index: String(index) } : { card, index: String(index), key: "stack" },
        onclick: (e) => { e.stopPropagation(); toggle(index); } },
      cardElement(card), h("span.ts-order", { "aria-hidden": "true" }));
      buttons.push(b);
      return b;
    })))));
  if (!view.hand.length) hand.append(h("p.empty-hand", t("topspot.out")));

  // Nothing to build for a bot's seat, after the game or with no cards left: the hand alone.
  if (!human || view.over || !view.hand.length) {
    return h("section.ts-me.watching", { "aria-label": t("topspot.hand_of", { name: ui.names[me] }) }, hand);
  }

  // The builder: a preview of the stack (the source of the play), what the engine says about it, and buttons.
  const preview = h("button.ts-preview", { type: "button", dataset: { key: "stack", pick: "" } });
  const list = h("ol.ts-draft-list", { "aria-label": t("topspot.stack_list") });
  const verdict = h("p.ts-verdict", { role: "status", "aria-live": "polite" });
  const colourRow = h("div.ts-colours", { role: "group", "aria-label": t("topspot.joker_colour_label") });
  const playButton = h("button.btn.primary.ts-play-button", { type: "button", onclick: (e) => playDraft(e) },
    t("topspot.play"));
  const clearButton = h("button.btn.ts-clear", { type: "button", onclick: (e) => {
    e.stopPropagation();
    draft.picks = [];
    draft.colour = null;
    refresh();
  } }, t("topspot.clear"));
  const area = h(`section.ts-me${canBuild ? ".to-move" : ""}`, { "aria-label": t("topspot.stack_and_hand") },
    h("div.ts-builder", h("div.ts-preview-wrap", preview, h("span.ts-preview-label", t("topspot.your_stack"))),
      h("div.ts-builder-info", verdict, list, colourRow, h("div.ts-builder-buttons", playButton, clearButton))),
    hand);

  function toggle(index) {
    const at = draft.picks.indexOf(index);
    if (at >= 0) draft.picks.splice(at, 1);
    else draft.picks.push(index);
    refresh();
  }

  function playDraft(event) {
    event.stopPropagation();
    // The same gesture as picking the stack and dropping it on your place: the table checks it against the legal
    // list and, when it is not there, asks the engine why.
    const board = area.closest("#board") || area.parentElement;
    const target = board.querySelector(`[data-key="spot:${me}"]`);
    if (!target) return;
    if (!preview.classList.contains("selected")) preview.click();
    target.click();
  }

  function refresh() {
    const { cards, entry, colours, next } = judge(table);
    const legalNow = !!entry;
    fill(preview, entry ? stackElement(entry.cards, entry.top_view) :
      h("span.ts-card.slot", cards.length ? "✗" : t("topspot.empty")),
    entry ? h("span.ts-value", { "aria-hidden": "true" }, String(entry.value)) : null);
    preview.classList.toggle("empty", !cards.length);
    preview.classList.toggle("illegal", cards.length > 0 && !legalNow);
    setLabel(preview, !cards.length ? t("topspot.stack_empty") : t("topspot.stack_is", {
      stack: stackWords(cards), verdict: legalNow ? t("topspot.worth", { value: entry.value }) : t("topspot.cannot") }));
    // "over" between the stacked cards is drawn by the CSS from data-over, in the reader's language
    fill(list, ...cards.map((c, i) => h("li", { dataset: { over: t("topspot.over").trim() } },
      h("button.ts-draft-card", { type: "button",
      "aria-label": t("topspot.take_off", { card: cardName(c) }), title: t("topspot.take_it_off"),
      onclick: (e) => { e.stopPropagation(); toggle(draft.picks[i]); } },
    h("span", { "aria-hidden": "true" }, h(`span.ts-mini.c-${colourOf(c)}`, c === JOKER ? "J" :
      `${sym(colourOf(c))}${numberOf(c)}`), ` ${cardName(c)} ×`)))));
    nameFromContent(list);
    if (!canBuild) fill(verdict, view.over ? t("topspot.over_msg") : t("topspot.wait"));
    else if (!cards.length) {
      fill(verdict, view.led_colour ? h("span", colourChip(view.led_colour), ` ${t("topspot.was_led")} `) : null,
        t("topspot.pick_top"));
    } else if (legalNow) {
      fill(verdict, h("span.ok", t("topspot.legal")), ` · ${t("topspot.worth_word")} `,
        h("strong.ts-worth", String(entry.value)), colours.length && !draft.colour ? ` · ${t("topspot.choose_colour")}` : "");
    } else {
      fill(verdict, h("span.bad", t("topspot.not_legal")), ` · ${t("topspot.press_why")}`);
    }
    verdict.dataset.state = !cards.length ? "empty" : legalNow ? "legal" : "illegal";
    fill(colourRow, ...(colours.length ? [h("span.ts-colours-label", t("topspot.joker_stands")),
      ...colours.map((c) => h(`button.ts-colour.c-${c}${draft.colour === c ? ".chosen" : ""}`, {
        type: "button", "aria-pressed": String(draft.colour === c), dataset: { colour: c },
        onclick: (e) => { e.stopPropagation(); draft.colour = c; refresh(); } }, `${sym(c)} ${cap(colourName(c))}`))] : []));
    colourRow.hidden = !colours.length;
    playButton.disabled = !canBuild || !cards.length;
    playButton.textContent = cards.length && !legalNow ? t("topspot.why_not") : t("topspot.play");
    clearButton.disabled = !cards.length;
    for (const b of buttons) {
      const index = Number(b.dataset.index);
      const at = draft.picks.indexOf(index);
      b.classList.toggle("picked", at >= 0);
      b.querySelector(".ts-order").textContent = at >= 0 ? String(at + 1) : "";
      b.classList.toggle("fits", canBuild && at < 0 && next.has(b.dataset.card));
      b.setAttribute("aria-pressed", String(at >= 0));
      setLabel(b, `${cardLabel(b.dataset.card)}` + (at >= 0 ? t("topspot.nth_in_stack", { n: at + 1 }) :
        next.has(b.dataset.card) && canBuild ? t("topspot.fits") : ""));
    }
  }
  refresh();
  return area;
}

// ----- the renderer ------------------------------------------------------------------------------------------------
// ----- the start page's tile picture: a few of the game's cards (lib/art.js frames it) -----
/** A Top Spot style card: a 3x3 grid of spots (dots), holes (windows) and blanks, in one colour. */
function gridCard(x, y, turn, fill, cells, windowFill) {
  const inner = [];
  cells.split("").forEach((kind, i) => {
    const cx = 9 + (i % 3) * 13;
    const cy = 14 + Math.floor(i / 3) * 17;
    if (kind === "s") inner.push(el("circle", { cx: cx + 4, cy: cy + 4, r: 4, fill: "#fff" }));
    if (kind === "h") inner.push(el("rect", { x: cx - 1, y: cy - 1, width: 10, height: 10, rx: 2, fill: windowFill }));
  });
  return card(x, y, turn, inner, { fill });
}

function picture() {
  return [
    gridCard(36, 20, -12, "#7c3aed", "sbhbsbhsb", "#0f2e1d"),
    gridCard(62, 16, -2, "#16a34a", "hbsbhbsbh", "#0f2e1d"),
    gridCard(88, 18, 10, "#dc2626", "shbbsbbhs", "#facc15"),
  ];
}

const renderer = {
  name: "topspot",
  title: "Top Spot",
  // the start page's tile and Play button, a widget's reserved height, the words (docs/web.md, the renderer table)
  pitch: () => t("home.pitch.topspot"),
  picture,
  quick: { players: 3, options: { games: 1 }, minutes: [10, 20] },
  reserve: { wide: [0, 0, 340, 368, 400, 430, 460], narrow: [0, 0, 320, 347, 380, 410, 440] },
  words,
  // lessons: the catalogue key of the game's name in a lesson list's title, and the lesson targets the editor offers
  // (the declared tests of pygame_rules/lessons.py that need no parameter beyond what the editor asks)
  lessons: { title: "lesson.game.topspot", targets: ["round_won", "event", "game_won"] },
  rules: () => ["topspot.rules.1", "topspot.rules.2", "topspot.rules.3", "topspot.rules.4"].map((k) => t(k)),
  optionHints: {
    level: { label: () => t("topspot.option.level"), choices: (c) => (c === "expert" ? t("topspot.level.expert") : t("topspot.level.junior")) },
    joker_each: { label: () => t("topspot.option.joker_each"), short: () => t("topspot.option_short.joker_each") },
    games: { label: () => t("topspot.option.games"), short: () => t("topspot.option_short.games"), value: 1 }, // one game unless the player asks for a match
  },
  cardElement: (card) => cardElement(card),

  /** The board for `table`, its buttons named from content (nameFromContent in util.js). */
  render(table, ui) {
    return nameFromContent(renderer.drawBoard(table, ui));
  },

  drawBoard(table, ui) {
    const view = table.view;
    LAYOUTS = view.layouts;
    return h("div.ts", { dataset: { players: String(view.players), level: view.level } },
      seatStrip(view, ui), roundArea(table, ui), myArea(table, ui));
  },

  /** A play moves from the mover's hand (the viewer: the stack being built) to the mover's place in the round. */
  keys(action, mover, table) {
    if (action.type !== "play") return {};
    const source = mover === table.view.you ? "stack" : `hand@${mover}`;
    return { source, target: `spot:${mover}`, card: action.cards[0] };
  },

  /** A hinted play goes into the stack being built, its cards in order (identical jokers take distinct cards). */
  buildHint(action, table) {
    const view = table.view;
    if (action.type !== "play") return false;
    syncDraft(view);
    const picks = [];
    for (const c of action.cards) {
      const at = view.hand.findIndex((held, i) => held === c && !picks.includes(i));
      if (at < 0) return false;
      picks.push(at);
    }
    draft.picks = picks;
    draft.colour = action.colour ?? null;
    return true;
  },

  /** Dropping the stack on your own place means playing it as built (legal or not: the engine judges). */
  actionFor(table, source, target) {
    const view = table.view;
    if (source !== "stack" || target !== `spot:${view.you}`) return null;
    syncDraft(view);
    return draftAction(view, judge(table).colours);
  },

  describe(action, mover, table, names) {
    if (action.type !== "play") return action.type;
    const view = table.view;
    const key = action.cards.join(" ");
    const entry = mover === view.you ? (view.playable || []).find((p) => p.cards.join(" ") === key) : null;
    return t(mover === view.you ? "topspot.says_play" : "topspot.says_plays", { stack: stackWords(action.cards) }) +
      (action.colour ? t("topspot.says_as", { colour: colourName(action.colour) }) : "") +
      (entry ? ` (${t("topspot.worth", { value: entry.value })})` : "");
  },

  resultDetails(result, names) {
    const games = result.games || [result];
    const rows = games.map((g, i) => h("tr", games.length > 1 ? h("th", { scope: "row" }, t("topspot.game_n", { n: i + 1 })) : null,
      ...names.map((_, s) => h("td", `${g.rounds_won?.[s] ?? 0}` + (g.bonus?.[s] ? ` + ${g.bonus[s]}` : "")))));
    return h("div.ts-result",
      h("p.result-note", t("topspot.rounds_won_note")),
      h("table.scores", h("thead", h("tr", games.length > 1 ? h("th", "") : null,
        ...names.map((n) => h("th", { scope: "col" }, n)))), h("tbody", rows)),
      games.length === 1 && topspotEnd(result.end_code, result.end_player, names)
        ? h("p.result-note", t("topspot.ended", { reason: topspotEnd(result.end_code, result.end_player, names) }))
        : null);
  },
};

export default renderer;
