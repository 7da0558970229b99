// The host's round clock on the night's host screen: start the round's clock (or the
// deckbuilding countdown while decks are built), pause, resume, add time, end the round
// early, choose the rule at time; at time, the tables still playing.
//
// Why every change names the round: a host screen left open from the last round must not
// pause this round's clock (the server refuses it, `unknown_round`).
import { $, el, keyedButton as control } from "./dom.js";
import { t } from "./i18n.js";
import { patchChildren } from "./patch.js";
import { drawClock, keepCounting, ruleChoice } from "./round_clock.js";

const ADD_MINUTES = 5;

/** The round a clock may run for now: 0 while a pod builds, the round once all play. */
export function clockRound(view) {
  const phases = new Set(view.pods.map((pod) => pod.phase));
  if (!view.pods.length || phases.has("lobby") || phases.has("drafting")) return null;
  if (phases.has("building")) return 0;
  return view.round;
}

/** The minutes the host typed for a round's length (the field starts at 60); what is
 * not a whole number goes to the server as is, which refuses it with a sentence. */
export function chosenMinutes() {
  const input = $("#clock-minutes");
  const minutes = input ? Number(input.value) : 60;
  return Number.isInteger(minutes) ? minutes : 0;
}

/**
 * Wire the panel; returns `render(view)`. `change(body, button)` posts to the clock route
 * and renders the answer (the host screen's `act`).
 */
export function roundClockPanel(change) {
  let view = null;
  let shownKey = null;
  const offset = () => (view && view.round_clock && view.round_clock.server_now
    ? Date.parse(view.round_clock.server_now) - receivedAt : 0);
  let receivedAt = Date.now();
  keepCounting($("#host-clock"), () => [current(), { offsetMs: offset() }]);

  function current() {
    if (!view || !view.round_clock) return null;
    return view.round_clock.round === clockRound(view) ? view.round_clock : null;
  }

  // Keyed controls patched in place (patch.js): a redraw keeps the button under the host's
  // pointer and the select's focus. Handlers go through `el`'s `on…`, so they move with it.
  function ruleSelect(round, clock) {
    const running = clock && !clock.ended;
    return el("select", { id: "clock-rule", "aria-label": t("At time"), dataset: { key: "clock-rule" },
      onchange: running ? (e) => change({ action: "rule", round, rule: e.currentTarget.value }, e.currentTarget) : null },
    el("option", { value: "finish_turn", text: ruleChoice("finish_turn") }),
    el("option", { value: "one_more_turn", text: ruleChoice("one_more_turn") }));
  }

  return function render(next) {
    view = next;
    receivedAt = Date.now();
    const round = clockRound(view);
    const section = $("#clock-section");
    section.hidden = round === null;
    if (round === null) return;
    const clock = current();
    drawClock($("#host-clock"), clock, { offsetMs: offset() });
    $("#clock-title").textContent = round === 0 ? t("Deckbuilding countdown") : t("Round {n}: the clock", { n: round });
    showStillPlaying(clock, view.pods.length > 1);
    // Redrawn only when the clock's state changed: a poll must not take the minutes field
    // from under the host's fingers.
    const key = JSON.stringify([round, clock && [clock.running, clock.ended, clock.rule]]);
    if (key === shownKey) return;
    shownKey = key;
    const controls = [];
    if (!clock) {
      controls.push(ruleSelect(round, null),
        control("clock-start", round === 0 ? t("Start the countdown") : t("Start the clock"),
          (b) => change({ action: "start", round, minutes: chosenMinutes(), rule: $("#clock-rule").value }, b), "primary"));
    } else if (!clock.ended) {
      controls.push(clock.running
        ? control("clock-pause", t("Pause"), (b) => change({ action: "pause", round }, b))
        : control("clock-resume", t("Resume"), (b) => change({ action: "resume", round }, b), "primary"),
      control("clock-add", t("+{n} min", { n: ADD_MINUTES }), (b) => change({ action: "add", round, minutes: ADD_MINUTES }, b)),
      control("clock-end", round === 0 ? t("End the countdown") : t("End the round"), (b) => {
        if (window.confirm(t("End round {n} now? Every unfinished table is at time.", { n: round }))) {
          return change({ action: "end", round }, b);
        }
        return null;
      }),
      ruleSelect(round, clock));
    }
    patchChildren($("#clock-controls"), controls);
    // The server's rule, shown in the kept select (its value is the live node's own).
    const rule = $("#clock-rule");
    if (rule) rule.value = clock ? clock.rule : "finish_turn";
  };
}

/** At time, the tables with no result yet, named as on the TV ("Round 2 · Table 3"; in
 * round 1 with several pods, each pod numbers its own tables, so the pod is said too). */
function showStillPlaying(clock, severalPods) {
  const playing = clock && clock.at_time ? clock.still_playing : [];
  const node = $("#still-playing");
  node.hidden = !playing.length;
  node.textContent = playing.length
    ? t("Still playing: {tables}", { tables: playing.map((table) => tableName(table, severalPods)).join(", ") }) : "";
}

function tableName(table, severalPods) {
  const name = t("Round {round} · Table {n}", { round: table.round, n: table.table });
  return table.pod && severalPods ? `${t("Pod {n}", { n: table.pod })} · ${name}` : name;
}
