"""Table modes: one device in the middle of the table, or everyone's own device as a guest.

`room.TableRoom` owns one table game (one asyncio task, commands stored before their effects);
`single.SingleDevice` is the pass-the-device flow; `seat_view` builds one own device's payload.
"""
