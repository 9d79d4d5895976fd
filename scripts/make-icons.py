"""Draws the web app's icons (a full moon with a crescent shadow over a dark night) as PNG files and
the favicon (an ICO holding a PNG), with nothing but the standard library. Run once after a change:
python scripts/make-icons.py"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "src" / "wolfrunde" / "server" / "static" / "online" / "icons"
NIGHT = (20, 22, 28)
MOON = (224, 160, 64)
SHADOW = (38, 48, 82)


def pixel(x: float, y: float) -> tuple[int, int, int]:
    """The colour at (x, y) in a unit square: the moon's disc, cut by a shadow disc to a crescent."""
    in_moon = (x - 0.5) ** 2 + (y - 0.5) ** 2 <= 0.34**2
    in_shadow = (x - 0.64) ** 2 + (y - 0.4) ** 2 <= 0.27**2
    if in_moon and not in_shadow:
        return MOON
    if in_moon:
        return SHADOW
    return NIGHT


def png(size: int) -> bytes:
    samples = 3  # supersampling per axis, for smooth edges
    rows = bytearray()
    for row in range(size):
        rows.append(0)
        for column in range(size):
            total = [0, 0, 0]
            for sy in range(samples):
                for sx in range(samples):
                    colour = pixel((column + (sx + 0.5) / samples) / size, (row + (sy + 0.5) / samples) / size)
                    total = [t + c for t, c in zip(total, colour, strict=True)]
            rows.extend(round(t / samples**2) for t in total)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    body = chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + body


def ico(image: bytes, size: int) -> bytes:
    directory = struct.pack("<HHH", 0, 1, 1)
    entry = struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(image), 6 + 16)
    return directory + entry + image


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        (OUT / f"icon-{size}.png").write_bytes(png(size))
    (OUT / "favicon.ico").write_bytes(ico(png(48), 48))


if __name__ == "__main__":
    main()
