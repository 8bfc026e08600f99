// The coach (docs/lessons.md): in a real game, the first time a rule situation arises for the player at this device
// (a wild card could help, a pile is finished, you must follow colour, a joker is forced, a claim is tied...), one
// line under the status says the rule, with a "Why?" link to its section of the rules page. The engine finds the
// situations from the player's own table (api op coach, pygame_rules/coach.py); each tip is shown once per device,
// it never blocks play, and "No more tips" turns the coach off (remembered on the device).
import { h } from "./util.js";
import { hasKey, t } from "./i18n.js";
import { whyLink } from "./rule-anchors.js";

const KEY = "pygame_rules.coach.v1";
/** {off: bool, seen: {game: [situation, ...]}} from this device; nothing stored reads as "on, nothing seen". */
export function readCoach() {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) || "{}");
    return { off: value.off === true, seen: value.seen && typeof value.seen === "object" ? value.seen : {} };
  } catch (err) {
    return { off: false, seen: {} };
  }
}

function writeCoach(value) {
  try { localStorage.setItem(KEY, JSON.stringify(value)); } catch (err) { /* not kept: tips may come again */ }
}

/** Turn the coach on or off on this device. */
export function setCoach(on) {
  writeCoach({ ...readCoach(), off: !on });
}

export class Coach {
  /** `table`: the app's table controller (js/table.js): its engine, session, viewer, setup and status line. */
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
    const stored = readCoach();
    if (stored.off || ctl.setup.seats[ctl.viewer]?.kind !== "human") return;
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
