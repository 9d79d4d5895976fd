"""The German word list: four levels, ordered by frequency, clean capitalised common nouns."""

import itertools
import json
import random
import re
from importlib import resources

from wolfrunde.werwoerter.build_words import read_source
from wolfrunde.werwoerter.words import LEVELS, all_levels, offer, words

NOUN = re.compile(r"[A-ZÄÖÜ][a-zäöüßé]+")


def _names(text: str) -> set[str]:
    return set(text.split())


# Proper names that could slip into a noun list: countries, cities, rivers, first names, surnames, brands,
# days named after a person. None of them may be a magic word.
PROPER_NAMES = _names(
    """Deutschland Österreich Schweiz Frankreich Italien Spanien England Amerika Afrika Europa Asien China Japan
    Berlin Hamburg München Köln Wien Zürich Paris London Rom Rhein Donau Elbe Alpen Nordsee Ostsee Bodensee
    Anna Peter Thomas Maria Michael Hans Klaus Horst Heinz Otto Max Paul Emma Lena Karl Fritz Greta Jonas
    Müller Schmidt Meier Weber Lego Nutella Tesafilm Tempo Memory Playmobil Google Silvester Nikolaus
    Jesus Gott Mars Venus Jupiter Saturn Milchstraße"""
)
UNSUITABLE = _names(
    """Bier Wein Schnaps Sekt Whisky Wodka Alkohol Zigarette Zigarre Tabak Droge Drogen Waffe Pistole Gewehr
    Revolver Bombe Granate Munition Krieg Mord Mörder Leiche Blutbad Folter Sex Nackt Hure Teufel Hölle Nazi
    Selbstmord Kokain Krebs Kanone Schießbude"""
)


def test_four_levels_with_at_least_400_words_and_2000_in_all() -> None:
    levels = all_levels()
    assert sorted(levels) == list(LEVELS)
    assert all(len(levels[level]) >= 400 for level in LEVELS)
    assert sum(len(v) for v in levels.values()) >= 2000


def test_no_word_twice() -> None:
    every = [word for level in LEVELS for word in words(level)]
    assert len(every) == len(set(every))
    assert len({word.casefold() for word in every}) == len(every)


def test_every_word_is_one_capitalised_word() -> None:
    bad = [word for level in LEVELS for word in words(level) if not NOUN.fullmatch(word)]
    assert bad == []


def test_no_proper_names_or_unsuitable_words() -> None:
    every = {word for level in LEVELS for word in words(level)}
    assert every & PROPER_NAMES == set()
    assert every & UNSUITABLE == set()


def test_levels_follow_frequency_from_common_to_rare() -> None:
    data = json.loads(resources.files("wolfrunde.werwoerter").joinpath("words_de.json").read_text("utf-8"))
    ranges = [data["levels"][str(level)]["zipf_range"] for level in LEVELS]
    for low, high in ranges:
        assert low <= high
    for upper, lower in itertools.pairwise(ranges):
        assert upper[0] >= lower[1]  # the rarest word of a level is at least as common as the next level's top
    assert ranges[0][0] > ranges[3][1]


def test_the_list_is_built_from_the_curated_source() -> None:
    source = read_source()
    assert len(source) == len(set(source))
    every = [word for level in LEVELS for word in words(level)]
    assert set(every) <= set(source)
    assert {"Hund", "Katze", "Haus"} <= set(words(1)) | set(words(2))


def test_offer_draws_distinct_words_of_the_level_from_the_seeded_generator() -> None:
    first = offer(random.Random(9), 3, 3)
    assert first == offer(random.Random(9), 3, 3)
    assert len(set(first)) == 3 and set(first) <= set(words(3))
