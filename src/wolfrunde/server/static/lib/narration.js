// The narrator in the browser, for every page: plays the server's narrator cues one after another,
// shows what is spoken as a caption in a bar with a mute button and a volume slider, and remembers
// mute and volume on the device.
//
//   enqueue(cues)            // cues in order: { text, url, mp3_url?, seconds? } (docs/protocol.md)
//   enqueueNew(cues, key)    // the same, but each numbered cue (`id`) only once per key, across reloads
//                            // (cues all below the last played: a new game numbering afresh, played)
//   setSpeaker(false)        // this device stays silent (captions only, in the cues' time); true: it speaks
//   clear()                  // forget what is queued (leaving a room)
//   play(url)                // one clip now (Probehören, Hörbeispiel), Opus or MP3 as the browser can
import { el } from "./dom.js";
import { loadJSON, saveJSON } from "./store.js";
import { TEXT } from "./texts.js";

const STORE = "wolfrunde.narration";
const GAP_MS = 400; // pause between two cues (the server counts it too)
const MAX_QUEUE = 16; // a device that fell far behind drops the oldest cues
const CAPTION_STAYS_MS = 4000;

const saved = loadJSON(STORE, {}) || {};
const state = {
  queue: [], playing: null, speaker: true, muted: Boolean(saved.muted),
  volume: typeof saved.volume === "number" ? saved.volume : 0.9, blocked: false, timer: null, bar: null,
};
const opus = document.createElement("audio").canPlayType('audio/ogg; codecs="opus"') !== "";
const audio = new Audio();
audio.preload = "auto";

// ---- the bar: caption, unlock, mute, volume ------------------------------------------------------
function bar() {
  if (state.bar) return state.bar;
  const caption = el("p", { class: "narration-caption", role: "status", "aria-live": "polite" });
  const mute = el("button", { class: "narration-mute secondary", onclick: () => setMuted(!state.muted) });
  const volume = el("input", { type: "range", min: "0", max: "1", step: "0.05", value: String(state.volume),
    "aria-label": TEXT.narration.volume, oninput: (event) => setVolume(Number(event.target.value)) });
  const unlock = el("button", { class: "narration-unlock", hidden: true, onclick: resume }, TEXT.narration.unlock);
  const node = el("div", { class: "narration-bar", role: "region", "aria-label": TEXT.narration.bar, hidden: true },
    caption, unlock, mute, volume);
  document.body.append(node);
  state.bar = { node, caption, mute, volume, unlock };
  paintMute();
  paintControls();
  return state.bar;
}

// A device that stays silent shows the captions only: its sound buttons would do nothing.
function paintControls() {
  if (!state.bar) return;
  state.bar.mute.hidden = !state.speaker;
  state.bar.volume.hidden = !state.speaker;
}

function paintMute() {
  if (!state.bar) return;
  const { mute } = state.bar;
  mute.textContent = state.muted ? TEXT.narration.soundOn : TEXT.narration.soundOff;
  mute.setAttribute("aria-label", state.muted ? TEXT.narration.unmute : TEXT.narration.mute);
  mute.setAttribute("aria-pressed", String(state.muted));
}

function remember() {
  saveJSON(STORE, { muted: state.muted, volume: state.volume });
}

export function setMuted(muted) {
  state.muted = Boolean(muted);
  audio.muted = state.muted;
  remember();
  paintMute();
}

export function setVolume(volume) {
  state.volume = Math.min(1, Math.max(0, volume));
  audio.volume = state.volume;
  remember();
  if (state.bar) state.bar.volume.value = String(state.volume);
}

function showBar(visible) { // the fixed bar must not cover the end of the page
  const { node } = bar();
  node.hidden = !visible;
  document.body.style.paddingBottom = visible ? `${node.offsetHeight + 8}px` : "";
}

// ---- the queue ------------------------------------------------------------------------------------
export function enqueue(cues) {
  if (!Array.isArray(cues) || cues.length === 0) return;
  state.queue.push(...cues);
  while (state.queue.length > MAX_QUEUE) state.queue.shift();
  showBar(true);
  if (!state.playing) next();
}

// Plays only the cues whose `id` is above the last one played under this key (kept in localStorage),
// so a screen that is drawn again, or a reloaded page, does not tell the same thing twice.
export function enqueueNew(cues, key) {
  if (!Array.isArray(cues) || cues.length === 0) return [];
  const last = Number(loadJSON(key, -1));
  // every cue offered lies below the last one played: a new game in the same room numbers afresh
  const restarted = cues.every((cue) => cue.id < last);
  const fresh = restarted ? cues : cues.filter((cue) => cue.id > last);
  if (!fresh.length) return fresh;
  saveJSON(key, fresh[fresh.length - 1].id);
  enqueue(fresh);
  return fresh;
}

function urlOf(cue) {
  return opus || !cue.mp3_url ? cue.url : cue.mp3_url;
}

function next() {
  clearTimeout(state.timer);
  const cue = state.queue.shift();
  state.playing = cue || null;
  const { caption } = bar();
  if (!cue) {
    state.timer = setTimeout(() => { if (!state.playing) caption.textContent = ""; }, CAPTION_STAYS_MS);
    return;
  }
  caption.textContent = cue.text;
  const silently = () => { state.timer = setTimeout(finished, Math.max(1, cue.seconds || 2) * 1000); };
  if (!state.speaker || state.blocked || !urlOf(cue)) { silently(); return; }
  audio.onended = finished;
  audio.onerror = () => {
    if (cue.mp3_url && !audio.src.includes(cue.mp3_url) && !audio.dataset.retried) {
      audio.dataset.retried = "1";
      audio.src = cue.mp3_url;
      audio.play().catch(silently);
    } else silently();
  };
  delete audio.dataset.retried;
  audio.src = urlOf(cue);
  audio.volume = state.volume;
  audio.muted = state.muted;
  audio.play().catch((error) => {
    if (error && error.name === "NotAllowedError") { // the browser wants a tap first
      state.blocked = true;
      bar().unlock.hidden = false;
    }
    silently();
  });
}

function finished() {
  audio.onended = null;
  audio.onerror = null;
  state.playing = null;
  state.timer = setTimeout(next, GAP_MS);
}

function resume() {
  state.blocked = false;
  bar().unlock.hidden = true;
  audio.muted = true; // a silent play inside the tap unlocks sound; the next cue is heard
  audio.play().then(() => { if (!state.playing || audio.onended === null) audio.pause(); })
    .catch(() => {}).finally(() => { audio.muted = state.muted; });
}

export function setSpeaker(speaker) {
  state.speaker = Boolean(speaker);
  if (!state.speaker) audio.pause();
  paintControls();
}

export function clear() {
  state.queue = [];
  state.playing = null;
  clearTimeout(state.timer);
  audio.pause();
  if (state.bar) { state.bar.caption.textContent = ""; showBar(false); }
}

export function play(url) {
  const clip = new Audio(url + (opus ? "" : `${url.includes("?") ? "&" : "?"}format=mp3`));
  clip.volume = state.volume;
  clip.muted = state.muted;
  return clip.play().catch(() => {});
}
