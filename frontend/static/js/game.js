// The game board of one table: life, commander damage, commander tax, counters, recent
// changes; the turn, the monarch and the initiative are `table_moves.js`.
//
// Why the board only sends increments: four phones tap at once, and the server's log
// adds them all up (protocol.md, games). The board never computes totals itself; it
// draws the newest game it has seen (by `seq`) and lets each phone undo its own taps.
import { api } from "./api.js";
import { el, toast } from "./dom.js";
import { t, tn } from "./i18n.js";
import { endPanel, resultOf } from "./game_end.js";
import { newRef } from "./game_queue.js";
import { heldWhilePressed } from "./press_hold.js";
import { on, patchChildren } from "./patch.js";
import { detailsButton } from "./zoom.js";
import { badges, moveLine, tableMoves, turnBar, ventureOffer } from "./table_moves.js";

const STEPS = [-5, -1, 1, 5];
const COUNTERS = [["poison", () => t("poison")], ["experience", () => t("experience")], ["energy", () => t("energy")]];
const RETRIES = [500, 1500, 3000];
/** An end-of-game move in words, for the toast that names a move the game refused on arrival. */
const ACTS = {
  concede: (p) => t("{who}: concede", p),
  draw: (p) => t("{who}: offer or agree to a draw", p),
  time: (p) => t("{who}: call time", p),
  confirm: (p) => t("{who}: confirm the result", p),
  dispute: (p) => t("{who}: dispute the result", p),
  undo: (p) => t("{who}: take back change {seq}", p),
  claims: (p) => t("{who}: claim {achievement}", p),
  "claims/confirm": (p) => t("{who}: confirm a claim", p),
};

/** Send one tap, resending it (same body, same `ref`) when the reply was lost or the
 * server was busy: the server stores a `ref` once, so a resend never applies twice. */
async function sendOnce(send) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (problem) {
      const retryable = problem.status === 0 || problem.status === 503;
      if (!retryable || attempt >= RETRIES.length) throw problem;
      await new Promise((resolve) => setTimeout(resolve, RETRIES[attempt]));
    }
  }
}

/**
 * `(path, body) => game view`: a tap (`"1"`) or undo (`"1/undo"`) for the pod at `base`.
 * Taps go over HTTP: the reply is the new board (drawn at once), and the socket brings
 * everyone else's taps. A refused tap says why and changes nothing.
 */
export function gameCaller(base, token, { quiet = false } = {}) {
  return async (path, body) => {
    try {
      return await api("POST", `${base}/games/${path}`, { token, body });
    } catch (problem) {
      if (!quiet) toast(problem.message); // quiet: the board's queue says it (`game_queue.js`)
      throw problem;
    }
  };
}

export class GameBoard {
  /**
   * @param {HTMLElement} root
   * @param {{me: string|null, adjust: (table, body) => Promise<object>,
   *          undo: (table, body) => Promise<object>, call: (path, body) => Promise<object>,
   *          host?: object, queue?: GameQueue}} options
   *   `me` is this phone's player id (`null` on the host screen, whose taps are "host");
   *   `call` sends an end-of-game move (`"1/concede"`, `"1/confirm"`, …);
   *   `host` adds the host's controls: `{winner(table, playerId), next(table), correct(table, body)}`;
   *   `queue` is the phone's queue (`game_queue.js`, made by `seat.js`): it keeps the
   *   changes the server has not answered in localStorage and sends them in order,
   *   however long it takes, and hands their replies back to `render`; without it a
   *   change is retried a few times.
   */
  constructor(root, { me = null, adjust, undo, call, host = null, queue = null }) {
    this.root = root;
    this.me = me;
    this.adjust = adjust;
    this.undo = undo;
    this.call = call;
    this.host = host;
    this.game = null;
    this.open = new Set(); // <details> the person opened, kept across re-renders
    this.show = heldWhilePressed(root, (game) => this.draw(game)); // no tap lost to a redraw
    this.queue = queue;
  }

  /** Send one change the board made: a tap, an undo or another move. */
  deliver(item) {
    if (item.via === "adjust") return this.adjust(item.table, item.body);
    if (item.via === "undo") return this.undo(item.table, item.body);
    return this.call(item.path, item.body);
  }

  /** Send a change: through the queue when the board keeps one, else retried a few times. */
  submit(item) {
    if (this.queue) {
      this.queue.push(item);
      return Promise.resolve();
    }
    return sendOnce(() => this.deliver(item)).then((game) => this.render(game));
  }

  showWaiting(count) {
    for (const node of this.root.querySelectorAll(".queue-waiting")) {
      node.hidden = count === 0;
      node.textContent = tn("{n} change waiting", "{n} changes waiting", count);
    }
  }

  /** Show `game`: at once, or when the finger on the board lifts (`press_hold.js`). */
  render(game) {
    if (game) this.show(game);
  }

  /** Draw `game` unless an older one: replies and socket updates may cross. */
  draw(game) {
    const shown = this.game;
    if (shown && shown.game_id === game.game_id && game.seq < shown.seq) return;
    this.game = game;
    // A <details> opened or closed just now may not have fired its toggle event yet: read
    // the page itself, so a re-render in between (a socket update) keeps what was tapped.
    for (const node of this.root.querySelectorAll("details[data-key]")) {
      if (node.open) this.open.add(node.dataset.key);
      else this.open.delete(node.dataset.key);
    }
    const names = Object.fromEntries(game.players.map((p) => [p.player_id, p.name]));
    const commanderName = (owner, index) => {
      const player = game.players.find((p) => p.player_id === owner);
      const commander = player?.commanders[index];
      return !commander || commander.placeholder ? t("Commander") : commander.name;
    };
    const winner = game.winner ? names[game.winner] : null;
    this.root.dataset.seq = String(game.seq);
    patchChildren(this.root, [
      this.news(shown, game, names, commanderName),
      el("div", { class: "game-head" },
        el("strong", { text: t("Game {n}", { n: game.number }) }),
        el("span", { class: "badge queue-waiting", role: "status", hidden: !this.queue?.count,
          text: tn("{n} change waiting", "{n} changes waiting", this.queue?.count ?? 0) }),
        winner ? el("span", { class: "badge win", text: t("Winner: {name}", { name: winner }) }) : ""),
      ...resultOf(this, game),
      turnBar(this, game),
      ...[ventureOffer(this, game)].filter(Boolean), // a null is no node
      el("div", { class: "life-grid" }, game.players.map((player) =>
        this.playerCard(game, player, commanderName))),
      ...endPanel(this, game),
      this.recent(game, names, commanderName),
      ...(this.host ? [this.hostControls(game)] : []),
    ]);
  }

  /** An end-of-game move (`"concede"`, `"draw"`, `"confirm"`, `"undo"`…) at this table, resent like a tap. */
  act(path, body) {
    const game = this.game;
    const sent = { ...body, ref: newRef(), game: game.number };
    return this.submit({ via: "call", path: `${game.table}/${path}`, body: sent, label: this.label(path, body) });
  }

  tap(body) {
    const table = this.game.table;
    // `game`: a resend that arrives after the host started the next game is refused
    // instead of changing the new game.
    const tapped = { ...body, ref: newRef(), game: this.game.number };
    return this.submit({ via: "adjust", table, body: tapped, label: this.label("adjust", body) });
  }

  /** The change in words, for the toast that names a change the game refused on arrival. */
  label(path, body) {
    const names = Object.fromEntries(this.game.players.map((p) => [p.player_id, p.name]));
    const who = this.me ? (names[this.me] ?? "?") : t("Host");
    if (path === "adjust") {
      const amount = body.delta > 0 ? `+${body.delta}` : `−${-body.delta}`;
      const what = body.kind === "life" ? t("life") : (COUNTERS.find(([kind]) => kind === body.kind)?.[1]() ?? t("commander damage"));
      return t("{who}: {target} {amount} {what}", { who, target: names[body.target] ?? "?", amount, what });
    }
    if (path === "moves") {
      return moveLine({ kind: body.move, target: body.player_id ?? this.me, room: body.room }, who, names) ?? body.move;
    }
    const act = ACTS[path.startsWith("claims/") ? "claims/confirm" : path];
    return act ? act({ who, achievement: body.achievement ?? "", seq: body.seq ?? "" }) : path;
  }

  stepButtons(label, body, what) {
    return el("div", { class: "steps" }, STEPS.map((delta) => {
      const text = delta > 0 ? `+${delta}` : `−${-delta}`;
      const button = el("button", {
        type: "button", class: `btn step ${delta > 0 ? "up" : "down"} ${delta > 0 ? "p" : "m"}${Math.abs(delta)}`, text,
        "aria-label": t("{change} {what} for {name}", { change: text, what, name: label }),
      });
      on(button, "click", () => this.tap({ ...body, delta }).catch(() => {}));
      return button;
    }));
  }

  playerCard(game, player, commanderName) {
    const mine = player.player_id === this.me;
    const card = el("section", {
      class: `life-card${player.out ? " out" : ""}${mine ? " me" : ""}${game.winner === player.player_id ? " won" : ""}`,
      dataset: { player: player.player_id, key: `player:${player.player_id}` },
      "aria-label": player.name,
    },
    el("div", { class: "life-name" },
      el("span", { text: player.name }),
      mine ? el("span", { class: "badge", text: t("you") }) : null,
      player.out ? el("span", { class: "badge out", text: t("out") }) : null,
      badges(game, player)),
    el("div", { class: "life-total", text: String(player.life) }),
    this.stepButtons(player.name, { kind: "life", target: player.player_id }, t("life")));
    const damage = player.damage.map((hit) => el("div", { class: "counter" },
      el("span", { class: "counter-label",
        text: t("from {commander} ({name})", { commander: commanderName(hit.owner, hit.index),
          name: game.players.find((p) => p.player_id === hit.owner)?.name ?? "" }) }),
      el("span", { class: `counter-value${hit.amount >= 21 ? " lethal" : ""}`, text: String(hit.amount) }),
      this.damageSteps(player.name, { kind: "commander_damage", target: player.player_id,
        source: { owner: hit.owner, index: hit.index } }, t("commander damage"), hit.amount)));
    const casts = player.commanders.map((commander) => el("div", { class: "counter" },
      el("span", { class: "counter-label", text: commanderName(player.player_id, commander.index) }),
      commander.placeholder ? null : detailsButton({ name: commander.name }),
      el("span", { class: "counter-value", text: t("tax {n}", { n: commander.tax }) }),
      this.small(commanderName(player.player_id, commander.index), { kind: "commander_cast", target: player.player_id,
        source: { owner: player.player_id, index: commander.index } }, t("casts"), commander.casts)));
    const counters = COUNTERS.map(([kind, name]) => el("div", { class: "counter", dataset: { counter: kind } },
      el("span", { class: "counter-label", text: name() }),
      el("span", { class: "counter-value", text: String(player.counters[kind]) }),
      this.small(player.name, { kind, target: player.player_id }, name(), player.counters[kind])));
    card.append(
      this.details(`${player.player_id}:damage`, t("Commander damage taken"), damage),
      this.details(`${player.player_id}:tax`, t("Commander tax"), casts),
      this.details(`${player.player_id}:counters`, t("Counters"), counters),
      this.details(`${player.player_id}:table`, t("Monarch and initiative"), tableMoves(this, game, player)));
    return card;
  }

  /** −5, −1, +1, +5 and a typed amount, for commander damage (21 takes a few taps). */
  damageSteps(label, body, what, value) {
    const steps = [-5, -1, 1, 5].map((delta) => {
      const text = delta > 0 ? `+${delta}` : `−${-delta}`;
      const node = el("button", { type: "button", class: `btn step ${delta > 0 ? "up" : "down"}`, text,
        disabled: value + delta < 0, "aria-label": t("{change} {what} for {name}", { change: text, what, name: label }) });
      on(node, "click", () => this.tap({ ...body, delta }).catch(() => {}));
      return node;
    });
    const typed = el("input", { type: "number", inputmode: "numeric", min: -value, max: 999, class: "typed-amount",
      "aria-label": t("Amount of {what} for {name}", { what, name: label }) });
    const add = el("button", { type: "button", class: "btn small", text: t("Add") });
    on(add, "click", (event) => {
      // The input on the page, not `typed`: a redraw keeps the first one (and its text).
      const field = event.currentTarget.parentElement.querySelector("input");
      const delta = Number.parseInt(field.value, 10);
      if (!Number.isInteger(delta) || delta === 0) return;
      this.tap({ ...body, delta }).catch(() => {});
    });
    return el("span", { class: "counter-steps damage-steps" }, steps, el("span", { class: "typed" }, typed, add));
  }

  /** −1/+1 for a counter that cannot go below zero. */
  small(label, body, what, value) {
    const minus = el("button", { type: "button", class: "btn step down", text: "−1", disabled: value <= 0,
      "aria-label": t("{change} {what} for {name}", { change: "−1", what, name: label }) });
    const plus = el("button", { type: "button", class: "btn step up", text: "+1",
      "aria-label": t("{change} {what} for {name}", { change: "+1", what, name: label }) });
    on(minus, "click", () => this.tap({ ...body, delta: -1 }).catch(() => {}));
    on(plus, "click", () => this.tap({ ...body, delta: 1 }).catch(() => {}));
    return el("span", { class: "counter-steps" }, minus, plus);
  }

  details(key, title, rows) {
    const node = el("details", { class: "game-more", open: this.open.has(key), dataset: { key } },
      el("summary", { text: title }), rows);
    on(node, "toggle", (event) => {
      if (event.currentTarget.open) this.open.add(key);
      else this.open.delete(key);
    });
    return node;
  }

  /** One change of the log in words ("Host: Bob −3 life"). */
  logLine(entry, names, commanderName) {
    const who = entry.author === "host" ? t("Host") : (names[entry.author] ?? "?");
    const amount = entry.delta > 0 ? `+${entry.delta}` : `−${-entry.delta}`;
    const what = entry.kind === "life" ? t("life")
      : COUNTERS.some(([kind]) => kind === entry.kind) ? COUNTERS.find(([kind]) => kind === entry.kind)[1]()
        : entry.kind === "commander_cast" ? t("casts of {commander}", { commander: commanderName(entry.source?.owner, entry.source?.index) })
          : t("damage from {commander}", { commander: commanderName(entry.source?.owner, entry.source?.index) });
    return moveLine(entry, who, names)
      ?? t("{who}: {target} {amount} {what}", { who, target: names[entry.target] ?? "?", amount, what });
  }

  /** What a screen reader hears: the newest change in one line, once, not the whole board. */
  news(shown, game, names, commanderName) {
    const newest = game.log.at(-1);
    const before = shown && shown.game_id === game.game_id ? (shown.log.at(-1)?.seq ?? 0) : null;
    if (before === null) this.newsText = ""; // a new game: nothing to say yet
    else if (newest && newest.seq > before) this.newsText = this.logLine(newest, names, commanderName);
    return el("p", { class: "visually-hidden", role: "status", dataset: { key: "news" }, text: this.newsText ?? "" });
  }

  recent(game, names, commanderName) {
    const author = this.me ?? "host";
    const rows = game.log.map((entry) => {
      const line = this.logLine(entry, names, commanderName);
      const item = el("li", { class: entry.undone ? "undone" : "", dataset: { key: `log:${entry.seq}` } },
        el("span", { text: line }));
      if (entry.author === author && !entry.undone) {
        const button = el("button", { type: "button", class: "btn small", text: t("Undo") });
        on(button, "click", (event) => {
          const pressed = event.currentTarget; // the button on the page (a redraw keeps it)
          pressed.disabled = true;
          const body = { seq: entry.seq, ref: newRef(), game: game.number };
          this.submit({ via: "undo", table: game.table, body, label: `${t("Undo")}: ${line}` })
            .catch(() => { pressed.disabled = false; });
        });
        item.append(button);
      }
      return item;
    });
    return this.details(`log:${game.table}`, t("Recent changes"),
      rows.length ? el("ol", { class: "plain-list game-log" }, rows) : el("p", { class: "muted", text: t("No changes yet.") }));
  }

  hostControls(game) {
    const select = el("select", { "aria-label": t("Winner of table {n}", { n: game.table }) },
      el("option", { value: "", text: t("No winner yet") }),
      game.players.map((p) => el("option", { value: p.player_id, text: p.name, selected: p.player_id === game.winner })));
    on(select, "change", (event) => this.host.winner(game.table, event.currentTarget.value || null));
    const next = el("button", { type: "button", class: "btn", text: t("Next game at this table") });
    on(next, "click", () => {
      if (window.confirm(t("Start a new game at table {n}?", { n: game.table }))) this.host.next(game.table);
    });
    return el("div", { class: "row wrap game-host" }, select, next);
  }
}
