// Etalage drawing and gesture mapping. The engine decides everything (legality, the colour ranking, who claims,
// scores); this module only draws the view and says which action a "source -> target" gesture means.
// Keys: hand:<card> (the viewer's hand card), hand@<seat> (another seat's hand), trick:<seat> (the card a seat
// played in this trick; the viewer's own slot receives a play), group:<colour> (a colour group on the display,
// picked to claim it), won:<seat> (a seat's face-down pile of won cards; the viewer's own pile receives a claim).
import { h, plural } from "../util.js";

const COLOUR_WORDS = { red: "Red", yellow: "Yellow", green: "Green", blue: "Blue", purple: "Purple", orange: "Orange" };

const colourOf = (card) => card.slice(0, card.lastIndexOf("-"));
const numberOf = (card) => Number(card.slice(card.lastIndexOf("-") + 1));
const colourWord = (colour) => COLOUR_WORDS[colour] || colour;
const cardWords = (card) => `${colourOf(card)} ${numberOf(card)}`;
const numbers = (cards) => cards.map(numberOf).join(", ");
const ordinal = (n) => `${n}${n === 1 ? "st" : n === 2 ? "nd" : n === 3 ? "rd" : "th"}`;

/** A card face ("red-7") or, for null/undefined, a card back. */
function cardElement(card, extra = "") {
  if (card === null || card === undefined) {
    return h(`span.card.back.et-back${extra}`, { "aria-hidden": "true" }, h("span.back-mark", "E"));
  }
  const colour = colourOf(card);
  const n = String(numberOf(card));
  return h(`span.card.et-card.et-${colour}${extra}`, { "aria-hidden": "true", dataset: { card } },
    h("span.corner.tl", n), h("span.face", n), h("span.et-word", colour), h("span.corner.br", n));
}

function slot(text, extra = "") {
  return h(`span.card.slot${extra}`, { "aria-hidden": "true" }, text);
}

/** A colour's swatch: a dot in the colour, for lists. */
function swatch(colour) {
  return h(`span.et-swatch.et-${colour}`, { "aria-hidden": "true" });
}

function statusWords(entry, order, names) {
  if (entry.status === "tied") return "tied: nothing";
  if (entry.status === "blocked") return "below a tie: nothing";
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
      const took = claim ? (claim.colour ? ` took ${claim.colour} (${numbers(claim.cards)})` : " took nothing") : "";
      return h(`span.et-claimant${now ? ".now" : ""}${claim ? ".done" : ""}`,
        `${names[s]} ${numberOf(entry.cards[i])}${took}`);
    });
    return h(`li.et-rank.et-status-${entry.status}`, { dataset: { colour: entry.colour, status: entry.status,
      strength: String(entry.strength) } },
      h("span.et-rank-head", swatch(entry.colour), h("span.et-rank-colour", colourWord(entry.colour)),
        h("span.et-strength", { title: "strength: the sum of this colour's played cards" }, String(entry.strength))),
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
  const state = claiming ? "claims" : playing ? "to play" : null;
  const won = view.won_counts[s];
  const wonLabel = me ? `${who}'s won cards: ${plural(won, "card")}, ${view.score} points`
    : `${who}'s won cards, face down: ${plural(won, "card")}`;
  return h(`section.et-seat${current === s ? ".to-move" : ""}${me ? ".me" : ""}`, { "aria-label": who,
    dataset: { seat: String(s) } },
    h("header.et-seat-head", h("span.et-seat-name", you ? `${who} (you)` : who),
      view.leader === s && !view.over ? h("span.badge.et-lead", { title: "leads this trick" }, "leads") : null,
      ui.seats[s]?.kind === "bot" ? h("span.badge.level", ui.seats[s].level) : null,
      state ? h("span.badge.et-state", state) : null),
    h("div.et-seat-stats",
      h("span.et-hand-count", { dataset: me ? {} : { key: `hand@${s}` },
        "aria-label": `${who} holds ${plural(view.hand_counts[s], "card")}`, title: "cards in hand" },
      h("span.mini-back", { "aria-hidden": "true" }), ` ${view.hand_counts[s]}`),
      me ? null : h("span.et-won", { dataset: { key: `won:${s}` }, "aria-label": wonLabel, title: wonLabel },
        h("span.et-won-stack", { "aria-hidden": "true" }), ` ${won} won`),
      me ? h("span.et-points", { title: "your points this game" }, `${view.score} pts`) : null,
      totals ? h("span.et-match", { title: "match total" }, `match ${totals[s]}`) : null));
}

function trickRow(view, ui, current) {
  const played = new Map(view.plays.map((p, i) => [p.seat, { card: p.card, order: i + 1 }]));
  const order = [];
  for (let k = 0; k < view.players; k++) order.push((view.leader + k) % view.players);
  return h("div.et-trick", { role: "group", "aria-label": `Trick ${view.trick_number} of ${view.tricks}` },
    order.map((s) => {
      const me = s === view.seat;
      const you = me && isHuman(view, ui);
      const who = ui.names[s];
      const p = played.get(s);
      const waiting = !p && view.phase === "play" && current === s;
      const label = p ? `${who} played ${cardWords(p.card)}` : view.phase !== "play" ? `${who}: no card`
        : me ? `${who}'s card for this trick: drop a hand card here` : `${who} has not played yet`;
      const data = me ? { key: `trick:${s}`, drop: "" } : { key: `trick:${s}` };
      const body = p ? cardElement(p.card) : slot(you && waiting ? "play here" : waiting ? "…" : "",
        waiting ? ".waiting" : "");
      const inner = [h("span.et-slot-name", you ? "You" : who), body];
      return me ? h("button.pile.et-slot.mine", { type: "button", "aria-label": label, title: label, dataset: data },
        ...inner) : h("div.et-slot", { role: "img", "aria-label": label, title: label, dataset: data }, ...inner);
    }));
}

function rankingPanel(view, ui) {
  const names = ui.names;
  if (view.plays.length) {
    const heading = view.phase === "claim" ? "Claims" : "Strength so far";
    const cur = view.claimants[0];
    const note = view.phase === "claim"
      ? (cur === view.seat && isHuman(view, ui)
        ? "Your claim: pick a colour on the display, then your won pile (or drag it there)."
        : `${names[cur]} chooses a colour to take.`)
      : view.ranking.some((e) => e.status !== "claims") ? "Equal strengths stop the claiming." : null;
    return h("section.et-ranking", { "aria-label": heading, dataset: { phase: view.phase } },
      h("h3", heading), rankingList(view.ranking, names, view.claimants, view.claims),
      note ? h("p.et-note", note) : null);
  }
  const last = view.last_trick;
  if (!last) {
    return h("section.et-ranking", { "aria-label": "Strength" }, h("h3", "Strength"),
      h("p.et-note", `${names[view.leader]} leads the first trick. Each colour's strength is the sum of its ` +
        "played cards; the strongest colour claims first."));
  }
  const nobody = !last.claims.length;
  return h("section.et-ranking.et-last", { "aria-label": `Trick ${last.number} settled`, dataset: { phase: "last" } },
    h("h3", `Trick ${last.number} settled`), rankingList(last.ranking, names, [], last.claims),
    h("p.et-note", nobody ? `The strongest colours tied: nobody claimed, ${names[last.next_leader]} leads again.`
      : `The played cards joined the display. ${names[last.next_leader]} leads.`));
}

function displayPanel(view) {
  const total = view.display.length;
  const groups = view.display_groups.map((g) => {
    const label = `${colourWord(g.colour)} on the display: ${numbers(g.cards)} (worth ${g.sum})`;
    return h(`button.pile.et-group.et-${g.colour}`, { type: "button", "aria-label": label, title: label,
      dataset: { key: `group:${g.colour}`, pick: "", colour: g.colour } },
      h("span.et-fan", { vars: { "--n": String(g.cards.length) } }, g.cards.map((c, i) => {
        const el = cardElement(c);
        el.style.setProperty("--i", String(i));
        return el;
      })),
      h("span.et-sum", { "aria-hidden": "true" }, `${colourWord(g.colour)} ${g.sum}`));
  });
  return h("section.et-display", { "aria-label": `Display: ${plural(total, "card")}` },
    h("h3", "Display ", h("span.et-sub", plural(total, "card"))),
    h("div.et-groups", groups.length ? groups : h("p.et-note", "The display is empty.")));
}

function minePanel(view, ui, current) {
  const me = view.seat;
  const hand = view.hand.map((c) => h("button.hand-card.et-hand-card", { type: "button",
    "aria-label": `Hand card ${cardWords(c)}`, dataset: { key: `hand:${c}`, pick: "" } }, cardElement(c)));
  const wonLabel = `Your won cards: ${view.won.length ? view.won.map(cardWords).join(", ") : "none"}; ` +
    `${view.score} points`;
  return h(`section.et-me${current === me && !view.over ? ".to-move" : ""}`, { "aria-label": "Your hand" },
    h("div.et-hand", { role: "group", "aria-label": `Your hand: ${view.hand.map(cardWords).join(", ") || "empty"}` },
      hand.length ? hand : h("p.empty-hand", "No cards in hand")),
    h("button.pile.et-my-won", { type: "button", "aria-label": wonLabel, title: wonLabel,
      dataset: { key: `won:${me}`, drop: "" } },
      view.won.length ? h("span.stack", view.won.length > 1 ? cardElement(null, ".under") : null, cardElement(null))
        : slot("won"),
      h("span.et-my-score", h("strong", `${view.score} pts`), h("span.et-sub", ` · ${plural(view.won.length, "card")}`))));
}

/** The rulebook's worked example (six players), replayed by the start page with the engine. */
const EXAMPLE = {
  label: "Replay the worked example",
  title: "The worked example",
  names: ["Anna", "Ben", "Cécile", "Dora", "Emiel", "Frank"],
  seat: 5,
  scenario: {
    players: 6, leader: 0, seed: 7,
    display: ["yellow-7", "yellow-4", "red-8", "red-1", "green-6", "blue-4"],
    hands: [["green-7"], ["green-2"], ["yellow-9"], ["red-5"], ["blue-10"], ["red-6"]],
  },
  intro: "Six players, the first trick. The display holds yellow 7 and 4, red 8 and 1, green 6 and blue 4. " +
    "We watch from Frank's seat; press Next to play the trick one card at a time.",
  steps: [
    { seat: 0, action: { type: "play", card: "green-7" }, text: "Anna leads with green 7: green is the only colour so far." },
    { seat: 1, action: { type: "play", card: "green-2" }, text: "Ben adds green 2: green's strength is now 9." },
    { seat: 2, action: { type: "play", card: "yellow-9" },
      text: "Cécile plays yellow 9: yellow also stands at 9, level with green, so for now neither would claim." },
    { seat: 3, action: { type: "play", card: "red-5" }, text: "Dora plays red 5." },
    { seat: 4, action: { type: "play", card: "blue-10" },
      text: "Emiel plays blue 10: blue (10) is now the strongest colour, ahead of the tie at 9." },
    { seat: 5, action: { type: "play", card: "red-6" },
      text: "Frank plays red 6: red reaches 11 and takes the lead. The trick is complete: red claims first (Frank's 6 " +
        "before Dora's 5), then blue (Emiel). Green and yellow tie at 9, so Anna, Ben and Cécile get nothing." },
    { seat: 5, action: { type: "claim", colour: "yellow" },
      text: "Frank, with the highest red card, chooses first and takes both yellow cards (7 + 4 = 11)." },
    { seat: 3, action: { type: "claim", colour: "red" }, text: "Dora takes the red cards (8 + 1 = 9)." },
    { seat: 4, action: { type: "claim", colour: "green" },
      text: "Emiel takes the green 6. Claiming stops at the tie. Blue 4 stays, the six played cards join it, and " +
        "Frank, the first claimant, leads the next trick." },
  ],
};

export default {
  name: "etalage",
  title: "Etalage",
  rules: [
    "Each player brings a colour: ten cards numbered 1 to 10. All sets are shuffled, one card per player is laid " +
      "face up as the display, and everyone gets nine cards.",
    "A trick: starting with the leader, everyone plays one card face up, any card they like. The numbers of each " +
      "colour add up to that colour's strength.",
    "The strongest colour's players, higher card first, each take every display card of one colour of their " +
      "choice; then the next strongest colour's players do the same. Two colours with equal strength stop it: " +
      "they and every weaker colour get nothing. Then the played cards join the display.",
    "After nine tricks everyone adds up the numbers on the cards they won (kept face down); most points wins.",
  ],
  optionHints: {
    games: { label: "Games in the match" },
  },
  example: EXAMPLE,
  cardElement,

  render(table, ui) {
    const view = table.view;
    const current = table.current_player;
    const seats = [];
    for (let s = 0; s < view.players; s++) seats.push(seatPanel(view, s, ui, current));
    const match = view.match;
    const status = view.over ? "Game over" : `Trick ${view.trick_number} of ${view.tricks}` +
      (match && view.options.games > 1 ? ` · game ${match.game_number} of ${view.options.games}` : "");
    return h("div.et", { dataset: { players: String(view.players), phase: view.phase } },
      h("div.et-seats", seats),
      h("section.et-middle", { "aria-label": "The trick" },
        h("div.et-trick-wrap", h("h3", status), trickRow(view, ui, current)),
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
  describe(action, mover, table) {
    if (action.type === "play") return `plays ${cardWords(action.card)}`;
    if (action.type === "claim") {
      const group = table.view.display_groups.find((g) => g.colour === action.colour);
      return group ? `takes the ${action.colour} cards (${numbers(group.cards)}: ${group.sum} points)`
        : `takes the ${action.colour} cards`;
    }
    return action.type;
  },

  resultDetails(result, names) {
    const games = result.games || [result];
    const last = games[games.length - 1];
    const parts = [];
    if (result.games && result.games.length > 1) {
      parts.push(h("table.scores.et-games", h("thead", h("tr", h("th", { scope: "col" }, "Game"),
        names.map((n) => h("th", { scope: "col" }, n)))),
      h("tbody", result.games.map((g, i) => h("tr", h("th", { scope: "row" }, String(i + 1)),
        (g.points || g.scores).map((p) => h("td", String(p))))))));
    }
    if (last && last.won) {
      const list = h("ul.et-won-list", last.won.map((cards, s) => h("li", h("strong", `${names[s]}: `),
        cards.length ? cards.map(cardWords).join(", ") : "nothing", ` = ${last.scores[s]}`)));
      const left = last.display_left?.length
        ? h("p.result-note", `Left on the display (no one's): ${last.display_left.map(cardWords).join(", ")}.`) : null;
      // In a match the per-game table above is the summary; the last game's cards fold away.
      parts.push(h("details.et-won-details", { open: games.length === 1 },
        h("summary", games.length > 1 ? `Cards won in game ${games.length}` : "Cards won"), list, left));
    }
    return parts.length ? h("div.et-result", parts) : null;
  },
};
