// Every role's name, side and description, from one source: the server's GET /api/roles.
// Load once (`await loadRoles()`) before drawing; the lookups below are then synchronous.
import { getJSON } from "./http.js";

let cards = {};
let loading = null;

export function loadRoles() {
  if (!loading) {
    loading = getJSON("/api/roles").then((data) => { cards = data; return cards; })
      .catch(() => { loading = null; return cards; });
  }
  return loading;
}

export function roleName(id) {
  return id && cards[id] ? cards[id].name : (id || "?");
}

export function roleInfo(id) {
  return cards[id] || null;
}

export function allRoles() {
  return cards;
}
