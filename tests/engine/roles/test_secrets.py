"""What roles tell, and to whom: infection, Magd, Richter, Hundeführer, Denunziant, Flötenspieler."""

from engine.helpers import answer, new_game, run_until, seat


def public_types(game, viewer):
    return [e["type"] for e in game.view(viewer)["events"]]


def test_infected_player_learns_it_and_the_morning_names_no_victim():
    game = new_game("primal_wolf", "werewolf", "seer", "villager", "villager", "villager", "villager")
    answer(game, werewolves="Dora")
    answer(game, infect=True)
    run_until(game, lambda g: g.phase.value == "day")
    dora = seat(game, "Dora")
    assert game.view(dora)["you"]["side"] == "werewolves"
    assert "infected" in public_types(game, dora)
    assert "infected" not in public_types(game, seat(game, "Emil"))
    assert [e.data["dead"] for e in game.events if e.type == "morning"] == [[]]
    # her own card is unchanged
    assert game.view(dora)["you"]["role"] == "villager"


def test_magd_online_hides_the_role_and_tells_only_her():
    game = new_game("werewolf", "maid", "hunter", "villager", "villager", "villager")
    run_until(game, lambda g: g.phase.value == "day")
    run_until(game, lambda g: "maid" in {r.kind for r in g.pending()}, vote="Carl")
    answer(game, maid=True)
    died = next(e for e in game.events if e.type == "died")
    assert "role" not in died.data and died.reveals == {} and died.visible_to is None
    assert game.view(1)["you"]["role"] == "hunter"
    for viewer in (0, 3, 4):
        roles = {p["name"]: p["role"] for p in game.view(viewer)["players"]}
        assert roles["Carl"] is None and roles["Ben"] is None
    # the Jäger's shot passed to her: Carl does not shoot
    assert not any(r.kind == "hunter" for r in game.pending())


def test_richter_is_anonymous():
    game = new_game("werewolf", "judge", "villager", "villager", "villager", "villager")
    run_until(game, lambda g: "judge" in {r.kind for r in g.pending()}, vote="Dora")
    answer(game, judge=True)
    demanded = next(e for e in game.events if e.type == "judge_demanded")
    assert demanded.visible_to is None and demanded.data == {}
    assert {r.kind for r in game.pending()} == {"second_vote"}


def test_dog_and_letter_are_public_but_not_their_senders():
    game = new_game("werewolf", "dog_handler", "denouncer", "villager", "villager", "villager")
    run_until(game, lambda g: g.phase.value == "day", dog_handler=["Dora", "Emil"], denouncer="Frieda")
    for viewer in range(6):
        events = {e["type"]: e for e in game.view(viewer)["events"]}
        assert events["dog"] == {"type": "dog", "left": 3, "right": 4, "growl": False}
        assert events["accusation"] == {"type": "accusation", "accused": 5}
    dog = next(e for e in game.events if e.type == "dog")
    assert "player" not in dog.data


def test_enchanted_see_each_other_not_the_piper():
    roles = ("werewolf", "piper", "villager", "villager", "villager", "villager", "villager", "seer")
    game = new_game(*roles)
    run_until(game, lambda g: "piper" in {r.kind for r in g.pending()})
    answer(game, piper=["Carl", "Dora"])
    lists = [e for e in game.view(2)["events"] if e["type"] == "enchanted_list"]
    assert lists and lists[0]["enchanted"] == [2, 3]
    roles_known = {p["name"]: p["role"] for p in game.view(2)["players"] if p["role"]}
    assert "Ben" not in roles_known
