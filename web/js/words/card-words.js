// Cards named in the reader's words, for the move log, refusals and Level 8's board alike: "red 7", "joker as 7",
// "joker as red", "skip card". Its own module so that log-words.js and games/level8.js both import it and not each
// other (no import circle in web/js: tests/test_js_imports.py). The Python describer (pygame_rules/words.py) names
// cards from the same catalogue keys the same way; tests/test_words.py holds the two equal.
import { t } from "./i18n.js";

const JOKER = "J";
const SKIP = "S";

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
