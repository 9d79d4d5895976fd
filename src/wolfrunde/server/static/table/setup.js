// Starting a table: the choice of mode, the one-device setup (names, roles, narrator) and the host of
// a table with everyone's own device; joining one as a guest.
import { el } from "../lib/dom.js";
import { api, post } from "../lib/http.js";
import { allRoles, loadRoles, roleName } from "../lib/roles.js";
import { saveJSON, saveText } from "../lib/store.js";
import { toast } from "../lib/toast.js";
import { TEXT } from "../lib/texts.js";
import { hear } from "../lib/pronunciation.js";
import { defaultNarrator, narratorPicker } from "../lib/voices.js";
import { show } from "./ui.js";
import { T } from "./words.js";

const SAY = TEXT.online.ui; // the Aussprache's words and the "knapp" choice, as the online lobby has them
export const DEVICE_KEY = "wolfrunde.table.device";
export const SINGLE = "table_single_device", OWN = "table_own_devices"; // the engine's modes of the table
const MIN_PLAYERS = 3, MAX_PLAYERS = 40; // a table's cast: the recommended roles are asked only within

export function guestKey(code) {
  return `wolfrunde.table.guest.${code}`;
}

// The narrator's choice with "Probehören" (lib/voices.js): [label, select, button].
export function narratorChoice(value, onchange) {
  return narratorPicker({ id: "narrator", value, onchange }).nodes;
}

function select(id, label, pairs, value) {
  const node = el("select", { id }, pairs.map(([v, t]) => el("option", { value: v, selected: String(v) === String(value) }, t)));
  return [el("label", { for: id }, label), node];
}

export function rulesChoice(value, onchange) {
  const [label, node] = select("rules", T.rules, Object.entries(TEXT.rules), value);
  if (onchange) node.addEventListener("change", onchange);
  return [label, node];
}

export function discussionChoice(value, onchange) {
  const [label, node] = select("discussion", T.discussion, T.discussionChoices, value);
  if (onchange) node.addEventListener("change", onchange);
  return [label, node];
}

function radios(name, legend, pairs, chosen = null) {
  return el("fieldset", { class: "t-radio" }, el("legend", {}, legend),
    pairs.map(([value, text, hint], i) => el("label", {},
      el("input", { type: "radio", name, value, checked: chosen ? value === chosen : i === 0 }), el("span", {}, text, hint ? el("span", { class: "hint" }, ` – ${hint}`) : null))));
}

export function chooseMode(resume = null) {
  show(
    el("h1", {}, T.playAtTable),
    resume ? el("section", {}, el("p", {}, T.runningHere),
      el("button", { class: "t-big", id: "resume", onclick: resume }, T.resume)) : null,
    el("section", { class: "t-modes" },
      el("button", { id: "mode-single", onclick: () => singleSetup() }, T.single, el("span", { class: "hint" }, T.singleHint)),
      el("button", { id: "mode-own", class: "secondary", onclick: ownSetup }, T.own, el("span", { class: "hint" }, T.ownHint))),
  );
}

// The one-device setup; `before`: the last game's table (play again, changing what you like).
export async function singleSetup(before = null) {
  await loadRoles();
  const names = el("textarea", { id: "names", class: "t-names", "aria-describedby": "names-hint", placeholder: T.namesPlaceholder });
  if (before) names.value = before.names.join("\n");
  const rules = rulesChoice(before ? before.rules : "wolfrunde");
  const narrator = narratorChoice(before ? before.narrator : defaultNarrator());
  const discussion = discussionChoice(before ? before.discussion : 180);
  const short = el("input", { type: "checkbox", id: "short-style", checked: Boolean(before && before.style === "knapp") });
  const says = {}; // each name's Aussprache as typed, by name (kept while the names are edited)
  if (before && before.says) before.names.forEach((name, i) => { if (before.says[i]) says[name] = before.says[i]; });
  const saysList = el("div", { id: "says" });
  // each name with its Aussprache and "Anhören" in the chosen narrator's voice (no table exists yet)
  const sayRow = (name, i) => {
    const problem = el("p", { class: "error", role: "alert", id: `say-problem-${i}` });
    const clip = () => fetch(`/api/tables/names/${encodeURIComponent(narrator[1].value)}?text=${encodeURIComponent(name)}`
      + `&say=${encodeURIComponent((says[name] || "").trim())}`);
    return el("div", { class: "t-say" },
      el("label", { for: `say-${i}` }, SAY.sayLabel(name)),
      el("input", { id: `say-${i}`, maxlength: 40, autocomplete: "off", value: says[name] || "", placeholder: SAY.sayPlaceholder,
        "aria-describedby": `says-hint say-problem-${i}`, dataset: { name }, oninput: (e) => { says[name] = e.target.value; } }),
      el("button", { type: "button", class: "secondary small", id: `say-listen-${i}`, onclick: () => hear(clip, problem) },
        SAY.sayListen),
      problem);
  };
  const drawSays = () => saysList.replaceChildren(...lines(names.value).map(sayRow));
  const saysBox = el("details", { id: "says-box", open: Object.keys(says).length > 0 },
    el("summary", {}, T.saysTitle), el("p", { class: "hint", id: "says-hint" }, T.saysHint), saysList);
  const rolesBox = el("div", { id: "roles" });
  const custom = el("input", { type: "checkbox", id: "custom-roles", checked: Boolean(before && before.roles) });
  const counts = {};
  for (const role of (before && before.roles) || []) counts[role] = (counts[role] || 0) + 1;
  const refresh = async () => {
    const players = lines(names.value).length;
    if (custom.checked) { rolesBox.replaceChildren(customRoles(counts)); return; }
    if (players < MIN_PLAYERS || players > MAX_PLAYERS) { rolesBox.replaceChildren(el("p", { class: "hint" }, T.namesHint)); return; }
    rolesBox.replaceChildren(el("p", { class: "hint" }, T.moment));
    const answer = await api(`/api/tables/recommended?players=${players}&mode=single&rules=${rules[1].value}`);
    if (!answer.ok) { rolesBox.replaceChildren(el("p", { class: "hint" }, answer.data.message || TEXT.errors.failed)); return; }
    for (const key of Object.keys(counts)) delete counts[key];
    for (const role of answer.data.roles) counts[role] = (counts[role] || 0) + 1;
    rolesBox.replaceChildren(el("p", { class: "hint" }, T.recommendedFor(players)),
      el("ul", { class: "t-roles" }, answer.data.roles.map((r) => el("li", {}, roleLink(r)))));
  };
  names.addEventListener("input", refresh);
  names.addEventListener("input", drawSays);
  rules[1].addEventListener("change", refresh);
  custom.addEventListener("change", refresh);
  const start = async () => {
    const body = {
      mode: "single", names: lines(names.value), rules: rules[1].value, narrator: narrator[1].value,
      night_style: document.querySelector("input[name=night]:checked").value,
      vote_style: document.querySelector("input[name=vote]:checked").value,
      discussion: Number(discussion[1].value), style: short.checked ? "knapp" : "voll",
      says: saysOf(lines(names.value), says),
    };
    if (custom.checked) body.roles = Object.entries(counts).flatMap(([role, n]) => Array(n).fill(role));
    try {
      const made = await post("/api/tables", body);
      saveJSON(DEVICE_KEY, { code: made.code, token: made.token, mode: "single" });
      location.assign("/tisch");
    } catch (error) { toast(error.message, "error"); }
  };
  show(
    el("h1", {}, T.single),
    el("section", {},
      el("label", { for: "names" }, T.namesLabel),
      names, el("p", { id: "names-hint", class: "hint" }, T.namesHint), saysBox,
      ...rules, ...narrator, el("label", { for: "short-style", class: "t-radio" }, short, " ", SAY.shortStyle), ...discussion),
    el("section", {}, el("h2", {}, T.roles), rolesBox,
      el("label", { class: "t-radio" }, custom, " ", T.customRoles)),
    el("section", {},
      radios("night", T.night, T.nightStyles, before && before.night_style),
      radios("vote", T.vote, T.voteStyles, before && before.vote_style)),
    el("button", { class: "t-big", id: "start", onclick: start }, T.deal),
  );
  refresh();
  drawSays();
}

// The Aussprache of each name in seat order for `POST /api/tables` (null: as written).
function saysOf(list, says) {
  return list.map((name) => (says[name] || "").trim() || null);
}

// A role's name, linked to its description (/rollen/<id>, in a new tab: the setup stays as it is).
export function roleLink(id) {
  return el("a", { href: `/rollen/${id}`, target: "_blank", rel: "noopener", class: "t-role-link" }, roleName(id));
}

// Plays again with the same players in the same seats and the same choices (`again` of the last game).
export async function playAgain(again) {
  try {
    const made = await post("/api/tables", again);
    saveJSON(DEVICE_KEY, { code: made.code, token: made.token, mode: "single" });
    location.assign("/tisch");
  } catch (error) { toast(error.message, "error"); }
}

// The role editor: a count per role; `onchange(counts)` after each tap (the own-devices lobby sends it).
export function customRoles(counts, onchange = () => {}, mode = SINGLE) {
  const list = el("div", {});
  for (const [id, card] of Object.entries(allRoles())) {
    if (id === "captain" || !card.modes.includes(mode)) continue; // only cards this way to play can use
    const number = el("span", { class: "n" }, String(counts[id] || 0));
    const change = (delta) => () => {
      counts[id] = Math.max(0, (counts[id] || 0) + delta); number.textContent = String(counts[id]); onchange(counts);
    };
    list.append(el("div", { class: "t-count" }, el("span", { class: "name" }, roleLink(id)),
      el("button", { class: "secondary small", "aria-label": T.fewer(card.name), onclick: change(-1) }, "−"),
      number, el("button", { class: "small", "aria-label": T.more(card.name), onclick: change(1) }, "+")));
  }
  return el("div", {}, el("p", { class: "hint" }, T.customHint), list);
}

function lines(text) {
  return text.split("\n").map((l) => l.trim()).filter(Boolean);
}

function ownSetup() {
  const name = el("input", { id: "host-name", maxlength: "24", autocomplete: "nickname" });
  const rules = rulesChoice("wolfrunde");
  const narrator = narratorChoice(defaultNarrator());
  const open = async (event) => {
    event.preventDefault();
    try {
      const made = await post("/api/tables", { mode: "own", name: name.value, rules: rules[1].value, narrator: narrator[1].value });
      saveText(guestKey(made.code), made.token);
      location.assign(made.link);
    } catch (error) { toast(error.message, "error"); }
  };
  show(el("h1", {}, T.own),
    el("form", { onsubmit: open },
      el("section", {}, el("label", { for: "host-name" }, T.yourName), name, ...rules, ...narrator),
      el("button", { type: "submit", class: "t-big", id: "open-table" }, T.openTable)));
}

export function joinForm(code) {
  const name = el("input", { id: "guest-name", maxlength: "24", autocomplete: "nickname" });
  const join = async (event) => {
    event.preventDefault();
    try {
      const made = await post(`/api/tables/${code}/guests`, { name: name.value });
      saveText(guestKey(code), made.token);
      location.reload();
    } catch (error) { toast(error.message, "error"); }
  };
  show(el("h1", {}, T.tableCode(code)), el("form", { onsubmit: join }, el("section", {},
    el("label", { for: "guest-name" }, T.yourName), name,
    el("p", { class: "hint" }, T.guestHint)), el("button", { type: "submit", class: "t-big", id: "join" }, T.join)));
}
