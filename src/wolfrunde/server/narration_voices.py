"""The server's narrator voices: one `Narration` per process, signed cue addresses, durations, names.

Rooms and the HTTP handlers share one `ServerVoices` per voice folder (`voices_for(config)`). Audio is
rendered on demand (in a worker thread) and cached on disk by the narration package; this module adds
what the server needs around it: addresses for a cue that a client cannot forge, how long a cue takes
to speak (measured once it was rendered, estimated from its text before), and names spoken in advance.
"""

from __future__ import annotations

import asyncio
import atexit
import base64
import contextlib
import hashlib
import hmac
import json
import logging
import os
import re
import secrets
import shutil
import tempfile
import threading
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import orjson

from wolfrunde.narration import Narration
from wolfrunde.narration.catalogue import Style
from wolfrunde.narration.formats import AudioFormat, duration, fallback_format, preferred_format
from wolfrunde.narration.narrators import NARRATOR_IDS
from wolfrunde.narration.service import speakable_name
from wolfrunde.narration.template import fill
from wolfrunde.server.config import ServerConfig

log = logging.getLogger(__name__)

DEFAULT_NARRATOR = "jutta"
KEY_FILE = ".cue-key"  # in the voice folder, so cue addresses stay valid across restarts
# Characters per second of the bundled espeak-ng voices, measured over the catalogue's texts.
_CHARS_PER_SECOND: dict[str, float] = {
    "jutta": 13.4,
    "leopold": 13.1,
    "konrad": 14.6,
    "mechthild": 10.3,
    "hedda": 19.0,
}
CUE_GAP = 0.4  # the player's queue pauses this long between two cues
_MAX_KNOWN = 20_000  # measured durations kept in memory
_MAX_ADDRESSED = 20_000  # cues whose text and addresses are kept in memory
_URL_SAFE = re.compile(r"[A-Za-z0-9_.~-]*")  # what `urlencode` leaves as it is


@dataclass(frozen=True)
class CueKey:
    """Everything that decides a cue's audio.

    say: the players' Aussprache by name as typed (only names in `values` matter); style: the scene's
    full or short ("knapp") texts, `variant` counting within that style (`Scene.texts(narrator, style)`).
    """

    narrator: str
    scene: str
    variant: int
    values: Mapping[str, Any]
    say: Mapping[str, str] = field(default_factory=dict)
    style: Style = Style.FULL

    def text(self, narration: Narration) -> str:
        return fill(narration.catalogue[self.scene].text(self.narrator, self.variant, self.style), self.values)

    def pronunciations(self) -> dict[str, str]:
        """The Aussprache entries of the names this cue speaks (what its address carries)."""
        spoken = {str(v) for v in self.values.values() if isinstance(v, str | int)}
        spoken |= {str(n) for v in self.values.values() if isinstance(v, list | tuple) for n in v}
        return {name: say for name, say in sorted(self.say.items()) if name in spoken and say}


def estimate_seconds(text: str, narrator_id: str) -> float:
    """How long a narrator needs for a text, from its length (no audio made)."""
    return round(len(text) / _CHARS_PER_SECOND.get(narrator_id, 13.0) + 0.3, 2)


def choose_format(query: str | None, accept: str | None) -> AudioFormat:
    """Opus unless the client asks for MP3 (`?format=mp3`) or accepts MP3 but not Ogg."""
    if query:
        wanted = query.lower()
        if wanted == "mp3":
            return fallback_format()
        if wanted == "opus":
            return preferred_format()
        raise ValueError(wanted)
    accept = (accept or "").lower()
    if "audio/mpeg" in accept and "audio/ogg" not in accept and "audio/*" not in accept:
        return fallback_format()
    return preferred_format()


BACKGROUND_NICENESS = 15
SETTLE_SECONDS = 20.0  # a clip takes a second or two; mbrola and pico give up after a minute


class ServerVoices:
    def __init__(self, folder: Path, engine: str | None = None, prerender: bool = False) -> None:
        self.folder = folder
        self.narration = Narration(folder, engine=engine)
        self.prerender = prerender
        self._secret = _load_secret(folder / KEY_FILE)
        self._pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="voices", initializer=_lower_priority)
        self._lock = threading.Lock()
        self._seconds: dict[tuple[str, ...], float] = {}
        self._addressed: dict[bytes, tuple[str, str, str]] = {}  # a cue's text and addresses (`cue`)
        self._names_started: set[tuple[str, str, str]] = set()
        self._pending: set[Future[None]] = set()

    # --- addresses ---------------------------------------------------------------------------------
    def url(self, key: CueKey, fmt: str | None = None) -> str:
        """The cue's signed address; `say` and `style` appear only when a cue has them."""
        values = _encode_values(key.values)
        spoken = key.pronunciations()
        say = _encode_values(spoken) if spoken else ""
        style = "" if key.style is Style.FULL else key.style.value
        query = {"values": values}
        if say:
            query["say"] = say
        if style:
            query["style"] = style
        query["sig"] = self._sign(key.narrator, key.scene, key.variant, values, say, style)
        if fmt is not None:
            query["format"] = fmt
        return f"/api/narration/{key.narrator}/{key.scene}/{key.variant}?{query_string(query)}"

    def verify(
        self, narrator_id: str, scene: str, variant: int, values: str, signature: str, say: str = "", style: str = ""
    ) -> CueKey | None:
        """The cue of a signed address, or None when the signature or the cue is not valid."""
        expected = self._sign(narrator_id, scene, variant, values, say, style)
        if not hmac.compare_digest(expected, signature):
            return None
        try:
            pronunciations = _decode_values(say) if say else {}
            if not all(isinstance(v, str) for v in pronunciations.values()):
                return None
            return CueKey(
                narrator_id, scene, variant, _decode_values(values), pronunciations, Style.parse(style or None)
            )
        except ValueError:
            return None

    def _sign(self, narrator_id: str, scene: str, variant: int, values: str, say: str = "", style: str = "") -> str:
        extra = f"\n{say}\n{style}" if say or style else ""  # addresses without them stay as they were
        message = f"{narrator_id}\n{scene}\n{variant}\n{values}{extra}".encode()
        digest = hmac.new(self._secret, message, hashlib.sha256).digest()[:16]
        return base64.urlsafe_b64encode(digest).decode().rstrip("=")

    # --- audio -------------------------------------------------------------------------------------
    def render(self, key: CueKey, fmt: AudioFormat | None = None) -> Path:
        """The cue's audio file (blocking: call it in a worker thread); its length is remembered."""
        path = self.narration.render(
            key.scene, key.narrator, key.variant, key.values, fmt, say=key.pronunciations(), style=key.style
        )
        text = key.text(self.narration)
        with self._lock:
            known = _length_key(key, text) in self._seconds
        if not known:
            self._remember(key, text, duration(path))
        return path

    def seconds(self, key: CueKey) -> float:
        """The cue's length: measured if its audio was made before, otherwise estimated from the text."""
        return self._seconds_of(key, key.text(self.narration))

    def cue(self, key: CueKey) -> tuple[str, float, str, str]:
        """The cue's text, `seconds` and `url` in both formats (Opus, MP3). The text and the signed
        addresses of a cue never change, so they are made once per process (every room asks for the same
        calls); the seconds are looked up each time, since they become known once the audio is made."""
        known = _canonical(key)
        made = None if known is None else self._addressed.get(known)
        if made is None:
            text = key.text(self.narration)
            address = self.url(key)
            made = (text, address, f"{address}&format=mp3")
            if known is not None:
                if len(self._addressed) >= _MAX_ADDRESSED:
                    self._addressed.clear()
                self._addressed[known] = made
        text, address, mp3 = made
        return text, self._seconds_of(key, text), address, mp3

    def _seconds_of(self, key: CueKey, text: str) -> float:
        with self._lock:
            measured = self._seconds.get(_length_key(key, text))
        return measured if measured is not None else estimate_seconds(text, key.narrator)

    def prepare(self, keys: Iterable[CueKey]) -> list[Future[None]]:
        """Renders cues in the background (when enabled) so their audio is ready when a client asks."""
        if not self.prerender:
            return []
        return [self._submit(self.render, key) for key in keys]

    def lengths_known(self, keys: Iterable[CueKey]) -> bool:
        """Whether `measure` has nothing to wait for: every cue was measured before, or the server does not
        render ahead (the lengths are then estimated)."""
        if not self.prerender:
            return True
        wanted = [_length_key(key, key.text(self.narration)) for key in keys]
        with self._lock:
            return all(length in self._seconds for length in wanted)

    async def measure(self, keys: Sequence[CueKey], budget: float) -> None:
        """Has the cues rendered in the background and waits up to `budget` seconds for their lengths
        (nothing happens when the server does not render ahead: the lengths are then estimated)."""
        jobs = [asyncio.wrap_future(job) for job in self.prepare(keys)]
        if jobs:
            await asyncio.wait(jobs, timeout=budget)

    def _remember(self, key: CueKey, text: str, seconds: float) -> None:
        with self._lock:
            if len(self._seconds) >= _MAX_KNOWN:
                self._seconds.clear()
            self._seconds[_length_key(key, text)] = seconds

    # --- names -------------------------------------------------------------------------------------
    def prepare_names(self, narrator_id: str, names: Iterable[str], say: Mapping[str, str] | None = None) -> None:
        """Speaks each name once per narrator in the background (players joining, bots, a new narrator);
        `say`: the players' Aussprache by name, where given."""
        say = say or {}
        for name in names:
            started = (narrator_id, name, say.get(name, ""))
            with self._lock:
                if started in self._names_started:
                    continue
                self._names_started.add(started)
            self._submit(self.speak_name, name, narrator_id, None, say.get(name))

    def speak_name(self, name: str, narrator_id: str, fmt: AudioFormat | None = None, say: str | None = None) -> Path:
        """The name's clip (blocking); `say`: the player's Aussprache (check it first with
        `narration.names.check_pronunciation`)."""
        return self.narration.speak_name(speakable_name(name), narrator_id, fmt, say=say)

    def name_is_ready(
        self, name: str, narrator_id: str, fmt: AudioFormat | None = None, say: str | None = None
    ) -> bool:
        """Whether the name's clip exists already (so serving it makes nothing new)."""
        return self.narration.name_path(speakable_name(name), narrator_id, fmt, say).is_file()

    def wait_idle(self, timeout: float = 30.0) -> None:
        """Blocks until every background job submitted so far is done (tests, shutdown)."""
        with self._lock:
            pending = list(self._pending)
        wait(pending, timeout=timeout)

    def settle(self, timeout: float = SETTLE_SECONDS) -> None:
        """Drops the background jobs not yet started and waits up to `timeout` seconds for the running
        ones, so a server shutting down leaves no half-made clip or speech engine's scratch folder behind
        (a job dropped is made on demand when a client asks for it)."""
        with self._lock:
            pending = list(self._pending)
        wait([job for job in pending if not job.cancel()], timeout=timeout)

    def _submit(self, job: Any, *args: Any) -> Future[None]:
        future = self._pool.submit(self._quietly, job, *args)
        with self._lock:
            self._pending.add(future)
        future.add_done_callback(self._finished)
        return future

    def _finished(self, future: Future[None]) -> None:
        with self._lock:
            self._pending.discard(future)

    @staticmethod
    def _quietly(job: Any, *args: Any) -> None:
        try:
            job(*args)
        except Exception:
            log.exception("Erzählerstimme: Hintergrundauftrag fehlgeschlagen")


def _length_key(key: CueKey, text: str) -> tuple[str, ...]:
    say = json.dumps(key.pronunciations(), ensure_ascii=False, sort_keys=True) if key.say else "{}"
    return (key.narrator, key.scene, str(key.variant), key.style.value, text, say)


def _lower_priority() -> None:
    """Background speech yields the processor to the rooms: games first, audio in the gaps.

    On Linux a thread's own id may be given to setpriority; elsewhere this does nothing."""
    with contextlib.suppress(AttributeError, OSError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), BACKGROUND_NICENESS)


_instances: dict[tuple[str, str | None, bool], ServerVoices] = {}
_by_setting: dict[tuple[str | None, str | None, bool], ServerVoices] = {}  # as configured, before resolving
_instances_lock = threading.Lock()
_temporary: Path | None = None


def voices_for(config: ServerConfig) -> ServerVoices:
    """The process's voices for this configuration's voice folder (a temporary one when none is set).
    Rooms ask at every join and every game: a setting seen before is found without touching the disk
    (resolving the folder's path is a system call per part of it, on the event loop's thread)."""
    setting = (config.voices_dir, config.voice_engine, config.narration_prerender)
    known = _by_setting.get(setting)
    if known is not None:
        return known
    folder = Path(config.voices_dir) if config.voices_dir else _temporary_folder()
    key = (str(folder.resolve()), config.voice_engine, config.narration_prerender)
    with _instances_lock:
        if key not in _instances:
            _instances[key] = ServerVoices(folder, config.voice_engine, config.narration_prerender)
        _by_setting[setting] = _instances[key]
        return _instances[key]


def settle_all(timeout: float = SETTLE_SECONDS) -> None:
    """`ServerVoices.settle` for every voice folder this process has used (a server shutting down)."""
    with _instances_lock:
        voices = list(_instances.values())
    for each in voices:
        each.settle(timeout)


def known_narrator(narrator_id: str) -> bool:
    return narrator_id in NARRATOR_IDS


def _temporary_folder() -> Path:
    global _temporary
    with _instances_lock:
        if _temporary is None:
            _temporary = Path(tempfile.mkdtemp(prefix="wolfrunde-voices-"))
            atexit.register(shutil.rmtree, _temporary, True)
        return _temporary


def _load_secret(path: Path) -> bytes:
    try:
        secret = path.read_bytes()
        if len(secret) >= 32:
            return secret
    except OSError:
        pass
    secret = secrets.token_bytes(32)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(secret)
        path.chmod(0o600)
    except OSError:
        log.warning("Schlüssel für Erzähler-Adressen nicht speicherbar: %s", path)
    return secret


def _canonical(key: CueKey) -> bytes | None:
    """Everything of a cue its text and address are made of, as one value to look it up by (None: a value
    JSON cannot hold, and the cue is made afresh)."""
    parts = [key.narrator, key.scene, key.variant, key.values, key.say, key.style.value]
    try:
        return orjson.dumps(parts, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)
    except orjson.JSONEncodeError:
        return None


def query_string(fields: Mapping[str, str]) -> str:
    """`urlencode(fields)`, without its quoting where no value needs any: a cue's address is made of
    URL-safe base64, a style's and a format's name (made for every cue with a player's name in it)."""
    if all(map(_URL_SAFE.fullmatch, fields.values())):
        return "&".join(f"{name}={value}" for name, value in fields.items())
    return urlencode(fields)


def _encode_values(values: Mapping[str, Any]) -> str:
    raw = json.dumps(dict(values), ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


def _decode_values(encoded: str) -> dict[str, Any]:
    try:
        raw = base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4))
        values = json.loads(raw.decode())
    except (ValueError, UnicodeDecodeError) as problem:
        raise ValueError("values") from problem
    if not isinstance(values, dict):
        raise ValueError("values")
    return values
