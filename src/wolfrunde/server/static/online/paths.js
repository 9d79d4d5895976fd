// Where the online round lives: its own page (the start of the online round) and a room's link.
export const HOME = "/online";

export function roomPath(code) {
  return `/r/${encodeURIComponent(code)}`;
}

// The room code of a room link ("/r/k7qwm" → "K7QWM"), or null.
export function roomCode(pathname) {
  const match = pathname.match(/^\/r\/([A-Za-z0-9]+)$/);
  return match ? match[1].toUpperCase() : null;
}
