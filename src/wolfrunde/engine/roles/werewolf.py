"""The pack: every living wolf-side player wakes together and picks a victim."""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from wolfrunde.engine.cards import Card
from wolfrunde.engine.model import Cadence, Side
from wolfrunde.engine.night_order import NightStep
from wolfrunde.engine.requests import seat_choice
from wolfrunde.engine.roles import little_girl, primal_wolf

if TYPE_CHECKING:
    from wolfrunde.engine.flow import NightEffects
    from wolfrunde.engine.game import Game

CARD = Card(
    id="werewolf",
    name="Werwolf",
    side=Side.WOLVES,
    step="werewolves",
    cadence="jede Nacht",
    cards_per_set=0,
    is_wolf_card=True,
    description=(
        "Nachts erwachen die Werwölfe und einigen sich auf ein Opfer. Tagsüber geben sie sich als harmlose "
        "Dorfbewohner aus und lenken den Verdacht auf andere. Alle Wölfe kennen einander und beraten sich "
        "online in einem eigenen Kanal, den nur sie sehen; am Tisch öffnen sie nachts gemeinsam die Augen "
        "und einigen sich stumm."
    ),
)

WOLF_CARDS = ("werewolf", "primal_wolf", "alpha_wolf", "white_wolf")


def prey(game: Game) -> list[int]:
    """Whom the pack may attack: living players not on the wolf side."""
    return [s for s in game.living() if not game.is_wolf(s)]


def why_not_prey(game: Game) -> Any:
    def why_not(target: int) -> str | None:
        if not game.players[target].alive:
            return f"{game.name(target)} ist schon tot."
        if game.is_wolf(target):
            return f"{game.name(target)} gehört zum Rudel und kann nicht Opfer der Werwölfe werden."
        return None

    return why_not


def plurality(choices: list[int | None], rng: random.Random) -> int | None:
    """The pack's victim: most named wins; a tie is decided by chance; nobody named, no victim."""
    counts = Counter(c for c in choices if c is not None)
    if not counts:
        return None
    top = max(counts.values())
    tied = sorted(c for c, n in counts.items() if n == top)
    return tied[0] if len(tied) == 1 else rng.choice(tied)


def pack_step(game: Game, night: NightEffects) -> Any:
    pack = game.wolves()
    if not pack:
        return
    game.emit("pack", visible_to=pack, pack=pack)
    targets = prey(game)
    requests = [
        seat_choice(game, wolf, "werewolves", targets, why_not=why_not_prey(game), what="Opfer der Werwölfe")
        for wolf in pack
    ]
    girl = little_girl.peek_request(game)
    answers = yield requests + ([girl] if girl else [])
    victim = plurality([answers[(wolf, "werewolves")] for wolf in pack], game.rng)
    if girl:
        yield from little_girl.after_peek(game, night, pack, answers[(girl.seat, girl.kind)])
    if night.caught is not None or victim is None:
        return
    game.emit("pack_victim", visible_to=pack, target=victim)
    night.pack_victim = victim
    infected = yield from primal_wolf.offer_infection(game, night, victim)
    if not infected:
        night.attacks.append((victim, "werewolves"))


STEPS = (NightStep("werewolves", Cadence.EVERY_NIGHT, WOLF_CARDS, pack_step),)
