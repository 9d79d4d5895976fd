"""What a game is created from, and the checks that make it a legal game."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from wolfrunde.engine.cards import all_cards, card
from wolfrunde.engine.errors import SetupError
from wolfrunde.engine.model import Mode, Rules

PLAYER_LIMITS: dict[Mode, tuple[int, int]] = {
    Mode.ONLINE: (5, 14),
    Mode.TABLE_SINGLE_DEVICE: (3, 40),
    Mode.TABLE_OWN_DEVICES: (3, 40),
}
MODE_NAMES = {
    Mode.ONLINE: "online",
    Mode.TABLE_SINGLE_DEVICE: "am Tisch mit einem Gerät",
    Mode.TABLE_OWN_DEVICES: "am Tisch mit eigenen Geräten",
}
MAX_NAME_LENGTH = 24


@dataclass(frozen=True, slots=True)
class Setup:
    names: tuple[str, ...]
    roles: tuple[str, ...]
    center: tuple[str, ...] = ()
    rules: str = Rules.WOLFRUNDE.value
    mode: str = Mode.ONLINE.value
    seed: int = 0
    meldeliste: bool = False
    # one device, nights "Reihum": eyes stay open while the device goes round, so the Mädchen peeks
    # through the device (as online) instead of for real
    eyes_open: bool = False

    def validate(self) -> None:
        """Raise SetupError with a German message if this is not a legal game."""
        try:
            Rules(self.rules)
        except ValueError:
            raise SetupError(f"Unbekannter Regelsatz „{self.rules}“ (erlaubt: wolfrunde, duesterwald).") from None
        try:
            mode = Mode(self.mode)
        except ValueError:
            raise SetupError(
                f"Unbekannte Spielart „{self.mode}“ (erlaubt: online, table_single_device, table_own_devices)."
            ) from None
        _check_names(self.names)
        low, high = PLAYER_LIMITS[mode]
        count = len(self.names)
        if not low <= count <= high:
            where = MODE_NAMES[mode]
            raise SetupError(f"{where[0].upper()}{where[1:]} spielen {low} bis {high} Personen, nicht {count}.")
        if len(self.roles) != count:
            raise SetupError(f"{count} Spieler brauchen {count} Rollenkarten, nicht {len(self.roles)}.")
        cards = all_cards()
        for role in (*self.roles, *self.center):
            if role not in cards or not cards[role].dealt:
                raise SetupError(f"Unbekannte Rolle „{role}“.")
        _check_center(self.roles, self.center)
        deck = Counter((*self.roles, *self.center))
        for role, number in deck.items():
            role_card = cards[role]
            if role_card.cards_per_set and number != role_card.cards_per_set:
                if role_card.cards_per_set == 1:
                    raise SetupError(f"Die Rolle {role_card.name} gibt es nur einmal.")
                raise SetupError(f"{role_card.name}: genau {role_card.cards_per_set} Karten, nicht {number}.")
            if count < role_card.min_players:
                raise SetupError(f"{role_card.name} erst ab {role_card.min_players} Spielern (hier {count}).")
            if mode not in role_card.modes:
                raise SetupError(f"{role_card.name} gibt es nicht {MODE_NAMES[mode]}.")
        if not any(cards[role].is_wolf_card for role in deck):
            wolves = ", ".join(c.name for c in cards.values() if c.is_wolf_card)
            raise SetupError(f"Mindestens eine Karte muss zu den Wölfen gehören ({wolves}).")


def _check_names(names: tuple[str, ...]) -> None:
    seen: set[str] = set()
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise SetupError("Jeder Spieler braucht einen Namen.")
        if len(name) > MAX_NAME_LENGTH:
            raise SetupError(f"Der Name „{name[:MAX_NAME_LENGTH]}…“ ist zu lang (höchstens {MAX_NAME_LENGTH} Zeichen).")
        key = name.strip().casefold()
        if key in seen:
            raise SetupError(f"Der Name „{name}“ kommt doppelt vor.")
        seen.add(key)


def _check_center(roles: tuple[str, ...], center: tuple[str, ...]) -> None:
    """Cards that bring centre cards (the Dieb: two) need exactly that many; without them, none."""
    bringers = [card(role) for role in dict.fromkeys(roles) if card(role).centre_cards]
    wanted = sum(c.centre_cards for c in bringers)
    if bringers and len(center) != wanted:
        who = " und ".join(f"dem {c.name}" for c in bringers)
        count = "zwei" if wanted == 2 else str(wanted)
        raise SetupError(f"Mit {who} liegen genau {count} Karten in der Mitte, nicht {len(center)}.")
    if not bringers and center:
        names = " oder ".join(c.name for c in all_cards().values() if c.centre_cards)
        raise SetupError(f"Karten in der Mitte gibt es nur, wenn der {names} mitspielt.")
    for role in center:
        if card(role).centre_cards:
            raise SetupError(f"Der {card(role).name} kann nicht in der Mitte liegen.")
        if card(role).cards_per_set > 1:
            raise SetupError(f"{card(role).name} kann nicht in der Mitte liegen: die Karten gehören zusammen.")
