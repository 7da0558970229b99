// The store's screen: a night on the TV, read-only, live over its own socket (the phones'
// client, `LiveView`, with its whole-view messages: it reconnects, pings and backs off).
//
// Why sheets and pages, not scrolling: nobody scrolls a TV. Each moment of the night is a
// sheet (the join page, the pods, the tables, tonight's results, tonight's and the season's
// standings); a sheet is a frame (its title, the join QR code) and a list of items (pods,
// tables, result lines, standing rows, names). Items fill a page until the next would
// not fit, or MAX_CARDS cards are on it, then the next page starts with the same frame.
// With more than one page the screen turns them every PAGE_MS, with a page indicator (the
// button in the bar turns them at once). Type is sized by the viewport (screen.css), so a
// page holds as much at 1280×720 as at 1920×1080. Why whole views and no versions: a
// screen's view is small and the socket sends one only when it changed, so a reconnect
// simply shows the next one.
import { banner } from "./banner.js";
import { $, el } from "./dom.js";
import { t, tn } from "./i18n.js";
import { LiveView, statusPill } from "./live.js";
import { drawClock, keepCounting } from "./round_clock.js";
import { takeTokenFromFragment } from "./tokens.js";

const PAGE_MS = 8000;
const MAX_CARDS = 4; // pods or tables on one page: 2 × 2, each read from across the room
const PHASES = { lobby: "Lobby", drafting: "Drafting", building: "Building decks", playing: "Playing", done: "Done" };
let view = null;
let page = 0;
let clockOffset = 0; // server now minus this browser's now, in ms
const { fail, clear } = banner("#screen-error", { covers: ["#slides"] });
const pill = statusPill(t);

// A season's screen (`/seasons/{id}/screen`) shows tonight's night of the season, and the
// next one by itself when its host opens it (the server follows, over the same socket);
// between nights, the season's standings.
const season = $("#slides").dataset.season || null;
let live = null;
connect();
// Why on `hashchange`: a TV that still shows last week's night, given tonight's link, only
// sees its fragment change; the page does not reload, so the screen follows the new token.
window.addEventListener("hashchange", () => {
  if (new URLSearchParams(window.location.hash.slice(1)).has("screen_token")) connect();
});

/** Show the night of the screen token in the fragment (or the one stored before). */
function connect() {
  const token = takeTokenFromFragment("screen", season ? `season:${season}` : "night", "screen_token");
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
  const which = season ? `season=${encodeURIComponent(season)}&` : "";
  return `${scheme}//${window.location.host}/ws/screen?${which}token=${encodeURIComponent(screenToken)}`;
}

function onView(next, message) {
  if (message && message.now) clockOffset = Date.parse(message.now) - Date.now();
  show(season ? (next.night ? { ...next.night, statistics: next.statistics } : betweenNights(next)) : next);
}

/** A season's screen between nights: the season's standings alone, as a view. */
function betweenNights(seasonView) {
  return { event_id: "", phase: "between", line_up: [], players: 0, pods: [], standings: [], join: null,
    season: { name: seasonView.name, standings: seasonView.standings }, statistics: seasonView.statistics };
}

function onState(state) {
  if (state === "closed") fail(notValid()); // 4404: no such screen (or it was revoked)
  else pill(state);
}

function show(next) {
  view = next;
  document.body.dataset.phase = view.phase;
  document.body.dataset.event = view.event_id;
  $("#screen-title").textContent = view.phase === "between" ? view.season.name
    : t("Line-up: {sets}", { sets: view.line_up.join(", ") });
  pausedBanner(view.pods.filter((pod) => pod.paused));
  drawClock($("#round-clock"), view.round_clock || null, { offsetMs: clockOffset });
  layout(sheets(view));
  tick();
}

/** A paused pod stops the room: the banner says so above every page. */
function pausedBanner(paused) {
  const node = $("#paused-banner");
  node.hidden = !paused.length;
  node.textContent = view.pods.length > 1 && paused.length
    ? `${t("Paused")}: ${paused.map((pod) => t("Pod {n}", { n: pod.number })).join(", ")}`
    : t("Paused");
}

// The night's end: every pod done. Then the room reads the results, tonight's standings
// and, for a season's night, the season's standings.
function sheets(night) {
  if (night.join) return [joinSheet(night)];
  if (night.phase === "between") {
    if (night.season.standings.length) return [standingsSheet("season", night.season.name, night.season.standings, t("Season standings")), ...statisticsSheets(night.statistics)];
    return [sheet("season", () => ({ node: el("div", { class: "frame" }, titled(night.season.name, t("The season's first night is coming"))), items: null }), [])];
  }
  const list = [];
  const pods = night.pods.filter((pod) => pod.phase !== "playing" && pod.phase !== "done");
  if (pods.length) list.push(cardSheet("pods", podsTitle(pods), pods.map(podBlock)));
  const playing = night.pods.filter((pod) => pod.phase === "playing")
    .flatMap((pod) => pod.tables.map((table) => [pod, table]));
  const pairings = newPairings(playing);
  if (pairings) list.push(pairings);
  if (playing.length) list.push(cardSheet("tables", roundTitle(playing), playing.map(([pod, table]) => tableBlock(pod, table))));
  // Every finished game of the night, every round (the pods' tables hold only the round in play).
  const results = (night.results || []).map((game) => [{ number: game.pod }, game]);
  if (results.length) list.push(resultsSheet(results));
  if (night.standings.length) list.push(standingsSheet("standings", t("Standings"), night.standings));
  const ended = night.pods.length > 0 && night.pods.every((pod) => pod.phase === "done");
  if (ended && night.season) list.push(standingsSheet("season", night.season.name, night.season.standings, t("Season standings")), ...statisticsSheets(night.statistics));
  // Pods formed in another process (this one holds none yet): say so, never a blank TV.
  if (!list.length) list.push(sheet("formed", () => ({ node: el("div", { class: "frame" }, titled(t("Pods formed"))), items: null }), []));
  return list;
}

// Between rounds: once the host seats a later round, and until its first result, every
// player finds their table at a glance: names in alphabetical order, each with its table.
function newPairings(playing) {
  const latest = Math.max(0, ...playing.map(([, table]) => table.round));
  const seated = playing.filter(([, table]) => table.round === latest);
  if (latest < 2 || seated.some(([, table]) => table.result)) return null;
  const lines = seated.flatMap(([, table]) => table.players.map((player) => [player.name, table.table]))
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([name, number]) => el("li", { class: "pairing" }, el("span", { class: "name", text: name }),
      el("strong", { class: "table-number", text: t("Table {n}", { n: number }) })));
  return sheet("pairings", () => {
    const items = el("ol", { class: "items pairings" });
    return { node: el("div", { class: "frame" }, titled(t("Round {n}", { n: latest }), t("Find your table")), items), items };
  }, lines);
}

function podsTitle(pods) {
  const phases = new Set(pods.map((pod) => pod.phase));
  return phases.size === 1 ? t(PHASES[pods[0].phase] || pods[0].phase) : t("Pods");
}

function roundTitle(playing) {
  const rounds = new Set(playing.map(([, table]) => table.round));
  return rounds.size === 1 ? t("Round {n}", { n: playing[0][1].round }) : t("Tables");
}

/** A sheet: its panel name, a frame maker (a new one for each page) and its items. */
function sheet(panel, frame, items, { cards = false } = {}) {
  return { panel, frame, items, cards };
}

function titled(title, subtitle) {
  return el("header", { class: "sheet-head" }, el("h1", { text: title }),
    subtitle ? el("p", { class: "muted", text: subtitle }) : null);
}

// Why no title over the cards: each card names itself ("Round 2 · Table 3", "Pod 1"),
// and the page's height goes to a second row of cards instead.
function cardSheet(panel, title, cards) {
  return sheet(panel, () => {
    const items = el("div", { class: `items cards${cards.length === 1 ? " single" : ""}`, "aria-label": title });
    return { node: el("div", { class: "frame" }, items), items };
  }, cards, { cards: true });
}

// Joining: the QR code and the link on the left, the join code and the names on the right.
// The QR is the night's join link (`/events/{id}/qr.svg`, drawn here: no Internet).
function joinSheet(night) {
  const join = night.join;
  const names = join.names.map((name) => el("li", { class: "name", text: name }));
  return sheet("joining", () => {
    const items = el("ol", { class: "items joined" });
    const node = el("div", { class: "frame join" },
      el("figure", { class: "join-qr" },
        el("img", { src: `/events/${encodeURIComponent(night.event_id)}/qr.svg`, alt: t("Scan to join the night") }),
        el("figcaption", {}, el("a", { class: "join-url", href: join.url, text: join.url }))),
      el("div", { class: "join-side" },
        el("h1", { text: t("Scan to join the night") }),
        join.code ? el("p", { class: "join-code" }, el("span", { class: "muted", text: t("Join code") }),
          el("strong", { text: join.code })) : null,
        join.wifi ? wifiFigure(join.wifi) : null,
        el("p", { class: "joined-count", text: tn("{n} player has joined", "{n} players have joined", night.players) }),
        items));
    return { node, items };
  }, names);
}

// The store's Wi-Fi (set on the laptop): a phone scans it first to join the network.
// The server draws it (the password is in the code only, never in the page's text).
function wifiFigure(wifi) {
  return el("figure", { class: "wifi-qr" },
    el("img", { src: wifi.qr, alt: t("Scan to join the Wi-Fi") }),
    el("figcaption", {}, el("span", { class: "muted", text: t("Scan to join the Wi-Fi") }),
      el("strong", { text: t("Wi-Fi: {name}", { name: wifi.name }) })));
}

function podBlock(pod) {
  const facts = [t(PHASES[pod.phase] || pod.phase)];
  if (pod.phase === "drafting") facts.push(t("Pack {round} of {rounds}", { round: pod.round, rounds: pod.rounds }));
  if (pod.phase === "building") facts.push(t("decks: {n} of {total}", { n: pod.decks, total: pod.people }));
  const lines = [el("p", { class: "facts", text: facts.join(" · ") })];
  if (pod.paused) lines.push(el("p", { class: "paused-badge", text: t("Paused") }));
  if (pod.slowest) {
    lines.push(el("p", { class: "slowest" }, t("Slowest: {name}, pick {pick}", { name: pod.slowest.name, pick: pod.slowest.pick })));
    if (pod.slowest.deadline) lines.push(el("p", { class: "time-left", dataset: { deadline: pod.slowest.deadline } }));
  }
  if (pod.picking.length) {
    lines.push(el("p", { class: "picking" }, el("span", { class: "muted", text: t("Still picking:") }), " ",
      el("span", { class: "names", text: pod.picking.join(", ") })));
  }
  return el("section", { class: "block card", dataset: { panel: "pod", pod: String(pod.number) } },
    el("h2", { text: t("Pod {n}", { n: pod.number }) }), lines);
}

function tableBlock(pod, table) {
  return el("section", { class: "block card", dataset: { panel: "table", pod: String(pod.number), table: String(table.table) } },
    el("h2", { text: tableName(pod, table) }),
    table.result ? null : el("p", { class: "turn", text: t("Turn {n}", { n: table.turn }) }),
    el("table", { class: "life-rows" }, el("tbody", {}, table.players.map((player) => el("tr", { class: `${player.out ? "out" : ""}${player.active ? " active" : ""}` },
      el("td", { class: "who" }, el("span", { class: "name", text: player.name }),
        player.commanders.length ? el("span", { class: "commanders", text: player.commanders.join(" + ") }) : null,
        tableMarks(player),
        (player.danger || []).map((line) => el("span", { class: "danger",
          text: t("{damage} commander damage from {commander}", { damage: line.damage, commander: line.commander }) }))),
      el("td", { class: "life", text: String(player.life) }))))),
    table.result ? el("p", { class: "result", text: resultText(table.result) }, pendingBadge(table.result)) : null);
}

/** Whose turn, the crown, the initiative and its room, poison: what the whole table shares. */
function tableMarks(player) {
  const marks = [];
  if (player.active) marks.push(el("span", { class: "mark turn", text: t("turn") }));
  if (player.monarch) marks.push(el("span", { class: "mark crown", text: `♛ ${t("monarch")}` }));
  if (player.initiative) marks.push(el("span", { class: "mark initiative", text: player.room ? `${t("initiative")} · ${player.room}` : t("initiative") }));
  if (player.poison > 0) marks.push(el("span", { class: "mark poison", text: t("poison {n}", { n: player.poison }) }));
  return marks.length ? el("span", { class: "marks" }, marks) : null;
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

function resultsSheet(results) {
  const lines = results.map(([pod, table]) => el("li", { class: "result-line" },
    el("span", { class: "muted", text: tableName(pod, table) }),
    el("span", { class: "name" }, resultText(table.result), pendingBadge(table.result))));
  return sheet("results", () => {
    const items = el("ol", { class: "items result-lines" });
    return { node: el("div", { class: "frame" }, titled(t("Results")), items), items };
  }, lines);
}

// Standings: one table a page, its header on every page, as many rows as fit. Draws are
// a column of their own: a draw is not a loss.
function standingsSheet(panel, title, standings, subtitle = null) {
  const rows = standings.map((line) => el("tr", {},
    el("td", { class: "rank", text: String(line.rank) }), el("td", { class: "name", text: line.name }),
    el("td", { class: "points", text: String(line.points) }), el("td", { text: String(line.wins) }),
    el("td", { text: String(line.draws) }), el("td", { text: String(line.games) })));
  return sheet(panel, () => {
    const items = el("tbody");
    const node = el("div", { class: "frame" }, titled(title, subtitle),
      el("div", { class: "items standings" }, el("table", { class: "standing-rows" },
        el("thead", {}, el("tr", {},
          el("th", { text: "#" }), el("th", { class: "name", text: t("Player") }), el("th", { text: t("Points") }),
          el("th", { text: t("Wins") }), el("th", { text: t("Draws") }), el("th", { text: t("Games") }))),
        items)));
    return { node, items };
  }, rows);
}

// The season's statistics (a season's screen, between nights and after the season's
// standings at the night's end): the few rows the server chose and keeps per version of
// the statistics (docs/statistics.md), one table a sheet. Below the threshold of games a
// deck's place and wins are "too few games", never a number.
function statisticsSheets(stats) {
  if (!stats) return [];
  const card = (line) => [el("td", { class: "name", text: line.name }), el("td", { class: "set", text: line.set }),
    el("td", { text: line.average_pick === null ? "–" : line.average_pick.toFixed(1) }), ...outcomeCells(line)];
  const commander = (line) => [el("td", { class: "name", text: line.key || t("colorless") }),
    el("td", { text: String(line.decks) }), ...outcomeCells(line)];
  const cards = [t("Card"), t("Set"), t("Pick"), t("Place"), t("Wins")];
  const lines = [t("Decks"), t("Place"), t("Wins")];
  const base = stats.baseline.win_rate === "too_few_games" ? null
    : t("The season's average deck: place {place}, wins {wins}.", { place: stats.baseline.average_place.toFixed(2), wins: percent(stats.baseline.win_rate) });
  return [
    statSheet("season-earliest", t("Cards of the season"), t("Taken earliest (from {n} copies taken)", { n: stats.min_picks }), cards, stats.earliest.map(card)),
    statSheet("season-winning", t("Cards of the season"), base ? `${t("Their decks win most (from {n} games)", { n: stats.min_games })} · ${base}`
      : t("Their decks win most (from {n} games)", { n: stats.min_games }), cards, stats.winning.map(card)),
    statSheet("season-commanders", t("Commanders of the season"), null, [t("Commanders"), ...lines], stats.commanders.map(commander)),
    statSheet("season-colors", t("Commanders of the season"), null, [t("Color identities"), ...lines], stats.identities.map(commander)),
  ].filter(Boolean);
}

const percent = (rate) => `${Math.round(rate * 100)}%`;

/** A deck's average place and win rate, or one cell over both: "too few games". */
function outcomeCells(line) {
  if (line.win_rate === "too_few_games") return [el("td", { class: "few", colspan: 2, text: t("too few games") })];
  return [el("td", { text: line.average_place.toFixed(2) }), el("td", { class: "points", text: percent(line.win_rate) })];
}

/** A table of statistics under its title (none without rows): its header on every page. */
function statSheet(panel, title, subtitle, columns, rows) {
  if (!rows.length) return null;
  return sheet(panel, () => {
    const items = el("tbody");
    const node = el("div", { class: "frame" }, titled(title, subtitle),
      el("div", { class: "items standings" }, el("table", { class: "standing-rows stat-rows" },
        el("thead", {}, el("tr", {}, columns.map((label, i) => el("th", { class: i ? null : "name", text: label })))),
        items)));
    return { node, items };
  }, rows.map((cells) => el("tr", {}, cells)));
}

// Fill pages: each item goes on the current page unless the page then overflows (or holds
// MAX_CARDS cards already); then it starts the next page, framed again. A page is measured
// while shown, so the browser's own layout decides what fits.
function layout(list) {
  const slides = $("#slides");
  slides.replaceChildren();
  for (const one of list) {
    let current = null;
    const open = () => {
      if (current) current.slide.hidden = true;
      const frame = one.frame();
      const slide = slides.appendChild(el("div", { class: "slide", dataset: { panel: one.panel } }, frame.node));
      current = { slide, items: frame.items, count: 0 };
    };
    open();
    for (const item of one.items) {
      if (one.cards && current.count >= MAX_CARDS) open();
      current.items.append(item);
      current.count += 1;
      if (current.count > 1 && overflows(current.slide)) {
        item.remove();
        open();
        current.items.append(item);
        current.count = 1;
      }
    }
    current.slide.hidden = true;
  }
  const count = slides.children.length;
  document.body.dataset.pages = String(count);
  showPage(Math.min(page, count - 1));
}

function overflows(slide) {
  const box = slide.getBoundingClientRect();
  for (const node of slide.querySelectorAll(".items, .items > *")) {
    if (node.scrollHeight > node.clientHeight + 1 || node.scrollWidth > node.clientWidth + 1) return true;
    const mine = node.getBoundingClientRect();
    if (mine.bottom > box.bottom + 1 || mine.right > box.right + 1) return true;
  }
  return false;
}

function showPage(index) {
  const slides = [...$("#slides").children];
  page = Math.max(0, index);
  slides.forEach((slide, i) => { slide.hidden = i !== page; });
  document.body.dataset.page = String(page + 1);
  const next = $("#next-page");
  next.hidden = slides.length < 2;
  next.textContent = t("Page {page} of {pages}", { page: page + 1, pages: slides.length });
  $("#page-dots").replaceChildren(...(slides.length > 1
    ? slides.map((_, i) => el("span", { class: i === page ? "dot on" : "dot" })) : []));
}

// Pages turn on their own clock: an update (a life tap every few seconds) redraws the
// page it is on, and must not hold back the next page.
function turnPage() {
  const count = $("#slides").children.length;
  if (count > 1) showPage((page + 1) % count);
}
setInterval(turnPage, PAGE_MS);
$("#next-page").addEventListener("click", turnPage);
// A TV's window changes size once (full screen): the pages are made again for it.
window.addEventListener("resize", () => { if (view) layout(sheets(view)); });

function tick() {
  const now = Date.now() + clockOffset;
  for (const node of document.querySelectorAll(".time-left")) {
    const seconds = Math.max(0, Math.round((Date.parse(node.dataset.deadline) - now) / 1000));
    // Big minutes and seconds for the room; the sentence for a screen reader.
    node.textContent = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
    node.setAttribute("aria-label", tn("{s} second left", "{s} seconds left", seconds, { s: seconds }));
    node.classList.toggle("low", seconds <= 10);
  }
}
setInterval(tick, 1000);
// The round's clock counts down above every page, from the moment its round ends.
keepCounting($("#round-clock"), () => [view && view.round_clock, { offsetMs: clockOffset }]);
