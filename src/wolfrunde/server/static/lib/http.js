// JSON over HTTP, the same for every page: GET without a body, POST with one. The server's errors are
// {"error": CODE, "message": GERMAN}; a failed request always comes back with a German message.
import { TEXT } from "./texts.js";

// { ok, status, data } for every answer; never throws (no network: status 0 and a German message).
export async function api(path, body) {
  const options = body === undefined ? { method: "GET" }
    : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  let response;
  try {
    response = await fetch(path, options);
  } catch {
    return { ok: false, status: 0, data: { message: TEXT.errors.offline } };
  }
  const data = response.status === 204 ? {} : await response.json().catch(() => ({}));
  return { ok: response.ok, status: response.status, data };
}

// The answer's data; throws an Error with the server's German message when the request failed.
export async function post(path, body) {
  return dataOf(await api(path, body));
}

export async function getJSON(path) {
  return dataOf(await api(path));
}

const once = new Map();

// GET `path` once per page: every call shares the first answer. A failure gives `fallback` and is
// asked again on the next call.
export function getOnce(path, fallback) {
  if (!once.has(path)) {
    once.set(path, getJSON(path).catch(() => { once.delete(path); return fallback; }));
  }
  return once.get(path);
}

function dataOf(result) {
  if (!result.ok) throw new Error(result.data.message || TEXT.errors.failed);
  return result.data;
}
