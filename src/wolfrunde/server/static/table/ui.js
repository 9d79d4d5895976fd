// What the table's screens share: drawing a screen, the news box, the narrator's captions, buttons that
// wait for the narrator, and the question forms. Elements, narration and the Sonnenuhr come from lib/.
import { el, mount } from "../lib/dom.js";
import { enqueueNew, setSpeaker } from "../lib/narration.js";
import { T } from "./words.js";

// Draws a screen into <main> and puts the focus on its first control (the device changes hands).
export function show(...children) {
  const before = document.activeElement && document.activeElement.id; // a redraw keeps the place
  const main = mount(document.getElementById("main"), ...children);
  const again = before ? document.getElementById(before) : null;
  const first = again || main.querySelector("[autofocus]")
    || main.querySelector("button:not(.t-remove), input, select, textarea"); // never a removal under Enter
  if (first) first.focus({ preventScroll: true });
  return main;
}

// The news box: one shape whether it holds news or not (a glance must not tell which).
export function newsList(lines, empty = T.noNews) {
  const items = lines && lines.length ? lines : [empty];
  return el("div", { class: "t-news", role: "note", "aria-label": T.news }, el("p", {}, items.join("\n")));
}

// The whole game, night by night, at the end (both table kinds): folded, it opens with a tap.
export function gameLog(lines) {
  if (!lines || !lines.length) return null;
  return el("details", { id: "game-log" }, el("summary", {}, T.gameLog),
    el("ol", { class: "t-log" }, lines.map((line) => el("li", {}, line))));
}

// --- narrator: captions always; audio only on the device that speaks ---------------------------------
export function captions(cues, speaks, code) {
  if (!cues || !cues.length) return null;
  playNew(cues, speaks, code);
  return el("section", { class: "t-narrator", "aria-live": "polite" },
    el("h3", {}, T.narrator), el("ul", { class: "t-captions" }, cues.slice(-4).map((c) => el("li", {}, c.text))));
}

// A `narration` message (own devices): its cues are played on the speaking device and join the captions.
export function narrate(cues, speaks, code) {
  if (!cues || !cues.length) return;
  playNew(cues, speaks, code);
  let list = document.querySelector(".t-captions");
  const title = document.querySelector("#main h1");
  if (!list && !title) return;
  if (!list) {
    list = el("ul", { class: "t-captions" });
    title.after(el("section", { class: "t-narrator", "aria-live": "polite" }, el("h3", {}, T.narrator), list));
  }
  list.append(...cues.map((c) => el("li", {}, c.text)));
  while (list.children.length > 4) list.firstElementChild.remove();
}

function playNew(cues, speaks, code) {
  setSpeaker(Boolean(speaks));
  enqueueNew(cues, `wolfrunde.table.played.${code}`);
}

// Buttons that move the game on wait until the device has told everything (`spoken_until`, server time).
export function afterNarration(screen, button, ready = () => true) {
  const left = (screen.spoken_until || 0) - (screen.now || 0);
  if (left <= 0) return;
  button.disabled = true;
  button.dataset.narrating = "1";
  setTimeout(() => { delete button.dataset.narrating; button.disabled = !ready(); }, left * 1000);
}

// --- questions -----------------------------------------------------------------------------------
// A question form for one request; `onChange(value, complete)` reports the current answer.
export function questionForm(question, names, onChange, grid = []) {
  const options = question.options;
  const box = el("div", { class: "decision" }, el("p", {}, el("strong", {}, question.prompt || T.yourChoice)));
  const label = (value) => question.labels?.[JSON.stringify(value)] ?? String(value);
  const pickOne = (values, text, optional, report = (value) => onChange(value, true)) => {
    const grid = el("div", { class: "choices", role: "group" });
    const buttons = [];
    const choose = (value, button) => {
      buttons.forEach((b) => { b.classList.remove("picked"); b.setAttribute("aria-pressed", "false"); });
      button.classList.add("picked"); button.setAttribute("aria-pressed", "true");
      report(value);
    };
    const add = (value, caption, attrs = {}) => {
      const button = el("button", { "aria-pressed": "false", ...attrs, onclick: () => choose(value, button) }, caption);
      buttons.push(button); grid.append(button);
    };
    for (const value of values) add(value, text(value));
    if (optional) add(null, T.nobody, { class: "secondary" });
    return grid;
  };
  const type = options.type;
  if (type === "grid") box.append(...gridChoice(options, grid, names, onChange));
  else if (type === "seat") box.append(pickOne(options.choices, (s) => names[s], options.optional));
  else if (type === "choice") box.append(pickOne(options.choices, label, false));
  else if (type === "card") box.append(pickOne(options.choices, label, options.optional));
  else if (type === "gap") box.append(pickOne(options.choices, (p) => T.pair(names[p[0]], names[p[1]]), options.optional));
  else if (type === "confirm") { onChange(true, true); box.append(el("p", { class: "hint" }, T.confirmHint)); }
  else if (type === "number") {
    const input = el("input", { type: "range", min: options.min, max: options.max, value: options.min, "aria-label": T.howLong,
      oninput: () => onChange(Number(input.value), true) });
    onChange(options.min, true);
    box.append(input);
  } else if (type === "seats") {
    const picked = new Set();
    const grid = el("div", { class: "choices", role: "group" });
    for (const seat of options.choices) {
      grid.append(el("button", { "aria-pressed": "false", onclick: () => {
        if (picked.has(seat)) picked.delete(seat); else if (picked.size < options.count) picked.add(seat);
        [...grid.children].forEach((b, i) => {
          const on = picked.has(options.choices[i]);
          b.classList.toggle("picked", on); b.setAttribute("aria-pressed", String(on));
        });
        onChange(picked.size === options.count ? [...picked] : null, picked.size === options.count);
      } }, names[seat]));
    }
    box.append(el("p", { class: "hint" }, T.pick(options.count)), grid);
  } else if (type === "witch") {
    const answer = { heal: null, poison: null };
    onChange({ ...answer }, true);
    const part = (key, title, seats) => {
      if (!seats.length) return el("p", { class: "hint" }, T.notPossible(title));
      const report = (value) => { answer[key] = value; onChange({ ...answer }, true); };
      return el("div", { class: `t-${key}` }, el("p", {}, title), pickOne(seats, (s) => names[s], true, report));
    };
    box.append(part("heal", T.heal, options.heal), part("poison", T.poison, options.poison));
  }
  return box;
}

// A Reihum grid: every name of the night and "Niemand", drawn alike whichever may be tapped; a name that
// may not is answered in the line below, which is always there.
function gridChoice(options, grid, names, onChange) {
  const legal = new Set(options.choices);
  const why = el("p", { class: "hint t-why" }, "\u00a0");
  const buttons = [];
  const choices = el("div", { class: "choices t-grid", role: "group" });
  const add = (value, caption) => {
    const button = el("button", { "aria-pressed": "false", class: "t-name", onclick: () => {
      const allowed = value === null ? options.optional : legal.has(value);
      if (!allowed) { why.textContent = value === null ? T.nobodyNotAllowed : T.notSelectable(names[value]); return; }
      why.textContent = "\u00a0";
      buttons.forEach((b) => { b.classList.remove("picked"); b.setAttribute("aria-pressed", "false"); });
      button.classList.add("picked"); button.setAttribute("aria-pressed", "true");
      onChange(value, true);
    } }, caption);
    buttons.push(button); choices.append(button);
  };
  for (const seat of grid) add(seat, names[seat]);
  add(null, T.nobody);
  return [choices, why];
}
