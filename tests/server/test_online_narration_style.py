"""The online lobby's narrator settings reach the game: "knapp" tells the short texts, and a player's
Aussprache goes with every cue that says his name."""

from __future__ import annotations

from pathlib import Path

from tests.server.rooms_harness import online_setup

from wolfrunde.narration.catalogue import Style
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.match import Match
from wolfrunde.server.online.game import OnlineGame
from wolfrunde.server.online.lobby import Lobby
from wolfrunde.store import default_url

ROLES = ["werewolf", "seer", "witch", "villager", "villager"]


def game_with(tmp_path: Path, style: str, say: dict[str, str]) -> OnlineGame:
    setup = online_setup(ROLES, seed=4)
    lobby = Lobby(host_id=1)
    for seat, name in enumerate(setup["names"]):
        lobby.join(seat + 1, name, say.get(name))
    lobby.settings.style = style
    return OnlineGame(Match(setup), lobby, ServerConfig(database_url=default_url(tmp_path)))


def cues(game: OnlineGame) -> list:  # type: ignore[type-arg]
    feed = game.narration._feed
    return [key for part in feed.catch_up(game.match) for key in part]


def test_knapp_tells_the_short_texts_and_voll_the_full_ones(tmp_path: Path) -> None:
    full, short = cues(game_with(tmp_path, "voll", {})), cues(game_with(tmp_path, "knapp", {}))
    assert [key.scene for key in full] == [key.scene for key in short]
    assert {key.style for key in full} == {Style.FULL} and {key.style for key in short} == {Style.SHORT}
    narration = game_with(tmp_path, "voll", {}).narration._feed.voices.narration
    full_text = sum(len(key.text(narration)) for key in full)
    short_text = sum(len(key.text(narration)) for key in short)
    assert short_text < full_text, "the short style says less"


def test_the_aussprache_travels_with_the_cues(tmp_path: Path) -> None:
    game = game_with(tmp_path, "voll", {"Anna": "Anah"})
    assert game.narration._feed.pronunciations == {"Anna": "Anah"}
    assert all(key.say == {"Anna": "Anah"} for key in cues(game))
