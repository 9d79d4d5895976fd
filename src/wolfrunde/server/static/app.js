// The online round in the browser: login, rooms, lobby, the game of one seat, chat (docs/protocol.md).
// This is the page's one module; the screens live in online/, the toolkit in lib/.
import { mount } from "./lib/dom.js";
import { api } from "./lib/http.js";
import { loadRoles } from "./lib/roles.js";
import { loadWords } from "./lib/game_words.js";
import { loginScreen, homeScreen } from "./online/account.js";
import { startInvites, stopInvites } from "./online/invites.js";
import { HOME, roomCode } from "./online/paths.js";
import { enterRoom, leaveRoom } from "./online/room.js";
import { session } from "./online/session.js";

const main = document.getElementById("main");
const who = document.getElementById("who");
const logout = document.getElementById("logout");
const account = document.getElementById("account");

function go(path) {
  history.pushState({}, "", path);
  route();
}

async function route() {
  if (!session.me) {
    const me = await api("/api/me");
    if (me.ok) session.me = me.data.user;
  }
  who.textContent = session.me ? session.me.name : "";
  logout.hidden = !session.me;
  account.hidden = !session.me;
  if (!session.me) { leaveRoom(); stopInvites(); mount(main, ...loginScreen(route)); return; }
  startInvites(go); // invitations into rooms, on every screen of the online round
  const code = roomCode(location.pathname);
  if (!code) { leaveRoom(); mount(main, ...homeScreen(go)); return; }
  enterRoom(code, main, () => { session.me = null; route(); });
}

logout.addEventListener("click", async () => {
  await api("/api/logout", {});
  session.me = null;
  leaveRoom();
  stopInvites();
  go(HOME);
});
window.addEventListener("popstate", route);
Promise.all([loadRoles(), loadWords()]).then(route);
