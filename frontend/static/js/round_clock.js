// The night's round clock (`round_clock` in a seat view, the host view and the TV's view),
// counted down on the page between updates.
//
// Why from `ends_at`: a running clock's seat view is built once per version and may be
// read minutes later, so it carries the moment the round ends, never the seconds left
// (`left_seconds` is there only while it is paused or ended). A page that knows the
// server's now (`offsetMs`: server now minus this browser's now) corrects by it.
import { el } from "./dom.js";
import { t } from "./i18n.js";

/** Seconds left now, never below 0 (null without a clock). */
export function secondsLeft(clock, offsetMs = 0) {
  if (!clock) return null;
  if (clock.running && clock.ends_at) {
    return Math.max(0, Math.ceil((Date.parse(clock.ends_at) - (Date.now() + offsetMs)) / 1000));
  }
  return Math.max(0, clock.left_seconds ?? 0);
}

/** Whether the round is at time: the host ended it, or its clock ran out. */
export function atTime(clock, offsetMs = 0) {
  return Boolean(clock) && (clock.ended || secondsLeft(clock, offsetMs) <= 0);
}

/** 59:07, or 1:02:03 past an hour: what the room reads. */
export function clockDigits(seconds) {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/** The store's rule at time, as every phone at an unfinished table shows it. */
export function ruleText(rule) {
  return rule === "one_more_turn" ? t("Time: one more turn each")
    : t("Time: the active player finishes this turn");
}

/** The same rule as the host's select offers it: short enough that a 360 px phone shows
 * the whole choice in every language (a select cannot wrap; the long sentence was cut). */
export function ruleChoice(rule) {
  return rule === "one_more_turn" ? t("At time: one more turn each") : t("At time: finish the turn");
}

/** Round 0 is the deckbuilding countdown. */
export function clockTitle(clock) {
  return clock.round === 0 ? t("Deckbuilding") : t("Round {n}", { n: clock.round });
}

/**
 * Draw `clock` into `node`: its round, its digits, paused, and at time the store's rule
 * (`atTimeNote` false: a table that has its result needs no rule). Hidden without a clock.
 */
export function drawClock(node, clock, { offsetMs = 0, atTimeNote = true } = {}) {
  node.hidden = !clock;
  if (!clock) {
    node.replaceChildren();
    return;
  }
  const seconds = secondsLeft(clock, offsetMs);
  const late = atTime(clock, offsetMs);
  node.dataset.state = late ? "time" : clock.running ? "running" : "paused";
  node.dataset.round = String(clock.round);
  let note = null;
  if (late) note = clock.round === 0 ? t("Deckbuilding time is over") : atTimeNote ? ruleText(clock.rule) : null;
  else if (!clock.running) note = t("Clock paused");
  const parts = [el("span", { class: "clock-title", text: clockTitle(clock) }),
    el("strong", { class: "clock-digits", text: clockDigits(seconds), role: "timer" })];
  if (note) parts.push(el("span", { class: late ? "clock-rule" : "clock-note", text: note }));
  node.replaceChildren(...parts);
}

/** Redraw the clock every second from `current()`, which returns [clock, options]. */
export function keepCounting(node, current) {
  const draw = () => {
    const [clock, options] = current();
    drawClock(node, clock, options);
  };
  draw();
  return setInterval(draw, 1000);
}
