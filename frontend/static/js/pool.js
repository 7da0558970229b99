// The pool, sorted the way people sort piles on a table: by color, then by type and cost.
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { byTypeThenCost, cardRow, COLOR_GROUPS, colorGroup } from "./cards.js";

export function groupPool(pool) {
  const groups = new Map(COLOR_GROUPS.map((name) => [name, []]));
  for (const card of pool) groups.get(colorGroup(card)).push(card);
  for (const cards of groups.values()) cards.sort(byTypeThenCost);
  return [...groups].filter(([, cards]) => cards.length);
}

export function renderPool(container, pool) {
  container.replaceChildren(...groupPool(pool).map(([name, cards]) =>
    el("section", { class: "pool-group" },
      el("h3", { text: `${t(name)} (${cards.length})` }),
      el("div", { class: "rows" }, cards.map((card) => cardRow(card, card.can_be_commander
        ? el("span", { class: "badge commander-mark", text: t("Commander") }) : null))))));
}
