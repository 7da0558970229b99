// The page's error banner: how every page says it cannot go on (a link that is not valid,
// a refused request, no connection). Why one helper: each page wrote its own, and each a
// little differently; here the message is always text (never HTML: it may quote a name),
// an action (a "Join again" link) may follow it, and what the failure replaces (a loading
// line, the page's screens) is hidden with one call.
import { $, el } from "./dom.js";

/**
 * The banner at `selector`. `covers`: selectors of the parts of the page a failure
 * replaces, hidden when it shows.
 */
export function banner(selector, { covers = [] } = {}) {
  return {
    /** Show `message`, and `action` (a node) after it when given. */
    fail(message, action = null) {
      const node = $(selector);
      if (action) node.replaceChildren(el("span", { text: message }), " ", action);
      else node.textContent = message;
      node.hidden = false;
      for (const cover of covers) for (const part of document.querySelectorAll(cover)) part.hidden = true;
    },
    /** Take the banner away (the next attempt went through). */
    clear() {
      $(selector).hidden = true;
    },
  };
}
