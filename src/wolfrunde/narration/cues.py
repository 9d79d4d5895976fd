"""What the narrator says, in order: public game events turned into scene cues.

Only events everyone may see are read, so the narrator can never tell a secret. Steps of absent or
dead roles are spoken like all others.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from wolfrunde.engine import registry
from wolfrunde.engine.cards import all_cards
from wolfrunde.engine.model import SEAT_KEYS
from wolfrunde.engine.texts import role_spoken
from wolfrunde.engine.texts.catalogue import catalogue, role_texts
from wolfrunde.engine.texts.german import cardinal, ordinal
from wolfrunde.engine.texts.lines import case_key

__all__ = ["ROLE_SPOKEN", "Cue", "Narrator", "cardinal", "narrate", "ordinal"]

ROLE_SPOKEN: dict[str, str] = {role: role_spoken(role) for role in all_cards()}
"""How the narrator names a revealed card of the built-in roles ("die Seherin"); `role_spoken` for any."""


@dataclass(frozen=True)
class Cue:
    scene: str
    values: Mapping[str, Any] = field(default_factory=dict)


class Narrator:
    """Turns public events, fed in order, into cues. Knows only what the village itself has heard.

    What the narrator says for a role comes from the role's declarations (its data file's `steps` and
    `scenes`, see `wolfrunde.engine.texts.catalogue`); what it says for the core's events is written here.
    Deaths and shots of the night are held back until the morning, which names the victims first; when
    the game asks someone at dawn (the Jäger's shot, the Hauptmann's successor), the room has the morning
    told at once (`morning_now`), so that he hears of the deaths before he is asked.
    """

    def __init__(self, names: Sequence[str], deck: Iterable[str], whisper_seconds: int | None = None) -> None:
        self.names = list(names)
        self.deck = set(deck)
        self.whisper_seconds = whisper_seconds  # online: from night 2 the lovers may whisper this long
        self._sleep: str | None = None
        self._held: list[Mapping[str, Any]] = []
        self._night = False
        self._morning_told = False  # told before a question at dawn: the `morning` event adds nothing
        self._tie_said_nobody = False
        self._speakers: list[int] = []  # today's Meldeliste, as the public events built it
        self._in_deck = [role.id for role in registry.roles() if role.id in self.deck]
        self._event_cues: dict[str, Any] = {}
        for role in registry.roles():
            self._event_cues.update(role_texts(role.id).scenes.get("events", {}))

    def feed(self, event: Mapping[str, Any]) -> list[Cue]:
        if self._night and event["type"] in ("died", "shot"):
            self._held.append(event)
            return []
        handler = getattr(self, f"_on_{event['type']}", None)
        if handler is not None:
            cues: list[Cue] = handler(event)
            return cues
        declared = self._event_cues.get(event["type"])
        return self._cues(declared, event) if declared is not None else []

    # --- night -----------------------------------------------------------------------------------
    def _on_game_start(self, event: Mapping[str, Any]) -> list[Cue]:
        return [Cue("welcome")]

    def _on_night(self, event: Mapping[str, Any]) -> list[Cue]:
        self._night = True
        if event["round"] == 1:
            return [Cue("first_night_falls")]
        cues = [Cue("night_approaches"), Cue("night_falls", {"round": ordinal(event["round"])})]
        if self.whisper_seconds:  # called every night, whether or not the lovers live
            for role in self._in_deck:
                scene = role_texts(role).scenes.get("nightfall")
                if scene is not None:
                    cues.append(Cue(scene, {"seconds": cardinal(self.whisper_seconds)}))
        return cues

    def _on_step(self, event: Mapping[str, Any]) -> list[Cue]:
        step = catalogue().steps[event["step"]]
        if step.wake is None:
            return []  # a public step of the day: nothing of its own to say
        cues = self._fall_asleep()
        cues.append(Cue(step.wake))
        for role in self._in_deck:
            during = role_texts(role).scenes.get("during_step", {}).get(event["step"])
            if during is not None:
                cues.append(Cue(during))
        self._sleep = step.sleep
        return cues

    def _fall_asleep(self) -> list[Cue]:
        sleep, self._sleep = self._sleep, None
        return [Cue(sleep)] if sleep else []

    def morning_now(self) -> list[Cue]:
        """The morning at once, before the game's `morning` event, when the night's deaths are held back:
        the game asks someone at dawn, who must hear them first. What his answer brings is told as it
        comes (it is day for the narrator now)."""
        if not (self._night and any(event["type"] == "died" for event in self._held)):
            return []
        cues = self._on_morning({})
        self._morning_told = True
        return cues

    def _on_morning(self, event: Mapping[str, Any]) -> list[Cue]:
        if self._morning_told:
            self._morning_told = False
            return []
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
                cues += self._after_death(held_event)
            else:
                cues += self.feed(held_event)
        return cues

    # --- deaths and their consequences, by day and in the morning --------------------------------
    def _on_died(self, event: Mapping[str, Any]) -> list[Cue]:
        cause = catalogue().causes.get(event["cause"])
        cues = []
        if cause is not None and cause.death_scene is not None:
            cues.append(Cue(cause.death_scene, {"name": self._name(event)}))
        if not (cause is not None and cause.verdict_tells_death and "role" in event):
            cues.append(self._revealed(event))
        return cues + self._after_death(event)

    def _after_death(self, death: Mapping[str, Any]) -> list[Cue]:
        """What a revealed card has the narrator say after its holder's death (the Jäger's shot call)."""
        if "role" not in death:
            return []
        scene = role_texts(death["role"]).scenes.get("after_revealed_death")
        return [Cue(scene, {"name": self._name(death)})] if scene else []

    # --- the day ---------------------------------------------------------------------------------
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
        cause = catalogue().causes.get(event["cause"])
        scene = cause.verdict_scene if cause is not None and cause.verdict_scene else "verdict"
        return [Cue(scene, {"name": self.names[event["player"]]})]

    def _on_tie(self, event: Mapping[str, Any]) -> list[Cue]:
        cues = [Cue("tie")]
        resolution = catalogue().resolutions.get(str(event.get("resolution")))
        if resolution is not None and resolution.cue is not None:
            cues += self._cues(resolution.cue, event)
        self._tie_said_nobody = event.get("resolution") == "nobody"
        return cues

    def _on_no_verdict(self, event: Mapping[str, Any]) -> list[Cue]:
        if self._tie_said_nobody:
            self._tie_said_nobody = False
            return []
        return [Cue("no_verdict")]

    def _on_last_two_voted_each_other(self, event: Mapping[str, Any]) -> list[Cue]:
        return [Cue("two_left_draw")]

    def _on_game_over(self, event: Mapping[str, Any]) -> list[Cue]:
        return [*self._fall_asleep(), Cue(catalogue().winners[event["winner"]].scene)]

    # --- helpers ---------------------------------------------------------------------------------
    def _cues(self, entry: Any, event: Mapping[str, Any]) -> list[Cue]:
        """A declared cue: a scene id; {"scene": id, "values": {placeholder: event field}}; a list of
        cues; or {"when": field, "cases": {value: cue, "*": cue}}, chosen as for event lines."""
        if isinstance(entry, str):
            return [Cue(entry)]
        if isinstance(entry, list):
            return [cue for item in entry for cue in self._cues(item, event)]
        if "when" in entry:
            cases = entry["cases"]
            key = case_key(event.get(entry["when"]))
            return self._cues(cases[key] if key in cases else cases["*"], event)
        values = {name: self._value(event, key) for name, key in entry.get("values", {}).items()}
        return [Cue(entry["scene"], values)]

    def _value(self, event: Mapping[str, Any], key: str) -> Any:
        value = event[key]
        if key in SEAT_KEYS:
            return [self.names[s] for s in value] if isinstance(value, list) else self.names[value]
        return value

    def _name(self, death: Mapping[str, Any]) -> str:
        return self.names[int(death["player"])]

    def _revealed(self, death: Mapping[str, Any]) -> Cue:
        if "role" not in death:
            return Cue("death_role_hidden", {"name": self._name(death)})
        return Cue("death_revealed", {"name": self._name(death), "role": _role(death)})


def _role(death: Mapping[str, Any]) -> str:
    return role_spoken(death["role"])


def narrate(
    events: Iterable[Mapping[str, Any]], names: Sequence[str], deck: Iterable[str], whisper_seconds: int | None = None
) -> list[Cue]:
    """All cues for a sequence of public events (dicts with "type" and the event's fields)."""
    narrator = Narrator(names, deck, whisper_seconds)
    return [cue for event in events for cue in narrator.feed(event)]
