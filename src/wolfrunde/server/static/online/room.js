// One online room on this page: its connection (docs/protocol.md, "The room WebSocket"), what the
// server has told this seat, and which screen shows it.
import { el, mount } from "../lib/dom.js";
import * as narration from "../lib/narration.js";
import { openSocket } from "../lib/socket.js";
import { toast } from "../lib/toast.js";
import { TEXT } from "../lib/texts.js";
import { gameScreen } from "./game.js";
import { lobbyScreen } from "./lobby.js";
import { HOME } from "./paths.js";
import { withVoice } from "./voice.js";

const T = TEXT.online;

const fresh = () => ({ code: null, socket: null, seat: null, lobby: null, game: null, chat: {}, channel: null,
  showRole: false, picks: {}, pendingKey: null, sentFor: null, joinTried: false, stopped: null });
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
  if (socket) { socket.close(); narration.clear(); }
}

export function send(message) {
  if (state.socket) state.socket.send(message);
}

function receive(message) {
  switch (message.type) {
    case "welcome": state.seat = message.you.seat; break;
    case "lobby":
      state.lobby = message;
      if (message.status === "lobby" && state.game) { state.game = null; state.showRole = false; }
      if (state.seat === null && message.status === "lobby" && !state.joinTried) { state.joinTried = true; send({ type: "join" }); }
      break;
    case "game": {
      // a new update for the same open decisions keeps what the player has half chosen
      const pendingNow = JSON.stringify(message.view.pending);
      if (pendingNow !== state.pendingKey) { state.picks = {}; state.pendingKey = pendingNow; }
      state.game = message; state.sentFor = null; break;
    }
    case "chat": (state.chat[message.channel] ||= []).push(message); break;
    case "chat_history":
      state.chat = {};
      for (const line of message.messages) (state.chat[line.channel] ||= []).push(line);
      break;
    case "error": toast(message.message, "error"); state.sentFor = null; break;
    case "removed": toast(message.message, "info"); state.socket.noReconnect(); break;
    case "narration": narration.enqueue(message.cues); return;
    default: return;
  }
  render();
}

// The room's screen: the game of this seat, else the lobby (also for someone watching).
export function render() {
  if (!main) return;
  if (state.stopped) {
    mount(main, el("section", {}, el("h1", {}, state.stopped), el("p", {}, el("a", { href: HOME }, T.ui.toHome))));
    return;
  }
  if (!state.lobby) return;
  const room = { state, send, render };
  mount(main, ...(state.game && state.seat !== null ? gameScreen(room) : lobbyScreen(room)));
}
