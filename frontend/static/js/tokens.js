// Tokens arrive in the URL fragment (#seat_token=… / #host_token=…), which browsers never
// send to a server or put in Referer headers. We move them to localStorage, keyed by pod,
// and scrub the address bar so a shoulder-surfed or shared screen does not leak them.

const key = (role, pod) => `prismatic:${role}:${pod}`;

export function takeTokenFromFragment(role, pod, param = `${role}_token`) {
  const params = new URLSearchParams(window.location.hash.slice(1));
  const token = params.get(param);
  if (token) {
    saveToken(role, pod, token);
    params.delete(param);
    const rest = params.toString();
    history.replaceState(null, "", window.location.pathname + window.location.search + (rest ? `#${rest}` : ""));
  }
  return loadToken(role, pod);
}

export function saveToken(role, pod, token) {
  try { localStorage.setItem(key(role, pod), token); } catch { /* private mode: session only */ }
  sessionTokens[key(role, pod)] = token;
}

export function loadToken(role, pod) {
  try {
    const stored = localStorage.getItem(key(role, pod));
    if (stored) return stored;
  } catch { /* fall through */ }
  return sessionTokens[key(role, pod)] || null;
}

export function forgetToken(role, pod) {
  try { localStorage.removeItem(key(role, pod)); } catch { /* ignore */ }
  delete sessionTokens[key(role, pod)];
}

// The join page hands the seat page the seat's first view (the join's answer, issue #46)
// so the lobby is painted without waiting for the socket. Here, beside the token it goes
// with, because both pages load this module already (one module more is one more request
// on a crowded Wi-Fi). sessionStorage: this tab only, and taken once.
const firstViewKey = (pod) => `prismatic:first-view:${pod}`;

export function keepFirstView(pod, token, view) {
  try { sessionStorage.setItem(firstViewKey(pod), JSON.stringify({ token, view })); } catch { /* the socket brings it */ }
}

/** The view the join page kept for this seat (`token`), once; `null` if none. */
export function takeFirstView(pod, token) {
  try {
    const kept = sessionStorage.getItem(firstViewKey(pod));
    sessionStorage.removeItem(firstViewKey(pod));
    const parsed = kept ? JSON.parse(kept) : null;
    return parsed && parsed.token === token ? parsed.view : null;
  } catch {
    return null;
  }
}

/** Pods this device hosts, for the start page's "your pods" list. */
export function hostedPods() {
  const pods = [];
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const name = localStorage.key(i);
      if (name && name.startsWith("prismatic:host:")) pods.push(name.slice("prismatic:host:".length));
    }
  } catch { /* ignore */ }
  return pods;
}

const sessionTokens = {};
