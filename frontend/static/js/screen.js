// The store's screen: a night on the TV, read-only, live over its own socket (the phones'
// client, `LiveView`, with its whole-view messages: it reconnects, pings and backs off).
//
// Why pages and not scrolling: nobody scrolls a TV. The view becomes a list of blocks
// (each pod, each table, the results, the standings in short runs); blocks fill four
// columns of one page, and a block that would fall off the page starts the next one.
// With more than one page the screen turns them every PAGE_MS (and the button in the bar
// turns them at once). Why whole views and no versions: a screen's view is small and the
// socket sends one only when it changed, so a reconnect simply shows the next one.
import { banner } from "./banner.js";
import { $, el } from "./dom.js";
import { t, tn } from "./i18n.js";
import { LiveView, statusPill } from "./live.js";
import { takeTokenFromFragment } from "./tokens.js";

const PAGE_MS = 12000;
const STANDING_ROWS = 8;
const PHASES = { lobby: "Lobby", drafting: "Drafting", building: "Building decks", playing: "Playing", done: "Done" };
let view = null;
let page = 0;
let clockOffset = 0; // server now minus this browser's now, in ms
const { fail, clear } = banner("#screen-error", { covers: ["#slides"] });
const pill = statusPill(t);

let live = null;
connect();
// Why on `hashchange`: a TV that still shows last week's night, given tonight's link, only
// sees its fragment change; the page does not reload, so the screen follows the new token.
window.addEventListener("hashchange", () => {
  if (new URLSearchParams(window.location.hash.slice(1)).has("screen_token")) connect();
});

/** Show the night of the screen token in the fragment (or the one stored before). */
function connect() {
  const token = takeTokenFromFragment("screen", "night", "screen_token");
  if (live) live.stop(); // its late frames must not bring the other night back
  live = null;
  view = null;
  page = 0;
  clear();
  $("#slides").hidden = false;
  $("#slides").replaceChildren();
  if (!token) { fail(notValid()); return; }
  const mine = new LiveView(screenSocketUrl(token), (next, message) => { if (live === mine) onView(next, message); },
    (state) => { if (live === mine) onState(state); }, { wholeViews: "screen" });
  live = mine;
  mine.start();
}

function notValid() {
  return t("This screen link is not valid. Open the link from the night's host screen again.");
}

function screenSocketUrl(screenToken) {
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${window.location.host}/ws/screen?token=${encodeURIComponent(screenToken)}`;
}

function onView(next, message) {
  if (message && message.now) clockOffset = Date.parse(message.now) - Date.now();
  show(next);
}

function onState(state) {
  if (state === "closed") fail(notValid()); // 4404: no such screen (or it was revoked)
  else pill(state);
}

function show(next) {
  view = next;
  document.body.dataset.phase = view.phase;
  document.body.dataset.event = view.event_id;
  $("#screen-title").textContent = t("Line-up: {sets}", { sets: view.line_up.join(", ") });
  layout(blocks(view));
  tick();
}

function blocks(night) {
  const list = [];
  if (!night.pods.length) {
    list.push(el("section", { class: "block", dataset: { panel: "joining" } },
      el("h2", { text: t("Players are joining") }),
      el("p", { text: tn("{n} player has joined", "{n} players have joined", night.players) })));
  }
  for (const pod of night.pods) list.push(podBlock(pod));
  for (const pod of night.pods) for (const table of pod.tables) list.push(tableBlock(pod, table));
  const results = night.pods.flatMap((pod) => pod.tables.filter((table) => table.result).map((table) => [pod, table]));
  if (results.length) list.push(resultsBlock(results));
  list.push(...standingBlocks(night.standings));
  return list;
}

function podBlock(pod) {
  const facts = [t(PHASES[pod.phase] || pod.phase)];
  if (pod.paused) facts.push(t("Paused"));
  if (pod.phase === "drafting") facts.push(t("Pack {round} of {rounds}", { round: pod.round, rounds: pod.rounds }));
  if (pod.phase === "building") facts.push(t("decks: {n} of {total}", { n: pod.decks, total: pod.people }));
  const lines = [el("p", { class: "muted", text: facts.join(" · ") })];
  if (pod.picking.length) {
    lines.push(el("p", {}, t("Still picking:") + " ", el("span", { class: "names", text: pod.picking.join(", ") })));
  }
  if (pod.slowest) {
    lines.push(el("p", {}, t("Slowest: {name}, pick {pick}", { name: pod.slowest.name, pick: pod.slowest.pick }),
      pod.slowest.deadline ? [" · ", el("span", { class: "time-left", dataset: { deadline: pod.slowest.deadline } })] : null));
  }
  return el("section", { class: "block", dataset: { panel: "pod", pod: String(pod.number) } },
    el("h2", { text: t("Pod {n}", { n: pod.number }) }), lines);
}

function tableBlock(pod, table) {
  return el("section", { class: "block", dataset: { panel: "table", pod: String(pod.number), table: String(table.table) } },
    el("h2", { text: tableName(pod, table) }),
    el("table", { class: "life-rows" }, el("tbody", {}, table.players.map((player) => el("tr", { class: player.out ? "out" : "" },
      el("td", { class: "who" }, player.name,
        player.commanders.length ? el("span", { class: "commanders", text: player.commanders.join(" + ") }) : null),
      el("td", { class: "life", text: String(player.life) }))))),
    table.result ? el("p", { class: "result", text: resultText(table.result) }, pendingBadge(table.result)) : null);
}

/** A result nobody else at the table (nor the host) confirmed yet counts for no season. */
function pendingBadge(result) {
  return result.pending ? [" ", el("span", { class: "badge pending", text: t("pending") })] : null;
}

// "Round 2 · Table 3": a later round's tables are numbered across the night; round 1's
// within each pod, so with several pods its pod is said too. A second game at a table
// says its number.
function tableName(pod, table) {
  const parts = [t("Round {round} · Table {n}", { round: table.round, n: table.table })];
  if (table.round === 1 && view && view.pods.length > 1) parts.unshift(t("Pod {n}", { n: pod.number }));
  if (table.game > 1) parts.push(t("Game {n}", { n: table.game }));
  return parts.join(" · ");
}

function resultText(result) {
  if (result.draw) {
    const first = result.placings.filter((p) => p.place === 1).map((p) => p.name);
    return t("Draw: {names}", { names: first.join(", ") });
  }
  const places = new Map();
  for (const placing of result.placings) places.set(placing.place, [...(places.get(placing.place) || []), placing.name]);
  return [...places.entries()].sort((a, b) => a[0] - b[0]).map(([place, names]) => `${place}. ${names.join(", ")}`).join(" · ");
}

function resultsBlock(results) {
  return el("section", { class: "block", dataset: { panel: "results" } },
    el("h2", { text: t("Results") }),
    results.map(([pod, table]) => el("p", {},
      el("span", { class: "muted", text: `${tableName(pod, table)}: ` }),
      resultText(table.result), pendingBadge(table.result))));
}

function standingBlocks(standings) {
  if (!standings.length) {
    return [el("section", { class: "block", dataset: { panel: "standings" } },
      el("h2", { text: t("Standings") }),
      el("p", { class: "muted", text: t("The standings appear once a game has a result.") }))];
  }
  const runs = [];
  for (let start = 0; start < standings.length; start += STANDING_ROWS) runs.push(standings.slice(start, start + STANDING_ROWS));
  return runs.map((run, index) => el("section", { class: "block", dataset: { panel: "standings" } },
    el("h2", { text: index ? t("Standings (continued)") : t("Standings") }),
    el("table", { class: "standing-rows" },
      el("thead", {}, el("tr", {},
        el("th", { text: "#" }), el("th", { class: "name", text: t("Player") }),
        el("th", { text: t("Points") }), el("th", { text: t("Wins") }), el("th", { text: t("Games") }))),
      el("tbody", {}, run.map((line) => el("tr", {},
        el("td", { text: String(line.rank) }), el("td", { class: "name", text: line.name }),
        el("td", { class: "points", text: String(line.points) }), el("td", { text: String(line.wins) }),
        el("td", { text: String(line.games) })))))));
}

// Fill pages: each block goes on the current page unless it falls outside it (the page's
// columns flow to the right), then it starts the next page.
function layout(list) {
  const slides = $("#slides");
  slides.replaceChildren();
  let slide = null;
  for (const block of list) {
    if (!slide) slide = slides.appendChild(el("div", { class: "slide" }));
    slide.append(block);
    if (!fits(slide, block) && slide.children.length > 1) {
      block.remove();
      slide.hidden = true;
      slide = slides.appendChild(el("div", { class: "slide" }));
      slide.append(block);
    }
  }
  if (slide) slide.hidden = true;
  const count = slides.children.length;
  document.body.dataset.pages = String(count);
  showPage(Math.min(page, count - 1));
}

function fits(slide, block) {
  const box = slide.getBoundingClientRect();
  const mine = block.getBoundingClientRect();
  return mine.right <= box.right + 1 && mine.bottom <= box.bottom + 1;
}

function showPage(index) {
  const slides = [...$("#slides").children];
  page = Math.max(0, index);
  slides.forEach((slide, i) => { slide.hidden = i !== page; });
  document.body.dataset.page = String(page + 1);
  const next = $("#next-page");
  next.hidden = slides.length < 2;
  next.textContent = t("Page {page} of {pages}", { page: page + 1, pages: slides.length });
}

// Pages turn on their own clock: an update (a life tap every few seconds) redraws the
// page it is on, and must not hold back the next page.
function turnPage() {
  const count = $("#slides").children.length;
  if (count > 1) showPage((page + 1) % count);
}
setInterval(turnPage, PAGE_MS);
$("#next-page").addEventListener("click", turnPage);

function tick() {
  const now = Date.now() + clockOffset;
  for (const node of document.querySelectorAll(".time-left")) {
    const seconds = Math.max(0, Math.round((Date.parse(node.dataset.deadline) - now) / 1000));
    node.textContent = tn("{s} second left", "{s} seconds left", seconds, { s: seconds });
    node.classList.toggle("low", seconds <= 10);
  }
}
setInterval(tick, 1000);
