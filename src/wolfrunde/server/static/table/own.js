// Everyone's own device: the table's lobby (QR code for joining, the host's choices) and one seat's game.
import { countdown, setServerNow } from "../lib/clock.js";
import { el } from "../lib/dom.js";
import { pronunciationForm } from "../lib/pronunciation.js";
import { sundial } from "../lib/sundial.js";
import { TEXT } from "../lib/texts.js";
import { OWN, customRoles, discussionChoice, narratorChoice, roleLink, rulesChoice } from "./setup.js";
import { captions, gameLog, newsList, questionForm, show } from "./ui.js";
import { T } from "./words.js";

const SAY = TEXT.online.ui; // the Aussprache's words and the "knapp" choice, as the online lobby has them

// The server's reason why it refused the last Aussprache: shown at the field until the next one is saved.
let sayProblem = "";
export function sayRefused(message) {
  sayProblem = message;
}

export function renderLobby(table, me, send) {
  const problem = sayProblem;
  const seats = el("ul", { class: "seats", id: "seats" }, table.seats.map((s) => el("li", { class: s.online ? "" : "offline" },
    el("span", {}, s.name), s.seat === table.speaker ? el("span", { class: "badge t-speaker" }, T.speaker) : null,
    s.host ? el("span", { class: "badge" }, T.host) : null,
    me.host && !s.host ? el("button", { class: "secondary small t-remove", "aria-label": T.removeGuest(s.name),
      onclick: () => send({ type: "remove", seat: s.seat }) }, T.remove) : null)));
  const roles = table.settings.roles || table.recommended_roles;
  const parts = [el("h1", {}, T.tableCode(table.code)),
    el("section", {}, el("p", {}, T.scanToJoin),
      el("img", { class: "t-qr", id: "qr", src: `/api/tables/${table.code}/qr.svg`, alt: T.qr(table.code) }),
      el("p", { class: "code", id: "code" }, table.code),
      el("p", { class: "link-text" }, `${location.origin}${table.link}`)),
    el("section", {}, el("h2", {}, T.seatsAtTable(table.seats.length)), seats),
    el("section", {}, el("h2", {}, T.roles), roles ? el("ul", { class: "t-roles" }, roles.map((r) => el("li", {}, roleLink(r))))
      : el("p", { class: "hint" }, T.noCast))];
  const mine = me.seat !== null ? table.seats[me.seat] : null;
  const say = mine ? kept([mine.name, mine.say, table.settings.narrator, problem],
    () => pronunciationSection(table, me, mine, send, problem)) : null;
  parts.push(say);
  if (me.host) {
    const speaker = el("select", { id: "speaker", onchange: (e) => send({ type: "settings", speaker: Number(e.target.value) }) },
      table.seats.map((s) => el("option", { value: s.seat, selected: s.seat === table.speaker }, s.name)));
    const narrator = narratorChoice(table.settings.narrator, (e) => send({ type: "settings", narrator: e.target.value }));
    const rules = rulesChoice(table.settings.rules, (e) => send({ type: "settings", rules: e.target.value }));
    const discussion = discussionChoice(table.settings.discussion, (e) => send({ type: "settings", discussion: Number(e.target.value) }));
    const short = el("input", { type: "checkbox", id: "short-style", checked: table.settings.style === "knapp",
      onchange: (e) => send({ type: "settings", style: e.target.checked ? "knapp" : "voll" }) });
    const timers = table.settings.timers || { night: 60, vote: 60 };
    const seconds = (key, label) => {
      const input = el("input", { type: "number", id: `t-${key}`, min: 5, max: 600, value: timers[key],
        onchange: (e) => send({ type: "settings", timers: { ...timers, [key]: Number(e.target.value) } }) });
      return [el("label", { for: `t-${key}` }, label), input];
    };
    const custom = el("input", { type: "checkbox", id: "custom-roles", checked: Boolean(table.settings.roles),
      onchange: (e) => send(e.target.checked ? { type: "settings", roles: roles || [] } : { type: "settings", recommended: true }) });
    const counts = {};
    for (const role of table.settings.roles || []) counts[role] = (counts[role] || 0) + 1;
    parts.push(el("section", {}, el("label", { class: "t-radio" }, custom, " ", T.customRoles),
      table.settings.roles ? customRoles(counts, (now) => send({ type: "settings",
        roles: Object.entries(now).flatMap(([role, n]) => Array(n).fill(role)) }), OWN) : null));
    parts.push(el("section", {}, el("h2", {}, T.settings),
      el("label", { for: "speaker" }, T.speakerDevice), speaker,
      ...narrator, el("label", { for: "short-style", class: "t-radio" }, short, " ", SAY.shortStyle), ...rules, ...discussion,
      ...seconds("night", T.nightSeconds), ...seconds("vote", T.voteSeconds)),
    el("button", { class: "t-big", id: "start", onclick: () => send({ type: "start" }) }, T.start));
  } else {
    parts.push(el("p", { class: "hint" }, T.waitForHost));
  }
  const typing = say && say.contains(document.activeElement) ? document.activeElement : null;
  show(...parts).dataset.screen = "lobby";
  if (typing) typing.focus({ preventScroll: true }); // someone joined: the guest types on
  else if (say && say.contains(document.activeElement)) document.activeElement.blur(); // no keyboard unasked
}

// The Aussprache section is built anew only when what it shows changed, so a lobby update (a guest
// joins) keeps what is being typed.
let sayBuilt = null;
function kept(inputs, build) {
  const key = JSON.stringify(inputs);
  if (!sayBuilt || sayBuilt.key !== key) sayBuilt = { key, node: build() };
  return sayBuilt.node;
}

// How my own name is spoken (the shared form), its preview through the table's token; the field shows
// what the server kept, a refusal its reason.
function pronunciationSection(table, me, mine, send, refused) {
  const preview = (say) => fetch(`/api/tables/${table.code}/name?say=${encodeURIComponent(say)}`,
    { headers: { "x-table-token": me.token } });
  const save = (say) => {
    sayProblem = "";
    sayBuilt = null; // a refusal draws the field anew, with what the server kept
    send({ type: "pronounce", say });
  };
  return pronunciationForm({ name: mine.name, value: mine.say, refused, preview, save });
}

// This seat's answers: a sent one waits for the server's ack, then its question gives way to a receipt
// ("Angekommen" and the choice) and cannot be answered again; a new question starts without receipts.
const answers = { key: "", sending: {}, receipts: {} };

// What a receipt says was chosen.
function choiceLabel(q, value, names) {
  const type = q.options.type;
  if (type === "confirm") return null;
  if (value === null || value === undefined) return T.nobody;
  if (type === "seat") return names[value];
  if (type === "seats") return TEXT.list(value.map((seat) => names[seat]));
  if (type === "gap") return T.pair(names[value[0]], names[value[1]]);
  if (type === "witch") {
    const parts = [[T.heal, value.heal], [T.poison, value.poison]]
      .filter(([, seat]) => seat !== null).map(([what, seat]) => `${what} ${names[seat]}`);
    return parts.length ? parts.join(", ") : T.nobody;
  }
  return q.labels?.[JSON.stringify(value)] ?? String(value);
}

// One open question: its form, "Wird gesendet …" while the answer travels, or the receipt once it arrived
// (the same shape for every seat that answered).
function questionNode(q, names, decide) {
  const receipt = answers.receipts[q.kind];
  if (receipt || answers.sending[q.kind]) {
    return el("p", { class: `t-receipt${receipt ? "" : " sending"}`, role: "status", "data-kind": q.kind },
      receipt ? el("strong", {}, T.received) : T.sending, receipt && receipt.label ? ` ${T.yourPick(receipt.label)}` : null);
  }
  let answer;
  const submit = el("button", { class: "submit", disabled: true, onclick: () => decide(q, answer) },
    q.kind === "ready" ? T.doneTalking : T.confirm);
  const form = questionForm(q, names, (value, done) => { answer = value; submit.disabled = !done; });
  form.dataset.kind = q.kind;
  form.append(submit);
  return form;
}

export function renderSeat(view, me, send, code, request = async (message) => send(message)) {
  setServerNow(view.now);
  document.body.classList.toggle("phase-night", view.phase === "night");
  const names = view.players.map((p) => p.name);
  const role = el("button", { class: "t-hold", id: "my-card", "aria-pressed": "false", onclick: () => {
    const open = role.getAttribute("aria-pressed") !== "true";
    role.setAttribute("aria-pressed", String(open));
    role.replaceChildren(...(open ? [el("span", { class: "role" }, view.role.name), el("span", { class: "t-desc" }, view.role.description)]
      : [T.myCard]));
  } }, T.myCard);
  const title = view.phase === "night" ? T.nightRound(view.round) : view.phase === "day" ? T.dayRound(view.round) : T.gameOver;
  const key = JSON.stringify(view.questions.map((q) => [q.kind, q.options]));
  if (key !== answers.key) Object.assign(answers, { key, sending: {}, receipts: {} });
  // the question's node on screen now (a newer seat message may have drawn it anew) shows the new state
  const redraw = (q) => document.querySelector(`#decisions [data-kind="${CSS.escape(q.kind)}"]`)
    ?.replaceWith(questionNode(q, names, decide));
  const decide = (q, choice) => {
    if (answers.sending[q.kind] || answers.receipts[q.kind]) return;
    answers.sending[q.kind] = true;
    redraw(q);
    request({ type: "decide", kind: q.kind, choice }).then(
      () => { if (answers.key === key) answers.receipts[q.kind] = { label: choiceLabel(q, choice, names) }; },
      () => {}, // the `error` message itself shows the server's German reason
    ).finally(() => {
      if (answers.key !== key) return;
      delete answers.sending[q.kind];
      redraw(q);
    });
  };
  const questions = view.questions.map((q) => questionNode(q, names, decide));
  const parts = [el("h1", {}, `${title} – ${view.name}`), view.alive ? null : el("p", { class: "hint" }, T.out),
    captions(view.captions, view.speaker, code), view.speaker ? el("p", { class: "hint t-speaker" }, T.speaks) : null];
  if (view.result) {
    parts.push(el("section", { id: "result" }, el("h2", {}, view.result.winner),
      el("p", {}, view.result.winners.length ? T.won(view.result.winners) : ""),
      gameLog(view.result.log),
      me.host ? el("button", { class: "t-big", id: "again", onclick: () => send({ type: "again" }) }, T.againOwn) : null));
  }
  if (view.discussion && view.deadline) parts.push(el("div", { class: "dial" }, sundial(view.deadline, view.discussion_seconds)));
  else if (view.deadline && !view.result) {
    parts.push(el("p", { class: "t-timer" }, T.timeLeft, " ", countdown(view.deadline, { urgentBelow: 10, id: "seat-timer" })));
  }
  if (questions.length) parts.push(el("section", { class: "decisions active", id: "decisions" }, ...questions));
  else if (!view.result) parts.push(el("p", { class: "hint", id: "waiting" }, view.phase === "night" ? T.waitNight : T.waitDay));
  if (me.host && view.discussion) parts.push(el("button", { class: "secondary t-big", id: "end-discussion", onclick: () => send({ type: "end_discussion" }) }, T.endDiscussion));
  parts.push(el("section", {}, role), el("section", {}, el("h2", {}, T.onlyYou), newsList(view.news)),
    el("section", {}, el("h2", {}, T.atTable), el("ul", { class: "players" }, view.players.map((p) => el("li", { class: p.alive ? "" : "dead" },
      el("span", {}, p.name), p.role ? el("span", { class: "badge" }, p.role) : null, p.captain ? el("span", { class: "badge" }, T.captain) : null)))));
  const main = show(...parts);
  main.dataset.screen = view.result ? "over" : questions.length ? "decide" : "wait";
  main.dataset.seq = String(Number(main.dataset.seq || 0) + 1);
}
