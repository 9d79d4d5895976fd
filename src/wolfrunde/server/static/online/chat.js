// The chat: one tab per channel the seat may read, the lines of the open one, and a line to write.
import { el } from "../lib/dom.js";
import { TEXT } from "../lib/texts.js";

const T = TEXT.online;

// channels: { id: { name, write } } from the `game` message, or { lobby: true } before the game.
export function chatSection(room, channels) {
  const { state, send } = room;
  const ids = channels.lobby ? ["lobby"] : Object.keys(channels);
  if (!ids.length) return null;
  if (!ids.includes(state.channel)) state.channel = ids[0];
  const current = state.channel, writable = channels.lobby ? true : channels[current].write;
  const input = el("input", { id: "chat-text", placeholder: T.ui.chatPlaceholder, maxlength: 500, disabled: !writable,
    autocomplete: "off", "aria-label": T.ui.chatLabel });
  const submit = (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (text) { send({ type: "chat", channel: current, text }); input.value = ""; }
  };
  const lines = (state.chat[current] || []).map((m) => el("p", {}, el("b", {}, m.name + ": "), m.text));
  return el("section", {}, el("h2", {}, T.ui.chat),
    el("div", { class: "tabs" }, ids.map((id) => el("button", { class: id === current ? "active small" : "small",
      "aria-pressed": id === current ? "true" : "false",
      onclick: () => { state.channel = id; room.render(); } }, (channels[id] && channels[id].name) || T.ui.lobbyChannel))),
    el("div", { class: "chatlines" }, lines),
    el("form", { class: "row", onsubmit: submit }, input, el("button", { type: "submit", class: "small", disabled: !writable }, T.ui.send)));
}
