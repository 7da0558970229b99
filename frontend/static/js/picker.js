// The pick screen. Rules that matter at a real table:
// - tap selects, tap again unselects; nothing is taken until "Take these 2" is pressed;
// - while a pick is in flight every tap is ignored and the button is disabled, and the
//   request carries the view's `pick` number so even a retried request is taken once;
// - a selection survives re-renders and reconnects for as long as the same pack is in
//   front of us, and is dropped only when the server has moved us on.
import { $, el, toast } from "./dom.js";
import { roundSetText } from "./line_up.js";
import { t, tn } from "./i18n.js";
import { cardCell, packOrder } from "./cards.js";

export class Picker {
  constructor({ submit }) {
    this.submit = submit; // async ({pick, cards}) => void; throws ApiError
    this.key = null;
    this.selected = [];
    this.inFlight = false;
    this.view = null;
    this.tiles = new Map();
    this.timer = null;
    $("#take").addEventListener("click", () => this.take());
  }

  render(view) {
    this.view = view;
    const key = view.pack ? `${view.pick}:${view.pack_id}` : null;
    if (key !== this.key) {
      this.key = key;
      this.selected = [];
      this.buildGrid(view.pack || []);
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

  buildGrid(pack) {
    this.tiles.clear();
    const grid = $("#pack-grid");
    grid.replaceChildren(...[...pack].sort(packOrder).map((card) => {
      const { cell, tile } = cardCell(card, {
        tag: "button",
        attrs: { type: "button", "aria-pressed": "false", dataset: { cardId: card.id } },
      });
      tile.addEventListener("click", () => this.toggle(card.id));
      this.tiles.set(card.id, tile);
      return cell;
    }));
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
    this.refresh();
    try {
      await this.submit({ pick: view.pick, cards: [...this.selected] });
    } catch (problem) {
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
      return;
    }
    const deadline = Date.parse(view.deadline);
    // Phone clocks drift; never show more than the timer allows.
    const cap = (view.timer_seconds || 600) * 1000;
    const end = Math.min(deadline, Date.now() + cap);
    const tick = () => {
      const seconds = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      node.textContent = seconds > 0 ? tn("{s} second left", "{s} seconds left", seconds, { s: seconds }) : t("Time is up");
      node.classList.toggle("urgent", seconds <= 10);
    };
    node.hidden = false;
    tick();
    this.timer = setInterval(tick, 1000);
  }
}
