"use strict";
// The Wolfrunde web client: login, rooms, lobby, the game of one seat, chat. Speaks docs/protocol.md.
(function () {
  const T = window.T, R = window.R, el = R.el;
  const main = document.getElementById("main");
  const state = { me: null, roles: {}, code: null, ws: null, seat: null, lobby: null, game: null,
    chat: {}, channel: null, showRole: false, picks: {}, retry: 0, removed: false, sentFor: null };

  async function api(path, body) {
    const options = body === undefined ? { method: "GET" } :
      { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
    const response = await fetch(path, options);
    const data = response.status === 204 ? {} : await response.json().catch(() => ({}));
    return { ok: response.ok, status: response.status, data };
  }

  function toast(text) {
    const box = document.getElementById("toast");
    box.textContent = text; box.hidden = false;
    clearTimeout(toast.timer); toast.timer = setTimeout(() => { box.hidden = true; }, 4000);
  }

  function show(...nodes) { main.replaceChildren(...nodes); }

  // ---- accounts -------------------------------------------------------------------------------
  function loginScreen() {
    const name = el("input", { id: "name", autocomplete: "username", maxlength: 24 });
    const password = el("input", { id: "password", type: "password", autocomplete: "current-password" });
    const message = el("p", { className: "error" });
    async function submit(path) {
      const result = await api(path, { name: name.value, password: password.value });
      if (!result.ok) { message.textContent = result.data.message || "Fehler."; return; }
      state.me = result.data.user; route();
    }
    show(el("section", {}, el("h1", {}, T.ui.loginTitle), el("p", { className: "hint" }, T.ui.loginHint),
      el("label", { for: "name" }, T.ui.name), name, el("label", { for: "password" }, T.ui.password), password,
      message, el("div", { className: "row" },
        el("button", { onclick: () => submit("/api/login") }, T.ui.login),
        el("button", { className: "secondary", onclick: () => submit("/api/register") }, T.ui.register))));
  }

  function homeScreen() {
    const code = el("input", { id: "code", maxlength: 7, autocapitalize: "characters", placeholder: "z. B. K7QWM" });
    async function create() {
      const result = await api("/api/rooms", {});
      if (!result.ok) { toast(result.data.message || "Fehler."); return; }
      go(result.data.link);
    }
    show(el("section", {}, el("h1", {}, T.ui.home), el("button", { onclick: create }, T.ui.create)),
      el("section", {}, el("label", { for: "code" }, T.ui.codeLabel), code,
        el("p", { className: "hint" }, T.ui.joinHint),
        el("button", { onclick: () => code.value.trim() && go("/r/" + code.value.trim().toUpperCase()) }, T.ui.join)));
  }

  // ---- room connection ------------------------------------------------------------------------
  function send(message) {
    if (state.ws && state.ws.readyState === WebSocket.OPEN) state.ws.send(JSON.stringify(message));
  }

  function connect(code) {
    state.code = code; state.removed = false;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/rooms/${encodeURIComponent(code)}`);
    state.ws = ws;
    ws.onopen = () => { state.retry = 0; };
    ws.onmessage = (event) => receive(JSON.parse(event.data));
    ws.onclose = () => {
      if (state.ws !== ws || state.removed || !state.code) return;
      toast(T.ui.lostConnection);
      state.retry = Math.min(state.retry + 1, 5);
      setTimeout(() => state.code === code && connect(code), 1000 * state.retry);
    };
  }

  function receive(message) {
    switch (message.type) {
      case "welcome": state.seat = message.you.seat; break;
      case "lobby": state.lobby = message;
        if (message.status === "lobby" && state.game) { state.game = null; state.showRole = false; }
        if (state.seat === null && message.status === "lobby" && !state.joinTried) { state.joinTried = true; send({ type: "join" }); }
        break;
      case "game": {
        // a new update for the same open decisions keeps what the player has half chosen
        const pendingNow = JSON.stringify(message.view.pending);
        if (pendingNow !== state.pendingKey) { state.picks = {}; state.pendingKey = pendingNow; }
        state.game = message; state.sentFor = null; break;
      }
      case "chat": (state.chat[message.channel] ||= []).push(message); break;
      case "chat_history": state.chat = {};
        for (const line of message.messages) (state.chat[line.channel] ||= []).push(line);
        break;
      case "error": toast(message.message); state.sentFor = null; break;
      case "removed": toast(message.message); state.removed = true; break;
      case "narration": window.WolfNarration.enqueue(message.cues); return; // narration.js plays it
      default: return;
    }
    render();
  }

  // ---- screens inside a room ------------------------------------------------------------------
  function render() {
    if (!state.lobby) return;
    if (state.game && state.seat !== null) return show(...gameScreen());
    show(...lobbyScreen());
  }

  function lobbyScreen() {
    const lobby = state.lobby, isHost = state.me && lobby.host_id === state.me.id;
    const link = location.origin + lobby.link;
    const seats = lobby.seats.map((seat) => el("li", { className: seat.online ? "" : "offline" },
      el("span", {}, `${seat.seat + 1}. ${seat.name} `, seat.host ? el("span", { className: "badge" }, T.ui.host) : null,
        seat.bot ? el("span", { className: "badge" }, T.ui.bot) : null, seat.online ? null : el("span", { className: "badge" }, T.ui.offline)),
      isHost && !seat.host && lobby.status === "lobby"
        ? el("button", { className: "small secondary", onclick: () => send({ type: "kick", seat: seat.seat }) }, T.ui.remove) : null));
    const nodes = [el("section", {}, el("h1", {}, T.ui.lobby), el("div", { className: "code", "aria-label": T.ui.codeLabel }, lobby.code),
      el("p", { className: "link-text" }, el("a", { href: lobby.link, "aria-label": T.ui.linkLabel }, link)),
      el("img", { className: "qr", src: `/api/rooms/${encodeURIComponent(lobby.code)}/qr.svg`, alt: T.ui.qr, width: 160, height: 160 }),
      el("div", { className: "row" }, el("button", { className: "secondary",
        onclick: () => navigator.clipboard.writeText(link).then(() => toast(T.ui.copied), () => toast(link)) }, T.ui.copy)))];
    nodes.push(el("section", {}, el("h2", {}, `${T.ui.seats} (${lobby.seats.length}/${lobby.max_seats})`),
      el("ul", { className: "seats" }, seats),
      el("div", { className: "row" },
        state.seat === null && lobby.status === "lobby" ? el("button", { onclick: () => send({ type: "join" }) }, T.ui.takeSeat) : null,
        state.seat !== null && !isHost && lobby.status === "lobby" ? el("button", { className: "secondary", onclick: () => send({ type: "leave" }) }, T.ui.leaveSeat) : null,
        isHost ? el("button", { className: "secondary", onclick: () => send({ type: "add_bot" }) }, T.ui.addBot) : null,
        isHost ? el("button", { onclick: () => send({ type: "start" }) }, T.ui.start) : null),
      state.seat === null && lobby.status !== "lobby" ? el("p", { className: "hint" }, T.ui.watching) : null));
    nodes.push(settingsSection(lobby, isHost));
    nodes.push(window.WolfNarration.lobbyControls(lobby, isHost, send)); // narrator choice, Probehören
    nodes.push(chatSection({ lobby: true }));
    return nodes;
  }

  function settingsSection(lobby, isHost) {
    const s = lobby.settings;
    const rules = el("select", { id: "rules", disabled: !isHost },
      ...Object.entries(T.rules).map(([id, label]) => el("option", { value: id, selected: id === s.rules }, label)));
    const recommended = el("input", { type: "checkbox", id: "recommended", checked: s.recommended, disabled: !isHost });
    const custom = el("input", { id: "roles", disabled: !isHost, value: (s.roles || lobby.recommended_roles || []).join(", ") });
    const timers = Object.keys(T.timerNames).map((key) => [key, el("input", { type: "number", min: 5, id: "t-" + key,
      value: s.timers[key], disabled: !isHost })]);
    const meld = el("input", { type: "checkbox", id: "meld", checked: s.meldeliste, disabled: !isHost });
    const shown = (s.roles || lobby.recommended_roles || []).map((id) => R.roleName(state.roles, id)).join(", ");
    function save() {
      const message = { type: "settings", rules: rules.value, meldeliste: meld.checked,
        timers: Object.fromEntries(timers.map(([key, input]) => [key, Number(input.value)])) };
      if (recommended.checked) message.recommended = true;
      else message.roles = custom.value.split(",").map((x) => x.trim()).filter(Boolean);
      send(message);
    }
    return el("section", {}, el("h2", {}, T.ui.settings),
      el("label", { for: "rules" }, T.ui.rules), rules,
      el("label", {}, T.ui.rolesLabel), el("p", {}, shown || "–"),
      el("label", { for: "recommended" }, recommended, " ", T.ui.recommended),
      isHost ? [el("label", { for: "roles" }, T.ui.custom), custom] : null,
      el("label", {}, T.ui.timers),
      el("div", { className: "row" }, timers.map(([key, input]) => el("div", {}, el("label", { for: "t-" + key }, T.timerNames[key]), input))),
      el("label", { for: "meld" }, meld, " ", T.ui.meldeliste),
      isHost ? el("button", { className: "secondary", onclick: save }, T.ui.save) : null);
  }

  function gameScreen() {
    const message = state.game, view = message.view, names = view.players.map((p) => p.name);
    const over = view.result !== null;
    const nodes = [];
    const phase = over ? T.ui.over : `${view.phase === "night" ? T.ui.night : T.ui.day} ${view.round}`;
    const stepText = !over && view.step ? ` · ${T.steps[view.step] || view.step}` : "";
    nodes.push(el("section", { className: over ? "" : "phase-" + view.phase },
      el("h1", {}, phase + stepText), message.timer ? el("p", { className: "timer", "data-deadline": message.timer.deadline }, "") : null));
    if (over) nodes.push(endSection(view, names));
    else {
      nodes.push(roleCard(view));
      nodes.push(newsSection(view, names));
      if (view.phase === "day" && message.timer && (view.step === "discussion" || view.pending.some((r) => r.kind === "ready")))
        nodes.push(el("section", { className: "dial" }, window.Sundial.dial(message.timer.deadline, state.lobby.settings.timers.day, T.ui.sundial)));
      if (state.lobby.settings.meldeliste && view.phase === "day") nodes.push(speakersSection(view, names));
      nodes.push(decisionSection(view, names));
    }
    nodes.push(playersSection(view));
    nodes.push(chatSection(Object.fromEntries(message.channels.map((c) => [c.id, c]))));
    nodes.push(el("section", {}, el("h2", {}, over ? T.ui.wholeLog : T.ui.log), logList(view, names)));
    return nodes;
  }

  function roleCard(view) {
    const role = state.roles[view.you.role];
    const side = T.sides[view.you.side] || view.you.side;
    return el("section", {}, el("h3", {}, T.ui.yourRole),
      el("button", { className: "card", type: "button", "aria-expanded": state.showRole ? "true" : "false",
        onclick: () => { state.showRole = !state.showRole; render(); } },
        state.showRole ? [el("span", { className: "role" }, role ? role.name : view.you.role),
          el("span", { className: "side side-" + view.you.side }, `${T.ui.side}: ${side}`),
          el("span", { className: "description" }, role ? role.description : ""),
          el("span", { className: "hint" }, T.ui.tapToHide)]
          : el("span", {}, T.ui.tapToShow)),
      state.showRole ? el("p", { className: "hint" }, T.ui.roleHint) : null);
  }

  // The events of the current night or day: what the player has learnt since it began.
  function newsSection(view, names) {
    let start = 0;  // by night: since nightfall; by day: everything after the night's last step (the dawn)
    view.events.forEach((e, i) => {
      if (e.type === "night" || (e.type === "step" && view.phase === "day")) start = i + 1;
    });
    const lines = view.events.slice(start).filter((e) => e.type !== "step" && e.type !== "hand_raised" && e.type !== "speaker_done")
      .map((e) => R.describe(e, names, state.roles)).filter(Boolean);
    if (!lines.length) return null;
    return el("section", { className: "news", "aria-live": "polite" }, el("h2", {}, T.ui.news),
      el("ul", { className: "log" }, lines.map((line) => el("li", {}, line))));
  }

  // Meldeliste: today's list in the order hands were raised; the first has the word until he is done
  // (the host can pass the word on for a speaker who does not answer).
  function speakersSection(view, names) {
    const order = view.speakers || [];
    const waiting = order.includes(state.seat), speaker = order[0];
    const isHost = state.me && state.lobby.host_id === state.me.id;
    const open = view.step === "discussion" || view.step === "captain_election";
    const done = speaker === undefined || !open ? null
      : speaker === state.seat ? el("button", { type: "button", id: "done-speaking",
        onclick: () => send({ type: "decide", kind: "done_speaking", choice: true }) }, T.ui.doneSpeaking)
      : isHost ? el("button", { className: "secondary", type: "button", id: "pass-word",
        onclick: () => send({ type: "decide", kind: "done_speaking", choice: true, seat: speaker }) }, T.ui.passWord)
      : null;
    return el("section", { className: "speakers" }, el("h2", {}, T.ui.speakers),
      order.length ? [el("p", { className: "called" }, `${T.ui.speaking}: `, el("strong", {}, names[speaker])),
        el("ol", {}, order.map((s) => el("li", { className: s === speaker ? "current" : "" }, names[s])))]
        : el("p", { className: "hint" }, T.ui.noHands),
      done,
      view.you.alive && open ? el("button", { className: "secondary", type: "button", id: "raise-hand", disabled: waiting,
        onclick: () => send({ type: "decide", kind: "raise_hand", choice: true }) }, waiting ? T.ui.handRaised : T.ui.raiseHand) : null);
  }

  function decide(kind, choice) {
    if (state.sentFor === kind) return;
    state.sentFor = kind; state.picks = {};
    send({ type: "decide", kind, choice, seat: state.seat });
  }

  // A decision's form is built once and kept while the same request stays open, so an update caused
  // by somebody else (a bot's vote, a chat line) neither resets a half-filled form nor eats a click.
  const openForms = new Map();

  function decisionSection(view, names) {
    const still = new Map();
    const parts = view.pending.map((request) => {
      const key = JSON.stringify([request.kind, request.options]);
      const rebuild = () => { openForms.delete(key); render(); };
      const ctx = { names, roles: state.roles, picks: state.picks, decide, render: rebuild };
      const node = (state.sentFor !== request.kind && openForms.get(key)) || window.D.form(request, ctx);
      still.set(key, node);
      return node;
    });
    openForms.clear();
    for (const [key, node] of still) openForms.set(key, node);
    if (!view.pending.length) {
      if (!view.you.alive) parts.push(el("p", { className: "hint" }, T.ui.deadHint));
      else if (view.phase === "night") parts.push(el("div", { className: "sleep" }, el("h2", {}, T.ui.sleeping),
        el("p", { className: "hint" }, T.ui.sleepingHint)));
      else parts.push(el("p", { className: "hint" }, T.ui.dayWaiting));
    }
    return el("section", { className: "decisions" + (view.pending.length ? " active" : "") }, parts);
  }

  function playersSection(view) {
    return el("section", {}, el("h2", {}, T.ui.players), el("ul", { className: "players" }, view.players.map((p) =>
      el("li", {}, el("span", { className: p.alive ? "" : "dead" }, `${p.seat + 1}. ${p.name}`,
        p.seat === state.seat ? ` (${T.ui.you})` : ""),
        el("span", {}, p.captain ? el("span", { className: "badge" }, T.ui.captain) : null, " ",
          p.role ? el("span", { className: "badge" }, R.roleName(state.roles, p.role)) : null,
          p.alive ? null : el("span", { className: "badge" }, T.ui.dead))))));
  }

  function endSection(view, names) {
    const winners = view.result.winners.map((s) => names[s]);
    return el("section", {}, el("h1", {}, T.winners[view.result.winner] || view.result.winner),
      el("p", {}, `${T.ui.winner}: ${winners.join(", ") || T.ui.nobody}`),
      el("h2", {}, T.ui.allRoles),
      el("ul", { className: "players" }, view.players.map((p) => el("li", {}, el("span", { className: p.alive ? "" : "dead" }, p.name),
        el("span", {}, R.roleName(state.roles, p.role))))),
      state.me && state.lobby.host_id === state.me.id
        ? el("button", { className: "new-game", type: "button", onclick: () => send({ type: "new_game" }) }, T.ui.newGame) : null);
  }

  function logList(view, names) {
    const over = view.result !== null;  // at the end the true deaths are open: the public copies are left out
    const lines = view.events.filter((e) => !(over && e.type === "died"))
      .map((e) => R.describe(e, names, state.roles)).filter(Boolean);
    return el("ul", { className: over ? "log full" : "log" }, lines.reverse().map((line) => el("li", {}, line)));
  }

  function chatSection(channels) {
    const ids = channels.lobby ? ["lobby"] : Object.keys(channels);
    if (!ids.length) return null;
    if (!ids.includes(state.channel)) state.channel = ids[0];
    const current = state.channel, writable = channels.lobby ? true : channels[current].write;
    const input = el("input", { placeholder: T.ui.chatPlaceholder, maxlength: 500, disabled: !writable });
    const submit = () => { if (input.value.trim()) { send({ type: "chat", channel: current, text: input.value.trim() }); input.value = ""; } };
    input.addEventListener("keydown", (e) => { if (e.key === "Enter") submit(); });
    const lines = (state.chat[current] || []).map((m) => el("p", {}, el("b", {}, m.name + ": "), m.text));
    return el("section", {}, el("h2", {}, T.ui.chat),
      el("div", { className: "tabs" }, ids.map((id) => el("button", { className: id === current ? "active small" : "small",
        onclick: () => { state.channel = id; render(); } }, (channels[id] && channels[id].name) || "Vorraum"))),
      el("div", { className: "chatlines" }, lines),
      el("div", { className: "row" }, input, el("button", { className: "small", onclick: submit, disabled: !writable }, T.ui.send)));
  }

  // ---- routing --------------------------------------------------------------------------------
  function go(path) { history.pushState({}, "", path); route(); }

  async function route() {
    if (!state.me) {
      const me = await api("/api/me");
      if (me.ok) state.me = me.data.user;
    }
    document.getElementById("who").textContent = state.me ? state.me.name : "";
    document.getElementById("logout").hidden = !state.me;
    if (!state.me) return loginScreen();
    const match = location.pathname.match(/^\/r\/([A-Za-z0-9]+)$/);
    if (!match) { leaveRoom(); return homeScreen(); }
    if (state.code !== match[1].toUpperCase()) { leaveRoom(); connect(match[1].toUpperCase()); }
    render();
  }

  function leaveRoom() {
    const ws = state.ws;
    Object.assign(state, { code: null, ws: null, seat: null, lobby: null, game: null, chat: {}, joinTried: false });
    if (ws) ws.close();
  }

  setInterval(() => {
    for (const node of document.querySelectorAll("[data-deadline]")) {
      const left = Math.max(0, Math.round(Number(node.dataset.deadline) - Date.now() / 1000));
      node.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    }
    for (const dial of document.querySelectorAll("svg.sundial")) window.Sundial.update(dial);
  }, 500);

  document.getElementById("logout").addEventListener("click", async () => {
    await api("/api/logout", {}); state.me = null; leaveRoom(); go("/online");
  });
  window.addEventListener("popstate", route);
  api("/api/roles").then((r) => { if (r.ok) state.roles = r.data; route(); });
})();
