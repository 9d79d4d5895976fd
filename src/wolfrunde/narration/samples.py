"""The "Hörbeispiel" on each role's page: the narrator waking that role."""

from __future__ import annotations

from pathlib import Path

from wolfrunde.narration.catalogue import Catalogue
from wolfrunde.narration.formats import AudioFormat
from wolfrunde.narration.service import Narration
from wolfrunde.narration.template import Value

# Values for placeholders in a sample, where a real game would put its players.
EXAMPLE_VALUES: dict[str, Value] = {
    "name": "Greta",
    "names": ["Greta", "Anton"],
    "role": "Dorfbewohner",
    "round": "zweite",
    "left": "Anton",
    "right": "Greta",
    "minutes": "drei",
}


def _plural(role_id: str) -> str:
    if role_id.endswith("f"):
        return role_id[:-1] + "ves"  # werewolf -> werewolves
    return role_id + "s"  # sister -> sisters


def wake_scene(catalogue: Catalogue, role_id: str) -> str:
    """The scene that wakes this role: `<role>_wakes`, else the first `<role(s)>_…wake…` scene, else the
    first other scene of the role that is not its falling asleep (the Mädchen peeks, the Jäger shoots)."""
    for exact in (f"{role_id}_wakes", f"{role_id}_wake", f"{_plural(role_id)}_wake"):
        if exact in catalogue:
            return exact
    prefixes = (f"{role_id}_", f"{_plural(role_id)}_")
    own = sorted(s.id for s in catalogue if s.id.startswith(prefixes))
    found = [s for s in own if "wake" in s] or [s for s in own if "sleep" not in s]
    if not found:
        raise LookupError(f"Keine Weck-Szene für die Rolle {role_id!r} im Katalog")
    return found[0]


def role_sample(
    narration: Narration, role_id: str, narrator_id: str, variant: int = 0, fmt: AudioFormat | None = None
) -> Path:
    """Audio of `narrator_id` waking `role_id` (variant 0 unless told), with example names filled in."""
    scene_id = wake_scene(narration.catalogue, role_id)
    return narration.render(scene_id, narrator_id, variant, EXAMPLE_VALUES, fmt)
