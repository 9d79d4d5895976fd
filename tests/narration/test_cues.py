"""A game played through produces the expected sequence of scenes, from public events only."""

import random

from wolfrunde.engine import Game
from wolfrunde.narration.catalogue import load_catalogue
from wolfrunde.narration.cues import Cue, Narrator, cardinal, narrate, ordinal
from wolfrunde.simulation.policy import choose
from wolfrunde.simulation.runner import random_setup

from engine.helpers import answer, kinds, new_game, run_until


def public_events(game: Game):
    return [{"type": e.type, **e.data} for e in game.events if e.visible_to is None]


def scenes(game: Game):
    deck = (*game.setup.roles, *game.setup.center)
    return [c.scene for c in narrate(public_events(game), [p.name for p in game.players], deck)]


def test_first_night_and_morning_in_order():
    game = new_game("werewolf", "seer", "witch", "villager", "hunter")
    answer(game, werewolves="Dora")
    answer(game, seer="Anna")
    answer(game)
    cues = narrate(public_events(game), [p.name for p in game.players], game.setup.roles)
    assert [c.scene for c in cues] == [
        "welcome",
        "first_night_falls",
        "werewolves_wake",
        "werewolves_sleep",
        "seer_wakes",
        "seer_sleeps",
        "witch_wakes",
        "witch_sleeps",
        "morning_one_victim",
        "captain_election_start",
    ]
    assert cues[8] == Cue("morning_one_victim", {"name": "Dora", "role": "ein Dorfbewohner"})


def test_hunter_shot_at_dawn_and_day_vote():
    game = new_game("werewolf", "werewolf", "seer", "villager", "hunter", "villager", "villager")
    answer(game, werewolves="Emil")
    answer(game)
    answer(game, hunter="Anna")
    run_until(game, lambda g: "vote" in {r.kind for r in g.pending()})
    answer(game, vote="Ben")
    names = scenes(game)
    morning = names.index("morning_one_victim")
    assert names[morning : morning + 4] == ["morning_one_victim", "hunter_shot_call", "hunter_shot", "death_revealed"]
    assert names[-4:-1] == ["vote_call", "verdict", "death_revealed"]
    assert names[-1] == "victory_village"


def test_a_question_at_dawn_has_the_morning_told_first_and_nothing_twice():
    game = new_game("werewolf", "werewolf", "seer", "villager", "hunter", "villager", "villager")
    answer(game, werewolves="Emil")
    answer(game)
    assert kinds(game) == {"hunter"}, "the Jäger is asked at dawn, before the engine's morning"
    narrator = Narrator([p.name for p in game.players], game.setup.roles)
    before = [cue.scene for event in public_events(game) for cue in narrator.feed(event)]
    assert before[-1] == "seer_wakes", "his death is held back for the morning"
    early = narrator.morning_now()
    assert [cue.scene for cue in early] == ["seer_sleeps", "morning_one_victim", "hunter_shot_call"]
    assert early[1].values["name"] == "Emil" and narrator.morning_now() == [], "told once"
    seen = len(game.events)
    answer(game, hunter="Anna")
    told = [e for e in game.events[seen:] if e.visible_to is None]
    after = [cue.scene for event in told for cue in narrator.feed({"type": event.type, **event.data})]
    assert after == ["hunter_shot", "death_revealed", "captain_election_start"], "the morning is not told again"
    assert before + [cue.scene for cue in early] + after == scenes(game), "only the moment changes"


def test_no_victim_morning_and_several_victims():
    game = new_game("werewolf", "seer", "witch", "villager", "villager", "villager")
    answer(game, werewolves="Dora")
    answer(game)
    answer(game, witch={"heal": "Dora"})
    assert "morning_no_victim" in scenes(game)
    run_until(game, lambda g: g.round == 2 and g.phase.value == "night")
    answer(game, werewolves="Emil")
    answer(game)
    answer(game, witch={"poison": "Frieda"})
    assert "morning_several_victims" in scenes(game)


def test_secret_steps_are_spoken_for_dead_roles():
    game = new_game("werewolf", "seer", "villager", "villager", "villager", "villager")
    answer(game, werewolves="Ben")
    run_until(game, lambda g: g.round == 2 and g.phase.value == "day")
    assert scenes(game).count("seer_wakes") == 2


def test_every_cue_of_random_games_exists_in_the_catalogue_with_its_values():
    catalogue = load_catalogue()
    for seed in range(60):
        setup = random_setup(8 + seed % 7, seed)
        game = Game(setup)
        rng = random.Random(seed)
        while game.result is None:
            for request in game.pending():
                game.decide(request.seat, request.kind, choose(game, request, rng))
        cues = narrate(public_events(game), setup.names, (*setup.roles, *setup.center), whisper_seconds=30)
        assert cues[0].scene == "welcome" and cues[-1].scene.startswith("victory_")
        for cue in cues:
            scene = catalogue[cue.scene]
            assert set(cue.values) == set(scene.placeholders), cue


def test_ordinals():
    assert [ordinal(n) for n in (1, 2, 7, 19, 20, 21, 33)] == [
        "erste",
        "zweite",
        "siebte",
        "neunzehnte",
        "zwanzigste",
        "einundzwanzigste",
        "dreiunddreißigste",
    ]


def test_cardinals():
    assert [cardinal(n) for n in (0, 5, 11, 20, 21, 30, 45, 99, 100, 101, 120)] == [
        "null",
        "fünf",
        "elf",
        "zwanzig",
        "einundzwanzig",
        "dreißig",
        "fünfundvierzig",
        "neunundneunzig",
        "einhundert",
        "einhunderteins",
        "einhundertzwanzig",
    ]


def test_online_lovers_are_told_to_whisper_every_night_from_the_second():
    game = new_game("werewolf", "seer", "cupid", "villager", "villager", "villager")
    run_until(game, lambda g: g.round == 3 and g.phase.value == "night")
    names, deck = [p.name for p in game.players], game.setup.roles
    online = narrate(public_events(game), names, deck, whisper_seconds=45)
    whispers = [c for c in online if c.scene == "lovers_whisper"]
    assert whispers == [Cue("lovers_whisper", {"seconds": "fünfundvierzig"})] * 2, "nights 2 and 3, not night 1"
    nightfall = [c.scene for c in online].index("lovers_whisper")
    assert [c.scene for c in online][nightfall - 1] == "night_falls"
    assert not any(c.scene == "lovers_whisper" for c in narrate(public_events(game), names, deck)), "not at a table"
    plain = new_game("werewolf", "seer", "villager", "villager", "villager")
    run_until(plain, lambda g: g.round == 2 and g.phase.value == "night")
    told = narrate(public_events(plain), [p.name for p in plain.players], plain.setup.roles, whisper_seconds=30)
    assert "lovers_whisper" not in [c.scene for c in told], "no Amor, no lovers to call"


def test_the_meldeliste_gives_the_word_aloud():
    game = new_game("werewolf", "seer", "villager", "villager", "villager", meldeliste=True)
    run_until(game, lambda g: g.step == "discussion")
    for seat in (3, 1):
        game.decide(seat, "raise_hand", True)
    game.decide(3, "done_speaking", True)
    game.decide(1, "done_speaking", True)
    cues = narrate(public_events(game), [p.name for p in game.players], game.setup.roles)
    called = [c.values["name"] for c in cues if c.scene == "meldeliste_next"]
    assert called == [game.players[3].name, game.players[1].name], "once when the list starts, once per hand-over"


def declared_cues(entry, values=frozenset()):
    """(scene, placeholders) of a declared cue entry (see Narrator._cues)."""
    if entry is None:
        return []
    if isinstance(entry, str):
        return [(entry, frozenset(values))]
    if isinstance(entry, list):
        return [cue for item in entry for cue in declared_cues(item, values)]
    if "when" in entry:
        return [cue for case in entry["cases"].values() for cue in declared_cues(case, values)]
    return [(entry["scene"], frozenset(entry.get("values", {})))]


def test_every_scene_a_role_declares_is_in_the_catalogue_with_its_placeholders():
    from wolfrunde.engine import registry
    from wolfrunde.engine.texts.catalogue import catalogue as texts

    catalogue = load_catalogue()
    declared = []
    for step_id, step in texts().steps.items():
        if step_id in {s.id for s in registry.table().steps}:
            assert step.wake and step.sleep, step_id
            declared += [(step.wake, frozenset()), (step.sleep, frozenset())]
    for role in registry.roles():
        scenes = texts().owners[role.id].scenes
        declared += [(scene, frozenset()) for scene in scenes.get("during_step", {}).values()]
        declared += declared_cues(scenes.get("nightfall"), {"seconds"})
        declared += declared_cues(scenes.get("after_revealed_death"), {"name"})
        for entry in scenes.get("events", {}).values():
            declared += declared_cues(entry)
    for cause in texts().causes.values():
        declared += declared_cues(cause.death_scene, {"name"}) + declared_cues(cause.verdict_scene, {"name"})
    for winner in texts().winners.values():
        declared += declared_cues(winner.scene)
    for resolution in texts().resolutions.values():
        declared += declared_cues(resolution.cue)
    assert len(declared) > 60
    for scene, placeholders in declared:
        assert scene in catalogue, f"declared scene {scene!r} is not in the narration catalogue"
        assert set(catalogue[scene].placeholders) == placeholders, scene


def test_a_captain_who_picks_nobody_is_followed_by_no_verdict():
    game = new_game("werewolf", "villager", "villager", "villager", "villager", "villager")
    run_until(game, lambda g: "captain" in {r.kind for r in g.pending()})
    answer(game, captain="Ben")
    run_until(game, lambda g: "vote" in {r.kind for r in g.pending()})
    answer(game, vote=lambda r: {1: 3, 2: 4, 5: 4}.get(r.seat))
    game.timeout()  # the Hauptmann picks nobody
    names = scenes(game)
    tie = names.index("tie")
    assert names[tie : tie + 3] == ["tie", "captain_tiebreak_call", "no_verdict"]
