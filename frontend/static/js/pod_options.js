// The start page's set or line-up and house rules, as the fields of a pod's create body.
import { $ } from "./dom.js";

/** Show the three pack choices only when the host picks a mixed night. */
export function watchLineUp() {
  const set = $("#f-set");
  const show = () => { $("#f-line-up").hidden = set.value !== "mixed"; };
  set.addEventListener("change", show);
  show();
}

/** `{set}` or `{packs: [r1, r2, r3]}`, plus the house rules, from the form's data. */
export function podOptions(data) {
  const rules = { starting_life: Number(data.get("starting_life") || 40),
                  deck_size: data.get("deck_size") || "at-least",
                  replay_visibility: data.get("replay_visibility") || "after_night" };
  if (data.get("set") !== "mixed") return { set: data.get("set"), ...rules };
  return { packs: [data.get("pack1"), data.get("pack2"), data.get("pack3")], ...rules };
}
