// The game of one seat as a table: the phase and its timer at the top, the players in seat order with
// what this seat may know of them, the decision sheet, the story so far (the server's German `log`),
// the chat one tap away; at the end who won and every role.
import { countdown, secondsLeft, whileShown } from "../lib/clock.js";
import { el } from "../lib/dom.js";
import { cardName, roleInfo } from "../lib/roles.js";
import { sundial } from "../lib/sundial.js";
import { TEXT } from "../lib/texts.js";
import { nobodyLabel, question, winnerLine } from "../lib/game_words.js";
import { chatPanel } from "./chat.js";
import { form, optionLabel } from "./decisions.js";
import { isHost } from "./session.js";
import { phaseBar, playerTable, rolesInPlay, storyLog, votedMark } from "./table.js";

const T = TEXT.online;

export function gameScreen(room) {
  const { state } = room;
  const message = state.game, view = message.view, names = view.players.map((p) => p.name);
  const over = view.result !== null;
  const channels = Object.fromEntries(message.channels.map((c) => [c.id, c]));
  const discussing = !over && view.phase === "day" && message.timer
    && (view.step === "discussion" || view.pending.some((r) => r.kind === "ready"));
  return [
    phaseBar(room, view, message.timer, { chat: true }),
    state.died && !view.you.alive && !over ? deathNotice(room) : null,
    state.chatOpen ? chatPanel(room, channels, { over }) : null,
    over ? endSection(room, view, names) : null,
    playerTable(view, state.seat, marksFor(view, votedMark(state.voted, view))),
    over ? null : [
      discussing ? el("section", { class: "dial" }, sundial(message.timer.deadline, state.lobby.settings.timers.day)) : null,
      state.lobby.settings.meldeliste && view.phase === "day" ? speakersSection(room, view, names) : null,
      decisionSheet(room, view, names, message),
      tallySection(state.voted, view, names),
      newsSection(message.log, view),
      ballots(view, names),
    ],
    over ? null : roleCard(room, view),
    rolesInPlay(state.lobby),
    storyLog(message.log, { open: over, title: over ? T.ui.wholeLog : T.ui.log }),
  ];
}

// What this seat may know about each other player, as short marks on its place at the table.
function marksFor(view, voted) {
  const enchanted = new Set();
  for (const event of view.events) if (event.type === "enchanted_list") event.enchanted.forEach((s) => enchanted.add(s));
  const speaker = view.phase === "day" ? (view.speakers || [])[0] : undefined;
  return (p) => [
    p.seat === speaker ? T.ui.speakingNow : null,
    voted(p),
    p.seat !== view.seat && p.role ? cardName(p.role) : null,
    p.seat !== view.seat && !p.role && p.side === "werewolves" ? T.ui.wolfMark : null,
    view.you.lover === p.seat ? T.ui.loverMark : null,
    enchanted.has(p.seat) && p.seat !== view.seat ? T.ui.enchantedMark : null,
  ];
}

// Shown once this seat has died (the Jenseits opens with it), until the player closes it.
function deathNotice(room) {
  const { state } = room;
  const beyond = state.chatOpen && state.channel === "beyond";
  return el("section", { class: "death", id: "death-notice", role: "alert" }, el("h2", {}, T.ui.youDied),
    el("p", {}, beyond ? T.ui.nowBeyond : T.ui.deadHint),
    el("div", { class: "row" },
      beyond ? null : el("button", { onclick: () => room.openChat("beyond") }, T.ui.toBeyond),
      el("button", { class: "secondary", onclick: () => { state.died = false; room.render(); } }, T.ui.close)));
}

function roleCard(room, view) {
  const { state } = room;
  const role = roleInfo(view.you.role);
  const side = T.sides[view.you.side] || view.you.side;
  return el("section", { class: "own-card" }, el("h2", {}, T.ui.yourRole),
    el("button", { class: "card", id: "own-card", "aria-expanded": state.showRole ? "true" : "false",
      onclick: () => { state.showRole = !state.showRole; room.render(); } },
      state.showRole ? [el("span", { class: "role" }, cardName(view.you.role)),
        el("span", { class: "side side-" + view.you.side }, `${T.ui.side}: ${side}`),
        el("span", { class: "description" }, role ? role.description : ""),
        el("span", { class: "hint" }, T.ui.tapToHide)]
        : el("span", {}, T.ui.tapToShow)),
    state.showRole ? [el("p", { class: "hint" }, T.ui.roleHint),
      el("p", {}, el("a", { href: `/rollen/${encodeURIComponent(view.you.role)}`, target: "_blank", rel: "noopener" },
        T.ui.rolePage(role ? role.name : view.you.role)))] : null);
}

// What happened since this night began, or by day since the dawn (the night's deaths included), from
// the server's lines.
function newsSection(log, view) {
  let start = 0;
  log.forEach((line, index) => { if (line.type === "night" || line.type === "day") start = index + 1; });
  if (view.phase === "day") {
    const nightfall = log.findLastIndex((line) => line.type === "night");
    const dawn = log.findIndex((line, index) => index > nightfall && ["died", "death", "morning"].includes(line.type));
    if (dawn !== -1 && dawn < start) start = dawn;
  }
  const lines = log.slice(start).filter((line) => !["night", "day", "step"].includes(line.type));
  if (!lines.length) return null;
  return el("section", { class: "news", "aria-live": "polite" }, el("h2", {}, T.ui.news),
    el("ul", { class: "log" }, lines.map((line) => el("li", {}, line.text))));
}

// While a vote of the day is open: the tally so far by candidate and how many have voted (the server's
// `voted` message, the same for every seat; who voted for whom shows when it closes).
function tallySection(voted, view, names) {
  // a vote nobody is asked in any more has closed (the server's last `voted` of it): no tally
  if (!voted || view.phase !== "day" || voted.round !== view.round || !voted.voters?.length) return null;
  const name = (seat) => names[seat] ?? "?";
  return el("section", { class: "tally panel", "aria-live": "polite", "aria-labelledby": "tally-title" },
    el("h2", { id: "tally-title" }, T.ui.tally),
    voted.counts.length
      ? el("ul", { class: "tally-list" }, voted.counts.map((c) => el("li", { "data-seat": c.seat, "data-votes": c.votes }, T.ui.tallyVotes(name(c.seat), c.votes))))
      : el("p", { class: "hint" }, T.ui.tallyNone),
    el("p", { class: "tally-voted" }, T.ui.tallyVoted(voted.seats.length, voted.voters.length)),
    silenceNote(voted.silence, names),
    el("p", { class: "hint" }, T.ui.tallyHint));
}

// The Meldeliste's silence vote while it counts (the first vote of day 1): one sentence saying whom it
// goes against and why (the vote's result line says it again once the vote has closed).
function silenceNote(silence, names) {
  if (!silence || !silence.length) return null;
  const who = TEXT.list(silence.map((seat) => names[seat] ?? "?"));
  return el("p", { class: "silence-note" }, T.ui.silencePenalty(who, silence.length === 1));
}

// Once a vote has closed, for the rest of that day and the night after: who voted for whom (the
// engine's public `votes` event).
function ballots(view, names) {
  let day = 0, closed = null, closedOn = 0;
  for (const event of view.events) {
    if (event.type === "day") day = event.round;
    else if (event.type === "votes" && event.ballots) { closed = event; closedOn = day; }
  }
  const recent = view.phase === "day" ? closedOn === view.round : closedOn === view.round - 1;
  if (!closed || !recent) return null;
  const name = (seat) => view.players[seat]?.name ?? "?";
  return el("table", { class: "ballots panel" }, el("caption", {}, T.ui.ballots),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, T.ui.voter), el("th", { scope: "col" }, T.ui.votedFor))),
    el("tbody", {}, Object.entries(closed.ballots).map(([voter, target]) => el("tr", {},
      el("td", {}, name(Number(voter))), el("td", {}, target === null ? T.ui.abstained : name(target))))));
}

// Meldeliste: today's list in the order hands were raised; the first has the word until he is done
// (the host can pass the word on for a speaker who does not answer).
function speakersSection(room, view, names) {
  const { state } = room;
  const order = view.speakers || [];
  const waiting = order.includes(state.seat), speaker = order[0];
  const open = view.step === "discussion" || view.step === "captain_election";
  const done = speaker === undefined || !open ? null
    : speaker === state.seat ? el("button", { id: "done-speaking",
      onclick: () => room.decide("done_speaking", true, T.ui.doneSpeaking) }, T.ui.doneSpeaking)
    : isHost(state.lobby) ? el("button", { class: "secondary", id: "pass-word",
      onclick: () => room.decide("done_speaking", true, T.ui.passWord, speaker) }, T.ui.passWord)
    : null;
  return el("section", { class: "speakers" }, el("h2", {}, T.ui.speakers),
    order.length ? [el("p", { class: "called" }, `${T.ui.speaking}: `, el("strong", {}, names[speaker])),
      el("ol", {}, order.map((s) => el("li", { class: s === speaker ? "current" : "" }, names[s])))]
      : el("p", { class: "hint" }, T.ui.noHands),
    done,
    view.you.alive && open ? el("button", { class: "secondary", id: "raise-hand", disabled: waiting,
      onclick: () => room.decide("raise_hand", true, T.ui.raiseHand) }, waiting ? T.ui.handRaised : T.ui.raiseHand) : null);
}

// A decision's form is built once and kept while the same request stays open, so an update caused
// by somebody else (a bot's vote, a chat line) neither resets a half-filled form nor eats a click.
const openForms = new Map();

function receipt(kind, entry) {
  return el("p", { class: "receipt", role: "status", "data-kind": kind },
    el("strong", {}, T.ui.received), entry.label ? ` ${T.ui.yourChoice(entry.label)}` : null);
}

// A question whose time ran out cannot be answered any more: the server gave it its default already,
// and the next step may be shown only after the narrator has told what happened meanwhile.
// The form is kept across redraws and registered anew each time: its note is found on it, not remembered.
export function closesAt(node, deadline) {
  whileShown(node, () => {
    const over = secondsLeft(deadline) <= 0;
    const note = node.querySelector(":scope > .expired-note");
    node.inert = over;
    node.classList.toggle("expired", over);
    if (over && !note) node.append(el("p", { class: "hint expired-note", role: "status" }, T.ui.timeUp));
    else if (!over && note) note.remove();
  });
}

function decisionSheet(room, view, names, message) {
  const { state } = room;
  const still = new Map();
  const changing = (view.changeable || []).map((request) => changeForm(room, request, names));
  const parts = view.pending.map((request) => {
    if (state.receipts[request.kind]) return receipt(request.kind, state.receipts[request.kind]);
    if (state.sending[request.kind]) {
      return el("p", { class: "receipt sending", role: "status", "data-kind": request.kind }, T.ui.sending);
    }
    const key = JSON.stringify([request.kind, request.options]);
    const rebuild = () => { openForms.delete(key); room.render(); };
    const node = openForms.get(key) || form(request, { names, picks: state.picks, decide: room.decide, render: rebuild });
    still.set(key, node);
    if (message.timer) closesAt(node, message.timer.deadline);
    return node;
  });
  openForms.clear();
  for (const [key, node] of still) openForms.set(key, node);
  parts.push(...changing);
  if (!view.pending.length && changing.length) {
    // the vote is still open: its form says what arrived; other receipts stay as they were
    for (const [kind, entry] of Object.entries(state.receipts)) {
      if (!changing.some((node) => node.dataset.kind === kind)) parts.push(receipt(kind, entry));
    }
  } else if (!view.pending.length) {
    for (const [kind, entry] of Object.entries(state.receipts)) parts.push(receipt(kind, entry));
    const whisper = message.whisper_until && view.phase === "night" && view.you.alive;
    if (!view.you.alive) parts.push(el("p", { class: "hint" }, T.ui.deadHint));
    else if (whisper) parts.push(el("div", { class: "sleep" }, el("h2", {}, T.ui.whispering),
      el("p", {}, T.ui.whisperLeft, " ", countdown(message.whisper_until)),
      el("button", { class: "secondary", onclick: () => room.openChat("lovers") }, T.ui.toWhisper)));
    else if (view.phase === "night") parts.push(el("div", { class: "sleep" }, el("h2", {}, T.ui.sleeping),
      el("p", { class: "hint" }, T.ui.sleepingHint)));
    else parts.push(el("p", { class: "hint" }, T.ui.dayWaiting));
  }
  return el("section", { class: "sheet" + (view.pending.length ? " active" : ""), "aria-label": T.ui.sheet }, parts);
}

// A public vote of the day this seat has voted in while it is still open: its ballot as the server
// keeps it, and the options to change it (the last one counts).
function changeForm(room, request, names) {
  const { state } = room;
  const kind = request.kind, titleId = "b-" + kind;
  const label = (value) => optionLabel(value, names);
  const sending = state.sending[kind];
  const pick = (value) => { if (value !== request.chosen) room.decide(kind, value, label(value)); };
  const nobody = nobodyLabel(kind) || T.ui.nobody;
  const current = request.chosen === null ? nobody : label(request.chosen);
  return el("div", { class: "ballot", "data-kind": kind, role: "group", "aria-labelledby": titleId },
    el("h2", { id: titleId }, question(kind)),
    sending ? el("p", { class: "receipt sending", role: "status", "data-kind": kind }, T.ui.sending)
      : el("p", { class: "receipt", role: "status", "data-kind": kind }, el("strong", {}, T.ui.received), ` ${T.ui.yourVote(current)}`),
    el("p", { class: "hint" }, T.ui.changeHint),
    el("p", { class: "change-to" }, T.ui.changeTo),
    el("div", { class: "choices" }, request.options.choices.map((c) => el("button", {
      class: c === request.chosen ? "option picked" : "option", "aria-pressed": c === request.chosen ? "true" : "false",
      disabled: sending || null, onclick: () => pick(c) }, label(c)))),
    request.options.optional ? el("button", { class: "secondary skip", "aria-pressed": request.chosen === null ? "true" : "false",
      disabled: sending || null, onclick: () => pick(null) }, nobody) : null);
}

function endSection(room, view, names) {
  const winners = view.result.winners.map((s) => names[s]);
  return el("section", { class: "end" }, el("h1", {}, winnerLine(view.result.winner)),
    el("p", {}, `${T.ui.winner}: ${winners.join(", ") || T.ui.nobody}`),
    el("h2", {}, T.ui.allRoles),
    el("ul", { class: "players" }, view.players.map((p) => el("li", {}, el("span", { class: p.alive ? "" : "dead" }, p.name),
      el("a", { href: `/rollen/${encodeURIComponent(p.role)}` }, cardName(p.role))))),
    isHost(room.state.lobby)
      ? el("button", { class: "new-game", onclick: () => room.send({ type: "new_game" }) }, T.ui.newGame) : null);
}
