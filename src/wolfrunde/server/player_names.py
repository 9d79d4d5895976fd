"""What every name a player types must be, whichever way he plays: no character a reader cannot see or
that turns the text around it (control and format characters such as U+202E), no look-alike spellings
of a name already there (compared in Unicode's compatibility form, so "Ａnna" is "Anna"), and, for an
account, one script per name (so "Аnna" with a Cyrillic А cannot pose as "Anna")."""

from __future__ import annotations

import unicodedata

INVISIBLE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})  # Unicode general categories


def hidden_characters(name: str) -> list[str]:
    """The name's characters nobody can see or that change how the text around them reads, as U+XXXX."""
    return [f"U+{ord(char):04X}" for char in dict.fromkeys(name) if unicodedata.category(char) in INVISIBLE]


def tidy(name: str) -> str:
    """The name as it is kept: spaces tidied, accents composed (a name typed "Zoe" + ¨ is "Zoë")."""
    return unicodedata.normalize("NFC", " ".join(name.split()))


def same_name_key(name: str) -> str:
    """Two names with the same key read as the same name (case, width and compatibility forms aside)."""
    return unicodedata.normalize("NFKC", " ".join(name.split())).casefold()


def scripts(name: str) -> set[str]:
    """The scripts of the name's letters (LATIN, CYRILLIC, GREEK …); digits, spaces and marks have none."""
    found = set()
    for char in name:
        if char.isalpha():
            found.add(unicodedata.name(char, "UNKNOWN").split(" ")[0])
    return found


def spelling_problem(name: str) -> str | None:
    """Why the name cannot stand as it is typed, in German; None when it can (stored in NFC, `tidy`)."""
    hidden = hidden_characters(name)
    if hidden:
        return f"Der Name enthält unsichtbare Steuerzeichen ({', '.join(hidden)}). Bitte nur sichtbare Zeichen."
    if unicodedata.normalize("NFKC", name) != unicodedata.normalize("NFC", name):
        return "Bitte den Namen mit gewöhnlichen Zeichen schreiben (keine Sonder- oder Breitschrift)."
    if not any(char.isalnum() for char in name):
        return "Ein Name braucht mindestens einen Buchstaben oder eine Ziffer: Der Erzähler muss ihn sagen können."
    return None


def account_name_problem(name: str) -> str | None:
    """`spelling_problem`, and an account's name keeps to one script."""
    problem = spelling_problem(name)
    if problem is None and len(scripts(name)) > 1:
        return "Ein Name darf keine Schriften mischen (etwa lateinische und kyrillische Buchstaben)."
    return problem
