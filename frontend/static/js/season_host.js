// The season's host page: its nights, its players' names (rename, merge, split), its files.
// The season's token arrives in the fragment (#host_token=…) and stays on this device.
import { api, downloadResponse } from "./api.js";
import { banner } from "./banner.js";
import { $, el, toast } from "./dom.js";
import { t, tn } from "./i18n.js";
import { podOptions, watchLineUp } from "./pod_options.js";
import { forgetToken, saveToken, takeTokenFromFragment } from "./tokens.js";

const season = $("#season").dataset.seasonId;
const base = `/api/seasons/${encodeURIComponent(season)}`;
let token = takeTokenFromFragment("season-host", season, "host_token");

const { fail, clear } = banner("#season-error");

const nightForm = $("#night-form");
let filled = false;

/** The season's scoring in words ("Win 5, draw 1, loss 0"), not its key. */
function schemeText(view) {
  if (view.scoring === "win-draw-loss") return t("Win {win}, draw {draw}, loss {loss}", view.points);
  const places = Object.keys(view.points).sort((a, b) => Number(a) - Number(b));
  return t("By place: {points}", { points: places.map((place) => view.points[place]).join(", ") });
}

/** Select `value`, adding it when the page's list lacks it (a night made through the API). */
function choose(select, value) {
  if (![...select.options].some((option) => option.value === value)) {
    select.append(el("option", { value, text: value }));
  }
  select.value = value;
}

/** Tonight's form, filled once with the last night's choices and the season's achievements. */
function fillNightForm(view) {
  if (filled) return;
  filled = true;
  const last = view.last_night;
  const offered = last ? new Set(last.achievements) : null;
  $("#night-achievement-list").replaceChildren(...view.achievements.map((award) => el("label",
    { class: "check" },
    el("input", { type: "checkbox", name: "achievement", value: award.name,
                  checked: offered === null || offered.has(award.name) }),
    el("span", { text: `${award.name} +${award.points}` }))));
  $("#night-achievements").hidden = !view.achievements.length;
  if (last) {
    const set = $("#f-set");
    set.value = last.packs ? "mixed" : last.set;
    (last.packs || []).forEach((code, round) => {
      const pack = $(`#f-pack-${round + 1}`);
      if (pack) pack.value = code;
    });
    choose($("#f-life"), String(last.starting_life));
    $("#f-deck-size").value = last.deck_size;
    $("#f-reveal").value = last.replay_visibility;
    choose($("#f-timer"), last.pick_timer_seconds ? String(last.pick_timer_seconds) : "");
    set.dispatchEvent(new Event("change"));
  }
}

function render(view) {
  fillNightForm(view);
  $("#season-name").textContent = view.name;
  const awards = view.achievements.map((award) => `${award.name} +${award.points}`).join(", ");
  $("#season-scheme").textContent = `${schemeText(view)}${awards ? ` · ${awards}` : ""}`;
  $("#night-list").replaceChildren(...view.nights.map((night) => el("li", {},
    night.host_path ? el("a", { href: night.host_path, text: night.held_at.slice(0, 10) })
      : el("span", { text: `${night.held_at.slice(0, 10)} (${t("imported")})` }),
    " · ", tn("{n} game", "{n} games", night.games))));
  $("#player-list").replaceChildren(...view.players.map((player) => el("li", {},
    el("strong", { text: player.name }),
    ...player.also.map((name) => el("span", { class: "also-name" }, " · ", el("span", { class: "muted", text: name }), " ",
      el("button", { type: "button", class: "btn small split-name", "data-name": name,
                     "aria-label": t("Split {name} off {into}", { name, into: player.name }), text: t("Split") }))))));
  renderScreenLink(view);
  for (const select of document.querySelectorAll(".player-choice")) {
    const kept = select.value;
    select.replaceChildren(...view.players.map((player) => el("option", { value: player.name, text: player.name })));
    if (view.players.some((player) => player.name === kept)) select.value = kept;
  }
}

// The season's screen link holds its own token: set it (and its QR code) only when it
// changed, so the image is not drawn again after each rename.
function renderScreenLink(view) {
  const link = $("#screen-url");
  if (link.getAttribute("href") === view.screen_url) return;
  link.href = view.screen_url;
  link.textContent = view.screen_url;
  const qr = $("#screen-qr");
  qr.src = view.screen_qr;
  qr.hidden = false;
}

/** The host page, or the ways back in when this device has no valid key (the laptop
 * itself needs none: it hosts every season). */
async function load() {
  try {
    const view = await api("GET", `${base}/host`, { token });
    $("#season-locked").hidden = true;
    for (const section of document.querySelectorAll(".host-only")) section.hidden = false;
    render(view);
  } catch (problem) {
    if (problem.status === 401 || problem.status === 403) {
      if (token) forgetToken("season-host", season);
      token = null;
      $("#season-locked").hidden = false;
    } else {
      fail(problem.status === 404 ? t("This season does not exist.") : problem.message);
    }
  }
}

/** The recovery code (typed, or from its QR code's link) for the season's host token. */
async function recover(code) {
  try {
    const reply = await api("POST", `${base}/recover`, { body: { code } });
    token = reply.host_token;
    saveToken("season-host", season, token);
    clear();
  } catch (problem) {
    fail(problem.message);
  }
  await load();
}

/** A recovery code in the address (`#recovery_code=…`, the QR code's link), scrubbed. */
function takeRecoveryCode() {
  const params = new URLSearchParams(window.location.hash.slice(1));
  const code = params.get("recovery_code");
  if (!code) return null;
  params.delete("recovery_code");
  const rest = params.toString();
  history.replaceState(null, "", window.location.pathname + window.location.search + (rest ? `#${rest}` : ""));
  return code;
}

$("#recover-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const submit = event.target.querySelector("button");
  submit.disabled = true;
  await recover($("#recover-code").value);
  submit.disabled = false;
});

/** Send a name fix and draw the reply; true when it was saved. */
async function post(path, body, form) {
  const submit = form.querySelector("button");
  submit.disabled = true;
  try {
    render(await api("POST", base + path, { token, body }));
    toast(t("Saved."));
    return true;
  } catch (problem) {
    toast(problem.message);
    return false;
  } finally {
    submit.disabled = false;
  }
}

$("#rename-form").addEventListener("submit", (event) => {
  event.preventDefault();
  post("/players/rename", { name: $("#rename-name").value, to: $("#rename-to").value }, event.target);
});

// A merge asks first, then offers its undo: splitting the merged name back off.
const mergeDialog = $("#merge-dialog");
$("#merge-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const names = { name: $("#merge-name").value, into: $("#merge-into").value };
  $("#merge-dialog-text").textContent = t("Every result of {name} will count for {into}, who keeps the name {into}.", names);
  mergeDialog.showModal();
});
$("#merge-cancel").addEventListener("click", () => mergeDialog.close());
$("#merge-confirm").addEventListener("click", async () => {
  mergeDialog.close();
  const names = { name: $("#merge-name").value, into: $("#merge-into").value };
  if (await post("/players/merge", names, $("#merge-form"))) {
    $("#merge-done-text").textContent = t("{name} is merged into {into}.", names);
    $("#merge-undo").dataset.name = names.name;
    $("#merge-done").hidden = false;
  }
});
$("#merge-undo").addEventListener("click", async (event) => {
  if (await post("/players/split", { name: event.currentTarget.dataset.name }, $("#merge-done"))) {
    $("#merge-done").hidden = true;
  }
});
$("#player-list").addEventListener("click", async (event) => {
  const button = event.target.closest(".split-name");
  if (!button) return;
  if (await post("/players/split", { name: button.dataset.name }, button.closest("li"))) {
    $("#merge-done").hidden = true;
  }
});

/** Download the season file (the export `POST /api/seasons/import` reads back). */
async function exportSeason(event) {
  const control = event.currentTarget;
  control.disabled = true;
  try {
    const response = await api("GET", `${base}/export`, { token, raw: true });
    toast(t("Downloaded {file}.", { file: await downloadResponse(response, "season.json") }));
  } catch (problem) {
    toast(problem.message);
  } finally {
    control.disabled = false;
  }
}

$("#season-export").addEventListener("click", exportSeason);

// Deleting asks first, and offers the file: a deleted season comes back only from it.
const dialog = $("#delete-dialog");
$("#season-delete").addEventListener("click", () => dialog.showModal());
$("#delete-cancel").addEventListener("click", () => dialog.close());
$("#delete-export").addEventListener("click", exportSeason);
$("#delete-confirm").addEventListener("click", async (event) => {
  const control = event.currentTarget;
  control.disabled = true;
  try {
    await api("DELETE", base, { token });
    dialog.close();
    forgetToken("season-host", season);
    for (const section of document.querySelectorAll("#season > section")) section.hidden = true;
    $("#season-deleted").hidden = false;
  } catch (problem) {
    toast(problem.message);
  } finally {
    control.disabled = false;
  }
});

watchLineUp();
nightForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const control = $("#open-night");
  control.disabled = true;
  const data = new FormData(nightForm);
  const body = { ...podOptions(data), season_id: season, achievements: data.getAll("achievement") };
  if (data.get("timer")) body.pick_timer_seconds = Number(data.get("timer"));
  try {
    const night = await api("POST", "/api/events", { token, body });
    saveToken("event-host", night.event_id, night.host_token);
    window.location.href = `/events/${encodeURIComponent(night.event_id)}/host`;
  } catch (problem) {
    toast(problem.message);
    control.disabled = false;
  }
});

const code = takeRecoveryCode();
if (code) recover(code);
else load();
