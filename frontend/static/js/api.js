// fetch() wrapper for the JSON API: Bearer token, JSON both ways, protocol errors as
// ApiError with the stable code so callers can react to "stale_pick" vs "busy".
import { t } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** `revalidate`: keep the answer in the browser's cache and ask again with its tag (a 304
 * moves no body), for answers that are large and seldom change (a replay). Else nothing is
 * cached: a seat's or a host's view must never be read from a copy. */
export async function api(method, path, { token = null, body = undefined, raw = false, revalidate = false } = {}) {
  const headers = { Accept: raw ? "*/*" : "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(path, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body),
      cache: revalidate ? "no-cache" : "no-store",
    });
  } catch {
    throw new ApiError(0, "network", t("No connection. Your picks are safe; try again when you are back online."));
  }
  if (!response.ok) {
    let code = "http_" + response.status;
    let message = response.status === 503 ? t("The server is busy. Try again.") : t("Something went wrong. Try again.");
    try {
      const data = await response.json();
      if (data && data.error) {
        code = data.error.code || code;
        message = data.error.message || message;
      } else if (data && typeof data.detail === "string") {
        message = data.detail;
      }
    } catch { /* not JSON */ }
    throw new ApiError(response.status, code, message);
  }
  if (raw) return response;
  if (response.status === 204) return null;
  return response.json();
}

/** File name from Content-Disposition, else the fallback. */
export function fileNameOf(response, fallback) {
  const header = response.headers.get("Content-Disposition") || "";
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1] : fallback;
}

/** Save a Response body as a file (fetch → Blob → temporary link), token stays in headers. */
export async function downloadResponse(response, fallbackName) {
  const name = fileNameOf(response, fallbackName);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
  return name;
}
