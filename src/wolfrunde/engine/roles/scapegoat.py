from wolfrunde.engine.cards import Card
from wolfrunde.engine.model import Side

CARD = Card(
    id="scapegoat",
    name="Sündenbock",
    side=Side.VILLAGE,
    cadence="bei Gleichstand in der Abstimmung",
    description=(
        "Der Sündenbock hat nichts verbrochen — er ist nur immer der, an dem es hängen bleibt. Endet eine "
        "Abstimmung mit Gleichstand, stirbt sonst niemand — mit ihm am Tisch stirbt der Sündenbock, auch "
        "wenn er selbst gar nicht zur Wahl stand."
    ),
)
