"""The website's pages: address, title, description, template, and the values each template gets.

Everything a page shows about roles, nights and sets comes from `catalogue` (the engines' own data)
and, for the simulated win rates, from `winrates`.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Any

from wolfrunde.server.config import DEFAULT_RETENTION_DAYS
from wolfrunde.server.site import catalogue, winrates
from wolfrunde.store.account_deletion import DELETED_PLAYER
from wolfrunde.store.accounts import SESSION_SECONDS

SITE_NAME = "Wolfrunde"
DESCRIPTION_LENGTH = 160
_ONLINE = catalogue.player_limits("online")
_TABLE = catalogue.player_limits("table_single_device")
_COUNTS = catalogue.all_player_counts()


@dataclass(frozen=True)
class Page:
    path: str
    template: str
    title: str
    description: str
    nav: str | None = None  # label in the main navigation


PAGES: tuple[Page, ...] = (
    Page(
        "/",
        "start.html",
        "Wolfrunde – Werwolf online, am Tisch und Werwörter",
        f"Werwolf mit gesprochenem Erzähler: online mit {_ONLINE[0]} bis {_ONLINE[1]} Personen, am Tisch mit "
        f"{_TABLE[0]} bis {_TABLE[1]}, dazu das Wortratespiel Werwörter. Regeln und alle Rollen.",
    ),
    Page(
        "/regeln",
        "regeln.html",
        "Werwolf: Spielregeln und Ablauf",
        "Die Werwolf-Regeln bei Wolfrunde: Spielprinzip, Nacht und Tag, Siegbedingungen, die drei Spielarten "
        "und was im Regelwerk Düsterwald anders ist.",
        nav="Regeln",
    ),
    Page(
        "/rollen",
        "rollen.html",
        "Alle Werwolf-Rollen",
        "Alle Rollen von Wolfrunde, filterbar nach Partei und Spielerzahl, mit Kurzbeschreibung und eigener "
        "Seite für jede Rolle.",
        nav="Rollen",
    ),
    Page(
        "/rollen-nach-spielerzahl",
        "spielerzahl.html",
        "Werwolf-Rollen nach Spielerzahl",
        f"Die empfohlene Besetzung für {_COUNTS[0]} bis {_COUNTS[-1]} Spieler, mit simulierten Siegquoten von Dorf, "
        "Wölfen und Einzelgängern.",
        nav="Nach Spielerzahl",
    ),
    Page(
        "/am-tisch",
        "am_tisch.html",
        "Werwolf am Tisch mit einem Handy",
        "Werwolf am echten Tisch: ein Gerät in der Mitte als Erzähler, Karten austeilen, Augen zu oder "
        "Reihum, Abstimmen per Handzeichen oder geheim.",
        nav="Am Tisch",
    ),
    Page(
        "/ohne-spielleiter",
        "ohne_spielleiter.html",
        "Werwolf ohne Spielleiter",
        "Wie der gesprochene Erzähler von Wolfrunde den Spielleiter ersetzt, und wie jeder mit dem eigenen "
        "Handy per QR-Code mitspielt.",
        nav="Ohne Spielleiter",
    ),
    Page(
        "/werwoerter/regeln",
        "werwoerter_regeln.html",
        "Werwörter: Regeln auffrischen",
        "Werwörter in 30 Sekunden, dein Zug, die Zahlen und was man nach einer Pause leicht vergisst.",
        nav="Werwörter",
    ),
    Page(
        "/herkunft",
        "herkunft.html",
        "Medien und Herkunft der Inhalte",
        "Woher Spiel, Erzählerstimmen, Wortliste und Schrift von Wolfrunde stammen, und unter welchen Lizenzen.",
    ),
    Page(
        "/datenschutz",
        "datenschutz.html",
        "Datenschutz",
        "Was Wolfrunde speichert – Kontoname, Passwort-Hash, Sitzung, Spielverläufe und Chat –, wie lange und wozu.",
    ),
)
BY_PATH = {page.path: page for page in PAGES}
# One's own account: linked from "Datenschutz" and the online client's account menu, not in the sitemap.
ACCOUNT = Page(
    "/konto",
    "konto.html",
    "Dein Konto",
    "Dein Wolfrunde-Konto: sehen, unter welchem Namen du angemeldet bist, und das Konto mit allen Sitzungen löschen.",
)
ROLES_PATH = "/rollen"


def role_path(role_id: str) -> str:
    return f"{ROLES_PATH}/{role_id}"


_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue"})
_PLAIN = str.maketrans({"ä": "a", "ö": "o", "ü": "u"})


def slugs(text: str) -> set[str]:
    """How an address may spell a German name: lower case, words joined by "-", umlauts as ae/oe/ue
    (as the site writes /werwoerter) or without their dots, ß as ss."""
    folded = text.casefold()
    return {re.sub(r"[^a-z0-9]+", "-", folded.translate(table)).strip("-") for table in (_UMLAUTS, _PLAIN)}


def role_by_slug(asked: str) -> catalogue.Role | None:
    """The role whose German name (or id, in any case) the address spells."""
    wanted = slugs(asked)
    return next(
        (role for role in catalogue.roles() if wanted & (slugs(role.name) | {role.id.casefold()})),
        None,
    )


def page_path_like(path: str) -> str | None:
    """The site's address that `path` spells in other letters (/Regeln, /Rollen/Seherin), if any."""
    folded = path.casefold().rstrip("/")
    if folded != path and folded in {page.path for page in PAGES}:
        return folded
    if folded.startswith(ROLES_PATH + "/"):
        role = role_by_slug(folded.removeprefix(ROLES_PATH + "/"))
        if role is not None:
            return role_path(role.id)
    return None


def role_page(role: catalogue.Role) -> Page:
    return Page(role_path(role.id), "rolle.html", f"{role.name} – Werwolf-Rolle", short(role.summary))


def all_paths() -> list[str]:
    """Every page of the site, as the sitemap lists it."""
    return [page.path for page in PAGES] + [role_path(role.id) for role in catalogue.roles()]


def short(text: str, length: int = DESCRIPTION_LENGTH) -> str:
    if len(text) <= length:
        return text
    cut = text[: length - 1].rsplit(" ", 1)[0].rstrip(",;:–—")
    return cut + "…"


# --- what each template gets ----------------------------------------------------------------------------


def common() -> dict[str, Any]:
    return {
        "site_name": SITE_NAME,
        "nav": [page for page in PAGES if page.nav],
        "role_path": role_path,
        "online": catalogue.player_limits("online"),
        "table": catalogue.player_limits("table_single_device"),
        "role_total": len(catalogue.roles()),
        "narrators": catalogue.narrators(),
    }


def rules_context() -> dict[str, Any]:
    return {
        "roles": catalogue.roles(),
        "night": catalogue.night_order(),
        "duesterwald_roles": duesterwald_roles(),
        "narrator_count": len(catalogue.narrators()),
    }


def duesterwald_roles() -> list[catalogue.Role]:
    """The special roles the Düsterwald sets propose at any player count (plain villagers left out)."""
    wanted: list[str] = []
    for players in catalogue.all_player_counts():
        for role_id in catalogue.recommended(players, "table_own_devices", "duesterwald"):
            if role_id != catalogue.PLAIN_VILLAGER and role_id not in wanted:
                wanted.append(role_id)
    return [role for role in catalogue.roles() if role.id in wanted]


@dataclass(frozen=True)
class RoleFilter:
    side: str  # "" or a key of catalogue.SIDES
    players: int | None
    error: str | None


def parse_filter(side: str | None, players: str | None) -> RoleFilter:
    """The filter from the query; bad input keeps the list whole and explains why in German."""
    counts = catalogue.all_player_counts()
    problems = []
    chosen_side = side or ""
    if chosen_side not in catalogue.SIDES and chosen_side != "":
        problems.append(f"Die Partei „{chosen_side}“ gibt es nicht; gezeigt werden alle Parteien.")
        chosen_side = ""
    number: int | None = None
    if players:
        try:
            number = int(players)
        except ValueError:
            number = None
        if number is None or number not in counts:
            problems.append(
                f"Die Spielerzahl muss zwischen {counts[0]} und {counts[-1]} liegen; gezeigt werden alle Spielerzahlen."
            )
            number = None
    return RoleFilter(chosen_side, number, " ".join(problems) or None)


def roles_context(chosen: RoleFilter) -> dict[str, Any]:
    shown = [
        role
        for role in catalogue.roles()
        if (not chosen.side or chosen.side in role.sides)
        and (chosen.players is None or role.playable_with(chosen.players))
    ]
    return {
        "filter": chosen,
        "sides": catalogue.SIDES,
        "counts": catalogue.all_player_counts(),
        "shown": shown,
        "total": len(catalogue.roles()),
    }


@dataclass(frozen=True)
class Sample:
    narrator: catalogue.Narrator
    opus: str
    mp3: str
    text: str


def role_context(role: catalogue.Role) -> dict[str, Any]:
    samples = [
        Sample(
            narrator,
            f"/api/roles/{role.id}/sample?narrator={narrator.id}&format=opus",
            f"/api/roles/{role.id}/sample?narrator={narrator.id}&format=mp3",
            catalogue.sample_text(role.id, narrator.id),
        )
        for narrator in catalogue.narrators()
    ]
    return {
        "role": role,
        "night": catalogue.night_order(),
        "marked": {step.id for step in catalogue.night_order() if role.id in step.roles},
        "samples": samples,
        "recommended_at": player_counts_phrase(recommended_counts(role.id)),
        "plural": role.cards_per_set > 1,  # Schwestern, Brüder: "sind … dabei"
    }


def recommended_counts(role_id: str) -> list[int]:
    """The player counts whose recommended set (as the lobby proposes it) contains the role."""
    counts = []
    for players in catalogue.all_player_counts():
        mode = "online" if _online_count(players) else "table_own_devices"
        if role_id in catalogue.recommended(players, mode):
            counts.append(players)
    return counts


def player_counts_phrase(counts: list[int]) -> str:
    """German for a set of player counts: "bei 6, 7 und ab 9 Spielern", "bei 7 bis 9, 11 und 12 Spielern"."""
    if not counts:
        return ""
    runs: list[tuple[int, int]] = []
    for count in counts:
        if runs and runs[-1][1] == count - 1:
            runs[-1] = (runs[-1][0], count)
        else:
            runs.append((count, count))
    last = catalogue.all_player_counts()[-1]
    parts: list[str] = []
    for low, high in runs:
        if high == last and high - low >= 2:
            parts.append(f"ab {low}")
        elif high - low >= 2:
            parts.append(f"{low} bis {high}")
        else:
            parts.extend(str(n) for n in range(low, high + 1))
    listed = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " und " + parts[-1]
    return ("" if listed.startswith("ab ") else "bei ") + listed + " Spielern"


def _online_count(players: int) -> bool:
    low, high = catalogue.player_limits("online")
    return low <= players <= high


# Who wins, as the simulation counts it: the engine's winner ids, grouped for the table.
WINNER_GROUPS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("village", "Dorf", ("village",)),
    ("werewolves", "Wölfe", ("werewolves",)),
    ("solo", "Allein", ("pied_piper", "white_wolf", "angel")),
    ("lovers", "Liebespaar", ("lovers",)),
    ("draw", "Unentschieden", ("draw",)),
)


@dataclass(frozen=True)
class CountRow:
    players: int
    roles: list[tuple[catalogue.Role, int]]
    shares: list[tuple[str, str, float]]  # (key, German label, share 0..1)
    rounds: float
    single_device: list[tuple[str, str]]  # (role name, replaced by) with a single device
    online: bool


def count_context(rules: str) -> dict[str, Any]:
    rates = winrates.load()
    rows = []
    for row in rates.rows[rules]:
        single = catalogue.recommended(row.players, "table_single_device", rules)
        swaps = [
            (catalogue.role_counts([a])[0][0].name, catalogue.role_counts([b])[0][0].name)
            for a, b in zip(row.roles, single, strict=True)
            if a != b
        ]
        rows.append(
            CountRow(
                row.players,
                catalogue.role_counts(list(row.roles)),
                [(key, label, row.share(*ids)) for key, label, ids in WINNER_GROUPS],
                row.rounds,
                swaps,
                _online_count(row.players),
            )
        )
    return {
        "rules": rules,
        "rule_sets": catalogue.RULE_SETS,
        "rows": rows,
        "groups": WINNER_GROUPS,
        "games": rates.games,
        "seed": rates.seed,
        "follow_informant": rates.follow_informant,
        "command": winrates.COMMAND,
        "modes": {row.mode for row in rates.rows[rules]},
        "mode_name": catalogue.mode_name,
    }


def werwoerter_context() -> dict[str, Any]:
    return {"ww": catalogue.werwoerter_facts()}


def origin_context(voice_engine: str | None) -> dict[str, Any]:
    return {
        "voices": [(n, catalogue.narrator_engine(n.id, voice_engine)) for n in catalogue.narrators()],
        "ww": catalogue.werwoerter_facts(),
    }


def days(value: float) -> str:
    """A number of days as a German text: "30", "1,5"."""
    return f"{value:g}".replace(".", ",")


def privacy_context(retention_days: float) -> dict[str, Any]:
    return {
        "session_days": SESSION_SECONDS // 86400,
        "retention_days": days(retention_days),
        "default_retention_days": days(DEFAULT_RETENTION_DAYS),
        "is_default": retention_days == DEFAULT_RETENTION_DAYS,
        "deleted_player": DELETED_PLAYER,
        "account_path": ACCOUNT.path,
    }


def account_context(
    name: str | None, *, since: float | None = None, error: str | None = None, deleted: str | None = None
) -> dict[str, Any]:
    """The account page: logged out (`name` None), logged in with the form (and an `error`), or done
    (`deleted`: the name the account had)."""
    joined = None if since is None else time.strftime("%d.%m.%Y", time.gmtime(since))
    return {
        "account_name": name,
        "joined": joined,
        "error": error,
        "deleted": deleted,
        "deleted_player": DELETED_PLAYER,
    }
