"""The recommended sets come from the roles' declarations and are the sets written before them."""

import json
from collections import Counter
from pathlib import Path

from wolfrunde.engine import all_cards, recommended_roles

SETS = json.loads((Path(__file__).with_name("recommended_sets.json")).read_text(encoding="utf-8"))


def test_every_recommended_set_is_unchanged():
    for key, cards in SETS.items():
        rules, mode, players = key.split("/")
        got = Counter(recommended_roles(int(players), mode=mode, rules=rules))
        assert " ".join(f"{r}×{n}" for r, n in sorted(got.items())) == cards, key


def test_a_set_lists_its_wolf_cards_first():
    for players in (8, 14, 17, 30):
        roles = recommended_roles(players, mode="table_own_devices")
        wolves = [all_cards()[r].is_wolf_card for r in roles]
        assert wolves == sorted(wolves, reverse=True)
