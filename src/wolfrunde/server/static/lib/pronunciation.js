// How a player's own name is spoken: a respelling the narrator reads, with an instant preview in the
// narrator's voice. One form for the online lobby and the tables; each says where its preview comes from.
import { el } from "./dom.js";
import { play } from "./narration.js";
import { TEXT } from "./texts.js";

const W = TEXT.online.ui;

// Plays what `fetchClip()` answers, or puts the server's German reason into `problem`.
export async function hear(fetchClip, problem) {
  problem.textContent = "";
  let response;
  try { response = await fetchClip(); } catch { problem.textContent = TEXT.errors.offline; return; }
  if (!response.ok) {
    const data = await response.json().catch(() => ({}));
    problem.textContent = data.message || TEXT.errors.failed;
    return;
  }
  play(URL.createObjectURL(await response.blob()));
}

// name: the player's name; value: the Aussprache kept now; refused: the server's reason for the last one;
// preview(say): the fetch of the spoken name; save(say): sends the Aussprache to keep.
export function pronunciationForm({ name, value, refused, preview, save }) {
  const input = el("input", { id: "say", maxlength: 40, autocomplete: "off", value: value || "",
    placeholder: W.sayPlaceholder, "aria-describedby": "say-hint say-problem" });
  const problem = el("p", { class: "error", role: "alert", id: "say-problem" }, refused || null);
  const listen = () => hear(() => preview(input.value.trim()), problem);
  const submit = (event) => {
    event.preventDefault();
    problem.textContent = "";
    save(input.value.trim());
  };
  return el("section", { id: "say-section" }, el("h2", {}, W.sayTitle),
    el("form", { onsubmit: submit }, el("label", { for: "say" }, W.sayLabel(name)), input,
      el("p", { class: "hint", id: "say-hint" }, W.sayHint), problem,
      el("div", { class: "row" }, el("button", { type: "button", class: "secondary", id: "say-preview", onclick: listen }, W.sayListen),
        el("button", { type: "submit", id: "say-save" }, W.saySave))));
}
