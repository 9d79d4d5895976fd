"""The spoken narrator: scene texts, five voices, audio cache and voice packs.

A server typically holds one `Narration` and calls:

    narration = Narration()                                  # data/voices, best installed engine
    path = narration.render("night_falls", "jutta", 3, {"round": "zweite"})
    path = narration.speak_name("Käthe", "hedda")            # when a player joins
    path = role_sample(narration, "seer", "mechthild")       # a role page's Hörbeispiel
"""

from wolfrunde.narration.catalogue import Catalogue, CatalogueError, Scene, load_catalogue
from wolfrunde.narration.formats import AudioFormat, fallback_format, preferred_format
from wolfrunde.narration.narrators import NARRATOR_IDS, NARRATORS, Narrator, narrator
from wolfrunde.narration.samples import role_sample, wake_scene
from wolfrunde.narration.service import Narration
from wolfrunde.narration.voicepack import VoicePack, VoicePackError, load_pack

__all__ = [
    "NARRATORS",
    "NARRATOR_IDS",
    "AudioFormat",
    "Catalogue",
    "CatalogueError",
    "Narration",
    "Narrator",
    "Scene",
    "VoicePack",
    "VoicePackError",
    "fallback_format",
    "load_catalogue",
    "load_pack",
    "narrator",
    "preferred_format",
    "role_sample",
    "wake_scene",
]
