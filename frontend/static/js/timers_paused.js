// The server did not run for a while (the host's laptop slept) and gave every pick timer
// that time back: say so once per sleep, on the phones and on the host's screen.
import { toast } from "./dom.js";
import { t } from "./i18n.js";

let shown = null;

export function noteTimersPaused(view) {
  const note = view && view.timers_paused;
  if (!note || note.at === shown) return;
  shown = note.at;
  toast(t("The host's laptop was asleep for {s} s; timers were paused.", { s: note.seconds }), 8000);
}
