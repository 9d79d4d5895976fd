"""The room core: one actor per room for every way to play (online, table, Werwörter).

`actor.RoomActor` owns a room's command loop, its connections, its stored commands and its timers;
`kind.RoomKind` is what a way to play declares (its messages, handlers and what each member sees);
`registry.Registry` finds, creates, restores and sweeps rooms of every kind; `socket.serve_socket` is
the one WebSocket loop.
"""
