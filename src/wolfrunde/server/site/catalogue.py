"""What the website shows of the games, read from the engines and the narrator: the only place that does.

Every page is built from these values, never from copied text. When the role modules change shape
(categories, hooks, texts), this module is the one to adapt.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache

from wolfrunde import werwoerter
from wolfrunde.engine import Mode, Rules, Side, all_cards, recommended_roles
from wolfrunde.engine.model import Cadence
from wolfrunde.engine.night_order import NIGHT_ORDER, all_steps
from wolfrunde.engine.registry import card_calls
from wolfrunde.engine.setup import MODE_NAMES, PLAYER_LIMITS
from wolfrunde.engine.texts import role_pages
from wolfrunde.narration.catalogue import Catalogue, load_catalogue
from wolfrunde.narration.engines.choice import voice_for
from wolfrunde.narration.narrators import NARRATORS
from wolfrunde.narration.samples import EXAMPLE_VALUES, wake_scene
from wolfrunde.narration.template import fill
from wolfrunde.werwoerter import hints as ww_hints
from wolfrunde.werwoerter import markers as ww_markers
from wolfrunde.werwoerter import roles as ww_roles
from wolfrunde.werwoerter.endings import POINT_SECONDS, TALK_SECONDS
from wolfrunde.werwoerter.game_setup import DAY_SECONDS, WORD_CHOICES
from wolfrunde.werwoerter.words import LEVEL_NAMES, words

# The filter's sides ("Partei"): keys used in links, German labels.
SIDES: dict[str, str] = {"dorf": "Dorf", "woelfe": "Wölfe", "allein": "allein"}
_SIDE_KEYS = {Side.VILLAGE: "dorf", Side.WOLVES: "woelfe", Side.PIPER: "allein"}
PLAIN_VILLAGER = "villager"  # the card without any power
# The office that is no card of its own (setup refuses it as a card).
OFFICES = frozenset({"captain"})
# Night steps that are not named after one card.
_STEP_NAMES = {
    "werewolves": "Die Werwölfe (das Rudel)",
    "lovers": "Die Verliebten erkennen sich",
    "enchanted": "Die Verzauberten erkennen sich",
}
_CADENCE_NAMES = {
    Cadence.FIRST_NIGHT: "nur in der ersten Nacht",
    Cadence.EVERY_NIGHT: "jede Nacht",
    Cadence.ODD_NIGHTS: "in der ersten, dritten, fünften … Nacht",
    Cadence.EVEN_NIGHTS: "in der zweiten, vierten, sechsten … Nacht",
}
MODES: tuple[str, ...] = tuple(mode.value for mode in Mode)
RULE_SETS: dict[str, str] = {Rules.WOLFRUNDE.value: "Wolfrunde", Rules.DUESTERWALD.value: "Düsterwald"}


@dataclass(frozen=True)
class Question:
    question: str
    answer: str


@dataclass(frozen=True)
class ModeAvailability:
    mode: str
    name: str  # German, e.g. "am Tisch mit einem Gerät"
    playable: bool
    low: int  # from how many players (the mode's minimum or the role's own)
    high: int


@dataclass(frozen=True)
class Role:
    id: str
    name: str
    side_line: str  # German, e.g. "Partei der Wölfe, gewinnt allein"
    sides: frozenset[str]  # keys of SIDES; empty for the office
    summary: str
    night: str
    questions: tuple[Question, ...]
    tips: tuple[str, ...]
    setup: str
    cadence: str  # German: when it acts
    cards_per_set: int  # 0: any number
    modes: tuple[ModeAvailability, ...]
    is_office: bool

    @property
    def min_players(self) -> int:
        """The fewest players in any mode that can have this role."""
        return min(mode.low for mode in self.modes if mode.playable)

    def playable_with(self, players: int) -> bool:
        return any(mode.playable and mode.low <= players <= mode.high for mode in self.modes)


@dataclass(frozen=True)
class NightStep:
    id: str
    name: str
    cadence: str
    roles: tuple[str, ...]  # role ids whose cards call this step
    only_in: tuple[str, ...]  # German mode names; empty: every mode


@dataclass(frozen=True)
class Narrator:
    id: str
    name: str
    character: str


@cache
def roles() -> tuple[Role, ...]:
    """All roles in the engine's role order: as they first wake in the night, then those without a
    night step by id."""
    pages = role_pages()
    cards = all_cards()
    order = [role_id for role_id in pages if role_id in cards] + sorted(set(cards) - set(pages))
    return tuple(_role(role_id) for role_id in order)


def role(role_id: str) -> Role | None:
    return next((r for r in roles() if r.id == role_id), None)


def _role(role_id: str) -> Role:
    card = all_cards()[role_id]
    page = role_pages()[role_id]
    office = role_id in OFFICES
    return Role(
        id=card.id,
        name=card.name,
        side_line=page["side"],
        sides=frozenset() if office else _sides(card.side, page["side"]),
        summary=page["summary"],
        night=page["night"],
        questions=tuple(Question(q["q"], q["a"]) for q in page["questions"]),
        tips=tuple(page["tips"]),
        setup=page["setup"],
        cadence="" if card.cadence == "never" else card.cadence,
        cards_per_set=card.cards_per_set,
        modes=tuple(_availability(mode, card.modes, card.min_players) for mode in Mode),
        is_office=office,
    )


def _sides(side: Side, line: str) -> frozenset[str]:
    """The card's side, and the ones its page names too: "oder der Wölfe", "gewinnt allein"."""
    keys = {_SIDE_KEYS[side]}
    if "Wölfe" in line:
        keys.add("woelfe")
    if "allein" in line:
        keys.add("allein")
    return frozenset(keys)


def _availability(mode: Mode, modes: tuple[Mode, ...], min_players: int) -> ModeAvailability:
    low, high = PLAYER_LIMITS[mode]
    return ModeAvailability(mode.value, MODE_NAMES[mode], mode in modes, max(low, min_players), high)


def mode_name(mode: str) -> str:
    return MODE_NAMES[Mode(mode)]


def player_limits(mode: str) -> tuple[int, int]:
    return PLAYER_LIMITS[Mode(mode)]


def all_player_counts() -> range:
    """Every player count some mode can play."""
    return range(min(low for low, _ in PLAYER_LIMITS.values()), max(high for _, high in PLAYER_LIMITS.values()) + 1)


@cache
def night_order() -> tuple[NightStep, ...]:
    steps = all_steps()
    cards = all_cards()
    order = []
    for step_id in NIGHT_ORDER:
        step = steps[step_id]
        own = [c for c in cards.values() if c.step == step_id]
        name = _STEP_NAMES.get(step_id) or (own[0].name if len(own) == 1 else None)
        if name is None:
            raise LookupError(f"night step {step_id!r} has no name for the website")
        only_in = tuple(MODE_NAMES[m] for m in step.modes) if step.modes is not None else ()
        called = tuple(card_id for card_id in cards if card_calls(step, card_id))
        order.append(NightStep(step_id, name, _CADENCE_NAMES[step.cadence], called, only_in))
    return tuple(order)


def recommended(players: int, mode: str, rules: str = Rules.WOLFRUNDE.value) -> list[str]:
    """The recommended role ids, as the lobby proposes them."""
    return recommended_roles(players, mode=mode, rules=rules)


def role_counts(role_ids: list[str]) -> list[tuple[Role, int]]:
    """Each role of a set once, with how many cards of it, in the order of the set."""
    counts = Counter(role_ids)
    found = {r.id: r for r in roles()}
    return [(found[role_id], number) for role_id, number in counts.items()]


def narrators() -> tuple[Narrator, ...]:
    return tuple(Narrator(n.id, n.name, n.character) for n in NARRATORS)


def narrator_engine(narrator_id: str, engine: str | None) -> str:
    """The speech engine this server gives the narrator: "espeak-ng", "mbrola" or "pico"."""
    narrator = next(n for n in NARRATORS if n.id == narrator_id)
    return voice_for(narrator, engine).identity.split(":", 1)[0]


@cache
def _scenes() -> Catalogue:
    return load_catalogue()


def sample_text(role_id: str, narrator_id: str) -> str:
    """What the narrator says in the role's Hörbeispiel (variant 0, the example names filled in)."""
    scenes = _scenes()
    return fill(scenes[wake_scene(scenes, role_id)].text(narrator_id, 0), EXAMPLE_VALUES)


# --- Werwörter ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Reminder:
    title: str
    wrong: str | None
    right: str
    pages: str


@dataclass(frozen=True)
class WerwoerterFacts:
    min_players: int
    max_players: int
    werewolves: tuple[tuple[int, int], ...]  # (player count, Werwölfe)
    markers: tuple[tuple[str, int], ...]  # (German marker name, how many)
    day_seconds: int
    point_seconds: int
    talk_seconds: int
    word_choices: int
    levels: tuple[tuple[str, int], ...]  # (German level name, how many words)
    reminders: tuple[Reminder, ...]


def werwoerter_facts() -> WerwoerterFacts:
    low, high = ww_roles.MIN_PLAYERS, ww_roles.MAX_PLAYERS
    pool_names = {
        ww_markers.Pool.YES_NO: "Ja/Nein",
        ww_markers.Pool.MAYBE: ww_markers.Marker.MAYBE.german,
        ww_markers.Pool.SO_CLOSE: ww_markers.Marker.SO_CLOSE.german,
        ww_markers.Pool.WAY_OFF: ww_markers.Marker.WAY_OFF.german,
        ww_markers.Pool.CORRECT: ww_markers.Marker.CORRECT.german,
    }
    texts = ww_hints.texts()
    return WerwoerterFacts(
        min_players=low,
        max_players=high,
        werewolves=tuple((n, ww_roles.deck(n).count(werwoerter.Role.WEREWOLF.value)) for n in range(low, high + 1)),
        markers=tuple((pool_names[pool], number) for pool, number in ww_markers.SUPPLY.items()),
        day_seconds=DAY_SECONDS,
        point_seconds=POINT_SECONDS,
        talk_seconds=TALK_SECONDS,
        word_choices=WORD_CHOICES,
        levels=tuple((LEVEL_NAMES[level], len(words(level))) for level in sorted(LEVEL_NAMES)),
        reminders=tuple(
            Reminder(
                texts[h.value]["title"], texts[h.value].get("wrong"), texts[h.value]["right"], texts[h.value]["pages"]
            )
            for h in werwoerter.Hint
        ),
    )
