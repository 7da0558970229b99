// Mana costs as CSS circles: the one drawing of "{2}{W/U}{G}" that a card tile, the zoom
// view and the deck's curve share. Why a module of its own: the tile (cards.js) and the zoom
// view (zoom.js) both draw costs, and the tile puts a zoom button beside itself; with the
// drawing here neither needs the other's module, so the imports run one way.
import { el } from "./dom.js";

const COLOR_ORDER = ["W", "U", "B", "R", "G"];

/** "{2}{W/U}{G}" → ["2", "W/U", "G"] */
export function manaSymbols(cost) {
  return Array.from(String(cost || "").matchAll(/\{([^}]+)\}/g), (m) => m[1]);
}

/** One mana symbol as a CSS circle: colored by W/U/B/R/G, split for hybrids. */
export function manaSymbol(symbol) {
  const parts = symbol.toUpperCase().split("/");
  const colors = parts.filter((p) => COLOR_ORDER.includes(p));
  const classes = ["ms"];
  let label = symbol;
  if (parts.length === 2 && colors.length >= 1 && parts[1] !== "P") {
    classes.push("ms-hybrid", `ms-${parts[0].toLowerCase()}`, `ms-h-${parts[1].toLowerCase()}`);
    label = parts.join("/");
  } else if (colors.length) {
    classes.push(`ms-${colors[0].toLowerCase()}`);
    label = parts.includes("P") ? `${colors[0]}/P` : colors[0];
  } else if (parts[0] === "C") {
    classes.push("ms-c");
    label = "C";
  } else {
    classes.push("ms-generic");
  }
  const shown = parts.length === 2 ? "" : (parts[0] === "P" ? "" : label.replace("/P", ""));
  return el("span", { class: classes.join(" "), title: label, "aria-hidden": "true" }, shown);
}

export function manaCost(cost) {
  const symbols = manaSymbols(cost);
  return el("span", { class: "mana", role: "img", "aria-label": symbols.join(" ") || "0" },
    symbols.map(manaSymbol));
}
