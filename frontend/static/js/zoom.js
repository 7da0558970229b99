// The zoom view: one card, large and complete, in a modal dialog.
// Why a self-contained module: every screen (pick, pool, builder, game board) shows cards
// in its own way; each only needs `detailsButton(card)` beside the card. The button is a
// separate control, never inside the tile: looking closer must not select or cost a pick.
// Why native <dialog>: Escape, focus trapping and the "dialog" role come with it; a tap
// on the backdrop (outside the panel) closes it too. A screen that knows only a card's
// name (the game board's commanders) gets the details from /api/cards/details.
import { api } from "./api.js";
import { el } from "./dom.js";
import { on } from "./patch.js";
import { t } from "./i18n.js";
import { manaCost } from "./mana.js";

const REASONS = {
  legendary_creature: "Legendary creature: it can be your commander.",
  says_so: "Its text says it can be your commander.",
  background: "Background: it can be your second commander, beside one with Choose a Background.",
  partner: "Partner: it can share the command zone with another partner.",
  partner_with: "Partner with {name}: those two can lead together.",
  friends_forever: "Friends forever: it pairs with another Friends forever card.",
  choose_background: "Choose a Background: it pairs with a legendary Background.",
  mono_partner: "Commander Masters draft: one color or none, so it has partner.",
};
const LEADS = new Set(["legendary_creature", "says_so", "background"]);
let dialog = null;
let lastFocus = null;

/** Whether the card may sit in the command zone (alone, or as a Background). */
export function isCommanderCard(card) {
  return (card.commander || []).some((code) => LEADS.has(code)) || Boolean(card.can_be_commander);
}

/** The "Details: NAME" button that opens the zoom view of `card` (a card JSON or {name}). */
export function detailsButton(card) {
  const node = el("button", {
    type: "button", class: "card-details",
    "aria-label": t("Details: {name}", { name: card.name }),
    title: t("Details: {name}", { name: card.name }),
  }, el("span", { class: "details-icon", "aria-hidden": "true", text: "i" }));
  on(node, "click", (event) => {
    event.stopPropagation(); // a tile under it must not take the tap as a selection
    event.preventDefault();
    openZoom(card, node);
  });
  return node;
}

/** Show the card; fetches its details first when only a name is known. */
export async function openZoom(card, opener = null) {
  lastFocus = opener || document.activeElement;
  let full = card;
  if (!card.type_line && card.name) {
    try {
      full = { ...card, ...await api("GET", `/api/cards/details?name=${encodeURIComponent(card.name)}`) };
    } catch {
      full = card; // unknown name (a placeholder): show what we have
    }
  }
  const box = ensureDialog();
  box.replaceChildren(panel(full));
  if (!box.open) box.showModal();
  box.querySelector(".zoom-close").focus();
}

export function closeZoom() {
  if (dialog && dialog.open) dialog.close();
}

function ensureDialog() {
  if (dialog) return dialog;
  dialog = el("dialog", { class: "zoom", "aria-labelledby": "zoom-title" });
  // A click whose target is the <dialog> itself landed on the backdrop, outside the panel.
  dialog.addEventListener("click", (event) => { if (event.target === dialog) closeZoom(); });
  dialog.addEventListener("close", () => {
    if (lastFocus && lastFocus.isConnected) lastFocus.focus();
  });
  document.body.append(dialog);
  return dialog;
}

function panel(card) {
  const close = el("button", { type: "button", class: "btn zoom-close", "aria-label": t("Close") }, "✕");
  close.addEventListener("click", closeZoom);
  const image = card.image_url
    ? el("img", { class: "zoom-img", src: card.image_url, alt: "", decoding: "async" }) : null;
  if (image) image.addEventListener("error", () => image.remove(), { once: true });
  return el("div", { class: "zoom-panel" },
    el("div", { class: "zoom-head" },
      el("h2", { id: "zoom-title", text: card.name }),
      close),
    image,
    el("div", { class: "zoom-cost" }, manaCost(card.mana_cost)),
    el("p", { class: "zoom-type", text: card.type_line || "" }),
    card.text
      ? el("p", { class: "zoom-text", text: card.text })
      : el("p", { class: "zoom-text muted", text: t("No rules text on this laptop yet: the host can get it once from the start page.") }),
    stats(card),
    el("p", { class: "zoom-print" },
      el("span", { class: `rarity r-${card.rarity}`, text: rarityLabel(card.rarity) }),
      card.set ? ` · ${card.set}${card.number ? ` #${card.number}` : ""}` : ""),
    commanderSection(card),
    el("p", { class: "zoom-identity" },
      el("strong", { text: `${t("Color identity")}: ` }),
      identityText(card.color_identity)));
}

function stats(card) {
  if (card.power != null && card.toughness != null) {
    return el("p", { class: "zoom-stats", text: `${t("Power/toughness")}: ${card.power}/${card.toughness}` });
  }
  if (card.loyalty != null) return el("p", { class: "zoom-stats", text: `${t("Loyalty")}: ${card.loyalty}` });
  return null;
}

function rarityLabel(rarity) {
  return rarity ? t(rarity) : "";
}

function identityText(identity) {
  const names = { W: "White", U: "Blue", B: "Black", R: "Red", G: "Green" };
  const list = identity && identity.length ? identity.map((c) => t(names[c] || c)) : [t("Colorless")];
  return list.join(", ");
}

function commanderSection(card) {
  const codes = card.commander || [];
  const eligible = isCommanderCard(card);
  return el("div", { class: `zoom-commander ${eligible ? "yes" : "no"}` },
    el("p", {}, el("strong", { text: eligible ? t("Can be your commander") : t("Cannot be your commander") })),
    codes.length ? el("ul", {}, codes.map((code) =>
      el("li", { text: t(REASONS[code] || code, { name: card.partner_with || "" }) }))) : null);
}
