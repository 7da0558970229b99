// Cards as text first, image second. Why: a draft night often has no Internet, so the
// text card (name, cost as colored circles, type, first rules line, P/T, rarity) is always
// rendered and is fully usable; an image (the laptop's cache, or Scryfall's only when the
// server allows it) replaces it only once its `load` event fires.
// Rarity and frame color carry a shape and a letter besides their hue, so black and
// colorless, or common and uncommon, are told apart at a glance and without color vision.
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { manaCost } from "./mana.js";
import { detailsButton, isCommanderCard } from "./zoom.js";

const COLOR_NAMES = { W: "White", U: "Blue", B: "Black", R: "Red", G: "Green", C: "Colorless" };
const loadedImages = new Set(); // URLs known to work: swap in at once on re-render

export function colorName(code) {
  return t(COLOR_NAMES[code] || code);
}

export function colorDots(colors) {
  const list = colors && colors.length ? colors : ["C"];
  return el("span", { class: "mana", role: "img", "aria-label": list.map(colorName).join(", ") },
    list.map((c) => el("span", { class: `ms ms-${c.toLowerCase()}`, title: colorName(c), "aria-hidden": "true" }, c === "C" ? "C" : "")));
}

function frameClass(card) {
  const colors = card.colors || [];
  if (colors.length > 1) return "frame-m";
  if (colors.length === 1) return `frame-${colors[0].toLowerCase()}`;
  return /Land/.test(card.type_line || "") ? "frame-l" : "frame-c";
}

const RARITY_ICONS = { common: "●", uncommon: "◆", rare: "★", mythic: "✸", special: "✦", bonus: "✦" };
const RARITY_RANK = { mythic: 5, special: 4, bonus: 4, rare: 3, uncommon: 2, common: 1 };

/** "{2}{G} Creature…" → the card's colors as letters, "C" for none (the frame's label). */
function frameLetters(card) {
  const colors = card.colors || [];
  return colors.length ? colors.join("") : "C";
}

/** The first line of the rules text without reminder text: keywords or the first ability. */
export function firstRulesLine(text) {
  const line = String(text || "").split("\n").find((part) => part.trim() && part.trim() !== "//") || "";
  return line.replace(/\s*\([^)]*\)/g, "").trim();
}

/** The full card tile: text face always, image layered on top once it has loaded. */
export function cardTile(card, { tag = "div", attrs = {} } = {}) {
  const stats = card.power != null && card.toughness != null ? `${card.power}/${card.toughness}`
    : (card.loyalty != null ? `◆${card.loyalty}` : "");
  const rules = firstRulesLine(card.text);
  const commander = isCommanderCard(card);
  const face = el("div", { class: `card-face ${frameClass(card)}` },
    el("div", { class: "card-top" },
      el("span", { class: "card-name", text: card.name }),
      manaCost(card.mana_cost)),
    commander ? el("span", { class: "cmd-mark", text: `♛ ${t("Commander")}` }) : null,
    el("div", { class: "card-type", text: card.type_line || "" }),
    rules ? el("div", { class: "card-rules", text: rules }) : null,
    el("div", { class: "card-bottom" },
      el("span", { class: `rarity r-${card.rarity}` },
        el("span", { class: "rarity-icon", "aria-hidden": "true", text: RARITY_ICONS[card.rarity] || "•" }),
        t(card.rarity || "")),
      el("span", { class: `frame-tag ${frameClass(card)}`, title: (card.colors || []).map(colorName).join(", ") || colorName("C"), text: frameLetters(card) }),
      card.foil ? el("span", { class: "foil", text: t("foil") }) : null,
      el("span", { class: "pt", text: stats })));
  const tile = el(tag, { class: `card${commander ? " is-commander" : ""}`, ...attrs }, face);
  attachImage(tile, card);
  return tile;
}

/** A tile with its details button beside it (never inside: a button may not hold one). */
export function cardCell(card, options = {}) {
  const tile = cardTile(card, options);
  const cell = el("div", { class: "card-cell" }, tile, detailsButton(card));
  return { cell, tile };
}

/** Packs read best-first: commanders, then rarity, then color, then mana value. */
export function packOrder(a, b) {
  return (isCommanderCard(b) - isCommanderCard(a))
    || ((RARITY_RANK[b.rarity] || 0) - (RARITY_RANK[a.rarity] || 0))
    || (COLOR_GROUPS.indexOf(colorGroup(a)) - COLOR_GROUPS.indexOf(colorGroup(b)))
    || ((a.mana_value || 0) - (b.mana_value || 0))
    || a.name.localeCompare(b.name);
}

function attachImage(tile, card) {
  if (!card.image_url) return;
  const img = new Image();
  img.alt = "";
  img.decoding = "async";
  img.className = "card-img";
  img.setAttribute("aria-hidden", "true");
  const reveal = () => { loadedImages.add(card.image_url); tile.classList.add("has-img"); };
  img.addEventListener("load", reveal, { once: true });
  img.addEventListener("error", () => img.remove(), { once: true });
  img.src = card.image_url;
  tile.append(img);
  if (loadedImages.has(card.image_url) && img.complete) reveal();
}

/** Short one-line row for lists (pool, deck). */
export function cardRow(card, ...extra) {
  const commander = isCommanderCard(card);
  return el("div", { class: `card-row${commander ? " is-commander" : ""}` },
    el("span", { class: "card-name", text: card.name }),
    commander ? el("span", { class: "cmd-mark", text: `♛ ${t("Commander")}` }) : null,
    manaCost(card.mana_cost),
    detailsButton(card),
    el("span", { class: "row-type muted", text: shortType(card.type_line) }),
    ...extra);
}

export function shortType(typeLine) {
  return String(typeLine || "").split("—")[0].replace("Legendary", "").trim();
}

/** Sorting buckets for the pool: color group, then type. */
export function colorGroup(card) {
  const colors = card.colors || [];
  if (/\bLand\b/.test(card.type_line || "") && colors.length === 0) return "Lands";
  if (colors.length > 1) return "Multicolor";
  if (colors.length === 1) return { W: "White", U: "Blue", B: "Black", R: "Red", G: "Green" }[colors[0]];
  return "Colorless";
}

export const COLOR_GROUPS = ["White", "Blue", "Black", "Red", "Green", "Multicolor", "Colorless", "Lands"];
const TYPE_ORDER = ["Creature", "Planeswalker", "Instant", "Sorcery", "Artifact", "Enchantment", "Land"];

export function typeRank(card) {
  const line = card.type_line || "";
  const index = TYPE_ORDER.findIndex((type) => line.includes(type));
  return index === -1 ? TYPE_ORDER.length : index;
}

export function byTypeThenCost(a, b) {
  return typeRank(a) - typeRank(b) || (a.mana_value || 0) - (b.mana_value || 0) || a.name.localeCompare(b.name);
}

export function isLand(card) {
  return /\bLand\b/.test(card.type_line || "");
}
