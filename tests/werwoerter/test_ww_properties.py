"""Random legal games: they always end, and nobody sees the word who may not know it before the day ends."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from werwoerter.ww_helpers import NAMES
from wolfrunde.werwoerter import Decision, Game, Kind, Role, Setup
from wolfrunde.werwoerter.events import DayEnded, RoleDealt, WordChosen

TIME_UP = "time_up"


def knowers(game: Game) -> set[int]:
    """Seats that may know the word during the day: the Bürgermeister, the Seherin, the Werwölfe."""
    roles = {e.seat: e.role for e in game.events if isinstance(e, RoleDealt)}
    return {game.mayor} | {seat for seat, role in roles.items() if role in (Role.SEER, Role.WEREWOLF)}


def check_views(game: Game, offered: tuple[str, ...]) -> None:
    chosen = [e.word for e in game.events if isinstance(e, WordChosen)]
    day_over = any(isinstance(e, DayEnded) for e in game.events)
    may_know = knowers(game)
    for seat in range(len(game.players)):
        view = game.view(seat)
        text = json.dumps(view, ensure_ascii=False)
        own_roles = [e["seat"] for e in view["events"] if e["type"] == "role_dealt"]
        assert own_roles == [seat]
        if seat != game.mayor and not chosen:
            assert not any(f'"{word}"' in text for word in offered)
        if chosen and not day_over:
            if seat in may_know:
                assert view["word"] == chosen[0]
            else:
                assert f'"{chosen[0]}"' not in text and view["word"] is None
        if day_over:
            assert view["word"] == chosen[0]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(4, 10),
    seed=st.integers(0, 2**32),
    difficulty=st.integers(1, 4),
    last_mayor=st.one_of(st.none(), st.integers(0, 3)),
    whoops=st.integers(0, 2),
    data=st.data(),
)
def test_random_legal_games_end_and_keep_the_word_secret(
    players: int, seed: int, difficulty: int, last_mayor: int | None, whoops: int, data: st.DataObject
) -> None:
    setup = Setup(players=NAMES[:players], seed=seed, difficulty=difficulty, last_mayor=last_mayor)
    game = Game(setup)
    offered = game.pending()[0].options
    assert all(isinstance(word, str) for word in offered)
    for _ in range(300):
        check_views(game, offered)  # type: ignore[arg-type]
        moves: list[object] = [r for r in game.pending() if r.kind is not Kind.WHOOPS or whoops > 0]
        if game.is_over and not moves:
            break
        if not game.is_over:
            moves.append(TIME_UP)
        move = data.draw(st.sampled_from(moves))
        if move == TIME_UP:
            game.time_up()
            continue
        if move.kind is Kind.WHOOPS:  # type: ignore[attr-defined]
            whoops -= 1
        choice = data.draw(st.sampled_from(move.options))  # type: ignore[attr-defined]
        game.apply(Decision(move.kind, move.seat, choice))  # type: ignore[attr-defined]
    assert game.is_over
    assert Game.replay(setup, game.decisions).events == game.events
