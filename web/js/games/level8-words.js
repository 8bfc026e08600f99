// Level 8 in the reader's words (move log, cards, refusals worded per case); docs/web.md "words". No DOM: runs in
// Node too (tests/test_words.py).
import { t } from "../words/i18n.js";
import { colour, has, list } from "../words/phrases.js";

const JOKER = "J";
const SKIP = "S";
const KINDS = { run: "log.level8.kind_run", set: "log.level8.kind_set", colour: "log.level8.kind_colour" };

/** Level 8's deck as the view describes it (colour codes and their English names); the board sets it per view. */
let DECK = { colours: [{ code: "R", name: "red" }, { code: "O", name: "orange" }, { code: "Y", name: "yellow" },
  { code: "G", name: "green" }, { code: "B", name: "blue" }, { code: "P", name: "purple" }] };

/** Name Level 8's colour codes after `deck` (a view's `deck`: `{colours: [{code, name}]}`). */
export function setLevel8Deck(deck) {
  if (deck && Array.isArray(deck.colours)) DECK = deck;
}

/** A Level 8 colour code's name in the reader's language (the deck data names the colours in English). */
export function level8ColourName(code) {
  const name = DECK.colours.find((c) => c.code === code)?.name;
  return name ? t(`colour.${name}`) : code;
}

/** Words for a Level 8 card token: "red 7", "joker", "joker as 7", "joker as red", "skip card". */
export function level8CardName(token) {
  if (token === SKIP) return t("level8.skip_card");
  if (token === JOKER) return t("topspot.joker");
  if (/^J(\d+|[A-Z])$/.test(token)) {
    const rest = token.slice(1);
    return t("level8.joker_as", { value: /^\d+$/.test(rest) ? Number(rest) : level8ColourName(rest) });
  }
  if (!/^[A-Z]\d+$/.test(token)) return token; // not a card at all (a refusal of a made-up name): as written
  return t("topspot.card", { colour: level8ColourName(token[0]), n: Number(token.slice(1)) });
}

/** A combination's kind in words ("run", "set", "colour"); an unknown kind as written. */
export const kindName = (k) => (KINDS[k] ? t(KINDS[k]) : k);

export default {
  events(e, c) {
    const name = c.names[e.player];
    const parts = (ps) => ps.map((p) => `${kindName(p[0])} ${p.slice(1).map(level8CardName).join(", ")}`).join("; ");
    switch (e.type) {
      case "deal": return has(e, "deal", "dealer") ? t("log.level8.deal", { n: e.deal, name: c.names[e.dealer],
        card: e.up_card ? level8CardName(e.up_card) : "–" }) : null;
      case "draw": return e.card ? t("log.level8.draw_card", { name, card: level8CardName(e.card) })
        : t("log.level8.draw", { name });
      case "take_discard": return has(e, "card", "seat") ? t(e.seat === e.player ? "log.level8.take_own" :
        "log.level8.take_discard", { name, card: level8CardName(e.card), owner: c.names[e.seat] }) : null;
      case "take_nothing": return t("log.level8.take_nothing", { name });
      case "lay_out": return has(e, "level", "parts") ? t("log.level8.lay_out", { name, level: e.level,
        parts: parts(e.parts) }) : null;
      case "add": {
        if (!has(e, "card", "seat")) return null;
        const of = c.table?.view?.table?.[e.seat]?.[e.part]?.kind;
        return t("log.level8.add", { name, card: level8CardName(e.card), owner: c.names[e.seat],
          part: KINDS[of] ? t(KINDS[of]) : t("level8.combination") });
      }
      case "discard": return has(e, "card") ? t("log.level8.discard", { name, card: level8CardName(e.card) }) : null;
      case "skip": return has(e, "target") ? t("log.level8.skip", { name, target: c.names[e.target] }) : null;
      case "serve_skip": return t("log.level8.serve_skip", { name });
      case "go_out": return t("log.level8.go_out", { name });
      case "deal_end": return has(e, "deal", "moves") ? t("log.level8.deal_end", { n: e.deal,
        moves: e.moves.map((m, s) => `${c.names[s]} +${m}`).join(", ") }) : null;
      case "keep_start": return t("log.level8.keep_start", { names: list((e.seats || []).map((s) => c.names[s])),
        n: c.table?.view?.sheet?.keep?.cards ?? 4 });
      case "keep": return e.cards ? t("log.level8.keep_cards", { name, cards: e.cards.map(level8CardName).join(", ") || "–",
        n: e.cards.length }) : t("log.level8.keep", { name, n: e.count ?? 0 });
      case "rebuild": return t(e.skips ? "log.level8.rebuild_skip" : "log.level8.rebuild", { n: e.count ?? 0 });
      case "win": {
        return e.how === "out" ? t("log.level8.win_out", { name, level: e.level }) : t("log.level8.win", { name });
      }
      default: return null;
    }
  },

  /** A card named in a refusal. */
  card: level8CardName,

  /** A refusal's parameters that Level 8 names its own way: a combination's kind, colours by their codes. */
  params: {
    kind: kindName,
    values: (v) => list((v || []).map((x) => (typeof x === "number" ? String(x) : level8ColourName(x))), "common.or"),
  },

  /** The wrong phase is worded per phase (and after a draw, that the player has drawn already). */
  reasonKey(reason, params) {
    if (reason !== "wrong_phase") return null;
    const took = ["draw", "take_discard", "take_nothing"].includes(params.action);
    return `refusal.level8.wrong_phase_${params.phase === "play" && took ? "took" : params.phase}`;
  },
};
