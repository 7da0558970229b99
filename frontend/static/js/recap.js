// The night's recap on a screen: drawn from GET /api/pods/{id}/recap with this device's
// seat or host token; the same content as the self-contained file the buttons download
// (the file is made on the server: it must open with no script at all).
import { api, downloadResponse } from "./api.js";
import { banner } from "./banner.js";
import { $, el, podId, show, toast } from "./dom.js";
import { t } from "./i18n.js";
import { lineUpText } from "./line_up.js";
import { loadToken, takeTokenFromFragment } from "./tokens.js";

const pod = podId();
const base = `/api/pods/${encodeURIComponent(pod)}`;
const token = takeTokenFromFragment("seat", pod) || takeTokenFromFragment("host", pod) || loadToken("host", pod);
const TYPES = { Creature: "Creatures", Planeswalker: "Planeswalkers", Instant: "Instants", Sorcery: "Sorceries",
  Artifact: "Artifacts", Enchantment: "Enchantments", Battle: "Battles", Land: "Lands", Other: "Other" };

const { fail } = banner("#recap-error", { covers: ["#recap-loading"] });

function player(p) {
  const head = el("h3", { text: `${t("Seat {seat}", { seat: p.seat + 1 })} · ${p.name}${p.bot ? ` (${t("Bot")})` : ""}` });
  const link = el("p", {}, el("a", { href: p.replay_url, text: t("Replay this draft") }));
  if (!p.deck) return el("section", { class: "recap-player" }, head, el("p", { class: "muted", text: t("No deck submitted.") }), link);
  const identity = el("span", { class: "recap-identity", "aria-label": t("Color identity") },
    (p.color_identity.length ? p.color_identity : ["C"]).map((c) => el("span", { class: "pip", text: c })));
  const curve = el("div", { class: "recap-curve", "aria-label": t("Mana curve") },
    p.deck.curve.map((bar) => el("div", {}, el("div", { class: `recap-bar h${Math.min(bar.cards, 10)}` }),
      bar.mana_value, el("br"), String(bar.cards))));
  const groups = p.deck.groups.map((g) => el("div", { class: "recap-group" },
    el("strong", { text: `${t(TYPES[g.type] || g.type)} (${g.count})` }),
    el("ul", {}, g.cards.map((c) => el("li", { text: `${c.count > 1 ? `${c.count}× ` : ""}${c.name}` })))));
  return el("section", { class: "recap-player" }, head,
    el("p", { class: "recap-commanders" }, p.commanders.map((c) => c.name).join(" & "), identity),
    el("p", { class: "muted", text: t("{n} cards", { n: p.deck.size }) + (p.legal ? "" : ` · ${t("not legal")}`) }),
    curve, ...groups, link);
}

function games(list) {
  if (!list.length) return el("p", { class: "muted", text: t("No game was recorded.") });
  return el("table", { class: "recap-games" },
    el("thead", {}, el("tr", {}, [t("Round"), t("Table"), t("Game"), t("Players"), t("Winner")].map((h) => el("th", { text: h })))),
    el("tbody", {}, list.map((g) => el("tr", {},
      el("td", { text: String(g.round) }), el("td", { text: String(g.table) }), el("td", { text: String(g.number) }),
      el("td", { text: g.players.map((p) => `${p.name} (${p.life})`).join(", ") }),
      el("td", { text: g.draw ? t("Draw: {players}", { players: g.draw.join(", ") }) : g.winner || t("not recorded") })))));
}

// "Night recap · Friday League · 4 December 2026 · Pod 2", as the downloaded file is titled
// (no season, no pod when the night has none).
function titleOf(recap) {
  const held = new Intl.DateTimeFormat(document.documentElement.lang || "en", { dateStyle: "long", timeZone: "UTC" })
    .format(new Date(`${recap.held}T00:00:00Z`));
  return [t("Night recap"), recap.season, held, recap.pod_number ? t("Pod {n}", { n: recap.pod_number }) : ""]
    .filter(Boolean).join(" · ");
}

async function download(button, path, fallback) {
  button.disabled = true;
  try {
    const response = await api("GET", path, { token, raw: true });
    await downloadResponse(response, fallback);
  } catch (problem) {
    toast(problem.message);
  } finally {
    button.disabled = false;
  }
}

async function start() {
  if (!token) { fail(t("This page has no seat or host link; open your link again.")); return; }
  let recap;
  try {
    recap = await api("GET", `${base}/recap`, { token });
  } catch (problem) { fail(problem.message); return; }
  show($("#recap-loading"), false);
  document.title = titleOf(recap);
  $("#recap-body").replaceChildren(
    el("h1", { text: document.title }),
    el("p", { class: "recap-meta", text: `${t("Line-up: {sets}", { sets: lineUpText(recap) })} · ${recap.pod_id}` }),
    el("h2", { text: t("Decks") }),
    el("div", { class: "recap-players" }, recap.players.map(player)),
    el("h2", { text: t("Games") }),
    games(recap.games));
  show($("#recap"), true);
}

$("#recap-print").addEventListener("click", () => window.print());
$("#recap-html").addEventListener("click", (e) => download(e.currentTarget, `${base}/recap.html`, "recap.html"));
$("#recap-json").addEventListener("click", (e) => download(e.currentTarget, `${base}/recap?download=true`, "recap.json"));
start();
