// One device in the middle: each screen the server sends, drawn. The server decides what is shown;
// secret parts only ever arrive while the person named on the cover holds the device.
import { clockText, serverNow, setServerNow } from "../lib/clock.js";
import { el } from "../lib/dom.js";
import { enqueue } from "../lib/narration.js";
import { saveJSON } from "../lib/store.js";
import { sundial } from "../lib/sundial.js";
import { dismissToast } from "../lib/toast.js";
import { DEVICE_KEY, playAgain, singleSetup } from "./setup.js";
import { afterNarration, captions, gameLog, newsList, questionForm, show } from "./ui.js";
import { T } from "./words.js";

// Who looks at a screen: its holder while the device is in private hands, else whoever the cover (pass,
// call) or the public screen is for. When that changes, no message of the one before may stay up.
const PRIVATE = new Set(["card", "turn", "result"]);
let viewer = null;

export function renderScreen(screen, send, code) {
  setServerNow(screen.now);
  const now = PRIVATE.has(screen.screen) ? `holder:${screen.holder}` : `${screen.screen}:${screen.to ?? screen.call ?? ""}`;
  if (now !== viewer) dismissToast();
  viewer = now;
  document.body.classList.toggle("phase-night", screen.phase === "night");
  const draw = DRAW[screen.screen] || (() => [el("p", { class: "hint" }, T.moment)]);
  const main = show(...draw(screen, send, code));
  main.dataset.screen = screen.screen; // for tests and styling: which screen is up, and how often it changed
  const stands = screen.paused_left !== null && screen.paused_left !== undefined; // a paused dial says nothing
  main.dataset.deadline = screen.deadline === undefined || stands ? "" : String(screen.deadline);
  main.dataset.seq = String(Number(main.dataset.seq || 0) + 1);
}

const advanced = new Set();
const names = (screen) => (screen.players || []).map((p) => p.name);

const DRAW = {
  pass: (s, send, code) => {
    const take = el("button", { id: "take", autofocus: true, onclick: () => send("take") }, T.iAm(s.to));
    if (s.purpose !== "deal" && s.purpose !== "card") afterNarration(s, take);
    return [el("div", { class: "t-cover", id: "cover" },
      el("h1", {}, T.passDevice), el("p", {}, T.purposes[s.purpose] || ""), el("p", {}, T.giveTo),
      el("div", { class: "t-to" }, s.to), take), captions(s.captions, true, code)];
  },

  card: (s, send) => {
    const hold = el("button", { class: "t-hold", id: "hold", "aria-describedby": "hold-hint" }, T.hold);
    const reveal = () => hold.replaceChildren(el("span", { class: "role" }, s.role.name),
      el("span", { class: "t-desc" }, s.role.description), ...(s.news || []).map((line) => el("span", { class: "t-desc" }, line)));
    const hide = () => hold.replaceChildren(T.hold);
    hold.addEventListener("pointerdown", reveal);
    ["pointerup", "pointerleave", "pointercancel", "blur"].forEach((e) => hold.addEventListener(e, hide));
    hold.addEventListener("keydown", (e) => { if (e.key === " " || e.key === "Enter") { e.preventDefault(); reveal(); } });
    hold.addEventListener("keyup", hide);
    const next = s.next ? T.passTo(s.next) : (s.purpose === "deal" ? T.dealtToMiddle : T.cardBack);
    return [el("h1", {}, T.yourCard(s.holder)),
      el("p", { id: "hold-hint", class: "hint" }, T.holdHint), hold,
      el("button", { class: "t-big", id: "done", onclick: () => send("done") }, next)];
  },

  turn: (s, send) => {
    const answers = {};
    const submit = el("button", { class: "t-big", id: "submit", disabled: true, onclick: () => send("answer", { answers }) }, T.confirm);
    const complete = new Set();
    const ready = () => { submit.disabled = complete.size < s.questions.length || !submit.dataset.timeUp; };
    submit.dataset.timeUp = s.min_seconds ? "" : "1";
    const lock = s.min_seconds ? el("p", { class: "hint t-lock", id: "lock" }, T.locked(Math.ceil(s.min_seconds))) : null;
    if (s.min_seconds) countDown(s.min_seconds, lock, () => { submit.dataset.timeUp = "1"; ready(); });
    const forms = s.questions.map((q, i) => questionForm(q, names(s), (value, done) => {
      answers[String(i)] = value;
      if (done) complete.add(i); else complete.delete(i);
      ready();
    }, s.grid || []));
    ready();
    return [el("h1", {}, s.label ? `${s.label}: ${s.holder}` : s.holder), newsList(s.news),
      el("section", { class: "decisions active" }, ...forms), lock, submit];
  },

  result: (s, send) => [el("h1", {}, s.holder), newsList(s.news, T.nothingNew),
    el("button", { class: "t-big", id: "done", onclick: () => send("done") }, s.purpose === "night" ? T.resultToMiddle : T.resultDone)],

  call: (s, send, code) => {
    const take = s.acting ? el("button", { id: "take", autofocus: true, onclick: () => send("take") }, T.awake) : null;
    if (take) afterNarration(s, take);
    const body = [el("div", { class: "t-call" }, s.night ? el("p", {}, T.eyesClosed) : null,
      el("h2", {}, s.title), take || el("p", { class: "hint" }, T.ellipsis))];
    if (!s.acting && !advanced.has(s.call)) {
      advanced.add(s.call); // a call of an absent or dead role passes by itself, after a pause (and the narrator)
      const telling = Math.max(0, (s.spoken_until || 0) - (s.now || 0));
      setTimeout(() => send("next", { call: s.call }), Math.max(s.pause, telling) * 1000);
    }
    return [...body, captions(s.captions, true, code)];
  },

  public: (s, send, code) => {
    let answer;
    let complete = false;
    const submit = el("button", { class: "t-big", id: "submit", disabled: true,
      onclick: () => send("answer", { answers: { 0: answer } }) }, T.enter);
    const form = questionForm(s.questions[0], names(s), (value, done) => {
      answer = value; complete = done; submit.disabled = !done || Boolean(submit.dataset.narrating);
    });
    afterNarration(s, submit, () => complete);
    return [captions(s.captions, true, code), el("h1", {}, s.who), el("section", { class: "decisions active" }, form), submit];
  },

  hands: (s, send, code) => {
    const counts = {};
    const shown = {};
    const total = el("span", { id: "hands-total" }, T.handsCounted(0, s.voters));
    const paint = () => {
      for (const seat of s.candidates) shown[seat].textContent = String(counts[seat]);
      total.textContent = T.handsCounted(Object.values(counts).reduce((a, b) => a + b, 0), s.voters);
    };
    let captainChoice = null;
    const captainButtons = [];
    // one tap: the Hauptmann's hand (it counts double) is counted at this row, and moved from any other
    const captainVote = (seat, button) => () => {
      if (captainChoice !== null) counts[captainChoice] = Math.max(0, counts[captainChoice] - 1);
      captainChoice = captainChoice === seat ? null : seat;
      if (captainChoice !== null) counts[seat] += 1;
      captainButtons.forEach((b) => b.setAttribute("aria-pressed", String(b === button && captainChoice !== null)));
      paint();
    };
    const rows = s.candidates.map((seat) => {
      counts[seat] = 0;
      shown[seat] = el("span", { class: "n", id: `count-${seat}` }, "0");
      const change = (d) => () => {
        const least = captainChoice === seat ? 1 : 0;
        counts[seat] = Math.max(least, counts[seat] + d); paint();
      };
      const name = s.players[seat].name;
      let captainButton = null;
      if (s.captain !== null) {
        captainButton = el("button", { class: "secondary small t-captain-vote", "aria-pressed": "false",
          "aria-label": T.captainVotedFor(s.players[s.captain].name, name) }, "★");
        captainButton.addEventListener("click", captainVote(seat, captainButton));
        captainButtons.push(captainButton);
      }
      return el("div", { class: "t-count" }, el("span", { class: "name" }, name,
        seat === s.captain ? el("span", { class: "badge t-captain" }, T.captain) : null),
        captainButton,
        el("button", { class: "secondary small", "aria-label": T.handLess(name), onclick: change(-1) }, "−"), shown[seat],
        el("button", { class: "small", "aria-label": T.handMore(name), onclick: change(1) }, "+"));
    });
    const record = el("button", { class: "t-big", id: "record", onclick: () => send("hands", { counts, captain_choice: captainChoice }) }, T.record);
    afterNarration(s, record);
    // the count and the button stay at the top, above the rows: with many players they never leave the screen
    return [captions(s.captions, true, code), el("h1", {}, T.handsTitle), el("p", {}, s.prompt),
      el("div", { class: "t-hands-bar", id: "hands-bar" }, total, record),
      s.captain === null ? null : el("p", { class: "hint" }, T.captainHint(s.players[s.captain].name)),
      el("section", {}, ...rows)];
  },

  discussion: (s, send, code) => {
    const end = el("button", { class: "t-big", id: "end-discussion", onclick: () => send("end_discussion") }, T.toVote);
    afterNarration(s, end);
    const paused = s.paused_left !== null && s.paused_left !== undefined;
    if (!paused) planDialMarks(s);
    const dial = paused
      ? el("p", { class: "t-paused", id: "dial-paused" }, T.dialPaused(clockText(Math.min(s.paused_left, s.seconds))))
      : sundial(s.deadline, s.seconds);
    const controls = el("div", { class: "row t-dial-controls" },
      el("button", { class: "secondary", id: paused ? "dial-resume" : "dial-pause",
        onclick: () => send("dial", { action: paused ? "resume" : "pause" }) }, paused ? T.dialResume : T.dialPause),
      el("button", { class: "secondary", id: "dial-extend", onclick: () => send("dial", { action: "extend" }) }, T.dialExtend));
    return [captions(s.captions, true, code), el("h1", {}, T.discussionTitle),
      el("div", { class: "dial" }, dial), controls, el("p", { class: "hint" }, T.discussionHint),
      end, ownCard(s, send), players(s)];
  },

  wait: (s, send, code) => [captions(s.captions, true, code), el("p", { class: "hint" }, T.moment)],

  over: (s, send, code) => [captions(s.captions, true, code), el("h1", {}, s.winner),
    s.winners.length ? el("p", {}, T.won(s.winners)) : null,
    el("section", {}, el("h2", {}, T.whoWasWho), el("table", { class: "t-final" },
      s.roles.map((r) => el("tr", {}, el("td", {}, r.name), el("td", {}, r.role))))),
    s.suspicions && s.suspicions.length ? el("section", { id: "suspicions" }, el("h2", {}, T.suspicions),
      el("ul", {}, s.suspicions.map((x) => el("li", {}, T.suspected(x.name, x.count))))) : null,
    gameLog(s.log),
    s.again ? el("button", { class: "t-big", id: "again", onclick: () => playAgain(s.again) }, T.againSame) : null,
    s.again ? el("button", { class: "t-big secondary", id: "again-change",
      onclick: () => { saveJSON(DEVICE_KEY, null); singleSetup(s.again); } }, T.againChange) : null,
    el("button", { class: "t-big secondary", id: "new-game", onclick: () => { saveJSON(DEVICE_KEY, null); location.assign("/tisch"); } }, T.newGame)],
};

// The Sonnenuhr speaks by itself on the device: half time, the last minute, time is up (each once).
const plannedMarks = new Set();
function planDialMarks(s) {
  for (const mark of s.marks || []) {
    const key = `${s.deadline}:${mark.scene}`;
    const wait = mark.at - serverNow();
    if (plannedMarks.has(key) || wait < -1) continue;
    plannedMarks.add(key);
    setTimeout(() => {
      const main = document.getElementById("main");
      if (main.dataset.screen === "discussion" && main.dataset.deadline === String(s.deadline)) enqueue([mark.cue]);
    }, Math.max(0, wait) * 1000);
  }
}

function ownCard(s, send) {
  const pick = el("select", { id: "own-card", "aria-label": T.ownCardLabel,
    onchange: () => { if (pick.value !== "") send("card", { seat: Number(pick.value) }); } },
    el("option", { value: "" }, T.ownCardChoice), s.players.map((p) => el("option", { value: p.seat }, p.name)));
  return el("section", {}, pick);
}

function players(s) {
  return el("section", {}, el("h2", {}, T.atTable), el("ul", { class: "players" },
    s.players.map((p) => el("li", { class: p.alive ? "" : "dead" }, el("span", {}, p.name),
      p.captain ? el("span", { class: "badge t-captain" }, T.captain) : null))));
}

// Reihum's least time, counted down where the button is: the same for every turn.
function countDown(seconds, line, done) {
  const end = Date.now() + seconds * 1000;
  const tick = () => {
    const left = Math.ceil((end - Date.now()) / 1000);
    if (left <= 0) { line.textContent = "\u00a0"; done(); return; }
    line.textContent = T.locked(left);
    setTimeout(tick, Math.min(1000, end - Date.now()));
  };
  tick();
}
