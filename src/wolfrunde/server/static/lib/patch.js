// Incremental game updates (server/rooms/deltas.py): after the first full `game` message the server sends
// `game_patch` messages with only what changed. `gameStream()` turns each back into the full `game`
// message, so a page sees exactly what full updates would have sent (a fresh object every time).
//
//   const updates = gameStream();
//   const message = updates.receive(JSON.parse(text)); // null: the patch does not fit, connect afresh
//   updates.since();                                    // "<stream>:<version>" for a reconnect, or null
//
// Operations: ["set", path, value] (the empty path replaces everything), ["del", path],
// ["add", path, items] (appended to the list at path); a path is a list of keys and list positions.

export function applyOps(document, ops) {
  let doc = document;
  for (const [kind, path, value] of ops) {
    if (kind === "set" && path.length === 0) { doc = value; continue; }
    let target = doc;
    const steps = kind === "add" ? path : path.slice(0, -1);
    for (const step of steps) target = target[step];
    const last = path[path.length - 1];
    if (kind === "add") target.push(...value);
    else if (kind === "set") target[last] = value;
    else if (kind === "del") {
      if (Array.isArray(target)) target.splice(last, 1);
      else delete target[last];
    } else throw new Error(`unknown operation ${kind}`);
  }
  return doc;
}

export function gameStream() {
  let stream = null, version = 0, current = null;
  const reset = () => { stream = null; version = 0; current = null; };
  return {
    since: () => (stream === null ? null : `${stream}:${version}`),
    reset,
    receive(message) {
      if (message.type === "game" && message.stream && typeof message.stream === "object") {
        const { stream: tag, ...full } = message;
        stream = tag.id;
        version = tag.version;
        current = full;
        return structuredClone(full);
      }
      if (message.type === "game_patch") {
        if (current === null || message.stream !== stream || message.from !== version) { reset(); return null; }
        current = applyOps(current, message.ops);
        version = message.version;
        return structuredClone(current);
      }
      return message;
    },
  };
}
