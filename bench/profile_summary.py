"""Where a server's time went: reads py-spy's raw (collapsed) stacks and prints the functions with the
largest inclusive and self shares of the samples.

    .venv/bin/python bench/profile_summary.py /tmp/server.raw [--top 25] [--match wolfrunde]
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path


def short(frame: str) -> str:
    """`name (path/to/module.py:12)` as `name (to/module.py)`."""
    name, _, where = frame.partition(" (")
    path = where.split(":")[0]
    return f"{name} ({'/'.join(path.split('/')[-2:])})"


def summarise(path: Path, top: int, match: str) -> str:
    inclusive: Counter[str] = Counter()
    own: Counter[str] = Counter()
    total = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        stack, _, count = line.rpartition(" ")
        if not stack or not count.isdigit():
            continue
        samples = int(count)
        frames = [short(frame) for frame in stack.split(";")]
        if "idle" in stack or "select (selectors.py)" in frames[-1] or "_run_once" in frames[-1]:
            continue
        total += samples
        for frame in set(frames):
            inclusive[frame] += samples
        own[frames[-1]] += samples
    lines = [f"{total} busy samples"]
    for title, counter in (("inclusive", inclusive), ("self", own)):
        lines.append(f"--- {title}")
        shown = [(f, n) for f, n in counter.most_common() if match in f or title == "self"][:top]
        lines += [f"{100 * n / max(1, total):5.1f}%  {f}" for f, n in shown]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("raw", type=Path)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--match", default="", help="only inclusive frames whose text contains this")
    args = parser.parse_args()
    print(summarise(args.raw, args.top, args.match))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
