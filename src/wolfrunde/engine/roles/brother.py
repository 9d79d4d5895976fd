"""Die Brüder: three cards that know each other and wake together every second night."""

from wolfrunde.engine.cards import Card
from wolfrunde.engine.model import Cadence, Side
from wolfrunde.engine.night_order import NightStep
from wolfrunde.engine.roles.sister import wake_together

CARD = Card(
    id="brother",
    name="Brüder",
    side=Side.VILLAGE,
    step="brothers",
    cadence="in der ersten, dritten, fünften … Nacht",
    min_players=10,
    cards_per_set=3,
    aliases=("Bruder",),
    description=(
        "Drei Karten, die einander von der ersten Nacht an kennen und sich jede zweite Nacht beraten. Ein "
        "Block, den die Wölfe fürchten müssen und der sich nicht verraten darf. Ab zehn Spielern."
    ),
)

STEPS = (NightStep("brothers", Cadence.ODD_NIGHTS, ("brother",), wake_together("brother")),)
