// The coach (docs/lessons.md): in a real game, the first time a rule situation arises for the player at this device
// (a wild card could help, a pile is finished, you must follow colour, a joker is forced, a claim is tied...), one
// line under the status says the rule, with a "Why?" link to its section of the rules page. The engine finds the
// situations from the player's own table (api op coach, pygame_rules/coach.py); each tip is shown once per device and
// never blocks play. The coach is on for a player's first COACH_GAMES finished games of each game, then off, unless
// the player chose (the new-game dialog's setting, or "No more tips"): an explicit choice wins, on this device.
import { h } from "../lib/util.js";
import { hasKey, t } from "../words/i18n.js";
import { whyLink } from "../widgets/rule-anchors.js";

const KEY = "pygame_rules.coach.v1";
/** Finished games of a game during which the coach is on by default. */
export const COACH_GAMES = 3;

/** {off, seen: {game: [situation, ...]}, finished: {game: n}} from this device. `off` is the player's explicit
 * choice (true: off, false: on) or null when they made none; nothing stored reads as "no choice, nothing seen". */
export function readCoach() {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) || "{}");
    const counts = value.finished && typeof value.finished === "object" ? value.finished : {};
    return { off: typeof value.off === "boolean" ? value.off : null,
      seen: value.seen && typeof value.seen === "object" ? value.seen : {},
      finished: Object.fromEntries(Object.entries(counts).filter(([, n]) => Number.isInteger(n) && n >= 0)) };
  } catch (err) {
    return { off: null, seen: {}, finished: {} };
  }
}

function writeCoach(value) {
  try { localStorage.setItem(KEY, JSON.stringify(value)); } catch (err) { /* not kept: tips may come again */ }
}

/** The player's explicit choice: the coach on or off on this device, for every game, whatever the default says. */
export function setCoach(on) {
  writeCoach({ ...readCoach(), off: !on });
}

/** Whether the coach speaks in a game of `game`: the explicit choice if there is one, else on for the first
 * COACH_GAMES finished games of that game. */
export function coachOn(game, stored = readCoach()) {
  if (stored.off !== null) return !stored.off;
  return (stored.finished[game] || 0) < COACH_GAMES;
}

/** A game of `game` with a player at this device was finished (counted once: js/app/main.js calls this when the
 * statistics record a new game). */
export function noteFinished(game) {
  const now = readCoach();
  writeCoach({ ...now, finished: { ...now.finished, [game]: (now.finished[game] || 0) + 1 } });
}

export class Coach {
  /** `table`: the app's table controller (js/app/table.js): its engine, session, viewer, setup and status line. */
  constructor(table) {
    this.table = table;
    this.since = 0;
    this.shownAt = null;
    // not a live region of its own: the tip is spoken through the table's one announcer (one voice for the table)
    this.el = h("p.coach-tip#coach", { hidden: true });
    table.status.after(this.el);
  }

  /** After each table update: hide an old tip once the game moved on, and show the first new situation's tip. */
  async look(state) {
    const ctl = this.table;
    if (this.shownAt !== null && state.log_length > this.shownAt) this.hide();
    if (!coachOn(ctl.setup.game) || ctl.setup.seats[ctl.viewer]?.kind !== "human") return;
    const since = Math.min(this.since, state.log_length);
    this.since = state.log_length;
    let situations, sections;
    try {
      ({ situations, sections } = await ctl.engine.request("coach", { session: ctl.session, seat: ctl.viewer,
        since }));
    } catch (err) {
      return; // a tip is never worth an error
    }
    const game = ctl.setup.game;
    if (!Array.isArray(situations) || !sections || typeof sections !== "object") return; // not an answer we know
    const seen = new Set(readCoach().seen[game] || []);
    const fresh = situations.find((s) => typeof s === "string" && !seen.has(s) && hasKey(`coach.${game}.${s}`));
    if (!fresh || !ctl.alive) return;
    const now = readCoach();
    writeCoach({ ...now, seen: { ...now.seen, [game]: [...seen, fresh] } });
    this.show(game, fresh, typeof sections[fresh] === "string" ? sections[fresh] : "", state.log_length);
  }

  show(game, situation, section, at) {
    this.shownAt = at;
    this.el.dataset.situation = situation;
    this.el.replaceChildren(h("strong", t("coach.tip")), " ", t(`coach.${game}.${situation}`), " ",
      whyLink(game, "", undefined, section || ""), " ",
      h("button.btn.ghost.coach-off", { type: "button", onclick: () => { setCoach(false); this.hide(); } },
        t("coach.off")));
    this.el.hidden = false;
    this.table.announce?.(`${t("coach.tip")} ${t(`coach.${game}.${situation}`)}`);
  }

  hide() {
    this.shownAt = null;
    this.el.hidden = true;
    this.el.replaceChildren();
    delete this.el.dataset.situation;
  }
}
