"""What the two table kinds share (`server/kinds/table_single.py`, `server/kinds/table_own.py`).

`single.SingleDevice` is the pass-the-device flow, `own_game.OwnDevicesGame` the game of everyone's own
device and `seat_view` one such device's payload; `lobby` holds the seats and the host's choices,
`devices` how a device proves who it is, `http` the endpoints of both.
"""
