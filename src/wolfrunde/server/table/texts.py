"""Everything a table player reads that the server writes: calls, prompts and private news, in German."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from wolfrunde.engine import all_cards
from wolfrunde.engine import texts as german

DUMMY_PROMPT = "Wen verdächtigst du?"
SUSPECT_PROMPT = DUMMY_PROMPT
TRUST_PROMPT = "Wem vertraust du am meisten?"
HEAL_PROMPT = "Wen rettest du mit dem Heiltrank?"
POISON_PROMPT = "Wen vergiftest du mit dem Gifttrank?"
NOBODY = "Niemand"
NOBODY_NOT_ALLOWED = "„Niemand“ geht hier nicht: Tippe einen Namen an."
PACK_FIRST = "Du schlägst dem Rudel als Erster ein Opfer vor."
SUSPICIONS = "Verdächtigt in den Nächten"
HANDS_PROMPTS: dict[str, str] = {
    "captain": "Hauptmannswahl: Wer bekommt wie viele Hände?",
    "captain_runoff": "Stichwahl um das Hauptmannsamt: Wer bekommt wie viele Hände?",
    "vote": "Wer soll gehängt werden? Zählt die Hände.",
    "revote": "Zweite Abstimmung: Wer soll gehängt werden?",
    "second_vote": "Zweite Abstimmung des Richters: Wer soll gehängt werden?",
}
VALUE_LABELS: dict[str, str] = {"true": "Ja", "false": "Nein", "village": "Dorf", "werewolves": "Werwölfe"}
NIGHT_STYLES = {"eyes_closed": "Augen zu", "round": "Reihum"}
REMOVED = "Die Spielleitung hat dich vom Tisch genommen."


NO_NAMES = "Bitte die Namen eingeben, einen pro Zeile (3 bis 40 Spieler)."
NOT_A_COUNT = "Die Spielerzahl ist eine ganze Zahl von 3 bis 40."
UNKNOWN_MODE_OR_RULES = "Unbekannte Spielart oder unbekannter Regelsatz (single oder own; wolfrunde oder duesterwald)."
RESERVED_NAMES = frozenset({"niemand", "keiner", "nobody"})  # the answer "nobody" on every question


def no_cast(players: int) -> str:
    if players < 3:
        return f"Bitte mindestens 3 Namen eingeben, einen pro Zeile (3 bis 40 Spieler; bisher {players})."
    if players > 40:
        return f"{players} Namen sind zu viele: höchstens 40 Spieler."
    return f"Für {players} Spieler gibt es hier keine Besetzung (3 bis 40)."


def too_many_names(count: int, limit: int) -> str:
    return f"{count} Namen sind zu viele: an einem Tisch sitzen höchstens {limit} Spieler."


def bad_name(number: int, length: int, limit: int) -> str:
    if length == 0:
        return f"Name {number} ist leer."
    return f"Name {number} ist {length} Zeichen lang; erlaubt sind höchstens {limit}."


def same_name(number: int, name: str, first: int) -> str:
    return f"Name {number} („{name}“) steht schon als Name {first} da; jeder Name geht nur einmal."


def bad_say(number: int, name: str, reason: str) -> str:
    """A typed name's Aussprache that cannot be spoken: which name, and why (online's check's reason)."""
    return f"Name {number} („{name}“) – {reason}"


BAD_SAYS = "Die Aussprachen sind eine Liste mit einem Text (oder nichts) für jeden Namen."
BAD_STYLE = "Der Erzähler spricht voll oder knapp."


def reserved_name(number: int | None, name: str) -> str:
    where = f"Name {number}: " if number else ""
    return f"{where}„{name}“ geht nicht als Name: So heißt auf dem Gerät die Antwort, mit der man keinen wählt."


def not_selectable(name: str) -> str:
    return f"{name} kann hier nicht gewählt werden."


def two_people(kind: str) -> tuple[str, str]:
    """The prompts of the two grids of a question of two people."""
    return f"{prompt(kind)} Die erste Person:", f"{prompt(kind)} Die zweite Person:"


def _name_means(first: str, second: str) -> str:
    """How a grid of names answers a question of two values: any name is the first, „Niemand“ the second."""
    return f"Ein Name heißt {first}, „Niemand“ heißt {second}."


def value_by_name(kind: str, yes: str, no: str) -> str:
    return f"{prompt(kind)} {_name_means(yes, no)}"


def yes_by_name(kind: str) -> str:
    return value_by_name(kind, VALUE_LABELS["true"], VALUE_LABELS["false"])


TAKE_CARD = f"Nimmst du eine Karte aus der Mitte? {_name_means(VALUE_LABELS['true'], VALUE_LABELS['false'])}"


def which_card(first: str, second: str) -> str:
    return f"Welche Karte? {_name_means(first, second)}"


BOTH_OR_NOBODY = "Tippe in beiden Fragen einen Namen an oder in beiden „Niemand“."


def no_gap(first: str, second: str) -> str:
    return f"{first} und {second} sitzen nicht nebeneinander: Wähle zwei lebende Nachbarn, keiner davon du."


def pack_proposal(by: str, target: str) -> str:
    return f"{by} schlägt vor: {target}. Tippe {target} an, um zuzustimmen, oder schlage ein anderes Opfer vor."


def pack_own_standing(target: str) -> str:
    return f"Dein Vorschlag steht: {target}. Tippe ihn erneut an oder schlage ein anderes Opfer vor."


def pack_chosen(target: str) -> str:
    return f"Das Rudel ist sich einig: {target}."


def pack_proposed(target: str) -> str:
    return f"Dein Vorschlag an das Rudel: {target}."


def step_call(step: str | None) -> str:
    """The German name of a step ("Die Seherin"), from the engine's catalogue ("" for none)."""
    return german.step_call(step) if step else ""


def call_of(kind: str, step: str | None) -> str:
    """Who is called for a request: its own caller (the Mädchen while the wolves choose) or the step's."""
    return german.request_call(kind) or step_call(step)


def called_now(label: str) -> str:
    """The call of a further request within a step already called ("Jetzt an der Reihe: Der Urwolf")."""
    return f"Jetzt an der Reihe: {label}"


def wakes(step: str) -> str:
    """ "Die Seherin erwacht.", from the engine's catalogue."""
    return german.step_line(step)


def prompt(kind: str) -> str:
    try:
        return german.prompt(kind)
    except KeyError:
        return ""


def winner(winner: str) -> str:
    return german.winner_line(winner) if winner else ""


def card_name(role: str) -> str:
    """One card's name, as a player holds it ("Schwester")."""
    return german.card_name(role) if role in all_cards() else role


def role_card(role: str) -> dict[str, str]:
    card = all_cards()[role]
    return {"id": role, "name": card.one_name, "side": card.side.value, "description": card.description}


def value_label(value: Any) -> str:
    if isinstance(value, bool):
        return VALUE_LABELS["true" if value else "false"]
    if isinstance(value, str) and value in all_cards():
        return card_name(value)
    return VALUE_LABELS.get(str(value), str(value))


def names_of(names: Sequence[str], seats: Sequence[int]) -> str:
    items = [names[s] for s in seats]
    if not items:
        return "niemand"
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " und " + items[-1]


def news_line(event: dict[str, Any], names: Sequence[str], reader: int | None) -> str:
    """One secret event as a sentence for the seat `reader` that may see it (the engine's event lines)."""
    return german.event_line(event, names, reader)


def game_log(events: Iterable[Any], names: Sequence[str]) -> list[str]:
    """The whole game, night by night, as the end of a table shows it: every event, secret ones too, in
    the third person (the engine's lines); events without a line of their own are left out."""
    lines = []
    before = None
    for event in events:
        as_dict = {"type": event.type, **event.data}
        repeated, before = german.told_already(as_dict, before), as_dict
        if repeated:
            continue
        try:
            line = german.event_line(as_dict, names, None)
        except (KeyError, IndexError, ValueError):
            continue
        if line:
            lines.append(line)
    return lines
