"""The Hauptmann is an office, not a card: elected on day 1, double vote, names his successor."""

from wolfrunde.engine.cards import Card
from wolfrunde.engine.model import Side

CARD = Card(
    id="captain",
    name="Hauptmann",
    side=Side.VILLAGE,
    cadence="Amt, gewählt nach dem ersten Morgen",
    description=(
        "Das Dorf wählt den Hauptmann nach dem ersten Morgen. Seine Stimme zählt doppelt, bei Gleichstand "
        "entscheidet er allein, und im Sterben ernennt er seinen Nachfolger. Auch ein Wolf kann Hauptmann "
        "werden."
    ),
)
