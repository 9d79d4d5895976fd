// The table's own words on top of the toolkit's (lib/texts.js): what the table screens added since.
import { TEXT } from "../lib/texts.js";

export const T = {
  ...TEXT.table,
  noNews: "Keine Neuigkeiten.",
  nothingNew: "Nichts Neues.",
  notSelectable: (name) => `${name} kann hier nicht gewählt werden.`,
  nobodyNotAllowed: "„Niemand“ geht hier nicht: Tippe einen Namen an.",
  resultDone: "Fertig – Gerät weitergeben",
  resultToMiddle: "Gerät zurück in die Mitte, Augen zu",
  locked: (seconds) => `Bestätigen in ${seconds} s`,
  news: "Neuigkeiten",
  suspicions: "Verdächtigt in den Nächten",
  suspected: (name, count) => `${name}: ${count}-mal`,
  gameLog: "Das ganze Spiel, Nacht für Nacht",
  againSame: "Nochmal – dieselben Spieler und Rollen",
  againChange: "Nochmal – Rollen oder Einstellungen ändern",
  againOwn: "Nochmal mit denselben Spielern",
  timeLeft: "Zeit:",
  dialPause: "Sonnenuhr anhalten",
  dialResume: "Sonnenuhr weiterlaufen lassen",
  dialExtend: "+1 Minute",
  dialPaused: (left) => `Angehalten – noch ${left}`,
  handsCounted: (n, of) => `${n} von ${of} Händen gezählt`,
  captainVotedFor: (captain, name) => `Hauptmann ${captain} stimmte für ${name} (zählt doppelt)`,
  captainHint: (captain) => `★: Hier hob Hauptmann ${captain} die Hand (zählt doppelt, mit einem Tipp mitgezählt).`,
};
