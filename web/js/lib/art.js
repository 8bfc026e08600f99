// Our own small pictures for the start page tiles: a few cards of each game drawn as SVG (no image files, no
// fonts beyond the page's, nothing from the rulebooks). Presentation attributes only: the CSP forbids inline styles.
const NS = "http://www.w3.org/2000/svg";

function el(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  for (const c of children) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

const PAPER = "#fffdf6";
const INK = "#1e293b";

/** A card outline at (x, y), turned by `turn` degrees around its bottom centre, holding `inner` elements. */
function card(x, y, turn, inner, { w = 44, h = 62, fill = PAPER } = {}) {
  return el("g", { transform: `rotate(${turn} ${x + w / 2} ${y + h + 20}) translate(${x} ${y})` },
    el("rect", { width: w, height: h, rx: 6, fill, stroke: "#0000004d", "stroke-width": 1 }), ...inner);
}

function numberFace(value, colour, w = 44, h = 62) {
  return [
    el("text", { x: 5, y: 13, "font-size": 10, "font-weight": 800, fill: colour }, value),
    el("text", { x: w / 2, y: h / 2 + 9, "font-size": 26, "font-weight": 800, fill: colour, "text-anchor": "middle" },
      value),
  ];
}

function skipbo() {
  return [
    card(30, 22, -16, numberFace("1", "#1d4ed8")),
    card(58, 16, -5, numberFace("6", "#15803d")),
    card(86, 16, 6, numberFace("12", "#dc2626")),
    card(112, 22, 16, [el("text", { x: 22, y: 40, "font-size": 24, fill: "#fff", "text-anchor": "middle" }, "★"),
      el("text", { x: 22, y: 54, "font-size": 7, "font-weight": 700, fill: "#fff", "text-anchor": "middle" },
        "SKIP-BO")], { fill: "#e11d48" }),
  ];
}

/** A Top Spot style card: a 3x3 grid of spots (dots), holes (windows) and blanks, in one colour. */
function gridCard(x, y, turn, fill, cells, windowFill) {
  const inner = [];
  cells.split("").forEach((kind, i) => {
    const cx = 9 + (i % 3) * 13;
    const cy = 14 + Math.floor(i / 3) * 17;
    if (kind === "s") inner.push(el("circle", { cx: cx + 4, cy: cy + 4, r: 4, fill: "#fff" }));
    if (kind === "h") inner.push(el("rect", { x: cx - 1, y: cy - 1, width: 10, height: 10, rx: 2, fill: windowFill }));
  });
  return card(x, y, turn, inner, { fill });
}

function topspot() {
  return [
    gridCard(36, 20, -12, "#7c3aed", "sbhbsbhsb", "#0f2e1d"),
    gridCard(62, 16, -2, "#16a34a", "hbsbhbsbh", "#0f2e1d"),
    gridCard(88, 18, 10, "#dc2626", "shbbsbbhs", "#facc15"),
  ];
}

function level8() {
  const shapes = { "#dc2626": "●", "#2563eb": "★" };
  const run = [["3", "#dc2626"], ["4", "#dc2626"], ["5", "#dc2626"]].map(([n, c], i) =>
    card(22 + i * 26, 20, -8 + i * 4, [...numberFace(n, c), el("text", { x: 37, y: 57, "font-size": 8, fill: c,
      "text-anchor": "end" }, shapes[c])]));
  const joker = card(104, 20, 10, [el("text", { x: 22, y: 38, "font-size": 22, fill: "#7c3aed", "text-anchor": "middle" },
    "★"), el("text", { x: 22, y: 54, "font-size": 8, "font-weight": 700, fill: "#7c3aed", "text-anchor": "middle" },
    "JOKER")]);
  return [...run, joker];
}

function etalage() {
  const colours = ["#dc2626", "#eab308", "#2563eb", "#16a34a", "#9333ea", "#ea580c"];
  const out = [];
  colours.forEach((c, i) => {
    const col = i % 3;
    const row = Math.floor(i / 3);
    for (let k = 0; k < 2; k++) {
      out.push(el("g", { transform: `translate(${22 + col * 42 + k * 8} ${10 + row * 42 + k * 3})` },
        el("rect", { width: 26, height: 34, rx: 4, fill: PAPER, stroke: "#0000004d" }),
        el("rect", { x: 3, y: 3, width: 20, height: 6, rx: 2, fill: c }),
        el("text", { x: 13, y: 26, "font-size": 13, "font-weight": 800, fill: INK, "text-anchor": "middle" },
          String(((i * 5 + k * 3) % 9) + 1))));
    }
  });
  return out;
}

const PICTURES = { skipbo, topspot, level8, etalage };

/** The tile picture of a game (an empty table for a game without one). */
export function gameArt(name) {
  const draw = PICTURES[name];
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
