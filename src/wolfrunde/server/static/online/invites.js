// Invitations into online rooms (docs/protocol.md, "Notifications"): the logged-in account's notification
// socket, open on every screen, and one banner per pending invitation ("Anna lädt dich in den Raum K7QWM
// ein.") with "Beitreten" (opens the room, which seats the player) and "Schließen". Both dismiss the
// invitation on every device; a join or the game's start elsewhere takes it away too (`invite_gone`).
import { el, mount } from "../lib/dom.js";
import { openSocket } from "../lib/socket.js";
import { TEXT } from "../lib/texts.js";
import { roomPath } from "./paths.js";

const T = TEXT.invites;
const shown = new Map(); // invitation id → invitation, in the order they came
let socket = null;
let go = (path) => { location.href = path; };

// Opens the socket (once; again after a logout). navigate(path): how this page opens another path.
export function startInvites(navigate) {
  if (navigate) go = navigate;
  if (socket && !socket.stopped) return;
  socket = openSocket({
    url: "/ws/notifications",
    patches: false,
    onMessage: receive,
    onStop: () => { socket = null; shown.clear(); render(); },
  });
}

// Logged out: no more invitations on this page.
export function stopInvites() {
  if (socket) socket.close();
  socket = null;
  shown.clear();
  render();
}

function receive(message) {
  switch (message.type) {
    case "invites": // every pending one, on each (re)connection
      shown.clear();
      for (const invite of message.invites) shown.set(invite.id, invite);
      break;
    case "invite": shown.set(message.invite.id, message.invite); break;
    case "invite_gone": shown.delete(message.id); break;
    default: return;
  }
  render();
}

function region() {
  let node = document.getElementById("invites");
  if (!node) {
    node = el("div", { id: "invites", class: "invites", role: "region", "aria-label": T.region, "aria-live": "polite" });
    document.body.append(node);
  }
  return node;
}

function render() {
  const node = region();
  mount(node, [...shown.values()].map(banner));
  node.hidden = shown.size === 0;
}

function banner(invite) {
  const dismiss = () => {
    shown.delete(invite.id);
    render();
    if (socket) socket.send({ type: "dismiss", id: invite.id });
  };
  return el("div", { class: "invite", dataset: { code: invite.code } },
    el("p", {}, T.text(invite.from.name, invite.code)),
    el("div", { class: "row" },
      el("button", { class: "small", onclick: () => { dismiss(); go(roomPath(invite.code)); } }, T.join),
      el("button", { class: "small secondary", onclick: dismiss, "aria-label": T.dismissLabel(invite.from.name, invite.code) },
        T.dismiss)));
}
