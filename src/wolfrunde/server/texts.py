"""Every German text the server sends to a player, in one place."""

from __future__ import annotations

ERRORS: dict[str, str] = {
    "malformed": "Die Nachricht ist ungültig: {detail}",
    "bad_pronunciation": "Diese Aussprache geht nicht: {detail}",
    "too_big": "Die Nachricht ist zu groß (höchstens {limit} Zeichen).",
    "too_frequent": "Zu viele Nachrichten in kurzer Zeit. Bitte kurz warten.",
    "not_logged_in": "Bitte zuerst anmelden.",
    "wrong_origin": "Die Verbindung kommt nicht von dieser Seite.",
    "no_room": "Diesen Raum gibt es nicht.",
    "room_elsewhere": "Der Raum läuft gerade auf einem anderen Server. Die Verbindung wird neu aufgebaut.",
    "not_host": "Das darf nur die Spielleitung des Raums.",
    "not_seated": "Du sitzt nicht an diesem Tisch.",
    "wrong_seat": "Du kannst nur für deinen eigenen Platz entscheiden.",
    "lobby_closed": "Das Spiel läuft schon oder ist vorbei.",
    "one_device_table": "An diesem Tisch wird mit einem Gerät für alle gespielt: Beitreten geht nicht.",
    "not_running": "Es läuft gerade kein Spiel.",
    "not_ended": "Eine neue Partie gibt es erst, wenn diese vorbei ist.",
    "room_full": "Der Tisch ist voll.",
    "already_seated": "Du sitzt schon an diesem Tisch.",
    "no_such_seat": "Diesen Platz gibt es nicht.",
    "cannot_remove_host": "Die Spielleitung kann sich nicht selbst entfernen.",
    "bad_settings": "Die Einstellungen sind ungültig: {detail}",
    "cannot_start": "Das Spiel kann nicht beginnen: {detail}",
    "illegal": "Dieser Zug ist nicht erlaubt: {detail}",
    "channel_closed": "In diesem Kanal kannst du gerade nicht schreiben.",
    "empty_chat": "Die Nachricht ist leer: Es ist nichts Sichtbares darin.",
    "removed": "Du wurdest von der Spielleitung aus dem Raum entfernt.",
    "server_busy": "Der Server ist gerade überlastet.",
    "internal": "Das hat der Server nicht verarbeiten können; nichts wurde verändert.",
    "unknown_type": "Unbekannter Nachrichtentyp „{kind}“.",
    "too_many_lookups": "Zu viele Raumcodes in kurzer Zeit ausprobiert. Bitte eine Minute warten.",
    "not_now": "Das geht gerade nicht.",
    "narrator_speaks": "Der Erzähler spricht noch – gleich geht es weiter.",
    "bad_token": "Dieses Gerät gehört nicht zu diesem Tisch.",
    "no_table": "Diesen Tisch gibt es nicht.",
    "bad_name": "Bitte einen Namen mit 1 bis 24 Zeichen angeben.",
    "name_taken": "Diesen Namen gibt es an diesem Tisch schon. War es dein Platz auf einem anderen Gerät, kann "
    "die Spielleitung ihn entfernen; dann setzt du dich neu.",
    "table_full": "Der Tisch ist voll (höchstens {limit} Plätze).",
    "refused": "Das geht gerade nicht.",
    "unknown_guest": "Dieses Gerät gehört zu keinem Platz.",
    "hello_first": "Zuerst meldet sich das Gerät mit seinem Schlüssel an.",
    "game_halted": (
        "Dieses Spiel wurde wegen eines Fehlers angehalten. Die Spielleitung kann eine neue Partie beginnen."
    ),
    "table_halted": "Dieses Spiel wurde wegen eines Fehlers angehalten. Bitte einen neuen Tisch eröffnen.",
    # Werwörter
    "no_round": "Diese Runde gibt es nicht.",
    "ww_bad_mode": "Unbekannte Spielart.",
    "ww_bad_name": "Bitte gib einen Namen ein (bis 20 Zeichen).",
    "ww_bad_names": "Jeder Spieler braucht einen Namen (bis 20 Zeichen).",
    "ww_closed": "Diese Runde nimmt keine Spieler mehr auf.",
    "ww_no_card": "Gerade wird keine Karte gezeigt.",
    "ww_card_first": "Erst die Karte ansehen.",
    "ww_play_before_night": "„Play“ geht nur vor der Nacht.",
    "ww_cards_first": "Erst sehen alle ihre Karte.",
    "ww_play_mayor": "„Play“ drückt der Bürgermeister.",
    "ww_again_host": "Eine neue Partie startet der Gastgeber oder der Bürgermeister.",
    "ww_votes_device": "Die Stimmen trägt auf dem einen Gerät der Bürgermeister ein.",
    "ww_votes_not_now": "Die Stimmen werden erst eingetragen, wenn abgestimmt wird.",
    "ww_votes_missing": "Für jeden Spieler fehlt noch, auf wen er zeigt.",
    "ww_vote_self": "{name} zeigt auf jemand anderen, nie auf sich selbst.",
    "ww_voted": "{name} hat schon abgestimmt.",
}

HTTP: dict[str, str] = {
    "bad_name": "Der Name muss 3 bis 24 Zeichen lang sein (Buchstaben, Ziffern, Leerzeichen, - und _).",
    "bad_name_spelling": "{detail}",
    "bad_password": "Das Passwort muss mindestens 8 und höchstens 200 Zeichen lang sein.",
    "name_taken": "Dieser Name ist schon vergeben.",
    "bad_login": "Name oder Passwort stimmt nicht.",
    "too_many_logins": "Zu viele Anmeldeversuche. Bitte in {seconds} Sekunden noch einmal versuchen.",
    "too_many_signups": "Zu viele neue Konten von dieser Adresse. Bitte später noch einmal versuchen.",
    "too_many_lookups": "Zu viele Raumcodes in kurzer Zeit ausprobiert. Bitte eine Minute warten.",
    "not_logged_in": "Bitte zuerst anmelden.",
    "room_elsewhere": "Der Raum zieht gerade auf einen anderen Server um. Bitte gleich noch einmal versuchen.",
    "no_room": "Diesen Raum gibt es nicht.",
    "bad_request": "Die Anfrage ist ungültig.",
    "wrong_origin": "Die Anfrage kommt nicht von dieser Seite.",
    # invitations (server/invites.py)
    "invite_unknown_name": "Diesen Namen gibt es nicht.",
    "invite_self": "Dich selbst kannst du nicht einladen.",
    "invite_closed": "Das Spiel läuft schon oder ist vorbei: Einladen geht nur im Vorraum.",
    "invite_not_seated": "Einladen kann nur, wer an diesem Tisch sitzt.",
    "invite_seated": "{name} sitzt schon an diesem Tisch.",
    "invite_removed": "{name} wurde von der Spielleitung aus diesem Raum entfernt.",
    "invite_full": "Der Tisch ist voll.",
    "too_many_invites": "Zu viele Einladungen in kurzer Zeit. Bitte eine Minute warten.",
}

QR_TITLE = "QR-Code zum Beitreten ({code})"  # the tooltip of every room's QR code

CHANNELS: dict[str, str] = {
    "village": "Dorfplatz",
    "wolves": "Wolfsrudel",
    "lovers": "Flüstern der Verliebten",
    "sisters": "Schwestern",
    "brothers": "Brüder",
    "beyond": "Jenseits",
    "lobby": "Vorraum",
}

BOT_NAMES = (
    "Agathe",
    "Bertold",
    "Cäcilie",
    "Dietmar",
    "Elfriede",
    "Friedhelm",
    "Gisela",
    "Hubertus",
    "Irmgard",
    "Jobst",
    "Kunigunde",
    "Lambert",
    "Mechthild",
    "Notker",
    "Ottilie",
    "Pankraz",
)


def error_text(code: str, detail: str | None = None, **values: object) -> str:
    """The German message for an error code. A template with `{detail}` is filled with it; otherwise a
    given `detail` (a complete German sentence, e.g. the engine's reason) is the message itself."""
    template = ERRORS.get(code)
    if template is None:
        return detail or "Fehler."
    if "{detail}" in template:
        if detail is None:
            return template.split(":")[0] + "."
        values["detail"] = detail
    elif detail:
        return detail
    try:
        return template.format(**values)
    except (KeyError, IndexError):
        return template.split(":")[0].split("{")[0].rstrip(" („") + "."
