// A QR code of a connection code, drawn as an SVG. The encoder is npm lean-qr (pinned in package.json), copied
// into the site by tools/build_site.py as js/vendor/lean-qr.mjs: nothing is loaded from elsewhere.
import { generate } from "../vendor/lean-qr.mjs";

const SVG = "http://www.w3.org/2000/svg";

/** An <svg> of `text` as a QR code (4 modules of quiet zone), labelled for screen readers with `label`. */
export function qrSvg(text, label) {
  const code = generate(text);
  const size = code.size;
  let path = "";
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) if (code.get(x, y)) path += `M${x + 4} ${y + 4}h1v1h-1z`;
  }
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${size + 8} ${size + 8}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("class", "qr");
  svg.dataset.modules = String(size);
  const back = document.createElementNS(SVG, "rect");
  back.setAttribute("width", String(size + 8));
  back.setAttribute("height", String(size + 8));
  back.setAttribute("fill", "#fff");
  const dark = document.createElementNS(SVG, "path");
  dark.setAttribute("d", path);
  dark.setAttribute("fill", "#000");
  svg.append(back, dark);
  return svg;
}
