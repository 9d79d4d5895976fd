"""What one seat may know: folded from the events that seat may see, plus its own requests.

Deny by default: nothing here reads the game state, so whatever an event does not show a seat,
its view cannot contain.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wolfrunde.werwoerter import events as ev
from wolfrunde.werwoerter.decisions import Request


def seat_view(visible: Iterable[ev.Event], requests: Iterable[Request], seat: int) -> dict[str, Any]:
    view: dict[str, Any] = {
        "seat": seat,
        "players": [],
        "phase": "deal",
        "role": None,
        "mayor": None,
        "word": None,
        "werewolves": [],
        "markers_left": {},
        "markers": {},
        "day_end": None,
        "ending": None,
        "pointed": {},
        "my_vote": None,
        "votes": None,
        "revealed": {},
        "result": None,
        "hints": [],
        "events": [],
    }
    for event in visible:
        _fold(view, event, seat)
        view["events"].append(event.to_json())
        view["hints"] = list(dict.fromkeys([*view["hints"], *event.hints]))
    view["pending"] = [request.describe() for request in requests if request.seat == seat]
    return view


def _fold(view: dict[str, Any], event: ev.Event, seat: int) -> None:
    match event:
        case ev.GameStarted():
            view.update(
                players=list(event.players),
                difficulty=event.difficulty,
                day_seconds=event.day_seconds,
                werewolf_count=event.werewolves,
            )
            view["name"] = event.players[seat]
        case ev.RoleDealt() if event.seat == seat:
            view["role"] = event.role.value
        case ev.MayorAppointed():
            view["mayor"] = event.seat
        case ev.NightStarted():
            view["phase"] = "night"
        case ev.WordChosen() | ev.SeerSawWord() | ev.WordRevealed():
            view["word"] = event.word
        case ev.WerewolvesMet():
            view["werewolves"] = list(event.seats)
        case ev.WerewolvesSawWord():
            view["word"] = event.word
            view["werewolves"] = list(event.seats)
        case ev.DayStarted():
            view["phase"] = "day"
            view["markers_left"] = dict(event.markers)
        case ev.MarkerGiven():
            pool = "ja_nein" if event.marker in ("ja", "nein") else event.marker
            view["markers_left"][pool] = event.left
            holder = "center" if event.to is None else str(event.to)
            view["markers"].setdefault(holder, []).append(event.marker)
        case ev.DayEnded():
            view["day_end"] = {"reason": event.reason, "guesser": event.guesser}
        case ev.EndingStarted():
            view.update(ending=event.ending, pointed={}, my_vote=None, votes=None, result=None)
            view["phase"] = "pointing" if event.ending == "guessed" else "talk"
        case ev.WerewolvesRevealed():
            view["werewolves"] = list(event.seats)
            view["revealed"].update({str(s): "werewolf" for s in event.seats})
        case ev.Pointed():
            view["pointed"][str(event.werewolf)] = event.target
        case ev.VoteStarted():
            view["phase"] = "vote"
        case ev.VoteCast() if event.voter == seat:
            view["my_vote"] = event.target
        case ev.VotesShown():
            view["votes"] = {str(voter): target for voter, target in event.votes.items()}
        case ev.CardsRevealed():
            view["revealed"].update({str(s): role.value for s, role in event.roles.items()})
        case ev.GameEnded():
            view["phase"] = "over"
            view["result"] = {"winner": event.winner.value, "reason": event.reason, "winners": list(event.winners)}
            view["revealed"] = {str(s): role.value for s, role in enumerate(event.roles)}
        case _:
            pass
