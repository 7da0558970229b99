// The draft replay: one seat's picks, one at a time. Why its own page: it is read after
// the draft, from a seat's phone or the host's laptop, for any seat the host's rule opens
// (GET /api/pods/{id}/replay lists them); it draws packs with the pick screen's tiles and
// the same zoom dialog. Moving: the buttons, a horizontal swipe, the arrow keys, and a
// button per round.
import { api } from "./api.js";
import { banner } from "./banner.js";
import { cardCell, cardRow } from "./cards.js";
import { $, el, podId, show } from "./dom.js";
import { t } from "./i18n.js";
import { revealText } from "./line_up.js";
import { takeTokenFromFragment } from "./tokens.js";

const pod = podId();
const base = `/api/pods/${encodeURIComponent(pod)}`;
const token = takeTokenFromFragment("seat", pod) || takeTokenFromFragment("host", pod);
const SWIPE_PX = 40;
let replay = null;
let index = 0;

const { fail } = banner("#replay-error", { covers: ["#replay-loading"] });

function seatLabel(seat) {
  const name = seat.bot ? `${seat.name} (${t("Bot")})` : seat.name;
  return `${t("Seat {seat}", { seat: seat.seat + 1 })} · ${name}`;
}

async function start() {
  if (!token) { fail(t("This page has no seat or host link; open your link again.")); return; }
  // No ?seat= is no seat asked for (Number(null) is 0, which opened seat 0, not one's own).
  const asked = new URLSearchParams(window.location.search).get("seat");
  const wanted = asked === null || asked === "" ? "" : `&seat=${encodeURIComponent(asked)}`;
  let listing;
  try {
    // The list brings the seat to open (`opened`: the one asked, else one's own, else the
    // first): one round trip, not the list and then the seat (#46).
    listing = await api("GET", `${base}/replay?open=true${wanted}`, { token, revalidate: true });
  } catch (problem) { fail(problem.message); return; }
  show($("#replay-loading"), false);
  $("#replay-rule").textContent = revealText(listing.replay_visibility);
  $("#replay-rule-line").textContent = revealText(listing.replay_visibility);
  if (!listing.seats.length || !listing.opened) {
    $("#replay-rule").textContent = `${t("There is no draft you may replay yet.")} ${revealText(listing.replay_visibility)}`;
    show($("#replay-hidden"), true);
    return;
  }
  const select = $("#replay-seat");
  select.replaceChildren(...listing.seats.map((seat) =>
    el("option", { value: String(seat.seat), text: seatLabel(seat) })));
  select.value = String(listing.opened.seat);
  select.addEventListener("change", () => open(Number(select.value)));
  showReplay(listing.opened);
}

async function open(seat) {
  let found;
  try {
    found = await api("GET", `${base}/replay/${seat}`, { token, revalidate: true });
  } catch (problem) { fail(problem.message); return; }
  showReplay(found);
}

function showReplay(found) {
  replay = found;
  index = 0;
  drawRounds();
  show($("#replay"), true);
  draw();
}

function drawRounds() {
  const rounds = [...new Set(replay.picks.map((p) => p.round))];
  $("#replay-rounds").replaceChildren(...rounds.map((round) => el("button", {
    type: "button", class: "btn replay-round", dataset: { round: String(round) },
    text: t("Pack {round}", { round }),
    onclick: () => go(replay.picks.findIndex((p) => p.round === round)),
  })));
}

function go(next) {
  if (!replay || !replay.picks.length) return;
  index = Math.min(Math.max(next, 0), replay.picks.length - 1);
  draw();
}

function draw() {
  const picks = replay.picks;
  if (!picks.length) {
    $("#replay-where").textContent = t("This seat made no pick.");
    return;
  }
  const step = picks[index];
  $("#replay-where").textContent = t("Pack {round}, pick {pick} ({n} of {total})",
    { round: step.round, pick: step.pick, n: index + 1, total: picks.length });
  $("#replay-prev").disabled = index === 0;
  $("#replay-next").disabled = index === picks.length - 1;
  for (const node of document.querySelectorAll(".replay-round")) {
    node.setAttribute("aria-current", String(Number(node.dataset.round) === step.round));
  }
  const taken = new Set(step.taken.map((c) => c.id));
  const wheeled = new Set(step.wheeled.map((c) => c.id));
  $("#replay-pack-title").textContent = t("The pack as it came: {n} cards", { n: step.pack.length });
  $("#replay-pack").replaceChildren(...step.pack.map((card) => {
    const mark = taken.has(card.id) ? "taken" : (wheeled.has(card.id) ? "wheeled" : "");
    const { cell } = cardCell(card);
    if (mark) {
      cell.classList.add(`is-${mark}`);
      cell.append(el("span", { class: `replay-mark ${mark}`, text: mark === "taken" ? t("Taken") : t("Wheeled") }));
    }
    return cell;
  }));
  $("#replay-wheeled").replaceChildren(...(step.wheeled.length
    ? step.wheeled.map((card) => cardRow(card))
    : [el("p", { class: "muted small", text: t("Nothing: this pack did not come back.") })]));
  drawCoach(step, replay.bot_picks[index]);
  const pool = picks.slice(0, index + 1).flatMap((p) => p.taken);
  $("#replay-pool-title").textContent = t("Pool ({n})", { n: pool.length });
  $("#replay-pool").replaceChildren(...pool.slice().reverse().map((card) => cardRow(card)));
}

/** Beside the pick: what the bot would have taken from this pack with this pool, why
 * (its value, its colors' fit, its fit as a commander), and the colors flowing this round. */
function drawCoach(step, bot) {
  const names = new Map(step.pack.map((card) => [card.id, card.name]));
  const signed = (n) => (n > 0 ? `+${n}` : String(n));
  $("#replay-coach").replaceChildren(...(!bot ? [] : bot.same
    ? [t("The bot would have taken the same.")]
    : [t("The bot would have taken: {cards}", { cards: bot.took.map((id) => names.get(id)).join(", ") })]),
  ...(bot ? bot.why.map((why) => el("span", { class: "replay-why", text: t(
    "{card}: value {value}, colors {colors}, commander {commander}",
    { card: names.get(why.id), value: why.value, colors: signed(why.colors), commander: signed(why.commander) }) })) : []));
  const flow = (replay.flow || []).find((f) => f.round === step.round);
  $("#replay-flow").textContent = flow && flow.colors.length
    ? t("Colors flowing to this seat in pack {round}: {colors}", {
      round: step.round, colors: flow.colors.map((c) => `${c.color} ${c.weight}`).join(", ") })
    : "";
}

$("#replay-prev").addEventListener("click", () => go(index - 1));
$("#replay-next").addEventListener("click", () => go(index + 1));

document.addEventListener("keydown", (event) => {
  if (!replay || document.querySelector("dialog[open]")) return;
  const tag = event.target && event.target.tagName;
  if (tag === "SELECT" || tag === "INPUT" || tag === "TEXTAREA") return;
  if (event.key === "ArrowRight") { event.preventDefault(); go(index + 1); }
  if (event.key === "ArrowLeft") { event.preventDefault(); go(index - 1); }
});

let touchStart = null;
const area = $("#replay");
area.addEventListener("touchstart", (event) => {
  const touch = event.changedTouches[0];
  touchStart = { x: touch.clientX, y: touch.clientY };
}, { passive: true });
area.addEventListener("touchend", (event) => {
  if (!touchStart) return;
  const touch = event.changedTouches[0];
  const dx = touch.clientX - touchStart.x;
  const dy = touch.clientY - touchStart.y;
  touchStart = null;
  if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(dy) * 1.5) return;
  go(dx < 0 ? index + 1 : index - 1);
});

start();
