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
    news = news_lines(private, names, seat)
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
                else texts.card_name(p["role"]),
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


STATES = frozenset({"pack"})  # told anew every night: only the latest telling is news


def news_lines(private: list[dict[str, Any]], names: list[str], seat: int) -> list[str]:
    """The seat's secret events as lines, each once: a line told again moves to the end (it is the newest),
    and of a state told every night only the latest stands."""
    latest = {event["type"]: index for index, event in enumerate(private) if event["type"] in STATES}
    lines: list[str] = []
    for index, event in enumerate(private):
        if event["type"] == "role" or latest.get(event["type"], index) != index:
            continue
        line = texts.news_line(event, names, seat)
        if line in lines:
            lines.remove(line)
        lines.append(line)
    return lines


def result_open(view: dict[str, Any]) -> bool:
    """While the game runs, the own card is only shown on the card (a glance at the list tells nothing)."""
    return view["result"] is None
