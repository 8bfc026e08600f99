// Every game's words by game name (games/<game>-words.js): what words/log-words.js words a game's events, cards and
// refusals with. A light registry beside RENDERERS (games/index.js), which it matches name for name
// (tests/test_js_imports.py): the log and refusal code can import it without the renderers, which import it back.
import etalage from "./etalage-words.js";
import level8 from "./level8-words.js";
import skipbo from "./skipbo-words.js";
import topspot from "./topspot-words.js";

export const WORDS = { skipbo, topspot, level8, etalage };
