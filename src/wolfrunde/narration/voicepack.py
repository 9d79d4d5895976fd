"""Voice packs: recorded human voices that replace generated ones (format in docs/voice-packs.md)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from wolfrunde.narration.catalogue import Catalogue, Style
from wolfrunde.narration.narrators import NARRATOR_IDS
from wolfrunde.narration.template import is_speakable, parse

PACK_FORMAT = "wolfrunde-voice-pack"
MANIFEST = "manifest.json"
AUDIO_EXTENSIONS = ("ogg", "opus", "mp3", "flac", "wav")


class VoicePackError(ValueError):
    """The manifest is missing or malformed."""


@dataclass(frozen=True)
class VoicePack:
    root: Path
    name: str
    narrators: frozenset[str]
    texts: dict[str, str] = field(default_factory=dict)  # relative file path -> the text recorded in it

    @property
    def identity(self) -> str:
        return f"pack:{self.name}"

    def clip(
        self, scene_id: str, narrator_id: str, variant: int, piece: int | None = None, *, style: Style = Style.FULL
    ) -> Path | None:
        """The recording of a whole variant (piece None) or of its piece-th spoken part, if present; the
        short ("knapp") variants are recorded as k00, k01 …"""
        if narrator_id not in self.narrators:
            return None
        stem = variant_stem(variant, style)
        stem = stem if piece is None else f"{stem}.{piece}"
        for extension in AUDIO_EXTENSIONS:
            path = self.root / scene_id / narrator_id / f"{stem}.{extension}"
            if path.is_file():
                return path
        return None

    def recorded_text_matches(self, path: Path, text: str) -> bool:
        """False when the manifest says this file holds a different text (the scene was rewritten)."""
        recorded = self.texts.get(path.relative_to(self.root).as_posix())
        return recorded is None or recorded.strip() == text.strip()


def variant_stem(variant: int, style: Style = Style.FULL) -> str:
    return f"k{variant:02d}" if style is Style.SHORT else f"{variant:02d}"


def expected_files(catalogue: Catalogue, narrator_id: str, extension: str = "ogg") -> dict[str, str]:
    """Every file a complete pack for this narrator holds: relative path -> text to record."""
    files: dict[str, str] = {}
    for scene, style in ((scene, style) for scene in catalogue for style in Style):
        if style is Style.SHORT and not scene.short:
            continue
        for variant, text in enumerate(scene.texts(narrator_id, style)):
            base = f"{scene.id}/{narrator_id}/{variant_stem(variant, style)}"
            pieces = spoken_pieces(text)
            if pieces is None:
                files[f"{base}.{extension}"] = text
            else:
                for index, piece in enumerate(pieces):
                    files[f"{base}.{index}.{extension}"] = piece
    return files


def spoken_pieces(text: str) -> list[str] | None:
    """None for a text without placeholders (recorded whole), else its literal parts that hold words."""
    parts = parse(text)
    if all(isinstance(part, str) for part in parts):
        return None
    return [p.strip() for p in parts if isinstance(p, str) and is_speakable(p)]


def load_pack(root: Path) -> VoicePack:
    path = Path(root) / MANIFEST
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise VoicePackError(f"{path}: Manifest fehlt") from None
    except json.JSONDecodeError as error:
        raise VoicePackError(f"{path}: kein gültiges JSON ({error})") from None
    if not isinstance(raw, dict) or raw.get("format") != PACK_FORMAT:
        raise VoicePackError(f'{path}: "format" muss {PACK_FORMAT!r} sein')
    if raw.get("version") != 1:
        raise VoicePackError(f'{path}: unbekannte "version" {raw.get("version")!r} (unterstützt: 1)')
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise VoicePackError(f'{path}: "name" fehlt')
    narrators = raw.get("narrators")
    if not isinstance(narrators, list) or not narrators or any(n not in NARRATOR_IDS for n in narrators):
        raise VoicePackError(f'{path}: "narrators" muss eine Liste aus {list(NARRATOR_IDS)} sein')
    texts = raw.get("texts", {})
    if not isinstance(texts, dict) or not all(isinstance(v, str) for v in texts.values()):
        raise VoicePackError(f'{path}: "texts" muss Dateipfade auf Texte abbilden')
    return VoicePack(root=Path(root), name=name, narrators=frozenset(narrators), texts=dict(texts))


def find_packs(folders: Iterable[Path]) -> list[VoicePack]:
    """Every pack directly in these folders (a folder may itself be a pack); malformed ones raise."""
    packs: list[VoicePack] = []
    for folder in folders:
        folder = Path(folder)
        if (folder / MANIFEST).is_file():
            packs.append(load_pack(folder))
        elif folder.is_dir():
            packs += [load_pack(m.parent) for m in sorted(folder.glob(f"*/{MANIFEST}"))]
    return packs
