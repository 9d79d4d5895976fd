"""The scene catalogue: one JSON file per scene, every narrator with at least twenty variants.

A scene may also hold "short" variants (at least `MIN_SHORT_VARIANTS` per narrator): the "knapp" style
of the nightly wake and sleep lines. Ask for a style with `Scene.texts(narrator, Style.SHORT)`; a scene
without short variants answers with its full ones, so every caller can ask for the short style.
"""

from __future__ import annotations

import enum
import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from wolfrunde.narration.narrators import NARRATOR_IDS
from wolfrunde.narration.template import PLACEHOLDERS, TemplateError, slots

SCENES_DIR = Path(__file__).parent / "scenes"
MIN_VARIANTS = 20
MIN_SHORT_VARIANTS = 6
_KEYS = ("id", "when", "placeholders", "variants")
_OPTIONAL_KEYS = ("short",)


class Style(enum.Enum):
    """How much the narrator says: the full scene texts, or the short ones ("knapp") where a scene has them."""

    FULL = "voll"
    SHORT = "knapp"

    @classmethod
    def parse(cls, value: str | Style | None) -> Style:
        """A style from its German name ("voll", "knapp"); None is the full style."""
        if value is None or isinstance(value, Style):
            return value or cls.FULL
        for style in cls:
            if style.value == value:
                return style
        raise ValueError(f"Unbekannter Erzählstil {value!r}; möglich: {', '.join(s.value for s in cls)}")


_SCENE_ID = re.compile(r"[a-z][a-z0-9_]*")


class CatalogueError(ValueError):
    """One or more scene files break the format; `problems` lists each, naming file and spot."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("Szenenkatalog fehlerhaft:\n" + "\n".join(f"  - {p}" for p in problems))


@dataclass(frozen=True)
class Scene:
    id: str
    when: str
    placeholders: frozenset[str]
    variants: Mapping[str, tuple[str, ...]]  # narrator id -> texts
    short: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # narrator id -> "knapp" texts

    def texts(self, narrator_id: str, style: Style = Style.FULL) -> tuple[str, ...]:
        """The variants of one narrator in this style (the full ones where the scene has no short ones)."""
        if style is Style.SHORT and self.short:
            return self.short[narrator_id]
        return self.variants[narrator_id]

    def text(self, narrator_id: str, variant: int, style: Style = Style.FULL) -> str:
        texts = self.texts(narrator_id, style)
        if not 0 <= variant < len(texts):
            raise IndexError(f"Szene {self.id!r} hat für {narrator_id} Varianten 0–{len(texts) - 1}")
        return texts[variant]


@dataclass(frozen=True)
class Catalogue:
    scenes: Mapping[str, Scene]
    problems: tuple[str, ...] = field(default=())  # only filled when loaded with strict=False

    def __getitem__(self, scene_id: str) -> Scene:
        try:
            return self.scenes[scene_id]
        except KeyError:
            raise KeyError(f"Unbekannte Szene {scene_id!r}") from None

    def __contains__(self, scene_id: object) -> bool:
        return scene_id in self.scenes

    def __iter__(self) -> Iterator[Scene]:
        return iter(self.scenes[key] for key in sorted(self.scenes))

    def __len__(self) -> int:
        return len(self.scenes)

    def counts(self) -> dict[str, dict[str, int]]:
        """scene id -> narrator id -> number of variants."""
        return {s.id: {n: len(s.variants[n]) for n in NARRATOR_IDS} for s in self}


def load_catalogue(directory: Path = SCENES_DIR, *, strict: bool = True) -> Catalogue:
    """Read and check every `*.json` in the folder.

    strict: raise CatalogueError listing every problem; otherwise skip bad files and keep their problems.
    """
    scenes: dict[str, Scene] = {}
    problems: list[str] = []
    for path in sorted(Path(directory).glob("*.json")):
        try:
            scene = load_scene(path)
        except CatalogueError as error:
            problems.extend(error.problems)
            continue
        scenes[scene.id] = scene
    if problems and strict:
        raise CatalogueError(problems)
    return Catalogue(scenes=scenes, problems=tuple(problems))


def load_scene(path: Path) -> Scene:
    """Read one scene file; raises CatalogueError with every problem found in it."""
    name = path.name
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError as error:
        raise CatalogueError([f"{name}: kein UTF-8 ({error.reason})"]) from None
    except json.JSONDecodeError as error:
        raise CatalogueError(
            [f"{name}: kein gültiges JSON (Zeile {error.lineno}, Spalte {error.colno}: {error.msg})"]
        ) from None
    problems = check_scene(raw, expected_id=path.stem)
    if problems:
        raise CatalogueError([f"{name}: {p}" for p in problems])
    return Scene(
        id=raw["id"],
        when=raw["when"],
        placeholders=frozenset(raw["placeholders"]),
        variants={n: tuple(raw["variants"][n]) for n in NARRATOR_IDS},
        short={n: tuple(raw["short"][n]) for n in NARRATOR_IDS} if "short" in raw else {},
    )


def check_scene(raw: object, expected_id: str) -> list[str]:
    """Every way the decoded JSON breaks the scene format (empty when it is fine)."""
    if not isinstance(raw, dict):
        return ["oberste Ebene muss ein Objekt sein"]
    problems = [f"Schlüssel {key!r} fehlt" for key in _KEYS if key not in raw]
    problems += [f"unbekannter Schlüssel {key!r}" for key in raw if key not in (*_KEYS, *_OPTIONAL_KEYS)]
    if problems:
        return problems
    scene_id, when, declared, variants = (raw[key] for key in _KEYS)
    if scene_id != expected_id:
        problems.append(f'"id" ist {scene_id!r}, muss wie der Dateiname {expected_id!r} lauten')
    if not isinstance(scene_id, str) or not _SCENE_ID.fullmatch(scene_id):
        problems.append('"id" muss aus Kleinbuchstaben, Ziffern und _ bestehen')
    if not isinstance(when, str) or not when.strip():
        problems.append('"when" muss ein nicht leerer Text sein')
    if not isinstance(declared, list) or not all(isinstance(p, str) for p in declared):
        return [*problems, '"placeholders" muss eine Liste von Namen sein']
    unknown = sorted(set(declared) - PLACEHOLDERS)
    if unknown:
        problems.append(f"unbekannte Platzhalter {unknown}; erlaubt: {sorted(PLACEHOLDERS)}")
    if len(set(declared)) != len(declared):
        problems.append('"placeholders" enthält Doppelte')
    if not isinstance(variants, dict):
        return [*problems, '"variants" muss ein Objekt mit den Erzählern sein']
    problems += [f'Erzähler {n!r} fehlt in "variants"' for n in NARRATOR_IDS if n not in variants]
    problems += [f'unbekannter Erzähler {n!r} in "variants"' for n in variants if n not in NARRATOR_IDS]
    for narrator_id in NARRATOR_IDS:
        if narrator_id in variants:
            problems += _check_texts(narrator_id, variants[narrator_id], set(declared))
    if "short" in raw:
        problems += _check_short(raw["short"], set(declared))
    return problems


def _check_short(short: object, declared: set[str]) -> list[str]:
    if not isinstance(short, dict):
        return ['"short" muss ein Objekt mit den Erzählern sein']
    problems = [f'Erzähler {n!r} fehlt in "short"' for n in NARRATOR_IDS if n not in short]
    problems += [f'unbekannter Erzähler {n!r} in "short"' for n in short if n not in NARRATOR_IDS]
    for narrator_id in NARRATOR_IDS:
        if narrator_id in short:
            problems += _check_texts(narrator_id, short[narrator_id], declared, MIN_SHORT_VARIANTS, "short.")
    return problems


def _check_texts(
    narrator_id: str, texts: object, declared: set[str], minimum: int = MIN_VARIANTS, prefix: str = ""
) -> list[str]:
    if not isinstance(texts, list):
        return [f"{prefix}{narrator_id}: Varianten müssen eine Liste von Texten sein"]
    problems: list[str] = []
    if len(texts) < minimum:
        problems.append(f"{prefix}{narrator_id}: nur {len(texts)} Varianten, mindestens {minimum} nötig")
    seen: set[str] = set()
    for index, text in enumerate(texts):
        where = f"{prefix}{narrator_id}[{index}]"
        if not isinstance(text, str) or not text.strip():
            problems.append(f"{where}: muss ein nicht leerer Text sein")
            continue
        if text != text.strip():
            problems.append(f"{where}: Leerzeichen am Anfang oder Ende")
        if text in seen:
            problems.append(f"{where}: doppelte Variante {text!r}")
        seen.add(text)
        try:
            used = slots(text)
        except TemplateError as error:
            problems.append(f"{where}: {error}")
            continue
        undeclared = sorted(used - declared)
        if undeclared:
            problems.append(f'{where}: Platzhalter {undeclared} nicht in "placeholders" angegeben')
    return problems
