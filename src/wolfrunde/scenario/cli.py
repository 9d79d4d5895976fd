"""`wolfrunde scenario FILE.json`: exit 0 with the transcript, exit 2 with one line on stderr."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from wolfrunde.scenario.runner import ScenarioError, run_scenario

HELP = "Eine Szenario-Datei durch die Regeln spielen und das Protokoll ausgeben"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="Szenario-Datei (JSON)")


def run(args: argparse.Namespace) -> int:
    path = Path(args.file)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        return _fail(f"{path}: Datei nicht lesbar ({error.strerror})")
    except UnicodeDecodeError:
        return _fail(f"{path}: kein UTF-8-Text")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        return _fail(f"{path}: kein gültiges JSON (Zeile {error.lineno}, Spalte {error.colno}: {error.msg})")
    try:
        result = run_scenario(data)
    except ScenarioError as error:
        return _fail(str(error))
    print(json.dumps(result, ensure_ascii=False, indent=2))
    return 0


def _fail(message: str) -> int:
    print(" ".join(message.split()), file=sys.stderr)
    return 2
