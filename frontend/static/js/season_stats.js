// Cards and commanders of the season, for anyone: read once from the API, then sorted
// and filtered by set in the page. A figure below the threshold is "too_few_games" in the
// JSON: shown as words, and sorted after every number whichever way the column is sorted.
import { api } from "./api.js";
import { banner } from "./banner.js";
import { $, el } from "./dom.js";
import { t, tn } from "./i18n.js";

const root = $("#season-stats");
const season = root.dataset.seasonId;
const page = root.dataset.page;
const errors = banner("#stats-error");
const TOO_FEW = "too_few_games";
const ASCENDING = new Set(["name", "key", "average_pick", "last_seen", "average_place"]);
const sorts = new Map();

const percent = (value) => `${Math.round(value * 100)}%`;
const fixed = (value) => value.toFixed(2);

function figure(value, format) {
  if (value === TOO_FEW) return el("span", { class: "few", text: t("too few games") });
  if (value === null || value === undefined) return "–";
  return format(value);
}

/** Numbers (and names) first in the chosen order; missing and too-few figures last. */
function compare(key, direction) {
  return (a, b) => {
    const x = a[key];
    const y = b[key];
    const xMissing = x === null || x === undefined || x === TOO_FEW;
    const yMissing = y === null || y === undefined || y === TOO_FEW;
    if (xMissing || yMissing) return xMissing - yMissing;
    const order = typeof x === "string" ? x.localeCompare(y) : x - y;
    return direction * order;
  };
}

function sortable(table, lines, row) {
  const body = table.querySelector("tbody");
  const draw = () => {
    const { key, direction } = sorts.get(table.id);
    table.querySelectorAll("th").forEach((th) => th.removeAttribute("aria-sort"));
    const th = table.querySelector(`.sort[data-key="${key}"]`).closest("th");
    th.setAttribute("aria-sort", direction > 0 ? "ascending" : "descending");
    body.replaceChildren(...[...lines()].sort(compare(key, direction)).map(row));
  };
  if (!table.dataset.wired) {
    table.dataset.wired = "1";
    table.querySelectorAll(".sort").forEach((button) => button.addEventListener("click", () => {
      const key = button.dataset.key;
      const now = sorts.get(table.id);
      const direction = now.key === key ? -now.direction : ASCENDING.has(key) ? 1 : -1;
      sorts.set(table.id, { key, direction });
      draw();
    }));
  }
  return draw;
}

function baseline(view) {
  const b = view.baseline;
  $("#stats-season").textContent = `${view.name} · ${tn("{n} night", "{n} nights", view.nights)}`;
  $("#stats-baseline").textContent = b.average_place === TOO_FEW
    ? t("The season's average deck: too few games yet ({games}).", { games: b.games })
    : t("The season's average deck: place {place}, wins {wins}.", {
      place: fixed(b.average_place), wins: percent(b.win_rate) });
  $("#stats-empty").hidden = view.nights > 0;
}

function better(value, base, lower) {
  if (value === TOO_FEW || base === TOO_FEW) return "num";
  return (lower ? value < base : value > base) ? "num better" : "num";
}

async function cardsPage() {
  const view = await api("GET", `/api/seasons/${encodeURIComponent(season)}/cards`);
  baseline(view);
  const select = $("#stats-set");
  select.append(...view.sets.map((code) => el("option", { value: code, text: code })));
  const table = $("#stats-table");
  const base = view.baseline;
  const lines = () => view.cards.filter((card) => card.set === select.value).map((card) => ({
    ...card, deck_rate: card.drafted ? card.in_deck / card.drafted : null }));
  sorts.set(table.id, { key: "average_pick", direction: 1 });
  const draw = sortable(table, lines, (card) => el("tr", {},
    el("th", { scope: "row", class: "who", text: card.name }),
    el("td", { class: "num", text: card.picked }),
    el("td", { class: "num" }, figure(card.average_pick, fixed)),
    el("td", { class: "num" }, figure(card.last_seen, fixed)),
    el("td", { class: "num" }, figure(card.deck_rate, percent)),
    el("td", { class: better(card.average_place, base.average_place, true) },
      figure(card.average_place, fixed)),
    el("td", { class: better(card.win_rate, base.win_rate, false) },
      figure(card.win_rate, percent))));
  select.addEventListener("change", () => {
    $("#stats-csv").href = `/api/seasons/${encodeURIComponent(season)}/cards?format=csv&set=${encodeURIComponent(select.value)}`;
    draw();
  });
  draw();
}

async function commandersPage() {
  const view = await api("GET", `/api/seasons/${encodeURIComponent(season)}/commanders`);
  baseline(view);
  const base = view.baseline;
  for (const table of document.querySelectorAll("table[data-lines]")) {
    const kind = table.dataset.lines;
    sorts.set(table.id, { key: "decks", direction: -1 });
    sortable(table, () => view[kind], (line) => el("tr", {},
      el("th", { scope: "row", class: "who",
        text: kind === "identities" && line.key === "" ? t("colorless") : line.key }),
      el("td", { class: "num", text: line.decks }),
      el("td", { class: "num", text: line.games }),
      el("td", { class: better(line.average_place, base.average_place, true) },
        figure(line.average_place, fixed)),
      el("td", { class: better(line.win_rate, base.win_rate, false) },
        figure(line.win_rate, percent))))();
  }
}

(page === "cards" ? cardsPage() : commandersPage()).catch((problem) => {
  errors.fail(problem.status === 404 ? t("This season does not exist.") : problem.message);
});
