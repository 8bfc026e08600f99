// Move-log lines worded in the reader's language from the events' structured fields (type, player, card, value,
// pile, cards...), one catalogue key per event type (`log.<game>.<type>`, `log.<type>` for match events). Events
// carry no words of their own: an event this page cannot word shows as its catalogue key and is recorded in
// MISSING (i18n.js), which the tests keep empty. Cards are named as the game names them ("red 6", "joker as 5",
// "Skip-Bo"), never by engine ids. The Python describer (pygame_rules/words.py) words events and refusals from the
// same catalogues line for line; tests/test_words.py holds the two equal. See docs/i18n.md.
import { getLang, hasKey, MISSING, t, withLang } from "./i18n.js";
import { level8CardName as level8Card, level8ColourName as level8Colour } from "./card-words.js";
import { cardName as topspotCard, topspotEnd } from "../games/topspot.js";

const KINDS = { run: "log.level8.kind_run", set: "log.level8.kind_set", colour: "log.level8.kind_colour" };
const has = (e, ...fields) => fields.every((f) => e[f] !== undefined && e[f] !== null);
const colour = (c) => t(`colour.${c}`);
const list = (items, last = "common.and") => {
  if (items.length < 2) return items.join("");
  return `${items.slice(0, -1).join(", ")}${t(last)}${items[items.length - 1]}`;
};
const etalageCard = (card) => {
  const at = card.lastIndexOf("-");
  return t("topspot.card", { colour: colour(card.slice(0, at)), n: card.slice(at + 1) });
};
const skipboCard = (value, stands) => (value === 0 ? (stands ? t("log.skipbo.wild_as", { value: stands })
  : t("log.skipbo.wild")) : String(value));

/** "Player 1 6 · Bot 2 0": points per seat in words, never a Python list. */
function perSeat(values, names) {
  return values.map((v, s) => `${names[s] ?? s + 1} ${v}`).join(" · ");
}


const WORDERS = {
  skipbo(e, c) {
    const name = c.names[e.player];
    switch (e.type) {
      case "play_hand": case "play_stock": case "play_discard": {
        if (!has(e, "card", "pile")) return null;
        const card = skipboCard(e.card, e.value);
        const pile = e.pile + 1;
        if (e.type === "play_hand") return t("log.skipbo.play_hand", { name, card, pile });
        if (e.type === "play_stock") return t("log.skipbo.play_stock", { name, card, pile });
        return t("log.skipbo.play_discard", { name, card, pile, n: (e.action?.discard ?? 0) + 1 });
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

  topspot(e, c) {
    const name = c.names[e.player];
    switch (e.type) {
      case "play": {
        if (!has(e, "cards", "value")) return null;
        const stack = e.cards.map(topspotCard).join(t("topspot.over"));
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

  level8(e, c) {
    const name = c.names[e.player];
    const kind = (k) => (KINDS[k] ? t(KINDS[k]) : k);
    const parts = (ps) => ps.map((p) => `${kind(p[0])} ${p.slice(1).map(level8Card).join(", ")}`).join("; ");
    switch (e.type) {
      case "deal": return has(e, "deal", "dealer") ? t("log.level8.deal", { n: e.deal, name: c.names[e.dealer],
        card: e.up_card ? level8Card(e.up_card) : "–" }) : null;
      case "draw": return e.card ? t("log.level8.draw_card", { name, card: level8Card(e.card) })
        : t("log.level8.draw", { name });
      case "take_discard": return has(e, "card", "seat") ? t(e.seat === e.player ? "log.level8.take_own" :
        "log.level8.take_discard", { name, card: level8Card(e.card), owner: c.names[e.seat] }) : null;
      case "take_nothing": return t("log.level8.take_nothing", { name });
      case "lay_out": return has(e, "level", "parts") ? t("log.level8.lay_out", { name, level: e.level,
        parts: parts(e.parts) }) : null;
      case "add": {
        if (!has(e, "card", "seat")) return null;
        const of = c.table?.view?.table?.[e.seat]?.[e.part]?.kind;
        return t("log.level8.add", { name, card: level8Card(e.card), owner: c.names[e.seat],
          part: KINDS[of] ? t(KINDS[of]) : t("level8.combination") });
      }
      case "discard": return has(e, "card") ? t("log.level8.discard", { name, card: level8Card(e.card) }) : null;
      case "skip": return has(e, "target") ? t("log.level8.skip", { name, target: c.names[e.target] }) : null;
      case "serve_skip": return t("log.level8.serve_skip", { name });
      case "go_out": return t("log.level8.go_out", { name });
      case "deal_end": return has(e, "deal", "moves") ? t("log.level8.deal_end", { n: e.deal,
        moves: e.moves.map((m, s) => `${c.names[s]} +${m}`).join(", ") }) : null;
      case "keep_start": return t("log.level8.keep_start", { names: list((e.seats || []).map((s) => c.names[s])),
        n: c.table?.view?.sheet?.keep?.cards ?? 4 });
      case "keep": return e.cards ? t("log.level8.keep_cards", { name, cards: e.cards.map(level8Card).join(", ") || "–",
        n: e.cards.length }) : t("log.level8.keep", { name, n: e.count ?? 0 });
      case "rebuild": return t(e.skips ? "log.level8.rebuild_skip" : "log.level8.rebuild", { n: e.count ?? 0 });
      case "win": {
        return e.how === "out" ? t("log.level8.win_out", { name, level: e.level }) : t("log.level8.win", { name });
      }
      default: return null;
    }
  },

  etalage(e, c) {
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
};

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
  const worder = WORDERS[game];
  return events.map((e) => {
    let line = null;
    try {
      line = matchLine(e, c) ?? (worder ? worder(e, c) : null);
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

const CARD_WORDS = { skipbo: (v) => skipboCard(v), level8: level8Card, topspot: topspotCard, etalage: etalageCard };
const seatName = (v, c) => c.names?.[v] ?? t("refusal.player", { n: Number(v) + 1 });
const colours = (v) => list((v || []).map(colour));
/** How each refusal parameter is named in words (params not listed are shown as they are: numbers). */
const PARAM_WORDS = {
  card: (v, c) => (CARD_WORDS[c.game] || String)(v),
  colour: (v) => colour(v), led: (v) => colour(v), given: (v) => (v == null ? "" : colour(v)),
  colours, present: colours,
  seat: seatName, owner: seatName,
  pile: (v) => Number(v) + 1, discard: (v) => Number(v) + 1, part: (v) => Number(v) + 1,
  source: (v) => t(`refusal.source.${v}`),
  // Level 8's lay-out problems (PartError.why): the kind of combination, its cards, the numbers or colours at odds
  kind: (v, c) => (c.game === "level8" && KINDS[v] ? t(KINDS[v]) : v),
  cards: (v, c) => (v || []).map((x) => (CARD_WORDS[c.game] || String)(x)).join(", "),
  numbers: (v) => list((v || []).map(String)),
  values: (v, c) => list((v || []).map((x) => (typeof x === "number" ? String(x)
    : c.game === "level8" ? level8Colour(x) : colour(x))), "common.or"),
};

/** A refusal is a sentence: a colour or a card that opens it ("purple was led...") starts with a capital. */
const sentence = (text, lang) => text.charAt(0).toLocaleUpperCase(lang) + text.slice(1);

/** A refusal reason of `game` as a sentence in the current language (its key is in the catalogue). */
function reasonLine(game, reason, params, names) {
  const c = { game, names };
  const words = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, PARAM_WORDS[k] ? PARAM_WORDS[k](v, c)
    : v]));
  // a Level 8 lay-out or addition says what is wrong with the cards in a second sentence
  const why = params.why ? `refusal.${game}.why.${params.why}` : "";
  const text = why && hasKey(why) ? `${t(reasonKey(game, reason, params), words)} ${t(why, words)}`
    : t(reasonKey(game, reason, params), words);
  return sentence(text, getLang());
}

/** The catalogue key of a game's refusal reason (Level 8's wrong phase is worded per phase). */
function reasonKey(game, reason, params) {
  if (game === "level8" && reason === "wrong_phase") {
    const took = ["draw", "take_discard", "take_nothing"].includes(params.action);
    return `refusal.level8.wrong_phase_${params.phase === "play" && took ? "took" : params.phase}`;
  }
  if (game === "skipbo" && reason === "no_such_pile") return `refusal.skipbo.no_such_pile_${params.kind}`;
  // a Top Spot card that would show none of its own spots says so
  if (game === "topspot" && reason === "does_not_raise" && params.shows === false) {
    return "refusal.topspot.does_not_raise_hidden";
  }
  if (game === "skipbo" && reason === "not_your_pile" && params.partnership) {
    return "refusal.skipbo.not_your_pile_partner";
  }
  return `refusal.${game}.${reason}`;
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
