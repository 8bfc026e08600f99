// Renderers by game name: the page's side of a game's entry in pygame_rules/registry.py (ENTRIES), which names
// this file; tests/test_registry.py checks that the two lists agree.
// The interface every renderer module meets is written down in docs/web.md.
import etalage from "./etalage.js";
import level8 from "./level8.js";
import skipbo from "./skipbo.js";
import topspot from "./topspot.js";

export const RENDERERS = { skipbo, topspot, level8, etalage };
