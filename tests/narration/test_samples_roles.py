"""Every role has a Hörbeispiel: a fitting scene, spoken with example names."""

import pytest

from wolfrunde.engine.texts import role_pages
from wolfrunde.narration.formats import decode
from wolfrunde.narration.narrators import NARRATOR_IDS
from wolfrunde.narration.samples import SAMPLE_SCENES, role_sample, wake_scene

from .sound import speech_seconds

ROLES = sorted(role_pages())


def test_there_are_all_28_roles_and_each_has_a_scene_of_its_own(narration) -> None:
    assert len(ROLES) == 28
    scenes = {role: wake_scene(narration.catalogue, role) for role in ROLES}
    assert scenes["villager"] == "discussion_start" and scenes["knight"] == "rusty_blade"
    assert scenes["angel"] == "victory_angel" and scenes["elder"] == "morning_no_victim"
    assert scenes["seer"] == "seer_wakes" and scenes["werewolf"] == "werewolves_wake"
    assert set(SAMPLE_SCENES) <= set(ROLES)
    assert all(scene in narration.catalogue for scene in SAMPLE_SCENES.values())


@pytest.mark.parametrize("index", range(len(ROLES)))
def test_each_role_sample_is_audible_speech(narration, index) -> None:
    role = ROLES[index]
    narrator_id = NARRATOR_IDS[index % len(NARRATOR_IDS)]
    sound = decode(role_sample(narration, role, narrator_id))
    assert 1.0 < sound.seconds < 25, role
    assert speech_seconds(sound) > 0.6 * sound.seconds - 1.0, f"{role}: mostly silence"
