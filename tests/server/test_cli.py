import pytest

from wolfrunde.cli import build_parser


def test_serve_and_bots_are_subcommands_with_their_options() -> None:
    parser, modules = build_parser()
    assert {"serve", "bots"} <= set(modules)
    args = parser.parse_args(["serve", "--port", "9000", "--data", "d", "--database-url", "sqlite:///x.db"])
    assert (args.host, args.port, args.data, args.database_url) == ("127.0.0.1", 9000, "d", "sqlite:///x.db")
    args = parser.parse_args(["bots", "--room", "K7QWM", "--count", "3"])
    assert (args.url, args.room, args.count) == ("http://127.0.0.1:8000", "K7QWM", 3)


def test_bots_command_refuses_a_bad_code_and_count(capsys: pytest.CaptureFixture[str]) -> None:
    parser, modules = build_parser()
    assert modules["bots"].run(parser.parse_args(["bots", "--room", "B0O", "--count", "2"])) == 2
    assert "kein gültiger Raumcode" in capsys.readouterr().out
    assert modules["bots"].run(parser.parse_args(["bots", "--room", "K7QWM", "--count", "40"])) == 2
