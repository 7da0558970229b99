// The host's list of achievements for a pod or a night: one per line, "First blood = 2".
//
// Why plain lines: a host types a store's spreadsheet list in seconds on a laptop; the
// server checks every name and score (protocol.md, achievements) and says what is wrong.
// The text box is not redrawn while the host is editing it, so a socket update never
// throws away what they typed.
import { el, toast } from "./dom.js";
import { t } from "./i18n.js";

/** `[{name, points}]` from the lines, or null after saying which line is unreadable. */
export function parseLines(text) {
  const items = [];
  for (const line of text.split("\n").map((l) => l.trim()).filter(Boolean)) {
    const at = line.lastIndexOf("=");
    const points = at > 0 ? Number(line.slice(at + 1).trim()) : NaN;
    if (!Number.isInteger(points)) {
      toast(t("Write each achievement as: name = points ({line})", { line }));
      return null;
    }
    items.push({ name: line.slice(0, at).trim(), points });
  }
  return items;
}

/** Fills `root` with the editor; `save(items)` sends them. Returns `show(list)`. */
export function achievementsEditor(root, save) {
  const box = el("textarea", { rows: 4, class: "achievements-text", "aria-label": t("Achievements, one per line: name = points"),
    placeholder: t("First blood = 1") });
  let dirty = false;
  box.addEventListener("input", () => { dirty = true; });
  const send = el("button", { type: "button", class: "btn", text: t("Save achievements") });
  send.addEventListener("click", async () => {
    const items = parseLines(box.value);
    if (!items) return;
    send.disabled = true;
    try {
      await save(items);
      dirty = false;
      toast(t("Achievements saved"));
    } catch { /* the caller said why */ } finally {
      send.disabled = false;
    }
  });
  root.replaceChildren(el("summary", { text: t("Achievements") }),
    el("p", { class: "muted", text: t("Players claim these in their games; another player or you confirm them.") }),
    box, send);
  return (list) => {
    if (dirty || document.activeElement === box) return;
    box.value = (list || []).map((a) => `${a.name} = ${a.points}`).join("\n");
  };
}
