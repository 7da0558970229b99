// Start a season (name, scoring, achievements) or import one from another server's file;
// either way the browser goes on to the new season's host page with its token.
import { api } from "./api.js";
import { $, toast } from "./dom.js";
import { t } from "./i18n.js";

/** Show the new season's recovery code and its QR code, then on to its host page. */
function showRecovery(created) {
  $("#recovery-code").textContent = created.recovery_code;
  $("#recovery-qr").src = created.recovery_qr;
  $("#recovery-go").href = created.host_url.replace(/^https?:\/\/[^/]+/, "");
  $("#create-panel").hidden = true;
  $("#import-panel").hidden = true;
  $("#recovery").hidden = false;
  $("#recovery-go").focus();
}

$("#recovery-print").addEventListener("click", () => window.print());

function achievements(text) {
  return text.split("\n").map((line) => line.trim()).filter(Boolean).map((line) => {
    const at = line.lastIndexOf("=");
    const name = (at < 0 ? line : line.slice(0, at)).trim();
    const points = at < 0 ? 1 : Number.parseInt(line.slice(at + 1).trim(), 10);
    return { name, points: Number.isNaN(points) ? -1 : points };
  });
}

$("#create-season").addEventListener("submit", async (event) => {
  event.preventDefault();
  const submit = event.target.querySelector("button");
  submit.disabled = true;
  try {
    showRecovery(await api("POST", "/api/seasons", { body: {
      name: $("#s-name").value, scoring: $("#s-scoring").value,
      achievements: achievements($("#s-achievements").value) } }));
  } catch (problem) {
    toast(problem.message);
    submit.disabled = false;
  }
});

let pending = null; // the file's data while the host chooses what to do with its twin

/** Import `data`; a season of its name already here is asked about (`season_exists`). */
async function importSeason(data, existing) {
  const submit = $("#import-season button");
  submit.disabled = true;
  try {
    showRecovery(await api("POST", `/api/seasons/import?existing=${existing}`, { body: data }));
    $("#import-exists").hidden = true;
  } catch (problem) {
    if (problem.code === "season_exists") {
      pending = data;
      $("#import-exists-text").textContent = t(
        "A season called {name} is already on this laptop: replace it, or keep both under a new name.",
        { name: data.season?.name ?? "" });
      $("#import-exists").hidden = false;
      $("#import-exists").scrollIntoView({ block: "nearest" });
    } else {
      toast(problem.message);
    }
    submit.disabled = false;
  }
}

$("#import-season").addEventListener("submit", async (event) => {
  event.preventDefault();
  const file = $("#s-file").files[0];
  if (!file) return;
  let data;
  try {
    data = JSON.parse(await file.text());
  } catch {
    toast(t("This file is not a season file."));
    return;
  }
  await importSeason(data, "ask");
});

$("#import-replace").addEventListener("click", () => pending && importSeason(pending, "replace"));
$("#import-keep").addEventListener("click", () => pending && importSeason(pending, "keep"));
$("#import-cancel").addEventListener("click", () => {
  pending = null;
  $("#import-exists").hidden = true;
});
