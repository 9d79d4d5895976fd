// The room WebSocket of every page, JSON one object per frame (docs/protocol.md):
// - reconnects by itself after a lost connection, waiting longer each time (exponential, with a cap);
// - sends `hello` (when given) first on every connection, then what was sent while it was down;
// - pings while idle and reconnects when the line has gone silent;
// - stops for good on the close codes that say trying again cannot help (4401, 4403, 4404) and
//   reports a German reason;
// - numbers every message (`ref`), so an answer can be matched: `request()` waits for its ack;
// - takes incremental `game` updates (patch.js) and hands `onMessage` the full `game` message each time;
//   a reconnect asks for what it missed since the version it holds.
//
//   const socket = openSocket({ url: "/ws/rooms/K7QWM", onMessage, onStatus, onStop });
//   socket.send({ type: "join" });             // now, or as soon as the connection is back
//   await socket.request({ type: "decide", … }); // resolves on `ack`, rejects on `error` (German message)
//   socket.close();                             // this page is done with the room
import { gameStream } from "./patch.js";
import { TEXT } from "./texts.js";

export const FINAL_CLOSE_CODES = [4401, 4403, 4404];

const DEFAULTS = {
  url: "",                // a path on this host ("/ws/…") or a whole ws(s):// address; or a function giving one
  hello: null,            // the first message of every connection (an object, or a function giving one)
  onMessage: () => {},    // every message from the server except `pong`
  onStatus: () => {},     // onStatus(true) when connected, onStatus(false) when the connection is lost
  onStop: () => {},       // onStop(reason, code) when the server closed with a final code
  reasons: {},            // German reasons by close code, in place of the catalogue's
  baseDelay: 500,         // ms before the first new attempt; doubled each time …
  maxDelay: 10_000,       // … up to this
  pingSeconds: 25,        // a ping after this long without sending anything
  silentSeconds: 60,      // a connection that heard nothing for this long is given up and opened anew
  maxQueue: 50,           // messages kept while the connection is down (the oldest go first)
  requestSeconds: 15,     // how long request() waits for its answer
  patches: true,          // ask for incremental `game` updates (onMessage still gets full messages)
};

// How long to wait before attempt number `attempt` (1, 2, …) of reconnecting.
export function backoff(attempt, baseDelay = DEFAULTS.baseDelay, maxDelay = DEFAULTS.maxDelay) {
  return Math.min(maxDelay, baseDelay * 2 ** Math.max(0, attempt - 1));
}

export function closeReason(code, reasons = {}) {
  return reasons[code] || TEXT.socket.closed[code] || TEXT.socket.lost;
}

export function openSocket(options) {
  const o = { ...DEFAULTS, ...options };
  const queue = [];
  const waiting = new Map();
  let ws = null, up = false, attempts = 0, ref = 0, finished = false, retry = true;
  let retryTimer = null, keepAlive = null, lastHeard = 0, lastSent = 0;
  const updates = gameStream();

  function address() {
    let target = typeof o.url === "function" ? o.url() : o.url;
    if (o.patches) {
      const since = updates.since();
      target += `${target.includes("?") ? "&" : "?"}patches=1${since ? `&since=${encodeURIComponent(since)}` : ""}`;
    }
    if (/^wss?:\/\//.test(target)) return target;
    return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${target}`;
  }

  function open() {
    retryTimer = null;
    if (finished) return;
    const socket = new WebSocket(address());
    ws = socket;
    socket.addEventListener("open", () => {
      if (ws !== socket) return;
      const hello = typeof o.hello === "function" ? o.hello() : o.hello;
      if (hello) socket.send(JSON.stringify(hello));
      while (queue.length) socket.send(queue.shift());
      lastHeard = lastSent = Date.now();
      keepAlive = setInterval(() => watch(socket), 1000);
      status(true);
    });
    socket.addEventListener("message", (event) => {
      if (ws !== socket) return;
      lastHeard = Date.now();
      attempts = 0; // the server answered: the next loss starts the backoff afresh
      let message;
      try { message = JSON.parse(event.data); } catch { return; }
      if (!message || typeof message !== "object" || message.type === "pong") return;
      if (o.patches) {
        message = updates.receive(message);
        if (message === null) { // a patch for another version: connect afresh for a full view
          try { socket.close(4000); } catch { /* already closing */ }
          return;
        }
      }
      settle(message);
      o.onMessage(message);
    });
    socket.addEventListener("close", (event) => lost(socket, event.code));
  }

  // Called every second while connected: ping when idle, give up a connection that went silent.
  function watch(socket) {
    const now = Date.now();
    if (now - lastHeard > o.silentSeconds * 1000) {
      lost(socket, 0);
      try { socket.close(); } catch { /* already closing */ }
    } else if (now - Math.max(lastSent, lastHeard) > o.pingSeconds * 1000) {
      lastSent = now;
      socket.send(JSON.stringify({ type: "ping" }));
    }
  }

  function lost(socket, code) {
    if (ws !== socket) return;
    ws = null;
    clearInterval(keepAlive);
    const final = FINAL_CLOSE_CODES.includes(code);
    if (final || finished || !retry) finish(); // before onStatus, so it already sees `stopped`
    status(false);
    if (final) { o.onStop(closeReason(code, o.reasons), code); return; }
    if (finished) return;
    attempts += 1;
    retryTimer = setTimeout(open, backoff(attempts, o.baseDelay, o.maxDelay));
  }

  function status(now) {
    if (now === up) return;
    up = now;
    o.onStatus(now);
  }

  function finish() {
    finished = true;
    clearTimeout(retryTimer);
    queue.length = 0;
    for (const { reject, timer } of waiting.values()) { clearTimeout(timer); reject(new Error(TEXT.socket.lost)); }
    waiting.clear();
  }

  function settle(message) {
    const entry = message.ref === undefined ? undefined : waiting.get(message.ref);
    if (!entry || (message.type !== "ack" && message.type !== "error")) return;
    waiting.delete(message.ref);
    clearTimeout(entry.timer);
    if (message.type === "ack") entry.resolve(message);
    else entry.reject(Object.assign(new Error(message.message || TEXT.errors.failed), { code: message.code }));
  }

  // Sends a message now or, while the connection is down, as soon as it is back. Returns its `ref`.
  function send(message) {
    if (finished) return null;
    const numbered = message.ref === undefined ? { ...message, ref: (ref += 1) } : message;
    const text = JSON.stringify(numbered);
    if (ws && ws.readyState === WebSocket.OPEN) {
      lastSent = Date.now();
      ws.send(text);
    } else {
      queue.push(text);
      while (queue.length > o.maxQueue) queue.shift();
    }
    return numbered.ref;
  }

  // Sends a message and resolves with its `ack`; rejects with the server's German `error` message.
  function request(message) {
    return new Promise((resolve, reject) => {
      const sent = send(message);
      if (sent === null) { reject(new Error(TEXT.socket.lost)); return; }
      const timer = setTimeout(() => { waiting.delete(sent); reject(new Error(TEXT.socket.noAnswer)); }, o.requestSeconds * 1000);
      waiting.set(sent, { resolve, reject, timer });
    });
  }

  open();
  return {
    send,
    request,
    get connected() { return up; },
    get stopped() { return finished; },
    // The page is done with the room: close and never reconnect.
    close() {
      const socket = ws;
      ws = null;
      clearInterval(keepAlive);
      finish();
      if (socket) socket.close(1000);
    },
    // Keep this connection, but do not open another one when it ends (e.g. removed from the room).
    noReconnect() { retry = false; },
  };
}
