// "It's your turn": when a decision waits, the page title says so, and a new one vibrates the phone and
// plays a short tone (where the browser allows it).
import { TEXT } from "../lib/texts.js";

const TITLE = document.title;
let audio = null;

export function signalTurn(asked, newly = false) {
  document.title = asked ? `${TEXT.online.ui.yourTurnTitle} – ${TITLE}` : TITLE;
  // the browser lets a page vibrate and sound only after the player touched it (not right after a reload)
  if (!newly || navigator.userActivation?.hasBeenActive === false) return;
  if (navigator.vibrate) navigator.vibrate([120, 60, 120]);
  tone();
}

function tone() {
  try {
    audio ||= new AudioContext();
    if (audio.state === "suspended") audio.resume();
    const oscillator = audio.createOscillator(), gain = audio.createGain();
    oscillator.frequency.value = 660;
    gain.gain.setValueAtTime(0.12, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + 0.25);
  } catch { /* no sound on this device: the title and the vibration remain */ }
}
