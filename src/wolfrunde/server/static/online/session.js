// Who is logged in on this page (GET /api/me), shared by the screens.
export const session = { me: null };

export function isHost(lobby) {
  return Boolean(session.me && lobby && lobby.host_id === session.me.id);
}
