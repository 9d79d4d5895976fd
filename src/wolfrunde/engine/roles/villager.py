from wolfrunde.engine.cards import Card
from wolfrunde.engine.model import Side

CARD = Card(
    id="villager",
    name="Dorfbewohner",
    side=Side.VILLAGE,
    cards_per_set=0,
    description=(
        "Ein einfacher Bewohner ohne besondere Gabe. Seine Stärke liegt im Zuhören, im Nachfragen — "
        "und in seiner Stimme bei der Abstimmung."
    ),
)
