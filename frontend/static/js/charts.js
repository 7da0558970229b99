// A tiny bar chart from CSS (no chart library, no canvas): mana curve and color counts.
// Why a custom property set through the CSSOM: the CSP (`style-src 'self'`) blocks every
// `style` attribute, while `el.style.setProperty` is script, not markup, and is allowed.
import { el } from "./dom.js";

function bar(kind, share) {
  const node = el("span", { class: `bar ${kind}` });
  node.style.setProperty("--bar-height", `${Math.round(share * 100)}%`);
  return node;
}

/** bars: [label, count, css class, spoken name?] */
export function barChart(title, bars) {
  const max = Math.max(1, ...bars.map(([, n]) => n));
  return el("figure", { class: "chart" },
    el("figcaption", { text: title }),
    el("div", { class: "bars", role: "img", "aria-label": `${title}: ${bars.map(([label, n, , name]) => `${name || label} ${n}`).join(", ")}` },
      bars.map(([label, n, kind]) => el("div", { class: "bar-col" },
        el("span", { class: "bar-n", text: n ? String(n) : "" }),
        bar(kind, n / max),
        el("span", { class: "bar-label", text: label })))));
}
