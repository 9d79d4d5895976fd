"""Die Brüder: three cards that know each other and wake together every second night."""

from wolfrunde.engine.role import Recommendation
from wolfrunde.engine.roles.sister import siblings

RECOMMEND = Recommendation(sets=(10, 11, 13, 15, 17), large=7)
ROLE = siblings("brother", "Brüder", "Bruder", "brothers", cards=3, min_players=10, recommend=RECOMMEND)
CARD = ROLE.card
