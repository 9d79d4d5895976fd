// One short message at a time at the edge of the screen: toast("Link kopiert.", "success").
// Levels: "info" (the default), "success" and "error", each with its own colour (lib.css).
import { el } from "./dom.js";

export const LEVELS = ["info", "success", "error"];
export const SHOWN_MS = 4000;

let timer = null;

export function toast(text, level = "info") {
  let box = document.getElementById("toast");
  if (!box) {
    box = el("div", { id: "toast", role: "status", "aria-live": "polite", hidden: true });
    document.body.append(box);
  }
  box.textContent = text;
  box.dataset.level = LEVELS.includes(level) ? level : "info";
  box.hidden = false;
  clearTimeout(timer);
  timer = setTimeout(() => { box.hidden = true; }, SHOWN_MS);
  return box;
}

// Takes an open toast away at once, e.g. before a shared device goes to the next person.
export function dismissToast() {
  clearTimeout(timer);
  const box = document.getElementById("toast");
  if (box) box.hidden = true;
}
