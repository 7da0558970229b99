// The host screen: QR code, live seat list and the host's controls. It never receives
// card contents during the draft (the host view has none), so a TV can show it freely.
//
// Why the screen is patched, not rebuilt (patch.js), and waits for the pointer
// (press_hold.js): every pick sends an update, and an update that replaced the controls
// took the focus from the button a host had tabbed to, and a press and a release on two
// drawings of one button are no click. Controls are keyed (`data-key`) by what they do,
// seats by player, tables by number, so an update keeps them, their focus and what the host
// chose in them; handlers are given through `el`'s `on…` (they move with a patch).
import { api, downloadResponse } from "./api.js";
import { banner } from "./banner.js";
import { $, el, podId, toast } from "./dom.js";
import { busyControls } from "./busy_controls.js";
import { patchChildren } from "./patch.js";
import { t } from "./i18n.js";
import { noteTimersPaused } from "./timers_paused.js";
import { LiveView, socketUrl, statusPill } from "./live.js";
import { GameBoard, gameCaller } from "./game.js";
import { tablesOf } from "./tables.js";
import { houseRulesText, lineUpText, revealText, roundSetText } from "./line_up.js";
import { takeTokenFromFragment } from "./tokens.js";
import { achievementsEditor } from "./achievements_editor.js";
import { heldWhilePressed } from "./press_hold.js";

const pod = podId();
const { fail } = banner("#host-error");
const token = takeTokenFromFragment("host", pod);
const base = `/api/pods/${encodeURIComponent(pod)}`;
const gameCall = gameCaller(base, token);
const PHASES = { lobby: "Lobby", drafting: "Drafting", building: "Building decks", playing: "Playing", done: "Done" };
const PICKS_PER_ROUND = 10; // 20-card packs, 2 cards a pick; used only when the view lacks round info
let view = null;
let live = null;
let splitPolicy = "random";
// Round 1's length, sent with the split of a night's pod: the split that seats the night's
// last pod starts round 1's clock. Kept here, not in the field: a redraw rebuilds it.
let splitMinutes = "60";
// Seats seen with a person in them: only those can be "taken back" from a bot. (Filler
// bots never had a person; the host view does not say which is which, so we remember.)
const seenHuman = new Set();
const pill = statusPill(t);
const boards = new Map(); // table number → {root, board, card, title}
const { control, whileBusy } = busyControls();
const showAchievements = achievementsEditor($("#host-achievements"), (items) =>
  api("PUT", `${base}/achievements`, { token, body: { achievements: items } }).catch((problem) => {
    toast(problem.message);
    throw problem;
  }));

if (!token) {
  fail(t("Not your host link. Open the host link from the laptop that created the pod."));
} else {
  // Every pick redraws the controls and may move them: an update waits for the finger
  // (press_hold.js).
  live = new LiveView(socketUrl(pod, token), heldWhilePressed($("#main"), render), onState);
  live.start();
}

function onState(state, detail) {
  if (state === "closed") {
    fail(detail && detail.code === 4404 ? t("This pod does not exist.") : t("This link is no longer valid for this pod."));
    return;
  }
  if (state === "error") {
    toast(detail.message || t("Something went wrong. Try again."));
    return;
  }
  pill(state);
}

/** Send a host action; `button` (a keyed control) stays disabled until it is answered. */
function act(method, path, body, button) {
  return whileBusy(button, async () => {
    try {
      const result = await api(method, base + path, { token, body });
      if (result && typeof result.version === "number") live.offer(result);
    } catch (problem) {
      toast(problem.message);
    }
  });
}

function boardFor(number) {
  let entry = boards.get(number);
  if (!entry) {
    const root = el("div", { class: "game-board" });
    const board = new GameBoard(root, {
      me: null,
      adjust: (table, body) => gameCall(String(table), body),
      undo: (table, body) => gameCall(`${table}/undo`, body),
      call: (path, body) => gameCall(path, body),
      host: {
        correct: (table, body) => gameCall(`${table}/result`, body).then((game) => board.render(game)).catch(() => {}),
        winner: (table, playerId) => gameCall(`${table}/winner`, { player_id: playerId }).then((game) => board.render(game)).catch(() => {}),
        next: (table) => gameCall(`${table}/next`).then((game) => board.render(game)).catch(() => {}),
      },
    });
    // The card is kept as drawn: a patch finds it in place and leaves the board to itself.
    const title = el("h3");
    const card = el("div", { class: "table-card", dataset: { table: number, key: `game:${number}` } }, title, root);
    entry = { root, board, card, title };
    boards.set(number, entry);
  }
  return entry;
}

/** Download `path` as a file (`fallback` names it when the answer does not), `button` busy. */
function download(button, path, fallback) {
  return whileBusy(button, async () => {
    try {
      const response = await api("GET", path, { token, raw: true });
      toast(t("Downloaded {file}.", { file: await downloadResponse(response, fallback) }));
    } catch (problem) {
      toast(problem.message);
    }
  });
}

function downloadSummary(button, format) {
  return download(button, `${base}/summary?format=${format}`,
    `prismatic-${pod}-summary.${format === "json" ? "json" : "txt"}`);
}

function downloadZip(button) {
  return download(button, `${base}/export.zip`, `prismatic-${pod}-files.zip`);
}

/** The server's copy of the database after the night ended: where it went, or why not. */
function noteSnapshot(snapshot) {
  $("#snapshot-failed").hidden = !(snapshot && snapshot.error);
  const reason = snapshot && snapshot.error
    ? (snapshot.disk_full ? t("The laptop's disk is full") : snapshot.error) : "";
  $("#snapshot-reason").textContent = reason && reason.replace(/\.?$/, ".");
  $("#snapshot-saved").hidden = !(snapshot && snapshot.file);
  $("#snapshot-saved").textContent = snapshot && snapshot.file ? t("Safety copy of the database: {file}", { file: snapshot.file }) : "";
}

function render(next) {
  view = next;
  noteTimersPaused(view);
  $("#disk-full").hidden = !view.disk_full;
  noteSnapshot(view.snapshot);
  document.body.dataset.phase = view.phase;
  $("#phase").textContent = view.paused ? t("Paused") : t(PHASES[view.phase] || view.phase);
  if (view.join_url) {
    const link = $("#join-url");
    link.href = view.join_url;
    link.textContent = view.join_url;
  }
  const humans = view.players.filter((p) => !p.bot && !p.kicked).length;
  document.body.dataset.players = String(humans);
  $("#seat-count").textContent = view.phase === "lobby" ? t("{n} of {seats} seats taken", { n: humans, seats: view.seats }) : "";
  // Which set the round opens, big enough to read across the room.
  const lineUp = t("Line-up: {sets}", { sets: lineUpText(view) });
  $("#line-up").textContent = view.phase === "drafting" ? `${lineUp} — ${roundSetText(view)}` : lineUp;
  $("#house-rules").textContent = houseRulesText(view);
  $("#host-reveal").textContent = t("Replays: {rule}", { rule: revealText(view.replay_visibility) });
  $("#host-replay").hidden = !["building", "playing", "done"].includes(view.phase)
    || view.replay_visibility === "nobody";
  // The recap and the zip show every deck: the server says when the reveal rule opens them.
  $("#recap-offer").hidden = !view.every_seat_open;
  // A pod of a night has no join link to offer: the night dealt its seats.
  $(".join-panel").hidden = Boolean(view.event_id);
  $("#show-qr").hidden = view.phase === "lobby";
  showAchievements(view.achievements);
  renderControls();
  renderWaiting();
  renderDeckWarning();
  renderSeats();
  renderTables();
}

$("#show-qr").addEventListener("click", () => {
  const panel = $(".join-panel");
  const shown = panel.classList.toggle("show-qr");
  $("#show-qr").setAttribute("aria-expanded", String(shown));
  $("#show-qr").textContent = shown ? t("Hide the QR code") : t("Show the QR code");
});


function renderControls() {
  const buttons = [];
  if (view.phase === "lobby") {
    buttons.push(control("start", t("Start the draft"), (b) => act("POST", "/start", undefined, b), "primary"));
  }
  if (view.phase === "drafting") {
    buttons.push(view.paused
      ? control("resume", t("Resume"), (b) => act("POST", "/resume", undefined, b), "primary")
      : control("pause", t("Pause"), (b) => act("POST", "/pause", undefined, b)));
  }
  if (view.phase === "building" || view.phase === "playing") {
    // A kept select keeps the host's choice; `splitPolicy` draws it the first time.
    const policy = el("select", { id: "split-policy", "aria-label": t("How to split the tables"),
      dataset: { key: "split-policy" }, onchange: (e) => { splitPolicy = e.currentTarget.value; } },
    el("option", { value: "random", text: t("Random seats") }),
    el("option", { value: "apart", text: t("Draft neighbours apart") }));
    policy.value = splitPolicy;
    buttons.push(policy);
    if (view.event_id && view.phase === "building") buttons.push(roundLengthField());
    buttons.push(control("split", t("Split tables"), splitTables, view.phase === "building" ? "primary" : ""));
  }
  if (view.every_seat_open) {
    buttons.push(control("zip", t("Download everything (zip)"), downloadZip));
  }
  if (view.phase === "playing" || view.phase === "done") {
    buttons.push(control("summary-text", t("Night summary (text)"), (b) => downloadSummary(b, "text")),
      control("summary-json", t("Night summary (JSON)"), (b) => downloadSummary(b, "json")));
  }
  if (view.event_id) {
    // A pod of a bigger night: its host token is the night's, so the link carries it.
    buttons.push(el("a", { class: "btn", href: `/events/${encodeURIComponent(view.event_id)}/host#host_token=${encodeURIComponent(token)}`,
      text: t("All pods of the night"), dataset: { key: "night" } }));
  }
  if (view.phase !== "done") {
    buttons.push(control("end", t("End the night"), (b) => {
      if (window.confirm(t("End the night for everyone?"))) act("POST", "/end", undefined, b);
    }, "danger"));
  }
  patchChildren($("#controls"), buttons);
}

/** What a split leaves behind, said by name: players without a legal deck, and the
 * games a re-split ends. The host confirms it; the server refuses an unconfirmed split. */
function splitWarnings() {
  const missing = view.without_legal_deck || [];
  const ending = (view.games_in_play || []).map((g) => t("Table {table} game {number}", g));
  const lines = [];
  if (missing.length) lines.push(t("No legal deck yet: {names}. They can still submit one until their table's first change.", { names: missing.join(", ") }));
  if (ending.length) lines.push(t("This ends {games}: their totals and winners are kept in the summary.", { games: ending.join(", ") }));
  return { missing, ending, lines };
}

/** The round's length beside the split button (a night's pod, while it builds; a lone
 * pod has no round clock). */
function roundLengthField() {
  // Keyed, so an update patches it in place and keeps what the host is typing.
  const input = el("input", { type: "number", id: "split-minutes", min: "1", max: "240", step: "1",
    inputmode: "numeric", value: splitMinutes, oninput: (e) => { splitMinutes = e.currentTarget.value; } });
  return el("label", { class: "field inline", dataset: { key: "split-minutes" } }, t("Round length (minutes)"), input);
}

/** What goes to the server: the typed minutes (what is not a whole number goes as 0, which
 * the server refuses with a sentence), or no clock for a lone pod or a re-split. */
function splitClockMinutes() {
  if (!view.event_id || view.phase !== "building") return null;
  const minutes = Number(splitMinutes);
  return Number.isInteger(minutes) ? minutes : 0;
}

function splitTables(b) {
  const { missing, ending, lines } = splitWarnings();
  if (lines.length && !window.confirm([...lines, t("Split the tables anyway?")].join("\n\n"))) return;
  act("POST", "/tables", { policy: splitPolicy, without_decks: missing.length > 0, end_games: ending.length > 0,
    clock_minutes: splitClockMinutes() }, b);
}

function renderDeckWarning() {
  const line = $("#deck-warning");
  const missing = view.phase === "building" ? (view.without_legal_deck || []) : [];
  line.hidden = !missing.length;
  line.textContent = missing.length ? t("No legal deck yet: {names}", { names: missing.join(", ") }) : "";
}

function renderWaiting() {
  const line = $("#waiting-line");
  if (view.phase !== "drafting") {
    line.textContent = "";
    return;
  }
  const names = (view.waiting_on || []).map((seat) => {
    const player = view.players.find((p) => p.seat === seat);
    return player ? player.name : t("Seat {seat}", { seat: seat + 1 });
  });
  line.textContent = `${t("The table waits on")}: ${names.length ? names.join(", ") : t("nobody")}`;
}

function progress(player) {
  const round = player.round ?? Math.min(Math.floor(player.picks / PICKS_PER_ROUND) + 1, 3);
  const pick = player.pick_in_round ?? (player.picks % PICKS_PER_ROUND) + 1;
  return t("P{round} p{pick}", { round, pick });
}

function renderSeats() {
  const list = $("#seat-list");
  const waiting = new Set(view.waiting_on || []);
  const players = view.players.filter((p) => !p.kicked);
  const rows = players.map((player, index) => {
    const badges = [];
    if (player.bot) badges.push(el("span", { class: "badge", text: t("Bot") }));
    if (!player.bot) seenHuman.add(player.player_id);
    const state = player.bot ? null : el("span", {
      class: `dot ${player.connected ? "on" : "off"}`,
      title: player.connected ? t("connected") : t("not connected"),
    });
    const facts = [];
    if (view.phase === "drafting") {
      facts.push(progress(player));
      if (player.packs_waiting > 1) facts.push(t("packs in queue: {n}", { n: player.packs_waiting }));
    } else if (view.phase !== "lobby" && !player.bot) {
      facts.push(player.deck_submitted ? (player.deck_legal ? t("Deck: legal") : t("Deck: not legal")) : t("No deck yet"));
    }
    const actions = [];
    const botPath = `/players/${encodeURIComponent(player.player_id)}/bot`;
    const human = player.was_human ?? seenHuman.has(player.player_id);
    if (view.phase !== "done" && view.phase !== "lobby") {
      if (!player.bot) {
        actions.push(control(`bot:${player.player_id}`, t("Replace with bot"), (b) => act("POST", botPath, { bot: true }, b), "small"));
      } else if (human) {
        actions.push(control(`back:${player.player_id}`, t("Take back"), (b) => act("POST", botPath, { bot: false }, b), "small"));
      }
    }
    if (view.phase !== "done" && !player.bot) {
      actions.push(control(`kick:${player.player_id}`, t("Kick"), (b) => {
        if (window.confirm(t("Kick {name}?", { name: player.name }))) {
          act("DELETE", `/players/${encodeURIComponent(player.player_id)}`, undefined, b);
        }
      }, "small danger"));
    }
    const legal = view.phase !== "lobby" && view.phase !== "drafting" && player.deck_submitted
      ? (player.deck_legal ? " legal" : " illegal") : "";
    return el("li", { class: `seat-row${waiting.has(player.seat) ? " waits" : ""}${legal}`, dataset: { seat: player.seat, key: player.player_id } },
      el("span", { class: "seat-no", text: String((player.seat ?? index) + 1) }),
      state,
      el("span", { class: "seat-name", text: player.name }),
      ...badges,
      el("span", { class: "seat-facts muted", text: facts.join(" · ") }),
      el("span", { class: "seat-actions" }, actions));
  });
  if (view.phase === "lobby") {
    for (let seat = players.length; seat < view.seats; seat += 1) {
      rows.push(el("li", { class: "seat-row empty", dataset: { key: `empty:${seat}` } },
        el("span", { class: "seat-no", text: "·" }), el("span", { class: "seat-name muted", text: t("Empty seat") })));
    }
  }
  patchChildren(list, rows);
}

function renderTables() {
  const section = $("#tables");
  const tables = tablesOf(view.tables);
  const games = new Map((view.games || []).map((game) => [game.table, game]));
  section.hidden = !tables.length;
  patchChildren($("#table-list"), tables.map((table) => {
    const game = games.get(table.number);
    if (game) {
      const { board, card, title } = boardFor(table.number);
      board.render(game);
      title.textContent = t("Round {round} · Table {n}", { round: game.round ?? 1, n: table.number });
      return card;
    }
    return el("div", { class: "table-card", dataset: { table: table.number, key: `table:${table.number}` } },
      el("h3", { text: t("Round {round} · Table {n}", { round: 1, n: table.number }) }),
      el("ol", { class: "plain-list big-list" }, table.players.map((name, index) => el("li", {},
        el("span", { class: "seat-no", text: String(index + 1) }), el("span", { text: name })))));
  }));
}
