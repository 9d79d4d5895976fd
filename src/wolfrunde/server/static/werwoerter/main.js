// Werwörter in the browser: the start page (new round, join by code) and a room (one device or own devices).
import { button, h } from "./dom.js";
import { RoomSocket, post, saveToken, savedToken } from "./net.js";
import * as screens from "./screens.js";
import { LEVEL } from "./texts.js";
import { narrate, setSound, soundOn, speakerUsesShared } from "./voice.js";

const app = document.getElementById("app");
const NIGHT = ["night_start", "mayor", "mayor_sleep", "seer_wake", "seer_word", "seer_sleep", "wolves_wake",
  "wolves_meet", "wolves_word", "wolves_sleep"];
const ENDED = ["pointing", "point_now", "talk", "vote", "over"];

const match = location.pathname.match(/^\/ww\/([A-Za-z0-9]+)\/?$/);
if (match) openRoom(match[1].toUpperCase()); else startPage();

// --- start page ----------------------------------------------------------------------------------
function startPage() {
  const names = h("div", { class: "names" });
  const addName = (value = "") => {
    const index = names.children.length + 1;
    names.append(h("input", { type: "text", maxlength: 20, value, placeholder: `Spieler ${index}`,
      "aria-label": `Name Spieler ${index}`, class: "name-input" }));
  };
  for (let i = 0; i < 5; i += 1) addName();
  const error = h("p", { class: "error", role: "alert" });
  const settings = (prefix) => {
    const level = h("select", { id: `${prefix}-level` }, [1, 2, 3, 4].map((n) => h("option", { value: n }, LEVEL[n])));
    const minutes = h("input", { id: `${prefix}-minutes`, type: "number", min: 1, max: 60, value: 4 });
    const narrator = window.WolfNarration.picker(`${prefix}-narrator`, "jutta");
    return { level, minutes, narrator: narrator.select, el: h("div", { class: "form" },
      h("label", { for: `${prefix}-level` }, "Schwierigkeit"), level,
      h("label", { for: `${prefix}-minutes` }, "Tag (Minuten)"), minutes, ...narrator.nodes) };
  };
  const one = settings("one");
  const own = settings("own");
  const hostName = h("input", { id: "host-name", type: "text", maxlength: 20, placeholder: "Dein Name" });
  const code = h("input", { id: "join-code", type: "text", maxlength: 6, placeholder: "z. B. K7MXA", autocapitalize: "characters" });
  const create = async (body) => {
    error.textContent = "";
    try {
      const room = await post("/api/ww/rooms", body);
      saveToken(room.code, room.token);
      location.href = room.link;
    } catch (problem) { error.textContent = problem.message; }
  };
  const options = (s) => ({ difficulty: Number(s.level.value), day_seconds: Math.max(1, Number(s.minutes.value) || 4) * 60,
    narrator: s.narrator.value });
  app.replaceChildren(
    h("header", { class: "top" }, h("h1", {}, "Werwörter"), h("a", { href: "/" }, "Wolfrunde")),
    h("main", {},
      h("section", { class: "card" },
        h("h2", {}, "Ein Gerät"),
        h("p", {}, "Das Gerät des Bürgermeisters führt durch die Runde. 4 bis 10 Spieler, im Kreis der Reihe nach."),
        names,
        button("Spieler hinzufügen", () => { if (names.children.length < 10) addName(); }, "secondary small"),
        one.el,
        button("Karten verteilen", () => create({ mode: "single",
          names: [...names.querySelectorAll("input")].map((i) => i.value.trim()).filter(Boolean), ...options(one) }),
        "primary", { id: "start-single" })),
      h("section", { class: "card" },
        h("h2", {}, "Jeder mit eigenem Gerät"),
        h("p", {}, "Du eröffnest die Runde, die anderen treten per QR-Code oder Code bei."),
        h("label", { for: "host-name" }, "Dein Name"), hostName,
        own.el,
        button("Runde eröffnen", () => create({ mode: "devices", name: hostName.value.trim(), ...options(own) }),
          "primary", { id: "start-devices" })),
      h("section", { class: "card" },
        h("h2", {}, "Beitreten"),
        h("label", { for: "join-code" }, "Code der Runde"), code,
        button("Beitreten", () => { if (code.value.trim()) location.href = `/ww/${code.value.trim().toUpperCase()}`; }, "primary")),
      error));
}

// --- a room --------------------------------------------------------------------------------------
function openRoom(code) {
  const token = savedToken(code);
  if (!token) { joinPage(code); return; }
  const ui = { asker: null, peek: false, showRole: false, tappedRole: false, votes: {}, stage: null, game: 0 };
  let state = null;
  let offset = 0;
  let caption = "";
  let online = false;
  let toastTimer = null;
  const toastEl = h("div", { class: "toast", role: "status", "aria-live": "polite" });
  const captionEl = h("p", { class: "caption", "aria-live": "polite", "data-testid": "caption" });
  const body = h("main", {});
  const status = h("span", { class: "conn" });
  const header = h("header", { class: "top" }, h("h1", {}, "Werwörter"), h("span", { class: "room-code" }, code), status);
  app.replaceChildren(header, body, toastEl);

  const toast = (text) => {
    toastEl.textContent = text; toastEl.classList.add("show");
    clearTimeout(toastTimer); toastTimer = setTimeout(() => toastEl.classList.remove("show"), 3500);
  };
  const socket = new RoomSocket(code, token, (message) => {
    if (message.type === "state") {
      if (message.stage.name !== ui.stage) {
        if (message.stage.name === "deal") { ui.tappedRole = false; ui.showRole = false; ui.votes = {}; ui.asker = null; }
        ui.whoopsArmed = false;
        if (NIGHT.includes(message.stage.name) || message.stage.name === "day") ui.showRole = false;
        ui.stage = message.stage.name;
        if (message.stage.caption && !caption) { caption = message.stage.caption; captionEl.textContent = caption; }
      }
      state = message; offset = message.now - Date.now() / 1000;
      draw();
    } else if (message.type === "cue") {
      narrate(message, (text) => { caption = text; captionEl.textContent = text; });
    } else if (message.type === "error") {
      toast(message.message || "Das geht nicht.");
      if (message.code === "unknown_guest") { saveToken(code, null); setTimeout(() => joinPage(code), 1500); }
    }
  }, (up) => { online = up; status.textContent = up ? "" : "Verbindung …"; status.className = up ? "conn" : "conn down"; });

  function ctxFor() {
    return { s: state, game: state.game, ui, single: state.mode === "single", seat: state.me.seat, card: state.card,
      send: (m) => { if (!socket.send(m)) toast("Keine Verbindung – gleich nochmal."); }, redraw: draw, toast };
  }

  function draw() {
    if (!state) return;
    const ctx = ctxFor();
    const stage = state.stage.name;
    let content;
    if (stage === "lobby" || !ctx.game) content = ctx.single ? h("p", {}, "Karten werden gemischt …") : screens.lobby(ctx);
    else if (stage === "deal") content = screens.deal(ctx);
    else if (NIGHT.includes(stage)) content = screens.night(ctx);
    else if (stage === "day") content = screens.day(ctx);
    else if (stage === "pointing" || stage === "point_now") content = screens.pointing(ctx);
    else if (stage === "talk") content = screens.talk(ctx);
    else if (stage === "vote") content = screens.vote(ctx);
    else content = screens.over(ctx);
    const mayorHere = ctx.game && (ctx.single || ctx.seat === ctx.game.mayor);
    const whoops = mayorHere && ENDED.includes(stage)
      ? screens.whoopsButton(ctx) : null;
    const sound = state.me.speaker && !speakerUsesShared(true)
      ? button(soundOn() ? "Ton: an" : "Ton: aus", () => { setSound(!soundOn()); draw(); }, "secondary small sound") : null;
    const bar = h("div", { class: "stagebar" },
      h("span", { class: "stage-name" }, stageTitle(ctx)),
      screens.timer(state.stage.deadline), sound);
    document.body.dataset.stage = stage;
    document.body.classList.toggle("dark", NIGHT.includes(stage));
    const parts = [bar, speakerUsesShared(state.me.speaker) ? null : h("div", { class: "narrator" }, captionEl), content,
      ctx.game && !NIGHT.includes(stage) ? screens.hints(ctx) : null,
      whoops, online ? null : h("p", { class: "note" }, "Verbinde neu …")];
    body.replaceChildren(...parts.filter(Boolean));
    tick();
  }

  function tick() {
    for (const el of document.querySelectorAll("[data-deadline]")) {
      const left = Math.max(0, Number(el.dataset.deadline) - (Date.now() / 1000 + offset));
      const minutes = Math.floor(left / 60);
      const seconds = Math.floor(left % 60);
      el.textContent = `${minutes}:${String(seconds).padStart(2, "0")}`;
      el.classList.toggle("urgent", left < 30);
    }
  }
  setInterval(tick, 250);
}

function stageTitle(ctx) {
  const stage = ctx.s.stage.name;
  if (stage === "lobby") return "Warten";
  if (stage === "deal") return "Karten";
  if (NIGHT.includes(stage)) return "Nacht";
  if (stage === "day") return "Tag";
  if (stage === "pointing" || stage === "point_now") return "Wort erraten";
  if (stage === "talk" || stage === "vote") return "Wort nicht erraten";
  return "Ergebnis";
}

function joinPage(code) {
  const input = h("input", { id: "join-name", type: "text", maxlength: 20, placeholder: "Dein Name", autocomplete: "nickname" });
  const error = h("p", { class: "error", role: "alert" });
  const join = async () => {
    error.textContent = "";
    try {
      const result = await post(`/api/ww/rooms/${code}/join`, { name: input.value.trim() });
      saveToken(result.code, result.token);
      location.reload();
    } catch (problem) { error.textContent = problem.message; }
  };
  input.addEventListener("keydown", (e) => { if (e.key === "Enter") join(); });
  app.replaceChildren(
    h("header", { class: "top" }, h("h1", {}, "Werwörter"), h("span", { class: "room-code" }, code)),
    h("main", {}, h("section", { class: "card" },
      h("h2", {}, "Mitspielen"),
      h("label", { for: "join-name" }, "Dein Name"), input,
      button("Beitreten", join, "primary", { id: "join-button" }), error)));
  input.focus();
}
