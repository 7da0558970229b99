// The pool, sorted the way drafters read it: by color, and in each color the commanders
// and higher rarities first, then by mana value. A filter keeps only the cards that can be
// your commander (what you look for when the draft ends).
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { cardRow, COLOR_GROUPS, colorGroup, packOrder } from "./cards.js";
import { isCommanderCard } from "./zoom.js";

let onlyCommanders = false;

export function groupPool(pool) {
  const groups = new Map(COLOR_GROUPS.map((name) => [name, []]));
  for (const card of pool) groups.get(colorGroup(card)).push(card);
  for (const cards of groups.values()) cards.sort(packOrder);
  return [...groups].filter(([, cards]) => cards.length);
}

export function renderPool(container, pool) {
  const shown = onlyCommanders ? pool.filter(isCommanderCard) : pool;
  const box = el("input", { type: "checkbox", id: "pool-commanders", checked: onlyCommanders });
  box.addEventListener("change", () => {
    onlyCommanders = box.checked;
    renderPool(container, pool);
    container.querySelector("#pool-commanders").focus();
  });
  const filter = el("label", { class: "check pool-filter" }, box,
    el("span", { text: `${t("Can be my commander")} (${pool.filter(isCommanderCard).length})` }));
  container.replaceChildren(filter, ...groupPool(shown).map(([name, cards]) =>
    el("section", { class: "pool-group" },
      el("h3", { text: `${t(name)} (${cards.length})` }),
      el("div", { class: "rows" }, cards.map((card) => cardRow(card))))));
}
