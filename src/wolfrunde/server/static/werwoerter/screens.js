// What a device shows at each stage of the room. Pure rendering: every action goes through ctx.send.
import { button, h } from "./dom.js";
import { COVER, DAY_END, LEVEL, MARKER, MAYOR_ROLE_TEXT, POOL, REASON, ROLE, ROLE_TEXT, WINNER } from "./texts.js";

const ANSWERS = ["ja", "nein", "vielleicht", "knapp_daneben"];

export function name(ctx, seat) { return seat === null || seat === undefined ? "die Mitte" : ctx.s.seats[seat]?.name ?? "?"; }
function pending(ctx, kind, seat) {
  return (ctx.game?.pending || []).find((r) => r.kind === kind && (seat === undefined || r.seat === seat));
}
export function timer(deadline) {
  return deadline ? h("span", { class: "timer", dataset: { deadline: String(deadline) }, role: "timer" }, "") : null;
}

// --- lobby (own devices) -----------------------------------------------------------------------
export function lobby(ctx) {
  const { s } = ctx;
  const link = `${location.origin}/ww/${s.code}`;
  const host = s.me.host;
  return h("section", { class: "card" },
    h("h2", {}, "Warten auf Mitspieler"),
    h("p", {}, "Scannt den Code oder öffnet den Link, gebt euren Namen ein."),
    h("img", { class: "qr", src: `/api/ww/rooms/${s.code}/qr.svg`, alt: `QR-Code für ${link}`, width: 180, height: 180 }),
    h("p", { class: "code" }, "Code: ", h("strong", { "data-testid": "room-code" }, s.code)),
    h("p", { class: "link" }, h("a", { href: link, "data-testid": "join-link" }, link)),
    h("h3", {}, `Spieler (${s.seats.length}/10)`),
    h("ul", { class: "players" }, s.seats.map((seat, i) =>
      h("li", { class: seat.online ? "online" : "offline" }, seat.name, i === 0 ? " (Gastgeber)" : "",
        i === s.me.seat ? " – du" : ""))),
    host ? settingsForm(ctx) : h("p", {}, `Schwierigkeit: ${LEVEL[s.settings.difficulty]}, Tag: ${s.settings.day_seconds / 60} Min., `
      + `Erzähler: ${window.WolfNarration.narratorNames[s.settings.narrator] || s.settings.narrator}`),
    host ? button("Spiel starten", () => ctx.send({ type: "start" }), "primary", { disabled: s.seats.length < 4 }) : null,
    host && s.seats.length < 4 ? h("p", { class: "note" }, "Ab 4 Spielern geht es los.") : null);
}

function settingsForm(ctx) {
  const { s } = ctx;
  const level = h("select", { id: "ww-level", onchange: (e) => ctx.send({ type: "settings", difficulty: Number(e.target.value) }) },
    [1, 2, 3, 4].map((n) => h("option", { value: n, selected: n === s.settings.difficulty }, LEVEL[n])));
  const minutes = h("input", { id: "ww-minutes", type: "number", min: 1, max: 60, step: 1, value: Math.round(s.settings.day_seconds / 60),
    onchange: (e) => ctx.send({ type: "settings", day_seconds: Math.max(1, Number(e.target.value)) * 60 }) });
  const speaker = h("select", { id: "ww-speaker", onchange: (e) => ctx.send({ type: "settings", speaker: Number(e.target.value) }) },
    s.seats.map((seat, i) => h("option", { value: i, selected: i === s.settings.speaker }, seat.name)));
  const narrator = window.WolfNarration.picker("ww-narrator", s.settings.narrator,
    (e) => ctx.send({ type: "settings", narrator: e.target.value }));
  return h("div", { class: "form" },
    h("label", { for: "ww-level" }, "Schwierigkeit"), level,
    h("label", { for: "ww-minutes" }, "Tag (Minuten)"), minutes, ...narrator.nodes,
    h("label", { for: "ww-speaker" }, "Erzähler spricht auf dem Gerät von"), speaker);
}

// --- dealing -------------------------------------------------------------------------------------
export function deal(ctx) {
  const { s, game } = ctx;
  const mayorName = name(ctx, game.mayor);
  if (ctx.single) {
    const turn = s.stage.turn;
    if (turn >= s.seats.length) {
      return h("section", { class: "card" },
        h("h2", {}, "Alle kennen ihre Karte"),
        h("p", {}, h("strong", {}, mayorName), " ist Bürgermeister und nimmt das Gerät."),
        game.redealt ? h("p", { class: "note" }, "Die Bürgermeister-Karte lag in der Mitte – es wurde neu gegeben.") : null,
        h("p", {}, "Drück Play – dann schließen alle die Augen."),
        button("Play", () => ctx.send({ type: "play" }), "primary big"));
    }
    if (!s.stage.open || !ctx.card) {
      return h("section", { class: "card cover" },
        h("h2", {}, `Gib das Gerät an ${s.seats[turn].name}`),
        h("p", {}, "Nur du schaust hin."),
        button("Karte ansehen", () => ctx.send({ type: "reveal" }), "primary big"));
    }
    return h("section", { class: "card" }, roleCard(ctx.card.role, ctx.card.mayor, ctx.card.name),
      button("Verdecken und weitergeben", () => ctx.send({ type: "next" }), "primary"));
  }
  const mine = ctx.seat === game.mayor;
  return h("section", { class: "card" },
    h("p", {}, "Bürgermeister: ", h("strong", {}, mayorName)),
    ownCard(ctx),
    mine || s.me.host
      ? [h("p", {}, "Wenn alle bereit sind: Play – dann schließen alle die Augen."),
        button("Play", () => ctx.send({ type: "play" }), "primary big")]
      : h("p", { class: "note" }, "Der Bürgermeister drückt gleich Play."));
}

function secretRoleCard(role) {
  return h("div", { class: `role ${role}`, "data-testid": "role-card" },
    h("h2", {}, ROLE[role] || "?"), h("p", {}, MAYOR_ROLE_TEXT[role] || ""));
}

function roleCard(role, mayor, who) {
  if (mayor) {
    return h("div", { class: "role mayor", "data-testid": "role-card" },
      h("p", { class: "small" }, who),
      h("h2", {}, "Bürgermeister"),
      h("p", {}, "Du beantwortest die Fragen mit Markern. Deine geheime Rolle tippst du in der Nacht an."));
  }
  return h("div", { class: `role ${role}`, "data-testid": "role-card" },
    who ? h("p", { class: "small" }, who) : null,
    h("h2", {}, ROLE[role] || "?"), h("p", {}, ROLE_TEXT[role] || ""));
}

function ownCard(ctx) {
  const { game, ui } = ctx;
  if (ctx.single) return null;
  const mayor = ctx.seat === game.mayor;
  if (!ui.showRole) {
    return button(mayor ? "Meine Karte ansehen" : "Meine Rolle ansehen", () => { ui.showRole = true; ctx.redraw(); }, "secondary");
  }
  return h("div", {},
    mayor ? roleCard(null, true, null) : roleCard(game.role, false, null),
    mayor && ui.tappedRole ? h("p", {}, "Geheime Rolle: ", h("strong", {}, ROLE[game.role])) : null,
    button("Verdecken", () => { ui.showRole = false; ctx.redraw(); }, "secondary"));
}

// --- the night -----------------------------------------------------------------------------------
export function night(ctx) {
  const { s, game, ui } = ctx;
  const stage = s.stage.name;
  const awake = nightShows(ctx, stage);
  if (!awake) {
    return h("section", { class: "card night", "data-testid": "cover" },
      h("div", { class: "moon", "aria-hidden": "true" }, "☾"),
      h("h2", {}, COVER[stage] || "Nacht"));
  }
  if (stage === "mayor") {
    if (!ui.tappedRole) {
      return h("section", { class: "card night" },
        h("h2", {}, "Bürgermeister, nur du schaust hin"),
        button("Geheime Rolle antippen", () => { ui.tappedRole = true; ctx.redraw(); }, "primary big"));
    }
    const request = pending(ctx, "choose_word");
    return h("section", { class: "card night" },
      h("p", {}, "Deine geheime Rolle:"), secretRoleCard(game.role),
      h("h3", {}, `Wähle das Zauberwort (${LEVEL[game.difficulty]})`),
      h("div", { class: "words" }, (request?.options || []).map((word) =>
        button(word, () => ctx.send({ type: "decide", kind: "choose_word", choice: word }), "word-choice"))));
  }
  if (stage === "wolves_meet") {
    const wolves = (game.werewolves || []).filter((seat) => seat !== ctx.seat).map((seat) => name(ctx, seat));
    return h("section", { class: "card night wolf" },
      h("h2", {}, "Werwölfe, seht euch an"),
      wolves.length ? h("p", {}, "Dein Rudel: ", h("strong", {}, wolves.join(", "))) : null);
  }
  const who = stage === "seer_word" ? "Seherin" : "Werwölfe";
  return h("section", { class: "card night" },
    h("p", {}, `${who}, das Zauberwort ist:`),
    h("p", { class: "word", "data-testid": "night-word" }, game.word || "…"),
    stage === "wolves_word" && ctx.single && game.werewolf_count > 1 ? h("p", {}, "Ihr seid zu zweit – ihr habt euch eben gesehen.") : null);
}

function nightShows(ctx, stage) {
  const { game } = ctx;
  if (ctx.single) return ["mayor", "seer_word", "wolves_meet", "wolves_word"].includes(stage);
  if (stage === "mayor") return ctx.seat === game.mayor;
  if (stage === "seer_word") return game.role === "seer" && ctx.seat !== game.mayor;
  if (stage === "wolves_meet" || stage === "wolves_word") return game.role === "werewolf";
  return false;
}

// --- the day -------------------------------------------------------------------------------------
export function day(ctx) {
  const { game } = ctx;
  const mayor = ctx.single || ctx.seat === game.mayor;
  return h("section", { class: "card day" },
    counters(game),
    mayor ? mayorPanel(ctx) : playerPanel(ctx),
    markerLog(ctx));
}

function counters(game) {
  const left = game.markers_left || {};
  return h("div", { class: "counters", "data-testid": "counters" },
    Object.keys(POOL).map((pool) => h("div", { class: "counter", dataset: { pool } },
      h("span", { class: "count" }, left[pool] ?? 0), h("span", { class: "label" }, POOL[pool]))));
}

function mayorPanel(ctx) {
  const { game, ui } = ctx;
  const askers = ctx.s.seats.map((_, i) => i).filter((i) => i !== game.mayor);
  if (!askers.includes(ui.asker)) ui.asker = null;
  const answer = pending(ctx, "answer");
  const available = new Set((answer?.options || []).map(([marker]) => marker));
  const chosen = ui.asker;
  const give = (marker) => ctx.send({ type: "decide", kind: "answer", choice: [marker, chosen] });
  return h("div", { class: "mayor-panel" },
    h("div", { class: "word-peek" },
      ui.peek ? h("span", { class: "word small-word", "data-testid": "mayor-word" }, game.word) : null,
      ui.peek && game.role ? h("span", { class: "note" }, `(du: ${ROLE[game.role]}) `) : null,
      button(ui.peek ? "Wort verbergen" : "Wort zeigen", () => { ui.peek = !ui.peek; ctx.redraw(); }, "secondary small")),
    h("h3", {}, "Wer hat gefragt?"),
    h("div", { class: "askers", role: "group", "aria-label": "Fragender" }, askers.map((seat) =>
      button(name(ctx, seat), () => { ui.asker = seat; ctx.redraw(); }, seat === chosen ? "chip on" : "chip",
        { "aria-pressed": String(seat === chosen) }))),
    h("div", { class: "answers" }, ANSWERS.map((marker) =>
      button(MARKER[marker], () => give(marker), `answer ${marker}`,
        { disabled: chosen === null || !available.has(marker), dataset: { marker } }))),
    h("div", { class: "extras" },
      pending(ctx, "way_off")
        ? button(chosen === null ? "Völlig daneben in die Mitte" : `Völlig daneben an ${name(ctx, chosen)}`,
          () => ctx.send({ type: "decide", kind: "way_off", choice: chosen }), "secondary")
        : null,
      button(chosen === null ? "Richtig! (erst Fragenden wählen)" : `Richtig! ${name(ctx, chosen)} hat das Wort`,
        () => ctx.send({ type: "decide", kind: "correct", choice: chosen }), "correct", { disabled: chosen === null }),
      button("Keine Ja/Nein-Marker mehr", () => ctx.send({ type: "decide", kind: "markers_out" }), "secondary")));
}

function playerPanel(ctx) {
  const { game, ui } = ctx;
  return h("div", {},
    h("p", {}, "Fragt den Bürgermeister – eine Frage nach der anderen. Er antwortet nur mit Markern."),
    ui.showRole
      ? h("div", { class: "secret" },
        h("p", {}, "Du bist ", h("strong", {}, ROLE[game.role]), "."),
        game.word ? h("p", {}, "Das Zauberwort: ", h("strong", { "data-testid": "my-word" }, game.word)) : null,
        button("Verdecken", () => { ui.showRole = false; ctx.redraw(); }, "secondary small"))
      : button("Meine Rolle ansehen", () => { ui.showRole = true; ctx.redraw(); }, "secondary small"));
}

function markerLog(ctx) {
  const { game } = ctx;
  const tally = {};
  for (const entry of game.log) {
    const key = entry.to === null ? "center" : String(entry.to);
    tally[key] = tally[key] || {};
    tally[key][entry.marker] = (tally[key][entry.marker] || 0) + 1;
  }
  return h("div", { class: "log" },
    h("h3", {}, "Marker"),
    game.log.length === 0 ? h("p", { class: "note" }, "Noch keine Marker vergeben.") : null,
    h("ol", { class: "marker-log", "data-testid": "marker-log", reversed: true }, [...game.log].reverse().slice(0, 30).map((entry) =>
      h("li", { dataset: { marker: entry.marker } }, h("span", { class: `dot ${entry.marker}` }), `${name(ctx, entry.to)}: ${MARKER[entry.marker]}`))));
}

// --- endings -------------------------------------------------------------------------------------
function wordBanner(ctx) {
  const { game } = ctx;
  return h("div", { class: "banner" },
    game.day_end ? h("p", {}, dayEnd(game)) : null,
    game.word ? h("p", {}, "Das Zauberwort war: ", h("strong", { "data-testid": "revealed-word" }, game.word)) : null);
}

function dayEnd(game) {
  const guessed = game.day_end.reason === "guessed";
  if (game.ending === "guessed" && !guessed) return "Whoops: Das Wort gilt doch als erraten.";
  if (game.ending === "not_guessed" && guessed) return "Whoops: Das Wort gilt doch als nicht erraten.";
  return DAY_END[game.day_end.reason] || "";
}

export function pointing(ctx) {
  const { game, s } = ctx;
  const wolves = game.werewolves || [];
  const open = wolves.filter((wolf) => !(String(wolf) in game.pointed));
  const now = s.stage.name === "point_now";
  const entries = [];
  for (const wolf of open) {
    const request = pending(ctx, "point", ctx.single ? wolf : ctx.seat);
    if (!request || (!ctx.single && wolf !== ctx.seat)) continue;
    entries.push(h("div", { class: "point-entry" },
      h("h3", {}, ctx.single ? `${name(ctx, wolf)} zeigt auf:` : "Zeig auf die Person, die du für die Seherin hältst:"),
      h("div", { class: "targets" }, request.options.map((target) =>
        button(name(ctx, target), () => ctx.send({ type: "decide", kind: "point", seat: wolf, choice: target }), "chip")))));
  }
  return h("section", { class: "card" },
    wordBanner(ctx),
    h("p", {}, wolves.length > 1 ? "Die Werwölfe decken auf: " : "Der Werwolf deckt auf: ",
      h("strong", { "data-testid": "wolves" }, wolves.map((seat) => name(ctx, seat)).join(" und "))),
    h("p", {}, now ? "Jetzt zeigen!" : "Alle dürfen reden und lügen – niemand zeigt seine Karte. Die Werwölfe suchen die Seherin."),
    pointedList(ctx),
    entries,
    ctx.single && open.length ? button("Niemand wurde gezeigt", () => ctx.send({ type: "nobody" }), "secondary") : null);
}

function pointedList(ctx) {
  const pairs = Object.entries(ctx.game.pointed || {});
  if (!pairs.length) return null;
  return h("ul", { class: "pointed" }, pairs.map(([wolf, target]) =>
    h("li", {}, `${name(ctx, Number(wolf))} zeigt auf ${target === null ? "niemanden" : name(ctx, target)}`)));
}

export function talk(ctx) {
  const { game } = ctx;
  const mayor = ctx.single || ctx.seat === game.mayor;
  return h("section", { class: "card" },
    wordBanner(ctx),
    h("h2", {}, "Eine Minute reden"),
    h("p", {}, "Der Bürgermeister darf jetzt mitreden. Jeder darf Rollen behaupten – Karten zeigen nicht."),
    mayor ? button("Jetzt abstimmen", () => ctx.send({ type: "decide", kind: "end_talk" }), "primary") : null);
}

export function vote(ctx) {
  const { game, ui, s } = ctx;
  if (ctx.single) {
    ui.votes = ui.votes || {};
    const rows = s.seats.map((seat, voter) => h("div", { class: "vote-row" },
      h("label", { for: `vote-${voter}` }, seat.name, " zeigt auf"),
      h("select", { id: `vote-${voter}`, onchange: (e) => { ui.votes[voter] = e.target.value === "" ? undefined : Number(e.target.value); } },
        h("option", { value: "" }, "–"),
        s.seats.map((other, target) => target === voter ? null
          : h("option", { value: target, selected: ui.votes[voter] === target }, other.name)))));
    const complete = () => s.seats.every((_, voter) => ui.votes[voter] !== undefined);
    return h("section", { class: "card" },
      wordBanner(ctx),
      h("h2", {}, "Abstimmung"),
      h("p", {}, "Alle zeigen gleichzeitig auf einen Verdächtigen – nie auf sich selbst. Trag ein, wer auf wen zeigt."),
      rows,
      button("Auswerten", () => {
        if (!complete()) { ctx.toast("Für jeden Spieler fehlt noch, auf wen er zeigt."); return; }
        ctx.send({ type: "votes", votes: ui.votes });
      }, "primary"));
  }
  const request = pending(ctx, "vote", ctx.seat);
  return h("section", { class: "card" },
    wordBanner(ctx),
    h("h2", {}, "Abstimmung"),
    game.my_vote !== null && game.my_vote !== undefined
      ? h("p", { "data-testid": "my-vote" }, `Du zeigst auf ${name(ctx, game.my_vote)}. Warte auf die anderen.`)
      : h("p", {}, "Zeig auf den, den du für den Werwolf hältst – nie auf dich selbst."),
    request ? h("div", { class: "targets" }, request.options.map((target) =>
      button(name(ctx, target), () => ctx.send({ type: "decide", kind: "vote", choice: target }), "chip"))) : null);
}

export function over(ctx) {
  const { game, s } = ctx;
  const result = game.result;
  const counts = game.counts;
  return h("section", { class: "card result" },
    h("h2", { "data-testid": "winner", class: result.winner }, WINNER[result.winner]),
    h("p", {}, REASON[result.reason] || ""),
    wordBanner(ctx),
    pointedList(ctx),
    counts ? h("ul", { class: "votes" }, Object.entries(counts).map(([seat, n]) => h("li", {}, `${name(ctx, Number(seat))}: ${n} Stimme${n === 1 ? "" : "n"}`))) : null,
    h("h3", {}, "Alle Karten"),
    h("ul", { class: "roles" }, s.seats.map((seat, i) => h("li", { class: game.revealed[String(i)] },
      seat.name, i === game.mayor ? " (Bürgermeister)" : "", ": ", ROLE[game.revealed[String(i)]] || "?",
      result.winners.includes(i) ? " ★" : ""))),
    h("p", { class: "note" }, "★ gewonnen"),
    ctx.single || s.me.host || ctx.seat === game.mayor
      ? button("Neue Partie", () => ctx.send({ type: "again" }), "primary") : null);
}

export function hints(ctx) {
  const list = ctx.game?.hints || [];
  if (!list.length) return null;
  return h("details", { class: "hints", "data-testid": "hints" },
    h("summary", {}, `Leicht vergessen (${list.length})`),
    list.map((hint) => h("div", { class: "hint", dataset: { key: hint.key } },
      h("h4", {}, hint.title),
      hint.wrong ? h("p", { class: "wrong" }, "✗ Nicht: ", hint.wrong) : null,
      h("p", { class: "right" }, "✓ Richtig: ", hint.right),
      hint.pages ? h("p", { class: "pages" }, hint.pages) : null)));
}

export function whoopsButton(ctx) {
  const { ui } = ctx;
  if (!ui.whoopsArmed) {
    return button("Whoops", () => { ui.whoopsArmed = true; ctx.redraw(); }, "whoops",
      { title: "Falsches Ende? Auf das andere Spielende umschalten" });
  }
  return h("div", { class: "whoops-confirm", role: "group", "aria-label": "Whoops bestätigen" },
    h("p", {}, "Auf das andere Spielende umschalten?"),
    button("Ja, umschalten", () => { ui.whoopsArmed = false; ctx.send({ type: "decide", kind: "whoops" }); }, "primary small"),
    button("Abbrechen", () => { ui.whoopsArmed = false; ctx.redraw(); }, "secondary small"));
}
