// Engine events as German lines, for the online round's news and log. The one piece of the client that
// turns events into text; the server is getting this job (an `event_line` in the engine layer) and then
// sends the lines, so this module is kept as it is until it can be deleted.
import { roleInfo, roleName } from "../lib/roles.js";
import { TEXT } from "../lib/texts.js";

const T = TEXT.online;
const GROUPS = ["werewolves", "lovers", "sisters", "brothers", "enchanted"]; // "… erwachen", not "erwacht"

export function nameList(names, seats) {
  return TEXT.list((Array.isArray(seats) ? seats : [seats]).map((s) => names[s] ?? "?"), T.ui.nobody);
}

// One line per event, or null for events that need no line of their own.
export function describe(event, names) {
  const n = (s) => nameList(names, s);
  const r = (id) => roleName(id);
  switch (event.type) {
    case "game_start": return "Die Partie beginnt.";
    case "role": return `${n(event.player)} erhält die Karte ${r(event.role)}.`;
    case "night": return `Die ${event.round}. Nacht bricht herein.`;
    case "day": return `Der ${event.round}. Tag beginnt.`;
    case "step": return `${T.steps[event.step] || event.step} ${GROUPS.includes(event.step) ? "erwachen" : "erwacht"}.`;
    case "morning": return event.dead.length ? `Am Morgen fehlen: ${n(event.dead)}.` : "Am Morgen fehlt niemand.";
    case "died": return `${n(event.player)} ist tot${event.cause && event.cause !== "night" ? ` (${T.causes[event.cause] || event.cause})` : ""}${event.role ? ` – war ${r(event.role)}` : ""}.`;
    case "death": return `${n(event.player)} ist tot (${T.causes[event.cause] || event.cause})${event.role ? ` – war ${r(event.role)}` : ""}.`;
    case "companions": return `Ihr erkennt einander: ${n(event.members)} (${r(event.role)}).`;
    case "lovers": return `Amor hat ${n(event.lovers)} verliebt.`;
    case "pack": return `Das Rudel: ${n(event.pack)}.`;
    case "pack_victim": return `Das Rudel wählt ${n(event.target)}.`;
    case "alpha_victim": return `Der Leitwolf reißt zusätzlich ${n(event.target)}.`;
    case "white_wolf_victim": return `Der Weiße Wolf wählt ${n(event.target)}.`;
    case "seen": return `Die Seherin sieht: ${n(event.target ?? event.player)} ist ${r(event.role)}.`;
    case "sniffed": return `Der Fuchs schnuppert bei ${n(event.group)}: ${event.wolf_found ? "ein Wolf ist darunter!" : "kein Wolf."}`;
    case "guarded": return `Du beschützt ${n(event.player)}.`;
    case "attacked": return event.attacked.length ? `Heute Nacht angegriffen: ${n(event.attacked)}.` : "Heute Nacht wurde niemand angegriffen.";
    case "healed": return `Du rettest ${n(event.player)} mit dem Heiltrank.`;
    case "poisoned": return `Du vergiftest ${n(event.player)}.`;
    case "letter_written": return `Dein Schmähbrief hängt an der Tür von ${n(event.accused)}.`;
    case "accusation": return `Ein Schmähbrief hängt an der Tür von ${n(event.accused)}: zwei Stimmen mehr bei der nächsten Abstimmung.`;
    case "dog": return `Der Hund liegt zwischen ${n([event.left, event.right])} und ${event.growl ? "knurrt!" : "bleibt ruhig."}`;
    case "enchanting": return `Du verzauberst ${n(event.players)}.`;
    case "enchanted": return "Du bist verzaubert.";
    case "enchanted_list": return `Verzaubert sind: ${n(event.enchanted)}.`;
    case "thief_took": return `Du nimmst die Karte ${r(event.role)}.`;
    case "centre_cards": return `In der Mitte liegen: ${event.cards.map(r).join(" und ")}.`;
    case "side_chosen": return `Du hast dich für ${T.values[event.side] || event.side} entschieden.`;
    case "model_chosen": return `Dein Vorbild ist ${n(event.model)}.`;
    case "foundling_turned": return `Dein Vorbild ${n(event.model)} ist tot: Du gehörst jetzt zu den Wölfen.`;
    case "infected": return `${n(event.player)} wurde infiziert und gehört jetzt zum Rudel.`;
    case "captain": return `${n(event.captain)} ist Hauptmann.`;
    case "captain_not_elected": return "Das Dorf hat keinen Hauptmann gewählt.";
    case "captain_runoff": return `Stichwahl um das Hauptmannsamt zwischen ${n(event.tied)}.`;
    case "votes": return "Abstimmung: " + (Object.entries(event.counts).map(([s, c]) => `${n(Number(s))} ${c}`).join(", ") || "keine Stimmen") + ".";
    case "tie": return `Gleichstand zwischen ${n(event.tied)}.`;
    case "no_verdict": return "Niemand wird verurteilt.";
    case "verdict": return `${n(event.player)} wird verurteilt.`;
    case "fool_pardoned": return `${n(event.player)} ist der Dorfnarr und wird begnadigt.`;
    case "judge_demanded": return "Der Richter verlangt eine zweite Abstimmung.";
    case "maid_stepped_forward": return `Die Magd ${n(event.maid)} übernimmt die Rolle von ${n(event.player)}.`;
    case "maid_took_card": return `Du übernimmst die Rolle ${r(event.role)}.`;
    case "shot": return `Der Jäger ${n(event.player)} schießt auf ${n(event.target)}.`;
    case "girl_caught": return `Das Mädchen ${n(event.girl)} wurde ertappt.`;
    case "hand_raised": return `${n(event.player)} meldet sich.`;
    case "speaker_done": return `${n(event.player)} hat ausgeredet.`;
    case "last_two_voted_each_other": return `${n(event.players)} stimmen füreinander.`;
    case "game_over": return T.winners[event.winner] || "Die Partie ist aus.";
    default: return null;
  }
}

// How an option of a request reads on its button: a seat's name, a role's name, Ja/Nein, a side.
export function optionLabel(value, names) {
  if (typeof value === "number") return names[value] ?? String(value);
  if (Array.isArray(value)) return nameList(names, value);
  if (typeof value === "boolean") return value ? T.ui.yes : T.ui.no;
  if (typeof value === "string") return roleInfo(value)?.name || T.values[value] || value;
  return String(value);
}
