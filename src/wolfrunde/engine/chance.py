"""Chance: two separate random streams, both derived from the setup's seed.

- `secret`: draws whose outcome, or whose mere happening, only some seats may know (the pack's tie, the
  wolf the Mädchen sees and the decoys around him, the defaults of secret requests).
- `public`: draws everyone sees the result of (the Hauptmann by chance, his successor on a timeout).

Each stream is seeded with a SHA-256 digest of the seed and the stream's name, so knowing every public
draw (or the whole public generator's state) tells nothing about the secret stream, and neither tells
the seed. The seed may be any whole number; a server draws it with `secrets.randbits(128)` or more.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass

SECRET = "secret"
PUBLIC = "public"


def stream(seed: int, purpose: str) -> random.Random:
    """A generator for one purpose, independent of every other purpose's generator for the same seed.

    Layers above the engine use it for their own chance (for example the narration's variants:
    `stream(seed, "narration:jutta")`), so nothing they do publicly uncovers the engine's secret draws.
    """
    text = f"wolfrunde:{purpose}:{seed}".encode()
    return random.Random(int.from_bytes(hashlib.sha256(text).digest(), "big"))


@dataclass(slots=True)
class Chance:
    secret: random.Random
    public: random.Random

    @classmethod
    def from_seed(cls, seed: int) -> Chance:
        return cls(secret=stream(seed, SECRET), public=stream(seed, PUBLIC))
