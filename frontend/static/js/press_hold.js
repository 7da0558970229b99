/**
 * Updates that wait while a finger (or the mouse button) is down on a screen.
 *
 * Why: a screen redrawn from a socket update replaces its controls. A press and a release
 * on two drawings of one button are no click at all (the browser fires `click` only when
 * both land on one element), so a tap made just as another phone's update arrived did
 * nothing. While a press is on `root`, what comes waits; the release draws it, in order,
 * after the click it ends in. `data-held` on `root` counts what waits (the tests read it).
 */

/** A press whose release never reaches the page (lost events) holds no longer than this. */
const LONGEST_PRESS_MS = 3000;

/**
 * @param {HTMLElement} root the screen whose controls a draw replaces
 * @param {(value: any) => void} draw
 * @returns {(value: any) => void} draws `value` now, or once the press on `root` ends
 */
export function heldWhilePressed(root, draw) {
  let pressed = false;
  let waiting = [];
  let safety = 0;
  const drawWaiting = () => {
    pressed = false;
    clearTimeout(safety);
    const held = waiting;
    waiting = [];
    delete root.dataset.held;
    for (const value of held) draw(value);
  };
  // The release's click comes in the same task as the release: draw in the next one.
  const released = () => { if (pressed) setTimeout(drawWaiting, 0); };
  root.addEventListener("pointerdown", () => {
    pressed = true;
    clearTimeout(safety);
    safety = setTimeout(drawWaiting, LONGEST_PRESS_MS);
  }, true);
  document.addEventListener("pointerup", released, true);
  document.addEventListener("pointercancel", released, true); // a scroll took the finger
  return (value) => {
    if (!pressed) {
      draw(value);
      return;
    }
    waiting.push(value);
    root.dataset.held = String(waiting.length);
  };
}
