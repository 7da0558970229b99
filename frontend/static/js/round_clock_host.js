// The host's round clock on the night's host screen: start the round's clock (or the
// deckbuilding countdown while decks are built), pause, resume, add time, end the round
// early, choose the rule at time; at time, the tables still playing.
//
// Why every change names the round: a host screen left open from the last round must not
// pause this round's clock (the server refuses it, `unknown_round`).
import { $, button, el } from "./dom.js";
import { t } from "./i18n.js";
import { drawClock, keepCounting, ruleText } from "./round_clock.js";

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

  function ruleSelect(round, clock) {
    const select = el("select", { id: "clock-rule", "aria-label": t("At time") },
      el("option", { value: "finish_turn", text: ruleText("finish_turn") }),
      el("option", { value: "one_more_turn", text: ruleText("one_more_turn") }));
    select.value = clock ? clock.rule : "finish_turn";
    if (clock && !clock.ended) {
      select.addEventListener("change", () => change({ action: "rule", round, rule: select.value }, select));
    }
    return select;
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
    // Rebuilt only when the clock's state changed: a poll must not take the minutes field
    // from under the host's fingers.
    const key = JSON.stringify([round, clock && [clock.running, clock.ended, clock.rule]]);
    if (key === shownKey) return;
    shownKey = key;
    const controls = [];
    if (!clock) {
      const rule = ruleSelect(round, null);
      controls.push(rule,
        button(round === 0 ? t("Start the countdown") : t("Start the clock"),
          (b) => change({ action: "start", round, minutes: chosenMinutes(), rule: rule.value }, b), "primary"));
    } else if (!clock.ended) {
      controls.push(clock.running
        ? button(t("Pause"), (b) => change({ action: "pause", round }, b))
        : button(t("Resume"), (b) => change({ action: "resume", round }, b), "primary"),
      button(t("+{n} min", { n: ADD_MINUTES }), (b) => change({ action: "add", round, minutes: ADD_MINUTES }, b)),
      button(round === 0 ? t("End the countdown") : t("End the round"), (b) => {
        if (window.confirm(t("End round {n} now? Every unfinished table is at time.", { n: round }))) {
          return change({ action: "end", round }, b);
        }
        return null;
      }),
      ruleSelect(round, clock));
    }
    $("#clock-controls").replaceChildren(...controls);
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
