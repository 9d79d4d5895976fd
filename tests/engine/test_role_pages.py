import pytest

from wolfrunde.engine.cards import all_cards
from wolfrunde.engine.texts import role_page, role_pages


def test_every_role_has_a_page_and_nothing_else():
    assert set(role_pages()) == set(all_cards())


@pytest.mark.parametrize("role_id", sorted(all_cards()))
def test_page_has_every_part(role_id):
    page = role_page(role_id)
    assert page["name"] == all_cards()[role_id].name
    assert page["side"].startswith(("Partei", "Spielt", "Amt"))
    for field in ("summary", "night", "setup"):
        assert isinstance(page[field], str) and len(page[field]) > 20, field
    assert 3 <= len(page["questions"]) <= 8
    for question in page["questions"]:
        assert question["q"].rstrip().endswith("?") and len(question["a"]) >= 4
    assert 2 <= len(page["tips"]) <= 4
