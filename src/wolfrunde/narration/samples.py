"""The "Hörbeispiel" on each role's page: the narrator at the moment that role is heard of.

Roles that wake at night get their waking scene; the others get the scene that belongs to them
(the Jäger is called to shoot, the Ritter's rusty blade strikes, the Dorfbewohner joins the debate).
"""

from __future__ import annotations

from pathlib import Path

from wolfrunde.narration.catalogue import Catalogue
from wolfrunde.narration.formats import AudioFormat
from wolfrunde.narration.service import Narration
from wolfrunde.narration.template import Value, spoken_duration

# Values for placeholders in a sample, where a real game would put its players.
EXAMPLE_VALUES: dict[str, Value] = {
    "name": "Greta",
    "names": ["Greta", "Anton"],
    "role": "ein Dorfbewohner",
    "round": "zweite",
    "left": "Anton",
    "right": "Greta",
    "minutes": spoken_duration(180),
    "seconds": "dreißig",
}

# Roles whose own scene is not a `<role>_wakes`: the scene that shows them best.
SAMPLE_SCENES: dict[str, str] = {
    "villager": "discussion_start",
    "elder": "morning_no_victim",
    "hunter": "hunter_shot_call",
    "scapegoat": "scapegoat_dies",
    "fool": "fool_pardoned",
    "knight": "rusty_blade",
    "angel": "victory_angel",
    "judge": "judge_second_vote",
    "captain": "captain_elected",
    "little_girl": "little_girl_peeks",
    "primal_wolf": "primal_wolf_choice",
    "sister": "sisters_wake",
    "brother": "brothers_wake",
}


def _plural(role_id: str) -> str:
    if role_id.endswith("f"):
        return role_id[:-1] + "ves"  # werewolf -> werewolves
    return role_id + "s"  # sister -> sisters


def wake_scene(catalogue: Catalogue, role_id: str) -> str:
    """The scene of a role's Hörbeispiel: its entry in SAMPLE_SCENES, else `<role>_wakes`, else the first
    `<role(s)>_…wake…` scene, else the first other scene of the role that is not its falling asleep."""
    chosen = SAMPLE_SCENES.get(role_id)
    if chosen is not None and chosen in catalogue:
        return chosen
    for exact in (f"{role_id}_wakes", f"{role_id}_wake", f"{_plural(role_id)}_wake"):
        if exact in catalogue:
            return exact
    prefixes = (f"{role_id}_", f"{_plural(role_id)}_")
    own = sorted(s.id for s in catalogue if s.id.startswith(prefixes))
    found = [s for s in own if "wake" in s] or [s for s in own if "sleep" not in s]
    if not found:
        raise LookupError(f"Keine Szene für ein Hörbeispiel der Rolle {role_id!r} im Katalog")
    return found[0]


def role_sample(
    narration: Narration, role_id: str, narrator_id: str, variant: int = 0, fmt: AudioFormat | None = None
) -> Path:
    """Audio of `narrator_id` in the scene of `role_id` (variant 0 unless told), example names filled in."""
    scene_id = wake_scene(narration.catalogue, role_id)
    return narration.render(scene_id, narrator_id, variant, EXAMPLE_VALUES, fmt)
