from typing import Any

from wolfrunde.server.channels import for_seat

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
) -> dict[str, Any]:
    return {
        "phase": phase,
        "round": round_,
        "step": step,
        "result": None,
        "you": {"alive": alive, "side": side, "role": role, "lover": lover},
    }


def test_village_talks_by_day_only_and_the_dead_only_in_the_beyond() -> None:
    assert for_seat(view("day"), None, TIMERS, 0) == {"village": True}
    assert for_seat(view("night"), None, TIMERS, 0) == {"village": False}
    assert for_seat(view("day", alive=False), None, TIMERS, 0) == {"village": False, "beyond": True}


def test_only_wolves_see_the_wolf_channel_and_write_at_night() -> None:
    assert for_seat(view("night", side="werewolves"), None, TIMERS, 0) == {"village": False, "wolves": True}
    assert for_seat(view("day", side="werewolves"), None, TIMERS, 0) == {"village": True, "wolves": False}
    assert "wolves" not in for_seat(view("night", role="seer"), None, TIMERS, 0)


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
