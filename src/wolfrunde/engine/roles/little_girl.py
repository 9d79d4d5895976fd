"""The Mädchen peeks while the pack chooses (rulings.md, "Mädchen")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wolfrunde.engine.cards import Card
from wolfrunde.engine.errors import IllegalMove
from wolfrunde.engine.model import Mode, Request, Rules, Side
from wolfrunde.engine.requests import yes_no

if TYPE_CHECKING:
    from wolfrunde.engine.flow import NightEffects
    from wolfrunde.engine.game import Game

CARD = Card(
    id="little_girl",
    name="Mädchen",
    side=Side.VILLAGE,
    cadence="jede Nacht, während die Werwölfe wählen",
    description=(
        "Das Mädchen darf nachts durchs Schlüsselloch blinzeln, während die Werwölfe sich beraten — und "
        "dabei einen von ihnen erkennen. Je länger es hinsieht, desto deutlicher; genauso lange hat aber "
        "auch dieser Wolf die Gelegenheit, es zu ertappen. In der Tischrunde mit einem Gerät blinzelt das "
        "Mädchen wirklich — ohne Gerät, während die Wölfe wach sind."
    ),
)

MAX_CLARITY = 100


def peek_request(game: Game) -> Request | None:
    girl = game.holder("little_girl")
    if girl is None or game.is_wolf(girl):
        return None
    if game.rules is Rules.DUESTERWALD:
        return yes_no(girl, "peek", what="Blinzeln")
    if game.mode is Mode.TABLE_SINGLE_DEVICE:
        return None  # she peeks for real at the table; the app does nothing

    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_CLARITY:
            raise IllegalMove(f"Blinzeln: eine Deutlichkeit von 0 bis {MAX_CLARITY} angeben, nicht {value!r}.")
        return value

    return Request(girl, "peek", {"type": "number", "min": 0, "max": MAX_CLARITY}, 0, check)


def after_peek(game: Game, night: NightEffects, pack: list[int], answer: Any) -> Any:
    girl = game.holder("little_girl")
    assert girl is not None
    if game.rules is Rules.DUESTERWALD:
        if not answer:
            return
        game.emit("peek", visible_to=[girl], pack=pack, clarity=MAX_CLARITY)
        answers = yield [yes_no(wolf, "catch", what="Mädchen ertappen") for wolf in pack]
        if any(answers[(wolf, "catch")] for wolf in pack):
            night.caught = girl
            game.emit("girl_caught", visible_to=[*pack, girl], girl=girl)
        return
    if answer <= 0:
        return
    wolf = game.rng.choice(pack)
    game.emit("peek", visible_to=[girl], clarity=answer, candidates=_blurred(game, wolf, girl, answer))
    game.emit("peeked_at", visible_to=[wolf], clarity=answer, candidates=_blurred(game, girl, wolf, answer))


def _blurred(game: Game, seen: int, watcher: int, clarity: int) -> list[int]:
    """What a view of `seen` at this clarity shows: `seen` hidden among fewer others the clearer it is."""
    others = [s for s in game.living() if s not in (seen, watcher)]
    decoys = round((MAX_CLARITY - clarity) / MAX_CLARITY * len(others))
    return sorted([seen, *game.rng.sample(others, decoys)])
