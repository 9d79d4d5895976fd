"""The one error type of the table package: a code for programs and a German message for players."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "malformed": "Die Nachricht ist ungültig.",
    "bad_token": "Dieses Gerät gehört nicht zu diesem Tisch.",
    "no_table": "Diesen Tisch gibt es nicht.",
    "not_host": "Das darf nur das Gerät der Spielleitung.",
    "not_now": "Das geht gerade nicht.",
    "illegal": "Dieser Zug ist nicht erlaubt.",
    "bad_settings": "Die Einstellungen sind ungültig.",
    "bad_name": "Bitte einen Namen mit 1 bis 24 Zeichen angeben.",
    "name_taken": "Diesen Namen gibt es an diesem Tisch schon.",
    "table_full": "Der Tisch ist voll.",
    "lobby_closed": "Das Spiel läuft schon oder ist vorbei.",
    "too_frequent": "Zu viele Nachrichten in kurzer Zeit.",
}


class TableError(Exception):
    def __init__(self, code: str, detail: str | None = None) -> None:
        self.code = code
        self.message = detail or MESSAGES.get(code, MESSAGES["not_now"])
        super().__init__(self.message)

    def payload(self, ref: object = None) -> dict[str, object]:
        return {"type": "error", "code": self.code, "message": self.message, "ref": ref}
