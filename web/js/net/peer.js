// The transport of a table with guests (docs/multiplayer.md): one WebRTC data channel per guest, set up with no
// server at all. The host's offer and the guest's answer travel by hand (a link, a pasted text or a QR code), so
// they are cut down to what a data channel needs: the ICE user fragment and password, the DTLS certificate's
// SHA-256 fingerprint, the setup role and the candidates (address and port). That is packed into bytes and written
// as base64url, about 100-150 characters; the full session description is rebuilt from it on the other device.
// By default no ICE server is used, so nothing contacts any address: devices on one network find each other through
// their host (or mDNS) candidates. A player may name a STUN server for play across networks (off by default).

const CODE_VERSION = 1;
const KINDS = ["offer", "answer"];
const SETUPS = ["actpass", "active", "passive"];
const TYPES = ["host", "srflx", "prflx", "relay"];
const ADDR_IPV4 = 0;
const ADDR_IPV6 = 1;
const ADDR_MDNS = 2; // <uuid>.local, as Chromium hides host addresses
const ADDR_NAME = 3; // any other name, written out
const GATHER_LIMIT_MS = 4000; // a STUN server that does not answer must not keep the invite from showing

/** @typedef {{address: string, port: number, type: string}} Candidate */
/** @typedef {{kind: string, ufrag: string, pwd: string, fingerprint: Uint8Array, setup: string,
 *   candidates: Candidate[]}} Minimal */

/** The parts of a session description a data channel needs (throws when one is missing). */
export function minimise(sdp, kind) {
  const line = (name) => sdp.match(new RegExp(`^a=${name}:(.*)$`, "m"))?.[1]?.trim();
  const ufrag = line("ice-ufrag");
  const pwd = line("ice-pwd");
  const fp = line("fingerprint");
  const setup = line("setup") || (kind === "offer" ? "actpass" : "active");
  if (!ufrag || !pwd || !fp || !/^sha-256 /i.test(fp)) throw new Error("the session description lacks ICE or DTLS");
  const fingerprint = Uint8Array.from(fp.split(" ")[1].split(":").map((x) => parseInt(x, 16)));
  const candidates = [];
  for (const m of sdp.matchAll(/^a=candidate:\S+ 1 (\S+) \d+ (\S+) (\d+) typ (\S+)/gim)) {
    if (m[1].toLowerCase() !== "udp" || !TYPES.includes(m[4])) continue;
    if (!candidates.some((c) => c.address === m[2] && c.port === Number(m[3]))) {
      candidates.push({ address: m[2], port: Number(m[3]), type: m[4] });
    }
  }
  return { kind, ufrag, pwd, fingerprint, setup, candidates };
}

/** A session description rebuilt from its minimal parts (what both Chromium and Firefox accept). */
export function expand(min) {
  const hex = [...min.fingerprint].map((b) => b.toString(16).padStart(2, "0").toUpperCase()).join(":");
  const lines = ["v=0", `o=- ${Date.now()} 2 IN IP4 127.0.0.1`, "s=-", "t=0 0", "a=group:BUNDLE 0",
    "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0"];
  min.candidates.forEach((c, i) => {
    const priority = { host: 2130706431, prflx: 1862270975, srflx: 1694498815, relay: 16777215 }[c.type] - i;
    const related = c.type === "host" ? "" : " raddr 0.0.0.0 rport 0";
    lines.push(`a=candidate:${i + 1} 1 udp ${priority} ${c.address} ${c.port} typ ${c.type}${related} generation 0`);
  });
  if (min.candidates.length) lines.push("a=end-of-candidates");
  lines.push(`a=ice-ufrag:${min.ufrag}`, `a=ice-pwd:${min.pwd}`, `a=fingerprint:sha-256 ${hex}`,
    `a=setup:${min.setup}`, "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144");
  return `${lines.join("\r\n")}\r\n`;
}

// ----- the code: bytes, then base64url ----------------------------------------------------------------------------
function ipv6Bytes(address) {
  const [head, tail = ""] = address.split("::");
  const part = (s) => (s ? s.split(":") : []);
  const groups = [...part(head), ...Array(8 - part(head).length - part(tail).length).fill("0"), ...part(tail)];
  return groups.flatMap((g) => { const v = parseInt(g, 16); return [v >> 8, v & 255]; });
}

function ipv6Text(bytes) {
  const groups = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i] << 8) | bytes[i + 1]).toString(16));
  return groups.join(":");
}

/** The minimal description as a short base64url text. */
export function encode(min) {
  const out = [CODE_VERSION, KINDS.indexOf(min.kind), SETUPS.indexOf(min.setup)];
  const text = (s) => {
    const bytes = new TextEncoder().encode(s);
    if (bytes.length > 255) throw new Error("an ICE credential is too long");
    out.push(bytes.length, ...bytes);
  };
  text(min.ufrag);
  text(min.pwd);
  out.push(min.fingerprint.length, ...min.fingerprint);
  const candidates = min.candidates.slice(0, 15);
  out.push(candidates.length);
  for (const c of candidates) {
    const type = TYPES.indexOf(c.type) << 4;
    const mdns = c.address.match(/^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i);
    if (/^\d+\.\d+\.\d+\.\d+$/.test(c.address)) out.push(type | ADDR_IPV4, ...c.address.split(".").map(Number));
    else if (mdns) out.push(type | ADDR_MDNS, ...mdns.slice(1).join("").match(/../g).map((x) => parseInt(x, 16)));
    else if (c.address.includes(":")) out.push(type | ADDR_IPV6, ...ipv6Bytes(c.address));
    else { out.push(type | ADDR_NAME); text(c.address); }
    out.push(c.port >> 8, c.port & 255);
  }
  return toBase64url(Uint8Array.from(out));
}

/** Read a code back (throws "not a connection code" on anything else). */
export function decode(code) {
  const bytes = fromBase64url(String(code).trim());
  let at = 0;
  const take = (n) => {
    if (at + n > bytes.length) throw new Error("not a connection code");
    const part = bytes.slice(at, at + n);
    at += n;
    return part;
  };
  const byte = () => take(1)[0];
  const text = () => new TextDecoder().decode(take(byte()));
  if (byte() !== CODE_VERSION) throw new Error("not a connection code");
  const kind = KINDS[byte()];
  const setup = SETUPS[byte()];
  if (!kind || !setup) throw new Error("not a connection code");
  const ufrag = text();
  const pwd = text();
  const fingerprint = take(byte());
  const candidates = [];
  for (let n = byte(); n > 0; n--) {
    const head = byte();
    const type = TYPES[head >> 4];
    const form = head & 15;
    let address;
    if (form === ADDR_IPV4) address = [...take(4)].join(".");
    else if (form === ADDR_IPV6) address = ipv6Text(take(16));
    else if (form === ADDR_MDNS) {
      const hex = [...take(16)].map((b) => b.toString(16).padStart(2, "0")).join("");
      address = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.local`;
    } else if (form === ADDR_NAME) address = text();
    else throw new Error("not a connection code");
    const [hi, lo] = take(2);
    if (!type || !/^[A-Za-z0-9.:-]+$/.test(address)) throw new Error("not a connection code");
    candidates.push({ address, port: (hi << 8) | lo, type });
  }
  if (at !== bytes.length || fingerprint.length !== 32 || !/^[\x21-\x7e]+$/.test(ufrag + pwd)) {
    throw new Error("not a connection code");
  }
  return { kind, ufrag, pwd, fingerprint, setup, candidates };
}

function toBase64url(bytes) {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("not a connection code");
  let binary;
  try {
    binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  } catch (err) {
    throw new Error("not a connection code");
  }
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The code inside an invite link (`…#join=CODE`) or the code itself as pasted. */
export function codeFrom(text) {
  const value = String(text || "").trim();
  const m = value.match(/[#&?]join=([A-Za-z0-9_-]+)/);
  return m ? m[1] : value;
}

// ----- the connection -------------------------------------------------------------------------------------------
/** The RTCPeerConnection settings: no ICE server unless the player named a STUN server. */
export function rtcConfig(stun = "") {
  const url = String(stun || "").trim();
  return { iceServers: url ? [{ urls: url.startsWith("stun:") ? url : `stun:${url}` }] : [] };
}

function gathered(pc) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => { if (pc.iceGatheringState === "complete") { clearTimeout(timer); resolve(); } };
    const timer = setTimeout(resolve, GATHER_LIMIT_MS);
    pc.addEventListener("icegatheringstatechange", done);
  });
}

/** Host side: a new connection and its offer code. `answer(code)` completes it; `channel` resolves when open. */
export async function offer({ stun = "" } = {}) {
  const pc = new RTCPeerConnection(rtcConfig(stun));
  const dc = pc.createDataChannel("cardnook", { ordered: true });
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  const code = encode(minimise(pc.localDescription.sdp, "offer"));
  const opened = opening(dc, pc);
  return {
    pc,
    code,
    channel: opened,
    /** Take the guest's answer code (throws "not a connection code"). */
    async answer(text) {
      const min = decode(codeFrom(text));
      if (min.kind !== "answer") throw new Error("not an answer code");
      await pc.setRemoteDescription({ type: "answer", sdp: expand(min) });
      return opened;
    },
  };
}

/** Guest side: take the host's offer code, give back the answer code; `channel` resolves when open. */
export async function answer(offerText, { stun = "" } = {}) {
  const min = decode(codeFrom(offerText));
  if (min.kind !== "offer") throw new Error("not an invite code");
  const pc = new RTCPeerConnection(rtcConfig(stun));
  const channel = new Promise((resolve, reject) => {
    pc.addEventListener("datachannel", (event) => opening(event.channel, pc).then(resolve, reject));
  });
  await pc.setRemoteDescription({ type: "offer", sdp: expand(min) });
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc);
  return { pc, code: encode(minimise(pc.localDescription.sdp, "answer")), channel };
}

function opening(dc, pc) {
  return new Promise((resolve, reject) => {
    const ready = () => resolve(new Channel(dc, pc));
    if (dc.readyState === "open") ready();
    else dc.addEventListener("open", ready, { once: true });
    pc.addEventListener("connectionstatechange", () => {
      if (pc.connectionState === "failed") reject(new Error("the connection failed"));
    });
  });
}

// ----- messages over the channel --------------------------------------------------------------------------------
const CHUNK = 16_000; // characters per data-channel message (every browser accepts 16 KiB)

/**
 * A JSON message channel over a data channel: a long message goes as several parts ("+" then "=" for the last),
 * and the receiver refuses a message longer than its limit without ever parsing it.
 */
export class Channel {
  constructor(dc, pc) {
    this.dc = dc;
    this.pc = pc;
    this.limit = 4_000_000;
    this.buffer = "";
    this.size = 0;
    this.bytesIn = 0;
    this.bytesOut = 0;
    /** @type {(text: string) => void} */ this.ontext = () => {};
    /** @type {(size: number) => void} */ this.ontoolong = () => {};
    /** @type {() => void} */ this.onclose = () => {};
    dc.addEventListener("message", (event) => this._part(String(event.data)));
    dc.addEventListener("close", () => this.onclose());
    pc.addEventListener("connectionstatechange", () => {
      if (["failed", "closed", "disconnected"].includes(pc.connectionState)) this.onclose();
    });
  }

  get open() {
    return this.dc.readyState === "open";
  }

  _part(data) {
    this.bytesIn += data.length;
    this.size += data.length - 1;
    this.buffer = this.size <= this.limit ? this.buffer + data.slice(1) : "";
    if (data[0] === "+") return;
    const { buffer, size } = this;
    this.buffer = "";
    this.size = 0;
    if (size > this.limit) this.ontoolong(size);
    else this.ontext(buffer);
  }

  /** Send text as one message (in parts when long). */
  sendText(text) {
    if (!this.open) return false;
    for (let at = 0; at < text.length || at === 0; at += CHUNK) {
      const last = at + CHUNK >= text.length;
      const part = (last ? "=" : "+") + text.slice(at, at + CHUNK);
      this.bytesOut += part.length;
      this.dc.send(part);
      if (last) break;
    }
    return true;
  }

  send(message) {
    return this.sendText(JSON.stringify(message));
  }

  close() {
    try { this.dc.close(); this.pc.close(); } catch (err) { /* already closed */ }
  }
}
