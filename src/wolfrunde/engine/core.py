"""What the core itself declares, like a role does: its request kinds, event types, causes and scenario
keys. Their German texts are in `engine/texts/core.json`."""

from __future__ import annotations

from wolfrunde.engine.model import Phase
from wolfrunde.engine.role import Cause, ScenarioKey

CORE = "core"  # the owner name of the core's declarations

# the day's public steps (the night's steps belong to roles)
DISCUSSION = "discussion"
BEFORE_REVEAL = "before_reveal"  # after every verdict, before the card is shown (the Magd may step forward)
AFTER_VOTE = "after_vote"  # after the day's vote (the Richter may demand a second vote)
DAY_STEPS = (DISCUSSION, "vote", "revote", BEFORE_REVEAL, AFTER_VOTE)

KINDS = ("confirm", "ready", "vote", "revote")
HARMS = ("vote", "revote")
EVENTS = (
    "game_start",
    "role",
    "companions",
    "night",
    "step",
    "attack_blocked",
    "death",
    "died",
    "morning",
    "day",
    "discussion",
    "vote_started",
    "votes",
    "vote_changed",
    "tie",
    "verdict",
    "no_verdict",
    "last_two_voted_each_other",
    "game_over",
    "hand_raised",
    "speaker_done",
)
CAUSES = (Cause("vote", public=True),)
SCENARIO_KEYS = (
    ScenarioKey("votes", ("vote",), phases=(Phase.DAY,), ballot=True, unused="diese Abstimmung fand nicht statt"),
    ScenarioKey("revote", ("revote",), phases=(Phase.DAY,), ballot=True, unused="diese Abstimmung fand nicht statt"),
)
