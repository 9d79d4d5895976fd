// The Sonnenuhr: a dial whose lit arc shrinks as the discussion time runs out, with the time left in it.
import { whileShown, clockText, secondsLeft } from "./clock.js";
import { svg } from "./dom.js";
import { TEXT } from "./texts.js";

const RADIUS = 42;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

// deadline: epoch seconds (server time, see clock.js); total: the whole discussion in seconds.
export function sundial(deadline, total) {
  const arc = svg("circle", { cx: 50, cy: 50, r: RADIUS, class: "sundial-arc", transform: "rotate(-90 50 50)",
    "stroke-dasharray": CIRCUMFERENCE.toFixed(2) });
  const text = svg("text", { x: 50, y: 56, "text-anchor": "middle", class: "sundial-text" });
  const dial = svg("svg", { viewBox: "0 0 100 100", class: "sundial", role: "img" },
    svg("circle", { cx: 50, cy: 50, r: RADIUS, class: "sundial-face" }), arc, text);
  return whileShown(dial, () => {
    // the deadline counts from the end of the narrator's speech: until then the dial shows the whole time
    const left = total > 0 ? Math.min(total, secondsLeft(deadline)) : secondsLeft(deadline);
    const share = total > 0 ? Math.min(1, left / total) : 0; // never more than the full circle
    arc.setAttribute("stroke-dashoffset", (CIRCUMFERENCE * (1 - share)).toFixed(2));
    text.textContent = clockText(left);
    dial.setAttribute("aria-label", TEXT.sundial.label(left));
  });
}
