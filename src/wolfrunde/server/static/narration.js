"use strict";
// The narrator in the browser: plays the server's `narration` cues one after another, shows what is
// spoken as a caption, has a mute button and a volume slider. Also the lobby's narrator choice with
// "Probehören" and the roles' "Hörbeispiel" buttons. Used by the online client and the table modes.
//
//   WolfNarration.enqueue(message.cues)   // a `narration` message's cues, in order (see docs/protocol.md)
//   WolfNarration.setSpeaker(false)       // this device stays silent (captions only); true: it speaks
//   WolfNarration.clear()                 // forget what is queued (leaving a room, a new game)
//   WolfNarration.play(url)               // one clip now (previews, samples), Opus or MP3 as possible
//   WolfNarration.lobbyControls(lobby, isHost, send)  // <section>: narrator select, description, Probehören
//   WolfNarration.sampleButton(roleId, narratorId)    // <button> "Hörbeispiel" of a role
//   WolfNarration.rolePage(roleId, narratorId)        // <section>: role page texts with Hörbeispiel buttons
(function () {
  const STORE = "wolfrunde.narration";
  const GAP_MS = 400; // pause between two cues (the server counts it too)
  const MAX_QUEUE = 16; // a device that fell far behind drops the oldest cues
  const saved = (() => {
    try { return JSON.parse(localStorage.getItem(STORE) || "{}"); } catch (_) { return {}; }
  })();
  const state = {
    queue: [], playing: null, speaker: true, muted: !!saved.muted,
    volume: typeof saved.volume === "number" ? saved.volume : 0.9, blocked: false, timer: null,
    narrators: null, ui: null,
  };
  const probe = document.createElement("audio");
  const opus = probe.canPlayType('audio/ogg; codecs="opus"') !== "";
  const audio = new Audio();
  audio.preload = "auto";

  function save() {
    try { localStorage.setItem(STORE, JSON.stringify({ muted: state.muted, volume: state.volume })); } catch (_) { /* private mode */ }
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else if (key === "className") node.className = value;
      else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value);
    }
    for (const child of children.flat(Infinity)) {
      if (child !== null && child !== undefined && child !== false) node.append(child);
    }
    return node;
  }

  // ---- the bar: caption, mute, volume -------------------------------------------------------------
  function ui() {
    if (state.ui) return state.ui;
    const caption = el("p", { className: "narration-caption", role: "status", "aria-live": "polite" });
    const mute = el("button", { type: "button", className: "narration-mute secondary", onclick: toggleMute });
    const volume = el("input", { type: "range", min: "0", max: "1", step: "0.05", value: String(state.volume),
      "aria-label": "Lautstärke des Erzählers", oninput: (e) => setVolume(Number(e.target.value)) });
    const unlock = el("button", { type: "button", className: "narration-unlock", hidden: true, onclick: resume },
      "Erzähler einschalten");
    const bar = el("div", { className: "narration-bar", "aria-label": "Erzähler" }, caption, unlock, mute, volume);
    Object.assign(bar.style, { position: "fixed", left: "0", right: "0", bottom: "0", display: "flex",
      gap: "0.5em", alignItems: "center", padding: "0.4em 0.8em", background: "rgba(20,20,28,0.92)",
      color: "#f3efe6", zIndex: "50" });
    caption.style.cssText = "flex: 1 1 auto; margin: 0; min-width: 0; font-size: .9rem; line-height: 1.3; " +
      "display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden;";
    for (const control of [unlock, mute]) control.style.cssText = "flex: 0 0 auto; width: auto; margin: 0;";
    volume.style.cssText = "flex: 0 0 6em; width: 6em; margin: 0;";
    bar.hidden = true;
    document.body.append(bar);
    state.ui = { bar, caption, mute, volume, unlock };
    paintMute();
    return state.ui;
  }

  function paintMute() {
    if (!state.ui) return;
    state.ui.mute.textContent = state.muted ? "Ton an" : "Ton aus";
    state.ui.mute.setAttribute("aria-label", state.muted ? "Erzähler einschalten" : "Erzähler stumm schalten");
    state.ui.mute.setAttribute("aria-pressed", String(state.muted));
  }

  function toggleMute() { setMuted(!state.muted); }

  function setMuted(muted) {
    state.muted = !!muted; audio.muted = state.muted; save(); paintMute();
  }

  function setVolume(volume) {
    state.volume = Math.min(1, Math.max(0, volume)); audio.volume = state.volume; save();
    if (state.ui) state.ui.volume.value = String(state.volume);
  }

  // ---- the queue ----------------------------------------------------------------------------------
  function urlOf(cue) { return opus || !cue.mp3_url ? cue.url : cue.mp3_url; }

  function enqueue(cues) {
    if (!Array.isArray(cues) || cues.length === 0) return;
    state.queue.push(...cues);
    while (state.queue.length > MAX_QUEUE) state.queue.shift();
    show(true);
    if (!state.playing) next();
  }

  function next() {
    clearTimeout(state.timer);
    const cue = state.queue.shift();
    state.playing = cue || null;
    if (!cue) { state.timer = setTimeout(() => { if (!state.playing) ui().caption.textContent = ""; }, 4000); return; }
    ui().caption.textContent = cue.text;
    const fallback = () => { state.timer = setTimeout(finished, Math.max(1, cue.seconds || 2) * 1000); };
    if (!state.speaker || state.blocked) { fallback(); return; }
    audio.onended = finished;
    audio.onerror = () => {
      if (cue.mp3_url && audio.src.indexOf(cue.mp3_url) === -1 && !audio.dataset.retried) {
        audio.dataset.retried = "1"; audio.src = cue.mp3_url; audio.play().catch(fallback);
      } else fallback();
    };
    delete audio.dataset.retried;
    audio.src = urlOf(cue);
    audio.volume = state.volume; audio.muted = state.muted;
    audio.play().catch((error) => {
      if (error && error.name === "NotAllowedError") {
        state.blocked = true; ui().unlock.hidden = false; // the browser wants a tap first
      }
      fallback();
    });
  }

  function finished() {
    audio.onended = null; audio.onerror = null;
    state.playing = null;
    state.timer = setTimeout(next, GAP_MS);
  }

  function resume() {
    state.blocked = false; ui().unlock.hidden = true;
    audio.muted = true; // a silent play inside the tap unlocks sound; the next cue is heard
    audio.play().then(() => { if (!state.playing || audio.onended === null) audio.pause(); })
      .catch(() => {}).finally(() => { audio.muted = state.muted; });
  }

  function setSpeaker(speaker) {
    state.speaker = !!speaker;
    if (!state.speaker) audio.pause();
  }

  function clear() {
    state.queue = []; state.playing = null; clearTimeout(state.timer); audio.pause();
    if (state.ui) { state.ui.caption.textContent = ""; show(false); }
  }

  function show(visible) { // the bar must not cover the end of the page
    ui().bar.hidden = !visible;
    document.body.style.paddingBottom = visible ? `${ui().bar.offsetHeight + 8}px` : "";
  }

  function play(url) {
    const clip = new Audio(url + (opus ? "" : (url.includes("?") ? "&" : "?") + "format=mp3"));
    clip.volume = state.volume; clip.muted = state.muted;
    return clip.play().catch(() => {});
  }

  // ---- lobby: choosing the narrator ------------------------------------------------------------
  function narrators() {
    if (!state.narrators) {
      state.narrators = fetch("/api/voices").then((r) => r.json()).then((d) => d.narrators)
        .catch(() => { state.narrators = null; return []; });
    }
    return state.narrators;
  }

  function lobbyControls(lobby, isHost, send) {
    const current = (lobby.settings && lobby.settings.narrator) || "jutta";
    const select = el("select", { id: "narrator", disabled: !isHost || lobby.status !== "lobby",
      onchange: () => send({ type: "settings", narrator: select.value }) },
      el("option", { value: current }, current));
    const about = el("p", { className: "hint" });
    const listen = el("button", { type: "button", className: "secondary",
      onclick: () => play(`/api/voices/${encodeURIComponent(select.value)}/preview`) }, "Probehören");
    narrators().then((list) => {
      if (!list.length) return;
      select.replaceChildren(...list.map((n) => el("option", { value: n.id, selected: n.id === current }, n.name)));
      select.value = current;
      const describe = () => { const n = list.find((x) => x.id === select.value); about.textContent = n ? n.description : ""; };
      select.addEventListener("change", describe); describe();
    });
    return el("section", { className: "narrator-choice" }, el("h2", {}, "Erzähler"),
      el("label", { for: "narrator" }, "Wer erzählt: "), select, " ", listen, about);
  }

  // A narrator choice that needs no lobby (forms that open a table or room): label, select, Probehören.
  const NAMES = { jutta: "Jutta", leopold: "Leopold", konrad: "Konrad", mechthild: "Mechthild", hedda: "Hedda" };
  function picker(id, value, onchange) {
    const select = el("select", { id, onchange }, Object.entries(NAMES).map(([key, label]) =>
      el("option", { value: key, selected: key === value }, label)));
    const listen = el("button", { type: "button", className: "secondary", id: `${id}-preview`,
      onclick: () => play(`/api/voices/${encodeURIComponent(select.value)}/preview`) }, "Probehören");
    return { select, nodes: [el("label", { for: id }, "Erzähler"), select, listen] };
  }

  // ---- role pages --------------------------------------------------------------------------------
  function sampleButton(roleId, narratorId) {
    const narrator = narratorId || "jutta";
    const url = `/api/roles/${encodeURIComponent(roleId)}/sample?narrator=${encodeURIComponent(narrator)}`;
    return el("button", { type: "button", className: "secondary", onclick: () => play(url) }, "Hörbeispiel");
  }

  function rolePage(roleId, narratorId) {
    const section = el("section", { className: "role-page" }, el("p", { className: "hint" }, "Lädt …"));
    fetch(`/api/roles/${encodeURIComponent(roleId)}`).then((r) => r.json()).then((role) => {
      const page = role.page || {};
      section.replaceChildren(
        el("h2", {}, role.name), el("p", {}, page.summary || role.description),
        page.night ? el("p", {}, page.night) : null,
        sampleButton(roleId, narratorId),
        page.tips ? el("ul", {}, page.tips.map((tip) => el("li", {}, tip))) : null,
        page.questions ? page.questions.map((qa) => el("details", {}, el("summary", {}, qa.q), el("p", {}, qa.a))) : null);
    }).catch(() => section.replaceChildren(el("p", { className: "error" }, "Die Rollenseite lädt gerade nicht.")));
    return section;
  }

  window.WolfNarration = { enqueue, setSpeaker, clear, play, setMuted, setVolume, lobbyControls, picker,
    narratorNames: NAMES, sampleButton, rolePage };
})();
