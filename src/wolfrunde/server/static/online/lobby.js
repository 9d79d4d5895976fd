// The room before the game (and for someone watching a running one): the code, link and QR code, the
// seats, the host's settings and narrator, the lobby chat.
import { el } from "../lib/dom.js";
import { roleName } from "../lib/roles.js";
import { toast } from "../lib/toast.js";
import { TEXT } from "../lib/texts.js";
import { narratorPicker } from "../lib/voices.js";
import { chatSection } from "./chat.js";
import { isHost } from "./session.js";

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
      ? el("button", { class: "small secondary", onclick: () => send({ type: "kick", seat: seat.seat }) }, T.ui.remove) : null));
  const copy = () => navigator.clipboard.writeText(link).then(() => toast(T.ui.copied, "success"), () => toast(link, "info"));
  return [
    el("section", {}, el("h1", {}, T.ui.lobby),
      el("div", { class: "code", role: "img", "aria-label": `${T.ui.codeLabel}: ${[...lobby.code].join(" ")}` }, lobby.code),
      el("p", { class: "link-text" }, el("a", { href: lobby.link, "aria-label": T.ui.linkLabel }, link)),
      el("img", { class: "qr", src: `/api/rooms/${encodeURIComponent(lobby.code)}/qr.svg`, alt: T.ui.qr, width: 160, height: 160 }),
      el("div", { class: "row" }, el("button", { class: "secondary", onclick: copy }, T.ui.copy))),
    el("section", {}, el("h2", {}, `${T.ui.seats} (${lobby.seats.length}/${lobby.max_seats})`),
      el("ul", { class: "seats" }, seats),
      el("div", { class: "row" },
        state.seat === null && open ? el("button", { onclick: () => send({ type: "join" }) }, T.ui.takeSeat) : null,
        state.seat !== null && !host && open ? el("button", { class: "secondary", onclick: () => send({ type: "leave" }) }, T.ui.leaveSeat) : null,
        host ? el("button", { class: "secondary", onclick: () => send({ type: "add_bot" }) }, T.ui.addBot) : null,
        host ? el("button", { onclick: () => send({ type: "start" }) }, T.ui.start) : null),
      state.seat === null && !open ? el("p", { class: "hint" }, T.ui.watching) : null),
    settingsSection(lobby, host, send),
    narratorSection(lobby, host, send),
    chatSection(room, { lobby: true }),
  ];
}

function settingsSection(lobby, host, send) {
  const s = lobby.settings;
  const rules = el("select", { id: "rules", disabled: !host },
    Object.entries(T.rules).map(([id, label]) => el("option", { value: id, selected: id === s.rules }, label)));
  const recommended = el("input", { type: "checkbox", id: "recommended", checked: s.recommended, disabled: !host });
  const roles = s.roles || lobby.recommended_roles || [];
  const custom = el("input", { id: "roles", disabled: !host, value: roles.join(", ") });
  const timers = Object.keys(T.timerNames).map((key) => [key, el("input", { type: "number", min: 5, id: "t-" + key,
    value: s.timers[key], disabled: !host })]);
  const meld = el("input", { type: "checkbox", id: "meld", checked: s.meldeliste, disabled: !host });
  const shown = roles.map((id) => roleName(id)).join(", ");
  function save() {
    const message = { type: "settings", rules: rules.value, meldeliste: meld.checked,
      timers: Object.fromEntries(timers.map(([key, input]) => [key, Number(input.value)])) };
    if (recommended.checked) message.recommended = true;
    else message.roles = custom.value.split(",").map((x) => x.trim()).filter(Boolean);
    send(message);
  }
  return el("section", {}, el("h2", {}, T.ui.settings),
    el("label", { for: "rules" }, T.ui.rules), rules,
    el("h3", { class: "field-title" }, T.ui.rolesLabel), el("p", {}, shown || "–"),
    el("label", { for: "recommended" }, recommended, " ", T.ui.recommended),
    host ? [el("label", { for: "roles" }, T.ui.custom), custom] : null,
    el("fieldset", { class: "timers" }, el("legend", { class: "field-title" }, T.ui.timers),
      el("div", { class: "row" }, timers.map(([key, input]) => el("div", {}, el("label", { for: "t-" + key }, T.timerNames[key]), input)))),
    el("label", { for: "meld" }, meld, " ", T.ui.meldeliste),
    host ? el("button", { class: "secondary", onclick: save }, T.ui.save) : null);
}

function narratorSection(lobby, host, send) {
  const picker = narratorPicker({ id: "narrator", value: lobby.settings && lobby.settings.narrator, label: T.ui.narratorLabel,
    disabled: !host || lobby.status !== "lobby", describe: true,
    onchange: (event) => send({ type: "settings", narrator: event.target.value }) });
  return el("section", { class: "narrator-choice" }, el("h2", {}, T.ui.narrator), picker.nodes);
}
