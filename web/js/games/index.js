// Renderers by game name. A game without an entry here shows as "coming" on the start page.
// The interface every renderer module meets is written down in docs/web.md.
import etalage from "./etalage.js";
import level8 from "./level8.js";
import skipbo from "./skipbo.js";
import topspot from "./topspot.js";

export const RENDERERS = { skipbo, topspot, level8, etalage };

// Games planned for this app that the engine may not register yet: listed as "coming".
export const PLANNED = [
  { name: "topspot", title: "Top Spot" },
  { name: "level8", title: "Level 8" },
  { name: "etalage", title: "Etalage" },
];
