from wolfrunde.engine.cards import Card
from wolfrunde.engine.model import Side

CARD = Card(
    id="fool",
    name="Dorfnarr",
    side=Side.VILLAGE,
    cadence="bei seinem ersten Urteil",
    description=(
        "Verurteilt das Dorf den Dorfnarren, zeigt er seine Karte, wird begnadigt und lebt weiter. Von da "
        "an darf er nicht mehr mitstimmen, reden aber schon. Gegen Wölfe, Gift und Jäger hat er keinen Schutz."
    ),
)
