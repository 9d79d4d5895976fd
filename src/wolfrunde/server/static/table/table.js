// Entry of /tisch and /t/{code}: finds this device's table (token in localStorage), connects, draws.
import { chooseMode, joinForm, roleCards } from "./setup.js";
import { renderScreen } from "./single.js";
import { renderLobby, renderSeat } from "./own.js";
import { el, mount, narrate, toast } from "./ui.js";

const DEVICE_KEY = "wolfrunde.table.device";

function stored(key) {
  try { return JSON.parse(localStorage.getItem(key) || "null"); } catch { return null; }
}

function connect(code, token, handlers) {
  let socket, closedByUs = false, attempts = 0;
  const open = () => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${code}`);
    socket.addEventListener("open", () => { attempts = 0; socket.send(JSON.stringify({ type: "hello", token })); });
    socket.addEventListener("message", (event) => handlers.message(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => {
      if (closedByUs) return;
      if (event.code === 4401 || event.code === 4404) { handlers.lost(); return; }
      attempts += 1;
      if (attempts <= 20) setTimeout(open, Math.min(5000, 300 * attempts));
    });
  };
  open();
  return {
    send(message) { if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message)); },
    close() { closedByUs = true; socket.close(); },
  };
}

async function playSingle(device) {
  const link = connect(device.code, device.token, {
    message(message) {
      if (message.type === "screen") renderScreen(message, (op, data = {}) => link.send({ type: "device", op, data }), device.code);
      else if (message.type === "error") toast(message.message);
    },
    lost() { localStorage.removeItem(DEVICE_KEY); chooseMode(null); },
  });
}

async function playOwn(code, token) {
  await roleCards();
  let me = { seat: null, host: false }, table = null, view = null;
  const link = connect(code, token, {
    message(message) {
      if (message.type === "welcome") me = message;
      else if (message.type === "table") { table = message; if (table.status === "lobby") renderLobby(table, me, link.send); }
      else if (message.type === "seat") { view = message; renderSeat(view, me, link.send, code); }
      else if (message.type === "narration") narrate(message.cues, table !== null && table.speaking === me.seat, code);
      else if (message.type === "removed") {
        link.close(); localStorage.removeItem(`wolfrunde.table.guest.${code}`); toast(message.message); joinForm(code);
      }
      else if (message.type === "error") toast(message.message);
    },
    lost() { localStorage.removeItem(`wolfrunde.table.guest.${code}`); joinForm(code); },
  });
  return { table, view };
}

async function main() {
  const match = location.pathname.match(/^\/t\/([A-Za-z0-9-]+)$/);
  if (match) {
    const code = match[1].toUpperCase();
    document.getElementById("where").textContent = `Tisch ${code}`;
    const info = await fetch(`/api/tables/${code}`);
    if (!info.ok) { mount(el("h1", {}, "Diesen Tisch gibt es nicht."), el("a", { href: "/tisch" }, "Zum Tisch-Start")); return; }
    const token = localStorage.getItem(`wolfrunde.table.guest.${code}`);
    if (token) playOwn(code, token); else joinForm(code);
    return;
  }
  const device = stored(DEVICE_KEY);
  if (device) {
    const info = await fetch(`/api/tables/${device.code}`);
    if (info.ok) { playSingle(device); return; }
    localStorage.removeItem(DEVICE_KEY);
  }
  chooseMode(null);
}

main();
