// Skip-Bo in the reader's words (move log, cards, refusals worded per case); docs/web.md "words". No DOM: runs in
// Node too (tests/test_words.py).
import { t } from "../words/i18n.js";
import { has, list } from "../words/phrases.js";

/** A Skip-Bo card in the log's words: its number, or the wild card ("Skip-Bo", "Skip-Bo as 5" once played). */
export const skipboCard = (value, stands) => (value === 0 ? (stands ? t("log.skipbo.wild_as", { value: stands })
  : t("log.skipbo.wild")) : String(value));

export default {
  events(e, c) {
    const name = c.names[e.player];
    switch (e.type) {
      case "play_hand": case "play_stock": case "play_discard": {
        if (!has(e, "card", "pile")) return null;
        const card = skipboCard(e.card, e.value);
        const pile = e.pile + 1;
        if (e.type === "play_hand") return t("log.skipbo.play_hand", { name, card, pile });
        if (e.type === "play_stock") return t("log.skipbo.play_stock", { name, card, pile });
        // (a log saved before play events carried their discard pile has it in the event's action)
        return t("log.skipbo.play_discard", { name, card, pile, n: (e.discard ?? e.action?.discard ?? 0) + 1 });
      }
      case "discard": return has(e, "card", "discard") ?
        t("log.skipbo.discard", { name, card: skipboCard(e.card), n: e.discard + 1 }) : null;
      case "draw": {
        const drew = e.cards ? t("log.skipbo.draw_cards", { name, n: e.count, cards: e.cards.map((v) => skipboCard(v))
          .join(", ") }) : t("log.skipbo.draw", { name, n: e.count ?? 0 });
        return e.recycled ? `${drew} ${t("log.skipbo.recycled")}` : drew;
      }
      case "complete": return has(e, "pile") ? t("log.skipbo.complete", { pile: e.pile + 1 }) : null;
      case "end_turn": return t("log.skipbo.end_turn", { name });
      case "game_over": {
        const who = list((e.winners || []).map((w) => c.names[w]));
        return t(e.reason === "stalemate" ? "log.skipbo.stalemate" : "log.skipbo.stock_empty",
          { names: who, n: (e.winners || []).length });
      }
      default: return null;
    }
  },

  /** The problems of a position (the engine's BadScenario reason codes) the scenario editor words, by key. */
  editorProblems: ["editor.problem.skipbo.stock_empty"],

  /** A card named in a refusal. */
  card: (value) => skipboCard(value),

  /** The refusal keys worded per case: a pile that does not exist (per kind), a partner's pile. */
  reasonKey(reason, params) {
    if (reason === "no_such_pile") return `refusal.skipbo.no_such_pile_${params.kind}`;
    if (reason === "not_your_pile" && params.partnership) return "refusal.skipbo.not_your_pile_partner";
    return null;
  },
};
