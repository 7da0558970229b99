// A season's standings, for anyone (a phone at the store, the TV): read from the API
// and refreshed every ten seconds while the page is open.
import { api } from "./api.js";
import { banner } from "./banner.js";
import { $, el } from "./dom.js";
import { t, tn } from "./i18n.js";

const season = $("#season").dataset.seasonId;
const REFRESH_MS = 10000;
const errors = banner("#season-error");

async function refresh() {
  try {
    render(await api("GET", `/api/seasons/${encodeURIComponent(season)}/standings`));
    errors.clear();
  } catch (problem) {
    errors.fail(problem.status === 404 ? t("This season does not exist.") : problem.message);
    if (problem.status === 404) return;
  }
  setTimeout(refresh, REFRESH_MS);
}

function render(view) {
  $("#season-name").textContent = view.name;
  document.title = view.name;
  $("#season-nights").textContent = tn("{n} night", "{n} nights", view.nights);
  $("#standings-body").replaceChildren(...view.standings.map((line) => el("tr", {},
    el("td", { class: "num", text: line.rank }),
    el("th", { scope: "row", class: "who" }, el("a", {
      href: `/seasons/${encodeURIComponent(season)}/player?name=${encodeURIComponent(line.name)}`, text: line.name })),
    el("td", { class: "num strong", text: line.points }),
    el("td", { class: "num", text: line.games }),
    el("td", { class: "num", text: line.wins }),
    el("td", { class: "num", text: line.draws }),
    el("td", { class: "num", text: line.losses }),
    el("td", { class: "num tie-break", text: line.opponents_average.toFixed(2) }),
    el("td", { class: "num tie-break", text: line.head_to_head > 0 ? `+${line.head_to_head}` : line.head_to_head }))));
  $("#standings").hidden = view.standings.length === 0;
  $("#season-empty").hidden = view.standings.length > 0 || view.pending.length > 0;
  renderPending(view.pending);
  $("#nights-body").replaceChildren(...view.night_table.map((night) => el("tr", {},
    el("td", { class: "num", text: night.number }),
    el("td", { text: night.imported ? `${night.held_at.slice(0, 10)} (${t("imported")})` : night.held_at.slice(0, 10) }),
    el("td", { class: "num", text: night.games }),
    el("td", { class: "num", text: night.pending }))));
  $("#season-nights-table").hidden = view.night_table.length === 0;
}

/** The finished games not counted yet: each waits for a confirmation (or, disputed, the host). */
function renderPending(pending) {
  $("#pending-list").replaceChildren(...pending.map((game) => el("li", { class: "pending-game" },
    el("span", { text: t("Night {night}, table {table}, game {game}: {placings}", {
      night: game.night, table: game.table, game: game.game,
      placings: game.placings.map((p) => t("{place}. {name}", { place: p.place, name: p.name })).join(", "),
    }) }),
    " ",
    el("span", { class: "badge", text: game.disputed ? t("disputed") : t("pending") }))));
  $("#season-pending").hidden = pending.length === 0;
}

refresh();
