// A tiny bar chart from CSS (no chart library, no canvas): mana curve and color counts.
// Why a custom property set through the CSSOM: the CSP (`style-src 'self'`) blocks every
// `style` attribute, while `el.style.setProperty` is script, not markup, and is allowed.
import { el } from "./dom.js";

function height(share) {
  return `${Math.round(share * 100)}%`;
}

function bar(kind, share) {
  const node = el("span", { class: `bar ${kind}` });
  node.style.setProperty("--bar-height", height(share));
  return node;
}

/** bars: [label, count, css class, spoken name?] */
export function barChart(title, bars) {
  return el("figure", { class: "chart" },
    el("figcaption", { text: title }),
    el("div", { class: "bars", role: "img", "aria-label": spoken(title, bars) },
      bars.map(([label, n, kind]) => el("div", { class: "bar-col" },
        el("span", { class: "bar-n", text: count(n) }),
        bar(kind, n / most(bars)),
        el("span", { class: "bar-label", text: label })))));
}

/** Bring `chart` (drawn by `barChart` with the same bars) to new counts in place. Why: the
 * builder's charts change on every Add, and on a cheap phone a few text and height
 * changes cost far less than a new chart to build and compare (issue #46). Returns false,
 * changing nothing, when `chart` is not such a chart. */
export function updateBarChart(chart, title, bars) {
  const columns = chart?.querySelectorAll(".bar-col") ?? [];
  if (columns.length !== bars.length) return false;
  const label = spoken(title, bars);
  const holder = chart.querySelector(".bars");
  if (holder.getAttribute("aria-label") !== label) holder.setAttribute("aria-label", label);
  bars.forEach(([, n], index) => {
    const [number, fill] = columns[index].children;
    if (number.textContent !== count(n)) number.textContent = count(n);
    fill.style.setProperty("--bar-height", height(n / most(bars)));
  });
  return true;
}

function spoken(title, bars) {
  return `${title}: ${bars.map(([label, n, , name]) => `${name || label} ${n}`).join(", ")}`;
}

function most(bars) {
  return Math.max(1, ...bars.map(([, n]) => n));
}

function count(n) {
  return n ? String(n) : "";
}
