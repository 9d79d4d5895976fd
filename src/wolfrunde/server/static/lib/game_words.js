// The game's German words from one source, the engine's catalogue (GET /api/words): the name of each
// step, each request's question, hint and "nobody" answer, each winner's line. Load once
// (`await loadWords()`) before drawing; the lookups below are then synchronous.
import { getOnce } from "./http.js";

let words = { steps: {}, kinds: {}, winners: {} };

export async function loadWords() {
  words = await getOnce("/api/words", words);
  return words;
}

export const stepName = (step) => words.steps[step] || null;
export const question = (kind) => words.kinds[kind]?.prompt || kind;
export const hint = (kind) => words.kinds[kind]?.hint || null;
export const nobodyLabel = (kind) => words.kinds[kind]?.nobody || null;
export const winnerLine = (winner) => words.winners[winner] || winner;
