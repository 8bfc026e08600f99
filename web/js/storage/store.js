// The game in progress: the page keeps only its setup in localStorage (game, seats, bots, options, seed, whose
// table was showing). The engine's save (every hand, the draw pile, the unredacted log) is written and read by the
// worker alone, in IndexedDB under the slot GAME_SLOT (js/storage/saves.js, js/worker/worker-requests.js); the page resumes it
// with the worker's `resume` op and never holds it. A record that is not valid JSON or lacks a field is reported as
// corrupt (the caller discards it and says so); the worker checks the save itself.
import { deleteSave } from "./saves.js";

const GAME_KEY = "pygame_rules.game.v2";
const OLD_GAME_KEYS = ["pygame_rules.game.v1"]; // held the whole hidden state: removed on sight
const SETTINGS_KEY = "pygame_rules.settings.v1";
/** The worker's storage slot of the app's game in progress. */
export const GAME_SLOT = "game";

for (const key of OLD_GAME_KEYS) {
  try { localStorage.removeItem(key); } catch (err) { /* storage disabled */ }
}

export function saveGame(record) {
  try {
    localStorage.setItem(GAME_KEY, JSON.stringify({ v: 2, savedAt: Date.now(), ...record }));
    return true;
  } catch (err) {
    return false; // storage full or disabled: the game goes on, it just will not survive a reload
  }
}

/** null when nothing is stored; {record} when usable; {error} when something is stored but unusable. */
export function readGame() {
  let text;
  try {
    text = localStorage.getItem(GAME_KEY);
  } catch (err) {
    return null;
  }
  if (text === null) return null;
  let record;
  try {
    record = JSON.parse(text);
  } catch (err) {
    return { error: "it is not valid JSON" };
  }
  const setup = record && record.setup;
  if (!record || record.v !== 2 || !setup || typeof setup.game !== "string" || !Array.isArray(setup.seats) ||
      !Number.isInteger(record.viewer)) {
    return { error: "some of its parts are missing" };
  }
  if (!setup.seats.every((s) => s && (s.kind === "human" || s.kind === "guest" || (s.kind === "bot" && typeof s.level === "string")))) {
    return { error: "its list of players is damaged" };
  }
  return { record };
}

/**
 * Mark the stored game as finished (its result was shown and counted): a finished game is history, never offered as
 * a game to continue nor guarded as one in progress, but a reload on its result screen still shows it. Only the
 * game `gameId` is marked (another tab may have started a new one meanwhile). Returns whether it was marked.
 */
export function markFinished(gameId) {
  const saved = readGame();
  if (!saved || !saved.record || saved.record.setup.gameId !== gameId) return false;
  const { record } = saved;
  try {
    localStorage.setItem(GAME_KEY, JSON.stringify({ ...record, finished: true }));
    return true;
  } catch (err) {
    return false;
  }
}

/** The stored game when one is in progress (stored, readable and not finished), else null. */
export function gameInProgress() {
  const saved = readGame();
  return saved && saved.record && !saved.record.finished ? saved.record : null;
}

/** A new game's identity: it tells this game apart from every other, a replay of the same deal included. */
export function newGameId() {
  return typeof crypto !== "undefined" && typeof crypto.randomUUID === "function" ? crypto.randomUUID() :
    `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** Forget the game in progress: the page's record and the worker's save. */
export function clearGame() {
  try { localStorage.removeItem(GAME_KEY); } catch (err) { /* nothing stored */ }
  deleteSave(GAME_SLOT).catch(() => {});
}

export function readSettings() {
  try {
    const s = JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}");
    return s && typeof s === "object" ? s : {};
  } catch (err) {
    return {};
  }
}

export function saveSettings(settings) {
  try { localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings)); } catch (err) { /* not essential */ }
}
