"""`wolfrunde werwoerter words …` run as a real process."""

import subprocess
import sys

import pytest

from wolfrunde.werwoerter.words import words


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "wolfrunde", "werwoerter", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize("level", ["1", "2", "3", "4"])
def test_prints_count_words_of_the_level(level: str) -> None:
    done = run("words", "--level", level, "--count", "7", "--seed", "5")
    assert done.returncode == 0, done.stderr
    printed = done.stdout.splitlines()
    assert len(printed) == 7 and len(set(printed)) == 7
    assert set(printed) <= set(words(int(level)))


def test_the_same_seed_gives_the_same_words() -> None:
    first = run("words", "--level", "2", "--count", "5", "--seed", "11").stdout
    assert first == run("words", "--level", "2", "--count", "5", "--seed", "11").stdout
    assert first != run("words", "--level", "2", "--count", "5", "--seed", "12").stdout


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["words", "--level", "5", "--count", "3"], "--level muss 1, 2, 3 oder 4"),
        (["words", "--level", "eins", "--count", "3"], "--level muss"),
        (["words", "--level", "1", "--count", "0"], "--count muss eine ganze Zahl ab 1"),
        (["words", "--level", "1", "--count", "drei"], "--count muss"),
        (["words", "--level", "1", "--count", "100000"], "hat nur"),
        (["words", "--level", "1", "--count", "2", "--seed", "x"], "--seed muss"),
        (["words", "--count", "2"], "fehlen"),
        ([], "Aktion"),
    ],
)
def test_bad_input_exits_2_with_a_german_message(args: list[str], fragment: str) -> None:
    done = run(*args)
    assert done.returncode == 2
    assert fragment in done.stderr
    assert done.stdout == ""
