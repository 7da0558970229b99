// A view that stays live: one WebSocket per page that reconnects by itself and resyncs.
//
// Why this shape: phones sleep, switch Wi-Fi and lose the socket without any close event.
// So we (1) reconnect with exponential backoff plus jitter, (2) retry at once when the page
// becomes visible or the browser says it is online, (3) ping to notice dead sockets, and
// (4) trust only versioned messages: an update whose `base` is not the last version this
// connection got means we missed one, so we ask for a snapshot instead of applying it (protocol.md, WebSocket).
// An update may carry only the pool cards added since this connection's last view
// (`pool_added`): we append them to the pool of that view, and a pool that does not come
// out at `pool_count` cards is a gap like any other.
// The store's screen uses the same client for its unversioned socket: a message of its
// `wholeViews` type carries a whole view, shown as it comes (a reconnect simply shows the
// next one), so the screen reconnects, pings and backs off exactly as the phones do.

const MIN_DELAY = 500;
const MAX_DELAY = 15000;
const PING_EVERY = 20000;
const PONG_WITHIN = 8000;
const WAKE_PONG_WITHIN = 3000;
const ACK_WITHIN = 5000;

/** A request sent on the socket got no answer (closed or too slow): send it another way. */
export class SocketLost extends Error {}

/** The server refused a socket request: `code` and `message` as in protocol.md. */
export class SocketRefusal extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
    // As the HTTP status would be: busy is "try again", the rest a conflict to resync on.
    this.status = code === "db_busy" || code === "disk_full" ? 503 : 409;
  }
}

export class LiveView {
  /**
   * @param {string} url  ws(s) URL including ?token=
   * @param {(view: object, message?: object) => void} onView  called with every newer view
   *   (and the socket message that carried it, when one did)
   * @param {(state: string, detail?: object) => void} onState  "connecting" | "live" | "retrying" | "offline" | "closed"
   * @param {{wholeViews?: string}} options  `wholeViews`: the type of a message that carries
   *   a whole view and no version (the store's screen's `screen`)
   */
  constructor(url, onView, onState, { wholeViews = null } = {}) {
    this.url = url;
    this.onView = onView;
    this.onState = onState;
    this.wholeViews = wholeViews;
    this.version = -1; // of the view on screen, from any source
    this.socketVersion = -1; // of the last message this connection got (the protocol's base)
    this.socketPool = null; // the pool of the last view this connection got
    this.socket = null;
    this.delay = MIN_DELAY;
    this.retryTimer = null;
    this.pingTimer = null;
    this.pongTimer = null;
    this.stopped = false;
    this.everLive = false;
    this.pending = new Map(); // ref → {resolve, reject, timer}: requests awaiting an ack
    this.nextRef = 1;
    this.viewWaiters = []; // {test, resolve}: callers waiting for a view
    const kick = () => { if (!this.stopped && !this.isOpen()) this.connectNow(); };
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState !== "visible" || this.stopped) return;
      // After sleep a socket can look open yet be dead: probe it at once.
      if (this.isOpen()) this.probe(WAKE_PONG_WITHIN);
      else kick();
    });
    window.addEventListener("online", kick);
    window.addEventListener("offline", () => { if (!this.stopped) { this.drop(); this.scheduleRetry(); } });
    window.addEventListener("pageshow", (event) => { if (event.persisted) kick(); });
  }

  isOpen() {
    return this.socket && this.socket.readyState === WebSocket.OPEN;
  }

  start() {
    this.connectNow();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.drop();
  }

  /** Accept a view that came another way (an HTTP response) if it is newer. */
  offer(view) {
    if (view && typeof view.version === "number" && view.version > this.version) {
      this.version = view.version;
      this.show(view);
    }
  }

  show(view, message = undefined) {
    this.onView(view, message);
    const waiting = this.viewWaiters;
    this.viewWaiters = waiting.filter((waiter) => !waiter.test(view));
    for (const waiter of waiting) if (!this.viewWaiters.includes(waiter)) waiter.resolve(true);
  }

  /** Resolves true once a shown view passes `test`, false after `within` ms. */
  waitForView(test, within) {
    return new Promise((resolve) => {
      const waiter = { test, resolve };
      this.viewWaiters.push(waiter);
      setTimeout(() => {
        this.viewWaiters = this.viewWaiters.filter((w) => w !== waiter);
        resolve(false);
      }, within);
    });
  }

  /**
   * Send a request that the server acknowledges (`ack` or `error` with its `ref`).
   * Rejects with SocketRefusal when refused, SocketLost when the socket is not open, closes,
   * or stays silent: the caller may then send the same request over HTTP (picks and taps
   * are idempotent).
   */
  request(message) {
    if (!this.isOpen()) return Promise.reject(new SocketLost("socket not open"));
    const ref = `r${this.nextRef++}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.settle(ref, null, new SocketLost("no ack")), ACK_WITHIN);
      this.pending.set(ref, { resolve, reject, timer });
      this.send({ ...message, ref });
    });
  }

  settle(ref, value, problem) {
    const entry = this.pending.get(ref);
    if (!entry) return false;
    this.pending.delete(ref);
    clearTimeout(entry.timer);
    if (problem) entry.reject(problem);
    else entry.resolve(value);
    return true;
  }

  failPending() {
    for (const ref of [...this.pending.keys()]) this.settle(ref, null, new SocketLost("socket closed"));
  }

  requestSnapshot() {
    this.send({ type: "snapshot" });
  }

  send(message) {
    if (this.isOpen()) this.socket.send(JSON.stringify(message));
  }

  connectNow() {
    clearTimeout(this.retryTimer);
    this.drop();
    this.onState(this.everLive ? "retrying" : "connecting");
    let socket;
    try {
      socket = new WebSocket(this.url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    this.socketVersion = -1;
    this.socketPool = null;
    socket.onopen = () => {
      this.delay = MIN_DELAY;
      this.startPings();
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = (event) => {
      if (socket !== this.socket) return;
      this.stopPings();
      this.failPending();
      this.socket = null;
      if (event.code === 4401 || event.code === 4404) {
        this.stopped = true;
        this.onState("closed", { code: event.code });
        return;
      }
      this.scheduleRetry();
    };
    socket.onerror = () => { /* onclose follows and retries */ };
  }

  receive(data) {
    let message;
    try { message = JSON.parse(data); } catch { return; }
    this.gotSomething();
    if (this.wholeViews && message.type === this.wholeViews) {
      this.showWhole(message);
      return;
    }
    switch (message.type) {
      case "snapshot":
        // The first snapshot on a connection is authoritative (after a server restore it
        // may be older than what we showed); a requested one only if it is not stale.
        this.socketPool = message.view.pool || null;
        if (this.socketVersion === -1 || message.version >= this.version) {
          this.version = message.version;
          this.show(message.view, message);
        }
        this.socketVersion = message.version;
        this.everLive = true;
        this.onState("live");
        this.settleAcks(message);
        break;
      case "update":
        // `base` chains this connection's own messages; a view we got over HTTP in the
        // meantime (a pick's reply) is not a gap, merely newer than some updates.
        if (message.base !== this.socketVersion || !this.mergePool(message.view)) {
          this.requestSnapshot();
          this.settleAcks(message); // the picks are stored even if this view had a gap
          return;
        }
        this.socketVersion = message.version;
        if (message.version > this.version) {
          this.version = message.version;
          this.show(message.view, message);
        }
        this.settleAcks(message);
        break;
      case "ack":
        this.settle(message.ref, message);
        break;
      case "error":
        if (!this.settle(message.ref, null, new SocketRefusal(message.code, message.message))) {
          this.onState("error", message);
        }
        break;
      default:
        break; // pong: liveness only
    }
  }

  /** A whole, unversioned view: shown as it comes; the first on a connection makes it live. */
  showWhole(message) {
    const first = this.socketVersion === -1;
    this.socketVersion = 0; // "this connection got a view" (whole views carry no version)
    this.show(message.view, message);
    if (first) {
      this.everLive = true;
      this.onState("live");
    }
  }

  /** A pick's `ack` rides in the first view sent after its commit (`acks`: their refs). */
  settleAcks(message) {
    for (const ref of message.acks || []) this.settle(ref, { type: "ack", ref });
  }

  /** Complete an update's pool from this connection's last one; false if it cannot be. */
  mergePool(view) {
    if (!("pool_added" in view)) {
      this.socketPool = view.pool || null;
      return true;
    }
    if (!this.socketPool || this.socketPool.length + view.pool_added.length !== view.pool_count) {
      return false;
    }
    view.pool = this.socketPool.concat(view.pool_added);
    delete view.pool_added;
    this.socketPool = view.pool;
    return true;
  }

  scheduleRetry() {
    if (this.stopped) return;
    this.onState(navigator.onLine === false ? "offline" : "retrying");
    // ±50 % jitter: when a router reboots every phone retries, but not on the same beat
    // (the bench's `--drop-all-at` phones wait the same way: loadgen/drop.py).
    const wait = this.delay * (0.5 + Math.random());
    this.retryTimer = setTimeout(() => this.connectNow(), wait);
    this.delay = Math.min(this.delay * 2, MAX_DELAY);
  }

  startPings() {
    this.stopPings();
    this.pingTimer = setInterval(() => this.probe(PONG_WITHIN), PING_EVERY);
  }

  /** Ping; with no answer at all in time the socket is dead without knowing it. */
  probe(within) {
    this.send({ type: "ping" });
    clearTimeout(this.pongTimer);
    this.pongTimer = setTimeout(() => this.connectNow(), within);
  }

  gotSomething() {
    clearTimeout(this.pongTimer);
  }

  stopPings() {
    clearInterval(this.pingTimer);
    clearTimeout(this.pongTimer);
  }

  drop() {
    this.stopPings();
    this.failPending();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      try { socket.close(); } catch { /* already closed */ }
    }
  }
}

export function socketUrl(pod, token) {
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${window.location.host}/ws/pods/${encodeURIComponent(pod)}?token=${encodeURIComponent(token)}`;
}

/** The discreet status pill in the top bar. */
export function statusPill(t) {
  const pill = document.getElementById("status-pill");
  let wasDown = false;
  let hideTimer = null;
  return (state) => {
    if (!pill) return;
    clearTimeout(hideTimer);
    const labels = { connecting: t("Connecting…"), retrying: t("Reconnecting…"), offline: t("Offline") };
    if (state === "live") {
      pill.className = "pill ok";
      pill.textContent = wasDown ? t("Back online") : t("Live");
      pill.hidden = false;
      wasDown = false;
      hideTimer = setTimeout(() => { pill.textContent = t("Live"); }, 3000);
    } else if (labels[state]) {
      if (state !== "connecting") wasDown = true;
      pill.className = `pill ${state === "offline" ? "bad" : "warn"}`;
      pill.textContent = labels[state];
      pill.hidden = false;
    }
  };
}
