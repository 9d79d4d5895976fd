// Small helpers shared by the table screens: elements, questions, captions, the Sonnenuhr.

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function toast(message) {
  const box = document.getElementById("toast");
  box.textContent = message;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.hidden = true; }, 4000);
}

export function mount(...children) {
  const main = document.getElementById("main");
  main.replaceChildren(...children);
  const first = main.querySelector("[autofocus]") || main.querySelector("button, input, select, textarea");
  if (first) first.focus({ preventScroll: true });
}

export function newsList(lines, empty = "Keine Neuigkeiten für dich.") {
  if (!lines || !lines.length) return el("p", { class: "hint t-news-empty" }, empty);
  return el("ul", { class: "t-news" }, lines.map((line) => el("li", {}, line)));
}

// --- narrator: captions always; audio only on the device that speaks ---------------------------------
export function captions(cues, speaks, key) {
  if (!cues || !cues.length) return null;
  playNew(cues, speaks, key);
  return el("section", { class: "t-narrator", "aria-live": "polite" },
    el("h3", {}, "Erzähler"), el("ul", { class: "t-captions" }, cues.slice(-4).map((c) => el("li", {}, c.text))));
}

// A `narration` message (own devices): its cues are played on the speaking device and join the captions.
export function narrate(cues, speaks, key) {
  if (!cues || !cues.length) return;
  playNew(cues, speaks, key);
  let list = document.querySelector(".t-captions");
  const title = document.querySelector("#main h1");
  if (!list && !title) return;
  if (!list) {
    list = el("ul", { class: "t-captions" });
    title.after(el("section", { class: "t-narrator", "aria-live": "polite" }, el("h3", {}, "Erzähler"), list));
  }
  list.append(...cues.map((c) => el("li", {}, c.text)));
  while (list.children.length > 4) list.firstElementChild.remove();
}

// Buttons that move the game on wait until the device has told everything (`spoken_until`, server time).
export function afterNarration(screen, button, ready = () => true) {
  const left = (screen.spoken_until || 0) - (screen.now || 0);
  if (left <= 0) return;
  button.disabled = true;
  button.dataset.narrating = "1";
  setTimeout(() => { delete button.dataset.narrating; button.disabled = !ready(); }, left * 1000);
}

function playNew(cues, speaks, key) {
  // The narrator's queue (static/narration.js): each cue once, in order; a silent device shows captions only.
  const player = window.WolfNarration;
  if (!player) return;
  player.setSpeaker(Boolean(speaks));
  const storeKey = `wolfrunde.table.played.${key}`;
  const last = Number(localStorage.getItem(storeKey) ?? -1);
  const fresh = cues.filter((c) => c.id > last);
  if (!fresh.length) return;
  localStorage.setItem(storeKey, String(fresh[fresh.length - 1].id));
  player.enqueue(fresh);
}

// --- Sonnenuhr: the remaining discussion time as a dial --------------------------------------------
export function sundial(deadline, total, serverNow) {
  const skew = serverNow ? serverNow - Date.now() / 1000 : 0;
  const radius = 52, circumference = 2 * Math.PI * radius;
  const svgNS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(svgNS, "svg");
  svg.setAttribute("viewBox", "0 0 128 128");
  svg.setAttribute("class", "sundial");
  svg.setAttribute("role", "img");
  const face = document.createElementNS(svgNS, "circle");
  face.setAttribute("cx", "64"); face.setAttribute("cy", "64"); face.setAttribute("r", String(radius));
  face.setAttribute("class", "sundial-face");
  const arc = document.createElementNS(svgNS, "circle");
  arc.setAttribute("cx", "64"); arc.setAttribute("cy", "64"); arc.setAttribute("r", String(radius));
  arc.setAttribute("class", "sundial-arc");
  arc.setAttribute("transform", "rotate(-90 64 64)");
  arc.setAttribute("stroke-dasharray", String(circumference));
  const label = document.createElementNS(svgNS, "text");
  label.setAttribute("x", "64"); label.setAttribute("y", "70"); label.setAttribute("text-anchor", "middle");
  label.setAttribute("class", "sundial-text");
  svg.append(face, arc, label);
  const tick = () => {
    if (!svg.isConnected && tick.started) return;
    tick.started = true;
    const left = Math.max(0, deadline - (Date.now() / 1000 + skew));
    const share = total > 0 ? left / total : 0;
    arc.setAttribute("stroke-dashoffset", String(circumference * (1 - share)));
    const minutes = Math.floor(left / 60), seconds = Math.floor(left % 60);
    label.textContent = `${minutes}:${String(seconds).padStart(2, "0")}`;
    svg.setAttribute("aria-label", `Beratungszeit: noch ${minutes} Minuten ${seconds} Sekunden`);
    setTimeout(tick, 500);
  };
  tick();
  return el("div", { class: "dial" }, svg);
}

// --- questions -----------------------------------------------------------------------------------
// A question form for one request; `onChange(value, complete)` reports the current answer.
export function questionForm(question, names, onChange) {
  const options = question.options;
  const box = el("div", { class: "decision" }, el("p", {}, el("strong", {}, question.prompt || "Deine Wahl")));
  const label = (value) => question.labels?.[JSON.stringify(value)] ?? String(value);
  const pickOne = (values, text, optional, report = (value) => onChange(value, true)) => {
    const grid = el("div", { class: "choices", role: "group" });
    const buttons = [];
    const choose = (value, button) => {
      buttons.forEach((b) => { b.classList.remove("picked"); b.setAttribute("aria-pressed", "false"); });
      button.classList.add("picked"); button.setAttribute("aria-pressed", "true");
      report(value);
    };
    for (const value of values) {
      const button = el("button", { type: "button", "aria-pressed": "false" }, text(value));
      button.addEventListener("click", () => choose(value, button));
      buttons.push(button); grid.append(button);
    }
    if (optional) {
      const none = el("button", { type: "button", class: "secondary", "aria-pressed": "false" }, "Niemand");
      none.addEventListener("click", () => choose(null, none));
      buttons.push(none); grid.append(none);
    }
    return grid;
  };
  const type = options.type;
  if (type === "seat") box.append(pickOne(options.choices, (s) => names[s], options.optional));
  else if (type === "choice") box.append(pickOne(options.choices, label, false));
  else if (type === "card") box.append(pickOne(options.choices, label, options.optional));
  else if (type === "gap") box.append(pickOne(options.choices, (p) => `${names[p[0]]} und ${names[p[1]]}`, options.optional));
  else if (type === "confirm") { onChange(true, true); box.append(el("p", { class: "hint" }, "Bestätige, wenn ihr so weit seid.")); }
  else if (type === "number") {
    const input = el("input", { type: "range", min: options.min, max: options.max, value: options.min, "aria-label": "Wie lange?" });
    input.addEventListener("input", () => onChange(Number(input.value), true));
    onChange(options.min, true);
    box.append(input);
  } else if (type === "seats") {
    const picked = new Set();
    const grid = el("div", { class: "choices", role: "group" });
    for (const seat of options.choices) {
      const button = el("button", { type: "button", "aria-pressed": "false" }, names[seat]);
      button.addEventListener("click", () => {
        if (picked.has(seat)) picked.delete(seat); else if (picked.size < options.count) picked.add(seat);
        [...grid.children].forEach((b, i) => {
          const on = picked.has(options.choices[i]);
          b.classList.toggle("picked", on); b.setAttribute("aria-pressed", String(on));
        });
        onChange(picked.size === options.count ? [...picked] : null, picked.size === options.count);
      });
      grid.append(button);
    }
    box.append(el("p", { class: "hint" }, `Wähle ${options.count}.`), grid);
  } else if (type === "witch") {
    const answer = { heal: null, poison: null };
    onChange({ ...answer }, true);
    const part = (key, title, seats) => {
      if (!seats.length) return el("p", { class: "hint" }, `${title}: nicht möglich.`);
      const report = (value) => { answer[key] = value; onChange({ ...answer }, true); };
      return el("div", { class: `t-${key}` }, el("p", {}, title), pickOne(seats, (s) => names[s], true, report));
    };
    box.append(part("heal", "Heiltrank für", options.heal), part("poison", "Gifttrank für", options.poison));
  }
  return box;
}
