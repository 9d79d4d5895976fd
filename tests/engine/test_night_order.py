"""The night in seed 000's order; steps of dead or absent roles are still called, silently."""

from wolfrunde.engine.night_order import NIGHT_ORDER

from engine.helpers import answer, new_game, run_until

ALL_NIGHT_ROLES = (
    "thief",
    "border_crosser",
    "foundling",
    "cupid",
    "sister",
    "sister",
    "bodyguard",
    "denouncer",
    "werewolf",
    "alpha_wolf",
    "white_wolf",
    "seer",
    "fox",
    "dog_handler",
    "witch",
    "piper",
    "maid",
)


def steps(game, night):
    out, current = [], 0
    for event in game.events:
        if event.type == "night":
            current = event.data["round"]
        elif event.type == "step" and current == night:
            out.append(event.data["step"])
    return out


def big_game(mode="table_single_device"):
    roles = (*ALL_NIGHT_ROLES, "brother", "brother", "brother", "villager")
    return new_game(*roles, mode=mode, center=("villager", "villager"))


def test_seed_order_declared():
    assert NIGHT_ORDER == (
        "thief",
        "border_crosser",
        "foundling",
        "cupid",
        "lovers",
        "sisters",
        "brothers",
        "bodyguard",
        "denouncer",
        "werewolves",
        "alpha_wolf",
        "white_wolf",
        "seer",
        "fox",
        "dog_handler",
        "witch",
        "piper",
        "enchanted",
        "maid",
    )


def test_first_night_calls_every_step_in_order_except_white_wolf():
    game = big_game()
    run_until(game, lambda g: g.phase.value == "day")
    assert steps(game, 1) == [s for s in NIGHT_ORDER if s != "white_wolf"]


def test_second_night_cadences():
    game = big_game()
    run_until(game, lambda g: g.round == 2 and g.phase.value == "day")
    assert steps(game, 2) == [
        "bodyguard",
        "denouncer",
        "werewolves",
        "alpha_wolf",
        "white_wolf",
        "seer",
        "fox",
        "dog_handler",
        "witch",
        "piper",
        "enchanted",
        "maid",
    ]


def test_third_night_sisters_and_brothers_again():
    game = big_game()
    run_until(game, lambda g: g.round == 3 and g.phase.value == "day")
    assert steps(game, 3)[:2] == ["sisters", "brothers"]


def test_maid_step_only_with_a_single_device():
    game = big_game(mode="table_own_devices")
    run_until(game, lambda g: g.phase.value == "day")
    assert "maid" not in steps(game, 1)


def test_dead_role_step_is_called_but_asks_nothing():
    game = new_game("werewolf", "seer", "villager", "villager", "villager", "villager")
    answer(game, werewolves="Ben")
    answer(game)  # seer looks at nobody
    run_until(game, lambda g: g.round == 2 and g.phase.value == "day")
    assert steps(game, 2) == ["werewolves", "seer"]
    asked = [kind for s, kind, _ in game.history if s == 1]
    assert asked == ["seer"]  # only in night 1


def test_absent_roles_are_not_called():
    game = new_game("werewolf", "seer", "villager", "villager", "villager")
    run_until(game, lambda g: g.phase.value == "day")
    assert steps(game, 1) == ["werewolves", "seer"]


def test_role_in_the_centre_is_still_called():
    game = new_game("werewolf", "thief", "villager", "villager", "villager", center=("seer", "villager"))
    answer(game, thief=None)
    run_until(game, lambda g: g.phase.value == "day")
    assert steps(game, 1) == ["thief", "werewolves", "seer"]


def test_the_declared_order_and_the_role_modules_match_both_ways():
    from wolfrunde.engine import registry
    from wolfrunde.engine.night_order import night_order

    declared = {step.id for role in registry.roles() for step in role.steps}
    assert declared == set(NIGHT_ORDER), "every module step is in NIGHT_ORDER and every entry has a module"
    assert night_order() == NIGHT_ORDER
    assert all(step.after is None for role in registry.roles() for step in role.steps)
