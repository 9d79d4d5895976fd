"""Role cards as data: identity and categories in code, German prose in the role's data file."""

from __future__ import annotations

from dataclasses import dataclass

from wolfrunde.engine.model import Mode, Side

ALL_MODES: tuple[Mode, ...] = (Mode.ONLINE, Mode.TABLE_SINGLE_DEVICE, Mode.TABLE_OWN_DEVICES)


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str  # the German name as the rules write it
    side: Side
    step: str | None = None  # the night step in which the role acts, if any
    min_players: int = 0
    modes: tuple[Mode, ...] = ALL_MODES
    cards_per_set: int = 1  # how many cards of this role a game has: 0 = any number
    aliases: tuple[str, ...] = ()  # other spellings a scenario may use (the singular "Schwester" …)
    one: str = ""  # one card's name where the rules name the set ("Schwester" of the Schwestern)
    # categories the core asks
    is_wolf_card: bool = False  # a wolf-side card from the start (the pack's step is called for it)
    dealt: bool = True  # False for an office (the Hauptmann): never in a deck
    centre_cards: int = 0  # dealt, this many extra cards lie in the centre (the Dieb: 2); never in it
    shows_side: bool = False  # the Seherin also learns the holder's current side

    @property
    def one_name(self) -> str:
        """The name of one card of this role, as a player's card is called ("Schwester")."""
        return self.one or self.name

    @property
    def description(self) -> str:
        """The one German description of the role (the seed's text), from its data file."""
        from wolfrunde.engine.texts.catalogue import role_texts

        return role_texts(self.id).description

    @property
    def cadence(self) -> str:
        """German: when the role acts ("jede Nacht" …), from its data file."""
        from wolfrunde.engine.texts.catalogue import role_texts

        return role_texts(self.id).cadence


def all_cards() -> dict[str, Card]:
    """Every role card (adding a role is adding a module to `wolfrunde.engine.roles`)."""
    from wolfrunde.engine.registry import cards

    return cards()


def card(role_id: str) -> Card:
    return all_cards()[role_id]
