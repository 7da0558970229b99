// Tiny DOM builders. Why: every user-supplied string (player names can hold "<script>")
// goes through textContent, never innerHTML, so building nodes is the only way we write.
import { on } from "./patch.js";

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on")) on(node, key.slice(2), value); // moves with a patch
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export const $ = (selector, root = document) => root.querySelector(selector);

/** A real button that hands itself to its click handler (so the handler can disable it). */
export function button(label, onClick, kind = "") {
  const node = el("button", { type: "button", class: `btn ${kind}`, text: label });
  node.addEventListener("click", () => onClick(node));
  return node;
}

/**
 * A button for a patched screen (patch.js): `key` names what it does, so a redraw keeps the
 * button under a pointer; `onClick(button)` gets the button on the page (the handler moves).
 */
export function keyedButton(key, label, onClick, kind = "", disabled = false) {
  return el("button", { type: "button", class: `btn ${kind}`, text: label, disabled, dataset: { key },
    onclick: (event) => onClick(event.currentTarget) });
}

export function show(node, visible) {
  node.hidden = !visible;
}

let toastTimer = null;
/** A short message people cannot miss but need not dismiss. */
export function toast(message, ms = 3500) {
  const node = document.getElementById("toast");
  if (!node) return;
  node.textContent = message;
  node.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { node.hidden = true; }, ms);
}

export function podId() {
  return document.body.dataset.podId;
}
