// Keyed controls of a patched host screen (patch.js) that stay disabled while their
// request is on its way. Why a set of keys, not `button.disabled` alone: a redraw in
// between draws the control afresh (enabled) and the patch would re-enable it under a
// request still running; a key in `busy` draws it disabled until the request ends.
import { keyedButton } from "./dom.js";

/** The controls of one screen: `control` draws a keyed button, `whileBusy` runs its request. */
export function busyControls() {
  const busy = new Set();

  /** A keyed button (dom.js), drawn disabled while its request is on its way. */
  function control(key, label, onClick, kind = "") {
    return keyedButton(key, label, onClick, kind, busy.has(key));
  }

  /** Run `work` with `button` disabled, and kept disabled by any redraw until it ends. */
  async function whileBusy(button, work) {
    const key = button.dataset.key;
    busy.add(key);
    button.disabled = true;
    try {
      return await work();
    } finally {
      busy.delete(key);
      button.disabled = false;
    }
  }

  return { control, whileBusy };
}
