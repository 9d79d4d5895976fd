// One device in the middle: each screen the server sends, drawn. The server decides what is shown;
// secret parts only ever arrive while the person named on the cover holds the device.
import { afterNarration, captions, el, mount, newsList, questionForm, sundial } from "./ui.js";

const PURPOSE = {
  deal: "Karte ansehen", round: "Nacht – du bist dran", ballot: "Geheime Abstimmung", card: "Eigene Karte",
  private: "Nur für dich", night: "Nacht",
};

export function renderScreen(screen, send, code) {
  document.body.classList.toggle("phase-night", screen.phase === "night");
  const draw = DRAW[screen.screen] || (() => [el("p", { class: "hint" }, "Einen Moment …")]);
  mount(...draw(screen, send, code).filter(Boolean));
  const main = document.getElementById("main");
  main.dataset.screen = screen.screen;  // for tests and styling: which screen is up, and how often it changed
  main.dataset.deadline = screen.deadline === undefined ? "" : String(screen.deadline);
  main.dataset.seq = String(Number(main.dataset.seq || 0) + 1);
}

const advanced = new Set();
const names = (screen) => (screen.players || []).map((p) => p.name);

const DRAW = {
  pass: (s, send) => {
    const take = el("button", { id: "take", autofocus: true, onclick: () => send("take") }, `Ich bin ${s.to}`);
    if (s.purpose !== "deal" && s.purpose !== "card") afterNarration(s, take);
    return [el("div", { class: "t-cover", id: "cover" },
      el("h1", {}, "Gerät weitergeben"), el("p", {}, PURPOSE[s.purpose] || ""), el("p", {}, "Gib das Gerät an"),
      el("div", { class: "t-to" }, s.to), take)];
  },

  card: (s, send) => {
    const hold = el("button", { class: "t-hold", id: "hold", "aria-describedby": "hold-hint" }, "Gedrückt halten");
    const show = () => hold.replaceChildren(el("span", { class: "role" }, s.role.name),
      el("span", { class: "t-desc" }, s.role.description), ...(s.news || []).map((line) => el("span", { class: "t-desc" }, line)));
    const hide = () => hold.replaceChildren("Gedrückt halten");
    hold.addEventListener("pointerdown", show);
    ["pointerup", "pointerleave", "pointercancel", "blur"].forEach((e) => hold.addEventListener(e, hide));
    hold.addEventListener("keydown", (e) => { if (e.key === " " || e.key === "Enter") { e.preventDefault(); show(); } });
    hold.addEventListener("keyup", hide);
    const next = s.next ? `Weitergeben an ${s.next}` : (s.purpose === "deal" ? "Fertig – Gerät in die Mitte" : "Fertig – Gerät zurücklegen");
    return [el("h1", {}, `${s.holder}, deine Karte`),
      el("p", { id: "hold-hint", class: "hint" }, "Nur solange du drückst, ist deine Karte zu sehen."), hold,
      el("button", { class: "t-big", id: "done", onclick: () => send("done") }, next)];
  },

  turn: (s, send) => {
    const answers = {};
    const submit = el("button", { class: "t-big", id: "submit", disabled: true }, "Bestätigen");
    const complete = new Set();
    const ready = () => { submit.disabled = complete.size < s.questions.length || !submit.dataset.timeUp; };
    submit.dataset.timeUp = s.min_seconds ? "" : "1";
    if (s.min_seconds) setTimeout(() => { submit.dataset.timeUp = "1"; ready(); }, s.min_seconds * 1000);
    const forms = s.questions.map((q, i) => questionForm(q, names(s), (value, done) => {
      answers[String(i)] = value;
      if (done) complete.add(i); else complete.delete(i);
      ready();
    }));
    ready();
    submit.addEventListener("click", () => send("answer", { answers }));
    return [el("h1", {}, s.label ? `${s.label}: ${s.holder}` : s.holder), newsList(s.news),
      el("section", { class: "decisions active" }, ...forms), submit];
  },

  result: (s, send) => [el("h1", {}, s.holder), newsList(s.news, "Nichts Neues."),
    el("button", { class: "t-big", id: "done", onclick: () => send("done") }, "Fertig – Gerät weitergeben")],

  call: (s, send, code) => {
    const take = s.acting ? el("button", { id: "take", autofocus: true, onclick: () => send("take") }, "Wir sind wach – Gerät nehmen") : null;
    if (take) afterNarration(s, take);
    const body = [el("div", { class: "t-call" }, el("p", {}, "Alle schließen die Augen."),
      el("h2", {}, s.title), take || el("p", { class: "hint" }, "…"))];
    if (!s.acting && !advanced.has(s.call)) {
      advanced.add(s.call);  // a call of an absent or dead role passes by itself, after a pause (and the narrator)
      const telling = Math.max(0, (s.spoken_until || 0) - (s.now || 0));
      setTimeout(() => send("next", { call: s.call }), Math.max(s.pause, telling) * 1000);
    }
    return [...body, captions(s.captions, true, code)];
  },

  public: (s, send, code) => {
    let answer;
    const submit = el("button", { class: "t-big", id: "submit", disabled: true }, "Eintragen");
    let complete = false;
    const form = questionForm(s.questions[0], names(s), (value, done) => {
      answer = value; complete = done; submit.disabled = !done || Boolean(submit.dataset.narrating);
    });
    afterNarration(s, submit, () => complete);
    submit.addEventListener("click", () => send("answer", { answers: { 0: answer } }));
    return [captions(s.captions, true, code), el("h1", {}, s.who), el("section", { class: "decisions active" }, form), submit];
  },

  hands: (s, send, code) => {
    const counts = {};
    const rows = s.candidates.map((seat) => {
      counts[seat] = 0;
      const n = el("span", { class: "n", id: `count-${seat}` }, "0");
      const change = (d) => () => { counts[seat] = Math.max(0, counts[seat] + d); n.textContent = String(counts[seat]); };
      const name = s.players[seat].name;
      return el("div", { class: "t-count" }, el("span", { class: "name" }, name),
        el("button", { type: "button", class: "secondary small", "aria-label": `${name}: eine Hand weniger`, onclick: change(-1) }, "−"), n,
        el("button", { type: "button", class: "small", "aria-label": `${name}: eine Hand mehr`, onclick: change(1) }, "+"));
    });
    let captainChoice = null;
    const captainBox = s.captain === null ? null : el("div", {},
      el("label", { for: "captain-choice" }, `Hauptmann ${s.players[s.captain].name} stimmte für (zählt doppelt)`),
      el("select", { id: "captain-choice", onchange: (e) => { captainChoice = e.target.value === "" ? null : Number(e.target.value); } },
        el("option", { value: "" }, "– keine Hand –"), s.candidates.map((seat) => el("option", { value: seat }, s.players[seat].name))));
    const record = el("button", { class: "t-big", id: "record", onclick: () => send("hands", { counts, captain_choice: captainChoice }) }, "Ergebnis eintragen");
    afterNarration(s, record);
    return [captions(s.captions, true, code), el("h1", {}, "Abstimmung per Handzeichen"), el("p", {}, s.prompt),
      el("p", { class: "hint" }, `${s.voters} dürfen abstimmen. Zählt die Hände und tragt sie ein.`),
      el("section", {}, ...rows, captainBox), record];
  },

  discussion: (s, send, code) => {
    const end = el("button", { class: "t-big", id: "end-discussion", onclick: () => send("end_discussion") }, "Zur Abstimmung");
    afterNarration(s, end);
    planDialMarks(s);
    return [captions(s.captions, true, code), el("h1", {}, "Beratung"),
      sundial(s.deadline, s.seconds, s.now), el("p", { class: "hint" }, "Redet am Tisch. Die Sonnenuhr zeigt, wie viel Zeit bleibt."),
      end, ownCard(s, send), players(s)];
  },

  wait: (s, send, code) => [captions(s.captions, true, code), el("p", { class: "hint" }, "Einen Moment …")],

  over: (s, send, code) => [captions(s.captions, true, code), el("h1", {}, s.winner),
    s.winners.length ? el("p", {}, `Gewonnen: ${s.winners.join(", ")}`) : null,
    el("section", {}, el("h2", {}, "Wer war wer"), el("table", { class: "t-final" },
      s.roles.map((r) => el("tr", {}, el("td", {}, r.name), el("td", {}, r.role))))),
    el("button", { class: "t-big", id: "new-game", onclick: () => { localStorage.removeItem("wolfrunde.table.device"); location.assign("/tisch"); } }, "Neues Spiel")],
};

// The Sonnenuhr speaks by itself on the device: half time, the last minute, time is up (each once).
const plannedMarks = new Set();
function planDialMarks(s) {
  const skew = (s.now || Date.now() / 1000) - Date.now() / 1000;
  for (const mark of s.marks || []) {
    const key = `${s.deadline}:${mark.scene}`;
    const wait = mark.at - (Date.now() / 1000 + skew);
    if (plannedMarks.has(key) || wait < -1) continue;
    plannedMarks.add(key);
    setTimeout(() => {
      const main = document.getElementById("main");
      if (main.dataset.screen === "discussion" && main.dataset.deadline === String(s.deadline)) window.WolfNarration?.enqueue([mark.cue]);
    }, Math.max(0, wait) * 1000);
  }
}

function ownCard(s, send) {
  const pick = el("select", { id: "own-card", "aria-label": "Wer will seine Karte sehen?" },
    el("option", { value: "" }, "Eigene Karte ansehen …"), s.players.map((p) => el("option", { value: p.seat }, p.name)));
  pick.addEventListener("change", () => { if (pick.value !== "") send("card", { seat: Number(pick.value) }); });
  return el("section", {}, pick);
}

function players(s) {
  return el("section", {}, el("h2", {}, "Am Tisch"), el("ul", { class: "players" },
    s.players.map((p) => el("li", { class: p.alive ? "" : "dead" }, p.name))));
}
