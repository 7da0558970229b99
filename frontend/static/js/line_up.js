// Which set each round opens and the pod's house rules: the same words on the host
// screen, the lobby and the pick screen (every phone sees what the table plays by).
import { t } from "./i18n.js";

/** "CMM · CLB · CLB", or the one set of a single-set pod. */
export function lineUpText(view) {
  const sets = view.line_up || [view.set];
  return new Set(sets).size > 1 ? sets.join(" · ") : sets[0];
}

/** "Pack 2 opens CLB": the set of the round being drafted. */
export function roundSetText(view) {
  return t("Pack {round} opens {set}", { round: Math.max(view.round || 1, 1), set: view.round_set || view.set });
}

/** "Starting life 40 · Decks of at least 60 cards". */
export function houseRulesText(view) {
  const rules = view.house_rules;
  if (!rules) return "";
  const size = rules.deck_size === "exact"
    ? t("Decks of exactly {n} cards", { n: rules.deck_cards })
    : t("Decks of at least {n} cards", { n: rules.deck_cards });
  return `${t("Starting life {life}", { life: rules.starting_life })} · ${size}`;
}

/** Is a deck of `size` cards the right size under the pod's house rule? */
export function deckSizeOk(view, size) {
  const rules = view && view.house_rules;
  const wanted = rules ? rules.deck_cards : 60;
  return rules && rules.deck_size === "exact" ? size === wanted : size >= wanted;
}

const REVEAL = {
  nobody: "Nobody sees the draft picks afterwards.",
  own_seat: "After the draft, each player sees their own picks only.",
  after_draft: "After the draft, everyone sees every seat's picks.",
  after_night: "Each player sees their own picks after the draft, everyone's once the host ends the night.",
};

/** The host's reveal rule in words (`replay_visibility`, docs/protocol.md "The reveal"). */
export function revealText(mode) {
  return REVEAL[mode] ? t(REVEAL[mode]) : "";
}
