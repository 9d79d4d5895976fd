"""`wolfrunde serve`: starts the server (SQLite in the data folder unless a database URL is given)."""

from __future__ import annotations

import argparse
import logging
from pathlib import Path
from typing import Any

from wolfrunde.server.config import DEFAULT_RETENTION_DAYS

HELP = "Startet den Server für Online-Runden"
MAX_RETENTION_DAYS = 3650


def retention_days(text: str) -> int:
    """The `--retention-days` value: whole days from 1 to ten years, else a German error."""
    try:
        days = int(text)
    except ValueError:
        days = 0
    if not 1 <= days <= MAX_RETENTION_DAYS:
        raise argparse.ArgumentTypeError(
            f"„{text}“ ist keine gültige Aufbewahrungsfrist: eine ganze Zahl von 1 bis {MAX_RETENTION_DAYS} Tagen"
        )
    return days


def serving_options() -> dict[str, Any]:
    """uvicorn's settings for a Wolfrunde server (besides the address), shared with the benchmarks' server."""
    from wolfrunde.server.ws_protocol import protocol_class

    return {
        "ws": protocol_class(),  # permessage-deflate for messages of 4 KiB and more (ws_protocol.py)
        "ws_max_size": 65536,
        "log_level": "warning",
        "proxy_headers": False,  # a balancer's forwarded address is read by `security.client_address` alone
        "server_header": False,
    }


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="Adresse, auf der der Server lauscht")
    parser.add_argument("--port", type=int, default=8000, help="Port (Standard: 8000)")
    parser.add_argument("--data", default="data", help="Datenordner für die SQLite-Datenbank")
    parser.add_argument("--database-url", default=None, help="z. B. postgresql+psycopg://… statt SQLite")
    parser.add_argument(
        "--secure-cookies",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="Sitzungs-Cookie nur über HTTPS senden (Standard: je nach Anfrage)",
    )
    parser.add_argument(
        "--public-url",
        action="append",
        default=[],
        help="Adresse, unter der Spieler den Server öffnen (z. B. https://wolfrunde.example); mehrfach möglich",
    )
    parser.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        help="IP-Adresse eines Proxys, dessen X-Forwarded-For geglaubt wird; mehrfach möglich",
    )
    parser.add_argument(
        "--redis-url",
        default=None,
        help="z. B. redis://127.0.0.1:6379/0: Limits und Anwesenheit teilen sich alle Prozesse (Scale-out)",
    )
    parser.add_argument(
        "--advertise",
        default=None,
        metavar="HOST:PORT",
        help="Adresse, unter der die anderen Prozesse diesen erreichen (Standard: --host:--port)",
    )
    parser.add_argument(
        "--ownership-log", default=None, help="Datei, in die jeder übernommene und abgegebene Raum geschrieben wird"
    )
    parser.add_argument(
        "--turn-url",
        default=None,
        help="TURN-Server für den Sprachchat (z. B. turn:turn.example:3478); alle Sprache läuft dann über ihn",
    )
    parser.add_argument(
        "--turn-secret",
        default=None,
        help="das static-auth-secret des TURN-Servers (coturn, use-auth-secret); Pflicht mit --turn-url",
    )
    parser.add_argument(
        "--retention-days",
        type=retention_days,
        default=DEFAULT_RETENTION_DAYS,
        metavar="TAGE",
        help="so viele Tage nach dem Ende einer Partie löscht der Server ihren Verlauf und Chat "
        f"(Standard: {DEFAULT_RETENTION_DAYS})",
    )
    parser.add_argument("--testing", action="store_true", help=argparse.SUPPRESS)


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from wolfrunde.server.app import create_app
    from wolfrunde.server.collector import tune_for_serving
    from wolfrunde.server.config import ServerConfig
    from wolfrunde.server.voice.turn import check_url
    from wolfrunde.store import default_url

    if (args.turn_url is None) != (args.turn_secret is None):
        raise SystemExit("--turn-url und --turn-secret gehören zusammen: gib beide an oder keines.")
    if args.turn_url is not None and (problem := check_url(args.turn_url)) is not None:
        raise SystemExit(problem)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    url = args.database_url or default_url(args.data)
    voices = str(Path(args.data) / "voices")
    origins = tuple(args.public_url) or (f"http://{args.host}:{args.port}",)
    common = {
        "database_url": url,
        "secure_cookies": args.secure_cookies,
        "voices_dir": voices,
        "public_origins": origins,
        "trusted_proxies": frozenset(args.trusted_proxy),
        "ready_message": f"Wolfrunde läuft: {origins[0]}/",
        "process_address": args.advertise or f"{args.host}:{args.port}",
        "ownership_journal": args.ownership_log,
        "redis_url": args.redis_url,
        "turn_url": args.turn_url,
        "turn_secret": args.turn_secret,
        "retention_days": args.retention_days,
        "govern_collector": True,
    }
    config = ServerConfig(**common, narration_wait=1.0, narration_prerender=True)
    if args.testing:  # for tests: bots answer at once, skipped steps pass quickly, many sign-ups allowed
        config = ServerConfig(
            **common,
            bot_delay=(0.0, 0.02),
            pause_seconds=(0.0, 0.02),
            registrations_per_hour=10_000,
            narration_wait=0.01,  # the room still waits for the narration, a hundred times faster
            restart_grace=3.0,
        )
    app = create_app(config)
    tune_for_serving()
    uvicorn.run(app, host=args.host, port=args.port, **serving_options())
    return 0
