// The phone's changes that the server has not answered yet (game taps and moves, deck
// submits), kept in localStorage with their `ref`s and sent in order, however long the
// server is away. One queue per phone and pod (`seat.js`), so a deck edited offline and
// the taps that follow it arrive in the order they were made.
//
// Why a queue and not a few retries: a server restart or a dropped Wi-Fi can last longer
// than any fixed retry, and a tap given up on is a total the table trusts and the server
// never heard of. Each change keeps the `ref` it was made with, so a resend after a lost
// reply is applied at most once (protocol.md, idempotent taps), and a change whose game
// ended meanwhile (`game` number) is refused on arrival: the player is told which one.
import { toast } from "./dom.js";
import { t } from "./i18n.js";

const WAITS = [500, 1000, 2000, 4000];

/** A fresh name for one change (crypto.getRandomValues also works on plain-http LAN pages). */
export function newRef() {
  return Array.from(crypto.getRandomValues(new Uint8Array(9)), (b) => b.toString(16).padStart(2, "0")).join("");
}
const RETRYABLE = (problem) => problem.status === 0 || problem.status === 503;

export class GameQueue {
  /**
   * @param {string} key the localStorage key (one per pod and player)
   * @param {(item) => Promise<object>} send sends one change, resolves with the reply
   *   (the game view, or the deck for `via: "deck"`)
   * @param {{applied: (reply, item) => void, changed: (count) => void}} hooks
   */
  constructor(key, send, { applied, changed }) {
    this.key = key;
    this.send = send;
    this.applied = applied;
    this.changed = changed;
    this.items = load(key);
    this.running = false;
    this.offline = false;
  }

  get count() {
    return this.items.length;
  }

  /** Keep `item` (`{via, table, path, body, label}`; `via` is `adjust`, `undo`, `call`
   * or `deck`) and send everything waiting, in order. */
  push(item) {
    this.items.push(item);
    this.save();
    return this.flush();
  }

  async flush() {
    if (this.running) return;
    this.running = true;
    try {
      for (let attempt = 0; this.items.length;) {
        const item = this.items[0];
        try {
          const reply = await this.send(item);
          this.drop();
          this.offline = false;
          attempt = 0;
          this.applied(reply, item);
        } catch (problem) {
          if (!RETRYABLE(problem)) {
            this.drop();
            toast(t("Not applied: {change} ({reason})", { change: item.label, reason: problem.message }));
            continue;
          }
          if (!this.offline) toast(t("No connection. Your changes are kept and sent when the server answers again."));
          this.offline = true;
          await new Promise((resolve) => setTimeout(resolve, WAITS[Math.min(attempt, WAITS.length - 1)]));
          attempt += 1;
        }
      }
    } finally {
      this.running = false;
    }
  }

  drop() {
    this.items.shift();
    this.save();
  }

  save() {
    try {
      if (this.items.length) localStorage.setItem(this.key, JSON.stringify(this.items));
      else localStorage.removeItem(this.key);
    } catch { /* private mode or full: the queue still lives in memory */ }
    this.changed(this.items.length);
  }
}

function load(key) {
  try {
    const items = JSON.parse(localStorage.getItem(key) || "[]");
    return Array.isArray(items) ? items.filter((item) => item && typeof item.via === "string" && item.body) : [];
  } catch {
    return [];
  }
}
