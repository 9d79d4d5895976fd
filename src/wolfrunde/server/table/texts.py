"""Everything a table player reads that the server writes: calls, prompts and private news, in German."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wolfrunde.engine import all_cards

STEP_CALLS: dict[str, str] = {
    "thief": "Der Dieb",
    "border_crosser": "Der Grenzgänger",
    "foundling": "Das Findelkind",
    "cupid": "Amor",
    "lovers": "Die Verliebten",
    "sisters": "Die Schwestern",
    "brothers": "Die Brüder",
    "bodyguard": "Der Leibwächter",
    "denouncer": "Der Denunziant",
    "werewolves": "Die Werwölfe",
    "alpha_wolf": "Der Leitwolf",
    "white_wolf": "Der Weiße Wolf",
    "seer": "Die Seherin",
    "fox": "Der Fuchs",
    "dog_handler": "Der Hundeführer",
    "witch": "Die Hexe",
    "piper": "Der Flötenspieler",
    "enchanted": "Die Verzauberten",
    "maid": "Die Magd",
}
PLURAL_CALLS = frozenset({"Die Verliebten", "Die Schwestern", "Die Brüder", "Die Werwölfe", "Die Verzauberten"})
KIND_CALLS: dict[str, str] = {"peek": "Das Mädchen", "catch": "Die Werwölfe", "infect": "Der Urwolf"}

PROMPTS: dict[str, str] = {
    "thief": "Nimmst du eine der Karten aus der Mitte?",
    "border_crosser": "Für welche Seite spielst du?",
    "foundling": "Wähle dein Vorbild.",
    "cupid": "Wähle die zwei Verliebten.",
    "confirm": "Öffnet die Augen und erkennt euch.",
    "bodyguard": "Wen beschützt du heute Nacht?",
    "denouncer": "Wen klagst du an? (zwei Stimmen mehr bei der nächsten Abstimmung)",
    "werewolves": "Wer soll euer Opfer sein?",
    "peek": "Willst du blinzeln?",
    "catch": "Habt ihr das Mädchen beim Blinzeln ertappt?",
    "infect": "Steckst du das Opfer an, statt es zu fressen?",
    "alpha_wolf": "Wen tötet der Leitwolf zusätzlich?",
    "white_wolf": "Welchen Wolf frisst du?",
    "seer": "Wessen Karte willst du sehen?",
    "fox": "Um wen herum schnupperst du?",
    "dog_handler": "Zwischen welche zwei Nachbarn setzt du den Hund?",
    "witch": "Heiltrank und Gifttrank: Wen rettest du, wen vergiftest du?",
    "piper": "Wen verzauberst du?",
    "maid": "Nimmst du die Karte des nächsten Gehängten?",
    "hunter": "Wen nimmt der Jäger mit in den Tod?",
    "captain_successor": "Wer wird der neue Hauptmann?",
    "captain": "Wen wählst du zum Hauptmann?",
    "captain_runoff": "Stichwahl: Wen wählst du zum Hauptmann?",
    "ready": "Fertig mit Beraten? Abgestimmt wird, wenn alle so weit sind oder die Zeit um ist.",
    "vote": "Wen willst du hängen?",
    "revote": "Zweite Abstimmung: Wen willst du hängen?",
    "tiebreak": "Gleichstand: Wen hängt der Hauptmann?",
    "judge": "Verlangst du eine zweite Abstimmung?",
    "second_vote": "Zweite Abstimmung des Richters: Wen willst du hängen?",
}
DUMMY_PROMPT = "Tippe auf einen Mitspieler."
HANDS_PROMPTS: dict[str, str] = {
    "captain": "Hauptmannswahl: Wer bekommt wie viele Hände?",
    "captain_runoff": "Stichwahl um das Hauptmannsamt: Wer bekommt wie viele Hände?",
    "vote": "Wer soll gehängt werden? Zählt die Hände.",
    "revote": "Zweite Abstimmung: Wer soll gehängt werden?",
    "second_vote": "Zweite Abstimmung des Richters: Wer soll gehängt werden?",
}
VALUE_LABELS: dict[str, str] = {"true": "Ja", "false": "Nein", "village": "Dorf", "werewolves": "Werwölfe"}
SIDES = {"village": "das Dorf", "werewolves": "die Werwölfe", "wolves": "die Werwölfe"}
WINNERS: dict[str, str] = {
    "village": "Das Dorf hat gewonnen.",
    "werewolves": "Die Werwölfe haben gewonnen.",
    "lovers": "Die Verliebten haben gewonnen.",
    "angel": "Der Engel hat gewonnen.",
    "pied_piper": "Der Flötenspieler hat gewonnen.",
    "white_wolf": "Der Weiße Wolf hat gewonnen.",
    "draw": "Unentschieden: Niemand hat gewonnen.",
}
NIGHT_STYLES = {"eyes_closed": "Augen zu", "round": "Reihum"}
REMOVED = "Die Spielleitung hat dich vom Tisch genommen."


def no_cast(players: int) -> str:
    return f"Für {players} Spieler gibt es hier keine Besetzung (3 bis 40)."


def wakes(label: str) -> str:
    """ "Die Seherin erwacht", "Die Werwölfe erwachen"."""
    return f"{label} {'erwachen' if label in PLURAL_CALLS else 'erwacht'}"


def role_name(role: str) -> str:
    cards = all_cards()
    return cards[role].name if role in cards else role


def role_card(role: str) -> dict[str, str]:
    card = all_cards()[role]
    return {"id": role, "name": card.name, "side": card.side.value, "description": card.description}


def value_label(value: Any) -> str:
    if isinstance(value, bool):
        return VALUE_LABELS["true" if value else "false"]
    if isinstance(value, str) and value in all_cards():
        return role_name(value)
    return VALUE_LABELS.get(str(value), str(value))


def names_of(names: Sequence[str], seats: Sequence[int]) -> str:
    items = [names[s] for s in seats]
    if not items:
        return "niemand"
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " und " + items[-1]


def news_line(event: dict[str, Any], names: Sequence[str]) -> str:
    """One private event as a sentence for the seat that may see it."""
    kind = event["type"]
    one = (lambda key: names[event[key]]) if names else str
    if kind == "role":
        return f"Deine Karte: {role_name(event['role'])}."
    if kind == "companions":
        return f"Zusammen mit dir: {names_of(names, event['members'])} ({role_name(event['role'])})."
    if kind == "centre_cards":
        return "In der Mitte liegen: " + " und ".join(role_name(r) for r in event["cards"]) + "."
    if kind == "thief_took":
        return f"Du hast die Karte {role_name(event['role'])} genommen."
    if kind == "side_chosen":
        return f"Du spielst für {SIDES.get(event['side'], event['side'])}."
    if kind == "model_chosen":
        return f"Dein Vorbild: {one('model')}."
    if kind == "foundling_turned":
        return f"Dein Vorbild {one('model')} ist tot: Du bist jetzt ein Werwolf."
    if kind == "lovers":
        return f"Verliebt sind {names_of(names, event['lovers'])}."
    if kind == "pack":
        return f"Das Rudel: {names_of(names, event['pack'])}."
    if kind == "pack_victim":
        return f"Opfer des Rudels: {one('target')}."
    if kind == "peek":
        seen = event.get("candidates") or event.get("pack") or []
        return f"Beim Blinzeln gesehen: einer von {names_of(names, seen)} ist ein Werwolf."
    if kind == "peeked_at":
        return f"Das Mädchen hat geblinzelt: Es ist eine von {names_of(names, event['candidates'])}."
    if kind == "girl_caught":
        return f"Das Mädchen {one('girl')} wurde beim Blinzeln ertappt."
    if kind == "infected":
        return f"{one('player')} wurde vom Urwolf angesteckt und ist jetzt ein Werwolf."
    if kind == "infection_blocked":
        return f"Die Ansteckung von {one('target')} ist misslungen."
    if kind in ("alpha_victim", "white_wolf_victim"):
        return f"Dein Opfer: {one('target')}."
    if kind == "seen":
        return f"{one('player')} ist {role_name(event['role'])}."
    if kind == "sniffed":
        found = "mindestens ein Werwolf" if event["wolf_found"] else "kein Werwolf"
        return f"Bei {names_of(names, event['group'])} ist {found}."
    if kind == "attacked":
        if not event["attacked"]:
            return "Heute Nacht wurde niemand angegriffen."
        return f"Heute Nacht angegriffen: {names_of(names, event['attacked'])}."
    if kind == "healed":
        return f"Du hast {one('player')} mit dem Heiltrank gerettet."
    if kind == "poisoned":
        return f"Du hast {one('player')} vergiftet."
    if kind == "guarded":
        return f"Du beschützt {one('player')}."
    if kind == "letter_written":
        return f"Dein Brief klagt {one('accused')} an."
    if kind == "enchanting":
        return f"Du verzauberst {names_of(names, event['players'])}."
    if kind == "enchanted":
        return "Du bist verzaubert."
    if kind == "enchanted_list":
        return f"Verzaubert sind: {names_of(names, event['enchanted'])}."
    if kind == "maid_committed":
        return "Du nimmst die Karte des nächsten Gehängten."
    if kind == "maid_took_card":
        return f"Du hast die Karte von {one('player')} übernommen: {role_name(event['role'])}."
    return "Neue geheime Nachricht."
