"""Everyone's own device: the payload for one seat, built from that seat's own view and public cues."""

from __future__ import annotations

from typing import Any

from wolfrunde.server.online.payloads import lines_of
from wolfrunde.server.table import knowledge as k
from wolfrunde.server.table import texts
from wolfrunde.server.table.single import describe


def seat_payload(
    view: dict[str, Any],
    private: list[dict[str, Any]],
    cues: list[dict[str, Any]],
    deadline: float | None,
    *,
    speaker: bool,
) -> dict[str, Any]:
    """The `seat` message: built from the seat's view and its secret events, as last published."""
    seat = view["seat"]
    names = [p["name"] for p in view["players"]]
    you = view["you"]
    questions = []
    for request in view["pending"]:
        question = describe(request["kind"], request["options"], names)
        questions.append(question)
    news = [texts.news_line(event, names, seat) for event in private if event["type"] != "role"]
    payload: dict[str, Any] = {
        "type": "seat",
        "mode": "table_own_devices",
        "seat": seat,
        "name": view["name"],
        "phase": view["phase"],
        "round": view["round"],
        "role": texts.role_card(you["role"]),
        "alive": you["alive"],
        "lover": None if you["lover"] is None else names[you["lover"]],
        "players": [
            {
                "seat": p["seat"],
                "name": p["name"],
                "alive": p["alive"],
                "captain": p["captain"],
                "role": None
                if p["role"] is None or (p["seat"] == seat and result_open(view))
                else texts.role_name(p["role"]),
            }
            for p in view["players"]
        ],
        "questions": questions,
        "news": news[-12:],
        "captions": cues,
        "deadline": deadline,
        "speaker": speaker,
        "discussion": any(r["kind"] == k.DISCUSSION for r in view["pending"]),
        "result": None,
    }
    result = view["result"]
    if result is not None:
        payload["result"] = {
            "winner": texts.winner(result["winner"]),
            "winners": [names[s] for s in result["winners"]],
            # the whole game, night by night: the end's view holds every event (online's end log)
            "log": [line["text"] for line in lines_of(view["events"], names, None)],
        }
    return payload


def result_open(view: dict[str, Any]) -> bool:
    """While the game runs, the own card is only shown on the card (a glance at the list tells nothing)."""
    return view["result"] is None
