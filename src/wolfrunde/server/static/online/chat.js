// The chat: one tab per channel the seat may read, the lines of the open one, and a line to write.
import { el } from "../lib/dom.js";
import { TEXT } from "../lib/texts.js";

const T = TEXT.online;

// channels: { id: { name, write } } from the `game` message, or { lobby: true } before the game.
export function chatSection(room, channels, { over = false, title = T.ui.chat } = {}) {
  const { state, send } = room;
  let ids = channels.lobby ? ["lobby"] : Object.keys(channels);
  // after the end every log is open: only the channels somebody wrote in are worth a tab
  if (over) ids = ids.filter((id) => id === "village" || (state.chat[id] || []).length);
  if (!ids.length) return null;
  if (!ids.includes(state.channel)) state.channel = ids[0];
  const current = state.channel, writable = channels.lobby ? true : channels[current].write;
  const input = el("input", { id: "chat-text", placeholder: T.ui.chatPlaceholder, maxlength: 500, disabled: !writable,
    autocomplete: "off", "aria-label": T.ui.chatLabel, "data-draft": `chat-${current}` });
  const submit = (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (text) { send({ type: "chat", channel: current, text }); input.value = ""; }
  };
  const lines = (state.chat[current] || []).map((m) => el("p", {}, el("b", {}, m.name + ": "), m.text));
  const name = (id) => (channels[id] && channels[id].name) || T.ui.lobbyChannel;
  return el("section", { id: "chat", class: "chat", "aria-labelledby": "chat-title" }, el("h2", { id: "chat-title" }, title),
    ids.length > 1 ? el("div", { class: "tabs", role: "group", "aria-label": T.ui.channels }, ids.map((id) =>
      el("button", { id: `channel-${id}`, class: id === current ? "active small" : "small", "aria-pressed": id === current ? "true" : "false",
        onclick: () => { state.channel = id; room.render(); } }, name(id)))) : null,
    el("div", { class: "chatlines", role: "log", "aria-label": name(current), tabindex: "0" },
      lines.length ? lines : el("p", { class: "hint" }, T.ui.noLines)),
    writable ? el("form", { class: "row", onsubmit: submit }, input, el("button", { type: "submit", class: "small", id: "chat-send" }, T.ui.send))
      : el("p", { class: "hint" }, T.ui.readOnly));
}

// The game's chat, opened from the phase bar.
export function chatPanel(room, channels, options) {
  const panel = chatSection(room, channels, options);
  if (!panel) return el("section", { id: "chat", class: "chat" }, el("p", { class: "hint" }, T.ui.noChannel));
  return panel;
}
