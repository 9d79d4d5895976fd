"""One device in the middle of the table: who holds it, what it shows, what each tap does.

The state here is rebuilt by replaying the device's stored commands in order (`apply`), so a closed
browser or a restarted server finds the table exactly where it was. `screen()` is the only output: it
holds what the current holder may know while the device is in his hands, and only public things (or a
cover saying whom to pass the device to) otherwise.

Nights "Reihum": the device goes clockwise through everyone alive at nightfall, `reihum.ROUNDS` rounds
every night. In his turn each player answers what the engine asks *him* tonight: his open step, or the
step still to come whose question is already sure (kept and given to the engine once it asks); every turn
has the one shape of `table.reihum` (two grids of the same names, a news box, the same least time), so
nobody can tell real turns from decoys by the screen. A round is always played to its end, and the names
stay as they were at nightfall until the morning is told.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from wolfrunde.bots.strategy import answer as bot_answer
from wolfrunde.server.match import IllegalMove, Match, replay_decisions
from wolfrunde.server.rooms.narration import RoomNarration
from wolfrunde.server.rooms.protocol import Refusal
from wolfrunde.server.sundial import END, sundial_marks
from wolfrunde.server.table import knowledge as k
from wolfrunde.server.table import reihum, texts
from wolfrunde.server.table.hands import HandsError, ballots_from_hands

DIAL_EXTENSION = 60  # seconds one tap on "+1 Minute" adds to the Sonnenuhr
DIAL_LIMIT = 1800  # the longest discussion, extensions included

# Reihum: nobody closes his eyes, so the nightfall has lines of its own
ROUND_SCENES: dict[str, str | None] = {
    "first_night_falls": "round_first_night_falls",
    "night_falls": "round_night_falls",
    "night_approaches": None,
}


@dataclass(frozen=True)
class TableOptions:
    night_style: str = "eyes_closed"  # eyes_closed | round
    vote_style: str = "hands"  # hands | secret
    discussion: int = 180  # seconds of the Sonnenuhr
    turn_seconds: float = 8.0  # least time of a Reihum turn (dummy and real alike)
    call_pause: tuple[float, float] = (4.0, 9.0)  # how long a call of an absent or dead role lasts


@dataclass(frozen=True)
class Question:
    seats: tuple[int, ...]  # every seat this one answer is for
    kind: str
    options: dict[str, Any]
    dummy: bool = False  # a Reihum decoy: its answer is ignored


@dataclass
class Turn:
    """The device in private hands: first covered (whom to pass to), then open, then a result."""

    seats: tuple[int, ...]
    purpose: str  # deal | night | round | ballot | card | private
    stage: str = "cover"  # cover | open | result
    result: list[str] = field(default_factory=list)


class SingleDevice:
    def __init__(self, match: Match, options: TableOptions, narration: RoomNarration | None = None) -> None:
        self.match = match
        self.options = options
        self.narration = narration
        self.names = k.names(match)
        self.turn: Turn | None = Turn((0,), "deal")
        self.dealt = False
        self.calls_done = 0  # night calls ("… erwacht") the device has finished, Augen zu
        self.taken_in_call = -1  # the call at which the device was last taken (a further take: another request)
        self.round_left: list[int] = []  # Reihum: seats still to have their turn in this round
        self.discussion_deadline: float | None = None
        self.dial_marks: list[dict[str, Any]] = []  # the Sonnenuhr's warnings: {at, scene, cue}, the device plays them
        self.dial_seconds = options.discussion  # the whole Sonnenuhr, extensions included
        self.dial_paused_at: float | None = None  # the Sonnenuhr stands still since then
        self._at = 0.0  # when the command being applied was tapped
        self.shown: dict[int, set[int]] = defaultdict(set)  # secret events each seat has been shown
        self._opened_news: list[str] = []
        self.night_seats: list[int] = []  # Reihum: everyone alive at nightfall, shown so until the morning
        self.night_of = 0  # the night `night_seats` belongs to
        self.night_captain: int | None = None  # the Hauptmann at nightfall, marked so until the morning
        self.pack: reihum.PackTalk | None = None  # Reihum: the wolves' agreement tonight
        self.suspicions: dict[int, int] = defaultdict(int)  # Reihum decoys: seat -> times suspected
        self.rounds_done = 0  # Reihum: rounds begun tonight (ROUNDS + 1 once the night is closed)
        self.ahead: dict[tuple[int, str], Any] = {}  # Reihum: (seat, kind) -> an answer given before it was asked
        self._forecasts: dict[tuple[Any, ...], list[dict[str, Any]] | None] = {}
        if narration is not None and options.night_style == "round":
            narration.use_scenes(ROUND_SCENES)
        self._narrate(0.0)  # the welcome plays while the cards are dealt

    # --- commands ------------------------------------------------------------------------------------
    def apply(self, op: str, data: dict[str, Any], at: float) -> None:
        """Applies one command of the device; raises Refusal and leaves everything unchanged."""
        if self.match.over:
            raise Refusal("not_now", "Das Spiel ist vorbei.")
        handler = getattr(self, f"_op_{op}", None)
        if handler is None:
            raise Refusal("malformed", f"unbekannter Befehl „{op}“")
        self._at = at
        handler(data)
        self._settle(at)

    def _op_take(self, data: dict[str, Any]) -> None:
        if self.turn is not None:
            if self.turn.stage != "cover":
                raise Refusal("not_now")
            self.turn.stage = "open"
            self._opened_news = self._news(self.turn.seats)
            return
        call = self._call()
        if call is None or not call[1]:
            raise Refusal("not_now")
        groups = self._night_groups()
        self.turn = Turn(groups[0].seats, "night", "open")
        self.taken_in_call = self.calls_done
        self._opened_news = self._news(self.turn.seats)

    def _op_done(self, data: dict[str, Any]) -> None:
        turn = self.turn
        if turn is None or turn.stage == "cover" or (turn.stage == "open" and turn.purpose not in ("deal", "card")):
            raise Refusal("not_now")
        self.turn = None
        if turn.purpose == "deal":
            following = turn.seats[0] + 1
            if following < len(self.names):
                self.turn = Turn((following,), "deal")
            else:
                self.dealt = True
        elif turn.purpose == "night":
            call = self._call()
            if call is not None and not call[1]:
                self.calls_done += 1  # the step is over; its call needs no pause of its own

    def _op_next(self, data: dict[str, Any]) -> None:
        call = self._call()
        if self.turn is not None or call is None or call[1] or data.get("call", self.calls_done) != self.calls_done:
            raise Refusal("not_now")
        self.calls_done += 1

    def _op_answer(self, data: dict[str, Any]) -> None:
        answers = data.get("answers")
        if not isinstance(answers, dict):
            raise Refusal("malformed", "Antworten fehlen")
        if self.turn is not None:
            if self.turn.stage != "open" or self.turn.purpose in ("deal", "card"):
                raise Refusal("not_now")
            if self.turn.purpose == "round" and self._plan(self.turn.seats[0]).uniform:
                self._answer_round(self.turn, answers)
                return
            questions = self._turn_questions(self.turn)
        else:
            questions = self._public_questions()
            if not questions:
                raise Refusal("not_now")
        if set(answers) != {str(i) for i in range(len(questions))}:
            raise Refusal("malformed", "bitte jede Frage beantworten")
        mark = k.event_count(self.match)
        for index, question in enumerate(questions):
            if question.dummy:
                continue
            choice = True if question.kind == "confirm" else answers[str(index)]
            for seat in question.seats:
                self._decide(seat, question.kind, choice)
        if self.turn is None:
            return
        if self.turn.purpose in ("ballot", "private"):
            self.turn = None
            return
        self.turn.result = [line for _, line in self._news_lines(self.turn.seats, start=mark)]
        self.turn.stage = "result"

    def _answer_round(self, turn: Turn, answers: dict[str, Any]) -> None:
        """A Reihum turn's two taps: checked against the grids, then decided (the pack's through its talk)."""
        seat = turn.seats[0]
        plan = self._plan(seat)
        if set(answers) != {"0", "1"}:
            raise Refusal("malformed", "bitte jede Frage beantworten")
        for grid, value in zip(plan.grids, (answers["0"], answers["1"]), strict=True):
            try:
                reihum.check_answer(grid, value, self.names)
            except ValueError as problem:
                raise Refusal("illegal", str(problem)) from None
        if plan.check is not None:
            try:
                plan.check(answers["0"], answers["1"], self.names)
            except ValueError as problem:
                raise Refusal("illegal", str(problem)) from None
        mark = k.event_count(self.match)
        result: list[str] = []
        pack = self._asked(seat)[1]
        open_kinds = {r["kind"] for r in self._night_requests() if r["seat"] == seat}
        for kind, choice in plan.combine(answers["0"], answers["1"]):
            if kind == reihum.PACK_KIND:
                result += self._pack_answer(seat, choice, pack)
            elif kind in open_kinds:
                self._decide(seat, kind, choice)
            else:
                self.ahead[(seat, kind)] = choice  # given to the engine once it asks
        if plan.grids[0].suspicion and answers["0"] is not None:
            self.suspicions[answers["0"]] += 1
        turn.result = result + [line for _, line in self._news_lines(turn.seats, start=mark)]
        turn.stage = "result"

    def _pack_answer(self, wolf: int, target: Any, pack: list[int]) -> list[str]:
        talk = self.pack = self.pack or reihum.PackTalk()
        last = self.rounds_done >= reihum.PACK_ROUNDS and not any(seat in self.round_left for seat in pack)
        if not talk.answer(wolf, target, pack, last):
            return [texts.pack_proposed(texts.NOBODY if target is None else self.names[target])]
        self._pack_chose(pack, talk.proposal)
        return [] if talk.proposal is not None else [texts.pack_chosen(texts.NOBODY)]

    def _pack_chose(self, pack: list[int], victim: int | None) -> None:
        """The pack's choice: every wolf's request answered with it (kept for those not asked yet)."""
        open_wolves = {r["seat"] for r in self._night_requests() if r["kind"] == reihum.PACK_KIND}
        for seat in pack:
            if seat in open_wolves:
                self._decide(seat, reihum.PACK_KIND, victim)
            else:
                self.ahead[(seat, reihum.PACK_KIND)] = victim
        self.pack = None

    def _asked(self, seat: int) -> tuple[list[dict[str, Any]], list[int]]:
        """What `seat` answers in his Reihum turn: his open requests, or else those sure to come tonight
        that he has not answered ahead; and the pack they belong to (the wolves' seats)."""
        requests = self._night_requests()
        mine = [r for r in requests if r["seat"] == seat]
        if mine:
            return mine, [r["seat"] for r in requests if r["kind"] == reihum.PACK_KIND]
        forecast = self._predicted(seat)
        ahead = [
            r
            for r in forecast
            if r["seat"] == seat
            and (seat, r["kind"]) not in self.ahead
            and r["kind"] not in reihum.NEVER_AHEAD
            and r["options"]["type"] != "confirm"
        ]
        if not reihum.plan_turn(seat, ahead, self.night_seats).uniform:
            return [], []
        return ahead, [r["seat"] for r in forecast if r["kind"] == reihum.PACK_KIND]

    def _predicted(self, seat: int) -> list[dict[str, Any]]:
        """Every request open when the engine first asks `seat` tonight, if that is the same whatever the
        requests open before are answered (a few copies of the game answer them differently); else []."""
        if k.phase(self.match) != "night" or self.match.game.step is None:
            return []
        history = self.match.game.history
        key = (len(history), seat, json.dumps(sorted(self.ahead.items(), key=repr), default=str))
        if key not in self._forecasts:
            # sure: the same question in every copy that asks him (whether he lives to be asked is his risk)
            asked = [seen for seen in (self._forecast(seat, variant) for variant in range(3)) if seen is not None]
            sure = bool(asked) and all(seen == asked[0] for seen in asked)
            self._forecasts = {key: asked[0] if sure else None}
        return self._forecasts[key] or []

    def _forecast(self, seat: int, variant: int) -> list[dict[str, Any]] | None:
        """The requests open when a copy of the game first asks `seat` tonight; variant 0 answers the
        others' requests with their defaults, the others at random (kept answers as they were given)."""
        copy = replay_decisions(self.match.setup, self.match.game.history)
        rng = random.Random(variant)
        night = copy.game.round
        for _ in range(200):
            if copy.over or k.phase(copy) != "night" or copy.game.round != night:
                return None
            pending = copy.game.pending()
            if any(r.seat == seat for r in pending):
                return [{"seat": r.seat, "kind": r.kind, "options": r.options} for r in pending]
            request = pending[0]
            choices = [request.default]
            if (request.seat, request.kind) in self.ahead:
                choices.insert(0, self.ahead[(request.seat, request.kind)])
            elif variant:
                move = bot_answer(request.describe(), request.seat, rng)
                choices.insert(0, move[1] if move is not None else request.default)
            for choice in choices:
                try:
                    copy.decide(request.seat, request.kind, choice)
                    break
                except IllegalMove:
                    continue
            else:
                return None
        return None

    def _give_ahead(self) -> None:
        """Reihum: open requests answered at once that need no turn: confirms, and answers kept ahead."""
        while not self.match.over:
            for request in self._night_requests():
                key = (request["seat"], request["kind"])
                if request["options"]["type"] != "confirm" and key not in self.ahead:
                    continue
                choice = self.ahead.pop(key, True)
                try:
                    self._decide(request["seat"], request["kind"], choice)
                except Refusal:
                    continue  # no longer a legal answer: he is asked in his next turn
                break
            else:
                return

    def _close_night(self) -> None:
        """After the last round: the pack's standing proposal stands, the rest is answered by default."""
        talk, self.pack = self.pack, None
        pack = [r["seat"] for r in self._night_requests() if r["kind"] == reihum.PACK_KIND]
        if talk is not None and talk.made and pack:
            self._pack_chose(pack, talk.proposal)
        self.ahead = {}
        while self._night_requests() and not self.match.over:
            self.match.timeout()

    def _plan(self, seat: int) -> reihum.Plan:
        return reihum.plan_turn(seat, self._asked(seat)[0], self.night_seats)

    def _op_hands(self, data: dict[str, Any]) -> None:
        votes = self._vote_requests()
        if self.turn is not None or not votes or self.options.vote_style != "hands":
            raise Refusal("not_now")
        raw = data.get("counts")
        if not isinstance(raw, dict):
            raise Refusal("malformed", "Stimmenzahlen fehlen")
        whole = all(isinstance(n, int) and not isinstance(n, bool) for n in raw.values())
        try:
            counts = {int(seat): int(n) for seat, n in raw.items()}
        except (TypeError, ValueError):
            whole = False
        if not whole:
            raise Refusal("malformed", "Stimmenzahlen müssen ganze Zahlen sein")
        captain_choice = data.get("captain_choice")
        if captain_choice is not None and (not isinstance(captain_choice, int) or isinstance(captain_choice, bool)):
            raise Refusal("malformed", "für wen der Hauptmann stimmte, ist ein Platz")
        choices = {r["seat"]: list(r["options"]["choices"]) for r in votes}
        captain = k.captain(self.match) if votes[0]["kind"] not in ("captain", "captain_runoff") else None
        try:
            ballots = ballots_from_hands(choices, counts, captain, captain_choice)
        except HandsError as error:
            raise Refusal("illegal", str(error)) from None
        kind = votes[0]["kind"]
        for voter, ballot in sorted(ballots.items()):
            self._decide(voter, kind, ballot)

    def _op_end_discussion(self, data: dict[str, Any]) -> None:
        ready = [r for r in k.pending(self.match) if r["kind"] == k.DISCUSSION]
        if self.turn is not None or not ready:
            raise Refusal("not_now")
        for request in ready:
            self._decide(request["seat"], k.DISCUSSION, True)

    def _op_dial(self, data: dict[str, Any]) -> None:
        """The Sonnenuhr: `pause`, `resume`, or `extend` by a minute (the warnings move with it)."""
        action = data.get("action")
        deadline = self.discussion_deadline
        if deadline is None or self.turn is not None:
            raise Refusal("not_now", "Die Sonnenuhr läuft gerade nicht.")
        if action == "pause":
            if self.dial_paused_at is not None:
                raise Refusal("not_now", "Die Sonnenuhr steht schon still.")
            self.dial_paused_at = self._at
        elif action == "resume":
            if self.dial_paused_at is None:
                raise Refusal("not_now", "Die Sonnenuhr läuft schon.")
            self._shift_dial(self._at - self.dial_paused_at, everything=True)
            self.dial_paused_at = None
        elif action == "extend":
            if self.dial_seconds + DIAL_EXTENSION > DIAL_LIMIT:
                raise Refusal("not_now", f"Länger als {DIAL_LIMIT // 60} Minuten berät das Dorf nicht.")
            self.dial_seconds += DIAL_EXTENSION
            self._shift_dial(DIAL_EXTENSION, everything=False)
        else:
            raise Refusal("malformed", "Die Sonnenuhr kennt pause, resume und extend.")

    def _shift_dial(self, seconds: float, *, everything: bool) -> None:
        """Moves the deadline (and the warnings: all of them after a pause, those still ahead otherwise)."""
        assert self.discussion_deadline is not None
        self.discussion_deadline += seconds
        for mark in self.dial_marks:
            if everything or mark["at"] >= self._at:
                mark["at"] += seconds

    def _op_card(self, data: dict[str, Any]) -> None:
        seat = data.get("seat")
        if self.turn is not None or not self.dealt or self._call() is not None or k.phase(self.match) != "day":
            raise Refusal("not_now", "Die eigene Karte kann man tagsüber ansehen, wenn das Gerät frei ist.")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(self.names):
            raise Refusal("malformed", "unbekannter Platz")
        self.turn = Turn((seat,), "card")

    def _decide(self, seat: int, kind: str, choice: Any) -> None:
        try:
            self.match.decide(seat, kind, choice)
        except IllegalMove as illegal:
            raise Refusal("illegal", illegal.reason) from None  # the device is passed round: no role named

    # --- what happens by itself after a command ------------------------------------------------------
    def _settle(self, at: float) -> None:
        if self.match.over:
            self.turn = None
            self.round_left = []
        elif self.turn is None and self.dealt:
            if self.options.night_style == "round":
                self._give_ahead()
            self._next_turn()
        self._narrate(at)
        ready = any(r["kind"] == k.DISCUSSION for r in k.pending(self.match))
        if not ready:
            self.discussion_deadline, self.dial_marks = None, []
            self.dial_seconds, self.dial_paused_at = self.options.discussion, None
        elif self.discussion_deadline is None and self.turn is None:  # the dial starts when the device is free
            start = max(at, self.spoken_until)  # and has told the news
            self.discussion_deadline = start + self.options.discussion
            self.dial_marks = self._dial_marks(start)

    def _next_turn(self) -> None:
        if self.options.night_style == "round":
            if not self.round_left:
                self._next_round()
            if self.round_left:
                self.turn = Turn((self.round_left.pop(0),), "round")
                return
        elif self._call() is not None:
            return
        votes = self._vote_requests()
        if votes and self.options.vote_style == "secret":
            self.turn = Turn((min(r["seat"] for r in votes),), "ballot")
            return
        others = [r for r in k.pending(self.match) if self._is_private_day_request(r)]
        if others:
            self.turn = Turn((others[0]["seat"],), "private")

    def _next_round(self) -> None:
        """Reihum: the next of the night's rounds; after the last one the night is closed."""
        game = self.match.game
        if self.night_of != game.round:
            if not self._night_requests():
                return
            self.night_of, self.night_seats = game.round, sorted(k.living(self.match))  # the first round
            self.night_captain = k.captain(self.match)
            self.rounds_done, self.ahead, self.pack = 0, {}, None
        if self.rounds_done < reihum.ROUNDS:
            self.rounds_done += 1
            self.round_left = list(self.night_seats)
        elif self.rounds_done == reihum.ROUNDS:
            self.rounds_done += 1
            self._close_night()

    def _dial_marks(self, start: float) -> list[dict[str, Any]]:
        if self.narration is None:
            return []
        marks = [(start + offset, scene) for offset, scene in sundial_marks(self.options.discussion)]
        marks.append((start + self.options.discussion, END))
        return [{"at": at, "scene": scene, "cue": self.narration.cue_for_later(scene)} for at, scene in marks]

    @property
    def spoken_until(self) -> float:
        """When the device has told everything so far (seconds since the epoch; 0 without a narrator)."""
        return self.narration.spoken_until if self.narration is not None else 0.0

    def _narrate(self, at: float) -> None:
        if self.narration is None:
            return
        stop = k.event_count(self.match)
        call = self._call() if self.options.night_style == "eyes_closed" and not self.match.over else None
        if not self.dealt and not self.match.over:
            stop = self._nightfall()  # the welcome while the cards go round; the night once they are dealt
        elif call is not None:
            stop = call[0] + 1  # the narrator is at this call; the rest of the night is not told yet
        elif self.round_left or (self.turn is not None and self.turn.purpose == "round"):
            stop = self._nightfall() + 1  # the night goes round: told is its fall; the morning comes after the round
        self.narration.tell_events(stop, at=at, skip_steps=self.options.night_style == "round")

    def _nightfall(self) -> int:
        """The position of the latest "night" event in the event log."""
        events = self.match.game.events
        return max((i for i, e in enumerate(events) if e.type == "night" and e.visible_to is None), default=0)

    # --- questions --------------------------------------------------------------------------------
    def _night_requests(self) -> list[dict[str, Any]]:
        if k.phase(self.match) != "night" or self.match.game.step is None:
            return []
        return [r for r in k.pending(self.match) if r["kind"] not in k.PUBLIC_KINDS]

    def _vote_requests(self) -> list[dict[str, Any]]:
        votes = [r for r in k.pending(self.match) if r["kind"] in k.VOTE_KINDS]
        if not votes:
            return []
        kind = votes[0]["kind"]
        return [r for r in votes if r["kind"] == kind]

    def _is_private_day_request(self, request: dict[str, Any]) -> bool:
        kinds = k.PUBLIC_KINDS | k.VOTE_KINDS | {k.DISCUSSION}
        return request["kind"] not in kinds and not self._night_requests()

    def _night_groups(self) -> list[Question]:
        """Augen zu: the open night requests, one question per kind and options (the pack answers once)."""
        groups: dict[tuple[str, str], list[int]] = {}
        options: dict[tuple[str, str], dict[str, Any]] = {}
        for request in self._night_requests():
            key = (request["kind"], json.dumps(request["options"], sort_keys=True))
            groups.setdefault(key, []).append(request["seat"])
            options[key] = request["options"]
        first_kind = next(iter(groups))[0] if groups else None
        return [Question(tuple(seats), key[0], options[key]) for key, seats in groups.items() if key[0] == first_kind]

    def _turn_questions(self, turn: Turn) -> list[Question]:
        if turn.purpose == "night":
            return [q for q in self._night_groups() if set(q.seats) <= set(turn.seats)]
        seat = turn.seats[0]
        if turn.purpose == "round":
            mine = [r for r in self._night_requests() if r["seat"] == seat]
            if not mine:
                return [self._dummy(seat)]
            return [
                self._dummy(seat, r["kind"]) if r["kind"] == "confirm" else Question((seat,), r["kind"], r["options"])
                for r in mine
            ]
        if turn.purpose == "ballot":
            return [Question((seat,), r["kind"], r["options"]) for r in self._vote_requests() if r["seat"] == seat]
        return [Question((seat,), r["kind"], r["options"]) for r in k.pending(self.match, [seat])]

    def _dummy(self, seat: int, kind: str = "dummy") -> Question:
        """A question shaped like a real one; its answer changes nothing (a confirm step is answered anyway)."""
        others = [s for s in k.living(self.match) if s != seat]
        return Question((seat,), kind, {"type": "seat", "choices": others, "optional": False}, dummy=kind == "dummy")

    def _public_questions(self) -> list[Question]:
        public = [r for r in k.pending(self.match) if r["kind"] in k.PUBLIC_KINDS]
        if not public or self._call() is not None:
            return []
        first = public[0]
        return [Question((first["seat"],), first["kind"], first["options"])]

    # --- night calls, Augen zu ------------------------------------------------------------------------
    def _call(self) -> tuple[int, bool] | None:
        """The night call the device is at: (event index of the step, whether someone must act now)."""
        if self.options.night_style != "eyes_closed" or not self.dealt:
            return None
        steps = k.step_indices(self.match)
        if self.calls_done >= len(steps):
            return None
        acting = self.calls_done == len(steps) - 1 and bool(self._night_requests())
        return steps[self.calls_done], acting

    # --- secret news ------------------------------------------------------------------------------
    def _news_lines(self, seats: tuple[int, ...], start: int = 0) -> list[tuple[int, str]]:
        lines = []
        for index, event in k.private_events(self.match, seats, start):
            if any(index not in self.shown[seat] for seat in seats):
                if event["type"] != "role":  # the card itself is shown as the card
                    lines.append((index, texts.news_line(event, self.names, seats[0])))
                for seat in seats:
                    self.shown[seat].add(index)
        return lines

    def _news(self, seats: tuple[int, ...]) -> list[str]:
        return [line for _, line in self._news_lines(seats)]

    # --- the screen ---------------------------------------------------------------------------------
    def screen(self) -> dict[str, Any]:
        base: dict[str, Any] = {
            "type": "screen",
            "mode": "table_single_device",
            "round": self.match.game.round,
            "phase": k.phase(self.match),
            "spoken_until": self.spoken_until,
        }
        if self.match.over:
            return {**base, **self._over()}
        if self.turn is not None:
            return {**base, **self._private_screen(self.turn)}
        public = {**base, "players": self._players(), "captions": self._captions()}
        call = self._call()
        if call is not None:
            return {**public, **self._call_screen(*call)}
        return {**public, **self._day_screen()}

    def _private_screen(self, turn: Turn) -> dict[str, Any]:
        holder = texts.names_of(self.names, list(turn.seats))
        if turn.stage == "cover":
            return {"screen": "pass", "to": holder, "purpose": turn.purpose, "captions": self._captions()}
        if turn.stage == "result":
            return {"screen": "result", "holder": holder, "news": turn.result, "purpose": turn.purpose}
        if turn.purpose in ("deal", "card"):
            seat = turn.seats[0]
            following = seat + 1 if turn.purpose == "deal" and seat + 1 < len(self.names) else None
            return {
                "screen": "card",
                "holder": holder,
                "role": texts.role_card(k.own_role(self.match, seat)),
                "news": self._opened_news,
                "next": None if following is None else self.names[following],
                "purpose": turn.purpose,
            }
        if turn.purpose == "round":
            return self._round_screen(turn, holder)
        questions = self._turn_questions(turn)
        screen: dict[str, Any] = {
            "screen": "turn",
            "holder": holder,
            "purpose": turn.purpose,
            "players": self._players(),
            "questions": [self._describe(q) for q in questions],
            "news": self._opened_news,
        }
        if turn.purpose == "night":
            screen["label"] = self._label(questions[0].kind) if questions else ""
        return screen

    def _round_screen(self, turn: Turn, holder: str) -> dict[str, Any]:
        """A Reihum turn: every one of the same shape (`table.reihum`)."""
        seat = turn.seats[0]
        plan = self._plan(seat)
        news = list(self._opened_news)
        if any(r["kind"] == reihum.PACK_KIND for r in self._asked(seat)[0]):
            news += (self.pack or reihum.PackTalk()).news(seat, self.names)
        if plan.uniform:
            questions = [describe_grid(grid) for grid in plan.grids]
        else:
            questions = [self._describe(q) for q in self._turn_questions(turn)]
        return {
            "screen": "turn",
            "holder": holder,
            "purpose": turn.purpose,
            "players": self._players(),
            "grid": list(self.night_seats),
            "questions": questions,
            "news": news,
            "min_seconds": self.options.turn_seconds,
        }

    def _call_screen(self, index: int, acting: bool) -> dict[str, Any]:
        step = k.step_of(self.match, index)
        label = self._label(self._night_groups()[0].kind) if acting else texts.step_call(step)
        further = acting and self.taken_in_call == self.calls_done  # a request after another in the same step
        low, high = self.options.call_pause
        pause = low + (high - low) * ((index * 7919) % 100) / 100  # the same pause after a reload
        return {
            "screen": "call",
            "label": label,
            "title": texts.called_now(label) if further else texts.wakes(step),
            "night": k.night_step(step),  # only then does everyone close his eyes
            "acting": acting,
            "pause": round(pause, 2),
            "call": self.calls_done,
        }

    def _day_screen(self) -> dict[str, Any]:
        questions = self._public_questions()
        if questions:
            question = questions[0]
            return {"screen": "public", "who": self.names[question.seats[0]], "questions": [self._describe(question)]}
        votes = self._vote_requests()
        if votes:
            kind = votes[0]["kind"]
            candidates = sorted({c for r in votes for c in r["options"]["choices"]})
            captain = k.captain(self.match) if kind not in ("captain", "captain_runoff") else None
            return {
                "screen": "hands",
                "kind": kind,
                "prompt": texts.HANDS_PROMPTS.get(kind, ""),
                "candidates": candidates,
                "voters": len(votes),
                "captain": captain,
            }
        if self.discussion_deadline is not None:
            return {
                "screen": "discussion",
                "deadline": self.discussion_deadline,
                "paused_left": None if self.dial_paused_at is None else self.discussion_deadline - self.dial_paused_at,
                "seconds": self.dial_seconds,
                "marks": self.dial_marks,
            }
        return {"screen": "wait"}

    def _over(self) -> dict[str, Any]:
        result = self.match.game.result or {}
        roles = k.final_roles(self.match)
        return {
            "screen": "over",
            "winner": texts.winner(result.get("winner", "")),
            "winners": [self.names[s] for s in result.get("winners", [])],
            "roles": [{"name": n, "role": texts.card_name(r)} for n, r in zip(self.names, roles, strict=True)],
            "captions": self._captions(),
            "log": texts.game_log(self.match.game.events, self.names),
            "suspicions": [
                {"name": self.names[seat], "count": count}
                for seat, count in sorted(self.suspicions.items(), key=lambda item: (-item[1], item[0]))
            ],
        }

    def _players(self) -> list[dict[str, Any]]:
        round_going = self.round_left or (self.turn is not None and self.turn.purpose == "round")
        alive = set(self.night_seats if round_going else k.living(self.match))
        captain = self.night_captain if round_going else k.captain(self.match)  # until the morning is told
        return [{"seat": s, "name": n, "alive": s in alive, "captain": s == captain} for s, n in enumerate(self.names)]

    def _captions(self) -> list[dict[str, Any]]:
        return self.narration.recent() if self.narration is not None else []

    def _label(self, kind: str) -> str:
        return texts.call_of(kind, self.match.game.step)

    def _describe(self, question: Question) -> dict[str, Any]:
        return describe(question.kind, question.options, self.names)


def describe_grid(grid: reihum.Grid) -> dict[str, Any]:
    """A Reihum question: the device draws the night's names; only `choices` may be tapped."""
    options = {"type": "grid", "choices": list(grid.legal), "optional": grid.nobody}
    return {"kind": "grid", "prompt": grid.prompt, "options": options, "labels": {}}


def describe(kind: str, options: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """A question for a device: the engine's options plus German prompt and value labels."""
    prompt = (
        texts.DUMMY_PROMPT if kind in ("dummy", "confirm") and options.get("type") == "seat" else texts.prompt(kind)
    )
    labels = {
        json.dumps(v): texts.value_label(v)
        for v in options.get("choices", [])
        if not isinstance(v, int) or isinstance(v, bool)
    }
    return {"kind": kind, "prompt": prompt, "options": options, "labels": labels}
