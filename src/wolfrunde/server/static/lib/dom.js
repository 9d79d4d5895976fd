// The one element builder of every Wolfrunde page: el("button", { class: "x", onclick }, "Text", child, …).
//
// Children: strings and numbers become text, nodes are appended, arrays are flattened; null, undefined
// and false are left out, so a section that is not there never shows up as the word "null".
// Attributes: null, undefined and false are left out, true is an empty attribute; "class" (or
// "className") sets the class, "dataset" an object of data-* values, "on…" with a function adds that
// listener. A <button> is type="button" unless the attributes say otherwise, so it never submits a form
// by accident.

const SVG = "http://www.w3.org/2000/svg";

export function el(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

export function svg(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG, tag), attrs, children);
}

// Appends children to a node by the rules above; returns the node.
export function append(node, ...children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

// Replaces what a node holds with children (by the rules above); returns the node.
export function mount(node, ...children) {
  node.replaceChildren();
  return append(node, ...children);
}

export function button(label, onclick, attrs = {}) {
  return el("button", { ...attrs, onclick }, label);
}

function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "class" || key === "className") node.setAttribute("class", value);
    else if (key === "dataset") {
      for (const [name, data] of Object.entries(value)) if (data !== undefined && data !== null) node.dataset[name] = data;
    } else node.setAttribute(key, value === true ? "" : value);
  }
  if (node.localName === "button" && !node.hasAttribute("type")) node.setAttribute("type", "button");
  return append(node, children);
}

// A tap that spans a redraw is lost: the button under the finger is replaced between press and release,
// so no click follows. `steadyWhilePressed(draw, root)` is `draw` postponed while a press inside the node
// `root()` redraws lasts (at most PRESS_LIMIT_MS, longer than any hold a screen asks for), then run once,
// after the click the press ends in. Presses elsewhere (the voice chat's key) never hold it up.
const PRESS_LIMIT_MS = 6000;
let pressed = null;  // { target, since }
const afterPress = new Set();

function released() {
  pressed = null;
  const draws = [...afterPress];
  afterPress.clear();
  if (draws.length) setTimeout(() => draws.forEach((draw) => draw()), 0);
}

if (typeof document !== "undefined") {
  document.addEventListener("pointerdown", (event) => { pressed = { target: event.target, since: Date.now() }; }, true);
  document.addEventListener("pointerup", released, true);
  document.addEventListener("pointercancel", released, true);
}

export function steadyWhilePressed(draw, root) {
  return function steady() {
    const node = root();
    const holding = pressed && node && node.contains(pressed.target) && Date.now() - pressed.since < PRESS_LIMIT_MS;
    if (holding) afterPress.add(steady);
    else draw();
  };
}

// Text a player is typing survives a redraw: a field marked `data-draft="<key>"` is drawn empty, so
// `takeDrafts(root)` before the redraw and `restoreDrafts(root, drafts)` after it put back what each key
// held, with the caret where it was if the field has the keyboard. A key names what the text is for
// (the chat's channel), so a draft never moves to another field.
export function takeDrafts(root) {
  const drafts = new Map();
  for (const node of root.querySelectorAll("[data-draft]")) {
    if (node.value) drafts.set(node.dataset.draft, { value: node.value, start: node.selectionStart, end: node.selectionEnd });
  }
  return drafts;
}

export function restoreDrafts(root, drafts) {
  if (!drafts.size) return;
  for (const node of root.querySelectorAll("[data-draft]")) {
    const kept = drafts.get(node.dataset.draft);
    if (!kept || node.value) continue;
    node.value = kept.value;
    if (document.activeElement === node && kept.start !== null) node.setSelectionRange(kept.start, kept.end);
  }
}
