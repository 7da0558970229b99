// A tiny bar chart from CSS (no chart library, no canvas): mana curve and color counts.
import { el } from "./dom.js";

/** bars: [label, count, css class, spoken name?] */
export function barChart(title, bars) {
  const max = Math.max(1, ...bars.map(([, n]) => n));
  return el("figure", { class: "chart" },
    el("figcaption", { text: title }),
    el("div", { class: "bars", role: "img", "aria-label": `${title}: ${bars.map(([label, n, , name]) => `${name || label} ${n}`).join(", ")}` },
      bars.map(([label, n, kind]) => el("div", { class: "bar-col" },
        el("span", { class: "bar-n", text: n ? String(n) : "" }),
        el("span", { class: `bar ${kind}`, style: `height:${Math.round((n / max) * 100)}%` }),
        el("span", { class: "bar-label", text: label })))));
}
