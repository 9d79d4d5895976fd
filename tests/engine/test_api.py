"""The engine's three questions and its guarantees: illegal input changes nothing; replay is exact."""

import pytest

from wolfrunde.engine import Game, IllegalMove

from engine.helpers import answer, kinds, new_game, run_until, seat

FIVE = ("werewolf", "seer", "witch", "villager", "hunter")


def snapshot(game: Game):
    return (
        len(game.events),
        list(game.history),
        [(r.seat, r.kind) for r in game.pending()],
        [(p.alive, p.card, dict(p.card_state)) for p in game.players],
    )


def test_game_starts_with_night_one_and_its_first_step():
    game = new_game(*FIVE)
    assert (game.phase.value, game.round) == ("night", 1)
    assert [e.data["step"] for e in game.events if e.type == "step"] == ["werewolves"]
    assert kinds(game) == {"werewolves"}


def test_pending_names_seat_kind_options_and_default():
    game = new_game(*FIVE)
    (request,) = game.pending()
    assert request.seat == 0 and request.kind == "werewolves"
    assert request.options == {"type": "seat", "choices": [1, 2, 3, 4], "optional": True}
    assert request.default is None


@pytest.mark.parametrize(
    ("seat_", "kind", "choice", "message"),
    [
        (0, "werewolves", 0, "Rudel"),
        (0, "werewolves", 99, "Sitzplatz"),
        (0, "werewolves", "Ben", "Sitzplatz"),
        (1, "werewolves", 3, "nicht"),
        (0, "seer", 3, "nicht"),
    ],
)
def test_illegal_decisions_raise_and_change_nothing(seat_, kind, choice, message):
    game = new_game(*FIVE)
    before = snapshot(game)
    with pytest.raises(IllegalMove, match=message):
        game.decide(seat_, kind, choice)
    assert snapshot(game) == before


def test_deciding_twice_is_illegal():
    game = new_game("werewolf", "werewolf", "seer", "villager", "villager")
    game.decide(0, "werewolves", 2)
    with pytest.raises(IllegalMove, match="schon entschieden"):
        game.decide(0, "werewolves", 3)


def test_dead_player_cannot_act():
    game = new_game(*FIVE)
    answer(game, werewolves="Ben")
    run_until(game, lambda g: g.phase.value == "day")
    assert not game.players[seat(game, "Ben")].alive
    with pytest.raises(IllegalMove, match="tot"):
        game.decide(seat(game, "Ben"), "vote", 0)


def test_timeout_applies_every_default():
    game = new_game(*FIVE)
    game.timeout()  # wolves: nobody
    game.timeout()  # seer: nobody
    game.timeout()  # witch: nothing
    assert game.phase.value == "day"
    morning = [e for e in game.events if e.type == "morning"]
    assert morning[0].data["dead"] == []


def test_replay_gives_the_same_game():
    game = new_game(*FIVE, seed=3)
    run_until(
        game,
        lambda g: g.round == 2 and g.phase.value == "night",
        werewolves="Dora",
        seer="Anna",
        vote="Carl",
        captain="Ben",
    )
    copy = Game.replay(game.setup, game.history)
    assert [(e.type, e.data, e.visible_to) for e in copy.events] == [
        (e.type, e.data, e.visible_to) for e in game.events
    ]
    assert [(r.seat, r.kind, r.options) for r in copy.pending()] == [
        (r.seat, r.kind, r.options) for r in game.pending()
    ]


def test_events_mark_who_may_see_them():
    game = new_game(*FIVE)
    roles = [e for e in game.events if e.type == "role"]
    assert [sorted(e.visible_to) for e in roles] == [[0], [1], [2], [3], [4]]
    steps = [e for e in game.events if e.type == "step"]
    assert all(e.visible_to is None for e in steps)


def test_decisions_after_the_end_are_refused():
    game = new_game(*FIVE)
    answer(game, werewolves="Ben")
    run_until(game, lambda g: g.result is not None, vote="Anna")
    assert game.result == {"winner": "village", "winners": [1, 2, 3, 4]}
    with pytest.raises(IllegalMove, match="vorbei"):
        game.decide(1, "vote", 0)
