"""The `wolfrunde` command: one subcommand per module, each with `configure(parser)` and `run(args)`."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

# subcommand name -> module that provides HELP, configure(parser) and run(args) -> int
COMMANDS: dict[str, str] = {
    "scenario": "wolfrunde.scenario.cli",
    "simulate": "wolfrunde.simulation.cli",
    "roles": "wolfrunde.engine.roles_cli",
    "serve": "wolfrunde.server.cli",
    "bots": "wolfrunde.bots.cli",
    "voices": "wolfrunde.narration.cli",
    "werwoerter": "wolfrunde.werwoerter.cli",
}


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, object]]:
    parser = argparse.ArgumentParser(prog="wolfrunde", description="Wolfrunde – Werwolf mit Erzähler")
    sub = parser.add_subparsers(dest="command", metavar="BEFEHL")
    modules: dict[str, object] = {}
    for name, module_name in COMMANDS.items():
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name and module_name.startswith(error.name):
                continue  # that part of the platform is not installed in this build
            raise
        command_parser = sub.add_parser(name, help=getattr(module, "HELP", None))
        module.configure(command_parser)
        modules[name] = module
    return parser, modules


def main(argv: Sequence[str] | None = None) -> int:
    parser, modules = build_parser()
    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help(sys.stderr)
        return 2
    return int(modules[args.command].run(args))  # type: ignore[attr-defined]
