// The start page's card data panel: per set, how many cards have rules text and a cached
// image, and the one-time download (a background job on the server) with live progress.
// Why on the start page: the host prepares the night here while the laptop still has
// Internet; without it, the panel says so and names the command that does the same.
import { api } from "./api.js";
import { $, el } from "./dom.js";
import { t } from "./i18n.js";

const POLL_MS = 700;
const section = $("#card-data");
let polling = false;

function setLine(entry) {
  return el("li", { class: "set-line" },
    el("strong", { text: `${entry.set}` }), ` ${entry.name}: `,
    el("span", { class: "set-counts", dataset: { set: entry.set },
      text: t("rules text {texts}/{cards} cards, images {images}/{cards}", entry) }));
}

function jobLine(job, command) {
  if (job.state === "running") {
    const set = job.set || (job.sets || [])[0] || "";
    const label = job.phase === "images" ? t("{set}: images", { set }) : t("{set}: rules text", { set });
    return [el("label", { for: "card-progress", text: label }),
      el("progress", { id: "card-progress", max: String(job.total || 1), value: String(job.done || 0) }),
      el("span", { class: "muted", text: ` ${job.done}/${job.total || "?"}` })];
  }
  if (job.state === "failed") {
    const text = job.error === "offline"
      ? t("No Internet connection: the download needs it once. When this laptop is online, press the button again, or run:")
      : t("The download failed. Try again later, or run:");
    return [el("span", { class: "error", text }), " ", el("code", { text: command }),
      job.detail ? el("span", { class: "muted small-print", text: ` (${job.detail})` }) : null];
  }
  if (job.state === "done") return [el("span", { class: "ok", text: t("Done: phones see the new text and images from their next view.") })];
  return [];
}

function render(status) {
  $("#card-sets").replaceChildren(...status.sets.map(setLine));
  $("#card-job").replaceChildren(...jobLine(status.job, status.command));
  $("#card-fetch").disabled = status.job.state === "running";
}

async function refresh() {
  try {
    const status = await api("GET", "/api/cards/status");
    render(status);
    if (status.job.state === "running") {
      polling = true;
      setTimeout(refresh, POLL_MS);
      return;
    }
  } catch (problem) {
    $("#card-job").replaceChildren(el("span", { class: "error", text: problem.message }));
  }
  polling = false;
}

if (section) {
  section.hidden = false;
  $("#card-fetch").addEventListener("click", async () => {
    $("#card-fetch").disabled = true;
    try {
      await api("POST", "/api/cards/download", { body: {} });
    } catch (problem) {
      if (problem.code !== "download_running") {
        $("#card-job").replaceChildren(el("span", { class: "error", text: problem.message }));
      }
    }
    if (!polling) refresh();
  });
  refresh();
}
