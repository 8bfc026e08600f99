// The game in progress lives in localStorage: the setup (seats, bots, options) plus the engine's own save blob.
// A record that is not valid JSON or lacks a field is reported as corrupt (the caller discards it and says so);
// the engine checks the save blob itself and answers bad_state when it is damaged.

const GAME_KEY = "pygame_rules.game.v1";
const SETTINGS_KEY = "pygame_rules.settings.v1";

export function saveGame(record) {
  try {
    localStorage.setItem(GAME_KEY, JSON.stringify({ v: 1, savedAt: Date.now(), ...record }));
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
  if (!record || record.v !== 1 || !setup || typeof setup.game !== "string" || !Array.isArray(setup.seats) ||
      !Number.isInteger(record.viewer) || typeof record.save !== "object" || record.save === null) {
    return { error: "some of its parts are missing" };
  }
  if (!setup.seats.every((s) => s && (s.kind === "human" || (s.kind === "bot" && typeof s.level === "string")))) {
    return { error: "its list of players is damaged" };
  }
  return { record };
}

export function clearGame() {
  try { localStorage.removeItem(GAME_KEY); } catch (err) { /* nothing stored */ }
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
