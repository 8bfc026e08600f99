// Skip-Bo drawing and gesture mapping. The engine decides everything; this module only draws the view and says
// which action a "source -> target" gesture means. Keys: hand:<card> (the viewer's hand), hand@<seat> (another
// seat's hand), stock:<seat>, discard:<seat>:<pile>, build:<pile>.
import { h, nameFromContent } from "../lib/util.js";
import { t } from "../words/i18n.js";
import { card, el, numberFace } from "../lib/art.js";
import words from "./skipbo-words.js";

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

const cards = (n) => t("skipbo.cards", { n });

function pileLabel(list) {
  if (!list.length) return t("skipbo.empty");
  return t("skipbo.pile_cards", { cards: cards(list.length), list: list.map(cardName).join(", ") });
}

function discardPile(owner, index, pile, mine, name) {
  const key = `discard:${owner}:${index}`;
  const fan = pile.length ? h("span.fan", { vars: { "--n": String(pile.length) } },
    pile.map((c, i) => {
      const el = cardElement(c);
      el.style.setProperty("--i", String(i));
      return el;
    })) : slot(String(index + 1));
  const label = t(name === null ? "skipbo.discard_mine" : "skipbo.discard_of", { name, n: index + 1,
    pile: pileLabel(pile) });
  return h("button.pile.discard", { type: "button", "aria-label": label, title: label,
    dataset: mine ? { key, pick: "", drop: "" } : { key, pick: "" } }, fan);
}

function stockPile(seat, info, name) {
  const top = info.stock_top;
  const content = cards(info.stock_count) +
    (top === null || top === undefined ? "" : t("skipbo.top_card", { card: cardName(top) }));
  const label = t(name === null ? "skipbo.stock_mine" : "skipbo.stock_of", { name, cards: content });
  return h("button.pile.stock", { type: "button", "aria-label": label, title: label,
    dataset: { key: `stock:${seat}`, pick: "" } },
    info.stock_count ? h("span.stack", info.stock_count > 1 ? cardElement(null, ".under") : null, cardElement(top))
      : slot(t("skipbo.empty")),
    h("span.count", { "aria-hidden": "true" }, String(info.stock_count)));
}

function buildingPile(index, pile) {
  const label = pile ? t(pile.top === 0 ? "skipbo.building_wild" : "skipbo.building", { n: index + 1,
    cards: cards(pile.count), value: pile.value }) : t("skipbo.building_empty", { n: index + 1 });
  return h("button.pile.building", { type: "button", "aria-label": label, title: label,
    dataset: { key: `build:${index}`, drop: "" } },
    pile ? cardElement(pile.top) : slot(t("skipbo.pile_slot", { n: index + 1 })),
    pile && pile.top === 0 ? h("span.stands", { "aria-hidden": "true" }, `= ${pile.value}`) : null,
    pile ? h("span.count", { "aria-hidden": "true" }, `${pile.value}`) : null);
}

function seatPanel(view, s, ui, current) {
  const info = view.seats[s];
  const who = ui.names[s];
  const partner = info.partner !== null && info.partner === view.seat;
  return h(`section.sb-opp${s === current ? ".to-move" : ""}`, { "aria-label": `${who}`, dataset: { seat: s } },
    h("header.opp-head", h("span.opp-name", who), partner ? h("span.badge", t("skipbo.partner")) : null,
      ui.seats[s]?.kind === "bot" ? h("span.badge.level", t(`bot.${ui.seats[s].level}`)) : null,
      h("span.opp-hand", { dataset: { key: `hand@${s}` }, "aria-label": t("skipbo.holds", { name: who, cards: cards(info.hand_count) }),
        title: t("skipbo.in_hand", { cards: cards(info.hand_count) }) }, h("span.mini-back", { "aria-hidden": "true" }),
      ` ${info.hand_count}`)),
    h("div.opp-row", stockPile(s, info, who),
      h("div.discards", info.discards.map((pile, i) => discardPile(s, i, pile, false, who)))));
}

// ----- the start page's tile picture: a few of the game's cards (lib/art.js frames it) -----
function picture() {
  return [
    card(30, 22, -16, numberFace("1", "#1d4ed8")),
    card(58, 16, -5, numberFace("6", "#15803d")),
    card(86, 16, 6, numberFace("12", "#dc2626")),
    card(112, 22, 16, [el("text", { x: 22, y: 40, "font-size": 24, fill: "#fff", "text-anchor": "middle" }, "★"),
      el("text", { x: 22, y: 54, "font-size": 7, "font-weight": 700, fill: "#fff", "text-anchor": "middle" },
        "SKIP-BO")], { fill: "#e11d48" }),
  ];
}

const renderer = {
  name: "skipbo",
  title: "Skip-Bo",
  // the start page's tile and Play button, a widget's reserved height, the words (docs/web.md, the renderer table)
  pitch: () => t("home.pitch.skipbo"),
  picture,
  quick: { players: 2, options: {}, minutes: [20, 40] },
  reserve: { wide: [0, 0, 540, 620, 700, 780, 860], narrow: [0, 0, 432, 520, 610, 700, 790] },
  words,
  // lessons: the catalogue key of the game's name in a lesson list's title, and the lesson targets the editor offers
  // (the declared tests of pygame_rules/lessons.py that need no parameter beyond what the editor asks)
  lessons: { title: "lesson.game.skipbo", targets: ["pile_reaches", "stock_played", "pile_finished", "event", "game_won"] },
  /** A card's short name where the cards are listed as chips (the scenario editor): a number, or "Skip-Bo". */
  cardText: cardName,
  rules: () => ["skipbo.rules.1", "skipbo.rules.2", "skipbo.rules.3"].map((k) => t(k)),
  optionHints: {
    stock_size: { label: () => t("skipbo.option.stock_size"), short: () => t("skipbo.option_short.stock_size"),
      placeholder: "30 / 20" },
    partnership: { label: () => t("skipbo.option.partnership"), short: () => t("skipbo.option_short.partnership") },
    match_target: { label: () => t("skipbo.option.match_target"), short: () => t("skipbo.option_short.match_target"),
      value: 500 },
    first_player: { hidden: true },
  },
  cardElement,

  /** The board for `table`, its buttons named from content (nameFromContent in util.js). */
  render(table, ui) {
    return nameFromContent(renderer.drawBoard(table, ui));
  },

  drawBoard(table, ui) {
    const view = table.view;
    const me = view.seat;
    const current = table.current_player;
    const order = [];
    for (let k = 1; k < view.players; k++) order.push((me + k) % view.players);
    const mine = view.seats[me];
    const myName = ui.names[me];
    const hand = view.hand.map((c, i) => h("button.hand-card", { type: "button",
      "aria-label": t(c === 0 ? "skipbo.hand_card_wild" : "skipbo.hand_card", { card: cardName(c) }), dataset: { key: `hand:${c}`, pick: "",
        index: String(i) } }, cardElement(c)));
    return h("div.sb", { dataset: { players: String(view.players) } },
      h("div.sb-opponents", order.map((s) => seatPanel(view, s, ui, current))),
      h("section.sb-center", { "aria-label": t("skipbo.middle") },
        h("div.draw-pile", { role: "img", "aria-label": t("skipbo.draw_pile", { cards: cards(view.draw_count) }) +
          (view.set_aside_count ? t("skipbo.set_aside", { n: view.set_aside_count }) : "") },
          view.draw_count ? cardElement(null) : slot(t("skipbo.empty")),
          h("span.count", { "aria-hidden": "true" }, String(view.draw_count))),
        h("div.building-piles", view.building.map((p, i) => buildingPile(i, p)))),
      h(`section.sb-me${current === me ? ".to-move" : ""}`, { "aria-label": t("skipbo.my_area", { name: myName }) },
        h("div.me-row", h("div.me-stock", h("span.label", t("skipbo.stock")), stockPile(me, mine, null)),
          h("div.me-discards", h("span.label", t("skipbo.discard_piles")),
            h("div.discards", mine.discards.map((pile, i) => discardPile(me, i, pile, true, null))))),
        h("div.sb-hand", { role: "group", "aria-label": t("skipbo.your_hand", {
          cards: view.hand.map(cardName).join(", ") || t("skipbo.empty") }) },
        hand.length ? hand : h("p.empty-hand", t("skipbo.no_cards")))));
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
      case "end_turn": return { button: t("skipbo.end_turn") };
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
    const mine = mover === table.view.seat;
    const card = (c) => (c === 0 ? t("skipbo.a_wild") : `${c}`);
    const { card: value } = this.keys(action, mover, table);
    const pile = action.pile + 1;
    switch (action.type) {
      case "play_hand": return t(mine ? "skipbo.says_hand_mine" : "skipbo.says_hand_of", { card: card(action.card),
        name: names[mover], pile });
      case "play_stock": return t(action.owner === table.view.seat ? "skipbo.says_stock_mine" : "skipbo.says_stock_of",
        { card: card(value), name: names[action.owner], pile });
      case "play_discard": return t("skipbo.says_discard_pile", { card: card(value), n: action.discard + 1, pile });
      case "discard": return t(mine ? "skipbo.says_discard_mine" : "skipbo.says_discard_of", { card: card(action.card),
        name: names[mover], n: action.discard + 1 });
      case "end_turn": return t("skipbo.says_end_turn");
      default: return action.type;
    }
  },

  resultDetails(result, names) {
    if (!result.stock_left) return null;
    return h("p.result-note", t("skipbo.stock_left", { list: result.stock_left.map((n, i) => `${names[i]} ${n}`)
      .join(", ") }));
  },
};

export default renderer;
