// The deck builder (phase `building`). The local draft of the deck is the truth while the
// player edits (kept in localStorage so a reload loses nothing); the server's report is
// the truth about legality and is shown next to the cards it names.
import { api } from "./api.js";
import { $, el, toast } from "./dom.js";
import { t, tn } from "./i18n.js";
import { byTypeThenCost, cardRow, colorDots, colorName, isLand } from "./cards.js";
import { barChart, updateBarChart } from "./charts.js";
import { BASICS, splitBasics } from "./lands.js";
import { manaSymbols } from "./mana.js";
import { patchChildren } from "./patch.js";
import { deckSizeOk, houseRulesText } from "./line_up.js";
import { newRef } from "./game_queue.js";

const DECK_SIZE = 60;
const COLORS = ["W", "U", "B", "R", "G"];
const MAX_COMMANDERS = 2;
// Why two commanders may lead together (pods.commander_choices.PairRule). Keywords are
// printed on the (English) cards, so they stay as printed; the grant is explained.
const PAIR_RULES = {
  partner: () => "Partner",
  partner_with: () => "Partner with",
  friends_forever: () => "Friends forever",
  background: () => "Choose a Background",
  granted_partner: () => t("partner, granted by Commander Masters"),
};

export class DeckBuilder {
  /** `queue`: the phone's queue (`game_queue.js`), which keeps a submit made while the
   * server is away and sends it, once (its `ref`), when the server answers again. */
  constructor({ pod, token, queue = null }) {
    this.pod = pod;
    this.token = token;
    this.queue = queue;
    this.storageKey = `prismatic:deck:${pod}`;
    this.pool = [];
    this.byId = new Map();
    this.deck = null; // {commanders, main: Set, basics}
    this.report = null;
    this.choices = { eligible: [], pairs: [] }; // the server's "Your commanders"
    this.openPairs = new Set(); // card ids whose "Pairs with…" list the player opened
    this.dirty = false;
    this.saving = false;
    this.view = null;
    this.forget();
    $("#add-piper").addEventListener("click", () => this.addPiper($("#piper-color").value, $("#piper-name").value));
    $("#suggest-lands").addEventListener("click", () => this.suggestLands());
    $("#submit-deck").addEventListener("click", () => this.submit());
    $("#add-in-colors").addEventListener("click", () => this.addInColors());
    $("#suggest-deck").addEventListener("click", () => this.suggestDeck());
    this.compactWhileScrolling();
  }

  /** The summary (count, identity, curve) shrinks to one line once the page scrolls
   * past its place, so the sticky bar never covers a quarter of a phone's screen. */
  compactWhileScrolling() {
    const summary = $("#deck-summary");
    const mark = el("div", { class: "summary-mark", "aria-hidden": "true" });
    summary.before(mark);
    if (!("IntersectionObserver" in window)) return;
    new IntersectionObserver(([entry]) => summary.classList.toggle("compact", !entry.isIntersecting),
      { rootMargin: "-56px 0px 0px 0px" }).observe(mark);
  }

  render(view) {
    // Other players' submissions bump the version too; redraw only when our inputs
    // changed, so focus and scroll stay put while someone edits.
    const pool = view.pool || [];
    const choices = view.commander_choices || { eligible: [], pairs: [] };
    const fresh = !this.deck || pool.length !== this.pool.length
      || JSON.stringify(choices) !== JSON.stringify(this.choices);
    this.view = view;
    this.showAddable(view.addable_commanders || []);
    this.pool = pool;
    this.choices = choices;
    this.byId = new Map(this.pool.map((card) => [card.id, card]));
    if (!this.deck) this.deck = this.initialDeck(view);
    const report = !this.report && view.deck && view.deck.report;
    if (report) this.report = report;
    if (fresh) this.forget();
    if (fresh || report) this.draw();
  }

  /** Forget what was drawn (a new pool or new commander choices): the next draw builds
   * every part again. Until then a draw redraws only the parts whose inputs changed, and
   * of the cards only the rows whose look changed. Why: one Add moves one row, and on a
   * cheap phone building 60 rows to compare with the page was most of a tap (issue #46). */
  forget() {
    this.drawn = new Map(); // part → the key of the inputs it was last drawn from
    this.rows = new Map(); // card id → { key, node }: a row on the page and what it shows
    this.sortedPool = [...this.pool].sort(byTypeThenCost);
  }

  /** Whether `part` must be drawn for inputs `key` (a string): not when it was last drawn
   * from the same; notes `key` as drawn. */
  stale(part, key) {
    if (this.drawn.get(part) === key) return false;
    this.drawn.set(part, key);
    return true;
  }

  initialDeck(view) {
    const saved = readJson(this.storageKey);
    const source = saved || (view.deck && view.deck.deck) || null;
    const deck = { commanders: [], main: new Set(), basics: {} };
    if (source) {
      deck.commanders = (source.commanders || []).filter((c) => c.piper || this.byId.has(c.card_id));
      for (const id of source.main || []) if (this.byId.has(id)) deck.main.add(id);
      deck.basics = { ...(source.basics || {}) };
      this.dirty = Boolean(saved && saved.dirty);
    }
    return deck;
  }

  persist() {
    const { commanders, main, basics } = this.deck;
    writeJson(this.storageKey, { commanders, main: [...main], basics, dirty: this.dirty });
  }

  changed() {
    this.dirty = true;
    this.persist();
    this.draw();
  }

  // --- facts ---------------------------------------------------------------------------

  commanderIds() {
    return new Set(this.deck.commanders.filter((c) => !c.piper).map((c) => c.card_id));
  }

  identity() {
    const colors = new Set();
    for (const commander of this.deck.commanders) {
      if (commander.piper) colors.add(commander.color);
      else for (const c of this.byId.get(commander.card_id)?.color_identity || []) colors.add(c);
    }
    return COLORS.filter((c) => colors.has(c));
  }

  basicCount() {
    return Object.values(this.deck.basics).reduce((sum, n) => sum + (Number(n) || 0), 0);
  }

  size() {
    return this.deck.commanders.length + this.deck.main.size + this.basicCount();
  }

  mainCards() {
    return [...this.deck.main].map((id) => this.byId.get(id)).filter(Boolean);
  }

  /** `identity`: the commanders' colors as a Set, when the caller has them at hand. */
  offColor(card, identity = new Set(this.identity())) {
    if (!this.deck.commanders.length) return false;
    return (card.color_identity || []).some((c) => !identity.has(c));
  }

  // --- edits ---------------------------------------------------------------------------

  toggleMain(id) {
    // The pressed row leaves its list: the focus goes to the row that takes its place
    // (or the one before), not to the page body.
    const row = document.activeElement?.closest?.(".deck-row");
    const stay = row && (row.nextElementSibling || row.previousElementSibling);
    if (this.deck.main.has(id)) this.deck.main.delete(id);
    else this.deck.main.add(id);
    this.changed();
    if (stay?.isConnected) stay.querySelector(".row-actions button:last-child")?.focus();
  }

  makeCommander(id) {
    if (this.deck.commanders.length >= MAX_COMMANDERS) {
      toast(t("Choose up to two commanders: legends from your pool, or The Prismatic Piper in a color."));
      return;
    }
    this.deck.main.delete(id);
    this.deck.commanders.push({ card_id: id });
    this.changed();
  }

  /** The choose-a-color commanders this draft's boosters allow (CR 903.13e). */
  showAddable(names) {
    const select = $("#piper-name");
    if (select.options.length !== names.length) {
      select.replaceChildren(...names.map((name) => el("option", { value: name, text: name })));
    }
    $("#piper-name-field").hidden = names.length < 2;
    const add = $("#add-piper");
    add.hidden = names.length === 0;
    // One card to add: name it (Faceless One after a Baldur's Gate draft, not "a Piper").
    if (names.length === 1) add.textContent = t("Add {name} as a commander", { name: names[0] });
  }

  addPiper(color, name) {
    if (this.deck.commanders.length >= MAX_COMMANDERS) {
      toast(t("Choose up to two commanders: legends from your pool, or The Prismatic Piper in a color."));
      return;
    }
    this.deck.commanders.push(name ? { piper: true, color, name } : { piper: true, color });
    this.changed();
  }

  /** A quick start: every non-commander pool card inside the commanders' identity. */
  addInColors() {
    const commanders = this.commanderIds();
    for (const card of this.pool) {
      if (!commanders.has(card.id) && !this.offColor(card)) this.deck.main.add(card.id);
    }
    this.changed();
  }

  removeCommander(index) {
    this.deck.commanders.splice(index, 1);
    this.changed();
  }

  stepBasic(color, delta) {
    const name = BASICS[color];
    this.deck.basics[name] = Math.max(0, (this.deck.basics[name] || 0) + delta);
    if (!this.deck.basics[name]) delete this.deck.basics[name];
    this.changed();
  }

  /** Fill up to 60 with basics, split by the colored symbols of the spells in the deck. */
  suggestLands() {
    const free = DECK_SIZE - this.deck.commanders.length - this.deck.main.size;
    const identity = this.identity();
    const weights = Object.fromEntries(identity.map((c) => [c, 0]));
    for (const card of this.mainCards()) {
      if (isLand(card)) continue;
      for (const symbol of manaSymbols(card.mana_cost)) {
        for (const part of symbol.split("/")) if (part in weights) weights[part] += 1;
      }
    }
    this.deck.basics = splitBasics(Math.max(0, free), weights);
    this.changed();
  }

  /** Ask the server for up to three suggested decks and fill the builder with the best.
   * Only this phone's draft of the deck changes: the player edits, then submits. */
  async suggestDeck() {
    const button = $("#suggest-deck");
    if (button.disabled) return;
    button.disabled = true;
    button.textContent = t("Suggesting…");
    try {
      const { suggestions } = await api("POST", `/api/pods/${encodeURIComponent(this.pod)}/deck/suggestion`, { token: this.token });
      if (suggestions.length) this.useSuggestion(suggestions[0], suggestions);
      else toast(t("No card of your pool can lead a deck, and this draft adds no Piper."));
    } catch (problem) {
      toast(problem.message);
    } finally {
      button.disabled = false;
      button.textContent = t("Suggest a deck");
    }
  }

  useSuggestion(chosen, all) {
    this.deck = {
      commanders: chosen.commanders.map((c) => ({ ...c })),
      main: new Set(chosen.main.filter((id) => this.byId.has(id))),
      basics: { ...chosen.basics },
    };
    this.changed();
    const others = all.filter((s) => s !== chosen);
    $("#suggestion").replaceChildren(
      el("p", { class: "ok", text: t("Suggested: {names}. Change anything, then submit.", { names: chosen.names.join(" & ") }) }),
      el("ul", { class: "suggestion-notes" }, chosen.notes.map((note) => el("li", { text: note.message }))),
      ...(others.length ? [
        el("p", { class: "muted", text: t("Other choices:") }),
        el("div", { class: "row wrap" }, others.map((other) => el("button", {
          type: "button", class: "btn small", onclick: () => this.useSuggestion(other, all),
        }, t("Use {names} ({colors})", { names: other.names.join(" & "), colors: other.color_identity.join("/") })))),
      ] : []));
  }

  async submit() {
    if (this.queue) {
      // A fresh ref per submit: the queue resends it as it is, the server stores it once.
      this.queue.push({ via: "deck", body: { ...this.body(), ref: newRef() }, label: t("Your deck") });
      return;
    }
    if (this.saving) return;
    this.saving = true;
    const button = $("#submit-deck");
    button.disabled = true;
    button.textContent = t("Submitting…");
    const body = this.body();
    try {
      this.submitted(await api("PUT", `/api/pods/${encodeURIComponent(this.pod)}/deck`, { token: this.token, body }), body);
    } catch (problem) {
      toast(problem.message);
    } finally {
      this.saving = false;
      button.disabled = false;
      button.textContent = t("Submit deck");
      this.draw();
    }
  }

  /** The deck as `PUT deck` takes it. */
  body() {
    return { commanders: this.deck.commanders, main: [...this.deck.main], basics: this.deck.basics };
  }

  /** The server stored the submit of `sent` (`result` is the deck as stored now): its
   * report shows, and the draft here is no longer ahead of it unless edited since. */
  submitted(result, sent) {
    this.report = result.report;
    if (JSON.stringify(sent) === JSON.stringify(this.body())) this.dirty = false;
    this.persist();
    toast(this.report && this.report.legal ? t("Deck submitted: legal.") : t("Deck submitted, but not legal yet."));
    this.draw();
  }

  /** "N changes waiting" beside the submit button while the server is away. */
  showWaiting(count) {
    const node = $("#deck-waiting");
    if (!node) return;
    node.hidden = count === 0;
    node.textContent = tn("{n} change waiting", "{n} changes waiting", count);
  }

  // --- drawing -------------------------------------------------------------------------

  draw() {
    this.drawSummary();
    const commanders = JSON.stringify([this.deck.commanders, this.view?.addable_commanders]);
    if (this.stale("commanders", commanders)) this.drawCommanders();
    if (this.stale("basics", `${commanders}${JSON.stringify(this.deck.basics)}`)) this.drawBasics();
    if (this.stale("problems", JSON.stringify(this.report))) this.drawProblems();
    this.drawCards();
  }

  drawSummary() {
    const size = this.size();
    const identity = this.identity();
    const curve = new Array(8).fill(0);
    const colorCounts = Object.fromEntries([...COLORS, "C"].map((c) => [c, 0]));
    for (const card of this.mainCards()) {
      if (isLand(card)) continue;
      curve[Math.min(7, Math.floor(card.mana_value || 0))] += 1;
      const colors = card.colors && card.colors.length ? card.colors : ["C"];
      for (const c of colors) colorCounts[c] += 1;
    }
    const summary = $("#deck-summary");
    const curveBars = curve.map((n, i) => [i === 7 ? "7+" : String(i), n, "curve"]);
    const colorBars = [...COLORS, "C"].map((c) => [c, colorCounts[c], `ms-${c.toLowerCase()}`, colorName(c)]);
    const [curveChart, colorChart] = summary.querySelectorAll(".chart");
    const charts = updateBarChart(curveChart, t("Mana curve"), curveBars)
      && updateBarChart(colorChart, t("Colors"), colorBars)
      ? summary.querySelector(".charts")
      : el("div", { class: "charts" }, barChart(t("Mana curve"), curveBars), barChart(t("Colors"), colorBars));
    patchChildren(summary, [
      el("div", { class: "summary-top" },
        el("strong", { class: `count ${deckSizeOk(this.view, size) ? "ok" : "off"}`, id: "deck-count", title: houseRulesText(this.view || {}), text: t("{n}/60 cards", { n: size }) }),
        el("span", { class: "identity" },
          el("span", { class: "muted", text: `${t("Color identity")}: ` }),
          identity.length ? colorDots(identity) : el("span", { class: "muted", text: this.deck.commanders.length ? t("Colorless") : t("none yet") })),
        this.verdict()),
      charts]);
  }

  verdict() {
    if (!this.report) return null;
    const stale = this.dirty ? " stale" : "";
    // The words, and a mark the one-line (scrolled) summary shows in their place.
    return el("span", { class: `verdict ${this.report.legal ? "ok" : "off"}${stale}` },
      el("span", { class: "verdict-words", text: this.report.legal ? t("Deck submitted: legal.") : t("Deck submitted, but not legal yet.") }),
      el("span", { class: "verdict-mark", text: this.report.legal ? "✓" : "✗" }),
      // The list sits under the summary; the link reaches it from the one-line summary too.
      this.report.legal ? null : el("a", { class: "fix-link", href: "#deck-problems", text: t("What to fix") }));
  }

  drawCommanders() {
    const rows = this.deck.commanders.map((commander, index) => {
      const remove = el("button", { type: "button", class: "btn small", onclick: () => this.removeCommander(index) }, t("Remove"));
      if (commander.piper) {
        return el("div", { class: "commander" },
          el("span", { class: "card-name", text: commander.name || (this.view?.addable_commanders || [])[0] || "The Prismatic Piper" }),
          colorDots([commander.color]), remove);
      }
      const card = this.byId.get(commander.card_id);
      return el("div", { class: "commander" }, cardRow(card), remove);
    });
    patchChildren($("#commanders"), rows);
    this.drawChoices();
    const full = this.deck.commanders.length >= MAX_COMMANDERS;
    $("#add-piper").disabled = full;
    $("#piper-color").disabled = full;
    $("#add-in-colors").disabled = !this.deck.commanders.length;
  }

  /** Every candidate of the pool, each with the cards it may lead beside and why; a
   * candidate that pairs with the commander already chosen says so first. */
  drawChoices() {
    const chosen = this.commanderIds();
    const partners = new Map();
    for (const { cards: [a, b], rule } of this.choices.pairs) {
      for (const [one, other] of [[a, b], [b, a]]) {
        if (!partners.has(one)) partners.set(one, []);
        partners.get(one).push({ other, rule });
      }
    }
    const rows = this.choices.eligible.map((id) => this.byId.get(id)).filter(Boolean).map((card) => {
      const mine = partners.get(card.id) || [];
      const withChosen = mine.filter((p) => chosen.has(p.other));
      // Folded: a partner legend's list repeated on every row made the builder ten screens
      // tall on a phone. A list the player opened stays open across redraws.
      const notes = mine.length ? el("details", { class: "pair-note muted", dataset: { key: `pairs:${card.id}` },
        open: this.openPairs.has(card.id),
        ontoggle: (event) => {
          if (event.currentTarget.open) this.openPairs.add(card.id);
          else this.openPairs.delete(card.id);
        } },
      el("summary", { text: tn("Pairs with {n} commander", "Pairs with {n} commanders", mine.length) }),
      el("p", { text: t("Pairs with {names}", {
        names: mine.map((p) => `${this.byId.get(p.other)?.name ?? "?"} (${PAIR_RULES[p.rule]?.() ?? p.rule})`).join(", "),
      }) })) : null;
      const actions = [];
      if (chosen.has(card.id)) {
        actions.push(el("span", { class: "badge", text: t("Chosen") }));
      } else if (this.deck.commanders.length < MAX_COMMANDERS) {
        actions.push(el("button", { type: "button", class: "btn small", onclick: () => this.makeCommander(card.id) }, t("Make commander")));
      }
      return el("li", { class: `deck-row choice${withChosen.length ? " pairs-now" : ""}`, dataset: { cardId: card.id, key: card.id } },
        cardRow(card, el("span", { class: "row-actions" }, actions)),
        withChosen.length ? el("div", { class: "pair-note ok", text: t("Pairs with your commander") }) : null,
        notes);
    });
    patchChildren($("#commander-choices"), rows);
  }

  drawBasics() {
    const identity = new Set(this.identity());
    const colors = [...COLORS, "C"];
    patchChildren($("#basics"), colors.map((color) => {
      const name = BASICS[color];
      const count = this.deck.basics[name] || 0;
      const dim = this.deck.commanders.length && color !== "C" && !identity.has(color) && !count;
      return el("div", { class: `stepper${dim ? " dim" : ""}`, dataset: { basic: name } },
        colorDots([color]),
        el("span", { class: "basic-name", text: name }),
        el("button", { type: "button", class: "btn step", "aria-label": t("fewer {name}", { name }), disabled: count === 0, onclick: () => this.stepBasic(color, -1) }, "−"),
        el("output", { class: "basic-count", text: String(count), "aria-live": "polite" }),
        el("button", { type: "button", class: "btn step", "aria-label": t("more {name}", { name }), onclick: () => this.stepBasic(color, 1) }, "+"));
    }));
  }

  problemsFor(card) {
    if (!this.report) return [];
    return (this.report.problems || []).filter((p) => p.card !== null && p.card !== undefined
      && (p.card === card.id || p.card === card.name || (p.params && p.params.card_id === card.id)));
  }

  drawProblems() {
    const box = $("#deck-problems");
    const problems = this.report && !this.report.legal ? (this.report.problems || []) : [];
    patchChildren(box, problems.length ? [
      el("p", { class: "error", text: t("What to fix:") }),
      el("ul", { class: "problem-list" }, problems.map((p) => el("li", { text: p.message || p.code }))),
    ] : []);
  }

  drawCards() {
    const commanders = this.commanderIds();
    const identity = new Set(this.identity());
    const canLead = this.deck.commanders.length < MAX_COMMANDERS;
    const inDeck = [];
    const side = [];
    for (const card of this.sortedPool) {
      if (commanders.has(card.id)) continue;
      const included = this.deck.main.has(card.id);
      (included ? inDeck : side).push(this.row(card, included, canLead, identity));
    }
    if (!$("#in-deck")) {
      $("#deck-cards").replaceChildren(el("h2", { id: "in-deck-title" }), el("ul", { class: "deck-list", id: "in-deck" }),
        el("h2", { id: "sideboard-title" }), el("ul", { class: "deck-list", id: "sideboard" }));
    }
    setText($("#in-deck-title"), `${t("In deck")} · ${tn("{n} card", "{n} cards", inDeck.length)}`);
    setText($("#sideboard-title"), `${t("Sideboard")} · ${tn("{n} card", "{n} cards", side.length)}`);
    for (const [list, rows] of [[$("#in-deck"), inDeck], [$("#sideboard"), side]]) {
      patchChildren(list, rows);
      // A changed row was patched into the one on the page: remember the page's node.
      for (const node of list.children) this.rows.get(node.dataset.cardId).node = node;
    }
  }

  /** The row of `card` in the deck (`included`) or the sideboard: the one on the page when
   * it would look the same, else a fresh drawing of it. */
  row(card, included, canLead, identity) {
    const problems = this.problemsFor(card).map((p) => p.message || p.code);
    const offColor = this.offColor(card, identity);
    const key = JSON.stringify([included, offColor, canLead && Boolean(card.can_be_commander), problems]);
    const drawn = this.rows.get(String(card.id));
    if (drawn && drawn.key === key) return drawn.node;
    const node = this.drawRow(card, included, problems, offColor, canLead);
    this.rows.set(String(card.id), { key, node });
    return node;
  }

  drawRow(card, included, problems, offColor, canLead) {
    const notes = problems.map((text) => el("div", { class: "problem", text }));
    if (included && offColor && !notes.length) {
      notes.push(el("div", { class: "problem", text: t("Outside your commanders' colors") }));
    }
    const actions = [];
    if (!included && card.can_be_commander && canLead) {
      actions.push(el("button", { type: "button", class: "btn small", onclick: () => this.makeCommander(card.id) }, t("Make commander")));
    }
    actions.push(el("button", {
      type: "button", class: `btn small ${included ? "" : "primary"}`,
      "aria-label": `${included ? t("Remove") : t("Add")} ${card.name}`,
      onclick: () => this.toggleMain(card.id),
    }, included ? t("Remove") : t("Add")));
    // In the deck an off-color card is a problem (red); in the sideboard it is just dimmed.
    const dim = offColor ? (included ? " off-color" : " dim") : "";
    return el("li", { class: `deck-row${notes.length ? " has-problem" : ""}${dim}`, dataset: { cardId: card.id, key: card.id } },
      cardRow(card, el("span", { class: "row-actions" }, actions)), ...notes);
  }
}

function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

function readJson(key) {
  try { return JSON.parse(localStorage.getItem(key) || "null"); } catch { return null; }
}

function writeJson(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* quota or private mode */ }
}
