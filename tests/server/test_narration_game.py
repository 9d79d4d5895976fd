"""The narrator in an online room: a whole game's narration messages, their audio, the lobby setting."""

import random
from pathlib import Path

from starlette.testclient import TestClient
from tests.server.conftest import as_user, receive_until, sign_up

from wolfrunde.bots.strategy import choose
from wolfrunde.narration.catalogue import load_catalogue
from wolfrunde.narration.cues import Cue, Narrator
from wolfrunde.narration.formats import decode
from wolfrunde.narration.template import fill
from wolfrunde.server.match import Match
from wolfrunde.server.narration_voices import voices_for

MESSAGE_LIMIT = 5000


def narrator_becomes(ws, narrator: str) -> None:  # type: ignore[no-untyped-def]
    for _ in range(20):
        if receive_until(ws, "lobby")["settings"]["narrator"] == narrator:
            return
    raise AssertionError(f"the lobby never showed {narrator}")


def play_whole_game(client: TestClient, narrator: str) -> tuple[str, list[dict]]:
    """The host (who plays by the bots' strategy) and four server bots play to the end; returns the
    room code and every narration message the host received."""
    token = sign_up(client, "Anna")
    code = client.post("/api/rooms", headers=as_user(token)).json()["code"]
    rng = random.Random(7)
    narrations: list[dict] = []
    with client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(token)) as ws:
        short = {"night": 5, "day": 5, "vote": 5, "lovers": 5}  # a stalled step costs seconds, not minutes
        ws.send_json({"type": "settings", "narrator": narrator, "timers": short, "ref": "n"})
        for _ in range(4):
            ws.send_json({"type": "add_bot"})
        ws.send_json({"type": "start", "ref": "go"})
        for _ in range(MESSAGE_LIMIT):
            message = ws.receive_json()
            if message["type"] == "narration":
                narrations.append(message)
            elif message["type"] == "game":
                if message["view"]["result"] is not None:
                    return code, told_to_the_end(ws, narrations)
                move = choose(message["view"], rng)
                if move is not None:
                    ws.send_json({"type": "decide", "kind": move[0], "choice": move[1]})
    raise AssertionError("the game did not end")


def told_to_the_end(ws, narrations: list[dict]) -> list[dict]:  # type: ignore[no-untyped-def]
    """The narration when the end screen came: the victory line must have been told before it."""
    assert any(cue["scene"].startswith("victory_") for message in narrations for cue in message["cues"]), (
        "the end screen came before the narrator told the end"
    )
    return narrations


def village_heard(match: Match) -> list[Cue]:
    """What the village itself heard, worked out here from the engine's public events alone, read
    decision by decision: when the game then asks someone at dawn, the morning is told first."""
    replay = Match(match.setup)
    narrator = Narrator(match.setup["names"], [*match.setup["roles"], *match.setup["center"]])
    heard: list[Cue] = []
    read = 0
    for decision in [None, *match.game.history]:
        if decision is not None:
            replay.game.decide(*decision)
        read, public = replay.public_events(read)
        heard += [cue for event in public for cue in narrator.feed(event)]
        if replay.has_pending():
            heard += narrator.morning_now()
    assert replay.game.events == match.game.events
    return heard


def test_a_whole_game_is_narrated_in_order_from_public_events_only(voiced: TestClient) -> None:
    code, narrations = play_whole_game(voiced, "konrad")
    cues = [cue for message in narrations for cue in message["cues"]]
    scenes = [cue["scene"] for cue in cues]
    match = voiced.app.state.rooms.rooms[code].kind.game.match
    expected = village_heard(match)
    assert scenes == [cue.scene for cue in expected]
    assert scenes[:3] == ["welcome", "first_night_falls", "werewolves_wake"]
    assert any(scene.startswith("morning_") for scene in scenes)
    assert scenes[-1].startswith("victory_")
    catalogue = load_catalogue()
    for cue, want in zip(cues, expected, strict=True):
        assert cue["narrator"] == "konrad"
        text = catalogue[cue["scene"]].text("konrad", cue["variant"])
        assert cue["text"] == fill(text, want.values)
        assert 0.5 < cue["seconds"] < 30
    # a cue's audio: the address serves decodable speech of about the announced length, Opus and MP3
    named = next(cue for cue in cues if "{name" in catalogue[cue["scene"]].text("konrad", cue["variant"]))
    for cue in (cues[0], named, cues[-1]):
        response = voiced.get(cue["url"])
        assert response.status_code == 200 and response.headers["content-type"].startswith("audio/ogg")
        sound = decode(response.content)
        assert 0.6 < sound.seconds < 25 and sound.rms() > 0.02
        assert 0.4 * sound.seconds < cue["seconds"] < 2.5 * sound.seconds
    mp3 = voiced.get(named["mp3_url"])
    assert mp3.headers["content-type"] == "audio/mpeg" and decode(mp3.content).seconds > 0.6


def test_cue_addresses_cannot_be_forged(voiced: TestClient) -> None:
    service = voices_for(voiced.app.state.config)
    from wolfrunde.server.narration_voices import CueKey

    url = service.url(CueKey("jutta", "verdict", 2, {"name": "Anna"}))
    assert voiced.get(url).status_code == 200
    other = service.url(CueKey("jutta", "verdict", 2, {"name": "Berta"}))
    forged_values = (
        url.split("values=")[0] + "values=" + other.split("values=")[1].split("&")[0] + "&sig=" + url.split("sig=")[1]
    )
    assert voiced.get(forged_values).status_code == 403
    assert voiced.get(url.replace("/verdict/2", "/verdict/3")).json()["error"] == "bad_cue"
    assert voiced.get(url + "&format=flac").status_code == 400


def test_the_narrator_is_a_host_only_lobby_setting_seen_by_everyone(client: TestClient) -> None:
    host, guest = sign_up(client, "Anna"), sign_up(client, "Ben")
    code = client.post("/api/rooms", headers=as_user(host)).json()["code"]
    with (
        client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(host)) as anna,
        client.websocket_connect(f"/ws/rooms/{code}", headers=as_user(guest)) as ben,
    ):
        assert receive_until(ben, "lobby")["settings"]["narrator"] == "jutta"
        ben.send_json({"type": "settings", "narrator": "hedda", "ref": 1})
        assert receive_until(ben, "error")["code"] == "not_host"
        anna.send_json({"type": "settings", "narrator": "Bernd", "ref": 2})
        refused = receive_until(anna, "error")
        assert refused["code"] == "bad_settings" and "Bernd" in refused["message"]
        anna.send_json({"type": "settings", "narrator": "mechthild"})
        narrator_becomes(ben, "mechthild")


def test_names_are_spoken_when_players_join(voiced: TestClient, tmp_path: Path) -> None:
    host, guest = sign_up(voiced, "Anna"), sign_up(voiced, "Quirinus")
    code = voiced.post("/api/rooms", headers=as_user(host)).json()["code"]
    with voiced.websocket_connect(f"/ws/rooms/{code}", headers=as_user(host)) as anna:
        anna.send_json({"type": "settings", "narrator": "leopold"})
        narrator_becomes(anna, "leopold")
        with voiced.websocket_connect(f"/ws/rooms/{code}", headers=as_user(guest)) as ben:
            ben.send_json({"type": "join", "ref": "j"})
            for _ in range(20):
                if len(receive_until(anna, "lobby")["seats"]) == 2:
                    break
    voices_for(voiced.app.state.config).wait_idle()
    spoken = sorted((tmp_path / "voices" / "leopold" / "names").glob("*.ogg"))
    assert len(spoken) == 2, "Anna and Quirinus in Leopold's voice, made without anyone asking"
    for path in spoken:
        sound = decode(path)
        assert 0.2 < sound.seconds < 3 and sound.rms() > 0.02
    response = voiced.get("/api/voices/leopold/name?text=Quirinus", headers=as_user(guest))
    assert response.status_code == 200
    assert response.content in {path.read_bytes() for path in spoken}, "the name comes from the cache"
    assert voiced.get("/api/voices/leopold/name?text=Quirinus").status_code == 401
    assert voiced.get("/api/voices/leopold/name?text=%21%21", headers=as_user(guest)).status_code == 400


def test_table_names_are_spoken_when_guests_join_or_are_typed_in(voiced: TestClient, tmp_path: Path) -> None:
    made = voiced.post("/api/tables", json={"mode": "own", "name": "Anna", "narrator": "hedda"}).json()
    assert voiced.post(f"/api/tables/{made['code']}/guests", json={"name": "Quirinus"}).status_code == 201
    voiced.post("/api/tables", json={"mode": "single", "names": ["Xaver", "Yvonne", "Zacharias"], "narrator": "konrad"})
    voices_for(voiced.app.state.config).wait_idle()
    for narrator, count in (("hedda", 2), ("konrad", 3)):
        spoken = sorted((tmp_path / "voices" / narrator / "names").glob("*.ogg"))
        assert len(spoken) == count, f"every name at the table in {narrator}'s voice, made without anyone asking"
        assert all(0.2 < decode(path).seconds < 3 for path in spoken)
