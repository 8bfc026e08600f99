// Statistics and history, kept on this device only (localStorage["pygame_rules.stats.v1"]): games played and won
// per game and bot level, the current and best winning streak, and the last 20 finished games with their deal
// number (seed), players and options so that a deal can be played again or shared as a link. No hidden cards are
// stored: only what the result screen shows.
const KEY = "pygame_rules.stats.v1";
export const HISTORY_SIZE = 20;

function empty() {
  return { v: 1, totals: {}, history: [] };
}

/** The stored statistics; an unreadable record starts afresh (it holds nothing a game needs). */
export function readStats() {
  try {
    const data = JSON.parse(localStorage.getItem(KEY) || "null");
    if (data && data.v === 1 && typeof data.totals === "object" && Array.isArray(data.history)) return data;
  } catch (err) { /* corrupt or unavailable: start afresh */ }
  return empty();
}

function write(data) {
  try { localStorage.setItem(KEY, JSON.stringify(data)); return true; } catch (err) { return false; }
}

/** The bot level a game was played against: the level all bots share, or "mixed". */
export function opponentLevel(seats) {
  const levels = [...new Set(seats.filter((s) => s.kind === "bot").map((s) => s.level))];
  return levels.length === 1 ? levels[0] : levels.length ? "mixed" : "humans";
}

/** How many identities of counted games are remembered beyond the history's (a game is counted once). */
export const COUNTED_SIZE = 200;

/**
 * Record a finished game once: `id` is the game's identity (given when it was dealt and kept with its save), so the
 * same game seen again after any number of reloads is not counted again, while a new game (the same deal played
 * again included) is. `setup` is the table's setup ({game, title, seats, options, players}); `won` whether a human
 * seat won. Returns the entry added, or null when this game was recorded already or has no human player.
 */
export function recordGame({ id, setup, seed, won, winners, scores }) {
  if (!setup.seats.some((s) => s.kind === "human")) return null;
  const data = readStats();
  const counted = Array.isArray(data.counted) ? data.counted : [];
  if (counted.includes(id) || data.history.some((h) => h.id === id)) return null;
  data.counted = [id, ...counted].slice(0, COUNTED_SIZE);
  const level = opponentLevel(setup.seats);
  const game = (data.totals[setup.game] ||= {});
  const t = (game[level] ||= { played: 0, won: 0, streak: 0, best: 0 });
  t.played += 1;
  if (won) { t.won += 1; t.streak += 1; t.best = Math.max(t.best, t.streak); } else t.streak = 0;
  const entry = { id, at: Date.now(), game: setup.game, title: setup.title, seed, players: setup.players,
    seats: setup.seats.map((s) => (s.kind === "bot" ? { kind: "bot", level: s.level } : { kind: "human" })),
    options: setup.options || {}, level, won: !!won, winners: winners || [], scores: scores || [] };
  data.history.unshift(entry);
  data.history.length = Math.min(data.history.length, HISTORY_SIZE);
  write(data);
  return entry;
}

export function clearStats() {
  try { localStorage.removeItem(KEY); } catch (err) { /* nothing stored */ }
}

// ----- shareable links: ?play=<game>&seed=<n>&seats=h,normal,normal&o.<option>=<json> -------------------------
/** A link that starts this deal (same game, seed, seats and options) on this site. */
export function shareLink(entry, base = location.href) {
  const url = new URL(base);
  url.hash = "";
  url.search = "";
  url.searchParams.set("play", entry.game);
  url.searchParams.set("seed", String(entry.seed));
  url.searchParams.set("seats", entry.seats.map((s) => (s.kind === "bot" ? s.level : "human")).join(","));
  for (const [name, value] of Object.entries(entry.options || {})) url.searchParams.set(`o.${name}`, JSON.stringify(value));
  return url.href;
}

/** The deal a link asks for ({game, seed, seats, options}), or null when the address has none (or it is garbled). */
export function readLink(search = location.search) {
  const params = new URLSearchParams(search);
  const game = params.get("play");
  if (!game || !/^[a-z0-9_]{1,32}$/.test(game)) return null;
  const seedText = params.get("seed") || "";
  const seed = /^\d{1,15}$/.test(seedText) ? Number(seedText) : seedText || null;
  const seats = (params.get("seats") || "human,normal").split(",").slice(0, 8)
    .map((s) => (s === "human" ? { kind: "human" } : { kind: "bot", level: s.replace(/[^a-z-]/g, "") || "normal" }));
  const options = {};
  for (const [key, value] of params) {
    if (!key.startsWith("o.")) continue;
    try { options[key.slice(2)] = JSON.parse(value); } catch (err) { return null; }
  }
  return { game, seed, seats, options };
}
