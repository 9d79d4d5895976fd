// The screen stays awake while a game runs (Screen Wake Lock API): a phone that dims and locks in the
// middle of the night would miss its turn. The browser drops the lock whenever the page is hidden, so it
// is asked for again when the page is visible again. Where the API is missing or refuses, nothing
// happens: the game goes on as before.
let wanted = false, sentinel = null, asking = false;

export function keepAwake(on) {
  wanted = Boolean(on);
  if (wanted) acquire();
  else release();
}

async function acquire() {
  if (!wanted || sentinel || asking || !navigator.wakeLock || document.visibilityState !== "visible") return;
  asking = true;
  try {
    const lock = await navigator.wakeLock.request("screen");
    lock.addEventListener("release", () => { if (sentinel === lock) sentinel = null; });
    sentinel = lock;
    if (!wanted) release(); // the game ended while the browser was answering
  } catch {
    sentinel = null; // refused (battery saver, no user gesture yet, not allowed): the screen may dim
  } finally {
    asking = false;
  }
}

function release() {
  const lock = sentinel;
  sentinel = null;
  if (lock) lock.release().catch(() => {});
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") acquire();
});
