"""A seat's view holds what that seat may know, and nothing else."""

from engine.helpers import answer, kinds, new_game, run_until, seat


def roles_known(view):
    return {p["name"]: p["role"] for p in view["players"] if p["role"] is not None}


def test_each_seat_knows_only_its_own_card_at_the_start():
    game = new_game("werewolf", "seer", "witch", "villager", "hunter")
    for s, player in enumerate(game.players):
        assert roles_known(game.view(s)) == {player.name: player.card}
        assert game.view(s)["you"]["role"] == player.card


def test_pending_only_for_the_viewer():
    game = new_game("werewolf", "seer", "witch", "villager", "hunter")
    assert [r["kind"] for r in game.view(0)["pending"]] == ["werewolves"]
    assert game.view(1)["pending"] == []


def test_wolves_see_the_pack_but_not_its_cards():
    game = new_game("werewolf", "primal_wolf", "seer", "villager", "villager", "villager", "villager")
    view = game.view(0)
    packs = [e for e in view["events"] if e["type"] == "pack"]
    assert packs and packs[0]["pack"] == [0, 1]
    assert roles_known(view) == {"Anna": "werewolf"}
    assert not any(e["type"] == "pack" for e in game.view(2)["events"])
    assert [p["side"] for p in view["players"][:3]] == ["werewolves", "werewolves", None]
    assert [p["side"] for p in game.view(2)["players"][:3]] == [None, None, "village"]


def test_seer_learns_the_card_the_others_do_not():
    game = new_game("werewolf", "seer", "witch", "villager", "hunter")
    answer(game)
    answer(game, seer="Carl")
    assert roles_known(game.view(1)) == {"Ben": "seer", "Carl": "witch"}
    assert "Ben" not in roles_known(game.view(2))
    assert roles_known(game.view(3)) == {"Dora": "villager"}


def test_lovers_see_each_other_not_the_role():
    game = new_game("werewolf", "cupid", "witch", "villager", "hunter", "villager")
    answer(game, cupid=["Carl", "Emil"])
    for lover, partner in (("Carl", "Emil"), ("Emil", "Carl")):
        view = game.view(seat(game, lover))
        assert view["you"]["lover"] == seat(game, partner)
        assert partner not in roles_known(view)
    assert game.view(seat(game, "Dora"))["you"]["lover"] is None


def test_sisters_know_each_other():
    game = new_game("werewolf", "sister", "sister", "villager", "villager", "villager", "villager", "seer")
    assert roles_known(game.view(1)) == {"Ben": "sister", "Carl": "sister"}
    assert roles_known(game.view(3)) == {"Dora": "villager"}


def test_public_death_reveals_the_role_to_everyone():
    game = new_game("werewolf", "seer", "witch", "villager", "hunter")
    answer(game, werewolves="Dora")
    run_until(game, lambda g: g.phase.value == "day")
    for s in range(5):
        assert roles_known(game.view(s))["Dora"] == "villager"


def test_hidden_night_events_stay_hidden():
    game = new_game("werewolf", "bodyguard", "witch", "villager", "hunter")
    answer(game, bodyguard="Dora")
    answer(game, werewolves="Dora")
    run_until(game, lambda g: g.phase.value == "day")
    for s in range(5):
        types = {e["type"] for e in game.view(s)["events"]}
        assert "attack_blocked" not in types
    assert "guarded" in {e["type"] for e in game.view(1)["events"]}
    assert "guarded" not in {e["type"] for e in game.view(0)["events"]}


def test_everything_is_open_at_the_end():
    game = new_game("werewolf", "seer", "witch", "villager", "hunter")
    answer(game, werewolves="Ben")
    run_until(game, lambda g: g.result is not None, vote="Anna")
    view = game.view(3)
    assert roles_known(view) == {p.name: p.card for p in game.players}
    assert any(e["type"] == "role" and e["player"] == 0 for e in view["events"])


def test_night_causes_stay_secret_but_public_ones_are_told():
    game = new_game("werewolf", "seer", "witch", "villager", "hunter", "villager")
    answer(game, werewolves="Dora")
    answer(game)
    answer(game, witch={"poison": "Emil"})
    answer(game, hunter="Frieda")
    run_until(game, lambda g: g.phase.value == "day")
    public = [(e["player"], e["cause"]) for e in game.view(1)["events"] if e["type"] == "died"]
    assert public == [(3, "night"), (4, "night"), (5, "hunter")]
    assert not any(e["type"] == "death" for e in game.view(1)["events"])
    true_causes = [(e.data["player"], e.data["cause"]) for e in game.events if e.type == "death"]
    assert true_causes == [(3, "werewolves"), (4, "poison"), (5, "hunter")]


def test_the_elder_does_not_see_that_an_attack_was_absorbed():
    game = new_game("werewolf", "elder", "witch", "villager", "villager", "villager")
    answer(game, werewolves="Ben")
    run_until(game, lambda g: g.phase.value == "day")
    elder = seat(game, "Ben")
    assert game.players[elder].alive and game.players[elder].card_state == {"wounded": True}
    assert game.view(elder)["you"]["card_state"] == {}
    assert not any(e["type"] == "attack_blocked" for e in game.view(elder)["events"])


def test_the_witch_sees_her_potions_on_her_card():
    game = new_game("werewolf", "elder", "witch", "villager", "villager", "villager")
    answer(game, werewolves="Dora")
    answer(game, witch={"heal": "Dora"})
    assert game.view(seat(game, "Carl"))["you"]["card_state"] == {"heal_used": True}


def test_every_seat_sees_who_the_hauptmann_is_once_he_is_elected():
    game = new_game("werewolf", "seer", "witch", "villager", "villager", "villager")
    run_until(game, lambda g: "captain" in kinds(g))
    for s in range(len(game.players)):
        assert not any(p["captain"] for p in game.view(s)["players"])
    answer(game, captain="Ben")
    assert game.captain == seat(game, "Ben")
    for s in range(len(game.players)):
        view = game.view(s)
        assert [p["captain"] for p in view["players"]] == [p.name == "Ben" for p in game.players]
        assert view["you"]["captain"] == (s == seat(game, "Ben"))
