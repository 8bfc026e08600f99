// A guest at a table with guests (docs/multiplayer.md): this device runs the same app, but the game lives in the
// host's worker. The guest's table is the ordinary TableController, talking to a RemoteEngine that sends the few
// requests a seat may make (act, check, hint, table) to the host instead of to a worker; the host binds them to this
// guest's seat. The host pushes this seat's table whenever the game moves. At the end the host reveals its secret
// and every action, and this device's own engine replays the game to check the deal and every move.
import { answer as answerOffer, codeFrom } from "./peer.js";
import { qrSvg } from "./qr.js";
import { scanner } from "./scan.js";
import { HEX32, HEX64, randomHex, verifyDeal } from "./deal.js";
import { talkBar } from "./talk.js";
import { EngineError } from "../worker/engine.js";
import { RENDERERS } from "../games/index.js";
import { TableController } from "../app/table.js";
import { h, toast } from "../lib/util.js";
import { t } from "../words/i18n.js";

/** A host's refusal of a message itself, by code. */
const REFUSED = { too_big: "net.refused.too_big", bad_message: "net.refused.bad_message",
  not_started: "net.refused.not_started", bad_token: "net.refused.bad_token" };
/** Why a deal was not verified (deal.js verifyDeal), by reason. */
const NOT_VERIFIED = { commitment: "net.not_verified.commitment", value: "net.not_verified.value",
  refused: "net.not_verified.refused", log: "net.not_verified.log", error: "net.not_verified.error" };

/** The face of js/worker/engine.js's Engine that a table uses, answered by the host over the data channel. */
export class RemoteEngine {
  constructor(channel) {
    this.channel = channel;
    this.nextId = 1;
    this.pending = new Map();
    this.onTable = (table) => {};
  }

  request(op, args = {}) {
    if (op === "drop") return Promise.resolve({});
    const id = this.nextId++;
    const msg = { t: "req", id, op };
    if (op === "act" || op === "check") msg.action = args.action;
    if (op === "table") msg.since = args.since ?? 0;
    if (!["act", "check", "hint", "table"].includes(op)) {
      return Promise.reject(new EngineError({ code: "not_allowed", message: t("net.refused.not_allowed") }));
    }
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (!this.channel.send(msg)) {
        this.pending.delete(id);
        reject(new EngineError({ code: "disconnected", message: t("net.refused.disconnected") }));
      }
    });
  }

  /** An answer from the host: {t: "res", id, ok, ...} */
  settle(msg) {
    const waiting = this.pending.get(msg.id);
    if (!waiting) return;
    this.pending.delete(msg.id);
    if (msg.table) this.onTable(msg.table);
    if (msg.ok) waiting.resolve(msg);
    else waiting.reject(new EngineError(msg.error || { code: "bad_message", message: "" }));
  }

  /** A refusal of the message itself (too big, not a known shape): words in this reader's language. */
  refused(msg) {
    const message = t(REFUSED[msg.code] || REFUSED.bad_message);
    const waiting = this.pending.get(msg.id);
    if (waiting) {
      this.pending.delete(msg.id);
      waiting.reject(new EngineError({ code: msg.code, message }));
    }
    return message;
  }
}

const GUEST_KEY = "pygame_rules.guest.v1"; // this guest's seat token, value and the log it was shown (this device)

function readGuestRecord() {
  try {
    const record = JSON.parse(localStorage.getItem(GUEST_KEY) || "null");
    return record && HEX64.test(record.commit) && Array.isArray(record.received) ? record : null;
  } catch (err) {
    return null;
  }
}

/** Keep what this guest needs to come back to its seat after a reload, and to check the deal at the end. */
function storeGuest(guest) {
  const w = guest.welcome;
  if (!w || !guest.token) return;
  try {
    localStorage.setItem(GUEST_KEY, JSON.stringify({ commit: w.commit, seat: w.seat, token: guest.token,
      value: guest.value, values: guest.values || null, received: guest.received }));
  } catch (err) { /* storage full or disabled: this guest cannot come back after a reload */ }
}

/**
 * The join screen: the invite (opened from a link, or pasted), then this device's answer code (text and QR code)
 * for the host, then the table once the host deals. `hooks` are main.js's table hooks.
 */
export function openJoin({ engine, app, hooks, settings, saveSettings, invite = "", onLeave }) {
  document.body.dataset.screen = "join";
  const guest = { engine, hooks, app, onLeave, settings, saveSettings, channel: null, controller: null,
    received: [], welcome: null, value: randomHex(16), token: null, queued: [], messages: [], bytes: 0 };
  window.__net = { role: "guest", guest, recheck: (actions) => recheck(guest, actions) };
  function leave() {
    guest.left = true;
    guest.channel?.close();
    guest.controller?.destroy();
    guest.controller = null;
    onLeave();
  }
  guest.leave = leave;
  app.replaceChildren(h("section.net-join#net-join-screen", { "aria-labelledby": "net-join-title" },
    h("h1#net-join-title", t("net.join_title")),
    h("p.help", t("net.join_intro")),
    joinForm(guest, invite, leave)));
  return guest;
}

/** The invite field, Join, and then this device's answer code: used to join and to come back after a drop. */
function joinForm(guest, invite, cancel = null) {
  const { settings } = guest;
  const inviteField = h("textarea#net-invite.net-code", { rows: 3, spellcheck: "false", autocomplete: "off" }, invite);
  const stun = h("input#net-stun", { type: "text", value: settings.stun || "", placeholder: "stun.example.org:3478",
    "aria-describedby": "net-stun-help" });
  const state = h("p.net-state#net-join-state", { role: "status" });
  const answerBox = h("div.net-answer#net-answer", { hidden: true });
  const join = h("button.btn.primary#net-join", { type: "button" }, t("net.join"));
  const form = h("div.net-join-form",
    h("label.col", t("net.invite_link"), inviteField),
    scanner(inviteField, () => join.click()),
    h("details.net-stun", h("summary", t("net.stun_title")),
      h("label.row", `${t("net.stun_label")} `, stun), h("p.help#net-stun-help", t("net.stun_help"))),
    h("div.dialog-buttons", cancel ? h("button.btn.ghost", { type: "button", onclick: () => cancel() },
      t("common.cancel")) : null, join),
    state, answerBox);
  join.addEventListener("click", async () => {
    join.disabled = true;
    settings.stun = stun.value.trim();
    guest.saveSettings(settings);
    state.textContent = t("net.making_answer");
    let peer;
    try {
      peer = await answerOffer(codeFrom(inviteField.value), { stun: settings.stun });
    } catch (err) {
      join.disabled = false;
      state.textContent = t("net.bad_code");
      return;
    }
    const code = h("textarea#net-answer-code.net-code", { rows: 3, readonly: true, spellcheck: "false" }, peer.code);
    answerBox.replaceChildren(h("h2", t("net.your_answer")), h("p.help", t("net.answer_help")),
      h("div.net-invite", qrSvg(peer.code, t("net.answer_qr")), h("div.net-fields",
        h("label.col", t("net.answer_code"), code),
        h("button.btn.ghost", { type: "button", onclick: () => copy(peer.code) }, t("net.copy")))));
    answerBox.hidden = false;
    state.textContent = t("net.waiting_host");
    peer.channel.then((channel) => connected(guest, channel, state), () => { state.textContent = t("net.failed"); });
  });
  if (invite) setTimeout(() => join.click(), 0);
  return form;
}

function connected(guest, channel, state) {
  guest.channel = channel;
  guest.remote = new RemoteEngine(channel);
  guest.remote.onTable = (table) => record(guest, table);
  state.textContent = t("net.connected_waiting_deal");
  channel.ontext = (text) => {
    guest.bytes += text.length;
    let msg;
    try { msg = JSON.parse(text); } catch (err) { return; }
    guest.messages.push(text);
    receive(guest, msg, state);
  };
  channel.onclose = () => {
    if (guest.channel !== channel || guest.left) return;
    if (!guest.bar) { state.textContent = t("net.host_gone"); return; }
    if (guest.checked) return; // the game is over and checked: nothing to come back to
    if (guest.bar.el.querySelector(".net-rejoin")) return;
    guest.bar.el.append(h("div.net-rejoin", h("p.net-state", { role: "status" }, t("net.host_gone_rejoin")),
      joinForm(guest, "")));
  };
}

function receive(guest, msg, state) {
  if (!msg || typeof msg !== "object") return;
  if (msg.t === "welcome") {
    if (!Number.isInteger(msg.seat) || !HEX64.test(msg.commit) || !RENDERERS[msg.game]) return;
    const saved = readGuestRecord();
    if (msg.back) {
      // coming back to a seat: this device shows the token it was given the first time
      const mine = saved && saved.commit === msg.commit && saved.seat === msg.seat ? saved : null;
      if (!mine) { state.textContent = t("net.not_your_seat"); guest.left = true; guest.channel.close(); return; }
      Object.assign(guest, { value: mine.value, token: mine.token, values: mine.values });
      if (!guest.received.length) guest.received = mine.received;
      guest.channel.send({ t: "join", value: guest.value, token: guest.token });
    } else {
      if (!HEX32.test(msg.token)) return;
      guest.token = msg.token;
      guest.channel.send({ t: "join", value: guest.value });
    }
    guest.welcome = msg;
    storeGuest(guest);
    state.textContent = t("net.joined_waiting", { commit: msg.commit.slice(0, 16) });
  } else if (msg.t === "start" && guest.welcome) {
    guest.values = msg.values;
    openGuestTable(guest, msg.table);
  } else if (msg.t === "table") {
    guest.queued.push(msg.table);
    drain(guest);
  } else if (msg.t === "res") {
    guest.remote.settle(msg);
  } else if (msg.t === "refused") {
    const words = guest.remote.refused(msg);
    guest.lastRefusal = { code: msg.code, words };
    toast(words, "error");
  } else if (msg.t === "talk") {
    guest.bar?.show(msg.seat, msg.key);
  } else if (msg.t === "reveal") {
    guest.reveal = msg;
    check(guest);
  }
}

/** Keep every log line this seat was sent, by its place in the log (an undo on the host shortens it). */
function record(guest, table) {
  const from = table.log_length - table.log.length;
  guest.received = guest.received.filter((e) => !(e.seq >= from)).concat(table.log);
  storeGuest(guest);
}

function openGuestTable(guest, table) {
  const w = guest.welcome;
  const renderer = RENDERERS[w.game];
  const seats = w.seats.map((s, i) => ({ kind: i === w.seat ? "human" : "remote",
    name: s.kind === "bot" ? t("table.bot_name", { n: i + 1 }) : t("table.player_name", { n: i + 1 }) }));
  const setup = { game: w.game, title: renderer.title, players: w.players, seats, options: w.options, seed: "" };
  document.body.dataset.screen = "play";
  guest.controller?.destroy(); // back after a drop: the table is drawn again from the host's table
  guest.queued = [];
  const root = h("section.play#play");
  guest.app.replaceChildren(root);
  const hooks = { ...guest.hooks, remember: () => true, onLeave: () => guest.leave(),
    onOver: (c) => { guest.over = true; guest.hooks.onOver(c); check(guest); } };
  const controller = new TableController({ engine: guest.remote, renderer, root, setup, session: "remote", seed: "",
    viewer: w.seat, hooks });
  guest.controller = controller;
  guest.bar = talkBar({ seat: w.seat, names: controller.names, commit: w.commit,
    send: (key) => guest.channel.send({ t: "talk", key }) });
  root.prepend(guest.bar.el);
  window.addEventListener("langchange", () => { if (guest.controller === controller) root.prepend(guest.bar.el); });
  record(guest, table);
  controller.update(table, true);
  controller.run();
}

/** Apply the tables the host pushed, once the table is not in the middle of a move of its own. */
function drain(guest) {
  const c = guest.controller;
  if (!c || !c.alive) return;
  if (c.busy || c._running) { setTimeout(() => drain(guest), 30); return; }
  while (guest.queued.length) {
    const table = guest.queued.shift();
    record(guest, table);
    c.update(table);
  }
  c.run();
}

/** Both the game's end (on this table) and the host's reveal are needed; then this device checks the deal. */
async function check(guest) {
  if (!guest.over || !guest.reveal || guest.checked) return;
  guest.checked = true;
  const w = guest.welcome;
  const r = guest.reveal;
  guest.bar.verified(t("net.verifying"), false);
  try {
    await guest.engine.ready;
    const result = await verifyDeal(guest.engine, { commit: w.commit, secret: r.secret, values: guest.values,
      mine: guest.value, seat: w.seat, game: w.game, players: w.players, options: w.options,
      actions: Array.isArray(r.actions) ? r.actions : [], received: guest.received });
    guest.verdict = result;
    guest.bar.verified(result.ok ? t("net.verified") : t(NOT_VERIFIED[result.why], { n: result.move ?? 0 }),
      result.ok);
  } catch (err) {
    guest.verdict = { ok: false, why: "error" };
    guest.bar.verified(t(NOT_VERIFIED.error, { message: err.message }), false);
  }
}

/** Check again with other actions (the tests use it to show that a changed log is reported). */
export function recheck(guest, actions) {
  guest.checked = false;
  guest.reveal = { ...guest.reveal, actions };
  return check(guest);
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    toast(t("net.copied"));
  } catch (err) {
    toast(t("net.copy_by_hand"), "info", 8000);
  }
}

