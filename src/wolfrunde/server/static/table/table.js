// Entry of /tisch and /t/{code}: finds this device's table (token in localStorage), connects, draws.
import { el, steadyWhilePressed } from "../lib/dom.js";
import { api } from "../lib/http.js";
import { loadRoles } from "../lib/roles.js";
import { openSocket } from "../lib/socket.js";
import { loadJSON, loadText, saveJSON, saveText } from "../lib/store.js";
import { dismissToast, toast } from "../lib/toast.js";
import { TEXT } from "../lib/texts.js";
import { loadNarrators } from "../lib/voices.js";
import { renderLobby, renderSeat, sayRefused } from "./own.js";
import { DEVICE_KEY, chooseMode, guestKey, joinForm } from "./setup.js";
import { renderScreen } from "./single.js";
import "./toastplace.js";
import { narrate, show } from "./ui.js";

const T = TEXT.table;
const REASONS = { 4401: T.badToken, 4404: T.noTable };

// The table's WebSocket: hello with the device's token first; lost(reason) when the table or token is gone.
function connect(code, token, onMessage, lost) {
  return openSocket({
    url: `/ws/tables/${code}`,
    hello: { type: "hello", token },
    reasons: REASONS,
    onMessage,
    onStop: (reason) => { toast(reason, "error"); lost(); },
    onStatus: (up) => { if (!up) toast(TEXT.socket.lost, "error"); else dismissToast(); },
  });
}

function playSingle(device) {
  const socket = connect(device.code, device.token, (message) => {
    if (message.type === "screen") renderScreen(message, (op, data = {}) => socket.send({ type: "device", op, data }), device.code);
    else if (message.type === "error") toast(message.message, "error");
  }, () => { saveJSON(DEVICE_KEY, null); chooseMode(); });
}

async function playOwn(code, token) {
  await loadRoles();
  let me = { seat: null, host: false }, table = null;
  // every message of the table redraws the screen: the latest drawing waits while a tap on it lasts
  let latest = () => {};
  const redraw = steadyWhilePressed(() => latest(), () => document.getElementById("main"));
  const paint = (drawing) => { latest = drawing; redraw(); };
  const socket = connect(code, token, (message) => {
    if (message.type === "welcome") me = { ...message, token }; // the token: for the Aussprache's preview
    else if (message.type === "table") { table = message; if (table.status === "lobby") paint(() => renderLobby(table, me, socket.send)); }
    else if (message.type === "seat") paint(() => renderSeat(message, me, socket.send, code, socket.request));
    else if (message.type === "narration") narrate(message.cues, table !== null && table.speaking === me.seat, code);
    else if (message.type === "removed") {
      socket.close(); saveText(guestKey(code), null); toast(message.message, "info"); joinForm(code);
    } else if (message.type === "error") {
      if (message.code === "bad_pronunciation") sayRefused(message.message); // shown at the field
      else toast(message.message, "error");
      if (table && table.status === "lobby") renderLobby(table, me, socket.send); // a refused value goes back
    }
  }, () => { saveText(guestKey(code), null); joinForm(code); });
}

async function main() {
  loadNarrators(); // for the narrator choices; they fill in once the list is there
  const match = location.pathname.match(/^\/t\/([A-Za-z0-9-]+)$/);
  if (match) {
    const code = match[1].toUpperCase();
    document.getElementById("where").textContent = T.tableCode(code);
    const info = await api(`/api/tables/${code}`);
    if (!info.ok) { show(el("h1", {}, T.noTable), el("a", { href: "/tisch" }, T.toStart)); return; }
    if (info.data.mode === "table_single_device") { // played on the one device that opened it: nobody joins
      const device = loadJSON(DEVICE_KEY);
      if (device && device.code === code) { playSingle(device); return; }
      show(el("h1", {}, T.tableCode(code)), el("p", { id: "one-device" }, T.oneDeviceTable), el("a", { href: "/tisch" }, T.toStart));
      return;
    }
    const token = loadText(guestKey(code));
    if (token) playOwn(code, token);
    else if (info.data.status !== "lobby") show(el("h1", {}, T.tableCode(code)), el("p", { id: "table-closed" }, T.tableClosed), el("a", { href: "/tisch" }, T.toStart));
    else joinForm(code);
    return;
  }
  const device = loadJSON(DEVICE_KEY);
  if (device) {
    if ((await api(`/api/tables/${device.code}`)).ok) { playSingle(device); return; }
    saveJSON(DEVICE_KEY, null);
  }
  chooseMode();
}

main();
