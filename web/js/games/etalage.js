// Etalage drawing and gesture mapping. The engine decides everything (legality, the colour ranking, who claims,
// scores); this module only draws the view and says which action a "source -> target" gesture means.
// Keys: hand:<card> (the viewer's hand card), hand@<seat> (another seat's hand), trick:<seat> (the card a seat
// played in this trick; the viewer's own slot receives a play), group:<colour> (a colour group on the display,
// picked to claim it), won:<seat> (a seat's face-down pile of won cards; the viewer's own pile receives a claim).
import { h, nameFromContent } from "../lib/util.js";
import { t } from "../words/i18n.js";
import { el, INK, PAPER } from "../lib/art.js";
import words from "./etalage-words.js";


const colourOf = (card) => card.slice(0, card.lastIndexOf("-"));
const numberOf = (card) => Number(card.slice(card.lastIndexOf("-") + 1));
const COLOURS = () => ({ red: t("colour.red"), yellow: t("colour.yellow"), green: t("colour.green"),
  blue: t("colour.blue"), purple: t("colour.purple"), orange: t("colour.orange") });
/** A colour's name in the reader's language: lower case in running text, capitalised as a heading. */
const colourName = (colour) => COLOURS()[colour] || colour;
const colourWord = (colour) => { const w = colourName(colour); return w.charAt(0).toUpperCase() + w.slice(1); };
const cardWords = (card) => t("topspot.card", { colour: colourName(colourOf(card)), n: numberOf(card) });
const numbers = (cards) => cards.map(numberOf).join(", ");
const ordinal = (n) => t("etalage.ordinal", { n });
const count = (n) => t("topspot.cards", { n });

/** A card face ("red-7") or, for null/undefined, a card back. */
function cardElement(card, extra = "") {
  if (card === null || card === undefined) {
    return h(`span.card.back.et-back${extra}`, { "aria-hidden": "true" }, h("span.back-mark", "E"));
  }
  const colour = colourOf(card);
  const n = String(numberOf(card));
  return h(`span.card.et-card.et-${colour}${extra}`, { "aria-hidden": "true", dataset: { card } },
    h("span.corner.tl", n), h("span.face", n), h("span.et-word", colourName(colour)), h("span.corner.br", n));
}

function slot(text, extra = "") {
  return h(`span.card.slot${extra}`, { "aria-hidden": "true" }, text);
}

/** A colour's swatch: a dot in the colour, for lists. */
function swatch(colour) {
  return h(`span.et-swatch.et-${colour}`, { "aria-hidden": "true" });
}

function statusWords(entry, order, names) {
  if (entry.status === "tied") return t("etalage.tied");
  if (entry.status === "blocked") return t("etalage.blocked");
  return entry.seats.map((s) => `${ordinal(order.indexOf(s) + 1)} ${names[s]}`).join(", ");
}

/** The colours of a trick, strongest first, as the engine ranked them (status claims / tied / blocked). */
function rankingList(ranking, names, claimants = [], claims = []) {
  const order = ranking.filter((e) => e.status === "claims").flatMap((e) => e.seats);
  const done = new Map(claims.map((c) => [c.seat, c]));
  return h("ol.et-ranking-list", ranking.map((entry) => {
    const who = entry.seats.map((s, i) => {
      const claim = done.get(s);
      const now = claimants[0] === s;
      const took = claim ? (claim.colour ? ` ${t("etalage.took", { colour: colourName(claim.colour),
        numbers: numbers(claim.cards) })}` : ` ${t("etalage.took_nothing")}`) : "";
      return h(`span.et-claimant${now ? ".now" : ""}${claim ? ".done" : ""}`,
        `${names[s]} ${numberOf(entry.cards[i])}${took}`);
    });
    return h(`li.et-rank.et-status-${entry.status}`, { dataset: { colour: entry.colour, status: entry.status,
      strength: String(entry.strength) } },
      h("span.et-rank-head", swatch(entry.colour), h("span.et-rank-colour", colourWord(entry.colour)),
        h("span.et-strength", { title: t("etalage.strength_title") }, String(entry.strength))),
      h("span.et-rank-who", who.flatMap((el, i) => (i ? [" · ", el] : [el]))),
      h("span.et-rank-status", statusWords(entry, order, names)));
  }));
}

/** Whether the viewing seat is a person here (not a bot seat shown in a bots-only game, nor a replay). */
const isHuman = (view, ui) => ui.seats[view.seat]?.kind === "human";

function seatPanel(view, s, ui, current) {
  const who = ui.names[s];
  const me = s === view.seat;
  const you = me && isHuman(view, ui);
  const totals = view.match ? view.match.totals : null;
  const claiming = view.phase === "claim" && current === s;
  const playing = view.phase === "play" && current === s;
  const state = claiming ? t("etalage.claims_badge") : playing ? t("etalage.to_play") : null;
  const won = view.won_counts[s];
  // Won cards lie face down (the engine sends no score until the end unless the option open_winnings is on):
  // then the viewer's own panel shows the count like everyone else's.
  const open = me && view.score !== null && view.score !== undefined;
  const wonLabel = open ? t("etalage.won_mine", { name: who, cards: count(won), score: view.score })
    : t("etalage.won_of", { name: who, cards: count(won) });
  return h(`section.et-seat${current === s ? ".to-move" : ""}${me ? ".me" : ""}`, { "aria-label": who,
    dataset: { seat: String(s) } },
    h("header.et-seat-head", h("span.et-seat-name", you ? `${who} ${t("topspot.you")}` : who),
      view.leader === s && !view.over ? h("span.badge.et-lead", { title: t("etalage.leads_title") }, t("etalage.leads"))
        : null,
      ui.seats[s]?.kind === "bot" ? h("span.badge.level", t(`bot.${ui.seats[s].level}`)) : null,
      state ? h("span.badge.et-state", state) : null),
    h("div.et-seat-stats",
      h("span.et-hand-count", { dataset: me ? {} : { key: `hand@${s}` },
        "aria-label": t("topspot.holds", { name: who, cards: count(view.hand_counts[s]) }),
        title: t("etalage.cards_in_hand") },
      h("span.mini-back", { "aria-hidden": "true" }), ` ${view.hand_counts[s]}`),
      open ? null : h("span.et-won", { dataset: me ? {} : { key: `won:${s}` }, "aria-label": wonLabel,
        title: wonLabel }, h("span.et-won-stack", { "aria-hidden": "true" }), ` ${t("etalage.won_count", { n: won })}`),
      open ? h("span.et-points", { title: t("etalage.points_title") }, t("etalage.pts", { n: view.score })) : null,
      totals ? h("span.et-match", { title: t("etalage.match_title") }, t("etalage.match", { total: totals[s] }))
        : null));
}

function trickRow(view, ui, current) {
  const played = new Map(view.plays.map((p, i) => [p.seat, { card: p.card, order: i + 1 }]));
  const order = [];
  for (let k = 0; k < view.players; k++) order.push((view.leader + k) % view.players);
  return h("div.et-trick", { role: "group", "aria-label": t("etalage.trick_of", { n: view.trick_number, of: view.tricks }) },
    order.map((s) => {
      const me = s === view.seat;
      const you = me && isHuman(view, ui);
      const who = ui.names[s];
      const p = played.get(s);
      const waiting = !p && view.phase === "play" && current === s;
      const label = p ? t("etalage.played", { name: who, card: cardWords(p.card) }) : view.phase !== "play" ?
        t("etalage.no_card", { name: who }) : me ? t("etalage.drop_here", { name: who }) :
          t("etalage.not_yet", { name: who });
      const data = me ? { key: `trick:${s}`, drop: "" } : { key: `trick:${s}` };
      const body = p ? cardElement(p.card) : slot(you && waiting ? t("etalage.play_here") : waiting ? "…" : "",
        waiting ? ".waiting" : "");
      const inner = [h("span.et-slot-name", you ? t("etalage.you") : who), body];
      return me ? h("button.pile.et-slot.mine", { type: "button", "aria-label": label, title: label, dataset: data },
        ...inner) : h("div.et-slot", { role: "img", "aria-label": label, title: label, dataset: data }, ...inner);
    }));
}

function rankingPanel(view, ui) {
  const names = ui.names;
  if (view.plays.length) {
    const heading = view.phase === "claim" ? t("etalage.claims") : t("etalage.strength_so_far");
    const cur = view.claimants[0];
    const note = view.phase === "claim"
      ? (cur === view.seat && isHuman(view, ui)
        ? t("etalage.your_claim") : t("etalage.chooses", { name: names[cur] }))
      : view.ranking.some((e) => e.status !== "claims") ? t("etalage.equal_stop") : null;
    return h("section.et-ranking", { "aria-label": heading, dataset: { phase: view.phase } },
      h("h2", heading), rankingList(view.ranking, names, view.claimants, view.claims),
      note ? h("p.et-note", note) : null);
  }
  const last = view.last_trick;
  if (!last) {
    return h("section.et-ranking", { "aria-label": t("etalage.strength") }, h("h2", t("etalage.strength")),
      h("p.et-note", t("etalage.first_trick", { name: names[view.leader] })));
  }
  const nobody = !last.claims.length;
  const settled = t("etalage.settled", { n: last.number });
  return h("section.et-ranking.et-last", { "aria-label": settled, dataset: { phase: "last" } },
    h("h2", settled), rankingList(last.ranking, names, [], last.claims),
    h("p.et-note", nobody ? t("etalage.nobody", { name: names[last.next_leader] })
      : t("etalage.joined", { name: names[last.next_leader] })));
}

function displayPanel(view) {
  const total = view.display.length;
  const groups = view.display_groups.map((g) => {
    const label = t("etalage.group_label", { colour: colourWord(g.colour), numbers: numbers(g.cards), sum: g.sum });
    return h(`button.pile.et-group.et-${g.colour}`, { type: "button", "aria-label": label, title: label,
      dataset: { key: `group:${g.colour}`, pick: "", colour: g.colour } },
      h("span.et-fan", { vars: { "--n": String(g.cards.length) } }, g.cards.map((c, i) => {
        const el = cardElement(c);
        el.style.setProperty("--i", String(i));
        return el;
      })),
      h("span.et-sum", { "aria-hidden": "true" }, `${colourWord(g.colour)} ${g.sum}`));
  });
  return h("section.et-display", { "aria-label": t("etalage.display_label", { cards: count(total) }) },
    h("h2", `${t("etalage.display")} `, h("span.et-sub", count(total))),
    h("div.et-groups", groups.length ? groups : h("p.et-note", t("etalage.display_empty"))));
}

function minePanel(view, ui, current) {
  const me = view.seat;
  const hand = view.hand.map((c) => h("button.hand-card.et-hand-card", { type: "button",
    "aria-label": t("skipbo.hand_card", { card: cardWords(c) }), dataset: { key: `hand:${c}`, pick: "" } },
  cardElement(c)));
  // Face down (the default): the engine sends only the number of cards won, so the pile is drawn as backs with
  // that count; with open_winnings (or at the end) it also sends the cards and the score.
  const open = Array.isArray(view.won);
  const n = open ? view.won.length : view.won_counts[me];
  const wonLabel = open ? t("etalage.my_won", { cards: view.won.length ? view.won.map(cardWords).join(", ") :
    t("etalage.none"), score: view.score }) : t("etalage.my_won_hidden", { cards: count(n) });
  return h(`section.et-me${current === me && !view.over ? ".to-move" : ""}`, { "aria-label": t("etalage.your_hand") },
    h("div.et-hand", { role: "group", "aria-label": t("topspot.your_hand", {
      cards: view.hand.map(cardWords).join(", ") || t("topspot.empty") }) },
    hand.length ? hand : h("p.empty-hand", t("skipbo.no_cards"))),
    h("button.pile.et-my-won", { type: "button", "aria-label": wonLabel, title: wonLabel,
      dataset: { key: `won:${me}`, drop: "" } },
      n ? h("span.stack", n > 1 ? cardElement(null, ".under") : null, cardElement(null))
        : slot(t("etalage.won_slot")),
      open ? h("span.et-my-score", h("strong", t("etalage.pts", { n: view.score })), h("span.et-sub", ` · ${count(n)}`))
        : h("span.et-my-score.et-face-down", h("strong", t("etalage.won_count", { n })))));
}

/** The rulebook's worked example (six players), replayed by the start page with the engine. */
const EXAMPLE = () => ({
  label: t("etalage.example.label"),
  title: t("etalage.example.title"),
  names: ["Anna", "Ben", "Cécile", "Dora", "Emiel", "Frank"],
  seat: 5,
  scenario: {
    players: 6, leader: 0, seed: 7,
    display: ["yellow-7", "yellow-4", "red-8", "red-1", "green-6", "blue-4"],
    hands: [["green-7"], ["green-2"], ["yellow-9"], ["red-5"], ["blue-10"], ["red-6"]],
  },
  intro: t("etalage.example.intro"),
  steps: [
    { seat: 0, action: { type: "play", card: "green-7" }, text: t("etalage.example.step1") },
    { seat: 1, action: { type: "play", card: "green-2" }, text: t("etalage.example.step2") },
    { seat: 2, action: { type: "play", card: "yellow-9" },
      text: t("etalage.example.step3") },
    { seat: 3, action: { type: "play", card: "red-5" }, text: t("etalage.example.step4") },
    { seat: 4, action: { type: "play", card: "blue-10" },
      text: t("etalage.example.step5") },
    { seat: 5, action: { type: "play", card: "red-6" },
      text: t("etalage.example.step6") },
    { seat: 5, action: { type: "claim", colour: "yellow" },
      text: t("etalage.example.step7") },
    { seat: 3, action: { type: "claim", colour: "red" }, text: t("etalage.example.step8") },
    { seat: 4, action: { type: "claim", colour: "green" },
      text: t("etalage.example.step9") },
  ],
});

// ----- the start page's tile picture: a few of the game's cards (lib/art.js frames it) -----
function picture() {
  const colours = ["#dc2626", "#eab308", "#2563eb", "#16a34a", "#9333ea", "#ea580c"];
  const out = [];
  colours.forEach((c, i) => {
    const col = i % 3;
    const row = Math.floor(i / 3);
    for (let k = 0; k < 2; k++) {
      out.push(el("g", { transform: `translate(${22 + col * 42 + k * 8} ${10 + row * 42 + k * 3})` },
        el("rect", { width: 26, height: 34, rx: 4, fill: PAPER, stroke: "#0000004d" }),
        el("rect", { x: 3, y: 3, width: 20, height: 6, rx: 2, fill: c }),
        el("text", { x: 13, y: 26, "font-size": 13, "font-weight": 800, fill: INK, "text-anchor": "middle" },
          String(((i * 5 + k * 3) % 9) + 1))));
    }
  });
  return out;
}

const renderer = {
  name: "etalage",
  title: "Etalage",
  // the start page's tile and Play button, a widget's reserved height, the words (docs/web.md, the renderer table)
  pitch: () => t("home.pitch.etalage"),
  picture,
  quick: { players: 3, options: { games: 1 }, minutes: [10, 20] },
  reserve: { wide: [0, 0, 560, 590, 610, 630, 652], narrow: [0, 0, 800, 880, 950, 1010, 1081] },
  words,
  // lessons: the catalogue key of the game's name in a lesson list's title, and the lesson targets the editor offers
  // (the declared tests of pygame_rules/lessons.py that need no parameter beyond what the editor asks)
  lessons: { title: "lesson.game.etalage", targets: ["claimed", "event", "game_won"] },
  rules: () => ["etalage.rules.1", "etalage.rules.2", "etalage.rules.3", "etalage.rules.4"].map((k) => t(k)),
  optionHints: {
    games: { label: () => t("etalage.option.games"), short: () => t("etalage.option_short.games") },
    open_winnings: { label: () => t("etalage.option.open_winnings"), short: () => t("etalage.option_short.open_winnings") },
  },
  example: EXAMPLE,
  cardElement,

  /** The board for `table`, its buttons named from content (nameFromContent in util.js). */
  render(table, ui) {
    return nameFromContent(renderer.drawBoard(table, ui));
  },

  drawBoard(table, ui) {
    const view = table.view;
    const current = table.current_player;
    const seats = [];
    for (let s = 0; s < view.players; s++) seats.push(seatPanel(view, s, ui, current));
    const match = view.match;
    const status = view.over ? t("result.game_over") : t("etalage.trick_of", { n: view.trick_number, of: view.tricks }) +
      (match && view.options.games > 1 ? t("etalage.game_of", { n: match.game_number, of: view.options.games }) : "");
    return h("div.et", { dataset: { players: String(view.players), phase: view.phase } },
      h("div.et-seats", seats),
      h("section.et-middle", { "aria-label": t("etalage.the_trick") },
        h("div.et-trick-wrap", h("h2", status), trickRow(view, ui, current)),
        rankingPanel(view, ui)),
      displayPanel(view),
      minePanel(view, ui, current));
  },

  /** Which elements an action moves between (used to highlight, animate and show hints). */
  keys(action, mover, table) {
    const view = table.view;
    if (action.type === "play") {
      return { source: mover === view.seat ? `hand:${action.card}` : `hand@${mover}`, target: `trick:${mover}`,
        card: action.card };
    }
    if (action.type === "claim") {
      const group = view.display_groups.find((g) => g.colour === action.colour);
      return { source: `group:${action.colour}`, target: `won:${mover}`, card: group ? group.cards[0] : null };
    }
    return {};
  },

  /** The action a gesture from source to target means, legal or not (the engine judges); null for nonsense. */
  actionFor(table, source, target) {
    const me = table.view.seat;
    const [skind, what] = source.split(":");
    if (skind === "hand" && target === `trick:${me}`) return { type: "play", card: what };
    if (skind === "group" && target === `won:${me}`) return { type: "claim", colour: what };
    return null;
  },

  /** Words for an action (hints, bot moves). */
  describe(action, mover, table, names, how = {}) {
    const mine = how.hint === true; // a hint speaks to the player: "play yellow 8", not "plays yellow 8"
    if (action.type === "play") return t(mine ? "etalage.says_play" : "etalage.says_plays", { card: cardWords(action.card) });
    if (action.type === "claim") {
      const group = table.view.display_groups.find((g) => g.colour === action.colour);
      const colour = colourName(action.colour);
      return group ? t(mine ? "etalage.says_take_sum" : "etalage.says_takes_sum", { colour, numbers: numbers(group.cards), n: group.sum })
        : t(mine ? "etalage.says_take" : "etalage.says_takes", { colour });
    }
    return action.type;
  },

  resultDetails(result, names) {
    const games = result.games || [result];
    const last = games[games.length - 1];
    const parts = [];
    if (result.games && result.games.length > 1) {
      parts.push(h("table.scores.et-games", h("thead", h("tr", h("th", { scope: "col" }, t("etalage.game")),
        names.map((n) => h("th", { scope: "col" }, n)))),
      h("tbody", result.games.map((g, i) => h("tr", h("th", { scope: "row" }, String(i + 1)),
        (g.points || g.scores).map((p) => h("td", String(p))))))));
    }
    if (last && last.won) {
      const list = h("ul.et-won-list", last.won.map((cards, s) => h("li", h("strong", `${names[s]}: `),
        cards.length ? cards.map(cardWords).join(", ") : t("etalage.nothing"), ` = ${last.scores[s]}`)));
      const left = last.display_left?.length
        ? h("p.result-note", t("etalage.left", { cards: last.display_left.map(cardWords).join(", ") })) : null;
      // In a match the per-game table above is the summary; the last game's cards fold away.
      parts.push(h("details.et-won-details", { open: games.length === 1 },
        h("summary", games.length > 1 ? t("etalage.won_in_game", { n: games.length }) : t("etalage.cards_won")), list, left));
    }
    return parts.length ? h("div.et-result", parts) : null;
  },
};

export default renderer;
