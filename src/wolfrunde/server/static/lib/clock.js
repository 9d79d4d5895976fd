// Time as the server counts it, and the widgets that count down to a deadline (epoch seconds).
// One ticker redraws every live countdown and Sonnenuhr four times a second; a widget that has left
// the page is forgotten.
import { el } from "./dom.js";

let offset = 0; // server clock minus this device's clock, in seconds
const painters = new Map();
let ticker = null;

// The server's "now" (epoch seconds) from a message, so countdowns agree with the server's deadlines.
export function setServerNow(now) {
  if (typeof now === "number" && Number.isFinite(now)) offset = now - Date.now() / 1000;
}

export function serverNow() {
  return Date.now() / 1000 + offset;
}

export function secondsLeft(deadline) {
  return Math.max(0, Number(deadline) - serverNow());
}

// 125.8 seconds → "2:05".
export function clockText(seconds) {
  const whole = Math.floor(Math.max(0, seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

// Calls paint() now and on every tick while the node is on the page.
export function whileShown(node, paint) {
  painters.set(node, { paint, shown: false, since: Date.now() });
  paint();
  if (!ticker) ticker = setInterval(tick, 250);
  return node;
}

function tick() {
  for (const [node, entry] of painters) {
    if (node.isConnected) { entry.shown = true; entry.paint(); }
    else if (entry.shown || Date.now() - entry.since > 10_000) painters.delete(node);
  }
  if (!painters.size) { clearInterval(ticker); ticker = null; }
}

// A text countdown ("2:06"); with urgentBelow it gets class "urgent" in its last seconds.
export function countdown(deadline, { tag = "span", urgentBelow = 0, className = "timer", ...attrs } = {}) {
  const node = el(tag, { role: "timer", ...attrs, class: className, dataset: { deadline: String(deadline) } });
  return whileShown(node, () => {
    const left = secondsLeft(deadline);
    node.textContent = clockText(left);
    if (urgentBelow) node.classList.toggle("urgent", left < urgentBelow);
  });
}
