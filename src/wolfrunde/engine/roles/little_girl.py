"""The Mädchen peeks while the pack chooses (rulings.md, "Mädchen")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wolfrunde.engine.cards import Card
from wolfrunde.engine.effects import NightEffects
from wolfrunde.engine.errors import IllegalMove
from wolfrunde.engine.model import Handler, Mode, Request, Rules, Side
from wolfrunde.engine.requests import yes_no
from wolfrunde.engine.role import Cause, PackWatch, Recommendation, Role, ScenarioKey

if TYPE_CHECKING:
    from wolfrunde.engine.game import Game

CARD = Card(id="little_girl", name="Mädchen", side=Side.VILLAGE)
MAX_CLARITY = 100


def peek_request(game: Game) -> Request | None:
    girl = game.holder(CARD.id)
    if girl is None or game.is_wolf(girl):
        return None
    if game.rules is Rules.DUESTERWALD:
        return yes_no(girl, "peek", what="Blinzeln")
    if game.mode is Mode.TABLE_SINGLE_DEVICE and not game.setup.eyes_open:
        return None  # eyes closed at the table: she peeks for real; the app does nothing

    def check(value: int) -> int:
        if not 0 <= value <= MAX_CLARITY:
            raise IllegalMove(f"Blinzeln: eine Deutlichkeit von 0 bis {MAX_CLARITY} angeben, nicht {value!r}.")
        return value

    return Request(girl, "peek", {"type": "number", "min": 0, "max": MAX_CLARITY}, 0, check)


def after_peek(game: Game, night: NightEffects, pack: list[int], answer: Any) -> Handler[bool]:
    """`duesterwald`: the wolves are asked whether they caught her; if she peeked and one says yes, she dies
    at dawn and no wolf kills anybody else. `wolfrunde`: she sees one wolf (drawn by secret chance) among decoys,
    and that wolf sees her as clearly."""
    girl = game.holder(CARD.id)
    assert girl is not None
    if game.rules is Rules.DUESTERWALD:
        if answer:
            game.emit("peek", visible_to=[girl], actor=girl, pack=pack, clarity=MAX_CLARITY)
        # the wolves are asked whether they caught her whether or not she peeked: being asked must not
        # tell them she did (shared rulings: nothing a seat receives varies with a hidden fact)
        answers = yield [yes_no(wolf, "catch", what="Mädchen ertappen") for wolf in pack]
        if not answer or not any(answers[(wolf, "catch")] for wolf in pack):
            return False
        night.threaten(girl, "caught")
        game.emit("girl_caught", visible_to=[*pack, girl], girl=girl)
        return True
    if answer <= 0:
        return False
    wolf = game.chance.secret.choice(pack)
    seen = _blurred(game, wolf, girl, answer)
    game.emit("peek", visible_to=[girl], actor=girl, clarity=answer, candidates=seen)
    game.emit("peeked_at", visible_to=[wolf], actor=wolf, clarity=answer, candidates=_blurred(game, girl, wolf, answer))
    return False


def _blurred(game: Game, seen: int, watcher: int, clarity: int) -> list[int]:
    """What a view of `seen` at this clarity shows: `seen` hidden among fewer others the clearer it is."""
    others = [s for s in game.living() if s not in (seen, watcher)]
    decoys = round((MAX_CLARITY - clarity) / MAX_CLARITY * len(others))
    return sorted([seen, *game.chance.secret.sample(others, decoys)])


ROLE = Role(
    card=CARD,
    kinds=("peek", "catch"),
    events=("peek", "peeked_at", "girl_caught"),
    causes=(Cause("caught", ends_the_hunt=True),),  # seed 001: "In dieser Nacht gibt es dann keine weiteren Opfer."
    scenario=(ScenarioKey("little_girl_caught", ("peek", "catch"), forms=("choice",)),),
    recommend=Recommendation(sets=(12, 18), large=12, duesterwald_from=9),
    with_pack=PackWatch(peek_request, after_peek),
)
