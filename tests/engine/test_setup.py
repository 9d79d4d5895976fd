import pytest

from wolfrunde.engine import Game, Setup, SetupError, recommended_roles
from wolfrunde.engine.cards import all_cards

NAMES = tuple(f"P{i}" for i in range(1, 46))


def setup(roles, mode="online", center=(), names=None, rules="wolfrunde"):
    return Setup(names=names or NAMES[: len(roles)], roles=tuple(roles), center=center, mode=mode, rules=rules)


def base(n):
    return ["werewolf", "seer"] + ["villager"] * (n - 2)


@pytest.mark.parametrize(
    ("mode", "low", "high"), [("online", 5, 14), ("table_single_device", 3, 40), ("table_own_devices", 3, 40)]
)
def test_player_limits_per_mode(mode, low, high):
    setup(base(low), mode).validate()
    setup(base(high), mode).validate()
    for n in (low - 1, high + 1):
        with pytest.raises(SetupError, match=f"{low} bis {high}"):
            setup(base(n), mode).validate()


def test_unknown_role_is_named():
    with pytest.raises(SetupError, match="Zauberer"):
        setup(["werewolf", "seer", "villager", "villager", "Zauberer"]).validate()


def test_duplicate_names_case_insensitive():
    with pytest.raises(SetupError, match="doppelt"):
        setup(base(5), names=("Anna", "Ben", "anna", "Dora", "Emil")).validate()


def test_empty_name_rejected():
    with pytest.raises(SetupError, match="Namen"):
        setup(base(5), names=("Anna", "Ben", " ", "Dora", "Emil")).validate()


def test_role_count_must_match_players():
    with pytest.raises(SetupError, match="Rollenkarten"):
        Setup(names=NAMES[:5], roles=("werewolf", "seer", "villager", "villager")).validate()


@pytest.mark.parametrize(("role", "cards", "minimum"), [("sister", 2, 8), ("brother", 3, 10), ("piper", 1, 8)])
def test_role_minimum_players(role, cards, minimum):
    roles = ["werewolf"] + [role] * cards
    ok = roles + ["villager"] * (minimum - len(roles))
    setup(ok).validate()
    short = roles + ["villager"] * (minimum - 1 - len(roles))
    with pytest.raises(SetupError, match=f"ab {minimum} Spielern"):
        setup(short).validate()


@pytest.mark.parametrize(("role", "wrong"), [("sister", 1), ("sister", 3), ("brother", 2)])
def test_sibling_cards_come_as_a_set(role, wrong):
    roles = ["werewolf"] + [role] * wrong + ["villager"] * (12 - 1 - wrong)
    with pytest.raises(SetupError, match="genau"):
        setup(roles).validate()


def test_unique_roles_only_once():
    with pytest.raises(SetupError, match="nur einmal"):
        setup(["werewolf", "seer", "seer", "villager", "villager"]).validate()


def test_judge_not_with_single_device():
    roles = ["werewolf", "judge", "villager", "villager", "villager"]
    setup(roles, "online").validate()
    setup(roles, "table_own_devices").validate()
    with pytest.raises(SetupError, match="Richter"):
        setup(roles, "table_single_device").validate()


def test_needs_a_wolf_card():
    with pytest.raises(SetupError, match="Wölfen"):
        setup(["seer", "villager", "villager", "villager", "villager"]).validate()


def test_thief_needs_exactly_two_centre_cards():
    roles = ["werewolf", "thief", "villager", "villager", "villager"]
    setup(roles, center=("villager", "werewolf")).validate()
    for center in ((), ("villager",), ("villager", "villager", "villager")):
        with pytest.raises(SetupError, match="zwei Karten"):
            setup(roles, center=center).validate()


def test_centre_cards_only_with_thief():
    with pytest.raises(SetupError, match="Dieb"):
        setup(base(5), center=("villager", "villager")).validate()


def test_unknown_rules_and_mode():
    with pytest.raises(SetupError, match="Regelsatz"):
        setup(base(5), rules="mafia").validate()
    with pytest.raises(SetupError, match="Spielart"):
        setup(base(5), mode="lan").validate()


def test_game_refuses_bad_setup():
    with pytest.raises(SetupError):
        Game(setup(base(4)))


@pytest.mark.parametrize("players", range(3, 41))
@pytest.mark.parametrize("mode", ["table_single_device", "table_own_devices"])
def test_recommended_sets_are_legal_at_the_table(players, mode):
    roles = recommended_roles(players, mode=mode)
    assert len(roles) == players
    setup(roles, mode).validate()


@pytest.mark.parametrize("players", range(5, 15))
@pytest.mark.parametrize("rules", ["wolfrunde", "duesterwald"])
def test_recommended_sets_are_legal_online(players, rules):
    roles = recommended_roles(players, rules=rules)
    setup(roles, rules=rules).validate()
    if rules == "duesterwald":
        assert set(roles) <= {"werewolf", "villager", "seer", "witch", "hunter", "cupid", "little_girl"}


def test_recommended_sets_grow_with_new_roles():
    assert all("sister" not in recommended_roles(n) for n in range(5, 8))
    assert "sister" in recommended_roles(8)
    assert "brother" in recommended_roles(10)
    assert any("piper" in recommended_roles(n) for n in range(8, 15))
    assert "judge" not in recommended_roles(16, mode="table_single_device")
    for n in range(5, 15):
        assert "villager" in recommended_roles(n)
    assert recommended_roles(40, mode="table_own_devices").count("werewolf") >= 5


def test_catalogue_has_all_roles():
    cards = all_cards()
    assert len(cards) == 28  # seed 000 counts 28, the office of Hauptmann among them
    for role in cards.values():
        assert role.name and role.description.endswith((".", "!", "“"))
