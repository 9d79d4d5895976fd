"""The host of a Werwörter round on own devices takes a guest off the lobby; later seats move up."""

from __future__ import annotations

from pathlib import Path

from tests.server.test_werwoerter_room import devices_room, registry_in, round_in, run, send, settle


def test_the_host_removes_a_guest_from_the_lobby(tmp_path: Path) -> None:
    async def scenario() -> None:
        room, devices = await devices_room(registry_in(tmp_path))
        for device in devices:
            device.drain()
        send(room, devices[3], type="remove", seat=1)
        send(room, devices[0], type="remove", seat=0)
        send(room, devices[0], type="remove", seat=2)
        await settle(room)
        assert [m["code"] for m in devices[3].drain() if m["type"] == "error"] == ["not_host"]
        assert [m["code"] for m in devices[0].drain() if m["type"] == "error"] == ["no_such_seat"]
        assert any(m["type"] == "removed" for m in devices[2].drain()), "the removed guest is told"
        names = [seat.name for seat in round_in(room).state.seats]
        assert names == ["Anna", "Ben", "Dora", "Emil"]
        assert devices[3].last_state()["me"]["seat"] == 2, "the guests after him move up"

    run(scenario)
