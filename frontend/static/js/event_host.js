// The night's host screen: who joined, forming pods, and every pod's progress with a link
// to its own host screen. Polled every two seconds: a handful of requests on a LAN is
// simpler than another socket channel, and each pod's own screen is live anyway.
//
// Why the screen is patched, not rebuilt (patch.js), and waits for the pointer
// (press_hold.js): a poll landing between a press and its release replaced the pressed
// button, and the browser fires no click for a press and a release on two elements; "Form
// pods" or a night summary did nothing. Controls are keyed (`data-key`) by what they do,
// players by id, pods by id, tables by number, so a poll keeps them, their focus and what
// the host chose in them. Handlers are given through `el`'s `on…` (they move with a patch).
import { api, downloadResponse } from "./api.js";
import { banner } from "./banner.js";
import { $, el, toast } from "./dom.js";
import { busyControls } from "./busy_controls.js";
import { t, tn } from "./i18n.js";
import { takeTokenFromFragment } from "./tokens.js";
import { achievementsEditor } from "./achievements_editor.js";
import { storeWifiForm } from "./store_wifi.js";
import { chosenMinutes, roundClockPanel } from "./round_clock_host.js";
import { patchChildren } from "./patch.js";
import { heldWhilePressed } from "./press_hold.js";

const event = document.body.dataset.eventId;
const base = `/api/events/${encodeURIComponent(event)}`;
const token = takeTokenFromFragment("event-host", event, "host_token");
const POLL_MS = 2000;
const { fail } = banner("#host-error");
const PHASES = { lobby: "Lobby", drafting: "Drafting", building: "Building decks", playing: "Playing", done: "Done" };
let view = null;
let policy = "balanced";
// Keys of the controls whose request is on its way: a poll keeps them disabled.
const { control, whileBusy } = busyControls();
const renderClock = roundClockPanel((body, control) => act("/clock", body, control));
const showAchievements = achievementsEditor($("#event-achievements"), (items) =>
  api("PUT", `${base}/achievements`, { token, body: { achievements: items } }).then(show).catch((problem) => {
    toast(problem.message);
    throw problem;
  }));

// Every answer, polled or acted, is drawn through `show`: while a pointer is down on the
// page it waits (at most press_hold.js's LONGEST_PRESS_MS, 3 s, so a lost release cannot
// freeze the page), and the release draws what came, in order: the last, a whole view, wins.
const show = heldWhilePressed($("#main"), render);

if (!token) {
  fail(t("Not your host link. Open the host link from the laptop that created the night."));
} else {
  poll();
}

async function poll() {
  try {
    show(await api("GET", `${base}/host`, { token }));
  } catch (problem) {
    if (problem.status === 401 || problem.status === 403 || problem.status === 404) {
      fail(problem.status === 404 ? t("This night does not exist.") : t("This link is no longer valid for this pod."));
      return;
    }
  }
  setTimeout(poll, POLL_MS);
}

function act(path, body, button) {
  return whileBusy(button, async () => {
    try {
      show(await api("POST", base + path, { token, body }));
    } catch (problem) {
      toast(problem.message);
    }
  });
}

/** Before the pods are formed, the host removes a stranger's fake player (asked first). */
function removeButton(player) {
  const remove = control(`remove:${player.player_id}`, t("Remove"), async (b) => {
    if (!window.confirm(t("Remove {name} from the night?", { name: player.name }))) return;
    await whileBusy(b, async () => {
      try {
        show(await api("DELETE", `${base}/players/${encodeURIComponent(player.player_id)}`, { token }));
      } catch (problem) {
        toast(problem.message);
      }
    });
  }, "small");
  remove.setAttribute("aria-label", t("Remove {name} from the night", { name: player.name }));
  return remove;
}

function download(format, button, path = `${base}/summary?format=${format}`) {
  return whileBusy(button, async () => {
    try {
      const response = await api("GET", path, { token, raw: true });
      toast(t("Downloaded {file}.", { file: await downloadResponse(response, `prismatic-night.${format === "json" ? "json" : format === "html" ? "html" : "txt"}`) }));
    } catch (problem) {
      toast(problem.message);
    }
  });
}

function render(next) {
  view = next;
  const open = view.phase === "open";
  // "lobby" while players join: app.css shows the QR code then (as on a pod's screen).
  document.body.dataset.phase = open ? "lobby" : "formed";
  document.body.dataset.players = String(view.players.length);
  $("#phase").textContent = open ? t("Players are joining") : t("Pods formed");
  $("#player-count").textContent = tn("{n} player has joined", "{n} players have joined", view.players.length);
  renderControls(open);
  renderPlan(open);
  showAchievements(view.achievements);
  patchChildren($("#player-list"), view.players.map((player) => el("li", { dataset: { player: player.player_id, key: player.player_id } },
    el("span", { text: player.name }),
    player.pod ? el("span", { class: "badge", text: t("Pod {n}", { n: player.pod }) }) : null,
    open ? removeButton(player) : null)));
  patchChildren($("#pod-list"), view.pods.map(podCard));
  renderRound();
  renderClock(view);
  renderScreenLink();
}

/** A later round's tables, across the night's pods (round 1 is each pod's own split). */
function renderRound() {
  const section = $("#round-section");
  section.hidden = view.round < 2;
  if (section.hidden) return;
  $("#round-title").textContent = t("Round {n}", { n: view.round });
  patchChildren($("#round-list"), view.round_tables.map((table) =>
    el("div", { class: "table-card", dataset: { table: table.number, key: `table:${table.number}` } },
      el("h3", { text: t("Round {round} · Table {n}", { round: view.round, n: table.number }) }),
      el("ol", { class: "plain-list" }, table.players.map((name) => el("li", { text: name }))))));
}

/** Start the next round; a table without a result asks the host to confirm by name. */
function nextRound(button) {
  const round = view.round + 1;
  return whileBusy(button, async () => {
    try {
      show(await api("POST", `${base}/rounds`, { token, body: { round, clock_minutes: chosenMinutes() } }));
    } catch (problem) {
      if (problem.code === "games_unfinished"
          && window.confirm(`${problem.message}\n\n${t("Start round {n} anyway?", { n: round })}`)) {
        try {
          show(await api("POST", `${base}/rounds`, { token, body: { round, force: true, clock_minutes: chosenMinutes() } }));
        } catch (again) {
          toast(again.message);
        }
        return;
      }
      toast(problem.message);
    }
  });
}

// The store's screen link holds its own token: set it (and its QR code) only when it
// changed, so the image is not reloaded on every poll.
function renderScreenLink() {
  const link = $("#screen-url");
  if (!view.screen_url || link.getAttribute("href") === view.screen_url) return;
  link.href = view.screen_url;
  link.textContent = view.screen_url;
  const qr = $("#screen-qr");
  qr.src = view.screen_qr;
  qr.hidden = false;
}

function renderControls(open) {
  const buttons = [];
  if (open) {
    // A kept select keeps the host's choice; `policy` draws it the first time.
    const select = el("select", { id: "pod-policy", "aria-label": t("How to form the pods"), dataset: { key: "policy" },
      onchange: (e) => { policy = e.currentTarget.value; renderPlan(true); } },
    el("option", { value: "balanced", text: t("Equal pods (10 → 5 + 5)") }),
    el("option", { value: "fill", text: t("Full pods, bots fill the last (10 → 8 + 2)") }));
    select.value = policy;
    buttons.push(select, control("pods", t("Form pods"), (b) => act("/pods", { policy }, b), "primary"));
  } else {
    if (view.pods.some((pod) => pod.phase === "lobby")) {
      buttons.push(control("start", t("Start every draft"), (b) => act("/start", undefined, b), "primary"));
    }
    if (view.pods.length && view.pods.every((pod) => pod.phase === "playing")) {
      const next = control("next-round", t("Next round ({n})", { n: view.round + 1 }), nextRound, "primary");
      next.id = "next-round";
      buttons.push(next);
    }
    buttons.push(control("summary-text", t("Night summary (text)"), (b) => download("text", b)),
      control("summary-json", t("Night summary (JSON)"), (b) => download("json", b)),
      // The recap shows every deck: the server answers once the pods' rule allows.
      control("recap-html", t("Night recap (HTML file)"), (b) => download("html", b, `${base}/recap.html`)),
      control("recap-json", t("Night recap (JSON)"), (b) => download("json", b, `${base}/recap?download=true`)));
  }
  patchChildren($("#controls"), buttons);
}

/** What "Form pods" makes of the players joined so far, by the chosen policy: said before
 * the press, so 6 players and "Equal pods" (one pod of six, no bots) is no surprise. */
function renderPlan(open) {
  const line = $("#pod-plan");
  const plan = open ? (view.pod_plans || {})[policy] || [] : [];
  line.hidden = !plan.length;
  line.textContent = plan.length ? t("Form pods makes: {pods}", { pods: plan.map((pod, index) => {
    const players = tn("{n} player", "{n} players", pod.players);
    const bots = pod.seats - pod.players;
    return bots ? t("pod {n}: {players} + {bots}", { n: index + 1, players, bots: tn("{n} bot", "{n} bots", bots) })
      : t("pod {n}: {players}, no bots", { n: index + 1, players });
  }).join(" · ") }) : "";
}

function podCard(pod) {
  const humans = pod.players.filter((p) => !p.bot);
  const facts = [t(PHASES[pod.phase] || pod.phase)];
  if (pod.paused) facts.push(t("Paused"));
  if (pod.phase === "drafting") facts.push(t("Pack {round} of {rounds}", { round: pod.round, rounds: pod.rounds }), t("picks: {n}", { n: pod.picks }));
  if (pod.phase === "building") facts.push(t("decks: {n} of {total}", { n: pod.decks, total: humans.length }));
  if (pod.phase === "playing" || pod.phase === "done") facts.push(t("winners: {n} of {total}", { n: pod.winners, total: pod.tables.length }));
  return el("div", { class: "table-card pod-card", dataset: { pod: pod.pod_id, phase: pod.phase, key: pod.pod_id } },
    el("h3", { text: t("Pod {n}", { n: pod.number }) }),
    el("p", { class: "muted", text: facts.join(" · ") }),
    el("ol", { class: "plain-list" }, pod.players.map((player) => el("li", {},
      player.bot ? null : el("span", { class: `dot ${player.connected ? "on" : "off"}` }),
      el("span", { text: player.name }),
      player.bot ? el("span", { class: "badge", text: t("Bot") }) : null))),
    el("a", { class: "btn", href: `${pod.host_path}#host_token=${encodeURIComponent(token)}`, target: "_blank",
      rel: "noopener", text: t("Open this pod's host screen") }));
}
storeWifiForm();
