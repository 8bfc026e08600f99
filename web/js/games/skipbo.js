// Skip-Bo drawing and gesture mapping. The engine decides everything; this module only draws the view and says
// which action a "source -> target" gesture means. Keys: hand:<card> (the viewer's hand), hand@<seat> (another
// seat's hand), stock:<seat>, discard:<seat>:<pile>, build:<pile>.
import { h, plural } from "../util.js";
import { t } from "../i18n.js";

const cardName = (c) => (c === 0 ? "Skip-Bo" : String(c));
const colour = (c) => (c === 0 ? "wild" : c <= 4 ? "blue" : c <= 8 ? "green" : "red");

/** A card face (value 0..12) or, for null/undefined, a card back. */
function cardElement(value, extra = "") {
  if (value === null || value === undefined) {
    return h(`span.card.back${extra}`, { "aria-hidden": "true" }, h("span.back-mark", "SB"));
  }
  const label = value === 0 ? "SB" : String(value);
  return h(`span.card.c-${colour(value)}${extra}`, { "aria-hidden": "true", dataset: { value: String(value) } },
    h("span.corner.tl", label), h("span.face", value === 0 ? "★" : label),
    value === 0 ? h("span.wild-word", "Skip-Bo") : null, h("span.corner.br", label));
}

function slot(text) {
  return h("span.card.slot", { "aria-hidden": "true" }, text);
}

function pileLabel(cards) {
  if (!cards.length) return "empty";
  return `${plural(cards.length, "card")}, from the bottom: ${cards.map(cardName).join(", ")}`;
}

function discardPile(owner, index, cards, mine, who) {
  const key = `discard:${owner}:${index}`;
  const fan = cards.length ? h("span.fan", { vars: { "--n": String(cards.length) } },
    cards.map((c, i) => {
      const el = cardElement(c);
      el.style.setProperty("--i", String(i));
      return el;
    })) : slot(String(index + 1));
  const label = `${who} discard pile ${index + 1}: ${pileLabel(cards)}`;
  return h("button.pile.discard", { type: "button", "aria-label": label, title: label,
    dataset: mine ? { key, pick: "", drop: "" } : { key, pick: "" } }, fan);
}

function stockPile(seat, info, who) {
  const top = info.stock_top;
  const label = `${who} stock: ${plural(info.stock_count, "card")}` +
    (top === null || top === undefined ? "" : `, top card ${cardName(top)}`);
  return h("button.pile.stock", { type: "button", "aria-label": label, title: label,
    dataset: { key: `stock:${seat}`, pick: "" } },
    info.stock_count ? h("span.stack", info.stock_count > 1 ? cardElement(null, ".under") : null, cardElement(top))
      : slot("empty"),
    h("span.count", { "aria-hidden": "true" }, String(info.stock_count)));
}

function buildingPile(index, pile) {
  const label = pile ? `Building pile ${index + 1}: ${plural(pile.count, "card")}, ` +
    (pile.top === 0 ? `top is a Skip-Bo card standing for ${pile.value}` : `top card ${pile.value}`)
    : `Building pile ${index + 1}: empty`;
  return h("button.pile.building", { type: "button", "aria-label": label, title: label,
    dataset: { key: `build:${index}`, drop: "" } },
    pile ? cardElement(pile.top) : slot(`pile ${index + 1}`),
    pile && pile.top === 0 ? h("span.stands", { "aria-hidden": "true" }, `= ${pile.value}`) : null,
    pile ? h("span.count", { "aria-hidden": "true" }, `${pile.value}`) : null);
}

function seatPanel(view, s, ui, current) {
  const info = view.seats[s];
  const who = ui.names[s];
  const partner = info.partner !== null && info.partner === view.seat;
  return h(`section.sb-opp${s === current ? ".to-move" : ""}`, { "aria-label": `${who}`, dataset: { seat: s } },
    h("header.opp-head", h("span.opp-name", who), partner ? h("span.badge", "partner") : null,
      ui.seats[s]?.kind === "bot" ? h("span.badge.level", ui.seats[s].level) : null,
      h("span.opp-hand", { dataset: { key: `hand@${s}` }, "aria-label": `${who} holds ${plural(info.hand_count, "card")}`,
        title: `${plural(info.hand_count, "card")} in hand` }, h("span.mini-back", { "aria-hidden": "true" }),
      ` ${info.hand_count}`)),
    h("div.opp-row", stockPile(s, info, `${who}'s`),
      h("div.discards", info.discards.map((cards, i) => discardPile(s, i, cards, false, `${who}'s`)))));
}

export default {
  name: "skipbo",
  title: "Skip-Bo",
  rules: () => ["skipbo.rules.1", "skipbo.rules.2", "skipbo.rules.3"].map((k) => t(k)),
  optionHints: {
    stock_size: { label: () => t("skipbo.option.stock_size"), placeholder: "30 / 20" },
    partnership: { label: () => t("skipbo.option.partnership") },
    match_target: { label: () => t("skipbo.option.match_target"), value: 500 },
    first_player: { hidden: true },
  },
  cardElement,

  render(table, ui) {
    const view = table.view;
    const me = view.seat;
    const current = table.current_player;
    const order = [];
    for (let k = 1; k < view.players; k++) order.push((me + k) % view.players);
    const mine = view.seats[me];
    const myName = ui.names[me];
    const hand = view.hand.map((c, i) => h("button.hand-card", { type: "button",
      "aria-label": `Hand card ${cardName(c)}${c === 0 ? " (wild)" : ""}`, dataset: { key: `hand:${c}`, pick: "",
        index: String(i) } }, cardElement(c)));
    return h("div.sb", { dataset: { players: String(view.players) } },
      h("div.sb-opponents", order.map((s) => seatPanel(view, s, ui, current))),
      h("section.sb-center", { "aria-label": "Middle of the table" },
        h("div.draw-pile", { role: "img", "aria-label": `Draw pile: ${plural(view.draw_count, "card")}` +
          (view.set_aside_count ? `; ${view.set_aside_count} set aside to reshuffle` : "") },
          view.draw_count ? cardElement(null) : slot("empty"),
          h("span.count", { "aria-hidden": "true" }, String(view.draw_count))),
        h("div.building-piles", view.building.map((p, i) => buildingPile(i, p)))),
      h(`section.sb-me${current === me ? ".to-move" : ""}`, { "aria-label": `${myName}: your piles and hand` },
        h("div.me-row", h("div.me-stock", h("span.label", "Stock"), stockPile(me, mine, "Your")),
          h("div.me-discards", h("span.label", "Discard piles"),
            h("div.discards", mine.discards.map((cards, i) => discardPile(me, i, cards, true, "Your"))))),
        h("div.sb-hand", { role: "group", "aria-label": `Your hand: ${view.hand.map(cardName).join(", ") || "empty"}` },
          hand.length ? hand : h("p.empty-hand", "No cards in hand"))));
  },

  /** Which elements an action moves between (used to highlight, animate and show hints). */
  keys(action, mover, table) {
    const view = table.view;
    const hand = mover === view.seat ? `hand:${action.card}` : `hand@${mover}`;
    switch (action.type) {
      case "play_hand": return { source: hand, target: `build:${action.pile}`, card: action.card };
      case "play_stock": return { source: `stock:${action.owner}`, target: `build:${action.pile}`,
        card: view.seats[action.owner].stock_top };
      case "play_discard": {
        const pile = view.seats[action.owner].discards[action.discard];
        return { source: `discard:${action.owner}:${action.discard}`, target: `build:${action.pile}`,
          card: pile[pile.length - 1] };
      }
      case "discard": return { source: hand, target: `discard:${mover}:${action.discard}`, card: action.card };
      case "end_turn": return { button: "End turn" };
      default: return {};
    }
  },

  /** The action a gesture from source to target means, legal or not (the engine judges); null for nonsense. */
  actionFor(table, source, target) {
    const [skind, a, b] = source.split(":");
    const [tkind, x, y] = target.split(":");
    if (tkind === "build") {
      const pile = Number(x);
      if (skind === "hand") return { type: "play_hand", card: Number(a), pile };
      if (skind === "stock") return { type: "play_stock", owner: Number(a), pile };
      if (skind === "discard") return { type: "play_discard", owner: Number(a), discard: Number(b), pile };
    }
    if (tkind === "discard" && skind === "hand" && Number(x) === table.view.seat) {
      return { type: "discard", card: Number(a), discard: Number(y) };
    }
    return null;
  },

  /** Words for an action (hints, bot moves). */
  describe(action, mover, table, names) {
    const whose = mover === table.view.seat ? "your" : `${names[mover]}'s`;
    const card = (c) => (c === 0 ? "a Skip-Bo card" : `${c}`);
    const { card: value } = this.keys(action, mover, table);
    switch (action.type) {
      case "play_hand": return `${card(action.card)} from ${whose} hand → building pile ${action.pile + 1}`;
      case "play_stock": return `${card(value)} from ${action.owner === mover ? whose : `${names[action.owner]}'s`} ` +
        `stock → building pile ${action.pile + 1}`;
      case "play_discard": return `${card(value)} from discard pile ${action.discard + 1} → building pile ` +
        `${action.pile + 1}`;
      case "discard": return `${card(action.card)} from ${whose} hand → discard pile ${action.discard + 1} (ends the turn)`;
      case "end_turn": return "ends the turn";
      default: return action.type;
    }
  },

  resultDetails(result, names) {
    if (!result.stock_left) return null;
    return h("p.result-note", `Cards left in stock: ${result.stock_left.map((n, i) => `${names[i]} ${n}`).join(", ")}.`);
  },
};
