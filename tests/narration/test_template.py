import pytest

from wolfrunde.narration.template import Slot, TemplateError, fill, parse, spoken


def test_parse_splits_literals_and_slots() -> None:
    assert parse("Guten Morgen, {name}!") == ("Guten Morgen, ", Slot("name"), "!")


def test_fill_speaks_name_lists_the_german_way() -> None:
    text = "Heute Nacht traf es {names}."
    assert fill(text, {"names": ["Anna", "Ben", "Carla"]}) == "Heute Nacht traf es Anna, Ben und Carla."
    assert fill(text, {"names": ["Anna"]}) == "Heute Nacht traf es Anna."
    assert spoken(3) == "3"


def test_fill_without_a_needed_value_fails() -> None:
    with pytest.raises(TemplateError, match=r"\{round\}"):
        fill("Die {round} Nacht.", {})


@pytest.mark.parametrize("text", ["Hallo {Name}", "Hallo }", "Hallo {{name}}", "{}"])
def test_malformed_slots_are_rejected(text: str) -> None:
    with pytest.raises(TemplateError):
        parse(text)


def test_a_value_that_begins_a_sentence_is_capitalised() -> None:
    text = "Ihr Verliebten. {seconds} Sekunden, nicht mehr: {seconds} und {name}."
    assert fill(text, {"seconds": "dreißig", "name": "anna"}) == (
        "Ihr Verliebten. Dreißig Sekunden, nicht mehr: dreißig und anna."
    )
    assert fill("{role} erwacht.", {"role": "die Seherin"}) == "Die Seherin erwacht."
