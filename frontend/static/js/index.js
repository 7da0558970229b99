// The start page: create a pod, keep the host token, go to the host screen.
import { api } from "./api.js";
import { banner } from "./banner.js";
import { $, el } from "./dom.js";
import { t } from "./i18n.js";
import { podOptions, watchLineUp } from "./pod_options.js";
import { hostedPods, saveToken } from "./tokens.js";

const form = $("#create-pod");
const errors = banner("#create-error");
watchLineUp();

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const button = form.querySelector("button[type=submit]");
  const label = button.textContent;
  const data = new FormData(form);
  const body = { ...podOptions(data), seats: Number(data.get("seats")), bots: data.get("bots") === "on",
                 bots_between_people: data.get("bots_between_people") === "on" };
  if (data.get("timer")) body.pick_timer_seconds = Number(data.get("timer"));
  button.disabled = true;
  button.textContent = t("Creating…");
  errors.clear();
  try {
    const pod = await api("POST", "/api/pods", { body });
    saveToken("host", pod.pod_id, pod.host_token);
    // Same-origin path: the API's host_url may name the LAN address, this laptop may not.
    window.location.assign(`/pods/${encodeURIComponent(pod.pod_id)}/host`);
  } catch (problem) {
    errors.fail(problem.message);
    button.disabled = false;
    button.textContent = label;
  }
});

const pods = hostedPods();
if (pods.length) {
  $("#recent").hidden = false;
  $("#recent-list").append(...pods.map((pod) =>
    el("li", {}, el("a", { href: `/pods/${encodeURIComponent(pod)}/host`, text: pod }))));
}

// Phones that scanned the server's own QR code land here: offer the pods still open.
async function showOpenPods() {
  try {
    const { pods: open } = await api("GET", "/api/pods");
    if (!open.length) return;
    $("#open-pod-list").replaceChildren(...open.map((pod) => {
      const taken = pod.players.filter((p) => !p.bot).length;
      const sets = [...new Set(pod.line_up || [pod.set])].length > 1 ? pod.line_up.join(" · ") : pod.set;
      const label = `${sets} · ${t("{n} of {seats} seats taken", { n: taken, seats: pod.seats })}`;
      return el("li", {}, el("a", { href: `/pods/${encodeURIComponent(pod.pod_id)}/join`, text: label }));
    }));
    $("#open-pods").hidden = false;
  } catch {
    // The list is a convenience; the create form works without it.
  }
}
showOpenPods();

// A night bigger than one pod: same set and timer; the event's host token is also the
// host token of every pod it forms.
$("#create-event").addEventListener("click", async () => {
  const button = $("#create-event");
  const label = button.textContent;
  const data = new FormData(form);
  // Every pod of the night drafts the set or line-up and keeps the house rules above.
  const body = podOptions(data);
  if (data.get("timer")) body.pick_timer_seconds = Number(data.get("timer"));
  button.disabled = true;
  button.textContent = t("Creating the night…");
  errors.clear();
  try {
    const night = await api("POST", "/api/events", { body });
    saveToken("event-host", night.event_id, night.host_token);
    window.location.assign(`/events/${encodeURIComponent(night.event_id)}/host`);
  } catch (problem) {
    errors.fail(problem.message);
    button.disabled = false;
    button.textContent = label;
  }
});
