"""What a player's device may send in an online room. See docs/protocol.md for every message both ways."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt

from wolfrunde.server.rooms.protocol import Message, Schema

MAX_CHAT_CHARS = 500


class Join(Message):
    type: Literal["join"]
    say: Annotated[str, Field(max_length=160)] | None = None  # the Aussprache of the name, checked by the room


class Pronounce(Message):
    """A seated player's Aussprache of his name (empty: as written)."""

    type: Literal["pronounce"]
    say: Annotated[str, Field(max_length=160)]


class Leave(Message):
    type: Literal["leave"]


class Timers(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    night: StrictInt | None = None
    day: StrictInt | None = None
    vote: StrictInt | None = None
    lovers: StrictInt | None = None


class ChangeSettings(Message):
    type: Literal["settings"]
    rules: Literal["wolfrunde", "duesterwald"] | None = None
    roles: Annotated[list[Annotated[str, Field(max_length=32)]], Field(max_length=20)] | None = None
    recommended: StrictBool | None = None  # true: go back to the recommended role set
    timers: Timers | None = None
    meldeliste: StrictBool | None = None
    narrator: Annotated[str, Field(max_length=32)] | None = None  # checked against the known narrators
    spectators: StrictBool | None = None
    style: Literal["voll", "knapp"] | None = None


class Kick(Message):
    type: Literal["kick"]
    seat: StrictInt


class AddBot(Message):
    type: Literal["add_bot"]


class Start(Message):
    type: Literal["start"]


class NewGame(Message):
    type: Literal["new_game"]


class Decide(Message):
    type: Literal["decide"]
    kind: Annotated[str, Field(min_length=1, max_length=64)]
    choice: Any = None
    seat: StrictInt | None = None  # optional; must be the sender's own seat when given


class Chat(Message):
    type: Literal["chat"]
    channel: Annotated[str, Field(min_length=1, max_length=16)]
    text: Annotated[str, Field(min_length=1, max_length=MAX_CHAT_CHARS)]


# --- voice chat: WebRTC signaling between two seats of the room (docs/voice.md) -----------------------
MAX_SDP_CHARS = 3500
MAX_CANDIDATE_CHARS = 600
VoiceSession = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")]


class VoiceOffer(Message):
    type: Literal["voice_offer"]
    to: StrictInt
    session: VoiceSession  # the sender's connection to this peer; a new one replaces the old
    sdp: Annotated[str, Field(min_length=1, max_length=MAX_SDP_CHARS)]


class VoiceAnswer(Message):
    type: Literal["voice_answer"]
    to: StrictInt
    session: VoiceSession
    answers: VoiceSession  # the session of the offer this answers
    sdp: Annotated[str, Field(min_length=1, max_length=MAX_SDP_CHARS)]


class VoiceIce(Message):
    type: Literal["voice_ice"]
    to: StrictInt
    session: VoiceSession
    candidate: Annotated[str, Field(max_length=MAX_CANDIDATE_CHARS)]  # "": no more candidates
    mid: Annotated[str, Field(max_length=16)] | None = None
    mline: StrictInt | None = None


VOICE_SIGNALS = (VoiceOffer, VoiceAnswer, VoiceIce)

SCHEMA = Schema(Join, Pronounce, Leave, ChangeSettings, Kick, AddBot, Start, NewGame, Decide, Chat, *VOICE_SIGNALS)
