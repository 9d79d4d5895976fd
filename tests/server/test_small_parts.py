from hypothesis import given
from hypothesis import strategies as st

from wolfrunde.room_codes import ALPHABET, LENGTH, new_code, normalise
from wolfrunde.server.online.lobby import Lobby, check_timers
from wolfrunde.server.passwords import hash_password, verify_password
from wolfrunde.server.ratelimit import SlidingWindow, TokenBucket


def test_room_codes_avoid_look_alike_characters() -> None:
    assert not set("0O1IL2Z5S8B") & set(ALPHABET)
    for _ in range(200):
        code = new_code()
        assert len(code) == LENGTH and set(code) <= set(ALPHABET)
        assert normalise(code.lower()) == code
    assert normalise("ac de-f") == "ACDEF", "older five-character codes are still read"
    assert normalise("ac de-fg") == "ACDEFG"
    assert normalise("ABCDE") is None  # B is a look-alike and never part of a code
    assert normalise("ACD") is None


def test_sliding_window_limits_per_key() -> None:
    now = [0.0]
    window = SlidingWindow(3, 60.0, clock=lambda: now[0])
    assert [window.allow("anna") for _ in range(4)] == [True, True, True, False]
    assert window.allow("ben")
    now[0] = 61.0
    assert window.allow("anna")


@given(
    limit=st.integers(1, 4),
    steps=st.lists(
        st.tuples(st.floats(0.0, 30.0), st.sampled_from(["anna", "ben"]), st.booleans()), min_size=1, max_size=40
    ),
)
def test_sliding_window_counts_the_hits_of_the_last_seconds(limit: int, steps: list[tuple[float, str, bool]]) -> None:
    """Against its definition: a key passes while fewer than `limit` of its passed hits are within the
    window; `would_allow` tells what `allow` would do and records nothing."""
    now = [0.0]
    window = SlidingWindow(limit, 60.0, clock=lambda: now[0])
    passed: dict[str, list[float]] = {}
    for wait, key, record in steps:
        now[0] += wait
        expected = sum(1 for hit in passed.get(key, []) if hit > now[0] - 60.0) < limit
        assert window.would_allow(key) is expected
        if record:
            assert window.allow(key) is expected
            if expected:
                passed.setdefault(key, []).append(now[0])


def test_token_bucket_refills() -> None:
    now = [0.0]
    bucket = TokenBucket(rate=2.0, burst=2.0, clock=lambda: now[0])
    assert [bucket.take() for _ in range(3)] == [True, True, False]
    now[0] = 0.5
    assert bucket.take()
    assert not bucket.take()


def test_passwords_hash_with_argon2() -> None:
    hashed = hash_password("geheim123")
    assert hashed.startswith("$argon2id$")
    assert verify_password(hashed, "geheim123")
    assert not verify_password(hashed, "geheim124")
    assert not verify_password("not a hash", "geheim123")


def test_lobby_round_trips_through_json_and_names_bots() -> None:
    lobby = Lobby(host_id=1)
    lobby.join(1, "Anna")
    lobby.add_bot()
    lobby.add_bot()
    restored = Lobby.from_dict(lobby.to_dict())
    assert restored == lobby
    names = [seat.name for seat in restored.seats]
    assert len(set(names)) == 3 and restored.seats[1].bot
    assert restored.seat_of(1) == 0 and restored.seat_of(2) is None


def test_timer_bounds() -> None:
    assert check_timers({"night": 30, "day": 120}) is None
    assert "zwischen" in (check_timers({"night": 1}) or "")
    assert "gibt es nicht" in (check_timers({"nap": 30}) or "")


def test_a_player_named_like_a_bot_keeps_his_name_and_the_bot_gets_another() -> None:
    lobby = Lobby(host_id=1)
    lobby.join(1, "Anna")
    lobby.add_bot()
    bot_name = lobby.seats[1].name
    lobby.join(2, bot_name.upper())
    names = [seat.name.casefold() for seat in lobby.seats]
    assert len(set(names)) == 3 and lobby.seats[2].name == bot_name.upper()
