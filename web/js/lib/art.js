// Our own small pictures for the start page tiles: the SVG pieces each game's renderer draws its few cards with
// (its `picture`, games/<game>.js), and the frame around them (no image files, no fonts beyond the page's, nothing
// from the rulebooks). Presentation attributes only: the CSP forbids inline styles.
const NS = "http://www.w3.org/2000/svg";

export function el(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  for (const c of children) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

export const PAPER = "#fffdf6";
export const INK = "#1e293b";

/** A card outline at (x, y), turned by `turn` degrees around its bottom centre, holding `inner` elements. */
export function card(x, y, turn, inner, { w = 44, h = 62, fill = PAPER } = {}) {
  return el("g", { transform: `rotate(${turn} ${x + w / 2} ${y + h + 20}) translate(${x} ${y})` },
    el("rect", { width: w, height: h, rx: 6, fill, stroke: "#0000004d", "stroke-width": 1 }), ...inner);
}

export function numberFace(value, colour, w = 44, h = 62) {
  return [
    el("text", { x: 5, y: 13, "font-size": 10, "font-weight": 800, fill: colour }, value),
    el("text", { x: w / 2, y: h / 2 + 9, "font-size": 26, "font-weight": 800, fill: colour, "text-anchor": "middle" },
      value),
  ];
}

/** The tile picture of a game: its renderer's `picture` (its cards as SVG elements) on a table's shadow; an empty
 * table for a game without one. */
export function gameArt(renderer) {
  const draw = renderer?.picture;
  return el("svg", { viewBox: "0 0 180 100", class: "tile-art", "aria-hidden": "true", focusable: "false" },
    el("ellipse", { cx: 90, cy: 92, rx: 80, ry: 8, fill: "#00000033" }), ...(draw ? draw() : []));
}

/** Level 8's skip mark: a ring crossed by a bar, drawn (the "⦸" glyph shows as an empty box without a font). */
export function skipMark() {
  return el("svg", { viewBox: "0 0 24 24", class: "l8-skip-mark", "aria-hidden": "true", focusable: "false" },
    el("circle", { cx: 12, cy: 12, r: 9, fill: "none", stroke: "currentColor", "stroke-width": 2.6 }),
    el("path", { d: "M5.6 18.4 18.4 5.6", stroke: "currentColor", "stroke-width": 2.6, "stroke-linecap": "round" }));
}

/** A small trophy (the winner's mark on result tables), drawn instead of an emoji that a system may lack. */
export function trophy() {
  return el("svg", { viewBox: "0 0 24 24", class: "trophy", width: 18, height: 18, "aria-hidden": "true",
    focusable: "false" },
  el("path", { d: "M7 3h10v3h3a1 1 0 0 1 1 1c0 3-2 5-4.6 5.4A5 5 0 0 1 13 15.9V18h3v3H8v-3h3v-2.1a5 5 0 0 1-3.4-3.5" +
    "C5 12 3 10 3 7a1 1 0 0 1 1-1h3zm10 5v2.3c1.3-.4 2-1.2 2.2-2.3zM5 8c.2 1.1.9 1.9 2 2.3V8z", fill: "#facc15",
  stroke: "#a16207", "stroke-width": 0.8 }));
}
