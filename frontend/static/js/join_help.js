// The host screen's checklist for when nobody arrives: if no phone has opened the join page
// a while after the QR code appeared (while players join and nobody has), show it; hide it
// once a phone arrives or the lobby closes. The server counts phones' page opens
// (GET …/arrivals); the host scripts mark the phase and the players on <body>.
import { api } from "./api.js";

const CHECK_MS = 3000;
const help = document.getElementById("join-help");

if (help) {
  setTimeout(check, Number(help.dataset.afterMs) || 60000);
}

function waiting() {
  const { phase, players } = document.body.dataset;
  return phase === "lobby" && !(Number(players) > 0);
}

async function check() {
  if (document.body.dataset.phase === undefined) {  // the first view has not arrived yet
    setTimeout(check, CHECK_MS);
    return;
  }
  let arrived = !waiting();
  if (!arrived) {
    try {
      arrived = (await api("GET", help.dataset.arrivals)).opened;
    } catch {
      // no answer this time: ask again at the next check
    }
  }
  help.hidden = arrived;
  if (!arrived) setTimeout(check, CHECK_MS);
}
