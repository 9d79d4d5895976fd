// The game of one seat: phase and timer, the own card, the news, the Sonnenuhr, the Meldeliste, the
// open decisions, the players, the chat and the log; at the end who won and every role.
import { countdown } from "../lib/clock.js";
import { el } from "../lib/dom.js";
import { roleInfo, roleName } from "../lib/roles.js";
import { sundial } from "../lib/sundial.js";
import { TEXT } from "../lib/texts.js";
import { chatSection } from "./chat.js";
import { form } from "./decisions.js";
import { describe } from "./events.js";
import { isHost } from "./session.js";

const T = TEXT.online;
const QUIET = ["step", "hand_raised", "speaker_done"]; // events the news leave out

export function gameScreen(room) {
  const { state } = room;
  const message = state.game, view = message.view, names = view.players.map((p) => p.name);
  const over = view.result !== null;
  const phase = over ? T.ui.over : `${view.phase === "night" ? T.ui.night : T.ui.day} ${view.round}`;
  const stepText = !over && view.step ? ` · ${T.steps[view.step] || view.step}` : "";
  const discussing = view.phase === "day" && message.timer
    && (view.step === "discussion" || view.pending.some((r) => r.kind === "ready"));
  return [
    el("section", { class: over ? "" : "phase-" + view.phase },
      el("h1", {}, phase + stepText), message.timer ? countdown(message.timer.deadline, { tag: "p" }) : null),
    over ? endSection(room, view, names) : [
      roleCard(room, view),
      newsSection(view, names),
      discussing ? el("section", { class: "dial" }, sundial(message.timer.deadline, state.lobby.settings.timers.day)) : null,
      state.lobby.settings.meldeliste && view.phase === "day" ? speakersSection(room, view, names) : null,
      decisionSection(room, view, names),
    ],
    playersSection(state, view),
    chatSection(room, Object.fromEntries(message.channels.map((c) => [c.id, c]))),
    el("section", {}, el("h2", {}, over ? T.ui.wholeLog : T.ui.log), logList(view, names)),
  ];
}

function roleCard(room, view) {
  const { state } = room;
  const role = roleInfo(view.you.role);
  const side = T.sides[view.you.side] || view.you.side;
  return el("section", {}, el("h3", {}, T.ui.yourRole),
    el("button", { class: "card", "aria-expanded": state.showRole ? "true" : "false",
      onclick: () => { state.showRole = !state.showRole; room.render(); } },
      state.showRole ? [el("span", { class: "role" }, role ? role.name : view.you.role),
        el("span", { class: "side side-" + view.you.side }, `${T.ui.side}: ${side}`),
        el("span", { class: "description" }, role ? role.description : ""),
        el("span", { class: "hint" }, T.ui.tapToHide)]
        : el("span", {}, T.ui.tapToShow)),
    state.showRole ? el("p", { class: "hint" }, T.ui.roleHint) : null);
}

// The events of the current night or day: what the player has learnt since it began.
function newsSection(view, names) {
  let start = 0; // by night: since nightfall; by day: everything after the night's last step (the dawn)
  view.events.forEach((e, i) => {
    if (e.type === "night" || (e.type === "step" && view.phase === "day")) start = i + 1;
  });
  const lines = view.events.slice(start).filter((e) => !QUIET.includes(e.type)).map((e) => describe(e, names)).filter(Boolean);
  if (!lines.length) return null;
  return el("section", { class: "news", "aria-live": "polite" }, el("h2", {}, T.ui.news),
    el("ul", { class: "log" }, lines.map((line) => el("li", {}, line))));
}

// Meldeliste: today's list in the order hands were raised; the first has the word until he is done
// (the host can pass the word on for a speaker who does not answer).
function speakersSection(room, view, names) {
  const { state, send } = room;
  const order = view.speakers || [];
  const waiting = order.includes(state.seat), speaker = order[0];
  const open = view.step === "discussion" || view.step === "captain_election";
  const done = speaker === undefined || !open ? null
    : speaker === state.seat ? el("button", { id: "done-speaking",
      onclick: () => send({ type: "decide", kind: "done_speaking", choice: true }) }, T.ui.doneSpeaking)
    : isHost(state.lobby) ? el("button", { class: "secondary", id: "pass-word",
      onclick: () => send({ type: "decide", kind: "done_speaking", choice: true, seat: speaker }) }, T.ui.passWord)
    : null;
  return el("section", { class: "speakers" }, el("h2", {}, T.ui.speakers),
    order.length ? [el("p", { class: "called" }, `${T.ui.speaking}: `, el("strong", {}, names[speaker])),
      el("ol", {}, order.map((s) => el("li", { class: s === speaker ? "current" : "" }, names[s])))]
      : el("p", { class: "hint" }, T.ui.noHands),
    done,
    view.you.alive && open ? el("button", { class: "secondary", id: "raise-hand", disabled: waiting,
      onclick: () => send({ type: "decide", kind: "raise_hand", choice: true }) }, waiting ? T.ui.handRaised : T.ui.raiseHand) : null);
}

// A decision's form is built once and kept while the same request stays open, so an update caused
// by somebody else (a bot's vote, a chat line) neither resets a half-filled form nor eats a click.
const openForms = new Map();

function decisionSection(room, view, names) {
  const { state } = room;
  const decide = (kind, choice) => {
    if (state.sentFor === kind) return;
    state.sentFor = kind; state.picks = {};
    room.send({ type: "decide", kind, choice, seat: state.seat });
  };
  const still = new Map();
  const parts = view.pending.map((request) => {
    const key = JSON.stringify([request.kind, request.options]);
    const rebuild = () => { openForms.delete(key); room.render(); };
    const node = (state.sentFor !== request.kind && openForms.get(key)) || form(request, { names, picks: state.picks, decide, render: rebuild });
    still.set(key, node);
    return node;
  });
  openForms.clear();
  for (const [key, node] of still) openForms.set(key, node);
  if (!view.pending.length) {
    if (!view.you.alive) parts.push(el("p", { class: "hint" }, T.ui.deadHint));
    else if (view.phase === "night") parts.push(el("div", { class: "sleep" }, el("h2", {}, T.ui.sleeping),
      el("p", { class: "hint" }, T.ui.sleepingHint)));
    else parts.push(el("p", { class: "hint" }, T.ui.dayWaiting));
  }
  return el("section", { class: "decisions" + (view.pending.length ? " active" : "") }, parts);
}

function playersSection(state, view) {
  return el("section", {}, el("h2", {}, T.ui.players), el("ul", { class: "players" }, view.players.map((p) =>
    el("li", {}, el("span", { class: p.alive ? "" : "dead" }, `${p.seat + 1}. ${p.name}`,
      p.seat === state.seat ? ` (${T.ui.you})` : ""),
      el("span", {}, p.captain ? el("span", { class: "badge" }, T.ui.captain) : null, " ",
        p.role ? el("span", { class: "badge" }, roleName(p.role)) : null,
        p.alive ? null : el("span", { class: "badge" }, T.ui.dead))))));
}

function endSection(room, view, names) {
  const winners = view.result.winners.map((s) => names[s]);
  return el("section", {}, el("h1", {}, T.winners[view.result.winner] || view.result.winner),
    el("p", {}, `${T.ui.winner}: ${winners.join(", ") || T.ui.nobody}`),
    el("h2", {}, T.ui.allRoles),
    el("ul", { class: "players" }, view.players.map((p) => el("li", {}, el("span", { class: p.alive ? "" : "dead" }, p.name),
      el("span", {}, roleName(p.role))))),
    isHost(room.state.lobby)
      ? el("button", { class: "new-game", onclick: () => room.send({ type: "new_game" }) }, T.ui.newGame) : null);
}

function logList(view, names) {
  const over = view.result !== null; // at the end the true deaths are open: the public copies are left out
  const lines = view.events.filter((e) => !(over && e.type === "died")).map((e) => describe(e, names)).filter(Boolean);
  return el("ul", { class: over ? "log full" : "log" }, lines.reverse().map((line) => el("li", {}, line)));
}
