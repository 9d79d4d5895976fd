"""One device, one whole night with the narrator's real pace (narration_wait=1.0) on a virtual clock: the
device speaks the lines in the order of its screens, Reihum and Augen zu. Each screen carries every line
told by the tap that brought it (a pass screen its own: the nightfall, not the turn after it), no line is
left out when many come at once, the lines of a later screen are never spoken before an earlier screen's,
and the server's clock of what has been heard is the device's queue playing screen after screen.

Augen zu, the table taps as the device lets it (a button that moves the game on waits for the narrator):
each call carries its own wake line, nobody acts on a question before the line that calls it has been
heard (the called role's turn, the Jäger's shot at dawn, the votes), and the morning comes with the first
screen after the night."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from tests.server.test_table_narration_wait import single_device
from tests.server.test_table_single import tap

from wolfrunde.engine.texts.catalogue import catalogue
from wolfrunde.server.narration_voices import CUE_GAP
from wolfrunde.server.rooms.protocol import Refusal
from wolfrunde.server.table import knowledge as k
from wolfrunde.server.table.single import SingleDevice

TAP_SECONDS = 1.0  # a tap a second: faster than the narrator speaks, so lines queue up on the device
# a Jäger who may die at dawn, a Dieb whose two centre cards are called though nobody holds them, lovers
DECK = ["thief", "werewolf", "werewolf", "hunter", "seer", "witch", "cupid", "bodyguard", "villager", "villager"]
CALLED_BY = {  # the line that calls a question of the day (a night step's: its wake line)
    "hunter": "hunter_shot_call",
    "captain": "captain_election_start",
    "captain_runoff": "captain_runoff",
    "vote": "vote_call",
}
Shown = list[tuple[dict[str, Any], float, list[dict[str, Any]]]]
Chooser = Callable[[dict[str, Any], random.Random], tuple[str, dict[str, Any]]]


def one_night(device: SingleDevice, seed: int, *, patient: bool = False, choose: Chooser = tap) -> Shown:
    """The screens from the deal to the first day's discussion: (screen, when it was shown, its new lines
    as the device takes them: the captions with a higher number than any before). `patient`: the table
    taps a button that moves the game on only once the device enables it (`tapped`)."""
    assert device.narration is not None and device.narration.wait == 1.0
    rng = random.Random(seed)
    at, last, shown = 0.0, -1, []  # the table opens at 0: the welcome is told then
    for _ in range(500):
        screen = device.screen()
        fresh = [cue for cue in screen.get("captions", []) if cue["id"] > last]
        last = fresh[-1]["id"] if fresh else last
        told = [cue["id"] for cue in device.narration.cues]
        assert last == (told[-1] if told else -1), f"{screen['screen']}: a told line is not on the screen"
        shown.append((screen, at, fresh))
        if screen["screen"] in ("discussion", "over"):
            return shown
        at = tapped(screen, at, patient)
        for _attempt in range(50):  # a refused tap is tapped again, as a player reads the reason
            try:
                device.apply(*choose(screen, rng), at)
                break
            except Refusal:
                assert device.screen() == screen, "a refused tap changes nothing"
        else:
            raise AssertionError(f"every tap on {screen['screen']} was refused")
    raise AssertionError("the night did not end")


def tapped(screen: dict[str, Any], at: float, patient: bool) -> float:
    """When the table taps on a screen shown at `at`: a second later; `patient`, as `static/table/single.js`
    lets it: a button that moves the game on no sooner than the device has told everything, and the call
    of an absent role passes by itself after its pause (and the narrator)."""
    if not patient:
        return at + TAP_SECONDS
    told, kind = screen["spoken_until"], screen["screen"]
    if kind == "call" and not screen["acting"]:
        return at + max(screen["pause"], told - at)
    moves_on = kind in ("call", "public", "hands", "discussion")
    if moves_on or (kind == "pass" and screen["purpose"] not in ("deal", "card")):
        return max(at + TAP_SECONDS, told)
    return at + TAP_SECONDS


def heard(shown: Shown) -> dict[int, float]:
    """When the device has said each line (cue id): its queue plays a screen's lines from when the screen
    is shown or the last line ends, each followed by the player's pause (lib/narration.js GAP_MS). Every
    screen's `spoken_until` is that clock."""
    until, ends = 0.0, {}
    for screen, at, fresh in shown:
        for index, cue in enumerate(fresh):
            until = (max(until, at) if index == 0 else until) + cue["seconds"] + CUE_GAP
            ends[cue["id"]] = until
        assert screen["spoken_until"] == pytest.approx(until), f"{screen['screen']} at {at}"
    return ends


def after(at: float, heard: float) -> bool:
    """`at` is no sooner than `heard` (times summed from lengths differ in the last digits)."""
    return at >= heard - 1e-6


def told_once_in_order(shown: Shown) -> dict[str, int]:
    """Every line once, in the order told; returns the screen each scene was first spoken on."""
    played = [cue for _, _, fresh in shown for cue in fresh]
    assert [cue["id"] for cue in played] == list(range(len(played))), "every line once, in the order told"
    first: dict[str, int] = {}
    for index, (_, _, fresh) in enumerate(shown):
        for cue in fresh:
            first.setdefault(cue["scene"], index)
    return first


@pytest.mark.parametrize("vote", ["hands", "secret"])
@pytest.mark.parametrize(("seed", "deck"), [(1, False), (2, False), (3, True), (4, False), (5, False), (6, True)])
def test_one_device_speaks_a_reihum_night_in_the_order_of_its_screens(
    seed: int, deck: bool, vote: str, tmp_path: Path
) -> None:
    shown = one_night(single_device(seed, "round", vote, tmp_path, roles=DECK if deck else None), seed)
    first_screen = told_once_in_order(shown)
    called_before_asked(shown, heard(shown), patient=False)
    screens = [screen for screen, _, _ in shown]
    welcome, nightfall = first_screen["welcome"], first_screen["round_first_night_falls"]
    assert screens[welcome]["screen"] == "pass" and screens[welcome]["purpose"] == "deal"
    fall = screens[nightfall]
    assert fall["screen"] == "pass" and fall["purpose"] == "round", "the pass screen carries the nightfall"
    assert all(s["purpose"] == "deal" for s in screens[:nightfall]), "the first pass of the round says it"
    round_ends = next(i for i, s in enumerate(screens) if i > nightfall and s.get("purpose") != "round")
    mornings = [scene for scene in first_screen if scene.startswith("morning")]
    assert len(mornings) == 1 and first_screen[mornings[0]] == round_ends, "the morning comes with the day"
    assert all(not fresh for _, _, fresh in shown[nightfall + 1 : round_ends]), "nothing is said during the round"
    assert screens[-1]["screen"] == "discussion" and first_screen["discussion_start"] == len(shown) - 1
    discussion = screens[-1]
    assert discussion["spoken_until"] > shown[-1][1], "the narrator was still speaking when the day began"
    assert all(mark["at"] >= discussion["spoken_until"] for mark in discussion["marks"]), "no warning too early"


def aiming_at_the_jaeger(device: SingleDevice) -> Chooser:
    """Random taps, but the pack chooses the Jäger (while he sits at the table), the Leibwächter guards
    someone else and the Hexe keeps her potions: he dies at dawn and is asked for his shot."""

    def choose(screen: dict[str, Any], rng: random.Random) -> tuple[str, dict[str, Any]]:
        op, data = tap(screen, rng)
        questions = screen.get("questions", []) if screen["screen"] == "turn" else []
        jaeger = next((s for s in range(device.match.seats) if k.own_role(device.match, s) == "hunter"), None)
        kinds = [question["kind"] for question in questions]
        if kinds == ["witch"]:
            data = {"answers": {"0": {"heal": None, "poison": None}}}
        elif kinds in (["werewolves"], ["bodyguard"]) and jaeger in questions[0]["options"]["choices"]:
            others = [s for s in questions[0]["options"]["choices"] if s != jaeger]
            data = {"answers": {"0": jaeger if kinds == ["werewolves"] else rng.choice(others)}}
        return op, data

    return choose


def called_before_asked(shown: Shown, ends: dict[int, float], *, patient: bool) -> None:
    """Every question of the day (the Jäger's shot at dawn, the votes) is shown with the line that calls it
    or after it; `patient`: and answered only once that line has been heard (a ballot is answered when
    shown, its cover waited; the table's own questions by the tap after the screen)."""
    for index, (screen, at, _) in enumerate(shown):
        kind = asked_kind(screen)
        if kind not in CALLED_BY:
            continue
        said = [cue["id"] for _, _, lines in shown[: index + 1] for cue in lines if cue["scene"] == CALLED_BY[kind]]
        assert said, f"{kind} was asked before the narrator called it"
        answered = at if screen["screen"] == "turn" else shown[index + 1][1]
        assert after(answered, ends[said[-1]]) or not patient, f"{kind} was answered before its call was heard"


def asked_kind(screen: dict[str, Any]) -> str | None:
    """The kind of the question a screen asks the table (None: it asks none)."""
    if screen["screen"] == "hands":
        return str(screen["kind"])
    if screen["screen"] in ("turn", "public") and screen["questions"]:
        return str(screen["questions"][0]["kind"])
    return None


def eyes_closed_night(seed: int, vote: str, voices: Path, *, aimed: bool) -> tuple[SingleDevice, Shown]:
    device = single_device(seed, "eyes_closed", vote, voices, roles=DECK)
    choose = aiming_at_the_jaeger(device) if aimed else tap
    return device, one_night(device, seed, patient=True, choose=choose)


@pytest.mark.parametrize("vote", ["hands", "secret"])
@pytest.mark.parametrize(("seed", "aimed"), [(1, True), (2, True), (3, False), (4, False), (6, True)])
def test_one_device_speaks_an_augen_zu_night_in_the_order_of_its_screens(
    seed: int, aimed: bool, vote: str, tmp_path: Path
) -> None:
    device, shown = eyes_closed_night(seed, vote, tmp_path, aimed=aimed)
    first_screen = told_once_in_order(shown)
    ends = heard(shown)
    screens = [screen for screen, _, _ in shown]
    welcome, nightfall = first_screen["welcome"], first_screen["first_night_falls"]
    assert screens[welcome]["screen"] == "pass" and screens[welcome]["purpose"] == "deal"
    assert screens[nightfall]["screen"] == "call" and screens[nightfall]["call"] == 0, "the first call falls the night"
    assert all(s["purpose"] == "deal" for s in screens[:nightfall])

    steps = [k.step_of(device.match, index) for index in k.step_indices(device.match)]
    calling: int | None = None  # the cue id of the line that calls what the table does now
    for index, (screen, at, fresh) in enumerate(shown):
        if screen["screen"] == "call" and (index == 0 or screens[index - 1].get("call") != screen["call"]):
            wake = catalogue().steps[steps[screen["call"]]].wake
            woken = [cue["id"] for cue in fresh if cue["scene"] == wake]
            scenes = [cue["scene"] for cue in fresh]
            assert len(woken) == 1, f"call {screen['call']} ({wake}) does not carry its own wake line: {scenes}"
            calling = woken[0]
        elif screen["screen"] == "turn" and screen["purpose"] == "night":
            assert calling is not None and after(at, ends[calling]), f"{screen['label']}: the turn came before its call"
    called_before_asked(shown, ends, patient=True)

    night_ends = next(
        i for i, s in enumerate(screens) if i > nightfall and s["screen"] != "call" and s.get("purpose") != "night"
    )
    mornings = [scene for scene in first_screen if scene.startswith("morning")]
    assert len(mornings) == 1 and first_screen[mornings[0]] == night_ends, "the morning comes after the night"
    last = screens[-1]
    if last["screen"] == "over":  # the Jäger's shot (or his lover's grief) ended the game
        victory = next(scene for scene in first_screen if scene.startswith("victory_"))
        assert first_screen[victory] == len(shown) - 1, "the end screen tells the end"
    else:
        assert last["screen"] == "discussion" and first_screen["discussion_start"] == len(shown) - 1
        assert all(mark["at"] >= last["spoken_until"] for mark in last["marks"]), "no warning too early"


@pytest.mark.parametrize("seed", [1, 6, 8])  # 8: the Dieb takes the Jäger from the centre
def test_the_jaeger_hears_the_morning_before_he_is_asked_for_his_shot(seed: int, tmp_path: Path) -> None:
    """At dawn the Jäger's question is the table's next screen: it carries the morning that names him and
    his call, so the table hears of his death before he shoots; the shot is told after it."""
    device, shown = eyes_closed_night(seed, "hands", tmp_path, aimed=True)
    first_screen = told_once_in_order(shown)
    asks = [index for index, (screen, _, _) in enumerate(shown) if asked_kind(screen) == "hunter"]
    assert len(asks) == 1, "the Jäger died at dawn and was asked once"
    (ask,) = asks
    said = [cue["scene"] for cue in shown[ask][2]]
    morning = next(scene for scene in said if scene.startswith("morning"))
    assert said.index(morning) < said.index("hunter_shot_call"), said
    jaeger = next(s for s in range(device.match.seats) if k.own_role(device.match, s) == "hunter")
    named = next(cue for cue in shown[ask][2] if cue["scene"] == morning)
    assert device.match.setup["names"][jaeger] in named["text"], "the morning names the Jäger"
    shot = "hunter_shot" if "hunter_shot" in first_screen else "hunter_no_shot"
    assert first_screen[shot] > ask, "his shot is told after he has shot"
