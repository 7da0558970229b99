// The laptop's list of every night open for joining and every live pod, with End and
// Delete for each: how the host frees the places strangers' junk lobbies hold. Polled
// every five seconds (a lobby may open at any time); each action answers the new list.
import { api } from "./api.js";
import { banner } from "./banner.js";
import { $, button, el, toast } from "./dom.js";
import { t } from "./i18n.js";

const POLL_MS = 5000;
const { fail, clear } = banner("#lobbies-error");
const PHASES = { open: "Open for joining", lobby: "Lobby", drafting: "Drafting", building: "Building decks", playing: "Playing" };

function age(seconds) {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t("{m} min", { m: minutes });
  return t("{h} h {m} min", { h: Math.floor(minutes / 60), m: minutes % 60 });
}

function guard(item) {
  if (item.locked) return t("locked");
  return item.code_required ? t("join code") : "";
}

async function act(method, path, question, control) {
  if (question && !window.confirm(question)) return;
  control.disabled = true;
  try {
    draw(await api(method, path));
  } catch (problem) {
    toast(problem.message);
    control.disabled = false;
  }
}

function row(kind, id, item, name, deletable) {
  const path = `/api/laptop/${kind}/${encodeURIComponent(id)}`;
  const end = button(t("End"), (b) => act("POST", `${path}/end`, t("End {name}? Its phones are told it has ended.", { name }), b));
  end.setAttribute("aria-label", t("End {name}", { name }));
  const remove = button(t("Delete"), (b) => act("DELETE", path, t("Delete {name} for good?", { name }), b), "danger");
  remove.setAttribute("aria-label", t("Delete {name}", { name }));
  remove.hidden = !deletable;
  const facts = [t(PHASES[item.phase] || item.phase), guard(item)].filter(Boolean).join(" · ");
  return el("tr", { dataset: { id } },
    el("td", {}, el("code", { text: id })),
    el("td", { text: facts }),
    el("td", { class: "num", text: String(item.players) }),
    el("td", { class: "num", text: age(item.age_seconds) }),
    el("td", { class: "actions" }, end, remove));
}

function draw(list) {
  clear();
  $("#night-rows").replaceChildren(...list.events.map((night) =>
    row("events", night.event_id, night, t("the night {id}", { id: night.event_id }), true)));
  $("#no-nights").hidden = list.events.length > 0;
  $("#pod-rows").replaceChildren(...list.pods.map((pod) =>
    row("pods", pod.pod_id, pod, t("the pod {id}", { id: pod.pod_id }),
      pod.phase === "lobby" && !pod.event_id)));
  $("#no-pods").hidden = list.pods.length > 0;
}

async function poll() {
  try {
    draw(await api("GET", "/api/laptop/lobbies"));
  } catch (problem) {
    fail(problem.message);
    if (problem.status === 403) return;  // not the laptop: nothing to poll for
  }
  setTimeout(poll, POLL_MS);
}

/** Every season with its host page (read once: seasons are made by this laptop's host). */
async function showSeasons() {
  try {
    const seasons = await api("GET", "/api/laptop/seasons");
    $("#season-rows").replaceChildren(...seasons.map((season) => el("li", {},
      el("a", { href: season.host_path, text: season.name }),
      " · ", el("a", { href: season.standings_path, text: t("Standings page") }))));
    $("#no-seasons").hidden = seasons.length > 0;
  } catch {
    // Not the laptop: the lobbies' banner already says why.
  }
}

poll();
showSeasons();
