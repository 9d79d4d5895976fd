"""Dealing by player count and the Bürgermeister card (seed 003, Leicht vergessen 12)."""

from collections import Counter

import pytest

from werwoerter.ww_helpers import NAMES, make, role_of, seats_with
from wolfrunde.werwoerter import Game, Hint, IllegalMove, Role, Setup
from wolfrunde.werwoerter.events import MayorAppointed, Redealt
from wolfrunde.werwoerter.roles import deck, werewolf_count


@pytest.mark.parametrize(("players", "wolves"), [(4, 1), (5, 1), (6, 1), (7, 2), (8, 2), (9, 2), (10, 2)])
def test_deck_by_player_count(players: int, wolves: int) -> None:
    cards = Counter(deck(players))
    assert werewolf_count(players) == wolves
    assert cards == Counter({"mayor": 1, "seer": 1, "werewolf": wolves, "villager": players - 1 - wolves})
    assert sum(cards.values()) == players + 1  # one card stays in the centre


@pytest.mark.parametrize("players", range(4, 11))
@pytest.mark.parametrize("seed", range(8))
def test_every_seat_gets_one_secret_role_and_one_seat_is_mayor(players: int, seed: int) -> None:
    game = Game(Setup(players=NAMES[:players], seed=seed))
    roles = Counter(role_of(game, seat) for seat in range(players))
    assert roles == Counter(
        {Role.SEER: 1, Role.WEREWOLF: werewolf_count(players), Role.VILLAGER: players - 1 - werewolf_count(players)}
    )
    appointed = [e for e in game.events if isinstance(e, MayorAppointed)]
    assert len(appointed) == 1 and appointed[0].visible_to is None
    assert appointed[0].seat == game.mayor


def test_mayor_takes_the_centre_card_as_secret_role() -> None:
    game = make("VMWVS")  # seat 1 holds the Bürgermeister card, the Seherin lies in the centre
    assert game.mayor == 1
    assert role_of(game, 1) is Role.SEER
    assert seats_with(game, Role.SEER) == [1]


def test_mayor_card_in_the_centre_goes_left_of_the_last_mayor() -> None:
    game = make("VSWVM", last_mayor=1)
    assert game.mayor == 2  # the left neighbour is the next seat
    assert role_of(game, 2) is Role.WEREWOLF  # he keeps his own card as his secret role
    appointed = next(e for e in game.events if isinstance(e, MayorAppointed))
    assert appointed.from_center
    assert Hint.MAYOR_CARD_CENTER in appointed.hints


def test_left_of_the_last_seat_is_the_first_seat() -> None:
    game = make("VSWVM", last_mayor=3)
    assert game.mayor == 0


def test_mayor_dealt_normally_needs_no_hint() -> None:
    game = make("MSWVV", last_mayor=2)
    appointed = next(e for e in game.events if isinstance(e, MayorAppointed))
    assert game.mayor == 0 and not appointed.from_center and appointed.hints == ()


def test_first_game_is_dealt_anew_until_someone_has_the_mayor_card() -> None:
    redealt = []
    for seed in range(60):
        game = Game(Setup(players=NAMES[:4], seed=seed))
        count = sum(isinstance(e, Redealt) for e in game.events)
        appointed = next(e for e in game.events if isinstance(e, MayorAppointed))
        assert not appointed.from_center
        if count:
            redealt.append(seed)
    assert redealt, "with 5 cards the centre gets the Bürgermeister card in about one deal of five"


def test_a_later_game_is_not_dealt_anew() -> None:
    for seed in range(60):
        game = Game(Setup(players=NAMES[:4], seed=seed, last_mayor=0))
        assert not any(isinstance(e, Redealt) for e in game.events)
    centre = [
        seed
        for seed in range(60)
        if next(
            e for e in Game(Setup(players=NAMES[:4], seed=seed, last_mayor=0)).events if isinstance(e, MayorAppointed)
        ).from_center
    ]
    assert centre
    for seed in centre:
        assert Game(Setup(players=NAMES[:4], seed=seed, last_mayor=0)).mayor == 1


def test_secret_roles_are_private() -> None:
    game = make("MSWVV")
    for seat in range(4):
        dealt = [e for e in game.events_for(seat) if e.TYPE == "role_dealt"]
        assert len(dealt) == 1 and dealt[0].visible_to == frozenset({seat})


@pytest.mark.parametrize(
    ("setup", "fragment"),
    [
        (dict(players=NAMES[:3]), "4 bis 10 Spieler"),
        (dict(players=(*NAMES, "Karl")), "4 bis 10 Spieler"),
        (dict(players=("Anna", "anna", "Ben", "Carla")), "denselben Namen"),
        (dict(players=("Anna", " ", "Ben", "Carla")), "Namen"),
        (dict(players=NAMES[:4], difficulty=5), "Schwierigkeitsstufe"),
        (dict(players=NAMES[:4], difficulty=0), "Schwierigkeitsstufe"),
        (dict(players=NAMES[:4], day_seconds=5), "Sekunden"),
        (dict(players=NAMES[:4], last_mayor=4), "letzte Bürgermeister"),
        (dict(players=NAMES[:4], seed="x"), "Seed"),
        (dict(players=NAMES[:4], cards=("mayor", "seer", "werewolf", "werewolf", "villager")), "Karten passen"),
        (dict(players=NAMES[:4], cards=("seer", "werewolf", "villager", "villager", "mayor")), "neu gegeben"),
    ],
)
def test_bad_setups_are_refused_in_german(setup: dict, fragment: str) -> None:
    with pytest.raises(IllegalMove, match=fragment):
        Setup(**setup)


def test_day_timer_is_four_minutes_unless_set() -> None:
    assert Setup(players=NAMES[:4]).day_seconds == 240
    game = make("MSWVV", day_seconds=300)
    assert game.events[0].day_seconds == 300  # type: ignore[attr-defined]
