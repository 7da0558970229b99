// What the whole table shares on the board: whose turn it is, the monarch, the initiative
// and the way through Undercity, and each player's counters (protocol.md, games: moves).
//
// Why the board offers only the rooms the server lists (`undercity.next_rooms`): the map
// is the card's (`pods/undercity.py`), and the phone never guesses a path. A room's effect
// is shown only when the host's card download has Undercity's text (`/api/cards/undercity`);
// without it the room's name alone.
import { api } from "./api.js";
import { el, toast } from "./dom.js";
import { on } from "./patch.js";
import { t } from "./i18n.js";

let rooms = null;
let roomsLoaded = null; // the texts once fetched: a redraw draws them at once

/** Undercity's rooms by name (`{name, next, text}`), fetched once per page. */
function roomTexts() {
  rooms = rooms || api("GET", "/api/cards/undercity").then((map) => {
    roomsLoaded = Object.fromEntries(map.rooms.map((room) => [room.name, room.text]));
    return roomsLoaded;
  }, () => { rooms = null; return {}; });
  return rooms;
}

/** A table move (`end_turn`, `first_player`, `monarch`, `initiative`, `venture`), resent like a tap. */
function send(board, body) {
  return board.act("moves", body).catch(() => {});
}

/** The line above the players: the turn, and the moves this phone (or the host) may make now. */
export function turnBar(board, game) {
  const names = Object.fromEntries(game.players.map((p) => [p.player_id, p.name]));
  const turn = game.turn;
  const me = board.me;
  const bar = el("div", { class: "turn-bar", dataset: { panel: "turn" } },
    el("strong", { class: "turn-number", text: t("Turn {n}", { n: turn.number }) }),
    turn.player_id ? el("span", { class: "turn-player", text: turn.player_id === me ? t("Your turn")
      : t("{name}'s turn", { name: names[turn.player_id] }) }) : null);
  if (game.result) return bar;
  const mine = turn.player_id !== null && (turn.player_id === me || (board.host && me === null));
  if (mine) {
    const monarch = game.monarch === turn.player_id;
    if (monarch) bar.append(el("p", { class: "reminder", text: t("You are the monarch: draw a card at the beginning of your end step.") }));
    const label = me === null ? t("End {name}'s turn", { name: names[turn.player_id] }) : t("End my turn");
    bar.append(el("button", { type: "button", class: "btn primary end-turn", text: label, onclick: () => {
      if (monarch) toast(t("Monarch: did you draw your card?"));
      send(board, { move: "end_turn" });
    } }));
  }
  if (turn.number === 1 && (me !== null || board.host)) {
    const select = el("select", { "aria-label": t("First player") },
      game.players.filter((p) => !p.out).map((p) => el("option", { value: p.player_id, text: p.name,
        selected: p.player_id === turn.first_player_id })));
    on(select, "change", (event) => send(board, { move: "first_player", player_id: event.currentTarget.value }));
    bar.append(el("label", { class: "first-player" }, el("span", { text: t("First player") }), select));
  }
  return bar;
}

/** The holder's venture at the start of their turn: on their own phone, until they ventured. */
export function ventureOffer(board, game) {
  const me = board.me;
  if (game.result || me === null || game.initiative !== me || game.turn.player_id !== me) return null;
  const lastTurn = game.log.find((line) => line.kind === "end_turn" && !line.undone);
  const ventured = game.log.some((line) => !line.undone && line.target === me
    && (line.kind === "venture" || line.kind === "initiative") && (!lastTurn || line.seq > lastTurn.seq));
  if (ventured) return null;
  const player = game.players.find((p) => p.player_id === me);
  return el("section", { class: "venture-offer card", dataset: { panel: "venture" } },
    el("p", { text: t("You have the initiative: venture into Undercity at the start of your turn.") }),
    roomChoices(board, player, "venture"));
}

/** The badges on a player's card: the crown, the initiative and their room, poison. */
export function badges(game, player) {
  const line = [];
  if (game.turn.player_id === player.player_id && !game.result) line.push(el("span", { class: "badge turn", text: t("turn") }));
  if (game.monarch === player.player_id) line.push(el("span", { class: "badge crown", text: `♛ ${t("monarch")}`, title: t("monarch") }));
  if (game.initiative === player.player_id) {
    line.push(el("span", { class: "badge initiative", text: t("initiative") }));
  }
  if (player.undercity.room) {
    line.push(el("span", { class: "badge room", text: player.undercity.room }));
  }
  if (player.counters.poison > 0) line.push(el("span", { class: "badge poison", text: t("poison {n}", { n: player.counters.poison }) }));
  return line;
}

/** The rooms a venture may go to from the player's room, each with its effect when known. */
export function roomChoices(board, player, move) {
  const key = `rooms:${player.player_id}:${move}`;
  const list = el("div", { class: "room-choices", dataset: { key } });
  const draw = (into, texts) => into.replaceChildren(...player.undercity.next_rooms.map((room) => el("button", {
    type: "button", class: "btn room-choice", dataset: { room },
    "aria-label": t("Venture into {room}", { room }),
    onclick: () => send(board, { move, player_id: player.player_id, room }),
  }, el("strong", { text: room }), texts[room] ? el("span", { class: "room-text", text: texts[room] }) : null)));
  draw(list, roomsLoaded || {});
  // A board redraw keeps the list already on the page: the texts go there when they come.
  if (!roomsLoaded) {
    roomTexts().then((texts) => draw(document.querySelector(`[data-key="${CSS.escape(key)}"]`) || list, texts));
  }
  return list;
}

/** In a player's card: make them the monarch, give them the initiative, their Undercity. */
export function tableMoves(board, game, player) {
  const rows = [];
  if (game.result || player.out) return rows;
  const self = player.player_id === board.me;
  if (game.monarch !== player.player_id) {
    rows.push(el("button", { type: "button", class: "btn", text: self ? t("Become the monarch")
      : t("Make {name} the monarch", { name: player.name }),
    onclick: () => send(board, { move: "monarch", player_id: player.player_id }) }));
  }
  rows.push(el("div", { class: "initiative" },
    el("p", { class: "muted", text: self ? t("Take the initiative: venture into") : t("{name} takes the initiative: venture into", { name: player.name }) }),
    roomChoices(board, player, "initiative")));
  const room = player.undercity.room;
  rows.push(el("p", { class: "muted undercity-line", text: room
    ? t("Undercity: {room} · completed {n}", { room, n: player.undercity.completed })
    : t("Undercity: not entered · completed {n}", { n: player.undercity.completed }) }));
  if (game.initiative === player.player_id && (self || board.me === null)) {
    rows.push(el("p", { text: t("Venture into Undercity") }), roomChoices(board, player, "venture"));
  }
  return rows;
}

/** The log line of a move of the whole table, or null for a tap. */
export function moveLine(entry, who, names) {
  const target = names[entry.target] ?? "?";
  switch (entry.kind) {
    case "end_turn": return t("{who} ended the turn", { who });
    case "first_player": return t("{who}: {target} goes first", { who, target });
    case "monarch": return t("{who}: {target} becomes the monarch", { who, target });
    case "initiative": return t("{who}: {target} takes the initiative ({room})", { who, target, room: entry.room });
    case "venture": return t("{who}: {target} ventures into {room}", { who, target, room: entry.room });
    default: return null;
  }
}
