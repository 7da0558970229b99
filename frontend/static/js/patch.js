// Redraw only what changed: a screen builds its new drawing as fresh nodes (with `el`), and
// `patchChildren` brings the nodes on the page in line with it, keeping every node that
// stays. Why: a rebuilt screen loses what a person holds in it (the text typed into an
// input, the focus, the scroll) and, on a cheap phone, costs a long task for one card.
//
// Nodes are matched by `data-key` when they have one (cards in a pack, rows of a deck),
// else by their place among the unkeyed nodes of the same tag. A kept node takes the fresh
// node's attributes and its handlers; an input keeps the value a person typed.
//
// A screen that knows a part did not change hands in the node on the page itself (see the
// builder's rows): it is kept as it is, neither compared nor rebuilt.
//
// Handlers given through `on` (and `el`'s `on…` attributes) move with a patch; a handler
// added with `addEventListener` would stay bound to the first drawing, so a screen that
// is patched uses `on` only.

const HANDLERS = Symbol("handlers");

/** Listen for `type` on `node`; a later `on` (or a patch) replaces the handler. */
export function on(node, type, handler) {
  let handlers = node[HANDLERS];
  if (!handlers) {
    handlers = {};
    node[HANDLERS] = handlers;
  }
  if (!(type in handlers)) node.addEventListener(type, (event) => node[HANDLERS][type]?.(event));
  handlers[type] = handler;
}

function keyOf(node) {
  return node.nodeType === Node.ELEMENT_NODE ? node.getAttribute("data-key") : null;
}

function sameKind(live, fresh) {
  if (live.nodeName !== fresh.nodeName) return false;
  return live.nodeName !== "INPUT" || live.type === fresh.type;
}

function patchAttributes(live, fresh) {
  for (const { name } of [...live.attributes]) {
    if (!fresh.hasAttribute(name)) live.removeAttribute(name);
  }
  for (const { name, value } of fresh.attributes) {
    if (live.getAttribute(name) === value) continue;
    // Styles go through the CSSOM: the CSP refuses a written style attribute (no inline styles).
    if (name === "style") live.style.cssText = fresh.style.cssText;
    else live.setAttribute(name, value);
  }
}

function patchHandlers(live, fresh) {
  const handlers = fresh[HANDLERS] || {};
  for (const type of Object.keys(live[HANDLERS] || {})) {
    if (!(type in handlers)) live[HANDLERS][type] = undefined;
  }
  for (const [type, handler] of Object.entries(handlers)) on(live, type, handler);
}

/** Make `live` look like `fresh` (same tag); returns `live`. */
export function patch(live, fresh) {
  if (live === fresh) return live; // a node a screen keeps itself (a game board) is as drawn
  if (live.nodeType !== Node.ELEMENT_NODE) {
    if (live.data !== fresh.data) live.data = fresh.data;
    return live;
  }
  patchAttributes(live, fresh);
  patchHandlers(live, fresh);
  patchChildren(live, [...fresh.childNodes]);
  return live;
}

function asNode(child) {
  return child instanceof Node ? child : document.createTextNode(String(child));
}

/**
 * Make `parent`'s children look like `children` (nodes or strings; null and false skipped),
 * moving or inserting only what differs. Focus, typed values and scroll stay with kept nodes.
 */
export function patchChildren(parent, children) {
  const fresh = children.flat().filter((c) => c !== null && c !== undefined && c !== false).map(asNode);
  const keyed = new Map();
  const unkeyed = [];
  for (const node of parent.childNodes) {
    const key = keyOf(node);
    if (key !== null && !keyed.has(key)) keyed.set(key, node);
    else unkeyed.push(node);
  }
  const used = new Set();
  let next = 0;
  const placed = fresh.map((node) => {
    const key = keyOf(node);
    let live = null;
    if (key !== null) {
      const candidate = keyed.get(key);
      if (candidate && !used.has(candidate) && sameKind(candidate, node)) live = candidate;
    } else {
      while (next < unkeyed.length && !live) {
        const candidate = unkeyed[next++];
        if (sameKind(candidate, node)) live = candidate;
      }
    }
    if (!live) return node;
    used.add(live);
    return patch(live, node);
  });
  // Gone nodes leave first, so kept ones seldom move (a moved node loses focus).
  for (const node of [...parent.childNodes]) {
    if (!used.has(node)) node.remove();
  }
  placed.forEach((node, index) => {
    const here = parent.childNodes[index] ?? null;
    if (here !== node) parent.insertBefore(node, here);
  });
}
