// Export buttons: download (fetch with the Bearer token → Blob) and copy to clipboard.
// Why fetch and not a plain link: the seat token must stay in a header, never in a URL.
import { api, downloadResponse } from "./api.js";
import { el, toast } from "./dom.js";
import { t } from "./i18n.js";

// A draft log has its own formats (MTGO-style text, or JSON); decks and pools have all.
const LOG_FORMATS = new Set(["mtgo", "text", "json"]);
const FORMATS = [
  ["arena", "Moxfield / Archidekt"], ["mtgo", "MTGO / XMage"], ["cockatrice", "Cockatrice"],
  ["forge", "Forge"], ["text", "Text"], ["csv", "CSV"], ["json", "JSON"],
];

export function renderExports(container, { pod, token }) {
  const choice = el("select", { "aria-label": t("What to export") },
    el("option", { value: "deck", text: t("Deck") }),
    el("option", { value: "pool", text: t("Pool") }),
    el("option", { value: "unused", text: t("Unused cards") }),
    el("option", { value: "log", text: t("Draft log") }));
  const what = () => choice.value;
  choice.addEventListener("change", () => {
    for (const row of container.querySelectorAll(".export-row")) {
      row.hidden = what() === "log" && !LOG_FORMATS.has(row.dataset.format);
    }
  });
  const path = (format) => `/api/pods/${encodeURIComponent(pod)}/export?what=${what()}&format=${format}`;
  container.replaceChildren(el("div", { class: "export-what" }, choice), ...FORMATS.map(([format, label]) =>
    el("div", { class: "export-row", dataset: { format } },
      el("span", { class: "export-name", text: t(label) }),
      el("button", {
        type: "button", class: "btn small", "aria-label": `${t("Download")} ${t(label)}`,
        onclick: (event) => download(event.currentTarget, path(format), `${what()}.${format}`, token),
      }, t("Download")),
      el("button", {
        type: "button", class: "btn small", "aria-label": `${t("Copy")} ${t(label)}`,
        onclick: (event) => copy(event.currentTarget, path(format), token),
      }, t("Copy")))));
}

async function download(button, path, fallback, token) {
  button.disabled = true;
  try {
    const response = await api("GET", path, { token, raw: true });
    const name = await downloadResponse(response, fallback);
    toast(t("Downloaded {file}.", { file: name }));
  } catch (problem) {
    toast(problem.status === 404 || problem.status === 409 ? t("Submit your deck first.") : problem.message);
  } finally {
    button.disabled = false;
  }
}

async function copy(button, path, token) {
  button.disabled = true;
  try {
    const response = await api("GET", path, { token, raw: true });
    await copyText(await response.text());
    toast(t("Copied to the clipboard."));
  } catch (problem) {
    toast(problem.status === 404 || problem.status === 409 ? t("Submit your deck first.") : problem.message);
  } finally {
    button.disabled = false;
  }
}

/** The async Clipboard API needs HTTPS or localhost; a LAN address is neither. */
export async function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch { /* fall back below */ }
  }
  const area = el("textarea", { readonly: true, class: "offscreen" });
  area.value = text;
  document.body.append(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error(t("Something went wrong. Try again."));
}
