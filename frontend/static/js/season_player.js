// One player's season (`?name=…`), for anyone: their line, nights and every game.
import { api } from "./api.js";
import { banner } from "./banner.js";
import { $, el } from "./dom.js";
import { t } from "./i18n.js";

const season = $("#season").dataset.seasonId;
const name = new URLSearchParams(window.location.search).get("name") || "";
const errors = banner("#season-error");

const OUTCOMES = { win: () => t("win"), draw: () => t("draw"), loss: () => t("loss") };

function render(view) {
  $("#player-name").textContent = view.name;
  document.title = `${view.name} · ${view.season_name}`;
  $("#season-link").textContent = view.season_name;
  const line = view.line;
  $("#player-line").textContent = t("Place {rank} · {points} points · wins {wins}, draws {draws}, losses {losses}", line);
  const dates = new Map(view.nights.map((night) => [night.number, night.held_at.slice(0, 10)]));
  $("#player-nights").replaceChildren(...view.nights.map((night) => el("tr", {},
    el("td", { class: "num", text: night.number }),
    el("td", { text: night.held_at.slice(0, 10) }),
    el("td", { class: "num", text: night.games }),
    el("td", { class: "num strong", text: night.points }))));
  $("#player-nights-section").hidden = view.nights.length === 0;
  $("#player-games").replaceChildren(...view.games.map((game) => el("li", { class: "player-game" },
    el("span", { class: "muted", text: t("Night {night} ({date}), game {game}", { night: game.night, date: dates.get(game.night), game: game.game }) }),
    el("br"),
    el("strong", { class: `outcome-${game.outcome}`, text: `${game.place}. ${OUTCOMES[game.outcome]()}` }),
    " ", t("against {opponents}", { opponents: game.opponents.join(", ") }),
    " · ", el("span", { class: "strong", text: t("+{points} points", { points: game.points }) }))));
  $("#player-games-section").hidden = view.games.length === 0;
}

async function load() {
  try {
    render(await api("GET", `/api/seasons/${encodeURIComponent(season)}/player?name=${encodeURIComponent(name)}`));
  } catch (problem) {
    errors.fail(problem.message);
  }
}

load();
