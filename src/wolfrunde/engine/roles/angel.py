from wolfrunde.engine.cards import Card
from wolfrunde.engine.model import Side

CARD = Card(
    id="angel",
    name="Engel",
    side=Side.VILLAGE,
    cadence="am ersten Tag",
    description=(
        "Wird der Engel am ersten Tag vom Dorf verurteilt, gewinnt er allein und die Partie ist zu Ende. "
        "Überlebt er den ersten Tag, spielt er als gewöhnlicher Dorfbewohner weiter."
    ),
)
