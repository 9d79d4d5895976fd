from typing import Any

from wolfrunde.server.online.channels import for_seat, pack_since

TIMERS = {"night": 45, "day": 180, "vote": 60, "lovers": 30}


def view(
    phase: str,
    *,
    alive: bool = True,
    side: str = "village",
    role: str = "villager",
    lover: int | None = None,
    step: str | None = None,
    round_: int = 1,
    pack_nights: tuple[int, ...] = (),
) -> dict[str, Any]:
    events: list[dict[str, Any]] = []
    for night in range(1, round_ + 1):
        events.append({"type": "night", "round": night})
        if night in pack_nights:
            events.append({"type": "pack", "pack": [0, 3]})
    return {
        "seat": 0,
        "phase": phase,
        "round": round_,
        "step": step,
        "result": None,
        "events": events,
        "you": {"alive": alive, "side": side, "role": role, "lover": lover},
    }


def test_village_talks_by_day_only_and_the_dead_only_in_the_beyond() -> None:
    assert for_seat(view("day"), None, TIMERS, 0) == {"village": True}
    assert for_seat(view("night"), None, TIMERS, 0) == {"village": False}
    assert for_seat(view("day", alive=False), None, TIMERS, 0) == {"village": False, "beyond": True}


def test_only_wolves_see_the_wolf_channel_and_write_at_night() -> None:
    wolf = {"side": "werewolves", "pack_nights": (1,)}
    assert for_seat(view("night", **wolf), None, TIMERS, 0) == {"village": False, "wolves": True}
    assert for_seat(view("day", **wolf), None, TIMERS, 0) == {"village": True, "wolves": False}
    assert "wolves" not in for_seat(view("night", role="seer"), None, TIMERS, 0)


def test_an_infected_player_joins_the_wolves_channel_only_when_he_wakes_with_the_pack() -> None:
    """Infected in night 2 (his side is the wolves' at once), he wakes with the pack from night 3 on."""
    infected = view("night", side="werewolves", round_=2, pack_nights=())
    assert "wolves" not in for_seat(infected, None, TIMERS, 0), "not in the same night"
    next_night = view("night", side="werewolves", round_=3, pack_nights=(3,))
    assert for_seat(next_night, None, TIMERS, 0)["wolves"] is True
    assert pack_since(next_night) == 3, "he reads the wolves' lines from night 3 on"
    assert pack_since(view("night", side="werewolves", round_=3, pack_nights=(1, 2, 3))) == 1


def test_lovers_whisper_from_night_two_for_thirty_seconds() -> None:
    timer = {"night_started": 100.0}
    assert for_seat(view("night", lover=3, round_=1), timer, TIMERS, 101)["lovers"] is False
    assert for_seat(view("night", lover=3, round_=2), timer, TIMERS, 129)["lovers"] is True
    assert for_seat(view("night", lover=3, round_=2), timer, TIMERS, 131)["lovers"] is False
    assert "lovers" not in for_seat(view("night", round_=2), timer, TIMERS, 101)


def test_sisters_and_brothers_talk_during_their_own_step() -> None:
    assert for_seat(view("night", role="sister", step="sisters"), None, TIMERS, 0)["sisters"] is True
    assert for_seat(view("night", role="sister", step="seer"), None, TIMERS, 0)["sisters"] is False
    assert for_seat(view("night", role="brother", step="brothers"), None, TIMERS, 0)["brothers"] is True
    assert "sisters" not in for_seat(view("night", role="brother", step="sisters"), None, TIMERS, 0)


def test_at_the_end_every_log_is_open() -> None:
    end = view("over") | {"result": {"winner": "village", "winners": []}}
    channels = for_seat(end, None, TIMERS, 0)
    assert set(channels) == {"village", "wolves", "lovers", "sisters", "brothers", "beyond"}
    assert [c for c, write in channels.items() if write] == ["village"]
