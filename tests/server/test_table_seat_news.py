"""Own devices: "Nur für dich" tells each thing once. A wolf is told his pack every night; the box shows
the pack as it is now, once, and every other secret line once (a line told again is the newest)."""

from __future__ import annotations

import random

from wolfrunde.server.match import Match
from wolfrunde.server.table import texts
from wolfrunde.server.table.lobby import OWN, TableLobby, TableSettings, deal_cards
from wolfrunde.server.table.seat_view import news_lines, seat_payload

ROLES = ["werewolf", "werewolf", "seer", "villager", "villager", "villager", "villager", "villager"]


def own_match(seed: int = 2) -> Match:
    lobby = TableLobby(mode=OWN, host="h", settings=TableSettings(roles=ROLES))
    for index in range(len(ROLES)):
        lobby.add(f"Spieler {index}", None)
    return Match(deal_cards(lobby, random.Random(seed)))


def play_nights(match: Match, nights: int) -> None:
    """Wolves kill and the village votes a villager, the seer looks at a wolf; anything else by default."""
    game = match.game
    while not match.over and game.round <= nights:
        pending = game.pending()
        if not pending:
            match.timeout()
            continue
        for request in pending:
            choice = request.default
            card = game.players[request.seat].card
            choices = request.options.get("choices") or []
            if card == "seer" and request.kind == "seer":
                choice = next((s for s in choices if game.players[s].card == "werewolf"), choices[0])
            elif request.options["type"] == "seat":
                choice = next((s for s in choices if game.players[s].card == "villager"), request.default)
            try:
                match.decide(request.seat, request.kind, choice)
            except Exception:
                match.decide(request.seat, request.kind, request.default)


def test_a_wolf_reads_his_pack_once_and_the_seer_her_look_once_after_two_nights() -> None:
    match = own_match()
    play_nights(match, 2)
    assert match.game.round == 2, "two nights were played"
    wolf = next(p.seat for p in match.game.players if p.card == "werewolf" and p.alive)
    private = match.private_events(wolf)
    told = [e for e in private if e["type"] == "pack"]
    assert len(told) >= 2, "the engine tells the pack every night"
    names = [p.name for p in match.game.players]
    news = seat_payload(match.view(wolf), private, [], None, speaker=False)["news"]
    assert len(news) == len(set(news)), f"each line once: {news}"
    pack_lines = [line for line in news if line.startswith("Dein Rudel")]
    assert pack_lines == [texts.news_line(told[-1], names, wolf)], f"the pack as it is now, once: {news}"
    seer = next(p.seat for p in match.game.players if p.card == "seer")
    looks = [e for e in match.private_events(seer) if e["type"] == "seen"]
    assert len(looks) == 2 and looks[0] == looks[1], "she looked at the same wolf twice"
    news = seat_payload(match.view(seer), match.private_events(seer), [], None, speaker=False)["news"]
    assert news == [texts.news_line(looks[0], names, seer)]


def test_a_line_told_again_stands_once_as_the_newest() -> None:
    names = ["Anna", "Ben", "Carla", "Dieter"]
    private = [
        {"type": "role", "role": "werewolf"},
        {"type": "pack", "pack": [3]},
        {"type": "pack", "pack": [3]},
    ]
    lines = news_lines(private, names, 3)
    assert lines == [texts.news_line(private[1], names, 3)]
