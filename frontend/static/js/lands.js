// Basic lands for a deck: which basic makes which color, and a suggested split.
// Why largest remainder: rounding each share on its own can give 59 or 61 lands.

export const BASICS = { W: "Plains", U: "Island", B: "Swamp", R: "Mountain", G: "Forest", C: "Wastes" };

/** Largest-remainder split of `total` lands by weight; Wastes when there is no color. */
export function splitBasics(total, weights) {
  const colors = Object.keys(weights);
  if (!total) return {};
  if (!colors.length) return { Wastes: total };
  let sum = colors.reduce((s, c) => s + weights[c], 0);
  const w = sum ? weights : Object.fromEntries(colors.map((c) => [c, 1]));
  sum = sum || colors.length;
  const exact = colors.map((c) => [c, (total * w[c]) / sum]);
  const result = Object.fromEntries(exact.map(([c, x]) => [c, Math.floor(x)]));
  let left = total - Object.values(result).reduce((s, n) => s + n, 0);
  for (const [c] of exact.sort((a, b) => (b[1] % 1) - (a[1] % 1))) {
    if (left <= 0) break;
    result[c] += 1;
    left -= 1;
  }
  return Object.fromEntries(Object.entries(result).filter(([, n]) => n).map(([c, n]) => [BASICS[c], n]));
}
