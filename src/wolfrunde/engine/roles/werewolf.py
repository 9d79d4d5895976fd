"""The pack: every living wolf-side player wakes together and picks a victim."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from wolfrunde.engine.cards import Card
from wolfrunde.engine.effects import NightEffects
from wolfrunde.engine.model import Cadence, Handler, Request, Side
from wolfrunde.engine.requests import seat_choice
from wolfrunde.engine.role import Cause, NightStep, PackWatch, Recommendation, Role, ScenarioKey

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

CARD = Card(id="werewolf", name="Werwolf", side=Side.WOLVES, step="werewolves", cards_per_set=0, is_wolf_card=True)
KIND = "werewolves"


def prey(game: Game) -> list[int]:
    """Whom the pack may attack: living players not on the wolf side."""
    return [s for s in game.living() if not game.is_wolf(s)]


def why_not_prey(game: Game) -> Callable[[int], str | None]:
    def why_not(target: int) -> str | None:
        if not game.players[target].alive:
            return f"{game.name(target)} ist schon tot."
        if game.is_wolf(target):
            return f"{game.name(target)} gehört zum Rudel und kann nicht Opfer der Werwölfe werden."
        return None

    return why_not


def plurality(choices: list[int | None], rng: random.Random) -> int | None:
    """The pack's victim: most named wins; a tie is decided by (secret) chance; nobody named, no victim."""
    counts = Counter(c for c in choices if c is not None)
    if not counts:
        return None
    top = max(counts.values())
    tied = sorted(c for c, n in counts.items() if n == top)
    return tied[0] if len(tied) == 1 else rng.choice(tied)


def pack_victim(night: NightEffects) -> int | None:
    """The pack's victim tonight, once chosen (the Leitwolf needs another)."""
    victim = night.note(CARD.id).get("victim")
    return victim if isinstance(victim, int) else None


def pack_step(game: Game, night: NightEffects) -> Handler[None]:
    pack = game.wolves()
    if not pack:
        return
    game.emit("pack", visible_to=pack, pack=pack)
    targets = prey(game)
    requests = [
        seat_choice(game, wolf, KIND, targets, why_not=why_not_prey(game), what="Opfer der Werwölfe") for wolf in pack
    ]
    watchers: list[tuple[PackWatch, Request]] = []
    for role in game.table.roles:
        if role.with_pack is not None:
            request = role.with_pack.request(game)
            if request is not None:
                watchers.append((role.with_pack, request))
    answers = yield requests + [request for _, request in watchers]
    victim = plurality([answers[(wolf, KIND)] for wolf in pack], game.chance.secret)
    nobody_else = False
    for watch, request in watchers:
        if (yield from watch.after(game, night, pack, answers[(request.seat, request.kind)])):
            nobody_else = True
    if nobody_else or victim is None:
        return
    game.emit("pack_victim", visible_to=pack, target=victim)
    night.note(CARD.id)["victim"] = victim
    for role in game.table.roles:
        if role.on_pack_victim is not None and (yield from role.on_pack_victim(game, night, victim)):
            return
    night.threaten(victim, "werewolves")


def may_ask_again(game: Game) -> bool:
    """A card in the deck acts after the pack's choice or on what happened while it chose (the Urwolf's
    infection, catching the Mädchen)."""
    return any(
        game.in_deck(role.card.id) and (role.on_pack_victim is not None or role.with_pack is not None)
        for role in game.table.roles
    )


def is_wolf_card(card: Card) -> bool:
    return card.is_wolf_card


ROLE = Role(
    card=CARD,
    steps=(NightStep("werewolves", Cadence.EVERY_NIGHT, pack_step, called_for=is_wolf_card, asks_again=may_ask_again),),
    kinds=(KIND,),
    harms=(KIND,),
    events=("pack", "pack_victim"),
    causes=(Cause("werewolves", wolf_attack=True),),
    scenario=(ScenarioKey("werewolves", (KIND,)),),
    recommend=Recommendation(filler=True),
)
