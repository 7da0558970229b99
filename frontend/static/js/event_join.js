// Joining a night: enter a name, then wait. When the host forms the pods, this phone's
// event token is also its seat token in its pod (protocol.md, events), so we store it as
// the pod's seat token and go to the seat page, exactly as if the phone had joined the pod.
import { api } from "./api.js";
import { banner } from "./banner.js";
import { $ } from "./dom.js";
import { t, tn } from "./i18n.js";
import { revealText } from "./line_up.js";
import { forgetToken, saveToken, takeTokenFromFragment } from "./tokens.js";

const event = document.body.dataset.eventId;
const base = `/api/events/${encodeURIComponent(event)}`;
const POLL_MS = 2000;
const form = $("#join-form");
const errors = banner("#join-error");
let token = takeTokenFromFragment("event", event);

if (token) wait();
else describe();

async function describe() {
  try {
    const night = await api("GET", base);
    $("#event-info").textContent = tn("{n} player has joined", "{n} players have joined", night.players.length);
    $("#event-reveal").textContent = t("Replays: {rule}", { rule: revealText(night.replay_visibility) });
    $("#code-field").hidden = !night.code_required;
    if (night.phase === "ended") errors.fail(t("This night has ended; ask the host."));
    else if (night.phase !== "open") errors.fail(t("The pods are already formed; ask the host."));
    else if (night.locked) errors.fail(t("The host has locked this night; ask the host."));
  } catch (problem) {
    $("#event-info").textContent = problem.status === 404 ? t("This night does not exist.") : "";
  }
}

form.addEventListener("submit", async (submitted) => {
  submitted.preventDefault();
  const name = String(new FormData(form).get("name") || "").trim();
  const code = String(new FormData(form).get("code") || "").trim();
  if (!name) {
    errors.fail(t("Please enter a name."));
    return;
  }
  const button = form.querySelector("button[type=submit]");
  button.disabled = true;
  try {
    const joined = await api("POST", `${base}/players`, { body: code ? { name, code } : { name } });
    token = joined.player_token;
    saveToken("event", event, token);
    wait();
  } catch (problem) {
    if (problem.code === "bad_join_code") $("#code-field").hidden = false;
    errors.fail(problem.message);
    button.disabled = false;
  }
});

async function wait() {
  $("#join-panel").hidden = true;
  $("#wait-panel").hidden = false;
  try {
    const me = await api("GET", `${base}/me`, { token });
    $("#wait-name").textContent = me.name;
    if (me.pod_id) {
      saveToken("seat", me.pod_id, token);
      window.location.replace(me.seat_path);
      return;
    }
  } catch (problem) {
    if (problem.status === 401 || problem.status === 403 || problem.status === 404) {
      forgetToken("event", event);
      window.location.reload();
      return;
    }
  }
  setTimeout(wait, POLL_MS);
}
