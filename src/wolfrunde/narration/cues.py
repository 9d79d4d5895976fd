"""What the narrator says, in order: public game events turned into scene cues.

Only events everyone may see are read, so the narrator can never tell a secret. Steps of absent or
dead roles are spoken like all others.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

ROLE_SPOKEN: dict[str, str] = {
    "werewolf": "ein Werwolf",
    "villager": "ein Dorfbewohner",
    "seer": "die Seherin",
    "witch": "die Hexe",
    "hunter": "der Jäger",
    "cupid": "Amor",
    "bodyguard": "der Leibwächter",
    "elder": "der Älteste",
    "little_girl": "das Mädchen",
    "thief": "der Dieb",
    "scapegoat": "der Sündenbock",
    "denouncer": "der Denunziant",
    "dog_handler": "der Hundeführer",
    "border_crosser": "der Grenzgänger",
    "foundling": "das Findelkind",
    "sister": "eine der Schwestern",
    "brother": "einer der Brüder",
    "primal_wolf": "der Urwolf",
    "alpha_wolf": "der Leitwolf",
    "white_wolf": "der Weiße Wolf",
    "fox": "der Fuchs",
    "piper": "der Flötenspieler",
    "fool": "der Dorfnarr",
    "knight": "der Ritter",
    "angel": "der Engel",
    "judge": "der Richter",
    "maid": "die Magd",
    "captain": "der Hauptmann",
}
# night step -> (scene when its role wakes, scene when it falls asleep)
STEP_SCENES: dict[str, tuple[str, str]] = {
    "thief": ("thief_wakes", "thief_sleeps"),
    "border_crosser": ("border_crosser_wakes", "border_crosser_sleeps"),
    "foundling": ("foundling_wakes", "foundling_sleeps"),
    "cupid": ("cupid_wakes", "cupid_sleeps"),
    "lovers": ("lovers_wake", "lovers_sleep"),
    "sisters": ("sisters_wake", "sisters_sleep"),
    "brothers": ("brothers_wake", "brothers_sleep"),
    "bodyguard": ("bodyguard_wakes", "bodyguard_sleeps"),
    "denouncer": ("denouncer_wakes", "denouncer_sleeps"),
    "werewolves": ("werewolves_wake", "werewolves_sleep"),
    "alpha_wolf": ("alpha_wolf_wakes", "alpha_wolf_sleeps"),
    "white_wolf": ("white_wolf_wakes", "white_wolf_sleeps"),
    "seer": ("seer_wakes", "seer_sleeps"),
    "fox": ("fox_wakes", "fox_sleeps"),
    "dog_handler": ("dog_handler_wakes", "dog_handler_sleeps"),
    "witch": ("witch_wakes", "witch_sleeps"),
    "piper": ("piper_wakes", "piper_sleeps"),
    "enchanted": ("enchanted_wake", "enchanted_sleep"),
    "maid": ("maid_wakes", "maid_sleeps"),
}
VICTORY_SCENES = {
    w: f"victory_{w}" for w in ("village", "werewolves", "lovers", "angel", "pied_piper", "white_wolf", "draw")
}
_ORDINALS = (
    "erste",
    "zweite",
    "dritte",
    "vierte",
    "fünfte",
    "sechste",
    "siebte",
    "achte",
    "neunte",
    "zehnte",
    "elfte",
    "zwölfte",
    "dreizehnte",
    "vierzehnte",
    "fünfzehnte",
    "sechzehnte",
    "siebzehnte",
    "achtzehnte",
    "neunzehnte",
)
_UNITS = ("", "ein", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun")
_TENS = {2: "zwanzig", 3: "dreißig", 4: "vierzig", 5: "fünfzig", 6: "sechzig", 7: "siebzig", 8: "achtzig", 9: "neunzig"}
_SMALL = (
    "null",
    "eins",
    "zwei",
    "drei",
    "vier",
    "fünf",
    "sechs",
    "sieben",
    "acht",
    "neun",
    "zehn",
    "elf",
    "zwölf",
    "dreizehn",
    "vierzehn",
    "fünfzehn",
    "sechzehn",
    "siebzehn",
    "achtzehn",
    "neunzehn",
)


def cardinal(number: int) -> str:
    """The German number word for 0 to 999 ("fünfundvierzig" Sekunden)."""
    if not 0 <= number < 1000:
        return str(number)
    if number < 20:
        return _SMALL[number]
    if number < 100:
        tens, units = divmod(number, 10)
        return f"{_UNITS[units]}und{_TENS[tens]}" if units else _TENS[tens]
    hundreds, rest = divmod(number, 100)
    return f"{_UNITS[hundreds]}hundert" + (cardinal(rest) if rest else "")


def ordinal(number: int) -> str:
    """The German ordinal word for 1 to 59 (die "zweite" Nacht)."""
    if 1 <= number <= len(_ORDINALS):
        return _ORDINALS[number - 1]
    tens, units = divmod(number, 10)
    if tens not in _TENS or tens > 5:
        return f"{number}."
    return f"{_UNITS[units]}und{_TENS[tens]}ste" if units else f"{_TENS[tens]}ste"


@dataclass(frozen=True)
class Cue:
    scene: str
    values: Mapping[str, Any] = field(default_factory=dict)


class Narrator:
    """Turns public events, fed in order, into cues. Knows only what the village itself has heard.

    Deaths and shots of the night are held back until the morning, which names the victims first.
    """

    def __init__(self, names: Sequence[str], deck: Iterable[str], whisper_seconds: int | None = None) -> None:
        self.names = list(names)
        self.deck = set(deck)
        self.whisper_seconds = whisper_seconds  # online: from night 2 the lovers may whisper this long
        self._sleep: str | None = None
        self._held: list[Mapping[str, Any]] = []
        self._captain: int | None = None
        self._night = False
        self._tie_said_nobody = False
        self._speakers: list[int] = []  # today's Meldeliste, as the public events built it

    def feed(self, event: Mapping[str, Any]) -> list[Cue]:
        if self._night and event["type"] in ("died", "shot"):
            self._held.append(event)
            return []
        handler = getattr(self, f"_on_{event['type']}", None)
        return handler(event) if handler else []

    # --- night -----------------------------------------------------------------------------------
    def _on_game_start(self, event: Mapping[str, Any]) -> list[Cue]:
        return [Cue("welcome")]

    def _on_night(self, event: Mapping[str, Any]) -> list[Cue]:
        self._night = True
        if event["round"] == 1:
            return [Cue("first_night_falls")]
        cues = [Cue("night_approaches"), Cue("night_falls", {"round": ordinal(event["round"])})]
        if self.whisper_seconds and "cupid" in self.deck:  # called every night, whether or not the lovers live
            cues.append(Cue("lovers_whisper", {"seconds": cardinal(self.whisper_seconds)}))
        return cues

    def _on_step(self, event: Mapping[str, Any]) -> list[Cue]:
        cues = self._fall_asleep()
        wake, sleep = STEP_SCENES[event["step"]]
        cues.append(Cue(wake))
        if event["step"] == "werewolves":
            if "little_girl" in self.deck:
                cues.append(Cue("little_girl_peeks"))
            if "primal_wolf" in self.deck:
                cues.append(Cue("primal_wolf_choice"))
        self._sleep = sleep
        return cues

    def _fall_asleep(self) -> list[Cue]:
        sleep, self._sleep = self._sleep, None
        return [Cue(sleep)] if sleep else []

    def _on_morning(self, event: Mapping[str, Any]) -> list[Cue]:
        cues = self._fall_asleep()
        held, self._held = self._held, []
        self._night = False
        victims = [e for e in held if e["type"] == "died" and e["cause"] == "night"]
        if not any(e["type"] == "died" for e in held):
            cues.append(Cue("morning_no_victim"))
        elif len(victims) == 1 and "role" in victims[0]:
            cues.append(Cue("morning_one_victim", {"name": self._name(victims[0]), "role": _role(victims[0])}))
        elif victims:
            cues.append(Cue("morning_several_victims", {"names": [self._name(v) for v in victims]}))
            cues += [self._revealed(v) for v in victims]
        for held_event in held:
            if held_event in victims:
                cues += self._hunter_call(held_event)
            else:
                cues += self.feed(held_event)
        return cues

    # --- deaths and their consequences, by day and in the morning --------------------------------
    def _on_died(self, event: Mapping[str, Any]) -> list[Cue]:
        cause = event["cause"]
        cues = []
        if cause in ("grief", "rusty_blade"):
            cues.append(Cue(cause, {"name": self._name(event)}))
        if cause != "scapegoat" or "role" not in event:
            cues.append(self._revealed(event))
        return cues + self._hunter_call(event)

    def _hunter_call(self, death: Mapping[str, Any]) -> list[Cue]:
        return [Cue("hunter_shot_call", {"name": self._name(death)})] if death.get("role") == "hunter" else []

    def _on_shot(self, event: Mapping[str, Any]) -> list[Cue]:
        if event["target"] is None:
            return [Cue("hunter_no_shot")]
        return [Cue("hunter_shot", {"name": self.names[event["target"]]})]

    def _on_accusation(self, event: Mapping[str, Any]) -> list[Cue]:
        return [Cue("denouncer_letter", {"name": self.names[event["accused"]]})]

    def _on_dog(self, event: Mapping[str, Any]) -> list[Cue]:
        scene = "dog_growls" if event["growl"] else "dog_silent"
        return [Cue(scene, {"left": self.names[event["left"]], "right": self.names[event["right"]]})]

    def _on_captain_election(self, event: Mapping[str, Any]) -> list[Cue]:
        return [Cue("captain_election_start")]

    def _on_captain_runoff(self, event: Mapping[str, Any]) -> list[Cue]:
        return [Cue("captain_runoff", {"names": [self.names[s] for s in event["tied"]]})]

    def _on_captain(self, event: Mapping[str, Any]) -> list[Cue]:
        old, self._captain = self._captain, event["captain"]
        name = self.names[event["captain"]]
        if event["by"] == "chance":
            return [Cue("captain_chance", {"name": name})]
        if event["by"] == "successor" and old is not None:
            return [Cue("captain_successor_call", {"name": self.names[old]}), Cue("captain_successor", {"name": name})]
        return [Cue("captain_elected", {"name": name})]

    def _on_discussion(self, event: Mapping[str, Any]) -> list[Cue]:
        return [Cue("discussion_start")]

    def _on_day(self, event: Mapping[str, Any]) -> list[Cue]:
        self._speakers = []
        return []

    def _on_hand_raised(self, event: Mapping[str, Any]) -> list[Cue]:
        """Meldeliste: the first hand on an empty list gets the word at once."""
        self._speakers.append(event["player"])
        return self._give_word() if len(self._speakers) == 1 else []

    def _on_speaker_done(self, event: Mapping[str, Any]) -> list[Cue]:
        if self._speakers and self._speakers[0] == event["player"]:
            self._speakers.pop(0)
        return self._give_word() if self._speakers else []

    def _give_word(self) -> list[Cue]:
        return [Cue("meldeliste_next", {"name": self.names[self._speakers[0]]})]

    def _on_vote_started(self, event: Mapping[str, Any]) -> list[Cue]:
        return [Cue("revote_call" if event["kind"] == "revote" else "vote_call")]

    def _on_verdict(self, event: Mapping[str, Any]) -> list[Cue]:
        name = self.names[event["player"]]
        if event["cause"] == "scapegoat":
            return [Cue("scapegoat_dies", {"name": name})]
        return [Cue("verdict", {"name": name})]

    def _on_tie(self, event: Mapping[str, Any]) -> list[Cue]:
        cues = [Cue("tie")]
        resolution = event.get("resolution")
        if resolution == "captain" and self._captain is not None:
            cues.append(Cue("captain_tiebreak_call", {"name": self.names[self._captain]}))
        elif resolution == "nobody":
            cues.append(Cue("tie_nobody_dies"))
        self._tie_said_nobody = resolution == "nobody"
        return cues

    def _on_no_verdict(self, event: Mapping[str, Any]) -> list[Cue]:
        if self._tie_said_nobody:
            self._tie_said_nobody = False
            return []
        return [Cue("no_verdict")]

    def _on_fool_pardoned(self, event: Mapping[str, Any]) -> list[Cue]:
        return [Cue("fool_pardoned", {"name": self.names[event["player"]]})]

    def _on_maid_stepped_forward(self, event: Mapping[str, Any]) -> list[Cue]:
        return [Cue("maid_takes_over", {"name": self.names[event["player"]]})]

    def _on_judge_demanded(self, event: Mapping[str, Any]) -> list[Cue]:
        return [Cue("judge_second_vote")]

    def _on_last_two_voted_each_other(self, event: Mapping[str, Any]) -> list[Cue]:
        return [Cue("two_left_draw")]

    def _on_game_over(self, event: Mapping[str, Any]) -> list[Cue]:
        return [*self._fall_asleep(), Cue(VICTORY_SCENES[event["winner"]])]

    # --- helpers ---------------------------------------------------------------------------------
    def _name(self, death: Mapping[str, Any]) -> str:
        return self.names[death["player"]]

    def _revealed(self, death: Mapping[str, Any]) -> Cue:
        if "role" not in death:
            return Cue("death_role_hidden", {"name": self._name(death)})
        return Cue("death_revealed", {"name": self._name(death), "role": _role(death)})


def _role(death: Mapping[str, Any]) -> str:
    return ROLE_SPOKEN[death["role"]]


def narrate(
    events: Iterable[Mapping[str, Any]], names: Sequence[str], deck: Iterable[str], whisper_seconds: int | None = None
) -> list[Cue]:
    """All cues for a sequence of public events (dicts with "type" and the event's fields)."""
    narrator = Narrator(names, deck, whisper_seconds)
    return [cue for event in events for cue in narrator.feed(event)]
