// The phone page: one live seat view drives whichever screen the phase calls for.
import { api } from "./api.js";
import { banner } from "./banner.js";
import { houseRulesText, lineUpText, revealText } from "./line_up.js";
import { $, el, podId, toast } from "./dom.js";
import { t } from "./i18n.js";
import { LiveView, SocketLost, socketUrl, statusPill } from "./live.js";
import { Picker } from "./picker.js";
import { renderPool } from "./pool.js";
import { normalise } from "./tables.js";
import { noteTimersPaused } from "./timers_paused.js";
import { drawClock, keepCounting } from "./round_clock.js";
import { heldWhilePressed } from "./press_hold.js";
import { forgetToken, takeFirstView, takeTokenFromFragment } from "./tokens.js";
import { GameQueue } from "./game_queue.js";

const pod = podId();
const token = takeTokenFromFragment("seat", pod);
const base = `/api/pods/${encodeURIComponent(pod)}`;
const SCREENS = ["loading", "lobby", "draft", "builder", "table-view"];
const { fail } = banner("#seat-error", { covers: SCREENS.map((id) => `#${id}`) });
let live = null;
const pill = statusPill(t);
let builder = null;
let activeTab = "pack";
let current = null;
let board = null;
let queue = null; // the phone's one queue of unanswered changes (`phoneQueue`)
let editingDeck = false; // after the split: the player opened the builder from the table

const NEXT_VIEW_WITHIN = 3000;
// The socket's first message is the seat's view: HTTP asks only if it has not come by then
// (a socket that cannot open), so a load fetches its view once, not twice.
const FIRST_VIEW_WITHIN = 5000;

// The builder's and the board's code loads when its phase comes (or, for the builder,
// during the last pack), not with the pick screen: a phone drafting never needs it.
let Deck = null;
let Game = null;
let Exports = null;
const loading = {};

/** Load a screen's modules once; then show the newest view if it waits on them. */
function load(name, keep, ...modules) {
  loading[name] ??= Promise.all(modules.map((one) => one())).then((loaded) => {
    keep(...loaded);
    if (current && !codeLoadedFor(current, false)) return;
    if (current && current.phase !== "lobby" && current.phase !== "drafting") render(current);
  }, (problem) => {
    delete loading[name]; // a lost connection: the next view tries again
    throw problem;
  });
  return loading[name];
}
const loadBuilder = () => load("builder", (deck, exports) => { Deck = deck; Exports = exports; },
  () => import("./deck.js"), () => import("./exports.js"));
const loadTable = () => load("table", (game, exports) => { Game = game; Exports = exports; },
  () => import("./game.js"), () => import("./exports.js"));

/** Whether the code of `view`'s screen is here; if not (and `fetch`), it starts loading. */
function codeLoadedFor(view, fetch = true) {
  if (view.phase === "lobby" || view.phase === "drafting") return true;
  const builderScreen = view.phase === "building" || (editingDeck && view.deck_open);
  const here = builderScreen ? Boolean(Deck) : Boolean(Game);
  if (!here && fetch) {
    (builderScreen ? loadBuilder() : loadTable()).catch(() =>
      toast(t("No connection. Your picks are safe; try again when you are back online.")));
  }
  return here;
}

// A pick goes over the open socket (the server's cheapest path: one small message, and the
// next view comes as the socket update it sends anyway); without a socket, or when the
// socket goes quiet, the same pick goes over HTTP, which treats a repeat as already taken.
async function sendPick(pick) {
  try {
    await live.request({ type: "pick", ...pick });
  } catch (problem) {
    if (!(problem instanceof SocketLost)) throw problem;
    live.offer(await api("POST", `${base}/picks`, { token, body: pick }));
    return;
  }
  // The ack may come before the update that shows the next pack: keep the button busy
  // until that view is on screen, and ask for it if it does not come.
  const moved = (view) => view.pick > pick.pick || view.phase !== "drafting";
  if (current && moved(current)) return;
  if (!(await live.waitForView(moved, NEXT_VIEW_WITHIN))) refresh();
}

const picker = new Picker({
  submit: async (pick) => {
    try {
      await sendPick(pick);
    } catch (problem) {
      // Stale pick (someone else's view was newer) or a lost reply: resync, don't guess.
      if (problem.status === 409 || problem.status === 422) refresh();
      throw problem;
    }
  },
});

if (!token) {
  window.location.replace(`/pods/${encodeURIComponent(pod)}/join`);
} else {
  // An update may move or replace what a finger is on: it waits for the finger (press_hold.js).
  live = new LiveView(socketUrl(pod, token), heldWhilePressed($("#main"), render), onState);
  live.start();
  live.waitForView(() => true, FIRST_VIEW_WITHIN).then((came) => { if (!came) refresh(); });
}

$("#tab-pack").addEventListener("click", () => selectTab("pack"));
$("#edit-deck").addEventListener("click", () => { editingDeck = true; if (current) render(current); });
$("#builder-back").addEventListener("click", () => { editingDeck = false; if (current) render(current); });
$("#tab-pool").addEventListener("click", () => selectTab("pool"));

async function refresh() {
  try {
    live.offer(await api("GET", `${base}/me`, { token }));
  } catch (problem) {
    if (problem.status === 401 || problem.status === 403) lost();
  }
}

function onState(state, detail) {
  if (state === "closed") {
    if (detail && detail.code === 4401) lost();
    else fail(t("This pod does not exist."));
    return;
  }
  if (state === "error") {
    toast(detail.message || t("Something went wrong. Try again."));
    return;
  }
  pill(state);
}

function lost() {
  forgetToken("seat", pod);
  fail(t("This link is no longer valid for this pod."),
    el("a", { href: `/pods/${encodeURIComponent(pod)}/join`, class: "btn", text: t("Join again") }));
}

function show(screen) {
  for (const id of SCREENS) $(`#${id}`).hidden = id !== screen;
}

function selectTab(tab) {
  activeTab = tab;
  for (const name of ["pack", "pool"]) {
    $(`#tab-${name}`).setAttribute("aria-selected", String(name === tab));
    $(`#pane-${name}`).hidden = name !== tab;
  }
  $("#take-bar").classList.toggle("behind", tab !== "pack");
}

// The round's clock (the deckbuilding countdown while decks are built) above the builder
// and the table; at time, the store's rule, unless this table has its result.
const clockNow = () => [current && current.round_clock,
  { atTimeNote: !(current && current.game && current.game.result) }];
keepCounting($("#round-clock"), clockNow);

function render(view) {
  noteTimersPaused(view);
  $("#disk-full").hidden = !view.disk_full;
  current = view;
  drawClock($("#round-clock"), ...clockNow());
  if (!codeLoadedFor(view)) return; // the screen stays as it is until its code has come
  // Exposed for tests and CSS: which pick this page shows.
  document.body.dataset.phase = view.phase;
  document.body.dataset.pick = String(view.pick);
  if (view.phase === "lobby") {
    show("lobby");
    renderLobby(view);
  } else if (view.phase === "drafting") {
    if (view.round === view.rounds) loadBuilder().catch(() => {}); // ready after the last pick
    show("draft");
    $("#tab-pack").textContent = t("Pack");
    $("#tab-pool").textContent = t("Pool ({n})", { n: view.pool.length });
    picker.render(view);
    if (activeTab === "pool") renderPool($("#pool-list"), view.pool);
    selectTab(activeTab);
  } else if (view.phase === "building" || (editingDeck && view.deck_open)) {
    // After the split a deck may still come until the table's first change.
    show("builder");
    $("#builder-back").hidden = view.phase === "building";
    if (!builder) {
      builder = new Deck.DeckBuilder({ pod, token, queue: phoneQueue(view) });
      Exports.renderExports($("#exports"), { pod, token });
    }
    builder.render(view);
    $("#builder-replay").hidden = view.replay_visibility === "nobody";
  } else {
    editingDeck = false;
    show("table-view");
    renderTable(view);
  }
}

// The pool tab renders lazily: a 60-card list on every pick is wasted work on a phone.
$("#tab-pool").addEventListener("click", () => {
  if (current) renderPool($("#pool-list"), current.pool);
});

/**
 * The phone's one queue (`game_queue.js`): game taps and moves and deck submits that the
 * server has not answered, kept in localStorage with their refs and sent in order once
 * it answers again, even after the page was reloaded. It sends with `api` itself, not
 * through the board or the builder, so what a reload finds waiting goes out before their
 * code has loaded.
 */
function phoneQueue(view) {
  const me = view.me?.player_id;
  if (queue || !me) return queue;
  queue = new GameQueue(`prismatic-game-changes:${pod}:${me}`, deliver, {
    applied: (reply, item) => (item.via === "deck" ? builder?.submitted(reply, withoutRef(item.body)) : board?.render(reply)),
    changed: (count) => { board?.showWaiting(count); builder?.showWaiting(count); },
  });
  if (queue.count) queue.flush();
  return queue;
}

function withoutRef({ ref, ...body }) {
  return body;
}

function deliver(item) {
  if (item.via === "deck") return api("PUT", `${base}/deck`, { token, body: item.body });
  const path = item.via === "adjust" ? String(item.table) : item.via === "undo" ? `${item.table}/undo` : item.path;
  return api("POST", `${base}/games/${path}`, { token, body: item.body });
}

function renderLobby(view) {
  $("#lobby-title").textContent = view.me ? view.me.name : "";
  $("#lobby-msg").textContent = t("Waiting for the host to start the draft.");
  $("#lobby-rules").textContent = `${t("Line-up: {sets}", { sets: lineUpText(view) })} · ${houseRulesText(view)}`;
  $("#lobby-reveal").textContent = t("Replays: {rule}", { rule: revealText(view.replay_visibility) });
  $("#lobby-players").replaceChildren(...view.players.map((player) =>
    // Seats are drawn at the start, so in the lobby the name is all we can match on.
    el("li", { class: player.name === view.me?.name ? "me" : "" },
      el("span", { text: player.name }),
      player.name === view.me?.name ? el("span", { class: "badge", text: t("you") }) : null,
      player.bot ? el("span", { class: "badge", text: t("Bot") }) : null)));
}

function renderGame(view) {
  const root = $("#game-board");
  root.hidden = !view.game;
  $("#table-players").hidden = Boolean(view.game);
  if (!view.game) return;
  if (!board) {
    const me = view.me?.player_id ?? null;
    const quietCall = Game.gameCaller(base, token, { quiet: true }); // the board's queue speaks
    board = new Game.GameBoard(root, {
      me,
      adjust: (table, body) => quietCall(String(table), body),
      undo: (table, body) => quietCall(`${table}/undo`, body),
      call: (path, body) => quietCall(path, body),
      // The phone keeps what it could not send (a restart, a dropped Wi-Fi) until it lands.
      queue: phoneQueue(view),
    });
  }
  board.render(view.game);
}

function renderTable(view) {
  renderGame(view);
  const table = view.table ? normalise(view.table) : null;
  const round = view.game?.round ?? 1;
  // "Round 2 · Table 3": a later round re-seats the night across its pods, so the phone
  // always says which round it is, as the TV and the host screens do.
  $("#table-title").textContent = !table ? t("Your deck")
    : t("Round {round} · Table {n}", { round, n: table.number });
  const edit = $("#edit-deck");
  edit.hidden = !(view.phase === "playing" && view.deck_open);
  edit.textContent = view.deck ? t("Change your deck") : t("Build your deck");
  $("#table-players").replaceChildren(...(table ? table.players : []).map((name, index) =>
    el("li", { class: name === view.me?.name ? "me" : "" },
      el("span", { class: "seat-no", text: String(index + 1) }),
      el("span", { text: name }),
      name === view.me?.name ? el("span", { class: "badge", text: t("you") }) : null)));
  $("#table-msg").textContent = view.phase === "done" ? t("The night is over. Thanks for playing!") : "";
  $("#table-replay").hidden = view.replay_visibility === "nobody";
  if (!$("#table-exports").childElementCount) Exports.renderExports($("#table-exports"), { pod, token });
}

// Last, once everything `render` uses is set up: the view the join page handed over (its
// answer, issue #46) is painted before the socket opens; the socket's first view follows.
if (live) live.offer(takeFirstView(pod, token));
