// Top Spot in the reader's words (move log, cards, refusals worded per case); docs/web.md "words". No DOM: runs in
// Node too (tests/test_words.py).
import { t } from "../words/i18n.js";
import { colour, has, list, perSeat } from "../words/phrases.js";

const JOKER = "joker";
const colourOf = (card) => (card === JOKER ? JOKER : card.slice(0, card.lastIndexOf("-")));
const numberOf = (card) => (card === JOKER ? null : Number(card.slice(card.lastIndexOf("-") + 1)));
const COLOURS = () => ({ red: t("colour.red"), yellow: t("colour.yellow"), green: t("colour.green"),
  blue: t("colour.blue"), purple: t("colour.purple"), joker: t("topspot.joker") });
/** A colour's name in the reader's language ("red" / "rood" / "Rot" / "rouge"). */
export const colourName = (c) => COLOURS()[c] || c;

/** "red 7" / "joker": the words used on the page (the engine's names are "red-7" / "joker"). */
export function cardName(card) {
  return card === JOKER ? t("topspot.joker") : t("topspot.card", { colour: colourName(colourOf(card)),
    n: numberOf(card) });
}

const END_WORDS = { last_cards: "log.topspot.reason_last_cards", only_one: "log.topspot.reason_only_one",
  nobody: "log.topspot.reason_nobody" };

/** Why a game of Top Spot ended, in the reader's language, from the code the engine gives (`end_code` and the seat
 * `end_player` of the `end` event and of the result); null when there is no code (a record from before the codes). */
export function topspotEnd(code, player, names) {
  const key = END_WORDS[code];
  return key ? t(key, { name: player === null || player === undefined ? "" : names[player] ?? "" }) : null;
}

export default {
  events(e, c) {
    const name = c.names[e.player];
    switch (e.type) {
      case "play": {
        if (!has(e, "cards", "value")) return null;
        const stack = e.cards.map(cardName).join(t("topspot.over"));
        const lead = c.state.leadNext;
        c.state.leadNext = false;
        if (lead) {
          c.state.led = e.colour;
          return t("log.topspot.leads", { name, colour: e.colour ? colour(e.colour) : "", stack, value: e.value });
        }
        if (e.follows === false) {
          return t("log.topspot.off", { name, colour: c.state.led ? colour(c.state.led) : "", stack, value: e.value });
        }
        return t("log.topspot.follows", { name, stack, value: e.value });
      }
      case "round_won":
        c.state.leadNext = true;
        return has(e, "winner", "value") ? t("log.topspot.round_won", { name: c.names[e.winner], value: e.value,
          cards: t("topspot.cards", { n: (e.cards || []).length }) }) : null;
      case "round_start":
        c.state.leadNext = true;
        return has(e, "round", "leader") ? t("log.topspot.round_start", { round: e.round, name: c.names[e.leader] })
          : null;
      case "tiebreak":
        c.state.leadNext = true;
        return t("log.topspot.tiebreak", { names: list((e.tied || e.players || []).map((s) => c.names[s])),
          n: e.number ?? 1 });
      case "round_void":
        c.state.leadNext = true;
        return t("log.topspot.round_void", { names: list((e.tied || []).map((s) => c.names[s])) });
      case "bonus": return t("log.topspot.bonus", { name, n: e.points ?? 1 });
      case "end": {
        const reason = topspotEnd(e.end_code, e.end_player, c.names);
        const scores = perSeat(e.scores || [], c.names);
        return reason ? t("log.topspot.end_reason", { reason, scores }) : t("log.topspot.end", { scores });
      }
      default: return null;
    }
  },

  /** The problems of a position (the engine's BadScenario reason codes) the scenario editor words, by key. */
  editorProblems: ["editor.problem.topspot.leader_no_cards"],

  /** A card named in a refusal. */
  card: cardName,

  /** A card that would show none of its own spots is refused in words of its own. */
  reasonKey(reason, params) {
    return reason === "does_not_raise" && params.shows === false ? "refusal.topspot.does_not_raise_hidden" : null;
  },
};
