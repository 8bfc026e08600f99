// Move-log lines worded in the reader's language from the events' structured fields (type, player, card, value,
// pile, cards...), one catalogue key per event type (`log.<game>.<type>`, `log.<type>` for match events). Events
// carry no words of their own: an event this page cannot word shows as its catalogue key and is recorded in
// MISSING (i18n.js), which the tests keep empty. Cards are named as the game names them ("red 6", "joker as 5",
// "Skip-Bo"), never by engine ids. What is a game's own (its events, its cards, its refusals worded per case) is
// in its words module, games/<game>-words.js, found by name in WORDS (games/words.js): nothing here names a game.
// The Python describer (pygame_rules/words.py) words events and refusals from the same catalogues line for line;
// tests/test_words.py holds the two equal. See docs/i18n.md.
import { getLang, hasKey, MISSING, t, withLang } from "./i18n.js";
import { colour, has, list, perSeat } from "./phrases.js";
import { WORDS } from "../games/words.js";

/** Events every game with matches shares (core/match.py). */
function matchLine(e, c) {
  switch (e.type) {
    case "game_end": return has(e, "game_number", "totals") ? t("log.game_end", { n: e.game_number,
      totals: perSeat(e.totals, c.names) }) : null;
    case "game_start":
      c.state.leadNext = true;
      return has(e, "game_number") ? t("log.game_start", { n: e.game_number }) : null;
    case "match_end": {
      const winners = e.winners || [];
      return t("log.match_end", { names: list(winners.map((w) => c.names[w])), n: winners.length,
        points: e.totals?.[winners[0]] ?? "" });
    }
    default: return null;
  }
}

/**
 * The log of a game in the reader's words: one line per event. `names` are the seats' names, `table` the current
 * table (for a part's kind in Level 8). Events are worded in order (Top Spot needs to know who led a round).
 */
export function logLines(game, events, names, table = null) {
  const c = { names, table, state: { leadNext: true, led: null } };
  const words = WORDS[game];
  return events.map((e) => {
    let line = null;
    try {
      line = matchLine(e, c) ?? (words ? words.events(e, c) : null);
    } catch (err) {
      line = null; // a field shaped differently from what this page knows: shown as its key below
    }
    return line ?? unworded(game, e);
  });
}

/** An event this page cannot word (a new type, a missing field): its catalogue key, recorded as missing. */
function unworded(game, e) {
  const key = `log.${game}.${e.type}`;
  if (!MISSING.includes(key)) MISSING.push(key);
  return key;
}

/**
 * A refusal in the reader's words, English included. A game's refusal carries a stable `reason` code and JSON
 * `params` (every code is in the game class's REFUSAL_CODES; docs/api.md "Refusal codes"); it is worded from the
 * catalogue key `refusal.<game>.<reason>` with the params named as the game names them (cards, colours, players by
 * their names, piles counted from 1). The `detail` (a tooltip) is the same refusal in English, from the same
 * catalogue, for readers of the other languages; an English reader has the words already. A refusal without a
 * reason (a malformed action, not your turn) or a reason the catalogue lacks gets the line of its error `code`,
 * with the engine's `message` as `detail`.
 */
const REFUSALS = { illegal_action: "refusal.illegal_action", malformed_action: "refusal.malformed_action",
  not_your_turn: "refusal.not_your_turn", game_over: "refusal.game_over", play_first: "refusal.play_first",
  claim_first: "refusal.claim_first" };

/** A card of `game` in words (as written for a game without words). */
const cardWords = (game, v) => (WORDS[game]?.card || String)(v);
const seatName = (v, c) => c.names?.[v] ?? t("refusal.player", { n: Number(v) + 1 });
const colours = (v) => list((v || []).map(colour));
/** How each refusal parameter is named in words (params not listed are shown as they are: numbers). */
const PARAM_WORDS = {
  card: (v, c) => cardWords(c.game, v),
  colour: (v) => colour(v), led: (v) => colour(v), given: (v) => (v == null ? "" : colour(v)),
  colours, present: colours,
  seat: seatName, owner: seatName,
  pile: (v) => Number(v) + 1, discard: (v) => Number(v) + 1, part: (v) => Number(v) + 1,
  source: (v) => t(`refusal.source.${v}`),
  // lay-out problems (Level 8's PartError.why): the cards, the numbers or colours at odds; a game's words module
  // may name a parameter its own way (WORDS[game].params: Level 8's kinds of combination and colour codes)
  cards: (v, c) => (v || []).map((x) => cardWords(c.game, x)).join(", "),
  numbers: (v) => list((v || []).map(String)),
  values: (v) => list((v || []).map((x) => (typeof x === "number" ? String(x) : colour(x))), "common.or"),
};

/** A refusal is a sentence: a colour or a card that opens it ("purple was led...") starts with a capital. */
const sentence = (text, lang) => text.charAt(0).toLocaleUpperCase(lang) + text.slice(1);

/** A refusal reason of `game` as a sentence in the current language (its key is in the catalogue). */
function reasonLine(game, reason, params, names) {
  const c = { game, names };
  const own = WORDS[game]?.params || {};
  const words = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, own[k] ? own[k](v)
    : PARAM_WORDS[k] ? PARAM_WORDS[k](v, c) : v]));
  // a Level 8 lay-out or addition says what is wrong with the cards in a second sentence
  const why = params.why ? `refusal.${game}.why.${params.why}` : "";
  const text = why && hasKey(why) ? `${t(reasonKey(game, reason, params), words)} ${t(why, words)}`
    : t(reasonKey(game, reason, params), words);
  return sentence(text, getLang());
}

/** The catalogue key of a game's refusal reason: `refusal.<game>.<reason>`, or the key its words module chooses for
 * a reason worded per case (WORDS[game].reasonKey: Level 8's wrong phase per phase, for instance). */
function reasonKey(game, reason, params) {
  return WORDS[game]?.reasonKey?.(reason, params) ?? `refusal.${game}.${reason}`;
}

/**
 * @param {{code?: string, message?: string, reason?: string, params?: Record<string, any>}} answer
 * @param {{game?: string, names?: string[], lang?: string}} [context] `lang`: a widget's language (default: the
 *   reader's)
 */
export function refusalWords({ code, message, reason, params }, { game, names, lang = getLang() } = {}) {
  if (game && reason && hasKey(reasonKey(game, reason, params || {}))) {
    const text = withLang(lang, () => reasonLine(game, reason, params || {}, names));
    return { text, detail: lang === "en" ? "" : withLang("en", () => reasonLine(game, reason, params || {}, names)) };
  }
  return withLang(lang, () => {
    const line = t(REFUSALS[code] || "refusal.illegal_action");
    return message ? { text: `${line} ${t("refusal.english_reason")}`, detail: message } : { text: line, detail: "" };
  });
}
