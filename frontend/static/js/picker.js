// The pick screen. Rules that matter at a real table:
// - tap selects, tap again unselects; nothing is taken until "Take these 2" is pressed;
// - while a pick is in flight every tap is ignored and the button is disabled, and the
//   request carries the view's `pick` number so even a retried request is taken once;
// - a selection survives re-renders and reconnects for as long as the same pack is in
//   front of us, and is dropped only when the server has moved us on.
// Without sight: a polite live region says when a pack arrives, at 10 s left and when the
// timer picked; after a pick, focus goes to the new pack's first card; `t` or Ctrl+Enter
// on a card reaches "Take these 2" (which is otherwise a long way down the page).
import { $, toast } from "./dom.js";
import { on, patchChildren } from "./patch.js";
import { roundSetText } from "./line_up.js";
import { t, tn } from "./i18n.js";
import { cardCell, packOrder } from "./cards.js";

const CLOCK_SLACK_MS = 2000;

export class Picker {
  constructor({ submit }) {
    this.submit = submit; // async ({pick, cards}) => void; throws ApiError
    this.key = null;
    this.selected = [];
    this.inFlight = false;
    this.view = null;
    this.tiles = new Map();
    this.timer = null;
    this.sent = null; // the pick number this phone sent last
    this.timerEnd = null; // when the timer of the pack on screen runs out (ms), if it runs
    this.focusNext = false; // a pick was confirmed here: its next pack takes the focus
    this.shownPick = null; // the pick number of the pack on screen
    this.saidTen = false; // "10 seconds left" is said once a pack
    $("#take").addEventListener("click", () => this.take());
    $("#pack-grid").addEventListener("keydown", (event) => this.shortcut(event));
  }

  /** `t` or Ctrl+Enter from a card moves to the take button (and Ctrl+Enter presses it). */
  shortcut(event) {
    const take = $("#take");
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      take.focus();
      if (!take.disabled) take.click();
    } else if ((event.key === "t" || event.key === "T") && !event.ctrlKey && !event.altKey && !event.metaKey) {
      event.preventDefault();
      take.focus();
    }
  }

  /** Say `text` in the polite live region (screen readers read it when idle). */
  announce(text) {
    const region = $("#draft-news");
    // The same words twice (two packs of one size) are still news: clear, then write.
    region.textContent = "";
    setTimeout(() => { region.textContent = text; }, 100);
  }

  render(view) {
    this.view = view;
    const key = view.pack ? `${view.pick}:${view.pack_id}` : null;
    if (key !== this.key) {
      // Moved on without this phone's pick, once its time was up (or all but up: the
      // phone's clock and the laptop's differ a little): the timer picked.
      const timerPicked = this.key !== null && this.sent !== this.shownPick
        && this.timerEnd !== null && Date.now() >= this.timerEnd - CLOCK_SLACK_MS;
      this.key = key;
      this.selected = [];
      this.timerEnd = null;
      this.saidTen = false;
      this.shownPick = view.pack ? view.pick : null;
      this.buildGrid(view.pack || []);
      const arrived = view.pack ? tn("Pack {round}, pick {pick}: {n} card", "Pack {round}, pick {pick}: {n} cards",
        view.pack.length, { round: view.round, pick: view.pick_in_round }) : "";
      const words = [timerPicked ? t("Time was up: the timer picked for you.") : "", arrived].filter(Boolean);
      if (words.length) this.announce(words.join(" "));
      if (view.pack && this.focusNext) {
        this.focusNext = false;
        $("#pack-grid .card")?.focus();
      }
    } else if (view.pack) {
      const ids = new Set(view.pack.map((c) => c.id));
      this.selected = this.selected.filter((id) => ids.has(id));
    }
    this.renderHead(view);
    this.renderMessage(view);
    this.refresh();
  }

  renderHead(view) {
    $("#pack-counter").textContent = t("Pack {round} of {rounds}", { round: view.round, rounds: view.rounds });
    const roundSet = $("#round-set");
    roundSet.textContent = view.round_set || "";
    roundSet.title = roundSetText(view);
    $("#pick-counter").textContent = view.pack ? t("Pick {pick}", { pick: view.pick_in_round }) : "";
    const left = view.direction === "left";
    const direction = $("#direction");
    direction.textContent = left ? `← ${t("Passing left")}` : `${t("Passing right")} →`;
    direction.className = `direction ${left ? "left" : "right"}`;
    this.startTimer(view);
  }

  renderMessage(view) {
    const message = $("#draft-msg");
    let text = "";
    if (view.paused) {
      text = t("The draft is paused by the host.");
    } else if (!view.pack) {
      text = t("Waiting for the next pack…");
      if (view.waiting_on) text += `\n${t("{name} is still picking.", { name: view.waiting_on.name })}`;
    } else if ((view.packs_from_people ?? view.packs_waiting) > 0) {
      // Only packs a person passed: a bot's instant passes are no one waiting on you.
      const n = view.packs_from_people ?? view.packs_waiting;
      text = tn("{n} pack waiting after this one", "{n} packs waiting after this one", n);
    }
    message.textContent = text;
    message.hidden = !text;
    message.classList.toggle("waiting", !view.pack || view.paused);
    $("#take-bar").hidden = !view.pack;
  }

  /** The pack's cells, keyed by card: a card already on screen keeps its node (and image). */
  buildGrid(pack) {
    const grid = $("#pack-grid");
    patchChildren(grid, [...pack].sort(packOrder).map((card) => {
      const { cell, tile } = cardCell(card, {
        tag: "button",
        attrs: { type: "button", "aria-pressed": "false", dataset: { cardId: card.id } },
      });
      cell.dataset.key = card.id;
      tile.setAttribute("aria-keyshortcuts", "t Control+Enter");
      on(tile, "click", () => this.toggle(card.id));
      return cell;
    }));
    // The tiles on the page, by the card's own id (a number; the dataset holds text).
    const onPage = new Map([...grid.querySelectorAll(".card[data-card-id]")].map((tile) => [tile.dataset.cardId, tile]));
    this.tiles = new Map(pack.map((card) => [card.id, onPage.get(String(card.id))]));
  }

  toggle(id) {
    if (this.inFlight || !this.view || !this.view.pack || this.view.paused) return;
    const index = this.selected.indexOf(id);
    if (index >= 0) {
      this.selected.splice(index, 1);
    } else if (this.selected.length < this.view.picks_needed) {
      this.selected.push(id);
    } else {
      toast(tn("Select {n} card", "Select {n} cards", this.view.picks_needed), 1500);
      return;
    }
    this.refresh();
  }

  refresh() {
    for (const [id, tile] of this.tiles) {
      const on = this.selected.includes(id);
      tile.setAttribute("aria-pressed", String(on));
      tile.classList.toggle("selected", on);
    }
    const button = $("#take");
    const view = this.view;
    if (!view || !view.pack) return;
    const needed = Math.min(view.picks_needed, view.pack.length);
    const missing = needed - this.selected.length;
    if (this.inFlight) button.textContent = t("Taking…");
    else if (missing <= 0) button.textContent = needed === 1 ? t("Take this card") : t("Take these {n}", { n: needed });
    else if (this.selected.length === 0) button.textContent = tn("Select {n} card", "Select {n} cards", needed);
    else button.textContent = t("Select {n} more", { n: missing });
    button.disabled = this.inFlight || missing > 0 || view.paused;
    button.classList.toggle("ready", missing <= 0 && !this.inFlight);
  }

  async take() {
    const view = this.view;
    if (this.inFlight || !view || !view.pack) return;
    const needed = Math.min(view.picks_needed, view.pack.length);
    if (this.selected.length !== needed) return;
    this.inFlight = true;
    this.sent = view.pick;
    // The next pack takes the focus when it comes: not the page body, a long way up.
    this.focusNext = document.activeElement === $("#take") || $("#pack-grid").contains(document.activeElement);
    this.refresh();
    try {
      await this.submit({ pick: view.pick, cards: [...this.selected] });
    } catch (problem) {
      this.focusNext = false;
      toast(problem.message);
    } finally {
      this.inFlight = false;
      this.refresh();
    }
  }

  startTimer(view) {
    clearInterval(this.timer);
    const node = $("#timer");
    if (!view.deadline || !view.pack || view.paused) {
      node.hidden = true;
      this.timerEnd = null;
      return;
    }
    const deadline = Date.parse(view.deadline);
    // Phone clocks drift; never show more than the timer allows.
    const cap = (view.timer_seconds || 600) * 1000;
    const end = Math.min(deadline, Date.now() + cap);
    this.timerEnd = end;
    const tick = () => {
      const seconds = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      if (seconds > 0 && seconds <= 10 && !this.saidTen && cap > 10000) {
        this.saidTen = true;
        this.announce(tn("{s} second left", "{s} seconds left", seconds, { s: seconds }));
      }
      node.textContent = seconds > 0 ? tn("{s} second left", "{s} seconds left", seconds, { s: seconds }) : t("Time is up");
      node.classList.toggle("urgent", seconds <= 10);
    };
    node.hidden = false;
    tick();
    this.timer = setInterval(tick, 1000);
  }
}
