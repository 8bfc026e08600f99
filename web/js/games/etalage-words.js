// Etalage in the reader's words (move log, cards, refusals worded per case); docs/web.md "words". No DOM: runs in
// Node too (tests/test_words.py).
import { t } from "../words/i18n.js";
import { colour, has, list, perSeat } from "../words/phrases.js";

/** An Etalage card ("red-7") in words: "red 7". */
export const etalageCard = (card) => {
  const at = card.lastIndexOf("-");
  return t("topspot.card", { colour: colour(card.slice(0, at)), n: card.slice(at + 1) });
};

export default {
  events(e, c) {
    const name = c.names[e.player];
    switch (e.type) {
      case "play": return has(e, "card") ? t("log.etalage.play", { name, card: etalageCard(e.card) }) : null;
      case "settle": {
        if (!e.ranking) return null;
        const colours = e.ranking.map((r) => `${colour(r.colour)} ${r.strength}`).join(", ");
        const first = e.ranking[0];
        return first && first.status === "claims" && e.claim_order?.length ?
          t("log.etalage.settle", { colours, name: c.names[e.claim_order[0]] }) : t("log.etalage.settle_tie", { colours });
      }
      case "claim": return e.colour ? t("log.etalage.claim", { name, colour: colour(e.colour),
        numbers: (e.cards || []).map((x) => x.slice(x.lastIndexOf("-") + 1)).join(", ") })
        : t("log.etalage.claim_nothing", { name });
      case "trick_end": return has(e, "leader") ? t("log.etalage.trick_end", { name: c.names[e.leader] }) : null;
      case "game_over": return t("log.etalage.game_over", { scores: perSeat(e.scores || [], c.names),
        names: list((e.winners || []).map((w) => c.names[w])), n: (e.winners || []).length });
      default: return null;
    }
  },

  /** The problems of a position (the engine's BadScenario reason codes) the scenario editor words, by key. */
  editorProblems: ["editor.problem.etalage.hand_size"],

  /** A card named in a refusal. */
  card: etalageCard,
};
