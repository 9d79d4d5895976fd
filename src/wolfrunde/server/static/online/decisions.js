// One form per open request, generated from its options (docs/engine-api.md, "Requests").
// Every form is a labelled group; option buttons carry class "option", the sending button "submit".
import { el } from "../lib/dom.js";
import { roleInfo } from "../lib/roles.js";
import { TEXT } from "../lib/texts.js";
import { hint, nobodyLabel, question } from "../lib/game_words.js";

const T = TEXT.online;

// How an option of a request reads on its button: a seat's name, a role's name, Ja/Nein, a side.
export function optionLabel(value, names) {
  if (typeof value === "number") return names[value] ?? String(value);
  if (Array.isArray(value)) return TEXT.list(value.map((seat) => names[seat] ?? "?"), T.ui.nobody);
  if (typeof value === "boolean") return value ? T.ui.yes : T.ui.no;
  if (typeof value === "string") return roleInfo(value)?.name || T.values[value] || value;
  if (value === null || value === undefined) return T.ui.nobody;
  return String(value);
}
const HOLD_FULL_MS = 4000; // holding "Blinzeln" this long gives the highest clarity

// ctx: { names, picks: {kind: [...]}, decide(kind, choice, label), render() }
export function form(request, ctx) {
  const kind = request.kind;
  const titleId = "q-" + kind;
  const label = (value) => optionLabel(value, ctx.names);
  const build = builders[request.options.type] || builders.choice;
  return el("div", { class: "decision", "data-kind": kind, role: "group", "aria-labelledby": titleId },
    el("h2", { id: titleId }, question(kind)),
    hint(kind) ? el("p", { class: "hint" }, hint(kind)) : null,
    build(request, ctx, label));
}

function optionButton(text, onclick, extra) {
  return el("button", { class: "option", onclick, ...extra }, text);
}

function nobody(request, ctx) {
  if (!request.options.optional) return null;
  const text = nobodyLabel(request.kind) || T.ui.nobody;
  return el("button", { class: "secondary skip", onclick: () => ctx.decide(request.kind, null, text) }, text);
}

const builders = {
  confirm(request, ctx) {
    return el("button", { class: "submit", onclick: () => ctx.decide(request.kind, true, T.confirmFor[request.kind] || T.ui.confirm) },
      T.confirmFor[request.kind] || T.ui.confirm);
  },
  seat(request, ctx, label) {
    return [el("div", { class: "choices" }, request.options.choices.map((c) =>
      optionButton(label(c), () => ctx.decide(request.kind, c, label(c))))), nobody(request, ctx)];
  },
  card(request, ctx, label) { return builders.seat(request, ctx, label); },
  gap(request, ctx, label) { return builders.seat(request, ctx, label); },
  choice(request, ctx, label) {
    return el("div", { class: "choices" }, (request.options.choices || []).map((c) =>
      optionButton(label(c), () => ctx.decide(request.kind, c, label(c)))));
  },
  seats(request, ctx, label) {
    const o = request.options, picked = ctx.picks[request.kind] || [];
    const toggle = (c) => {
      const now = picked.includes(c) ? picked.filter((x) => x !== c) : [...picked, c];
      ctx.picks[request.kind] = now;
      if (now.length === o.count) ctx.decide(request.kind, now, label(now)); else ctx.render();
    };
    return [el("p", { class: "hint" }, T.ui.pickCount(o.count, picked.length)),
      el("div", { class: "choices" }, o.choices.map((c) => optionButton(label(c), () => toggle(c),
        { class: picked.includes(c) ? "option picked" : "option", "aria-pressed": picked.includes(c) ? "true" : "false" }))),
      nobody(request, ctx)];
  },
  witch(request, ctx, label) {
    const o = request.options;
    const select = (id, text, seats) => [el("label", { for: id }, text),
      el("select", { id }, el("option", { value: "" }, T.ui.noPotion), seats.map((c) => el("option", { value: c }, label(c))))];
    const value = (id) => { const v = document.getElementById(id).value; return v === "" ? null : Number(v); };
    return [o.heal.length ? select("heal", T.ui.heal, o.heal) : el("p", { class: "hint" }, T.ui.noHeal),
      o.poison.length ? select("poison", T.ui.poison, o.poison) : el("p", { class: "hint" }, T.ui.noPoison),
      el("button", { class: "submit", onclick: () => {
        const heal = o.heal.length ? value("heal") : null, poison = o.poison.length ? value("poison") : null;
        const said = [heal === null ? null : `${T.ui.heal} ${label(heal)}`, poison === null ? null : `${T.ui.poison} ${label(poison)}`];
        ctx.decide(request.kind, { heal, poison }, said.filter(Boolean).join(", ") || T.ui.noPotion);
      } }, T.ui.confirm)];
  },
  number(request, ctx) {
    const o = request.options, low = o.min ?? 0, high = o.max ?? 100;
    const meter = el("progress", { max: high, value: low, "aria-label": T.ui.clarity });
    let started = null, ticker = null;
    const clarity = () => Math.min(high, Math.max(low, Math.round(low + (high - low) * (Date.now() - started) / HOLD_FULL_MS)));
    const begin = (event) => {
      if (started !== null) return;
      if (event) event.preventDefault();
      started = Date.now();
      ticker = setInterval(() => { meter.value = clarity(); }, 100);
    };
    const end = () => {
      if (started === null) return;
      clearInterval(ticker);
      const value = clarity();
      started = null;
      ctx.decide(request.kind, value, T.ui.clarityValue(value));
    };
    const hold = el("button", { class: "submit hold", "aria-describedby": "hold-hint",
      onpointerdown: begin, onpointerup: end, onpointerleave: end,
      onkeydown: (e) => { if ((e.key === " " || e.key === "Enter") && !e.repeat) begin(e); },
      onkeyup: (e) => { if (e.key === " " || e.key === "Enter") end(); } }, T.ui.blink);
    return [el("p", { class: "hint", id: "hold-hint" }, T.ui.blinkHint), hold, meter,
      el("button", { class: "secondary skip", onclick: () => ctx.decide(request.kind, low, T.ui.noBlink) }, T.ui.noBlink)];
  },
};
