import json

import pytest

from wolfrunde.server.online import messages as p
from wolfrunde.server.rooms.protocol import MAX_MESSAGE_CHARS, Ping, Refusal, RefusalWithRef

parse = p.SCHEMA.parse
ProtocolError = Refusal


def test_every_client_message_type_parses() -> None:
    samples = {
        '{"type": "join"}': p.Join,
        '{"type": "leave", "ref": "a1"}': p.Leave,
        '{"type": "settings", "rules": "duesterwald", "timers": {"night": 30}, "meldeliste": true}': p.ChangeSettings,
        '{"type": "settings", "roles": ["werewolf", "seer"]}': p.ChangeSettings,
        '{"type": "kick", "seat": 3}': p.Kick,
        '{"type": "add_bot"}': p.AddBot,
        '{"type": "start", "ref": 7}': p.Start,
        '{"type": "decide", "kind": "seer", "choice": 2}': p.Decide,
        '{"type": "decide", "kind": "witch", "choice": {"heal": 1}, "seat": 4}': p.Decide,
        '{"type": "chat", "channel": "village", "text": "Guten Morgen"}': p.Chat,
        '{"type": "ping"}': Ping,
    }
    for raw, expected in samples.items():
        assert isinstance(parse(raw), expected), raw


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("not json", "malformed"),
        ("[1, 2]", "malformed"),
        ('{"kind": "seer"}', "malformed"),
        ('{"type": "fly"}', "unknown_type"),
        ('{"type": "join", "extra": 1}', "malformed"),
        ('{"type": "kick", "seat": "2"}', "malformed"),
        ('{"type": "kick", "seat": true}', "malformed"),
        ('{"type": "chat", "channel": "village", "text": ""}', "malformed"),
        ('{"type": "settings", "rules": "chess"}', "malformed"),
        ('{"type": "settings", "timers": {"night": "long"}}', "malformed"),
        (b'{"type": "join"}', "malformed"),
    ],
)
def test_bad_messages_are_refused_with_a_code(raw: str | bytes, code: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        parse(raw)
    assert caught.value.code == code


def test_too_big_message_is_refused_before_parsing() -> None:
    raw = json.dumps({"type": "chat", "channel": "village", "text": "x" * MAX_MESSAGE_CHARS})
    with pytest.raises(ProtocolError) as caught:
        parse(raw)
    assert caught.value.code == "too_big"


def test_ref_of_a_malformed_message_is_echoed() -> None:
    with pytest.raises(RefusalWithRef) as caught:
        parse('{"type": "kick", "seat": "x", "ref": "r9"}')
    assert caught.value.ref == "r9"


def test_chat_text_longer_than_the_limit_is_malformed() -> None:
    raw = json.dumps({"type": "chat", "channel": "village", "text": "x" * (p.MAX_CHAT_CHARS + 1)})
    with pytest.raises(ProtocolError) as caught:
        parse(raw)
    assert caught.value.code == "malformed"
    assert "zu lang" in (caught.value.detail or "")


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        ('{"type": "ping", "ref": 1.5}', "(ref)"),
        ('{"type": "ping", "ref": true}', "(ref)"),
        ('{"type": "kick", "seat": "2"}', "(seat)"),
        ('{"type": "settings", "timers": {"night": "long"}}', "(timers.night)"),
    ],
)
def test_a_refusal_names_the_field_in_words_without_the_schemas_type_names(raw: str, field: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        parse(raw)
    detail = caught.value.detail or ""
    assert detail.endswith(field), detail
    assert not any(noise in detail for noise in ("constrained", "str", "int", "[", "function")), detail
