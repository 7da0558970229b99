// The end of a table's game on the board: conceding, a draw, the result and who confirmed
// it, achievements; on the host screen also calling time and correcting the result.
//
// Why the phone never decides the result: the server folds it from the game's log
// (protocol.md, "How a game ends"); the panel only draws `game.result` and sends moves.
// A confirmation names the result it saw (`result_seq`), so a result that changed while
// the player read it is refused instead of being confirmed blindly.
import { el } from "./dom.js";
import { on } from "./patch.js";
import { t } from "./i18n.js";

function button(text, onClick, extra = {}) {
  const node = el("button", { type: "button", class: "btn", text, ...extra });
  on(node, "click", (event) => {
    const pressed = event.currentTarget; // the button on the page (a redraw keeps it)
    pressed.disabled = true;
    Promise.resolve(onClick(pressed)).catch(() => {}).finally(() => { pressed.disabled = false; });
  });
  return node;
}

/** "I concede" with a confirm step drawn in place (a phone's dialog would be easy to tap by mistake). */
function concedeControl(board, game) {
  const box = el("div", { class: "row wrap concede" });
  // The box on the page (`pressed.parentElement`), not `box`: a board redraw keeps the first.
  const ask = button(t("I concede"), (pressed) => {
    pressed.parentElement.replaceChildren(
      el("span", { class: "concede-ask", text: t("Concede this game?") }),
      button(t("Yes, concede"), () => board.act("concede", {}), { class: "btn danger" }),
      button(t("Cancel"), (cancel) => cancel.parentElement.replaceChildren(ask)));
  }, { class: "btn danger" });
  box.append(ask);
  return box;
}

function placingsList(game, names) {
  const result = game.result;
  return el("ol", { class: "plain-list placings" }, result.placings.map((p) => el("li", {
    dataset: { player: p.player_id },
  }, el("strong", { class: "place", text: t("{n}.", { n: p.place }) }),
  el("span", { class: "placing-name", text: names[p.player_id] ?? "?" }),
  p.place === 1 ? el("span", { class: "badge first", text: result.draw ? t("draw") : t("winner") }) : null)));
}

/** Whether the result counts for the season yet, and why not (protocol.md, "How a game ends"). */
function countsLine(result) {
  if (result.counts) return el("p", { class: "muted result-counts", text: t("This result counts for the season.") });
  const text = result.disputed.length ? t("Disputed: the host decides this result.")
    : t("Pending: another player at the table or the host confirms this result.");
  return el("p", { class: "result-pending", text });
}

/** Confirm or dispute: for the players other than the reporter, and for the host. */
function confirmControls(board, result) {
  const me = board.me;
  const seq = { result_seq: result.result_seq };
  const confirm = () => button(t("Confirm"), () => board.act("confirm", seq), { class: "btn primary confirm-result" });
  if (!me) return result.counts ? [] : [confirm()];
  if (result.reported_by === me) {
    return [el("p", { class: "muted own-result", text: t("You reported this result; another player at the table confirms it.") })];
  }
  if (result.confirmed.includes(me)) {
    return [el("p", { class: "muted", text: t("You confirmed this result.") })];
  }
  const dispute = result.disputed.includes(me)
    ? el("span", { class: "muted", text: t("You disputed this result.") })
    : button(t("Dispute"), () => board.act("dispute", seq), { class: "btn danger dispute-result" });
  return [el("div", { class: "row wrap" }, confirm(), dispute)];
}

function resultPanel(board, game, names) {
  const result = game.result;
  const who = (id) => (id === "host" ? t("Host") : (names[id] ?? "?"));
  const confirmed = result.confirmed.map(who);
  const head = el("div", { class: "game-head" },
    el("strong", { text: result.draw ? t("Result: a draw") : t("Result") }),
    result.by_host ? el("span", { class: "badge", text: t("set by the host") }) : null);
  const nodes = [head, placingsList(game, names),
    el("p", { class: "muted confirmations", text: confirmed.length
      ? t("Confirmed by {names}", { names: confirmed.join(", ") })
      : t("Nobody has confirmed this result yet.") }),
    countsLine(result), ...confirmControls(board, result)];
  if (result.awards.length) {
    nodes.push(el("ul", { class: "plain-list awards" }, result.awards.map((a) => el("li", {
      text: t("{name}: {achievement} (+{points})", { name: names[a.player_id] ?? "?", achievement: a.achievement, points: a.points }),
    }))));
  }
  return el("section", { class: "game-result", "aria-label": t("Result") }, nodes);
}

function drawControls(board, game, names) {
  const me = board.me;
  const still = game.players.filter((p) => !p.out);
  const votes = game.draw_votes;
  const nodes = [];
  if (votes.length) {
    nodes.push(el("p", { class: "muted draw-votes", text: t("Draw offered: {agreed} of {total} agree ({names})", {
      agreed: votes.length, total: still.length, names: votes.map((v) => names[v.player_id] ?? "?").join(", "),
    }) }));
  }
  const mine = votes.find((v) => v.player_id === me);
  const meIn = still.some((p) => p.player_id === me);
  if (mine) {
    nodes.push(button(t("Take back my draw offer"), () => board.act("undo", { seq: mine.seq })));
  } else if (meIn) {
    nodes.push(button(votes.length ? t("Agree to a draw") : t("Offer a draw"), () => board.act("draw", {}),
      { class: "btn offer-draw" }));
  }
  return nodes;
}

function achievementControls(board, game, names) {
  const me = board.me;
  if (!game.achievements.length && !game.claims.length) return null;
  const rows = game.claims.map((claim) => {
    const who = names[claim.player_id] ?? "?";
    const item = el("li", { class: claim.confirmed_by ? "confirmed" : "", dataset: { key: `claim:${claim.seq}` } },
      el("span", { text: t("{name}: {achievement} (+{points})", { name: who, achievement: claim.achievement, points: claim.points }) }),
      el("span", { class: `badge${claim.confirmed_by ? " first" : ""}`, text: claim.confirmed_by ? t("confirmed") : t("waiting") }));
    if (!claim.confirmed_by && claim.player_id !== me) {
      item.append(button(t("Confirm"), () => board.act(`claims/${claim.seq}/confirm`, {}), { class: "btn small" }));
    }
    if (claim.player_id === me) {
      item.append(button(t("Withdraw"), () => board.act("undo", { seq: claim.seq }), { class: "btn small" }));
    }
    return item;
  });
  const nodes = [rows.length ? el("ul", { class: "plain-list claims" }, rows) : el("p", { class: "muted", text: t("No claims yet.") })];
  if (me && game.achievements.length) {
    const select = el("select", { "aria-label": t("Achievement") }, game.achievements.map((a) =>
      el("option", { value: a.name, text: t("{achievement} (+{points})", { achievement: a.name, points: a.points }) })));
    nodes.push(el("div", { class: "row wrap claim" }, select,
      button(t("Claim"), (pressed) => board.act("claims", {
        achievement: pressed.parentElement.querySelector("select").value }))));
  }
  return board.details(`claims:${game.table}`, t("Achievements"), nodes);
}

function hostResult(board, game) {
  const places = game.players.map((p) => {
    const current = game.result?.placings.find((x) => x.player_id === p.player_id)?.place;
    const select = el("select", { "aria-label": t("Place of {name}", { name: p.name }), dataset: { player: p.player_id } },
      game.players.map((_, index) => el("option", { value: String(index + 1), text: String(index + 1), selected: current === index + 1 })));
    return el("label", { class: "row place-pick" }, el("span", { text: p.name }), select);
  });
  // Two or more first places are a draw, one is a win: the places say it, no extra box.
  // The selects on the page, not `places`: a board redraw keeps the first ones (and their choice).
  const save = button(t("Save the result"), (pressed) => {
    const selects = [...pressed.closest("details").querySelectorAll("select[data-player]")];
    const placings = selects.map((select) => ({ player_id: select.dataset.player, place: Number(select.value) }));
    const best = Math.min(...placings.map((p) => p.place));
    const draw = placings.filter((p) => p.place === best).length > 1;
    return board.host.correct(game.table, { placings, draw });
  });
  const clear = button(t("Back to the table's result"), () => board.host.correct(game.table, { placings: null }));
  const nodes = [...places, el("p", { class: "muted", text: t("Players sharing the first place draw.") }),
    el("div", { class: "row wrap" }, save, clear)];
  return board.details(`correct:${game.table}`, t("Correct the result"), nodes);
}

/** The result, drawn above the life totals: once a game ends it is what the table reads. */
export function resultOf(board, game) {
  const names = Object.fromEntries(game.players.map((p) => [p.player_id, p.name]));
  return game.result ? [resultPanel(board, game, names)] : [];
}

/** The end-of-game moves under the board for this phone (or the host). */
export function endPanel(board, game) {
  const names = Object.fromEntries(game.players.map((p) => [p.player_id, p.name]));
  const nodes = [];
  const me = game.players.find((p) => p.player_id === board.me);
  if (!game.result) {
    const moves = drawControls(board, game, names);
    if (me && !me.out) moves.unshift(concedeControl(board, game));
    if (board.host) moves.push(button(t("Call time (a draw)"), () => board.act("time", {}), { class: "btn call-time" }));
    if (moves.length) nodes.push(el("div", { class: "game-end" }, moves));
  }
  if (me && me.conceded) {
    nodes.push(button(t("Take back my concession"), () => board.act("undo", { seq: me.conceded })));
  }
  const claims = achievementControls(board, game, names);
  if (claims) nodes.push(claims);
  if (board.host) nodes.push(hostResult(board, game));
  return nodes;
}
