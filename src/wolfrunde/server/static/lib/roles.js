// Every role's name, side and description, from one source: the server's GET /api/roles.
// Load once (`await loadRoles()`) before drawing; the lookups below are then synchronous.
import { getOnce } from "./http.js";

let cards = {};

export async function loadRoles() {
  cards = await getOnce("/api/roles", cards);
  return cards;
}

export function roleName(id) {
  return id && cards[id] ? cards[id].name : (id || "?");
}

// One card's name, as a player holds it ("Schwester"; `roleName` names the set, "Schwestern").
export function cardName(id) {
  return id && cards[id] ? cards[id].one_name || cards[id].name : (id || "?");
}

export function roleInfo(id) {
  return cards[id] || null;
}

export function allRoles() {
  return cards;
}
