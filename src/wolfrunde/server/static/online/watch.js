// A running game seen by someone without a seat: the public view only (phases, deaths, the Hauptmann,
// the public story, the village square's chat to read, the narrator).
import { el } from "../lib/dom.js";
import { cardName } from "../lib/roles.js";
import { TEXT } from "../lib/texts.js";
import { winnerLine } from "../lib/game_words.js";
import { chatPanel } from "./chat.js";
import { phaseBar, playerTable, rolesInPlay, storyLog, votedMark } from "./table.js";

const T = TEXT.online;

export function watchScreen(room) {
  const { state } = room;
  const message = state.watch, view = message.view;
  const over = view.result !== null;
  const names = view.players.map((p) => p.name);
  const voted = votedMark(state.voted, view);
  return [
    phaseBar(room, view, message.timer, { chat: true }),
    el("p", { class: "hint watching" }, T.ui.spectating),
    state.chatOpen ? chatPanel(room, { village: { name: T.ui.villageChannel, write: false } }, {}) : null,
    over ? el("section", { class: "end" }, el("h2", {}, winnerLine(view.result.winner)),
      el("p", {}, `${T.ui.winner}: ${view.result.winners.map((s) => names[s]).join(", ") || T.ui.nobody}`)) : null,
    playerTable(view, null, (p) => [over && p.role ? cardName(p.role) : null, voted(p)]),
    rolesInPlay(state.lobby),
    storyLog(message.log, { open: true, title: T.ui.publicLog }),
  ];
}
