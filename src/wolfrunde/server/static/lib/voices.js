// The narrators a room can choose (GET /api/voices) and the choice itself: a labelled select with
// "Probehören", optionally with the narrator's description beneath.
import { el } from "./dom.js";
import { getJSON } from "./http.js";
import { play } from "./narration.js";
import { TEXT } from "./texts.js";

const FALLBACK = "jutta";
let narrators = [];
let standard = FALLBACK;
let loading = null;

export function loadNarrators() {
  if (!loading) {
    loading = getJSON("/api/voices").then((data) => {
      narrators = data.narrators || [];
      standard = data.default || FALLBACK;
      return narrators;
    }).catch(() => { loading = null; return narrators; });
  }
  return loading;
}

export function defaultNarrator() {
  return standard;
}

export function narratorName(id) {
  const found = narrators.find((n) => n.id === id);
  return found ? found.name : id;
}

export function previewUrl(id) {
  return `/api/voices/${encodeURIComponent(id)}/preview`;
}

// { select, nodes }: nodes are the label, the select, the "Probehören" button (id `${id}-preview`) and,
// with describe, a line with the chosen narrator's description.
export function narratorPicker({ id, value, label = TEXT.narrators.label, onchange, disabled = false, describe = false }) {
  const current = value || standard;
  const select = el("select", { id, disabled, onchange });
  const about = describe ? el("p", { class: "hint narrator-about" }) : null;
  const tell = () => { if (about) about.textContent = narrators.find((n) => n.id === select.value)?.description || ""; };
  const fill = () => {
    const known = narrators.length ? narrators : [{ id: current, name: narratorName(current) }];
    select.replaceChildren(...known.map((n) => el("option", { value: n.id, selected: n.id === current }, n.name)));
    select.value = current;
    tell();
  };
  fill();
  if (!narrators.length) loadNarrators().then(fill);
  select.addEventListener("change", tell);
  const listen = el("button", { class: "secondary", id: `${id}-preview`, onclick: () => play(previewUrl(select.value)) },
    TEXT.narrators.preview);
  return { select, nodes: [el("label", { for: id }, label), select, listen, about] };
}
