"""`wolfrunde cluster`: its arguments, the HAProxy configuration it writes, and its refusals."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from wolfrunde.cli import build_parser
from wolfrunde.server.cluster import Plan, haproxy_config, plan_from

PG = "postgresql+psycopg://wolfrunde@127.0.0.1:5432/wolfrunde"


def _plan(tmp_path: Path, *extra: str) -> Plan | str:
    parser, _ = build_parser()
    args = parser.parse_args(["cluster", "--database-url", PG, "--data", str(tmp_path), *extra])
    return plan_from(args)


def test_the_generated_configuration_is_valid_haproxy(tmp_path: Path) -> None:
    plan = _plan(tmp_path, "--processes", "3", "--port", "9000", "--redis-url", "redis://127.0.0.1:6379/0")
    assert isinstance(plan, Plan)
    config = haproxy_config(plan)
    check = subprocess.run(["haproxy", "-c", "-f", "/dev/stdin"], input=config.encode(), capture_output=True)
    assert check.returncode == 0, check.stderr.decode()
    servers = [line.split()[1:3] for line in config.splitlines() if line.strip().startswith("server ")]
    assert servers == [
        ["wolfrunde-1", "127.0.0.1:9001"],
        ["wolfrunde-2", "127.0.0.1:9002"],
        ["wolfrunde-3", "127.0.0.1:9003"],
    ]
    for line in ("balance hash var(txn.room)", "hash-type consistent", "option httpchk GET /api/health"):
        assert line in config
    assert "option redispatch" in config and "retries 3" in config
    command = plan.serve_command(1)
    assert command[command.index("--port") + 1] == "9002" and "--redis-url" in command
    assert command[command.index("--advertise") + 1] == "127.0.0.1:9002"


@pytest.mark.parametrize(
    ("extra", "reason"),
    [
        (["--processes", "0"], "1 bis 64"),
        (["--port", "9000", "--first-port", "8999"], "zwischen den Ports"),
    ],
)
def test_bad_arguments_are_refused_in_german(tmp_path: Path, extra: list[str], reason: str) -> None:
    plan = _plan(tmp_path, *extra)
    assert isinstance(plan, str) and reason in plan


def test_several_processes_need_postgresql(tmp_path: Path) -> None:
    parser, modules = build_parser()
    args = parser.parse_args(["cluster", "--database-url", f"sqlite:///{tmp_path / 'w.sqlite3'}"])
    assert "PostgreSQL" in str(plan_from(args))
    assert modules["cluster"].run(args) == 2  # type: ignore[attr-defined]
