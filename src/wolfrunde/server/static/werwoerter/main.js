// Werwörter in the browser: the start page (new round, join by code) and a room (one device or own devices).
import { setServerNow } from "../lib/clock.js";
import { button, el, mount, steadyWhilePressed } from "../lib/dom.js";
import { api, post } from "../lib/http.js";
import * as narration from "../lib/narration.js";
import { loadRoles } from "../lib/roles.js";
import { openSocket } from "../lib/socket.js";
import { loadJSON, saveJSON } from "../lib/store.js";
import { toast } from "../lib/toast.js";
import { TEXT } from "../lib/texts.js";
import { defaultNarrator, loadNarrators, narratorPicker } from "../lib/voices.js";
import * as screens from "./screens.js";

const T = TEXT.ww;
const TOKENS = "wolfrunde-ww-tokens";
const NIGHT = ["night_start", "mayor", "mayor_sleep", "seer_wake", "seer_word", "seer_sleep", "wolves_wake",
  "wolves_meet", "wolves_word", "wolves_sleep"];
const ENDED = ["pointing", "point_now", "talk", "vote", "over"];

const app = document.getElementById("app");

function savedToken(code) {
  return (loadJSON(TOKENS, {}) || {})[code] || null;
}

function saveToken(code, token) {
  saveJSON(TOKENS, { ...(loadJSON(TOKENS, {}) || {}), [code]: token });
}

function header(...extra) {
  return el("header", { class: "top" }, el("h1", {}, T.title), ...extra);
}

// --- start page ----------------------------------------------------------------------------------
function startPage() {
  const names = el("div", { class: "names" });
  const addName = (value = "") => {
    const index = names.children.length + 1;
    names.append(el("input", { type: "text", maxlength: 20, value, placeholder: T.playerPlaceholder(index),
      "aria-label": T.playerLabel(index), class: "name-input" }));
  };
  for (let i = 0; i < 5; i += 1) addName();
  const error = el("p", { class: "error", role: "alert" });
  const settings = (prefix) => {
    const level = el("select", { id: `${prefix}-level` }, [1, 2, 3, 4].map((n) => el("option", { value: n }, T.levels[n])));
    const minutes = el("input", { id: `${prefix}-minutes`, type: "number", min: screens.DAY_MINUTES.min,
      max: screens.DAY_MINUTES.max, step: 1, value: 4, required: true });
    const narrator = narratorPicker({ id: `${prefix}-narrator`, value: defaultNarrator() });
    return { level, minutes, narrator: narrator.select, el: el("div", { class: "form" },
      el("label", { for: `${prefix}-level` }, T.difficulty), level,
      el("label", { for: `${prefix}-minutes` }, T.dayMinutes), minutes, ...narrator.nodes) };
  };
  const one = settings("one");
  const own = settings("own");
  const hostName = el("input", { id: "host-name", type: "text", maxlength: 20, placeholder: T.yourName, autocomplete: "nickname" });
  const code = el("input", { id: "join-code", type: "text", maxlength: 6, placeholder: T.codePlaceholder, autocapitalize: "characters",
    autocomplete: "off" });
  const create = async (s, body) => {
    error.textContent = "";
    for (const field of [one.minutes, own.minutes]) field.removeAttribute("aria-invalid");
    const minutes = screens.dayMinutes(s.minutes.value);
    if (minutes === null) {
      s.minutes.setAttribute("aria-invalid", "true");
      s.minutes.focus();
      error.textContent = T.dayMinutesRange;
      return;
    }
    body = { ...body, difficulty: Number(s.level.value), day_seconds: minutes * 60, narrator: s.narrator.value };
    try {
      const room = await post("/api/ww/rooms", body);
      saveToken(room.code, room.token);
      location.href = room.link;
    } catch (problem) { error.textContent = problem.message; }
  };
  const join = (event) => {
    event.preventDefault();
    if (code.value.trim()) location.href = `/ww/${code.value.trim().toUpperCase()}`;
  };
  mount(app,
    header(el("a", { href: "/" }, T.home)),
    el("main", {},
      el("section", { class: "card" },
        el("h2", {}, T.oneDevice),
        el("p", {}, T.oneDeviceHint),
        names,
        button(T.addPlayer, () => { if (names.children.length < 10) addName(); }, { class: "secondary small" }),
        one.el,
        button(T.dealCards, () => create(one, { mode: "single",
          names: [...names.querySelectorAll("input")].map((i) => i.value.trim()).filter(Boolean) }),
        { class: "primary", id: "start-single" })),
      el("section", { class: "card" },
        el("h2", {}, T.ownDevices),
        el("p", {}, T.ownDevicesHint),
        el("label", { for: "host-name" }, T.yourName), hostName,
        own.el,
        button(T.openRound, () => create(own, { mode: "devices", name: hostName.value.trim() }),
          { class: "primary", id: "start-devices" })),
      el("section", { class: "card" },
        el("h2", {}, T.joinTitle),
        el("form", { onsubmit: join },
          el("label", { for: "join-code" }, T.codeLabel), code,
          el("button", { type: "submit", class: "primary" }, T.join))),
      error));
}

// --- a room --------------------------------------------------------------------------------------
function openRoom(code) {
  const token = savedToken(code);
  if (!token) { joinPage(code); return; }
  const ui = { asker: null, peek: false, showRole: false, tappedRole: false, votes: {}, stage: null, game: 0 };
  let state = null;
  let caption = "";
  let online = false;
  const captionEl = el("p", { class: "caption", "aria-live": "polite", "data-testid": "caption" });
  const body = el("main", {});
  const status = el("span", { class: "conn" });
  const draw = steadyWhilePressed(paint, () => body); // every message redraws: a tap in progress is kept
  mount(app, header(el("span", { class: "room-code" }, code), status), body);

  const showCaption = (text) => { caption = text; captionEl.textContent = text; };
  const socket = openSocket({
    url: `/ws/ww/${code}?token=${encodeURIComponent(token)}`,
    reasons: { 4404: T.noRound },
    onMessage: (message) => {
      if (message.type === "state") {
        if (message.stage.name !== ui.stage) {
          if (message.stage.name === "deal") { ui.tappedRole = false; ui.showRole = false; ui.votes = {}; ui.asker = null; }
          ui.whoopsArmed = false;
          if (NIGHT.includes(message.stage.name) || message.stage.name === "day") ui.showRole = false;
          ui.stage = message.stage.name;
          if (message.stage.caption && !caption) showCaption(message.stage.caption);
        }
        state = message;
        setServerNow(message.now);
        draw();
      } else if (message.type === "cue") {
        if (message.speak) { // this device speaks: the narrator's bar plays it and shows the caption
          if (message.fresh) narration.clear(); // what it had not said yet is no longer true
          narration.setSpeaker(true);
          narration.enqueue([{ url: message.audio, text: message.text, seconds: message.text.length / 13 + 0.3 }]);
        } else showCaption(message.text);
      } else if (message.type === "removed") { // the host took this guest off the round
        toast(message.message, "info"); socket.close(); saveToken(code, null); setTimeout(() => joinPage(code), 1500);
      } else if (message.type === "error") {
        toast(message.message || T.refused, "error");
        if (message.code === "unknown_guest") { socket.close(); saveToken(code, null); setTimeout(() => joinPage(code), 1500); }
      }
    },
    onStatus: (up) => { online = up; status.textContent = up ? "" : T.connecting; status.className = up ? "conn" : "conn down"; },
    onStop: (reason) => {
      toast(reason, "error");
      mount(body, el("section", { class: "card" }, el("h2", {}, reason), el("a", { href: "/ww" }, T.title)));
    },
  });

  function ctxFor() {
    return { s: state, game: state.game, ui, single: state.mode === "single", seat: state.me.seat, card: state.card,
      send: (m) => { if (!socket.connected) toast(T.queued, "info"); socket.send(m); }, redraw: draw, toast };
  }

  function paint() {
    if (!state) return;
    const ctx = ctxFor();
    const stage = state.stage.name;
    let content;
    if (stage === "lobby" || !ctx.game) content = ctx.single ? el("p", {}, T.shuffling) : screens.lobby(ctx);
    else if (stage === "deal") content = screens.deal(ctx);
    else if (NIGHT.includes(stage)) content = screens.night(ctx);
    else if (stage === "day") content = screens.day(ctx);
    else if (stage === "pointing" || stage === "point_now") content = screens.pointing(ctx);
    else if (stage === "talk") content = screens.talk(ctx);
    else if (stage === "vote") content = screens.vote(ctx);
    else content = screens.over(ctx);
    const mayorHere = ctx.game && (ctx.single || ctx.seat === ctx.game.mayor);
    const bar = el("div", { class: "stagebar" },
      el("span", { class: "stage-name" }, stageTitle(stage)),
      screens.timer(state.stage.deadline));
    document.body.dataset.stage = stage;
    document.body.classList.toggle("dark", NIGHT.includes(stage));
    mount(body, bar, state.me.speaker ? null : el("div", { class: "narrator" }, captionEl), content,
      ctx.game && !NIGHT.includes(stage) ? screens.hints(ctx) : null,
      mayorHere && ENDED.includes(stage) ? screens.whoopsButton(ctx) : null,
      online ? null : el("p", { class: "note" }, T.reconnecting));
  }
}

function stageTitle(stage) {
  if (stage === "lobby") return T.stages.lobby;
  if (stage === "deal") return T.stages.deal;
  if (NIGHT.includes(stage)) return T.stages.night;
  if (stage === "day") return T.stages.day;
  if (stage === "pointing" || stage === "point_now") return T.stages.guessed;
  if (stage === "talk" || stage === "vote") return T.stages.notGuessed;
  return T.stages.over;
}

// Before asking for a name: is there such a round, and does it still take players?
async function joinPage(code) {
  const found = await api(`/api/ww/rooms/${encodeURIComponent(code)}`);
  const refusal = found.status === 404 ? T.noRound
    : !found.ok ? found.data.message || T.refused
    : found.data.mode !== "devices" || found.data.status !== "lobby" ? T.closed : null;
  if (refusal) {
    mount(app,
      header(el("span", { class: "room-code" }, code)),
      el("main", {}, el("section", { class: "card" },
        el("h2", { "data-testid": "join-refused" }, refusal),
        el("p", {}, el("a", { href: "/ww" }, T.toStart)))));
    return;
  }
  const input = el("input", { id: "join-name", type: "text", maxlength: 20, placeholder: T.yourName, autocomplete: "nickname" });
  const error = el("p", { class: "error", role: "alert" });
  const join = async (event) => {
    event.preventDefault();
    error.textContent = "";
    try {
      const result = await post(`/api/ww/rooms/${code}/join`, { name: input.value.trim() });
      saveToken(result.code, result.token);
      location.reload();
    } catch (problem) { error.textContent = problem.message; }
  };
  mount(app,
    header(el("span", { class: "room-code" }, code)),
    el("main", {}, el("section", { class: "card" },
      el("h2", {}, T.play),
      el("form", { onsubmit: join },
        el("label", { for: "join-name" }, T.yourName), input,
        el("button", { type: "submit", class: "primary", id: "join-button" }, T.join)), error)));
  input.focus();
}

await Promise.all([loadRoles(), loadNarrators()]);
const match = location.pathname.match(/^\/ww\/([A-Za-z0-9]+)\/?$/);
if (match) openRoom(match[1].toUpperCase()); else startPage();
