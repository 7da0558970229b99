// Join: a phone that already holds a seat for this pod goes straight back to it, so
// scanning the QR code again (or reloading) never creates a second seat.
import { api } from "./api.js";
import { banner } from "./banner.js";
import { $, podId } from "./dom.js";
import { t } from "./i18n.js";
import { keepFirstView, loadToken, saveToken } from "./tokens.js";

const pod = podId();
const seatPage = `/pods/${encodeURIComponent(pod)}/seat`;
const form = $("#join-form");
const errors = banner("#join-error");

if (loadToken("seat", pod)) {
  window.location.replace(seatPage);
} else {
  if (!$("#pod-info").textContent) describePod(); // no line in the page: a pod held elsewhere
  prefetchNextPage(); // the seat page, while the name is typed
}

/** The pod's line from the API, when the page could not say it (server/views/join_line.py). */
async function describePod() {
  try {
    const summary = await api("GET", `/api/pods/${encodeURIComponent(pod)}`);
    const taken = (summary.players || []).filter((p) => !p.bot).length;
    $("#pod-info").textContent = `${summary.set} · ${t("{n} of {seats} seats taken", { n: taken, seats: summary.seats })}`;
    $("#code-field").hidden = !summary.code_required;
  } catch (problem) {
    $("#pod-info").textContent = problem.status === 404 ? t("This pod does not exist.") : "";
  }
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const name = String(new FormData(form).get("name") || "").trim();
  const code = String(new FormData(form).get("code") || "").trim();
  if (!name) {
    errors.fail(t("Please enter a name."));
    return;
  }
  const button = form.querySelector("button[type=submit]");
  const label = button.textContent;
  button.disabled = true;
  button.textContent = t("Joining…");
  try {
    const seat = await api("POST", `/api/pods/${encodeURIComponent(pod)}/seats`, { body: code ? { name, code } : { name } });
    saveToken("seat", pod, seat.seat_token);
    keepFirstView(pod, seat.seat_token, seat.view); // the seat page paints it at once
    window.location.replace(seatPage);
  } catch (problem) {
    if (problem.code === "bad_join_code") $("#code-field").hidden = false;
    errors.fail(problem.message);
    button.disabled = false;
    button.textContent = label;
  }
});
form.dataset.script = "ready";

/**
 * The seat page's HTML and modules, listed by the server in `#next-page`
 * (server/routes/page_assets.py), asked for at the lowest priority while the name is typed.
 * Only now, once this page's own modules have run: as `<link>` tags in the page they took
 * some of the 6 connections a phone opens to the server while its own modules still loaded.
 */
function prefetchNextPage() {
  const list = document.getElementById("next-page");
  if (!list) return;
  for (const href of JSON.parse(list.textContent)) {
    document.head.append(Object.assign(document.createElement("link"), { rel: "prefetch", href }));
  }
}

