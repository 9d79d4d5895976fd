// Starting a table: the choice of mode, the one-device setup (names, roles, narrator) and the host of
// a table with everyone's own device.
import { el, mount, toast } from "./ui.js";

let cards = null;

async function roleCards() {
  if (!cards) cards = await (await fetch("/api/roles")).json();
  return cards;
}

export function roleName(id) {
  return cards?.[id]?.name ?? id;
}

async function post(url, body) {
  const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.message || "Das hat nicht geklappt.");
  return data;
}

// The narrator's choice with "Probehören", from the shared narrator (static/narration.js).
export function narratorPicker(value, onchange) {
  return window.WolfNarration.picker("narrator", value, onchange).nodes;
}

function select(id, label, pairs, value) {
  const node = el("select", { id }, pairs.map(([v, t]) => el("option", { value: v, selected: v === value }, t)));
  return [el("label", { for: id }, label), node];
}

function radios(name, legend, pairs) {
  return el("fieldset", { class: "t-radio" }, el("legend", {}, legend),
    pairs.map(([value, text, hint], i) => el("label", {},
      el("input", { type: "radio", name, value, checked: i === 0 }), el("span", {}, text, hint ? el("span", { class: "hint" }, ` – ${hint}`) : null))));
}

export function chooseMode(resume) {
  mount(
    el("h1", {}, "Am Tisch spielen"),
    resume ? el("section", {}, el("p", {}, "Auf diesem Gerät läuft ein Spiel."),
      el("button", { class: "t-big", id: "resume", onclick: resume }, "Weiterspielen")) : null,
    el("section", { class: "t-modes" },
      el("button", { id: "mode-single", onclick: singleSetup }, "Ein Gerät für alle",
        el("span", { class: "hint" }, "Ein Handy oder Tablet liegt in der Mitte und wird herumgereicht.")),
      el("button", { id: "mode-own", class: "secondary", onclick: ownSetup }, "Jeder sein Gerät",
        el("span", { class: "hint" }, "Alle treten per QR-Code bei, ohne Konto."))),
  );
}

async function singleSetup() {
  await roleCards();
  const names = el("textarea", { id: "names", class: "t-names", "aria-describedby": "names-hint",
    placeholder: "Anna\nBen\nCarla\n…" });
  const rules = select("rules", "Regeln", [["wolfrunde", "Wolfrunde"], ["duesterwald", "Düsterwald (klassisch)"]], "wolfrunde");
  const narrator = narratorPicker("jutta");
  const discussion = select("discussion", "Beratungszeit (Sonnenuhr)", [["120", "2 Minuten"], ["180", "3 Minuten"], ["300", "5 Minuten"], ["480", "8 Minuten"]], "180");
  const rolesBox = el("div", { id: "roles" });
  const custom = el("input", { type: "checkbox", id: "custom-roles" });
  const counts = {};
  const refresh = async () => {
    const players = lines(names.value).length;
    if (custom.checked) { rolesBox.replaceChildren(customRoles(counts)); return; }
    const response = await fetch(`/api/tables/recommended?players=${players}&mode=single&rules=${rules[1].value}`);
    const data = await response.json();
    if (!response.ok) { rolesBox.replaceChildren(el("p", { class: "hint" }, data.message)); return; }
    for (const key of Object.keys(counts)) delete counts[key];
    for (const role of data.roles) counts[role] = (counts[role] || 0) + 1;
    rolesBox.replaceChildren(el("p", { class: "hint" }, `Empfohlen für ${players} Spieler:`),
      el("ul", { class: "t-roles" }, data.roles.map((r) => el("li", {}, roleName(r)))));
  };
  names.addEventListener("input", refresh);
  rules[1].addEventListener("change", refresh);
  custom.addEventListener("change", refresh);
  const start = el("button", { class: "t-big", id: "start" }, "Karten austeilen");
  start.addEventListener("click", async () => {
    const body = {
      mode: "single", names: lines(names.value), rules: rules[1].value, narrator: narrator[1].value,
      night_style: document.querySelector("input[name=night]:checked").value,
      vote_style: document.querySelector("input[name=vote]:checked").value,
      discussion: Number(discussion[1].value),
    };
    if (custom.checked) body.roles = Object.entries(counts).flatMap(([role, n]) => Array(n).fill(role));
    try {
      const made = await post("/api/tables", body);
      localStorage.setItem("wolfrunde.table.device", JSON.stringify({ code: made.code, token: made.token, mode: "single" }));
      location.assign("/tisch");
    } catch (error) { toast(error.message); }
  });
  mount(
    el("h1", {}, "Ein Gerät für alle"),
    el("section", {},
      el("label", { for: "names" }, "Namen im Uhrzeigersinn, einer pro Zeile"),
      names, el("p", { id: "names-hint", class: "hint" }, "3 bis 40 Spieler. Die Reihenfolge ist die Sitzordnung am Tisch."),
      ...rules, ...narrator, ...discussion),
    el("section", {}, el("h2", {}, "Rollen"), rolesBox,
      el("label", { class: "t-radio" }, custom, " Eigene Zusammenstellung")),
    el("section", {},
      radios("night", "Nacht", [["eyes_closed", "Augen zu", "der Erzähler ruft, nur die Gerufenen nehmen das Gerät"],
        ["round", "Reihum", "das Gerät wandert durch alle Hände, niemand schließt die Augen"]]),
      radios("vote", "Abstimmung", [["hands", "Handzeichen", "das Gerät zählt mit"], ["secret", "Geheim", "durch Weiterreichen"]])),
    start,
  );
  refresh();
}

// The role editor: a count per role; `onchange(counts)` after each tap (the own-devices lobby sends it).
export function customRoles(counts, onchange = () => {}) {
  const list = el("div", {});
  for (const [id, card] of Object.entries(cards)) {
    if (id === "captain") continue;
    const number = el("span", { class: "n" }, String(counts[id] || 0));
    const change = (delta) => () => {
      counts[id] = Math.max(0, (counts[id] || 0) + delta); number.textContent = String(counts[id]); onchange(counts);
    };
    list.append(el("div", { class: "t-count" }, el("span", { class: "name" }, card.name),
      el("button", { type: "button", class: "secondary small", "aria-label": `${card.name} weniger`, onclick: change(-1) }, "−"),
      number, el("button", { type: "button", class: "small", "aria-label": `${card.name} mehr`, onclick: change(1) }, "+")));
  }
  return el("div", {}, el("p", { class: "hint" }, "Die Regeln prüfen die Zusammenstellung beim Austeilen."), list);
}

function lines(text) {
  return text.split("\n").map((l) => l.trim()).filter(Boolean);
}

function ownSetup() {
  const name = el("input", { id: "host-name", maxlength: "24", autocomplete: "nickname" });
  const rules = select("rules", "Regeln", [["wolfrunde", "Wolfrunde"], ["duesterwald", "Düsterwald (klassisch)"]], "wolfrunde");
  const narrator = narratorPicker("jutta");
  const open = el("button", { class: "t-big", id: "open-table" }, "Tisch eröffnen");
  open.addEventListener("click", async () => {
    try {
      const made = await post("/api/tables", { mode: "own", name: name.value, rules: rules[1].value, narrator: narrator[1].value });
      localStorage.setItem(`wolfrunde.table.guest.${made.code}`, made.token);
      location.assign(made.link);
    } catch (error) { toast(error.message); }
  });
  mount(el("h1", {}, "Jeder sein Gerät"),
    el("section", {}, el("label", { for: "host-name" }, "Dein Name"), name, ...rules, ...narrator), open);
}

export async function joinForm(code) {
  const name = el("input", { id: "guest-name", maxlength: "24", autocomplete: "nickname" });
  const join = el("button", { class: "t-big", id: "join" }, "Mitspielen");
  join.addEventListener("click", async () => {
    try {
      const made = await post(`/api/tables/${code}/guests`, { name: name.value });
      localStorage.setItem(`wolfrunde.table.guest.${code}`, made.token);
      location.reload();
    } catch (error) { toast(error.message); }
  });
  mount(el("h1", {}, `Tisch ${code}`), el("section", {},
    el("label", { for: "guest-name" }, "Dein Name"), name,
    el("p", { class: "hint" }, "Du spielst als Gast, ohne Konto.")), join);
}

export { roleCards };
