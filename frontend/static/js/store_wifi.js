// The store's Wi-Fi, set on the laptop for the TV's second QR code (a phone scans it to
// join the network, then scans the join code). Only the laptop may read or change it
// (`/api/laptop/wifi`); on any other device the form stays hidden.
import { api } from "./api.js";
import { $, toast } from "./dom.js";
import { t } from "./i18n.js";

export async function storeWifiForm() {
  const form = $("#wifi-form");
  if (!form) return;
  let saved;
  try {
    saved = await api("GET", "/api/laptop/wifi");
  } catch {
    return; // not the laptop (403), or no server: nothing to offer
  }
  form.hidden = false;
  $("#wifi-name").value = saved.name || "";
  $("#wifi-password").value = saved.password || "";
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    await send("PUT", { name: $("#wifi-name").value, password: $("#wifi-password").value });
  });
  $("#wifi-forget").addEventListener("click", async () => {
    await send("DELETE");
    $("#wifi-name").value = "";
    $("#wifi-password").value = "";
  });
}

async function send(method, body) {
  for (const control of document.querySelectorAll("#wifi-form button")) control.disabled = true;
  try {
    await api(method, "/api/laptop/wifi", { body });
    toast(method === "PUT" ? t("The TV shows the Wi-Fi QR code while players join.") : t("The TV no longer shows the Wi-Fi."));
  } catch (problem) {
    toast(problem.message);
  } finally {
    for (const control of document.querySelectorAll("#wifi-form button")) control.disabled = false;
  }
}
