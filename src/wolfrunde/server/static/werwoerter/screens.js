// What a device shows at each stage of the room. Pure rendering: every action goes through ctx.send.
import { countdown } from "../lib/clock.js";
import { button, el } from "../lib/dom.js";
import { roleName } from "../lib/roles.js";
import { TEXT } from "../lib/texts.js";
import { narratorName, narratorPicker } from "../lib/voices.js";

const T = {
  ...TEXT.ww,
  voicesMaking: (ready, total) => `Die Stimme des Erzählers wird vorbereitet: ${ready} von ${total} Sätzen.`,
  voicesReady: "Die Stimme des Erzählers ist bereit.",
  holdCard: "Gedrückt halten: deine Karte",
  holdCardHint: "Nur solange du drückst, ist deine Karte zu sehen.",
  sure: (label) => `${label} – wirklich? Nochmal tippen`,
  votesFor: (voter) => `${voter} zeigt auf`,
  remove: "Entfernen",
  removeGuest: (name) => `${name} entfernen`,
};

// The day's length as typed, in whole minutes (the server takes 30 to 3600 seconds); null when it is none.
export const DAY_MINUTES = { min: 1, max: 60 };
export function dayMinutes(raw) {
  const text = String(raw).trim();
  const minutes = Number(text);
  if (!/^\d+$/.test(text) || minutes < DAY_MINUTES.min || minutes > DAY_MINUTES.max) return null;
  return minutes;
}

// A button whose action cannot be undone asks first: the first tap arms it, the second (within a few
// seconds) acts.
function confirmed(label, action, attrs = {}) {
  const node = button(label, () => {
    if (node.dataset.armed) { delete node.dataset.armed; action(); return; }
    node.dataset.armed = "1";
    node.textContent = T.sure(label);
    setTimeout(() => { delete node.dataset.armed; node.textContent = label; }, 4000);
  }, attrs);
  return node;
}

// How far the round's clips are made (the night waits for them); null when nothing is to be made.
export function voicesReady(s) {
  const v = s.voices;
  return !v || v.ready >= v.total;
}

function voicesProgress(s) {
  const v = s.voices;
  if (!v || !v.total) return null;
  const done = v.ready >= v.total;
  return el("div", { class: "voices", "data-testid": "voices" },
    el("progress", { max: v.total, value: v.ready, "aria-label": T.voicesMaking(v.ready, v.total) }),
    el("p", { class: "note" }, done ? T.voicesReady : T.voicesMaking(v.ready, v.total)));
}
const ANSWERS = ["ja", "nein", "vielleicht", "knapp_daneben"];

export function name(ctx, seat) { return seat === null || seat === undefined ? T.theMiddle : ctx.s.seats[seat]?.name ?? "?"; }
function pending(ctx, kind, seat) {
  return (ctx.game?.pending || []).find((r) => r.kind === kind && (seat === undefined || r.seat === seat));
}
function cardName(role) { return role === "mayor" ? T.mayor : roleName(role); }
function levelName(level) { return T.levels[level]; }

export function timer(deadline) {
  return deadline ? countdown(deadline, { urgentBelow: 30 }) : null;
}

// --- lobby (own devices) -----------------------------------------------------------------------
export function lobby(ctx) {
  const { s } = ctx;
  const link = `${location.origin}/ww/${s.code}`;
  const host = s.me.host;
  return el("section", { class: "card" },
    el("h2", {}, T.waitingTitle),
    el("p", {}, T.scan),
    el("img", { class: "qr", src: `/api/ww/rooms/${s.code}/qr.svg`, alt: T.qr(link), width: 180, height: 180 }),
    el("p", { class: "code" }, T.code, el("strong", { "data-testid": "room-code" }, s.code)),
    el("p", { class: "link" }, el("a", { href: link, "data-testid": "join-link" }, link)),
    el("h3", {}, T.players(s.seats.length)),
    el("ul", { class: "players" }, s.seats.map((seat, i) =>
      el("li", { class: seat.online ? "online" : "offline" }, seat.name, i === 0 ? T.hostMark : "",
        i === s.me.seat ? T.youMark : "",
        host && i !== 0 ? button(T.remove, () => ctx.send({ type: "remove", seat: i }),
          { class: "secondary small ww-remove", "aria-label": T.removeGuest(seat.name) }) : null))),
    host ? settingsForm(ctx) : el("p", {}, T.settingsLine(levelName(s.settings.difficulty), s.settings.day_seconds / 60,
      narratorName(s.settings.narrator))),
    voicesProgress(s),
    host ? button(T.start, () => ctx.send({ type: "start" }), { class: "primary", disabled: s.seats.length < 4 || !voicesReady(s) }) : null,
    host && s.seats.length < 4 ? el("p", { class: "note" }, T.fromFour) : null);
}

function settingsForm(ctx) {
  const { s } = ctx;
  const level = el("select", { id: "ww-level", onchange: (e) => ctx.send({ type: "settings", difficulty: Number(e.target.value) }) },
    [1, 2, 3, 4].map((n) => el("option", { value: n, selected: n === s.settings.difficulty }, levelName(n))));
  const shown = Math.round(s.settings.day_seconds / 60);
  const minutes = el("input", { id: "ww-minutes", type: "number", min: DAY_MINUTES.min, max: DAY_MINUTES.max, step: 1,
    value: shown, required: true,
    onchange: (e) => {
      const chosen = dayMinutes(e.target.value);
      if (chosen === null) { ctx.toast(T.dayMinutesRange, "error"); e.target.value = shown; return; }
      ctx.send({ type: "settings", day_seconds: chosen * 60 });
    } });
  const speaker = el("select", { id: "ww-speaker", onchange: (e) => ctx.send({ type: "settings", speaker: Number(e.target.value) }) },
    s.seats.map((seat, i) => el("option", { value: i, selected: i === s.settings.speaker }, seat.name)));
  const narrator = narratorPicker({ id: "ww-narrator", value: s.settings.narrator,
    onchange: (e) => ctx.send({ type: "settings", narrator: e.target.value }) });
  return el("div", { class: "form" },
    el("label", { for: "ww-level" }, T.difficulty), level,
    el("label", { for: "ww-minutes" }, T.dayMinutes), minutes, ...narrator.nodes,
    el("label", { for: "ww-speaker" }, T.speakerDevice), speaker);
}

// --- dealing -------------------------------------------------------------------------------------
export function deal(ctx) {
  const { s, game } = ctx;
  const mayorName = name(ctx, game.mayor);
  if (ctx.single) {
    const turn = s.stage.turn;
    if (turn >= s.seats.length) {
      return el("section", { class: "card" },
        el("h2", {}, T.allKnow),
        el("p", {}, el("strong", {}, mayorName), T.mayorTakes),
        game.redealt ? el("p", { class: "note" }, T.redealt) : null,
        el("p", {}, T.pressPlay), voicesProgress(s),
        button(T.playButton, () => ctx.send({ type: "play" }), { class: "primary big", disabled: !voicesReady(s) }));
    }
    if (!s.stage.open || !ctx.card) {
      return el("section", { class: "card cover" },
        el("h2", {}, T.giveDevice(s.seats[turn].name)),
        el("p", {}, T.onlyYouLook),
        button(T.showCard, () => ctx.send({ type: "reveal" }), { class: "primary big" }));
    }
    return el("section", { class: "card" }, heldCard(ctx.card),
      button(T.hideAndPass, () => ctx.send({ type: "next" }), { class: "primary" }));
  }
  const mine = ctx.seat === game.mayor;
  return el("section", { class: "card" },
    el("p", {}, T.mayorIs, el("strong", {}, mayorName)),
    ownCard(ctx),
    mine || s.me.host
      ? [el("p", {}, T.whenReady), voicesProgress(s),
        button(T.playButton, () => ctx.send({ type: "play" }), { class: "primary big", disabled: !voicesReady(s) })]
      : el("p", { class: "note" }, T.mayorPlays));
}

// One device: every card looks alike until it is held; only then its colour and text show.
function heldCard(card) {
  const hold = el("button", { class: "held-card", "data-testid": "held-card", "aria-describedby": "held-hint" }, T.holdCard);
  const reveal = () => hold.replaceChildren(roleCard(card.role, card.mayor, card.name));
  const hide = () => hold.replaceChildren(T.holdCard);
  hold.addEventListener("pointerdown", reveal);
  ["pointerup", "pointerleave", "pointercancel", "blur"].forEach((e) => hold.addEventListener(e, hide));
  hold.addEventListener("keydown", (e) => { if (e.key === " " || e.key === "Enter") { e.preventDefault(); reveal(); } });
  hold.addEventListener("keyup", hide);
  return el("div", {}, el("p", { class: "note", id: "held-hint" }, T.holdCardHint), hold);
}

function secretRoleCard(role) {
  return el("div", { class: `role ${role}`, "data-testid": "role-card" },
    el("h2", {}, cardName(role)), el("p", {}, T.mayorCardText[role] || ""));
}

function roleCard(role, mayor, who) {
  if (mayor) {
    return el("div", { class: "role mayor", "data-testid": "role-card" },
      el("p", { class: "small" }, who),
      el("h2", {}, T.mayor),
      el("p", {}, T.mayorCard));
  }
  return el("div", { class: `role ${role}`, "data-testid": "role-card" },
    who ? el("p", { class: "small" }, who) : null,
    el("h2", {}, cardName(role)), el("p", {}, T.cardText[role] || ""));
}

function ownCard(ctx) {
  const { game, ui } = ctx;
  if (ctx.single) return null;
  const mayor = ctx.seat === game.mayor;
  if (!ui.showRole) {
    return button(mayor ? T.showMyCard : T.showMyRole, () => { ui.showRole = true; ctx.redraw(); }, { class: "secondary" });
  }
  return el("div", {},
    mayor ? roleCard(null, true, null) : roleCard(game.role, false, null),
    mayor && ui.tappedRole ? el("p", {}, T.secretRole, el("strong", {}, cardName(game.role))) : null,
    button(T.cover, () => { ui.showRole = false; ctx.redraw(); }, { class: "secondary" }));
}

// --- the night -----------------------------------------------------------------------------------
export function night(ctx) {
  const { s, game, ui } = ctx;
  const stage = s.stage.name;
  if (!nightShows(ctx, stage)) {
    return el("section", { class: "card night", "data-testid": "cover" },
      el("div", { class: "moon", "aria-hidden": "true" }, "☾"),
      el("h2", {}, T.cover[stage] || T.nightTitle));
  }
  if (stage === "mayor") {
    if (!ui.tappedRole) {
      return el("section", { class: "card night" },
        el("h2", {}, T.mayorLooks),
        button(T.tapSecretRole, () => { ui.tappedRole = true; ctx.redraw(); }, { class: "primary big" }));
    }
    const request = pending(ctx, "choose_word");
    return el("section", { class: "card night" },
      el("p", {}, T.yourSecretRole), secretRoleCard(game.role),
      el("h3", {}, T.chooseWord(levelName(game.difficulty))),
      el("div", { class: "words" }, (request?.options || []).map((word) =>
        button(word, () => ctx.send({ type: "decide", kind: "choose_word", choice: word }), { class: "word-choice" }))));
  }
  if (stage === "wolves_meet") {
    const wolves = (game.werewolves || []).filter((seat) => seat !== ctx.seat).map((seat) => name(ctx, seat));
    return el("section", { class: "card night wolf" },
      el("h2", {}, T.wolvesLook),
      wolves.length ? el("p", {}, T.yourPack, el("strong", {}, wolves.join(", "))) : null);
  }
  const who = stage === "seer_word" ? T.seerLabel : T.wolvesLabel;
  return el("section", { class: "card night" },
    el("p", {}, T.wordIs(who)),
    el("p", { class: "word", "data-testid": "night-word" }, game.word || "…"),
    stage === "wolves_word" && ctx.single && game.werewolf_count > 1 ? el("p", {}, T.twoWolves) : null);
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
  return el("section", { class: "card day" },
    counters(game),
    mayor ? mayorPanel(ctx) : playerPanel(ctx),
    markerLog(ctx));
}

function counters(game) {
  const left = game.markers_left || {};
  return el("div", { class: "counters", "data-testid": "counters" },
    Object.keys(T.pools).map((pool) => el("div", { class: "counter", dataset: { pool } },
      el("span", { class: "count" }, left[pool] ?? 0), el("span", { class: "label" }, T.pools[pool]))));
}

function mayorPanel(ctx) {
  const { game, ui } = ctx;
  const askers = ctx.s.seats.map((_, i) => i).filter((i) => i !== game.mayor);
  if (!askers.includes(ui.asker)) ui.asker = null;
  const answer = pending(ctx, "answer");
  const available = new Set((answer?.options || []).map(([marker]) => marker));
  const chosen = ui.asker;
  const give = (marker) => { // the asker is cleared: the next question has another asker
    ctx.send({ type: "decide", kind: "answer", choice: [marker, chosen] });
    ui.asker = null;
    ctx.redraw();
  };
  return el("div", { class: "mayor-panel" },
    el("div", { class: "word-peek" },
      ui.peek ? el("span", { class: "word small-word", "data-testid": "mayor-word" }, game.word) : null,
      ui.peek && game.role ? el("span", { class: "note" }, T.youAre(cardName(game.role))) : null,
      button(ui.peek ? T.hideWord : T.showWord, () => { ui.peek = !ui.peek; ctx.redraw(); }, { class: "secondary small" })),
    el("h3", {}, T.whoAsked),
    el("div", { class: "askers", role: "group", "aria-label": T.asker }, askers.map((seat) =>
      button(name(ctx, seat), () => { ui.asker = seat; ctx.redraw(); },
        { class: seat === chosen ? "chip on" : "chip", "aria-pressed": String(seat === chosen) }))),
    el("div", { class: "answers" }, ANSWERS.map((marker) =>
      button(T.markers[marker], () => give(marker),
        { class: `answer ${marker}`, disabled: chosen === null || !available.has(marker), dataset: { marker } }))),
    el("div", { class: "extras" },
      pending(ctx, "way_off")
        ? button(chosen === null ? T.wayOffMiddle : T.wayOffTo(name(ctx, chosen)),
          () => ctx.send({ type: "decide", kind: "way_off", choice: chosen }), { class: "secondary" })
        : null,
      confirmed(chosen === null ? T.correctFirst : T.correctBy(name(ctx, chosen)),
        () => ctx.send({ type: "decide", kind: "correct", choice: chosen }), { class: "correct", disabled: chosen === null })),
    el("p", { class: "note" }, T.lastMarkerEnds));
}

function playerPanel(ctx) {
  const { game, ui } = ctx;
  return el("div", {},
    el("p", {}, T.askMayor),
    ui.showRole
      ? el("div", { class: "secret" },
        el("p", {}, T.youAreRole, el("strong", {}, cardName(game.role)), T.period),
        game.word ? el("p", {}, T.theWord, el("strong", { "data-testid": "my-word" }, game.word)) : null,
        button(T.cover, () => { ui.showRole = false; ctx.redraw(); }, { class: "secondary small" }))
      : button(T.showMyRole, () => { ui.showRole = true; ctx.redraw(); }, { class: "secondary small" }));
}

function markerLog(ctx) {
  const { game } = ctx;
  return el("div", { class: "log" },
    el("h3", {}, T.markerTitle),
    game.log.length === 0 ? el("p", { class: "note" }, T.noMarkers) : null,
    el("ol", { class: "marker-log", "data-testid": "marker-log", reversed: true }, [...game.log].reverse().slice(0, 30).map((entry) =>
      el("li", { dataset: { marker: entry.marker } }, el("span", { class: `dot ${entry.marker}` }),
        T.markerLine(name(ctx, entry.to), T.markers[entry.marker])))));
}

// --- endings -------------------------------------------------------------------------------------
function wordBanner(ctx) {
  const { game } = ctx;
  return el("div", { class: "banner" },
    game.day_end ? el("p", {}, dayEnd(game)) : null,
    game.word ? el("p", {}, T.wordWas, el("strong", { "data-testid": "revealed-word" }, game.word)) : null);
}

function dayEnd(game) {
  const guessed = game.day_end.reason === "guessed";
  if (game.ending === "guessed" && !guessed) return T.whoopsGuessed;
  if (game.ending === "not_guessed" && guessed) return T.whoopsNotGuessed;
  return T.dayEnd[game.day_end.reason] || "";
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
    entries.push(el("div", { class: "point-entry" },
      el("h3", {}, ctx.single ? T.pointsAtColon(name(ctx, wolf)) : T.pointYourself),
      el("div", { class: "targets" }, request.options.map((target) =>
        button(name(ctx, target), () => ctx.send({ type: "decide", kind: "point", seat: wolf, choice: target }), { class: "chip" })))));
  }
  return el("section", { class: "card" },
    wordBanner(ctx),
    el("p", {}, wolves.length > 1 ? T.wolvesReveal : T.wolfReveals,
      el("strong", { "data-testid": "wolves" }, wolves.map((seat) => name(ctx, seat)).join(T.and))),
    el("p", {}, now ? T.pointNow : T.talkBeforePointing),
    pointedList(ctx),
    entries,
    ctx.single && open.length ? button(T.nobodyPointed, () => ctx.send({ type: "nobody" }), { class: "secondary" }) : null);
}

function pointedList(ctx) {
  const pairs = Object.entries(ctx.game.pointed || {});
  if (!pairs.length) return null;
  return el("ul", { class: "pointed" }, pairs.map(([wolf, target]) =>
    el("li", {}, T.points(name(ctx, Number(wolf)), target === null ? T.nobodyTarget : name(ctx, target)))));
}

export function talk(ctx) {
  const { game } = ctx;
  const mayor = ctx.single || ctx.seat === game.mayor;
  return el("section", { class: "card" },
    wordBanner(ctx),
    el("h2", {}, T.talkTitle),
    el("p", {}, T.talkHint),
    mayor ? button(T.voteNow, () => ctx.send({ type: "decide", kind: "end_talk" }), { class: "primary" }) : null);
}

export function vote(ctx) {
  const { game, ui, s } = ctx;
  if (ctx.single) {
    ui.votes = ui.votes || {};
    // one tap per player: the name he points at
    const rows = s.seats.map((seat, voter) => el("div", { class: "vote-row", id: `vote-${voter}`, role: "group",
      "aria-label": T.votesFor(seat.name) },
      el("p", { class: "voter" }, seat.name, T.pointsAtLabel),
      el("div", { class: "chips" }, s.seats.map((other, target) => target === voter ? null
        : button(other.name, () => { ui.votes[voter] = target; ctx.redraw(); },
          { class: ui.votes[voter] === target ? "chip on" : "chip", "aria-pressed": String(ui.votes[voter] === target) })))));
    const complete = () => s.seats.every((_, voter) => ui.votes[voter] !== undefined);
    return el("section", { class: "card" },
      wordBanner(ctx),
      el("h2", {}, T.voteTitle),
      el("p", {}, T.voteHintSingle),
      rows,
      button(T.count, () => {
        if (!complete()) { ctx.toast(T.voteMissing, "error"); return; }
        ctx.send({ type: "votes", votes: ui.votes });
      }, { class: "primary" }));
  }
  const request = pending(ctx, "vote", ctx.seat);
  return el("section", { class: "card" },
    wordBanner(ctx),
    el("h2", {}, T.voteTitle),
    game.my_vote !== null && game.my_vote !== undefined
      ? el("p", { "data-testid": "my-vote" }, T.myVote(name(ctx, game.my_vote)))
      : el("p", {}, T.voteHint),
    request ? el("div", { class: "targets" }, request.options.map((target) =>
      button(name(ctx, target), () => ctx.send({ type: "decide", kind: "vote", choice: target }), { class: "chip" }))) : null);
}

export function over(ctx) {
  const { game, s } = ctx;
  const result = game.result;
  const counts = game.counts;
  return el("section", { class: "card result" },
    el("h2", { "data-testid": "winner", class: result.winner }, T.winners[result.winner]),
    el("p", {}, T.reasons[result.reason] || ""),
    wordBanner(ctx),
    pointedList(ctx),
    counts ? el("ul", { class: "votes" }, Object.entries(counts).map(([seat, n]) => el("li", {}, T.votes(name(ctx, Number(seat)), n)))) : null,
    el("h3", {}, T.allCards),
    el("ul", { class: "roles" }, s.seats.map((seat, i) => el("li", { class: game.revealed[String(i)] },
      seat.name, i === game.mayor ? T.mayorMark : "", ": ", cardName(game.revealed[String(i)]),
      result.winners.includes(i) ? T.wonMark : ""))),
    el("p", { class: "note" }, T.wonNote),
    ctx.single || s.me.host || ctx.seat === game.mayor
      ? button(T.again, () => ctx.send({ type: "again" }), { class: "primary" }) : null);
}

export function hints(ctx) {
  const list = ctx.game?.hints || [];
  if (!list.length) return null;
  return el("details", { class: "hints", "data-testid": "hints" },
    el("summary", {}, T.forgotten(list.length)),
    list.map((hint) => el("div", { class: "hint", dataset: { key: hint.key } },
      el("h4", {}, hint.title),
      hint.wrong ? el("p", { class: "wrong" }, T.wrong, hint.wrong) : null,
      el("p", { class: "right" }, T.right, hint.right),
      hint.pages ? el("p", { class: "pages" }, hint.pages) : null)));
}

export function whoopsButton(ctx) {
  const { ui } = ctx;
  if (!ui.whoopsArmed) {
    return button(T.whoops, () => { ui.whoopsArmed = true; ctx.redraw(); }, { class: "whoops", title: T.whoopsTitle });
  }
  return el("div", { class: "whoops-confirm", role: "group", "aria-label": T.whoopsConfirm },
    el("p", {}, T.whoopsQuestion),
    button(T.whoopsYes, () => { ui.whoopsArmed = false; ctx.send({ type: "decide", kind: "whoops" }); }, { class: "primary small" }),
    button(T.cancel, () => { ui.whoopsArmed = false; ctx.redraw(); }, { class: "secondary small" }));
}
