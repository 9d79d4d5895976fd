// The parts of the table that players and spectators share: the phase bar, the players in seat order,
// the roles in play (each linked to its page) and the story told so far.
import { countdown } from "../lib/clock.js";
import { el } from "../lib/dom.js";
import { roleName } from "../lib/roles.js";
import { TEXT } from "../lib/texts.js";
import { stepName } from "../lib/game_words.js";

const T = TEXT.online;

// view: { phase, round, step, result }; timer: { deadline } or null.
export function phaseBar(room, view, timer, { chat }) {
  const { state } = room;
  const over = view.result !== null && view.result !== undefined;
  const phase = over ? T.ui.over : `${view.phase === "night" ? T.ui.night : T.ui.day} ${view.round}`;
  const step = !over && view.step ? stepName(view.step) : null;
  const chatButton = chat ? el("button", { class: "secondary chat-toggle", id: "chat-toggle",
    "aria-expanded": state.chatOpen ? "true" : "false", "aria-controls": "chat",
    onclick: () => { if (state.chatOpen) { state.chatOpen = false; room.render(); } else room.openChat(); } },
    T.ui.chat, state.unread ? el("span", { class: "unread", "aria-label": T.ui.unread(state.unread) }, String(state.unread)) : null)
    : null;
  return el("header", { class: "phasebar " + (over ? "phase-over" : "phase-" + view.phase) },
    el("div", {}, el("h1", {}, phase), step ? el("p", { class: "step" }, step) : null),
    timer ? countdown(timer.deadline, { tag: "p", urgentBelow: 10, "aria-label": T.ui.timeLeft }) : null,
    chatButton);
}

// Who has cast a ballot in the day's open vote (never for whom): the `voted` message of this round.
export function votedMark(voted, view) {
  const seats = voted && view.phase === "day" && voted.round === view.round ? new Set(voted.seats) : new Set();
  return (p) => (seats.has(p.seat) ? T.ui.votedMark : null);
}

// marks(player): the short German marks this viewer may know of that player (null where none).
export function playerTable(view, seat, marks) {
  return el("section", { class: "table-section", "aria-labelledby": "players-title" },
    el("h2", { id: "players-title", class: "visually-hidden" }, T.ui.players),
    el("ul", { class: "table" }, view.players.map((p) => {
      const notes = [p.seat === seat ? T.ui.you : null, p.captain ? T.ui.captain : null,
        p.alive ? null : T.ui.dead, ...marks(p)].filter(Boolean);
      return el("li", { class: "place" + (p.alive ? "" : " gone") + (p.seat === seat ? " me" : ""), "data-seat": p.seat },
        el("span", { class: "avatar", "aria-hidden": "true" }, initial(p.name)),
        el("span", { class: "who" }, el("span", { class: "name" }, p.name),
          notes.length ? el("span", { class: "marks" }, notes.map((note) => el("span", { class: "badge" }, note))) : null));
    })));
}

function initial(name) {
  return [...(name || "?").trim()][0]?.toUpperCase() || "?";
}

// The role list the lobby announced (the host's choice or the recommended set), each linked to its page.
export function rolesInPlay(lobby) {
  const roles = lobby.settings.roles || lobby.recommended_roles || [];
  if (!roles.length) return null;
  const counts = new Map();
  for (const id of roles) counts.set(id, (counts.get(id) || 0) + 1);
  return el("details", { class: "roles-in-play panel" }, el("summary", {}, T.ui.rolesInPlay(roles.length)),
    el("ul", {}, [...counts].map(([id, count]) => el("li", {},
      el("a", { href: `/rollen/${encodeURIComponent(id)}`, target: "_blank", rel: "noopener" }, roleName(id)),
      count > 1 ? ` × ${count}` : null)),
    captainItem()));
}

// Every game elects a Hauptmann on its first day, whichever cards are dealt.
export function captainItem() {
  return el("li", { class: "captain-item" }, el("a", { href: "/rollen/captain", target: "_blank", rel: "noopener" },
    roleName("captain")), ` – ${T.ui.captainInPlay}`);
}

// log: [{ round, phase, type, text }] oldest first, as the server tells it to this seat.
export function storyLog(log, { open, title }) {
  const lines = log.filter((line) => line.type !== "step");
  return el("details", { class: "story panel", open: open || null }, el("summary", {}, title),
    el("ol", { class: "log full" }, lines.map((line) => el("li", { class: `log-${line.type}` }, line.text))));
}
