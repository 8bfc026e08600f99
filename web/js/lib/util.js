// Small DOM helpers. No innerHTML with data: every text goes through textContent (and the CSP forbids inline code).

/** h("div.cls#id", {attr: value, onclick: fn, dataset: {...}}, ...children) -> Element */
export function h(spec, attrs = {}, ...children) {
  const [, tag = "div", rest = ""] = spec.match(/^([a-z0-9-]*)(.*)$/i);
  const el = document.createElement(tag || "div");
  for (const part of rest.match(/[.#][^.#]+/g) || []) {
    if (part[0] === ".") el.classList.add(part.slice(1));
    else el.id = part.slice(1);
  }
  if (attrs === null || typeof attrs !== "object" || attrs instanceof Node || Array.isArray(attrs)) {
    children.unshift(attrs); // a child (text, number, element, list) given where the attributes would go
    attrs = {};
  }
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key === "vars") for (const [k, v] of Object.entries(value)) el.style.setProperty(k, v);
    else el.setAttribute(key, value === true ? "" : value);
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Canonical JSON (sorted keys) so two action objects compare equal whatever their key order. */
export function canon(value) {
  if (Array.isArray(value)) return `[${value.map(canon).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canon(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

let toastTimer = null;
/** A short message in the live region at the bottom of the screen. */
export function toast(message, kind = "info", ms = 4200) {
  const el = document.getElementById("toast");
  el.textContent = message;
  el.dataset.kind = kind;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, ms);
}

export function plural(n, word, many = `${word}s`) {
  return `${n} ${n === 1 ? word : many}`;
}

/**
 * Buttons get their accessible name from content: the words of their aria-label move into a visually hidden first
 * child (`.sr-only`, app.css), the drawn card inside stays aria-hidden. A screen reader hears the same words, and the
 * name no longer differs from the button's visible text (axe-core: label-content-name-mismatch). Renderers call this
 * on what they draw, so the table, the worked examples and the widgets all get it; the words stay in data-label.
 */
export function nameFromContent(root) {
  const buttons = root.matches?.("button[aria-label]") ? [root] : [];
  for (const el of [...buttons, ...root.querySelectorAll("button[aria-label]")]) {
    setLabel(el, el.getAttribute("aria-label"));
    el.removeAttribute("aria-label");
  }
  return root;
}

/** Change a button's words after nameFromContent (or its aria-label before). */
export function setLabel(el, label) {
  let words = [...el.children].find((c) => c.classList.contains("sr-only"));
  if (!words && !el.hasAttribute("aria-label") && el.tagName !== "BUTTON") { el.setAttribute("aria-label", label); return; }
  if (!words) {
    words = document.createElement("span");
    words.className = "sr-only";
    el.prepend(words);
  }
  words.textContent = label;
  el.dataset.label = label;
  el.removeAttribute("aria-label");
}
