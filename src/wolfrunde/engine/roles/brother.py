"""Die Brüder: three cards that know each other and wake together every second night."""

from wolfrunde.engine.cards import Card
from wolfrunde.engine.model import Cadence, Side
from wolfrunde.engine.role import NightStep, Recommendation, Role
from wolfrunde.engine.roles.sister import know_each_other, wake_together

CARD = Card(
    id="brother",
    name="Brüder",
    side=Side.VILLAGE,
    step="brothers",
    min_players=10,
    cards_per_set=3,
    aliases=("Bruder",),
)
ROLE = Role(
    card=CARD,
    steps=(NightStep("brothers", Cadence.ODD_NIGHTS, wake_together(CARD.id)),),
    recommend=Recommendation(sets=(10, 11, 13, 15, 17), large=7),
    on_game_start=know_each_other(CARD.id),
)
