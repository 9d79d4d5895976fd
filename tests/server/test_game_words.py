"""The game's German words reach the web client from the engine's one catalogue (GET /api/words), and
the client keeps no copy of them."""

import random
from pathlib import Path

from starlette.testclient import TestClient

from wolfrunde.engine import Game
from wolfrunde.engine.texts import nobody_label, prompt, step_call, winner_line
from wolfrunde.engine.texts.catalogue import catalogue
from wolfrunde.simulation.policy import choose
from wolfrunde.simulation.runner import random_setup

STATIC = Path(__file__).resolve().parents[2] / "src" / "wolfrunde" / "server" / "static"


def test_the_words_are_the_engines_catalogue(client: TestClient) -> None:
    response = client.get("/api/words")
    assert response.status_code == 200
    words = response.json()
    texts = catalogue()
    assert words["steps"] == {step: step_call(step) for step in texts.steps}
    assert {kind: entry["prompt"] for kind, entry in words["kinds"].items()} == {k: prompt(k) for k in texts.kinds}
    assert {kind: entry["nobody"] for kind, entry in words["kinds"].items()} == {
        k: nobody_label(k) for k in texts.kinds
    }
    assert words["winners"] == {winner: winner_line(winner) for winner in texts.winners}
    assert words["kinds"]["alpha_wolf"]["hint"].startswith("Solange kein Wolf gestorben ist")


def test_every_step_and_question_of_random_games_has_its_words(client: TestClient) -> None:
    words = client.get("/api/words").json()
    steps: set[str] = set()
    kinds: set[str] = set()
    winners: set[str] = set()
    for seed in range(40):
        rng = random.Random(seed)
        game = Game(random_setup(rng.choice([8, 10, 12, 16]), seed, rules=rng.choice(["wolfrunde", "duesterwald"])))
        while game.result is None:
            if game.step is not None:
                steps.add(game.step)
            for request in game.pending():
                kinds.add(request.kind)
                game.decide(request.seat, request.kind, choose(game, request, rng))
        winners.add(game.result["winner"])
    assert steps and kinds and winners
    assert all(words["steps"].get(step) for step in steps), steps - set(words["steps"])
    assert all(words["kinds"].get(kind, {}).get("prompt") for kind in kinds), kinds - set(words["kinds"])
    assert all(words["winners"].get(winner) for winner in winners)


def test_the_client_keeps_no_copy_of_the_game_words() -> None:
    texts = catalogue()  # the winners' lines are left out: Werwörter's own say "Das Dorf gewinnt!" too
    engine_words = {entry.prompt for entry in texts.kinds.values()} | {
        entry.hint for entry in texts.kinds.values() if entry.hint
    }
    engine_words |= {entry.call for entry in texts.steps.values() if " " in entry.call}
    for script in STATIC.rglob("*.js"):
        source = script.read_text(encoding="utf-8")
        copied = sorted(word for word in engine_words if f'"{word}"' in source)
        assert not copied, (script.name, copied[:3])
