// The narrator. On the speaking device the cues go to the shared narrator (/static/narration.js,
// window.WolfNarration: audio queue, caption bar, mute and volume) when it is loaded. Every other device
// shows the latest cue as a caption at once; without the shared narrator this module also plays the audio.
const queue = [];
let playing = false;
let enabled = true;

export function shared() { return window.WolfNarration || null; }
export function speakerUsesShared(speaker) { return Boolean(speaker && shared()); }
export function setSound(on) { enabled = on; if (!on) queue.length = 0; }
export function soundOn() { return enabled; }

export function narrate(cue, showCaption) {
  const narrator = shared();
  if (narrator && cue.speak) {
    narrator.setSpeaker(true);
    narrator.enqueue([{ url: cue.audio, text: cue.text, seconds: cue.text.length / 13 + 0.3 }]);
    return;
  }
  showCaption(cue.text);
  if (!cue.speak || !enabled || !cue.audio) return;
  queue.push(cue.audio);
  if (!playing) playNext();
}

function playNext() {
  const url = queue.shift();
  if (!url) { playing = false; return; }
  playing = true;
  const audio = new Audio(url);
  const done = () => { audio.onended = audio.onerror = null; playNext(); };
  audio.onended = done;
  audio.onerror = done;
  audio.play().catch(done);
}
