// Push-to-talk voice in the online round (docs/voice.md, docs/protocol.md "Voice chat").
//
// The server sends this seat its plan (`voice`): the seats it keeps a connection with (`peers`, every
// other person at the table, from the start to the end of the game), whom it may speak to now (`send`)
// and whom it may hear now (`hear`). Audio goes browser to browser (WebRTC, audio only); the room's
// socket only carries the offers, answers and ICE candidates (`voice_offer`, `voice_answer`,
// `voice_ice`). Of each pair the lower seat offers; a new offer (new `session`) replaces the old
// connection, so a reloaded page or a lost line simply connects anew.
//
// Holding the Sprechtaste puts the microphone on the connections to the seats in `send` and on no
// other; releasing it takes it off all of them (no renegotiation: who may hear changes nothing on the
// wire but whether packets flow). Incoming sound of a seat outside `hear` is muted here, whatever
// the other browser sends.
//
//   room.js:  onMessage: withVoice(receive, () => state.socket)
import { el, mount } from "../lib/dom.js";
import { TEXT } from "../lib/texts.js";

const T = TEXT.voice;

const MAX_SDP = 3500;            // the server's limit for a session description
const GATHER_MS = 2500;          // how long an offer or answer waits for its ICE candidates
const SIGNAL_RATE = 5;           // signaling messages per second at most (the room allows 8) …
const SIGNAL_BURST = 15;         // … after a burst of this many
const RESTART_MS = 2000;         // a failed connection is tried again after this long
const SPEAKING_LEVEL = 0.02;     // an incoming audio level above this counts as speaking

export function withVoice(receive, socketOf) {
  const voice = createVoice(socketOf);
  return (message) => {
    if (voice.handle(message)) return;
    receive(message);
  };
}

function createVoice(socketOf) {
  let socket = null;            // the room socket this voice belongs to
  let plan = null;              // the last `voice` message
  let names = [];               // seat → name, from the lobby
  let online = [];              // seat → connected, from the lobby
  const peers = new Map();      // seat → { pc, session, remote, sender, audio, candidates }
  const prefs = new Map();      // seat → { volume, muted } the player chose
  let mic = null;               // the microphone track, once allowed
  let micState = "ask";         // ask | asking | granted | denied | missing
  let talking = false;
  let planAt = null;            // performance.now() of the first plan of this game (for the figures)
  let root = null;
  let watch = null;
  const outbox = [];
  let tokens = SIGNAL_BURST, lastRefill = Date.now(), pump = null;

  // --- messages --------------------------------------------------------------------------------
  function handle(message) {
    switch (message.type) {
      case "voice": onPlan(message); return true;
      case "voice_offer": onOffer(message); return true;
      case "voice_answer": onAnswer(message); return true;
      case "voice_ice": onIce(message); return true;
      case "voice_renew": onRenew(message); return true;
      case "lobby": onLobby(message); return false;
      default: return false;
    }
  }

  function onLobby(lobby) {
    names = lobby.seats.map((seat) => seat.name);
    const before = online;
    online = lobby.seats.map((seat) => seat.online);
    if (lobby.status === "lobby") { stop(); return; }
    if (!plan) return;
    for (const seat of plan.peers) {
      // a peer that came back gets a fresh connection from the lower seat of the two
      if (online[seat] && before[seat] === false && plan.seat < seat) connect(seat);
    }
    render();
  }

  function onPlan(message) {
    if (typeof RTCPeerConnection === "undefined") { plan = message; render(); return; }
    const current = socketOf();
    if (socket !== current) { stop(); socket = current; }
    plan = message;
    if (planAt === null) planAt = performance.now();
    start();
    for (const [seat, peer] of peers) if (!plan.peers.includes(seat)) closePeer(seat, peer);
    for (const seat of plan.peers) {
      if (!peers.has(seat) && plan.seat < seat && online[seat] !== false) connect(seat);
    }
    applyPlan();
    render();
  }

  // another device of that seat opened (a second tab, a reload): offer to it anew
  function onRenew(message) {
    if (plan && plan.seat < message.seat && plan.peers.includes(message.seat)) connect(message.seat);
  }

  // --- connections -----------------------------------------------------------------------------
  // The offerer adds the one audio transceiver; the answerer takes the one the offer creates (a
  // transceiver added before would get an m-line of its own and never carry anything).
  function newPeer(seat, offerer) {
    const old = peers.get(seat);
    if (old) closePeer(seat, old);
    const pc = new RTCPeerConnection({
      iceServers: plan.ice_servers || [],
      iceTransportPolicy: plan.relay_only ? "relay" : "all",
    });
    const sender = offerer ? pc.addTransceiver("audio", { direction: "sendrecv" }).sender : null;
    const audio = el("audio", { autoplay: true });
    audio.muted = true;
    const peer = { pc, session: sessionId(), remote: null, sender, audio, candidates: [], described: false };
    pc.addEventListener("track", (event) => {
      audio.srcObject = event.streams[0] || new MediaStream([event.track]);
      applyIncoming(seat, peer);
      audio.play().catch(() => {});
    });
    pc.addEventListener("icecandidate", (event) => {
      // candidates found after the description went out follow one by one
      if (!peer.described) return;
      const c = event.candidate;
      signal({ type: "voice_ice", to: seat, session: peer.session, candidate: c ? c.candidate : "",
        mid: c ? c.sdpMid : null, mline: c ? c.sdpMLineIndex : null });
    });
    pc.addEventListener("connectionstatechange", () => {
      if (pc.connectionState === "connected" && peer.connectedAfter === undefined && planAt !== null) {
        peer.connectedAfter = performance.now() - planAt;
      }
      if (pc.connectionState === "failed" && plan && plan.seat < seat) {
        setTimeout(() => { if (peers.get(seat) === peer) connect(seat); }, RESTART_MS);
      }
      render();
    });
    peers.set(seat, peer);
    return peer;
  }

  async function connect(seat) {
    const peer = newPeer(seat, true);
    try {
      await peer.pc.setLocalDescription(await peer.pc.createOffer());
      const sdp = await described(peer);
      if (peers.get(seat) !== peer) return;
      signal({ type: "voice_offer", to: seat, session: peer.session, sdp });
      flushCandidates(seat, peer);
    } catch (error) {
      console.warn("voice: offer failed", seat, error);
    }
  }

  async function onOffer(message) {
    const seat = message.from;
    if (!plan || !plan.peers.includes(seat) || seat > plan.seat) return; // of each pair the lower seat offers
    const known = peers.get(seat);
    if (known && known.remote === message.session) return;
    const peer = newPeer(seat, false);
    peer.remote = message.session;
    try {
      await peer.pc.setRemoteDescription({ type: "offer", sdp: message.sdp });
      const transceiver = peer.pc.getTransceivers()[0];
      transceiver.direction = "sendrecv";
      peer.sender = transceiver.sender;
      applyOutgoing(seat, peer);
      await addCandidates(peer);
      await peer.pc.setLocalDescription(await peer.pc.createAnswer());
      const sdp = await described(peer);
      if (peers.get(seat) !== peer) return;
      signal({ type: "voice_answer", to: seat, session: peer.session, answers: message.session, sdp });
      flushCandidates(seat, peer);
    } catch (error) {
      console.warn("voice: answer failed", seat, error);
    }
  }

  async function onAnswer(message) {
    const peer = peers.get(message.from);
    if (!peer || peer.session !== message.answers || peer.pc.signalingState !== "have-local-offer") return;
    peer.remote = message.session;
    try {
      await peer.pc.setRemoteDescription({ type: "answer", sdp: message.sdp });
      await addCandidates(peer);
    } catch (error) {
      console.warn("voice: answer refused", message.from, error);
    }
  }

  async function onIce(message) {
    const peer = peers.get(message.from);
    if (!peer) return;
    peer.candidates.push(message);
    await addCandidates(peer);
  }

  // Candidates of the peer's current session, once its description is set; others wait or are dropped.
  async function addCandidates(peer) {
    if (!peer.pc.remoteDescription || !peer.remote) return;
    const waiting = peer.candidates;
    peer.candidates = [];
    for (const c of waiting) {
      if (c.session !== peer.remote) continue;
      try {
        await peer.pc.addIceCandidate(c.candidate
          ? { candidate: c.candidate, sdpMid: c.mid, sdpMLineIndex: c.mline } : null);
      } catch (error) {
        console.warn("voice: candidate refused", error);
      }
    }
  }

  // The local description once its candidates are gathered (or after GATHER_MS); a description too
  // long for the server goes without its candidate lines, which then follow as `voice_ice`.
  async function described(peer) {
    const pc = peer.pc;
    if (pc.iceGatheringState !== "complete") {
      await new Promise((resolve) => {
        const done = () => { if (pc.iceGatheringState === "complete") finish(); };
        const finish = () => { pc.removeEventListener("icegatheringstatechange", done); clearTimeout(timer); resolve(); };
        const timer = setTimeout(finish, GATHER_MS);
        pc.addEventListener("icegatheringstatechange", done);
      });
    }
    let sdp = pc.localDescription.sdp;
    peer.late = [];
    if (sdp.length > MAX_SDP) {
      const lines = sdp.split("\r\n");
      peer.late = lines.filter((line) => line.startsWith("a=candidate:")).map((line) => line.slice(2));
      sdp = lines.filter((line) => !line.startsWith("a=candidate:")).join("\r\n");
    }
    peer.described = true;
    return sdp;
  }

  function flushCandidates(seat, peer) {
    for (const candidate of peer.late || []) {
      signal({ type: "voice_ice", to: seat, session: peer.session, candidate, mid: "0", mline: 0 });
    }
    peer.late = [];
  }

  function closePeer(seat, peer) {
    peer.pc.close();
    peer.audio.srcObject = null;
    if (peers.get(seat) === peer) peers.delete(seat);
  }

  // --- who hears whom --------------------------------------------------------------------------
  function applyPlan() {
    for (const [seat, peer] of peers) {
      applyOutgoing(seat, peer);
      applyIncoming(seat, peer);
    }
  }

  function applyOutgoing(seat, peer) {
    if (!peer.sender) return;
    const on = talking && mic && plan && plan.send.includes(seat);
    const track = on ? mic : null;
    if (peer.sender.track !== track) peer.sender.replaceTrack(track).catch(() => {});
  }

  function applyIncoming(seat, peer) {
    const pref = prefs.get(seat) || { volume: 1, muted: false };
    peer.audio.muted = !plan || !plan.hear.includes(seat) || pref.muted;
    peer.audio.volume = pref.volume;
  }

  function setTalking(on) {
    if (on === talking) return;
    if (on && !mic) { askMic(); return; }
    talking = on;
    applyPlan();
    renderKey();
  }

  async function askMic() {
    if (micState === "asking" || micState === "granted") return;
    micState = "asking";
    render();
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
      mic = stream.getAudioTracks()[0];
      micState = "granted";
    } catch (error) {
      micState = error && error.name === "NotFoundError" ? "missing" : "denied";
    }
    for (const peer of peers.values()) peer.audio.play().catch(() => {}); // a click lets sound play
    render();
  }

  // --- signaling, paced below the room's rate limit ------------------------------------------------
  function signal(message) {
    outbox.push(message);
    drain();
  }

  function drain() {
    const now = Date.now();
    tokens = Math.min(SIGNAL_BURST, tokens + ((now - lastRefill) / 1000) * SIGNAL_RATE);
    lastRefill = now;
    while (outbox.length && tokens >= 1) {
      tokens -= 1;
      const s = socketOf();
      if (s) s.send(outbox.shift()); else outbox.shift();
    }
    if (outbox.length && !pump) pump = setTimeout(() => { pump = null; drain(); }, 1000 / SIGNAL_RATE);
  }

  // --- life cycle ------------------------------------------------------------------------------
  function start() {
    if (!root) {
      ensureStyle();
      root = el("aside", { id: "voice", class: "voice", "aria-label": T.title });
      // on a phone it stands above the game, below the page's header, in the page's flow (voice.css)
      const main = document.getElementById("main");
      if (main) main.before(root); else document.body.prepend(root);
      document.addEventListener("keydown", onKey);
      document.addEventListener("keyup", onKey);
      window.addEventListener("blur", release);
    }
    if (!watch) {
      // the page left the room (or opened another): everything of this voice ends
      watch = setInterval(() => {
        const s = socketOf();
        if (!s || s !== socket || s.stopped) stop();
        else renderSpeaking();
      }, 300);
    }
  }

  function stop() {
    for (const [seat, peer] of peers) closePeer(seat, peer);
    peers.clear();
    plan = null;
    planAt = null;
    talking = false;
    outbox.length = 0;
    clearInterval(watch);
    watch = null;
    if (mic) { mic.stop(); mic = null; micState = "ask"; }
    if (root) {
      root.remove();
      root = null;
      parts = null;
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("keyup", onKey);
      window.removeEventListener("blur", release);
    }
  }

  function release() { setTalking(false); }

  function onKey(event) {
    if (event.code !== "Space" || !plan) return;
    const target = event.target;
    if (target && target.closest && target.closest("input, textarea, select, [contenteditable], button:not(.voice-key)")) return;
    event.preventDefault();
    if (event.type === "keydown" && !event.repeat) setTalking(true);
    else if (event.type === "keyup") setTalking(false);
  }

  // --- the panel: built once per game, updated in place (a held key must survive every update) ---
  let parts = null;
  let listKey = "";

  function build() {
    const key = el("button", {
      class: "voice-key", "aria-pressed": "false", "aria-describedby": "voice-key-hint",
      onpointerdown: (event) => { event.preventDefault(); key.setPointerCapture?.(event.pointerId); setTalking(true); },
      onpointerup: release, onpointercancel: release, onlostpointercapture: release,
      oncontextmenu: (event) => event.preventDefault(),
      onkeydown: (event) => { if ((event.code === "Space" || event.code === "Enter") && !event.repeat) { event.preventDefault(); setTalking(true); } },
      onkeyup: (event) => { if (event.code === "Space" || event.code === "Enter") { event.preventDefault(); setTalking(false); } },
    }, T.key);
    parts = {
      mic: el("div", { class: "voice-mic" }),
      key,
      state: el("span", { id: "voice-key-hint", class: "voice-state" }),
      speaking: el("p", { class: "voice-speaking", "aria-live": "polite" }),
      list: el("ul", { class: "voice-peers" }),
    };
    listKey = "";
    mount(root, el("h2", { class: "voice-title" }, T.title), parts.mic,
      el("div", { class: "voice-keyrow" }, key, parts.state), parts.speaking,
      el("details", { class: "voice-mixer" }, el("summary", {}, T.mixer), parts.list));
  }

  function render() {
    if (!root) return;
    if (!plan) { mount(root); parts = null; return; }
    if (typeof RTCPeerConnection === "undefined") { mount(root, el("p", { class: "voice-note" }, T.noWebRTC)); parts = null; return; }
    if (!parts) build();
    mount(parts.mic, {
      ask: [el("p", {}, T.micWhy), el("button", { class: "secondary small voice-mic-ask", onclick: askMic }, T.micAsk)],
      asking: el("p", {}, T.micWhy),
      denied: el("p", { class: "voice-warn", role: "alert" }, T.micDenied),
      missing: el("p", { class: "voice-warn", role: "alert" }, T.micMissing),
      granted: null,
    }[micState]);
    parts.mic.hidden = micState === "granted";
    const wanted = JSON.stringify([plan.peers, plan.peers.map((seat) => names[seat])]);
    if (wanted !== listKey) {
      listKey = wanted;
      mount(parts.list, plan.peers.map((seat) => peerRow(seat)));
    }
    renderKey();
    renderSpeaking();
  }

  function peerRow(seat) {
    const name = names[seat] || T.seat(seat);
    const pref = prefs.get(seat) || { volume: 1, muted: false };
    const slider = el("input", { type: "range", min: "0", max: "1", step: "0.05", value: String(pref.volume),
      "aria-label": T.volume(name), class: "voice-volume",
      oninput: (event) => { choose(seat, { volume: Number(event.target.value) }); } });
    const mute = el("button", { class: "secondary small voice-mute", "aria-pressed": String(pref.muted),
      "aria-label": T.muted(name) }, pref.muted ? T.unmute : T.mute);
    mute.addEventListener("click", () => {
      const muted = !(prefs.get(seat) || {}).muted;
      choose(seat, { muted });
      mute.setAttribute("aria-pressed", String(muted));
      mute.textContent = muted ? T.unmute : T.mute;
    });
    return el("li", { class: "voice-peer", dataset: { seat } },
      el("span", { class: "voice-name" }, name),
      el("span", { class: "voice-status" }, ""),
      slider, mute);
  }

  function choose(seat, change) {
    prefs.set(seat, { volume: 1, muted: false, ...(prefs.get(seat) || {}), ...change });
    const peer = peers.get(seat);
    if (peer) applyIncoming(seat, peer);
  }

  function renderKey() {
    if (!parts || !plan) return;
    const { key, state } = parts;
    const live = talking && mic && plan.send.length > 0;
    key.classList.toggle("live", Boolean(live));
    key.setAttribute("aria-pressed", String(Boolean(talking)));
    key.disabled = micState === "denied" || micState === "missing";
    root.classList.toggle("voice-live", Boolean(live));
    state.textContent = live ? T.live : plan.send.length === 0 ? T.nobody : T.keyHint;
  }

  // Who speaks now (what this seat may hear), and each peer's line state.
  function renderSpeaking() {
    if (!parts || !plan) return;
    const speaking = [];
    for (const row of root.querySelectorAll(".voice-peer")) {
      const seat = Number(row.dataset.seat);
      const peer = peers.get(seat);
      const talks = Boolean(peer) && plan.hear.includes(seat) && level(peer) > SPEAKING_LEVEL;
      if (talks) speaking.push(names[seat] || T.seat(seat));
      row.classList.toggle("speaking", talks);
      const state = peer ? peer.pc.connectionState : "new";
      const status = row.querySelector(".voice-status");
      const text = talks ? T.speaking
        : state === "failed" || (!peer && online[seat] === false) ? T.unreachable
          : state !== "connected" ? T.connecting
            : plan.hear.includes(seat) ? "" : T.silentNow;
      if (status.textContent !== text) status.textContent = text;
    }
    const text = speaking.length ? T.speakingNow(TEXT.list(speaking), speaking.length) : T.nobodySpeaks;
    if (parts.speaking.textContent !== text) parts.speaking.textContent = text;
  }

  function level(peer) {
    const receiver = peer.pc.getReceivers()[0];
    if (!receiver || !receiver.getSynchronizationSources) return 0;
    const now = performance.now();
    let best = 0;
    for (const source of receiver.getSynchronizationSources()) {
      if (now - source.timestamp < 500) best = Math.max(best, source.audioLevel || 0);
    }
    return best;
  }

  // Figures for diagnostics and the browser tests: per peer, what arrived and what left.
  async function stats() {
    const result = {};
    for (const [seat, peer] of peers) {
      const entry = { state: peer.pc.connectionState, inPackets: 0, inEnergy: 0, outPackets: 0, localType: null,
        muted: peer.audio.muted, sending: Boolean(peer.sender && peer.sender.track), rtt: null, audioRtt: null, jitterDelay: null,
        connectedAfter: peer.connectedAfter ?? null };
      const report = await peer.pc.getStats();
      let pairId = null;
      report.forEach((s) => {
        if (s.type === "inbound-rtp" && s.kind === "audio") {
          entry.inPackets += s.packetsReceived || 0;
          entry.inEnergy += s.totalAudioEnergy || 0;
          if (s.jitterBufferEmittedCount) entry.jitterDelay = s.jitterBufferDelay / s.jitterBufferEmittedCount;
        }
        if (s.type === "remote-inbound-rtp" && s.kind === "audio" && s.roundTripTime !== undefined) entry.audioRtt = s.roundTripTime;
        if (s.type === "outbound-rtp" && s.kind === "audio") entry.outPackets += s.packetsSent || 0;
        if (s.type === "transport" && s.selectedCandidatePairId) pairId = s.selectedCandidatePairId;
      });
      const pair = pairId && report.get(pairId);
      if (pair) {
        entry.rtt = pair.currentRoundTripTime ?? null;
        const local = report.get(pair.localCandidateId);
        entry.localType = local ? local.candidateType : null;
      }
      result[seat] = entry;
    }
    return result;
  }

  window.wolfrundeVoice = { stats, get plan() { return plan; }, get talking() { return talking; } };
  return { handle };
}

function sessionId() {
  const bytes = crypto.getRandomValues(new Uint8Array(9));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function ensureStyle() {
  if (document.querySelector("link[data-voice]")) return;
  document.head.append(el("link", { rel: "stylesheet", href: "/static/online/voice.css", dataset: { voice: "1" } }));
}
