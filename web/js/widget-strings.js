// The widgets' interface text. A tiny local fallback with the same t(key, params) signature as the app's i18n
// catalogue (web/js/i18n.js, keys "widget.*"), English only until that catalogue lands; docs/embedding.md lists the
// keys. pick() chooses a language from a scenario file's title/caption ({"en": ..., "nl": ...} or a plain string).
const EN = {
  "widget.label": "Rules scenario",
  "widget.idle": "Press Start to load the rules engine.",
  "widget.start": "Start",
  "widget.loading": "Starting the rules engine…",
  "widget.failed": "The scenario could not be shown: {message}",
  "widget.previous": "◀ Previous",
  "widget.next": "Next ▶",
  "widget.restart": "Restart",
  "widget.step": "Step {at} of {of}",
  "widget.log": "Moves",
  "widget.noMoves": "No moves yet.",
  "widget.player": "Player {n}",
  "widget.tryIntro": "Your turn as {name}: make a move on the board and the engine says whether it is legal.",
  "widget.typeAction": "Type a move as JSON",
  "widget.actionLabel": "A move as JSON",
  "widget.tryJson": "Try this move",
  "widget.reset": "Take it back",
  "widget.legal": "Legal: {message}",
  "widget.illegal": "Illegal: {message}",
  "widget.badJson": "that is not valid JSON",
  "widget.stepFailed": "Step {n} could not be played: {message}",
  "widget.error.notObject": "the scenario file must be a JSON object",
  "widget.error.game": "unknown game {game}",
  "widget.error.scenario": "the scenario file needs a \"scenario\" object",
  "widget.error.seat": "\"seat\" must be a seat number",
  "widget.error.steps": "\"steps\" must be a list of actions",
  "widget.error.code": "the scenario code in the address is damaged",
  "widget.error.origin": "scenario files are only read from this site, not from {src}",
  "widget.error.fetch": "could not load {src} ({status})",
  "widget.error.json": "{src} is not valid JSON",
  "widget.error.missing": "no scenario given: add ?src=scenarios/file.json or ?s=<code> to the address",
};

export const WIDGET_STRINGS = EN;

export function t(key, params = {}) {
  const text = EN[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

/** A title or caption in `lang` (falling back to the page's language, then English, then any). */
export function pick(value, lang) {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value !== "object") return "";
  const want = [lang, (document.documentElement.lang || "").slice(0, 2), "en"].filter(Boolean);
  for (const l of want) if (typeof value[l] === "string") return value[l];
  const any = Object.values(value).find((v) => typeof v === "string");
  return any || "";
}
