"""Public events to cues: variants by the game's seed, never the same one twice in a row, no secrets."""

from itertools import pairwise
from pathlib import Path

import pytest

from wolfrunde.engine.model import Event
from wolfrunde.server.config import ServerConfig
from wolfrunde.server.narration_feed import NarrationFeed
from wolfrunde.server.narration_voices import CUE_GAP, CueKey, ServerVoices, estimate_seconds, voices_for
from wolfrunde.store import default_url

NAMES = ["Anna", "Ben", "Carl", "Dora", "Emil"]
DECK = ["werewolf", "seer", "witch", "villager", "villager"]


@pytest.fixture
def voices(tmp_path: Path) -> ServerVoices:
    return voices_for(ServerConfig(database_url=default_url(tmp_path)))


def flat(parts: list[list[CueKey]]) -> list[CueKey]:
    return [key for part in parts for key in part]


def nights(count: int) -> list[dict]:
    events: list[dict] = [{"type": "game_start", "rules": "wolfrunde", "mode": "online", "players": [0, 1]}]
    for night in range(1, count + 1):
        events += [
            {"type": "night", "round": night},
            {"type": "step", "round": night, "step": "seer"},
            {"type": "morning", "round": night},
        ]
    return events


def test_the_same_seed_gives_the_same_variants_and_none_repeats_at_once(voices: ServerVoices) -> None:
    first = flat(NarrationFeed(NAMES, DECK, "hedda", 11, voices).feed(nights(12)))
    again = flat(NarrationFeed(NAMES, DECK, "hedda", 11, voices).feed(nights(12)))
    other = flat(NarrationFeed(NAMES, DECK, "hedda", 12, voices).feed(nights(12)))
    assert first == again and first != other
    seer = [key.variant for key in first if key.scene == "seer_wakes"]
    assert len(seer) == 12 and all(a != b for a, b in pairwise(seer))
    assert len(set(seer)) > 3


def test_engine_events_that_are_not_public_are_never_narrated(voices: ServerVoices) -> None:
    feed = NarrationFeed(NAMES, DECK, "jutta", 1, voices)
    secret_death = Event("died", {"player": 2, "cause": "vote", "role": "witch"}, visible_to=frozenset({2}))
    secret_shot = Event("shot", {"target": 1}, visible_to=frozenset())
    assert feed.feed_engine_events([secret_death, secret_shot]) == []
    public = Event("verdict", {"player": 3, "cause": "vote"})
    (keys,) = feed.feed_engine_events([secret_death, public])
    assert [key.scene for key in keys] == ["verdict"] and keys[0].values == {"name": "Dora"}


def test_a_batch_says_what_is_spoken_and_how_long_it_takes(voices: ServerVoices) -> None:
    feed = NarrationFeed(NAMES, DECK, "konrad", 5, voices)
    batch = feed.batch(feed.feed([{"type": "verdict", "player": 1, "cause": "vote"}]))
    (cue,) = batch.message()["cues"]
    assert batch.message()["type"] == "narration"
    assert "Ben" in cue["text"] and cue["seconds"] == estimate_seconds(cue["text"], "konrad")
    assert batch.seconds == pytest.approx(cue["seconds"] + CUE_GAP)
    assert cue["url"].startswith("/api/narration/konrad/verdict/") and "format=mp3" in cue["mp3_url"]


def test_a_step_that_asked_nobody_ends_a_part_and_the_next_part_waits(voices: ServerVoices) -> None:
    feed = NarrationFeed(NAMES, DECK, "leopold", 2, voices)
    events = [{"type": "step", "round": 2, "step": "seer"}, {"type": "step", "round": 2, "step": "witch"}]
    parts = feed.feed(events)  # the seer is dead: her step is called, nobody answers, the witch is next
    assert [[key.scene for key in part] for part in parts] == [["seer_wakes"], ["seer_sleeps", "witch_wakes"]]
    batch = feed.batch(parts)
    first = batch.parts[0][0]["seconds"] + CUE_GAP
    (at_once, one), (later, two) = batch.schedule(silence=5.0, wait=1.0)
    assert at_once == 0 and [c["scene"] for c in one["cues"]] == ["seer_wakes"]
    assert later == pytest.approx(first + 5.0, abs=0.01) and len(two["cues"]) == 2
    assert batch.seconds == pytest.approx(sum(c["seconds"] + CUE_GAP for c in batch.cues), abs=0.01)


@pytest.mark.parametrize(
    ("values", "say", "style"),
    [
        ({"name": "Ben"}, {}, "voll"),
        ({"name": "Ben"}, {"Ben": "Bään", "Anna": "Ahna"}, "voll"),
        ({"name": "Carl"}, {"Carl": "Karl"}, "knapp"),
    ],
)
def test_a_cue_in_one_go_is_its_text_length_and_both_addresses(
    voices: ServerVoices, values: dict, say: dict, style: str
) -> None:
    from wolfrunde.narration.catalogue import Style

    key = CueKey("konrad", "verdict", 1, values, say, Style.parse(style))
    assert voices.cue(key) == (key.text(voices.narration), voices.seconds(key), voices.url(key), voices.url(key, "mp3"))


def test_a_cue_asked_again_is_the_same_as_made_afresh_and_its_length_follows_the_measurement(
    voices: ServerVoices,
) -> None:
    """`cue` keeps a cue's text and addresses: whatever part of the key differs (narrator, scene, variant,
    the names in it, their Aussprache, the style) gives that cue's own, and a length measured after the
    first ask is what the next ask says."""
    from wolfrunde.narration.catalogue import Style

    keys = [
        CueKey("konrad", "verdict", 1, {"name": "Ben"}),
        CueKey("jutta", "verdict", 1, {"name": "Ben"}),
        CueKey("konrad", "verdict", 2, {"name": "Ben"}),
        CueKey("konrad", "verdict", 1, {"name": "Carl"}),
        CueKey("konrad", "verdict", 1, {"name": "Ben"}, {"Ben": "Bään"}),
        CueKey("konrad", "verdict", 1, {"name": "Ben"}, {}, Style.SHORT),
        CueKey("konrad", "bodyguard_wakes", 0, {}),
    ]
    first = [voices.cue(key) for key in keys]
    assert len({(text, url) for text, _, url, _ in first}) == len(keys)
    for key in keys:
        fresh = (key.text(voices.narration), voices.seconds(key), voices.url(key), voices.url(key, "mp3"))
        assert voices.cue(key) == fresh
    voices._remember(keys[0], first[0][0], 7.25)  # the audio was made and measured meanwhile
    assert voices.cue(keys[0])[1] == 7.25


def test_voices_for_a_setting_seen_before_touch_no_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Rooms ask at every join: the same setting is the same voices, found without resolving the folder
    again; another folder, or the same one spelt otherwise, is resolved (and the latter shares them)."""
    folder = tmp_path / "voices"
    first = voices_for(ServerConfig(database_url="sqlite://", voices_dir=str(folder)))
    resolved: list[Path] = []
    resolve = Path.resolve

    def counted(path: Path, strict: bool = False) -> Path:
        resolved.append(path)
        return resolve(path, strict)

    monkeypatch.setattr(Path, "resolve", counted)
    assert voices_for(ServerConfig(database_url="sqlite://", voices_dir=str(folder))) is first
    assert resolved == []
    assert voices_for(ServerConfig(database_url="sqlite://", voices_dir=f"{folder}/.")) is first
    assert voices_for(ServerConfig(database_url="sqlite://", voices_dir=str(tmp_path / "other"))) is not first
    assert len(resolved) == 2
