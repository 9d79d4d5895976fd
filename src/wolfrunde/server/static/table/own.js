// Everyone's own device: the table's lobby (QR code for joining, the host's choices) and one seat's game.
import { customRoles, narratorPicker, roleName } from "./setup.js";
import { captions, el, mount, newsList, questionForm, sundial } from "./ui.js";

export function renderLobby(table, me, send) {
  const seats = el("ul", { class: "seats", id: "seats" }, table.seats.map((s) => el("li", { class: s.online ? "" : "offline" },
    el("span", {}, s.name), s.seat === table.speaker ? el("span", { class: "badge t-speaker" }, "Sprecher") : null,
    s.host ? el("span", { class: "badge" }, "Spielleitung") : null,
    me.host && !s.host ? el("button", { type: "button", class: "secondary small t-remove", "aria-label": `${s.name} entfernen`,
      onclick: () => send({ type: "remove", seat: s.seat }) }, "Entfernen") : null)));
  const roles = table.settings.roles || table.recommended_roles;
  const parts = [el("h1", {}, `Tisch ${table.code}`),
    el("section", {}, el("p", {}, "Zum Mitspielen den Code scannen oder eintippen:"),
      el("img", { class: "t-qr", id: "qr", src: `/api/tables/${table.code}/qr.svg`, alt: `QR-Code für Tisch ${table.code}` }),
      el("p", { class: "code", id: "code" }, table.code),
      el("p", { class: "link-text" }, `${location.origin}${table.link}`)),
    el("section", {}, el("h2", {}, `Am Tisch (${table.seats.length})`), seats),
    el("section", {}, el("h2", {}, "Rollen"), roles ? el("ul", { class: "t-roles" }, roles.map((r) => el("li", {}, roleName(r))))
      : el("p", { class: "hint" }, "Ab 3 Spielern gibt es eine Besetzung."))];
  if (me.host) {
    const speaker = el("select", { id: "speaker", onchange: (e) => send({ type: "settings", speaker: Number(e.target.value) }) },
      table.seats.map((s) => el("option", { value: s.seat, selected: s.seat === table.speaker }, s.name)));
    const narrator = narratorPicker(table.settings.narrator, (e) => send({ type: "settings", narrator: e.target.value }));
    const rules = el("select", { id: "rules", onchange: (e) => send({ type: "settings", rules: e.target.value }) },
      [["wolfrunde", "Wolfrunde"], ["duesterwald", "Düsterwald (klassisch)"]].map(([v, t]) => el("option", { value: v, selected: v === table.settings.rules }, t)));
    const discussion = el("select", { id: "discussion", onchange: (e) => send({ type: "settings", discussion: Number(e.target.value) }) },
      [[120, "2 Minuten"], [180, "3 Minuten"], [300, "5 Minuten"], [480, "8 Minuten"]].map(([v, t]) => el("option", { value: v, selected: v === table.settings.discussion }, t)));
    const timers = table.settings.timers || { night: 60, vote: 60 };
    const seconds = (key, label) => {
      const input = el("input", { type: "number", id: `t-${key}`, min: 5, max: 600, value: timers[key],
        onchange: (e) => send({ type: "settings", timers: { ...timers, [key]: Number(e.target.value) } }) });
      return [el("label", { for: `t-${key}` }, label), input];
    };
    const custom = el("input", { type: "checkbox", id: "custom-roles", checked: Boolean(table.settings.roles),
      onchange: (e) => send(e.target.checked ? { type: "settings", roles: roles || [] } : { type: "settings", recommended: true }) });
    const counts = {};
    for (const role of table.settings.roles || []) counts[role] = (counts[role] || 0) + 1;
    parts.push(el("section", {}, el("label", { class: "t-radio" }, custom, " Eigene Zusammenstellung"),
      table.settings.roles ? customRoles(counts, (now) => send({ type: "settings",
        roles: Object.entries(now).flatMap(([role, n]) => Array(n).fill(role)) })) : null));
    parts.push(el("section", {}, el("h2", {}, "Einstellungen"),
      el("label", { for: "speaker" }, "Welches Gerät spricht den Erzähler?"), speaker,
      ...narrator, el("label", { for: "rules" }, "Regeln"), rules,
      el("label", { for: "discussion" }, "Beratungszeit (Sonnenuhr)"), discussion,
      ...seconds("night", "Zeit für jeden Schritt der Nacht (Sekunden)"), ...seconds("vote", "Zeit für jede Abstimmung (Sekunden)")),
    el("button", { class: "t-big", id: "start", onclick: () => send({ type: "start" }) }, "Spiel starten"));
  } else {
    parts.push(el("p", { class: "hint" }, "Warte, bis die Spielleitung das Spiel startet."));
  }
  mount(...parts);
  document.getElementById("main").dataset.screen = "lobby";
}

export function renderSeat(view, me, send, code) {
  document.body.classList.toggle("phase-night", view.phase === "night");
  const names = view.players.map((p) => p.name);
  const role = el("button", { class: "t-hold", id: "my-card", "aria-pressed": "false" }, "Meine Karte (antippen)");
  role.addEventListener("click", () => {
    const open = role.getAttribute("aria-pressed") !== "true";
    role.setAttribute("aria-pressed", String(open));
    role.replaceChildren(...(open ? [el("span", { class: "role" }, view.role.name), el("span", { class: "t-desc" }, view.role.description)]
      : ["Meine Karte (antippen)"]));
  });
  const title = view.phase === "night" ? `Nacht ${view.round}` : view.phase === "day" ? `Tag ${view.round}` : "Spielende";
  const questions = view.questions.map((q) => {
    let answer;
    const submit = el("button", { class: "submit", disabled: true }, q.kind === "ready" ? "Fertig mit Beraten" : "Bestätigen");
    const form = questionForm(q, names, (value, done) => { answer = value; submit.disabled = !done; });
    submit.addEventListener("click", () => { submit.disabled = true; send({ type: "decide", kind: q.kind, choice: answer }); });
    form.append(submit);
    return form;
  });
  const parts = [el("h1", {}, `${title} – ${view.name}`), view.alive ? null : el("p", { class: "hint" }, "Du bist ausgeschieden und schaust schweigend zu."),
    captions(view.captions, view.speaker, code), view.speaker ? el("p", { class: "hint t-speaker" }, "Dieses Gerät spricht den Erzähler.") : null];
  if (view.result) {
    parts.push(el("section", { id: "result" }, el("h2", {}, view.result.winner),
      el("p", {}, view.result.winners.length ? `Gewonnen: ${view.result.winners.join(", ")}` : "")));
  }
  if (view.discussion && view.deadline) parts.push(sundial(view.deadline, view.discussion_seconds, view.now));
  if (questions.length) parts.push(el("section", { class: "decisions active", id: "decisions" }, ...questions));
  else if (!view.result) parts.push(el("p", { class: "hint", id: "waiting" }, view.phase === "night" ? "Augen zu – warte, bis du dran bist." : "Warte auf die anderen."));
  if (me.host && view.discussion) parts.push(el("button", { class: "secondary t-big", id: "end-discussion", onclick: () => send({ type: "end_discussion" }) }, "Beratung beenden"));
  parts.push(el("section", {}, role), el("section", {}, el("h2", {}, "Nur für dich"), newsList(view.news)),
    el("section", {}, el("h2", {}, "Am Tisch"), el("ul", { class: "players" }, view.players.map((p) => el("li", { class: p.alive ? "" : "dead" },
      el("span", {}, p.name), p.role ? el("span", { class: "badge" }, p.role) : null, p.captain ? el("span", { class: "badge" }, "Hauptmann") : null)))));
  mount(...parts.filter(Boolean));
  const main = document.getElementById("main");
  main.dataset.screen = view.result ? "over" : questions.length ? "decide" : "wait";
  main.dataset.seq = String(Number(main.dataset.seq || 0) + 1);
}
