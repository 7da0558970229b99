// The host's lobby guard: lock the lobby, or ask joining phones for a short code shown
// here. Its own module (host.js or event_host.js draws the rest of the screen); it reads
// the host view once and then only its own answers, since only the host changes these
// settings. One module for a pod's lobby and a night's (the section names the API).
import { api } from "./api.js";
import { $, toast } from "./dom.js";
import { takeTokenFromFragment } from "./tokens.js";

const root = $("#lobby-guard");
const words = root.dataset;
const token = takeTokenFromFragment(words.role, words.id, words.param);
const base = words.base;
const lockButton = $("#lobby-lock");
const codeButton = $("#lobby-code");
const revealChoice = $("#lobby-reveal-choice");
let lobby = { locked: false, join_code: null };
let reveal = "after_night";

function draw() {
  lockButton.textContent = lobby.locked ? words.unlock : words.lock;
  lockButton.setAttribute("aria-pressed", String(lobby.locked));
  codeButton.textContent = lobby.join_code ? words.codeOff : words.codeOn;
  codeButton.setAttribute("aria-pressed", String(Boolean(lobby.join_code)));
  $("#join-code").textContent = lobby.join_code || "";
  $("#join-code-line").hidden = !lobby.join_code;
  $("#lobby-locked-note").textContent = lobby.locked ? words.lockedNote : "";
  revealChoice.value = reveal;
  root.hidden = false;
}

async function change(body, button) {
  button.disabled = true;
  try {
    const view = await api("POST", `${base}/lobby`, { token, body });
    lobby = view.lobby;
    reveal = view.replay_visibility;
    draw();
  } catch (problem) {
    toast(problem.message);
  } finally {
    button.disabled = false;
  }
}

lockButton.addEventListener("click", () => change({ locked: !lobby.locked }, lockButton));
codeButton.addEventListener("click", () => change({ join_code: !lobby.join_code }, codeButton));
revealChoice.addEventListener("change", () => change({ replay_visibility: revealChoice.value }, revealChoice));

if (token) {
  api("GET", `${base}/host`, { token })
    .then((view) => {
      if (view.phase === words.open) { lobby = view.lobby; reveal = view.replay_visibility; draw(); }
    })
    .catch(() => { /* host.js shows the error */ });
}
