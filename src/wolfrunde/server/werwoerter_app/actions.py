"""What the devices of a Werwörter room may ask for, and what a stage's deadline does.

`who` is the asking seat, or DEVICE (-1) for the one device of a single-device room, which acts for
every seat. Errors go back to the asking connection only, in German.
"""

from __future__ import annotations

import random
import secrets
from typing import TYPE_CHECKING, Any

from wolfrunde.narration.narrators import NARRATOR_IDS
from wolfrunde.server.connection import Connection
from wolfrunde.server.werwoerter_app import stages as st
from wolfrunde.server.werwoerter_app.cues import DEFAULT_NARRATOR, UNKNOWN_NARRATOR, scenes_for_events
from wolfrunde.werwoerter import Decision, Game, IllegalMove, Kind, Phase, Setup
from wolfrunde.werwoerter.events import Event
from wolfrunde.werwoerter.game_setup import MAX_DAY_SECONDS, MIN_DAY_SECONDS
from wolfrunde.werwoerter.roles import MIN_PLAYERS, werewolf_count

if TYPE_CHECKING:
    from wolfrunde.server.werwoerter_app.timings import Timings

DEVICE = -1
"""The identity of the one device of a single-device room (it acts for every seat)."""
RESTARTING = {"ending_started", "vote_started", "game_ended"}

KINDS_BY_STAGE: dict[str, set[Kind]] = {
    st.MAYOR: {Kind.CHOOSE_WORD},
    st.DAY: {Kind.ANSWER, Kind.WAY_OFF, Kind.CORRECT, Kind.MARKERS_OUT},
    st.POINTING: {Kind.POINT, Kind.WHOOPS},
    st.POINT_NOW: {Kind.POINT, Kind.WHOOPS},
    st.TALK: {Kind.END_TALK, Kind.WHOOPS},
    st.VOTE: {Kind.VOTE, Kind.WHOOPS},
    st.OVER: {Kind.WHOOPS},
}


class Actions:
    code: str
    mode: str
    status: str
    seats: list[dict[str, Any]]
    settings: dict[str, Any]
    stage: dict[str, Any]
    game: Game | None
    timings: Timings
    rng: random.Random

    # provided by Room
    def enter(self, name: str, at_least: float = 0.0, **extra: Any) -> dict[str, Any]: ...
    def cue(self, scene: str, values: dict[str, Any] | None = None) -> dict[str, Any]: ...
    def speech(self, message: dict[str, Any]) -> float: ...
    def commit(
        self,
        stage: dict[str, Any],
        decision: Decision | None = None,
        *,
        setup: dict[str, Any] | None = None,
        new_game: bool = False,
    ) -> None: ...
    def speak(self, scene: str | dict[str, Any], values: dict[str, Any] | None = None) -> None: ...
    def broadcast(self) -> None: ...
    def save_lobby(self) -> None: ...

    # --- dispatch --------------------------------------------------------------------------------
    def incoming(self, conn: Connection, who: int, message: dict[str, Any]) -> None:
        handlers = {
            "settings": self._settings,
            "start": self._start,
            "reveal": self._reveal,
            "next": self._next,
            "play": self._play,
            "decide": self._decide,
            "votes": self._votes,
            "nobody": self._nobody,
            "again": self._again,
        }
        kind = message.get("type")
        if kind == "ping":
            conn.send({"type": "pong", "ref": message.get("ref")})
            return
        handler = handlers.get(kind) if isinstance(kind, str) else None
        if handler is None:
            self._refuse(conn, message, "Unbekannte Nachricht.")
            return
        try:
            error = handler(who, message)
        except IllegalMove as illegal:
            error = str(illegal)
        except (KeyError, TypeError, ValueError):
            error = "Die Nachricht ist unvollständig."
        if error:
            self._refuse(conn, message, error)
        elif message.get("ref") is not None:
            conn.send({"type": "ack", "ref": message.get("ref")})

    @staticmethod
    def _refuse(conn: Connection, message: dict[str, Any], text: str) -> None:
        conn.send({"type": "error", "code": "refused", "message": text, "ref": message.get("ref")})

    def _is_host(self, who: int) -> bool:
        return who in (DEVICE, 0)

    # --- lobby and dealing -------------------------------------------------------------------------
    def _settings(self, who: int, message: dict[str, Any]) -> str | None:
        if not self._is_host(who) or self.status == "running":
            return "Die Einstellungen ändert der Gastgeber vor der Partie."
        difficulty = message.get("difficulty", self.settings["difficulty"])
        seconds = message.get("day_seconds", self.settings["day_seconds"])
        speaker = message.get("speaker", self.settings.get("speaker", 0))
        narrator = message.get("narrator", self.settings.get("narrator", DEFAULT_NARRATOR))
        if difficulty not in (1, 2, 3, 4):
            return "Die Schwierigkeit ist 1 bis 4."
        if not isinstance(seconds, int) or not MIN_DAY_SECONDS <= seconds <= MAX_DAY_SECONDS:
            return f"Der Tag dauert {MIN_DAY_SECONDS} bis {MAX_DAY_SECONDS} Sekunden."
        if not isinstance(speaker, int) or not 0 <= speaker < max(1, len(self.seats)):
            return "Dieses Gerät gibt es nicht."
        if narrator not in NARRATOR_IDS:
            return UNKNOWN_NARRATOR
        self.settings.update(difficulty=difficulty, day_seconds=seconds, speaker=speaker, narrator=narrator)
        self.save_lobby()
        self.broadcast()
        return None

    def _start(self, who: int, message: dict[str, Any]) -> str | None:
        if not self._is_host(who) or self.status != "lobby":
            return "Starten kann nur der Gastgeber, solange die Runde noch wartet."
        if len(self.seats) < MIN_PLAYERS:
            return f"Werwörter braucht mindestens {MIN_PLAYERS} Spieler."
        self.new_game(last_mayor=None)
        return None

    def new_game(self, last_mayor: int | None) -> None:
        setup = Setup(
            players=tuple(s["name"] for s in self.seats),
            seed=secrets.randbits(31),
            difficulty=self.settings["difficulty"],
            last_mayor=last_mayor,
            day_seconds=self.settings["day_seconds"],
        )
        self.game = Game(setup)
        self.commit(self.enter(st.DEAL, turn=0, open=False), setup=setup.to_json(), new_game=True)

    def _reveal(self, who: int, message: dict[str, Any]) -> str | None:
        if self.mode != "single" or self.stage["name"] != st.DEAL or self.stage["turn"] >= len(self.seats):
            return "Gerade wird keine Karte gezeigt."
        self.commit({**self.stage, "open": True})
        return None

    def _next(self, who: int, message: dict[str, Any]) -> str | None:
        if self.mode != "single" or self.stage["name"] != st.DEAL or not self.stage.get("open"):
            return "Erst die Karte ansehen."
        self.commit({**self.stage, "open": False, "turn": self.stage["turn"] + 1})
        return None

    def _play(self, who: int, message: dict[str, Any]) -> str | None:
        if self.game is None or self.stage["name"] != st.DEAL:
            return "Play gibt es nur vor der Nacht."
        if self.mode == "single" and self.stage["turn"] < len(self.seats):
            return "Erst sehen alle ihre Karte."
        if self.mode == "devices" and who not in (0, self.game.mayor):
            return "Play drückt der Bürgermeister."
        message = self.cue(st.CUES[st.NIGHT_START])
        self.commit(self.enter(st.NIGHT_START, self.speech(message)))
        self.speak(message)
        return None

    def _again(self, who: int, message: dict[str, Any]) -> str | None:
        if self.game is None or not self.game.is_over:
            return "Die Partie läuft noch."
        if not (self._is_host(who) or who == self.game.mayor):
            return "Eine neue Partie startet der Gastgeber."
        self.new_game(last_mayor=self.game.mayor)
        return None

    # --- engine decisions --------------------------------------------------------------------------
    def _decide(self, who: int, message: dict[str, Any]) -> str | None:
        kind = Kind(message["kind"])
        if self.game is None or kind not in KINDS_BY_STAGE.get(self.stage["name"], set()):
            return "Das geht gerade nicht."
        seat = message.get("seat", self.game.mayor) if who == DEVICE else who
        choice = message.get("choice")
        if isinstance(choice, list):
            choice = tuple(choice)
        return self.apply(Decision(kind, seat, choice))

    def _votes(self, who: int, message: dict[str, Any]) -> str | None:
        """One device: the Bürgermeister enters who pointed at whom, all at once."""
        if who != DEVICE or self.game is None or self.stage["name"] != st.VOTE:
            return "Die Stimmen trägt auf dem einen Gerät der Bürgermeister ein."
        votes = {int(voter): target for voter, target in dict(message["votes"]).items()}
        size = len(self.game.players)
        if sorted(votes) != list(range(size)):
            return "Für jeden Spieler fehlt noch, auf wen er zeigt."
        for voter, target in votes.items():
            if not isinstance(target, int) or not 0 <= target < size or target == voter:
                return f"{self.game.players[voter]} zeigt auf jemand anderen, nie auf sich selbst."
        for voter, target in votes.items():
            error = self.apply(Decision(Kind.VOTE, voter, target))
            if error:
                return error
        return None

    def _nobody(self, who: int, message: dict[str, Any]) -> str | None:
        """One device: the Werwölfe who have not pointed pointed at nobody."""
        if who != DEVICE or self.game is None or self.stage["name"] not in (st.POINTING, st.POINT_NOW):
            return "Das geht gerade nicht."
        return self.apply(Decision(Kind.TIME_UP, None))

    def apply(self, decision: Decision) -> str | None:
        """Applies one engine decision, stores it with the stage it leads to, then sends and speaks."""
        assert self.game is not None
        new_events = self.game.apply(decision)
        word_chosen = self.stage["name"] == st.MAYOR
        sleep = self.cue(st.CUES[st.MAYOR_SLEEP]) if word_chosen else None
        stage = self._stage_after(new_events) if sleep is None else self.enter(st.MAYOR_SLEEP, self.speech(sleep))
        self.commit(stage, decision)
        if sleep is not None:
            self.speak(sleep)
        for scene in scenes_for_events(new_events):
            self.speak(scene)
        return None

    def _stage_after(self, new_events: tuple[Event, ...]) -> dict[str, Any]:
        assert self.game is not None
        follows = st.for_engine_phase(self.game.phase)
        if follows is None:
            return self.stage
        restarted = any(event.TYPE in RESTARTING for event in new_events)
        still_pointing = follows == st.POINTING and self.stage["name"] == st.POINT_NOW
        if restarted or (follows != self.stage["name"] and not still_pointing):
            return self.enter(follows)
        return self.stage

    # --- deadlines ---------------------------------------------------------------------------------
    def deadline_reached(self) -> None:
        assert self.game is not None
        name = self.stage["name"]
        if name == st.NIGHT_START:
            self._next_stage(st.MAYOR)
        elif name in (st.MAYOR, st.DAY, st.POINT_NOW, st.TALK, st.VOTE):
            self.apply(Decision(Kind.TIME_UP, None))
        elif name == st.POINTING:
            if self.game.phase is Phase.POINTING:
                self._next_stage(st.POINT_NOW)
        elif st.is_night(name):
            self._next_stage(st.next_night_stage(name, werewolf_count(len(self.game.players))))

    def _next_stage(self, name: str) -> None:
        """A timed stage follows: its cue is chosen first, so that a night stage lasts while it is spoken."""
        assert self.game is not None
        scene = st.CUES.get(name)
        values = {"minutes": max(1, round(self.game.setup.day_seconds / 60))} if scene == "ww_day_starts" else None
        message = None if scene is None else self.cue(scene, values)
        wait = self.speech(message) if message is not None and st.is_night(name) else 0.0
        self.commit(self.enter(name, wait))
        if message is not None:
            self.speak(message)
