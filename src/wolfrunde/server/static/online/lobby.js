// The room before the game (and for someone watching when watching is not allowed): the code, link and
// QR code, the seats, the own name's Aussprache, the host's settings with the role picker, the narrator,
// the lobby chat.
import { el } from "../lib/dom.js";
import { api } from "../lib/http.js";
import { pronunciationForm } from "../lib/pronunciation.js";
import { allRoles, roleName } from "../lib/roles.js";
import { toast } from "../lib/toast.js";
import { TEXT } from "../lib/texts.js";
import { narratorPicker } from "../lib/voices.js";
import { chatSection } from "./chat.js";
import { isHost } from "./session.js";
import { captainItem } from "./table.js";

const T = TEXT.online;

export function lobbyScreen(room) {
  const { state, send } = room;
  const lobby = state.lobby, host = isHost(lobby);
  const link = location.origin + lobby.link;
  const open = lobby.status === "lobby";
  const seats = lobby.seats.map((seat) => el("li", { class: seat.online ? "" : "offline" },
    el("span", {}, `${seat.seat + 1}. ${seat.name} `, seat.host ? el("span", { class: "badge" }, T.ui.host) : null,
      seat.bot ? el("span", { class: "badge" }, T.ui.bot) : null, seat.online ? null : el("span", { class: "badge" }, T.ui.offline)),
    host && !seat.host && open
      ? el("button", { class: "small secondary", id: `kick-${seat.seat}`, onclick: () => send({ type: "kick", seat: seat.seat }),
        "aria-label": T.ui.removeSeat(seat.name) }, T.ui.remove) : null));
  const copy = () => navigator.clipboard.writeText(link).then(() => toast(T.ui.copied, "success"), () => toast(link, "info"));
  return [
    el("section", {}, el("h1", {}, T.ui.lobby),
      el("div", { class: "code", role: "img", "aria-label": `${T.ui.codeLabel}: ${[...lobby.code].join(" ")}` }, lobby.code),
      el("p", { class: "link-text" }, el("a", { href: lobby.link }, link)),
      el("img", { class: "qr", src: `/api/rooms/${encodeURIComponent(lobby.code)}/qr.svg`, alt: T.ui.qr, width: 160, height: 160 }),
      el("div", { class: "row" }, el("button", { class: "secondary", onclick: copy }, T.ui.copy))),
    el("section", {}, el("h2", {}, `${T.ui.seats} (${lobby.seats.length}/${lobby.max_seats})`),
      el("ul", { class: "seats" }, seats),
      el("div", { class: "row" },
        state.seat === null && open ? el("button", { id: "take-seat", onclick: () => send({ type: "join", ...(state.say ? { say: state.say } : {}) }) }, T.ui.takeSeat) : null,
        state.seat !== null && !host && open ? el("button", { class: "secondary", id: "leave-seat", onclick: () => send({ type: "leave" }) }, T.ui.leaveSeat) : null,
        host ? el("button", { class: "secondary", id: "add-bot", onclick: () => send({ type: "add_bot" }) }, T.ui.addBot) : null,
        host ? el("button", { id: "start-game", onclick: () => send({ type: "start" }) }, T.ui.start) : null),
      state.seat === null && !open ? el("p", { class: "hint" }, lobby.settings.spectators ? T.ui.watching : T.ui.noWatching) : null),
    state.seat !== null && open ? kept("invite", [lobby.code], () => inviteSection(lobby.code)) : null,
    state.seat !== null && open
      ? kept("say", [lobby.seats[state.seat], lobby.settings.narrator], () => pronunciationSection(room)) : null,
    kept("settings", [lobby.settings, lobby.recommended_roles, lobby.seats.length, host, open],
      () => settingsSection(lobby, host && open, send)),
    narratorSection(lobby, host, send),
    chatSection(room, { lobby: true }),
  ];
}

// A section is built anew only when what it shows changed, so a lobby update (someone joins, a chat
// line) keeps what the host is typing.
const built = new Map();
function kept(name, inputs, build) {
  const key = JSON.stringify(inputs), old = built.get(name);
  if (old && old.key === key) return old.node;
  const node = build();
  built.set(name, { key, node });
  return node;
}

// "Einladen": a seated player invites an account by its name (POST /api/rooms/{code}/invites); the invitee
// sees a banner wherever the online round is open (online/invites.js). The answer shows under the field.
function inviteSection(code) {
  const I = TEXT.invites;
  const name = el("input", { id: "invite-name", autocomplete: "off", maxlength: 24, "aria-describedby": "invite-status",
    "data-draft": "invite-name" });
  const status = el("p", { class: "hint", id: "invite-status", role: "status" });
  async function submit(event) {
    event.preventDefault();
    const who = name.value.trim();
    if (!who) { name.focus(); return; }
    const answer = await api(`/api/rooms/${encodeURIComponent(code)}/invites`, { name: who });
    status.classList.toggle("error", !answer.ok);
    status.textContent = answer.ok ? I.sent(answer.data.invite.to.name) : answer.data.message || TEXT.errors.failed;
    if (answer.ok) name.value = "";
  }
  return el("section", { class: "invite-form" }, el("h2", {}, I.title),
    el("form", { onsubmit: submit },
      el("label", { for: "invite-name" }, I.nameLabel),
      el("div", { class: "row" }, name, el("button", { type: "submit", id: "invite-send" }, I.send)),
      status));
}

// How my name is spoken (the shared form), its preview from the narrator the lobby chose.
function pronunciationSection(room) {
  const { state, send } = room;
  const mine = state.lobby.seats[state.seat];
  if (!mine) return null;
  const preview = (say) => fetch(`/api/voices/${encodeURIComponent(state.lobby.settings.narrator)}/name`
    + `?text=${encodeURIComponent(mine.name)}&say=${encodeURIComponent(say)}`);
  const save = (say) => {
    state.say = say;
    send({ type: "pronounce", say });
  };
  return pronunciationForm({ name: mine.name, value: mine.say, preview, save });
}

// Every role the online round deals, in the engine's order.
function dealtRoles() {
  return Object.values(allRoles()).filter((r) => r.id !== "captain" && (r.modes || []).includes("online"));
}

function countsOf(ids) {
  const counts = {};
  for (const id of ids) counts[id] = (counts[id] || 0) + 1;
  return counts;
}

function settingsSection(lobby, host, send) {
  const s = lobby.settings;
  const rules = el("select", { id: "rules", disabled: !host },
    Object.entries(T.rules).map(([id, label]) => el("option", { value: id, selected: id === s.rules }, label)));
  const recommended = el("input", { type: "checkbox", id: "recommended", checked: s.recommended, disabled: !host });
  const roles = s.roles || lobby.recommended_roles || [];
  const bounds = lobby.timer_bounds || {};
  const timers = Object.keys(T.timerNames).map((key) => [key, el("input", { type: "number", id: "t-" + key,
    min: (bounds[key] || [5])[0], max: (bounds[key] || [])[1], value: s.timers[key], disabled: !host })]);
  const meld = el("input", { type: "checkbox", id: "meld", checked: s.meldeliste, disabled: !host });
  const watchers = el("input", { type: "checkbox", id: "spectators", checked: s.spectators, disabled: !host });
  const short = el("input", { type: "checkbox", id: "short-style", checked: s.style === "knapp", disabled: !host });
  const picker = host ? rolePicker(countsOf(roles), lobby.seats.length, recommended) : null;
  function save(event) {
    event.preventDefault();
    const message = { type: "settings", rules: rules.value, meldeliste: meld.checked, spectators: watchers.checked,
      style: short.checked ? "knapp" : "voll",
      timers: Object.fromEntries(timers.map(([key, input]) => [key, Number(input.value)])) };
    if (recommended.checked) message.recommended = true;
    else message.roles = picker.chosen();
    send(message);
  }
  const shown = Object.entries(countsOf(roles)).map(([id, count]) => el("li", {},
    el("a", { href: `/rollen/${encodeURIComponent(id)}`, target: "_blank", rel: "noopener" }, roleName(id)),
    count > 1 ? ` × ${count}` : null));
  return el("section", {}, el("h2", {}, T.ui.settings),
    el("form", { class: "settings", onsubmit: save },
      el("label", { for: "rules" }, T.ui.rules), rules,
      el("fieldset", { class: "timers" }, el("legend", { class: "field-title" }, T.ui.timers),
        el("div", { class: "row" }, timers.map(([key, input]) => el("div", {}, el("label", { for: "t-" + key }, T.timerNames[key]), input)))),
      el("label", { for: "meld" }, meld, " ", T.ui.meldeliste),
      el("label", { for: "spectators" }, watchers, " ", T.ui.allowSpectators),
      el("label", { for: "short-style" }, short, " ", T.ui.shortStyle),
      el("h3", { class: "field-title" }, T.ui.rolesLabel),
      host ? null : el("ul", { class: "role-list" }, shown, captainItem()),
      el("label", { for: "recommended" }, recommended, " ", T.ui.recommended),
      picker ? picker.node : null,
      host ? el("button", { type: "submit", class: "secondary", id: "save-settings" }, T.ui.save) : null));
}

// The host's role picker: every role with its German name, its short text and a count; the recommended
// set is preselected. Changing a count leaves the recommended set.
function rolePicker(counts, players, recommended) {
  const inputs = [];
  const total = el("p", { class: "hint", id: "roles-total", role: "status" });
  const paint = () => {
    const cards = inputs.reduce((sum, [, input]) => sum + Number(input.value || 0), 0);
    total.textContent = T.ui.cardsChosen(cards, players);
  };
  const rows = dealtRoles().map((role) => {
    const id = `count-${role.id}`;
    const step = role.cards_per_set || 1;
    const input = el("input", { type: "number", id, min: 0, max: 14, step, value: counts[role.id] || 0,
      class: "count", "aria-describedby": `about-${role.id}`,
      oninput: () => { recommended.checked = false; paint(); } });
    inputs.push([role.id, input]);
    return el("li", { class: "pick" + (counts[role.id] ? " chosen" : "") },
      el("label", { for: id, class: "pick-name" }, role.name), input,
      el("p", { class: "hint", id: `about-${role.id}` }, role.description, " ",
        el("a", { href: `/rollen/${encodeURIComponent(role.id)}`, target: "_blank", rel: "noopener",
          "aria-label": T.ui.rolePage(role.name) }, T.ui.more)));
  });
  paint();
  const chosen = () => inputs.flatMap(([id, input]) => Array(Math.max(0, Number(input.value || 0))).fill(id));
  const node = el("fieldset", { class: "role-picker" }, el("legend", { class: "field-title" }, T.ui.pickRoles),
    total, el("ul", {}, rows, captainItem()));
  return { node, chosen };
}

function narratorSection(lobby, host, send) {
  const picker = narratorPicker({ id: "narrator", value: lobby.settings && lobby.settings.narrator, label: T.ui.narratorLabel,
    disabled: !host || lobby.status !== "lobby", describe: true,
    onchange: (event) => send({ type: "settings", narrator: event.target.value }) });
  return el("section", { class: "narrator-choice" }, el("h2", {}, T.ui.narrator), picker.nodes);
}
