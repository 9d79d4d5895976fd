"""Where a server's time went: reads py-spy's raw (collapsed) stacks and prints the functions with the
largest inclusive and self shares of the samples, or (`--parts`) the share of each part of the server.

    .venv/bin/python bench/profile_summary.py /tmp/server.raw [--top 25] [--match wolfrunde] [--parts]

`bench/load.py --profile FILE [--profile-gil]` writes such stacks for the server of a load run.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

# Each part of the server, by markers of the frames that do its work. A sample belongs to the part of the
# innermost frame that has a marker: an `ack` written to the socket while the room handles a command is the
# socket's time, a command stored from a room's task the store's. py-spy leaves some stacks without their
# outer frames, so the rooms are also known by their modules, not by the room's task alone.
PARTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("socket writes", ("write_texts ", "text_frame ", "SocketConnection.pump ", "SocketConnection._write_turn ")),
    ("socket reads", ("serve_socket ", "data_received ", "Protocol.parse ", "Frame.parse ", "Schema.parse ")),
    ("store", ("wolfrunde/store/", "CommandWriter.")),
    (
        "rooms",
        (
            "wolfrunde/engine/",
            "wolfrunde/server/rooms/",
            "wolfrunde/server/online/",
            "wolfrunde/server/kinds/",
            "wolfrunde/server/voice/",
            "wolfrunde/server/match.py",
            "wolfrunde/server/narration",
        ),
    ),
    ("event loop", ("asyncio/", "uvloop/")),
)
OTHER = "other"


def short(frame: str) -> str:
    """`name (path/to/module.py:12)` as `name (to/module.py)`."""
    name, _, where = frame.partition(" (")
    path = where.split(":")[0]
    return f"{name} ({'/'.join(path.split('/')[-2:])})"


def busy_stacks(path: Path) -> Iterator[tuple[list[str], int]]:
    """Each stack of the file (outermost frame first) with its samples, leaving out an idle event loop."""
    for line in path.read_text(encoding="utf-8").splitlines():
        stack, _, count = line.rpartition(" ")
        if not stack or not count.isdigit():
            continue
        frames = stack.split(";")
        if "idle" in stack or _waiting(frames[-1]):
            continue
        yield frames, int(count)


def _waiting(frame: str) -> bool:
    """An event loop of the standard library waiting for sockets (py-spy counts it unless told not to)."""
    name, _, where = frame.partition(" (")
    method = name.rpartition(".")[2]
    return (method == "select" and "selectors.py" in where) or method == "_run_once"


def part_of(frames: list[str]) -> str:
    """The part of the server a stack's time belongs to (`PARTS`), from its innermost frame with a marker."""
    for frame in reversed(frames):
        for part, markers in PARTS:
            if any(marker in frame for marker in markers):
                return part
    return OTHER


def summarise(path: Path, top: int, match: str) -> str:
    inclusive: Counter[str] = Counter()
    own: Counter[str] = Counter()
    matched: set[str] = set()  # the shortened frames whose full text contains `match`
    total = 0
    for stack, samples in busy_stacks(path):
        frames = [short(frame) for frame in stack]
        matched.update(shortened for shortened, frame in zip(frames, stack, strict=True) if match in frame)
        total += samples
        for frame in set(frames):
            inclusive[frame] += samples
        own[frames[-1]] += samples
    lines = [f"{total} busy samples"]
    for title, counter in (("inclusive", inclusive), ("self", own)):
        lines.append(f"--- {title}")
        shown = [(f, n) for f, n in counter.most_common() if f in matched or title == "self"][:top]
        lines += [f"{100 * n / max(1, total):5.1f}%  {f}" for f, n in shown]
    return "\n".join(lines)


def parts(path: Path) -> dict[str, float]:
    """Each part's share of the busy samples, largest first (`PARTS`, then `other`)."""
    counted: Counter[str] = Counter()
    for stack, samples in busy_stacks(path):
        counted[part_of(stack)] += samples
    total = sum(counted.values())
    return {part: samples / total for part, samples in counted.most_common()} if total else {}


def summarise_parts(path: Path) -> str:
    shares = parts(path)
    return "\n".join(f"{100 * share:5.1f}%  {part}" for part, share in shares.items()) or "no busy samples"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("raw", type=Path)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--match", default="", help="only inclusive frames whose text contains this")
    parser.add_argument("--parts", action="store_true", help="the share of each part of the server instead")
    args = parser.parse_args()
    if not args.raw.is_file():
        parser.error(f"{args.raw}: no such file (py-spy's raw stacks, as bench/load.py --profile writes them)")
    print(summarise_parts(args.raw) if args.parts else summarise(args.raw, args.top, args.match))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
