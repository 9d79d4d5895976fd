"""The Dorfbewohner: no power but his vote."""

from wolfrunde.engine.cards import Card
from wolfrunde.engine.model import Side
from wolfrunde.engine.role import Recommendation, Role

CARD = Card(id="villager", name="Dorfbewohner", side=Side.VILLAGE, cards_per_set=0)
ROLE = Role(card=CARD, recommend=Recommendation(filler=True))
