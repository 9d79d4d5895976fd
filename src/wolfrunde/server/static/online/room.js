// One online room on this page: its connection (docs/protocol.md, "The room WebSocket"), what the
// server has told this seat, and which screen shows it.
import { el, mount, restoreDrafts, steadyWhilePressed, takeDrafts } from "../lib/dom.js";
import * as narration from "../lib/narration.js";
import { openSocket } from "../lib/socket.js";
import { toast } from "../lib/toast.js";
import { TEXT } from "../lib/texts.js";
import { keepAwake } from "./awake.js";
import { gameScreen } from "./game.js";
import { lobbyScreen } from "./lobby.js";
import { HOME } from "./paths.js";
import { signalTurn } from "./turn.js";
import { watchScreen } from "./watch.js";
import { withVoice } from "./voice.js";

const T = TEXT.online;

const fresh = () => ({ code: null, socket: null, seat: null, lobby: null, game: null, watch: null, chat: {},
  channel: null, showRole: false, picks: {}, pendingKey: null, sending: {}, receipts: {}, joinTried: false,
  stopped: null, chatOpen: false, unread: 0, died: false, say: "", voted: null });
export const state = fresh();

let main = null;
let loggedOut = () => {};

// main: the element the room draws into; onLoggedOut(): the server says the session is gone.
export function enterRoom(code, mainNode, onLoggedOut) {
  main = mainNode;
  loggedOut = onLoggedOut;
  if (state.code === code && !state.stopped) { render(); return; }
  leaveRoom();
  state.code = code;
  state.socket = openSocket({
    url: `/ws/rooms/${encodeURIComponent(code)}`,
    onMessage: withVoice(receive, () => state.socket),
    onStatus: (up) => { if (!up && !state.socket?.stopped) toast(TEXT.socket.lost, "error"); },
    onStop: (reason, closeCode) => {
      if (closeCode === 4401) { loggedOut(); return; }
      state.stopped = reason;
      render();
    },
  });
  render();
}

export function leaveRoom() {
  const socket = state.socket;
  Object.assign(state, fresh());
  signalTurn(false);
  keepAwake(false);
  if (socket) { socket.close(); narration.clear(); }
}

export function send(message) {
  if (state.socket) state.socket.send(message);
}

// One decision of this seat. The receipt ("Angekommen") shows as soon as the server acknowledges it,
// long before the step's narration ends and the next view comes.
export function decide(kind, choice, label, seat = state.seat) {
  if (!state.socket || state.sending[kind]) return;
  state.sending[kind] = true;
  delete state.receipts[kind];
  render();
  state.socket.request({ type: "decide", kind, choice, seat }).then(
    () => { state.receipts[kind] = { label: label ?? null, at: performance.now() }; },
    () => {}, // the `error` message itself shows the server's German reason
  ).finally(() => { delete state.sending[kind]; render(); });
}

function receive(message) {
  switch (message.type) {
    case "welcome": state.seat = message.you.seat; break;
    case "lobby":
      state.lobby = message;
      if (message.status === "lobby" && (state.game || state.watch)) {
        state.game = null; state.watch = null; state.showRole = false; state.died = false;
      }
      // whoever opens a lobby's link without a seat sits down, once: not after standing up, and not a
      // spectator when the host opens the table again (the lobby offers the seat to take)
      if (!state.joinTried) {
        state.joinTried = true;
        if (state.seat === null && message.status === "lobby") send({ type: "join", ...(state.say ? { say: state.say } : {}) });
      }
      break;
    case "game": gameArrived(message); break;
    case "watch": state.watch = message; state.voted = null; break;
    case "voted": state.voted = message; break;
    case "chat":
      (state.chat[message.channel] ||= []).push(message);
      if (!state.chatOpen && message.seat !== state.seat) state.unread += 1;
      break;
    case "chat_history": {
      const before = Object.values(state.chat).reduce((sum, lines) => sum + lines.length, 0);
      state.chat = {};
      for (const line of message.messages) (state.chat[line.channel] ||= []).push(line);
      if (!state.chatOpen) state.unread += Math.max(0, message.messages.length - before);
      break;
    }
    case "error": toast(message.message, "error"); break;
    case "removed": toast(message.message, "info"); state.socket.noReconnect(); break;
    case "narration": narration.enqueue(message.cues); return;
    default: return;
  }
  render();
}

function gameArrived(message) {
  const before = state.game;
  // a new update for the same open decisions keeps what the player has half chosen and its receipts
  const pendingNow = JSON.stringify(message.view.pending);
  if (pendingNow !== state.pendingKey) {
    state.picks = {};
    state.pendingKey = pendingNow;
    // a new question (a second vote, the next night) starts without the old receipts; with nothing open
    // the receipts stay, so the sheet still says that the last choice arrived
    if (message.view.pending.length) state.receipts = {};
  }
  if (before && before.view.you.alive && !message.view.you.alive && message.view.result === null) {
    // this seat has just died: the screen says so and opens the Jenseits, where the dead talk
    state.died = true;
    state.chatOpen = true;
    state.channel = "beyond";
    state.unread = 0;
  }
  if (before && (before.view.step !== message.view.step || before.view.round !== message.view.round)) state.voted = null;
  state.game = message;
  const asked = message.view.pending.length > 0 && message.view.result === null;
  const newly = asked && (!before || message.view.pending.some((r) => !before.view.pending.some((b) => b.kind === r.kind)));
  signalTurn(asked, newly);
}

export function openChat(channel) {
  state.chatOpen = true;
  state.unread = 0;
  if (channel) state.channel = channel;
  render();
}

// The room's screen: the game of this seat, else a running game watched, else the lobby. It is drawn
// anew on every message, so a redraw waits for a press to end (a vote tapped just as another comes in).
export const render = steadyWhilePressed(draw, () => main);

function draw() {
  if (!main) return;
  if (state.stopped) {
    keepAwake(false);
    mount(main, el("section", {}, el("h1", {}, state.stopped), el("p", {}, el("a", { href: HOME }, T.ui.toHome))));
    return;
  }
  if (!state.lobby) return;
  const room = { state, send, render, decide, openChat };
  const running = state.lobby.status !== "lobby";
  // the screen stays awake while a game runs, for players and spectators alike
  keepAwake(running && (state.game ? state.game.view.result === null : state.lobby.status === "running"));
  const active = document.activeElement, activeId = active && active.id;
  const drafts = takeDrafts(main);
  if (state.game && state.seat !== null) mount(main, ...gameScreen(room));
  else if (running && state.watch) mount(main, ...watchScreen(room));
  else mount(main, ...lobbyScreen(room));
  // a screen drawn anew keeps the keyboard where it was (the same node, or the new one with its id) and
  // what was being typed
  if (active && active !== document.body) {
    const again = document.contains(active) ? active : activeId ? document.getElementById(activeId) : null;
    if (again && again !== document.activeElement) again.focus({ preventScroll: true });
  }
  restoreDrafts(main, drafts);
}
