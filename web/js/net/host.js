// The host of a table with guests (docs/multiplayer.md). The host's worker owns the game exactly as in a game
// against bots; each guest seat is another device joined through a data channel (peer.js). The host sends each
// guest only its own seat's table (the api's `table` answer for that seat: view, legal actions, the log as that
// seat may see it) and plays the actions a guest sends through the same API as its own, for the seat bound to that
// connection. Guest input is untrusted: a message longer than GUEST_LIMIT is never parsed, anything but the few
// documented shapes is refused with a code the guest words in its own language, and nothing changes.
import { offer } from "./peer.js";
import { qrSvg } from "./qr.js";
import { scanner } from "./scan.js";
import { deriveSeed, HEX32, randomHex, sha256hex } from "./deal.js";
import { TALK, talkBar } from "./talk.js";
import { h, toast } from "../lib/util.js";
import { t } from "../words/i18n.js";

/** Characters of one guest message at most (an action is well under 1,000). */
export const GUEST_LIMIT = 32_000;
const REQUEST_OPS = new Set(["act", "check", "hint", "table"]);
const FIELDS = {
  join: { need: ["value"], may: ["token"] },
  req: { need: ["id", "op"], may: ["action", "since"] },
  talk: { need: ["key"], may: [] },
};

const plain = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * Read one guest message (JSON text): {msg} when it has one of the documented shapes, else {code, id}. Nothing in
 * the message can name a seat or a session: those come from the connection.
 */
export function readGuestMessage(text) {
  if (typeof text !== "string" || text.length > GUEST_LIMIT) return { code: "too_big", id: null };
  let msg;
  try { msg = JSON.parse(text); } catch (err) { return { code: "bad_message", id: null }; }
  if (!plain(msg) || !Object.hasOwn(FIELDS, msg.t)) return { code: "bad_message", id: null };
  const id = Number.isSafeInteger(msg.id) && msg.id > 0 ? msg.id : null;
  const { need, may } = FIELDS[msg.t];
  if (Object.keys(msg).some((k) => k !== "t" && !need.includes(k) && !may.includes(k)) ||
      need.some((k) => !(k in msg))) return { code: "bad_message", id };
  if (msg.t === "join" && (!HEX32.test(msg.value) || ("token" in msg && !HEX32.test(msg.token)))) {
    return { code: "bad_message", id };
  }
  if (msg.t === "req") {
    if (id === null || !REQUEST_OPS.has(msg.op)) return { code: "bad_message", id };
    const wantsAction = msg.op === "act" || msg.op === "check";
    if (wantsAction !== ("action" in msg) || (wantsAction && !plain(msg.action))) return { code: "bad_message", id };
    if ("since" in msg && (msg.op !== "table" || !Number.isSafeInteger(msg.since) || msg.since < 0)) {
      return { code: "bad_message", id };
    }
  }
  if (msg.t === "talk" && typeof msg.key !== "string") return { code: "bad_message", id };
  return { msg };
}

/** What a guest may see of a table: its own, without the undo offer (undo is the host's alone at such a table). */
function forGuest(table) {
  return { ...table, undoable: false };
}

/**
 * The host's side once the game is dealt: relays tables to the guests and their actions to the engine.
 * guests: Map seat -> {seat, channel, token, value, sent, current, over, queue}.
 */
export class HostRelay {
  constructor({ engine, setup, secret, commit, guests }) {
    this.engine = engine;
    this.setup = setup;
    this.secret = secret;
    this.commit = commit;
    this.guests = guests;
    this.session = null;
    this.controller = null;
    this.values = [];
    this.refusals = [];
    this.revealed = false;
    this.stun = ""; // the STUN server new invites use ("" = none)
    /** @type {((g: any) => void) | null} */ this.onJoin = null; // the lobby marks a seat joined
  }

  /** Take over a freshly opened table controller: its updates go to the guests, its end reveals the deal. */
  attach(controller, session) {
    this.controller = controller;
    this.session = session;
    const base = controller.hooks;
    controller.hooks = { ...base,
      onUpdate: () => this.pushAll(),
      onOver: (c) => { base.onOver(c); this.reveal(); },
      standIn: (seat) => this.standIn(seat),
    };
    this.bar = talkBar({ seat: controller.viewer, names: controller.names, commit: this.commit,
      send: (key) => this.talk(controller.viewer, key) });
    controller.root.prepend(this.bar.el);
    // a change of language redraws the table's root: the bar goes back on top of it
    window.addEventListener("langchange", () => {
      if (controller.alive && !this.bar.el.isConnected) controller.root.prepend(this.bar.el);
    });
  }

  _enqueue(g, job) {
    g.queue = (g.queue || Promise.resolve()).then(job).catch((err) => toast(String(err.message || err), "error"));
    return g.queue;
  }

  /** Send a guest its table when anything changed for it (new log lines, turn, end, or an undo). */
  push(g) {
    return this._enqueue(g, async () => {
      if (!this.session || !g.channel?.open) return;
      const { table } = await this.engine.request("table", { session: this.session, seat: g.seat, since: g.sent });
      if (!table.log.length && table.log_length === g.sent && table.current_player === g.current &&
          table.over === g.over) return;
      g.sent = table.log_length;
      g.current = table.current_player;
      g.over = table.over;
      g.channel.send({ t: "table", table: forGuest(table) });
    });
  }

  pushAll() {
    for (const g of this.guests.values()) this.push(g);
  }

  /** The game is over: every guest gets the secret and every action, to check the deal on its own engine. */
  async reveal() {
    if (this.revealed) return;
    this.revealed = true;
    const answer = await this.engine.request("reveal", { session: this.session });
    for (const g of this.guests.values()) {
      this._enqueue(g, async () => {
        g.channel?.send({ t: "reveal", secret: this.secret, actions: answer.actions });
      });
    }
  }

  /** One message from the guest at `g.seat`. */
  async receive(g, text) {
    const read = readGuestMessage(text);
    if (read.code) { this.refuse(g, read.code, read.id); return; }
    const { msg } = read;
    if (msg.t === "talk") {
      if (Object.hasOwn(TALK, msg.key)) this.talk(g.seat, msg.key);
      else this.refuse(g, "bad_message", null);
      return;
    }
    if (msg.t !== "req") { this.refuse(g, "bad_message", null); return; }
    if (!this.session) { this.refuse(g, "not_started", msg.id); return; }
    const base = { session: this.session, seat: g.seat };
    const request = msg.op === "hint" ? { ...base, level: "auto" } : msg.op === "table" ?
      { ...base, since: msg.since ?? 0 } : { ...base, action: msg.action };
    let answer;
    try {
      answer = await this.engine.request(msg.op, request);
    } catch (err) {
      this.refusals.push({ seat: g.seat, code: err.code });
      this._enqueue(g, async () => g.channel.send({ t: "res", id: msg.id, ok: false,
        error: { code: err.code, message: err.message, reason: err.reason, params: err.params } }));
      return;
    }
    const { id, ok, ...rest } = answer;
    if (rest.table) {
      rest.table = forGuest(rest.table);
      g.sent = rest.table.log_length;
      g.current = rest.table.current_player;
      g.over = rest.table.over;
    }
    await this._enqueue(g, async () => g.channel.send({ t: "res", id: msg.id, ok: true, ...rest }));
    if (msg.op === "act") await this.refreshHost();
  }

  refuse(g, code, id) {
    this.refusals.push({ seat: g.seat, code });
    this._enqueue(g, async () => g.channel?.send({ t: "refused", id, code }));
  }

  /** A guest moved: the host's own table catches up, the bots play on, and every guest hears of it. */
  async refreshHost() {
    const c = this.controller;
    if (!c || !c.alive) return;
    if (!c.table) { this.pushAll(); c.run(); return; } // the hot-seat hand-over screen: no table to update
    const { table } = await this.engine.request("table", { session: this.session, seat: c.viewer,
      since: c.table.log_length });
    if (!c.alive) return;
    c.update(table);
    c.run();
  }

  /** A preset reaction from `seat`: shown here and sent to every guest (each words it in its own language). */
  talk(seat, key) {
    if (!this.bar?.show(seat, key)) return;
    for (const g of this.guests.values()) this._enqueue(g, async () => g.channel?.send({ t: "talk", seat, key }));
  }

  /** A new data channel for guest seat `seat`: greet it; its first message must be its join (with its token when
   * it comes back). */
  welcome(seat, channel) {
    let g = this.guests.get(seat);
    const back = !!g?.value;
    if (!g) {
      g = { seat, token: randomHex(16), value: null, sent: 0, current: undefined, over: false, standIn: false };
      this.guests.set(seat, g);
    }
    g.channel = channel;
    g.greeted = false;
    channel.limit = GUEST_LIMIT;
    channel.ontoolong = () => this.refuse(g, "too_big", null);
    channel.ontext = (text) => (g.greeted ? this.receive(g, text) : this.joined(g, channel, text));
    channel.onclose = () => {
      if (g.channel !== channel) return;
      // a device that never joined on this channel (not the seat's guest) spent the invite: make a fresh one
      if (!g.greeted && this.session) { g.away = true; this.panel(g, true); return; }
      this.away(g);
    };
    const hello = { t: "welcome", v: 1, seat, game: this.setup.game, players: this.setup.players,
      options: this.setup.options, seats: this.setup.seats.map((s) => ({ kind: s.kind })), commit: this.commit };
    // a seat's token goes to its first guest only: coming back, the guest must show it
    channel.send(back ? { ...hello, back: true } : { ...hello, token: g.token });
  }

  joined(g, channel, text) {
    const read = readGuestMessage(text);
    if (read.code || read.msg.t !== "join") { this.refuse(g, read.code || "bad_message", read.id ?? null); return; }
    const { value, token } = read.msg;
    if (g.value && (token !== g.token || value !== g.value)) {
      this.refuse(g, "bad_token", null);
      setTimeout(() => channel.close(), 200);
      if (this.session) this.panel(g, true); // that invite is spent: a fresh one for the real guest
      return;
    }
    g.value = value;
    g.greeted = true;
    g.away = false;
    this.onJoin?.(g);
    if (this.session) this.restart(g);
    this.store();
  }

  /** Send a guest that came back its whole table again. */
  restart(g) {
    this.panel(g);
    this._enqueue(g, async () => {
      const { table } = await this.engine.request("table", { session: this.session, seat: g.seat, since: 0 });
      g.sent = table.log_length;
      g.current = table.current_player;
      g.over = table.over;
      g.channel.send({ t: "start", values: this.values, table: forGuest(table) });
    });
    if (this.revealed) { this.revealed = false; this.reveal(); }
  }

  /** A guest's connection closed: the table waits for it, or a bot plays its seat if the host says so. */
  away(g) {
    if (!this.session || g.away) return;
    g.away = true;
    this.panel(g);
  }

  /** A bot stands in for an away guest when the host chose so (table.js asks before waiting for a seat). */
  standIn(seat) {
    const g = this.guests.get(seat);
    return g && g.away && g.standIn ? "normal" : null;
  }

  setStandIn(g, on) {
    g.standIn = on;
    this.store();
    this.panel(g);
    const c = this.controller;
    if (on && c && c.alive && c.table && !c.table.over && c.table.current_player === g.seat) c.run();
  }

  /** The host's panel for an away guest: wait or let a bot play, and a new invite to come back with. */
  async panel(g, fresh = false) {
    if (!this.bar) return;
    const old = this.bar.el.querySelector(`.net-seat[data-seat="${g.seat}"]`);
    if (!g.away) { old?.remove(); return; }
    if (fresh) delete old?.dataset.away;
    const name = this.setup.seats[g.seat].name;
    const wait = h("button.btn.net-wait", { type: "button", "aria-pressed": String(!g.standIn),
      onclick: () => this.setStandIn(g, false) }, t("net.wait"));
    const bot = h("button.btn.net-bot", { type: "button", "aria-pressed": String(g.standIn),
      onclick: () => this.setStandIn(g, true) }, t("net.bot_plays"));
    const section = old && old.dataset.away === "true" ? old : await inviteSection({ seat: g.seat, name,
      title: t("net.away", { name }), stun: this.stun, onChannel: (channel) => this.welcome(g.seat, channel) });
    section.dataset.away = "true";
    section.querySelector(".net-choice")?.remove();
    section.querySelector("h3").after(h("div.net-choice", { role: "group", "aria-label": t("net.while_away") },
      wait, bot));
    if (!section.isConnected) (old ? old.replaceWith(section) : this.bar.el.append(section));
  }

  /** Keep what a reload of the host needs to resume the table (this device's storage only). */
  store() {
    if (!this.session) return;
    const guests = Object.fromEntries([...this.guests.values()].map((g) => [g.seat,
      { token: g.token, value: g.value, standIn: !!g.standIn }]));
    try {
      localStorage.setItem(HOST_KEY, JSON.stringify({ seed: this.setup.seed, secret: this.secret, commit: this.commit,
        values: this.values, guests }));
    } catch (err) { /* storage full or disabled: a reload cannot bring the guests back */ }
  }
}

// ----- joining, leaving and coming back -------------------------------------------------------------------------
const HOST_KEY = "pygame_rules.host.v1"; // the host's secret, the guests' values and seat tokens (this device only)

/** The host's record of its table with guests, or null (kept so that a reload of the host can resume). */
export function readHostRecord() {
  try {
    const record = JSON.parse(localStorage.getItem(HOST_KEY) || "null");
    return record && typeof record.secret === "string" && Array.isArray(record.values) ? record : null;
  } catch (err) {
    return null;
  }
}


/** The invite for one seat: a link (text and QR code), the field for the guest's answer, and Connect. */
async function inviteSection({ seat, name, title, stun, onChannel }) {
  const o = await offer({ stun });
  const link = `${location.origin}${location.pathname}#join=${o.code}`;
  const state = h("p.net-state", { role: "status" }, t("net.waiting_answer"));
  const answer = h("textarea.net-code", { rows: 2, spellcheck: "false", autocomplete: "off" });
  const invite = h("textarea.net-code", { rows: 3, readonly: true, spellcheck: "false" }, link);
  const connect = h("button.btn.primary.net-connect", { type: "button" }, t("net.connect"));
  connect.addEventListener("click", async () => {
    connect.disabled = true;
    state.textContent = t("net.connecting");
    try {
      const channel = await o.answer(answer.value);
      onChannel(channel);
      state.textContent = t("net.connected_waiting");
    } catch (err) {
      connect.disabled = false;
      state.textContent = t("net.bad_code");
    }
  });
  const copy = h("button.btn.ghost", { type: "button", onclick: () => copyText(link) }, t("net.copy"));
  return h("section.net-seat", { dataset: { seat: String(seat) }, "aria-labelledby": `net-seat-${seat}` },
    h("h3", { id: `net-seat-${seat}` }, title),
    h("div.net-invite", qrSvg(link, t("net.invite_qr", { name })),
      h("div.net-fields",
        h("label.col", t("net.invite_link"), invite), copy,
        h("label.col", t("net.answer_code"), answer),
        scanner(answer, () => connect.click()), connect, state)));
}

/**
 * The lobby before the deal: an invite (link and QR code) per guest seat, a field for each guest's answer, and the
 * deal once every guest is connected. `openTable(setup, session, seed, viewer, table)` opens the host's table and
 * returns its controller (main.js).
 */
export async function hostLobby({ engine, setup, settings, saveSettings, openTable, keep, onCancel = null }) {
  const secret = randomHex(32);
  const commit = await sha256hex(secret);
  const viewer = setup.seats.findIndex((s) => s.kind === "human");
  /** @type {Map<number, any>} */
  const guests = new Map();
  const relay = new HostRelay({ engine, setup, secret, commit, guests });
  relay.stun = settings.stun || "";
  window.__net = { relay, role: "host" };
  const guestSeats = setup.seats.map((s, i) => (s.kind === "guest" ? i : -1)).filter((i) => i >= 0);
  const stun = h("input#net-stun", { type: "text", value: settings.stun || "", placeholder: "stun.example.org:3478",
    "aria-describedby": "net-stun-help" });
  const dealButton = h("button.btn.primary#net-deal", { type: "button", disabled: true }, t("net.deal"));
  const error = h("p.form-error#net-lobby-error", { role: "alert" });
  const seatsBox = h("div.net-seats");
  const dialog = h("dialog.net-lobby#net-lobby", { "aria-labelledby": "net-lobby-title" },
    h("h2#net-lobby-title", t("net.lobby_title", { game: setup.title })),
    h("p.help", t("net.lobby_intro")),
    h("p.net-commit", t("net.commitment"), " ", h("code#net-commit", commit)),
    seatsBox,
    h("details.net-stun",
      h("summary", t("net.stun_title")),
      h("label.row", `${t("net.stun_label")} `, stun),
      h("p.help#net-stun-help", t("net.stun_help")),
      h("button.btn.ghost#net-reinvite", { type: "button", onclick: () => invites() }, t("net.new_invites"))),
    error,
    h("div.dialog-buttons",
      h("button.btn.ghost", { type: "button", onclick: () => dialog.close() }, t("common.cancel")), dealButton));

  const ready = () => guestSeats.every((seat) => guests.get(seat)?.value);
  relay.onJoin = (g) => {
    const section = seatsBox.querySelector(`[data-seat="${g.seat}"]`);
    if (!section) return;
    section.querySelector(".net-state").textContent = t("net.joined");
    section.dataset.joined = "true";
    dealButton.disabled = !ready();
  };

  /** One invite per guest seat that has no guest yet (again after the STUN server changed). */
  async function invites() {
    settings.stun = relay.stun = stun.value.trim();
    saveSettings(settings);
    for (const seat of guestSeats) {
      if (guests.get(seat)?.channel) continue;
      const old = seatsBox.querySelector(`[data-seat="${seat}"]`);
      const name = setup.seats[seat].name;
      const section = await inviteSection({ seat, name, title: t("net.guest_seat", { name }), stun: relay.stun,
        onChannel: (channel) => relay.welcome(seat, channel) });
      if (old) old.replaceWith(section);
      else seatsBox.append(section);
    }
  }

  dealButton.addEventListener("click", async () => {
    dealButton.disabled = true;
    error.textContent = "";
    try {
      const values = setup.seats.map((_, i) => guests.get(i)?.value || "");
      const seed = await deriveSeed(secret, values);
      const answer = await engine.request("new", { game: setup.game, players: setup.players, seed,
        options: setup.options, seat: viewer, keep });
      setup.seed = seed;
      relay.values = values;
      relay.onJoin = null;
      dialog.close();
      const controller = openTable(setup, answer.session, seed, viewer, answer.table);
      relay.attach(controller, answer.session);
      relay.store();
      for (const g of guests.values()) relay.restart(g);
    } catch (err) {
      error.textContent = err.message;
      dealButton.disabled = !ready();
    }
  });
  dialog.addEventListener("close", () => {
    dialog.remove();
    if (!relay.session) { for (const g of guests.values()) g.channel?.close(); onCancel?.(); }
  });
  document.body.append(dialog);
  dialog.showModal();
  await invites();
  return relay;
}

/**
 * The host's page was reloaded (or its worker restarted) during a game with guests: the table is open again from
 * the worker's save; bring back the relay from this device's record, every guest away until it reconnects.
 */
export function resumeHost({ engine, controller, session }) {
  const record = readHostRecord();
  const setup = controller.setup;
  if (!record || record.seed !== setup.seed) return null;
  /** @type {Map<number, any>} */
  const guests = new Map();
  const relay = new HostRelay({ engine, setup, secret: record.secret, commit: record.commit, guests });
  relay.values = record.values;
  relay.stun = "";
  window.__net = { relay, role: "host" };
  relay.attach(controller, session);
  for (const [seat, saved] of Object.entries(record.guests || {})) {
    if (!HEX32.test(saved.token) || !HEX32.test(saved.value)) continue;
    const g = { seat: Number(seat), token: saved.token, value: saved.value, sent: 0, current: undefined,
      over: false, standIn: !!saved.standIn, away: false };
    guests.set(g.seat, g);
    relay.away(g);
  }
  return relay;
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    toast(t("net.copied"));
  } catch (err) {
    toast(t("net.copy_by_hand"), "info", 8000);
  }
}
