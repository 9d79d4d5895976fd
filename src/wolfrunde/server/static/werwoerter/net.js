// Talking to the server: HTTP for creating and joining, one WebSocket per room (reconnects by itself).
const TOKENS = "wolfrunde-ww-tokens";

export function savedToken(code) {
  try { return JSON.parse(localStorage.getItem(TOKENS) || "{}")[code] || null; } catch { return null; }
}

export function saveToken(code, token) {
  let all = {};
  try { all = JSON.parse(localStorage.getItem(TOKENS) || "{}"); } catch { all = {}; }
  all[code] = token;
  localStorage.setItem(TOKENS, JSON.stringify(all));
}

export async function post(url, body) {
  const response = await fetch(url, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.message || "Das hat nicht geklappt.");
  return data;
}

export class RoomSocket {
  constructor(code, token, onMessage, onStatus) {
    this.code = code; this.token = token; this.onMessage = onMessage; this.onStatus = onStatus;
    this.ws = null; this.retry = 0; this.stopped = false; this.ref = 0;
    this.open();
  }
  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const url = `${scheme}://${location.host}/ws/ww/${this.code}?token=${encodeURIComponent(this.token)}`;
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.onopen = () => { this.retry = 0; this.onStatus(true); };
    ws.onmessage = (event) => { try { this.onMessage(JSON.parse(event.data)); } catch { /* ignore */ } };
    ws.onclose = (event) => {
      this.onStatus(false);
      if (this.stopped || event.code === 4404) return;
      this.retry = Math.min(this.retry + 1, 6);
      setTimeout(() => this.open(), 400 * this.retry);
    };
  }
  send(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ref += 1;
    this.ws.send(JSON.stringify({ ...message, ref: this.ref }));
    return true;
  }
}
