"""`wolfrunde voices`: list the scene catalogue, check it, build the audio cache, speak a text."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from pathlib import Path

from wolfrunde.narration import audio
from wolfrunde.narration.build import build
from wolfrunde.narration.catalogue import CatalogueError, load_catalogue
from wolfrunde.narration.engines import voice_for
from wolfrunde.narration.formats import AudioFormat, decode, encode, preferred_format
from wolfrunde.narration.narrators import NARRATOR_IDS, narrator
from wolfrunde.narration.prune import prune
from wolfrunde.narration.samples import role_sample
from wolfrunde.narration.service import Narration, default_data_dir
from wolfrunde.narration.voicepack import MANIFEST, PACK_FORMAT, VoicePackError, expected_files, find_packs

HELP = "Erzählerstimmen: Szenen auflisten und prüfen, Audio erzeugen"


def configure(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="voices_command", metavar="AKTION", required=True)

    listing = sub.add_parser("list", help="Szenen und Variantenzahl je Erzähler zeigen")
    listing.add_argument("--json", action="store_true", help="als JSON auf stdout")

    sub.add_parser("check", help="Szenendateien und Stimmpakete prüfen")

    builder = sub.add_parser("build", help="Audio aller Szenen vorab erzeugen (fehlende Dateien)")
    _data_option(builder, "--out")
    builder.add_argument("--narrator", action="append", choices=NARRATOR_IDS, help="nur diese(n) Erzähler")
    builder.add_argument("--scenes", nargs="+", metavar="SZENE", help="nur diese Szenen")
    builder.add_argument(
        "--format",
        nargs="+",
        choices=[f.key for f in AudioFormat],
        help="Audioformate (Standard: das beste, opus; das Ersatzformat mp3 entsteht sonst bei Bedarf)",
    )
    builder.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="so viele Prozesse gleichzeitig (Standard: alle Kerne)"
    )
    _engine_option(builder)

    pruner = sub.add_parser("prune", help="veraltete Audiodateien aus dem Cache löschen")
    _data_option(pruner)
    pruner.add_argument(
        "--days",
        type=float,
        default=30.0,
        help="Namen und Texte, die so viele Tage niemand brauchte, löschen (Standard: 30)",
    )
    pruner.add_argument("--dry-run", action="store_true", help="nur auflisten, nichts löschen")
    _engine_option(pruner)

    say = sub.add_parser("say", help="einen Text mit einer Erzählerstimme in eine Datei sprechen")
    say.add_argument("--narrator", required=True, choices=NARRATOR_IDS)
    say.add_argument("--out", required=True, type=Path, help="Zieldatei (.ogg, .mp3 oder .wav)")
    say.add_argument("text", nargs="+")
    _engine_option(say)

    sample = sub.add_parser("sample", help="Hörbeispiel einer Rolle (ihre Weck-Szene) in eine Datei")
    sample.add_argument("--role", required=True)
    sample.add_argument("--narrator", required=True, choices=NARRATOR_IDS)
    sample.add_argument("--out", required=True, type=Path)
    _data_option(sample)
    _engine_option(sample)

    pack = sub.add_parser("pack-init", help="leeres Stimmpaket mit Aufnahmeliste anlegen")
    pack.add_argument("folder", type=Path)
    pack.add_argument("--narrator", required=True, choices=NARRATOR_IDS)
    pack.add_argument("--name", default=None, help="Name des Pakets")


def _data_option(parser: argparse.ArgumentParser, *aliases: str) -> None:
    parser.add_argument(
        "--data", *aliases, dest="data", type=Path, default=None, help=f"Audio-Cache (Standard: {default_data_dir()})"
    )


def _engine_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--engine",
        choices=["auto", "espeak", "mbrola", "pico"],
        default=None,
        help="Sprachsynthese (Standard: beste vorhandene je Erzähler)",
    )


def run(args: argparse.Namespace) -> int:
    try:
        return _COMMANDS[args.voices_command](args)
    except (CatalogueError, VoicePackError) as error:
        print(error, file=sys.stderr)
        return 1


def _list(args: argparse.Namespace) -> int:
    catalogue = load_catalogue(strict=False)
    if args.json:
        print(json.dumps({"narrators": list(NARRATOR_IDS), "scenes": catalogue.counts()}, ensure_ascii=False))
    else:
        print(f"{'Szene':32}" + "".join(f"{n:>10}" for n in NARRATOR_IDS))
        for scene_id, counts in catalogue.counts().items():
            print(f"{scene_id:32}" + "".join(f"{counts[n]:>10}" for n in NARRATOR_IDS))
        print(f"{len(catalogue)} Szenen")
    for problem in catalogue.problems:
        print(f"Fehler: {problem}", file=sys.stderr)
    return 1 if catalogue.problems else 0


def _check(args: argparse.Namespace) -> int:
    catalogue = load_catalogue()
    packs = find_packs([default_data_dir() / "packs"])
    print(f"{len(catalogue)} Szenen in Ordnung, {len(packs)} Stimmpaket(e) gelesen")
    return 0


def _build(args: argparse.Namespace) -> int:
    narration = Narration(args.data, engine=args.engine)
    scene_ids = args.scenes or [scene.id for scene in narration.catalogue]
    unknown = [s for s in scene_ids if s not in narration.catalogue]
    if unknown:
        print(f"Unbekannte Szenen: {', '.join(unknown)}", file=sys.stderr)
        return 2
    narrators = args.narrator or list(NARRATOR_IDS)
    formats = [AudioFormat.parse(key) for key in args.format] if args.format else [preferred_format()]
    for narrator_id in narrators:
        print(f"{narrator_id}: {narration.voice(narrator_id).identity}", file=sys.stderr)
    result = build(narration, scene_ids, narrators, formats, workers=args.jobs)
    files, size = narration.cache.size()
    print(
        f"{result.clips} Dateien in {result.seconds:.1f} s; {result.skipped_dynamic} Varianten mit Namen "
        f"entstehen im Spiel. Cache {narration.cache.root}: {files} Dateien, {size / 1e6:.1f} MB",
        file=sys.stderr,
    )
    return 0


def _prune(args: argparse.Namespace) -> int:
    if args.days < 0:
        print("--days darf nicht negativ sein.", file=sys.stderr)
        return 2
    narration = Narration(args.data, engine=args.engine)
    if not narration.cache.root.is_dir():
        print(f"Kein Audio-Cache unter {narration.cache.root}.", file=sys.stderr)
        return 0
    result = prune(narration, args.days, dry_run=args.dry_run)
    for path in result.removed:
        print(path)
    verb = "würden gelöscht" if args.dry_run else "gelöscht"
    print(
        f"{len(result.removed)} Dateien ({result.removed_bytes / 1e6:.1f} MB) {verb}, {result.kept} behalten.",
        file=sys.stderr,
    )
    return 0


def _say(args: argparse.Namespace) -> int:
    fmt = _format_of(args.out)
    pcm = audio.prepare(voice_for(narrator(args.narrator), args.engine).synthesize(" ".join(args.text)))
    args.out.write_bytes(encode(pcm, fmt))
    print(f"{args.out}: {pcm.seconds:.1f} s", file=sys.stderr)
    return 0


def _sample(args: argparse.Namespace) -> int:
    fmt = _format_of(args.out)
    narration = Narration(args.data, engine=args.engine)
    try:
        path = role_sample(narration, args.role, args.narrator, fmt=fmt)
    except LookupError as error:
        print(error, file=sys.stderr)
        return 2
    shutil.copyfile(path, args.out)
    print(f"{args.out}: {decode(args.out).seconds:.1f} s", file=sys.stderr)
    return 0


def _pack_init(args: argparse.Namespace) -> int:
    catalogue = load_catalogue()
    files = expected_files(catalogue, args.narrator)
    folder: Path = args.folder
    folder.mkdir(parents=True, exist_ok=True)
    manifest = {
        "format": PACK_FORMAT,
        "version": 1,
        "name": args.name or f"{args.narrator} (Aufnahme)",
        "narrators": [args.narrator],
        "speaker": "",
        "license": "",
        "texts": files,
    }
    text = json.dumps(manifest, ensure_ascii=False, indent=2) + "\n"
    (folder / MANIFEST).write_text(text, encoding="utf-8")
    sheet = "\n".join(f"{path}\t{text}" for path, text in files.items())
    (folder / "aufnahmeliste.tsv").write_text("datei\ttext\n" + sheet + "\n", encoding="utf-8")
    print(f"{folder}: {len(files)} Aufnahmen in aufnahmeliste.tsv", file=sys.stderr)
    return 0


def _format_of(path: Path) -> AudioFormat:
    extension = path.suffix.lower().lstrip(".")
    for fmt in AudioFormat:
        if fmt.extension == extension or fmt.key == extension:
            return fmt
    raise SystemExit(f"Unbekannte Endung {path.suffix!r}: .ogg, .mp3 oder .wav")


_COMMANDS = {
    "list": _list,
    "check": _check,
    "build": _build,
    "prune": _prune,
    "say": _say,
    "sample": _sample,
    "pack-init": _pack_init,
}
