// A deal anyone can check (docs/multiplayer.md): before the deal the host commits to a secret by showing its
// SHA-256; each guest adds a random value of its own; the seed is the SHA-256 of the secret and every value. When
// the game is over the host reveals the secret and every action, and each guest's own engine replays the game from
// that seed and compares the log with what it received during play. The host cannot pick a deal that suits it:
// the guests' values are chosen after its commitment, and its secret cannot change after it.
import { canon } from "../lib/util.js";

/** `n` random bytes as lower-case hex (the browser's cryptographic generator). */
export function randomHex(n) {
  return [...crypto.getRandomValues(new Uint8Array(n))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** SHA-256 of a text, as 64 hex characters. */
export async function sha256hex(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The deal's seed from the host's secret and every seat's value ("" for a seat without a guest): 64 hex chars,
 * which the engine takes as a string seed. */
export function deriveSeed(secret, values) {
  return sha256hex(`cardnook-deal-v1|${secret}|${values.map((v) => v || "").join("|")}`);
}

export const HEX32 = /^[0-9a-f]{32}$/;
export const HEX64 = /^[0-9a-f]{64}$/;

/**
 * Check a finished game on this device. `engine` is this device's own engine; `received` the log lines this seat
 * was sent during play. Resolves to {ok: true} or {ok: false, why, move?}: why is "commitment" (the secret does not
 * match what was shown before the deal), "value" (this device's value is not in the seed), "refused" (move `move`
 * is not legal in the replayed game) or "log" (move `move` is not what this seat was shown).
 */
export async function verifyDeal(engine, { commit, secret, values, mine, seat, game, players, options, actions,
  received }) {
  if (typeof secret !== "string" || await sha256hex(secret) !== commit) return { ok: false, why: "commitment" };
  if (values[seat] !== mine) return { ok: false, why: "value" };
  const seed = await deriveSeed(secret, values);
  const replay = await engine.request("replay", { game, players, seed, options, actions, seat });
  if (typeof replay.refused === "number") return { ok: false, why: "refused", move: replay.refused + 1 };
  const count = Math.max(replay.log.length, received.length);
  for (let i = 0; i < count; i++) {
    if (canon(replay.log[i] ?? null) !== canon(received[i] ?? null)) {
      const seq = received[i]?.seq ?? replay.log[i]?.seq ?? i;
      return { ok: false, why: "log", move: seq + 1 };
    }
  }
  return { ok: true, seed };
}
