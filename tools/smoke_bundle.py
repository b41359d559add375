#!/usr/bin/env python3
"""Unzip the built folder into an empty folder and play it there as a player would.

With a clean environment (no Python, no venv on ``PATH``: ``HOME``, the temporary folder and
the working folder each an empty folder of their own, SDL's dummy drivers) and a ``portable``
marker beside the program, it plays a game of classic to its end in text mode (keys on
standard input), reading the rules and a key of the family's own keymap on the way, in English
and in German, and the trick-taking game's rules in Spanish; then it checks that

* each game said what it should: the keymap, the family's keys, the rules in each language and
  the catalogues were all found;
* the log holds no warning (a sound cue that cannot be loaded is logged);
* every shipped file of the repository (keymaps, sounds, rules) and of the package (the page,
  the catalogues, the families' manifests and keys) is in the folder;
* in portable mode nothing was written outside the unzipped folder, and everything the game
  keeps is in its ``userdata`` folder; without the marker the game keeps its files in the home
  folder instead.

Usage: ``python tools/smoke_bundle.py dist/ninetynine-audio-*.zip``; exits 1 and says what
failed. ``tests/tools/test_bundle.py`` runs the same checks on a build of its own.
"""

from __future__ import annotations

import argparse
import locale
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

TOP = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TOP))

from ninetynine_audio.resources import SHIPPED_FOLDERS  # noqa: E402

NAME = "ninetynine-audio"
PROGRAM = NAME + (".exe" if sys.platform == "win32" else "")
PLAY_TIMEOUT = 180
"""Seconds a whole smoke game may take, far above the few it needs."""
# What the program writes to a pipe: UTF-8 (also in the C locale), the ANSI code page on Windows.
OUTPUT_ENCODING = locale.getpreferredencoding(False) if sys.platform == "win32" else "utf-8"


@dataclass(frozen=True)
class Game:
    """One game the smoke test plays: its command line, its keys (one line each) and what
    it must say."""

    arguments: tuple[str, ...]
    keys: tuple[str, ...]
    expected: tuple[str, ...]


# Two players, one life, out at once: a whole game in a handful of Enters. "c" is classic's own
# key (the family's keys.toml), F2 the rules (docs/rules), Escape leaves them.
_CLASSIC = ("--game", "classic", "--players", "You:human,Lily:easy", "--lives", "1")
_CLASSIC += ("--straight-out", "--seed", "1", "--bot-pause", "0")
_CLASSIC_KEYS = ("c", "f2", "escape", *["return"] * 8)

GAMES = (
    Game(
        _CLASSIC,
        _CLASSIC_KEYS,
        (
            "Ninety-Nine",
            "Round 1",
            "Total 0",
            "Rules: Classic. Ninety-Nine",
            "Places: 1st",
            "Goodbye",
        ),
    ),
    Game(
        (*_CLASSIC, "--language", "de"),
        _CLASSIC_KEYS,
        ("Neunundneunzig", "Runde 1", "Summe 0", "Regeln: Klassisch. Neunundneunzig", "Plätze"),
    ),
    Game(
        ("--game", "tricks", "--seed", "1", "--bot-pause", "0", "--language", "es"),
        ("f2", "escape"),
        ("Noventa y Nueve", "Reglas: Bazas. Noventa y Nueve", "Adiós"),
    ),
)


class SmokeFailure(AssertionError):
    """What the unzipped game did wrong."""


def unpack(archive: Path, destination: Path) -> Path:
    """Unzip ``archive`` into ``destination`` (which must be empty) as ``unzip`` does: each
    file's permissions and links restored. Returns the program's path."""
    destination.mkdir(parents=True, exist_ok=True)
    if any(destination.iterdir()):
        raise SmokeFailure(f"{destination} is not empty")
    top = destination.resolve()
    with zipfile.ZipFile(archive) as bundle:
        for entry in bundle.infolist():
            target = (top / entry.filename).resolve(strict=False)
            if not target.is_relative_to(top):
                raise SmokeFailure(f"{entry.filename} would be unzipped outside the folder")
            mode = entry.external_attr >> 16
            if entry.is_dir():
                target.mkdir(parents=True, exist_ok=True)
            elif stat.S_ISLNK(mode) and hasattr(os, "symlink"):
                target.parent.mkdir(parents=True, exist_ok=True)
                os.symlink(bundle.read(entry).decode("utf-8"), target)
            else:
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(bundle.read(entry))
                if mode & 0o777:
                    target.chmod(mode & 0o777)
    program = top / NAME / PROGRAM
    if not program.is_file():
        raise SmokeFailure(f"no {NAME}/{PROGRAM} in {archive}")
    return program


def clean_environment(home: Path, temporary: Path) -> dict[str, str]:
    """The environment of a player's machine without Python: the system's folders on ``PATH``
    only, ``home`` as the home folder, ``temporary`` as the temporary folder, no screen or
    sound card needed."""
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    if sys.platform == "win32":
        system_root = os.environ.get("SYSTEMROOT", r"C:\Windows")
        env |= {
            "SYSTEMROOT": system_root,
            "WINDIR": system_root,
            "PATH": str(Path(system_root, "System32")),
            "USERPROFILE": str(home),
            "APPDATA": str(home / "AppData" / "Roaming"),
            "LOCALAPPDATA": str(home / "AppData" / "Local"),
            "TEMP": str(temporary),
            "TMP": str(temporary),
        }
    else:
        env |= {"HOME": str(home), "PATH": "/usr/bin:/bin", "TMPDIR": str(temporary)}
    return env


def play(
    program: Path, game: Game, env: dict[str, str], cwd: Path
) -> subprocess.CompletedProcess[str]:
    """Run ``program`` in text mode on ``game``'s keys; raise when it does not end well."""
    keys = "".join(f"{key}\n" for key in game.keys)
    done = subprocess.run(
        [str(program), "--text", *game.arguments],
        input=keys,
        capture_output=True,
        text=True,
        encoding=OUTPUT_ENCODING,
        errors="replace",
        env=env,
        cwd=cwd,
        timeout=PLAY_TIMEOUT,
    )
    said = done.stdout
    missing = [phrase for phrase in game.expected if phrase not in said]
    if done.returncode != 0 or missing:
        raise SmokeFailure(
            f"{' '.join(game.arguments)}: exit status {done.returncode}, did not say {missing};"
            f" it said:\n{said}\n{done.stderr}"
        )
    return done


def shipped_files() -> set[str]:
    """Every file the folder must hold, as paths below its copy of the package: the
    repository's shipped folders and the package's own data files."""
    expected: set[str] = set()
    for name, parts in SHIPPED_FOLDERS.items():
        source = TOP.joinpath(*parts)
        expected |= {
            f"_data/{name}/{path.relative_to(source).as_posix()}"
            for path in source.rglob("*")
            if path.is_file()
        }
    package = TOP / "ninetynine_audio"
    for path in package.rglob("*"):
        relative = path.relative_to(package)
        if (
            path.is_file()
            and path.suffix not in {".py", ".pyc", ".po", ".pot"}
            and "__pycache__" not in relative.parts
            and relative.parts[0] != "_data"
        ):
            expected.add(relative.as_posix())
    return expected


def everything_below(folder: Path) -> list[str]:
    """Every file and folder below ``folder``, as relative paths."""
    return sorted(path.relative_to(folder).as_posix() for path in folder.rglob("*"))


def check_bundle(archive: Path, work: Path) -> list[str]:
    """Every check of this module on ``archive``, in the empty folder ``work``; returns what it
    did, line by line, and raises :class:`SmokeFailure` at the first check that fails."""
    report = []
    program = unpack(archive, work / "unzipped")
    folder = program.parent
    package = folder / "_internal" / "ninetynine_audio"
    missing = sorted(f for f in shipped_files() if not (package / f).is_file())
    if missing:
        raise SmokeFailure(f"files missing from the folder: {missing}")
    report.append(f"all {len(shipped_files())} shipped files are in the folder")

    outside = {name: work / name for name in ("home", "temporary", "current")}
    for path in outside.values():
        path.mkdir()
    env = clean_environment(outside["home"], outside["temporary"])
    (folder / "portable").write_text("", encoding="utf-8")
    for game in GAMES:
        play(program, game, env, outside["current"])
        report.append(f"{' '.join(game.arguments)}: said {', '.join(game.expected)}")
    for name, path in outside.items():
        written = everything_below(path)
        if written:
            raise SmokeFailure(f"portable, the game wrote into the {name} folder: {written}")
    report.append("portable: nothing written in the home, temporary or current folder")
    userdata = folder / "userdata"
    log = userdata / "logs" / "ninetynine-audio.log"
    if not (userdata / "data").is_dir() or not (userdata / "logs").is_dir():
        raise SmokeFailure(f"portable, no data or logs in {userdata}: {everything_below(folder)}")
    logged = log.read_text(encoding="utf-8") if log.is_file() else ""
    complaints = [line for line in logged.splitlines() if " WARNING " in line or " ERROR " in line]
    if complaints:
        raise SmokeFailure("the log has warnings:\n" + "\n".join(complaints))
    report.append(f"portable: kept in {userdata.name}/: {', '.join(everything_below(userdata))}")

    (folder / "portable").unlink()
    shutil.rmtree(userdata)
    play(program, Game(("--seed", "1"), (), ("Ninety-Nine", "Goodbye")), env, outside["current"])
    if not everything_below(outside["home"]) or userdata.exists():
        raise SmokeFailure("without the portable marker the game kept nothing in the home folder")
    report.append("without the marker: kept in the home folder")
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("archive", type=Path, help="the zip tools/build_bundle.py made")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="ninetynine-smoke-") as work:
        try:
            for line in check_bundle(args.archive.resolve(), Path(work)):
                print(line)
        except SmokeFailure as failure:
            print(f"smoke test failed: {failure}", file=sys.stderr)
            return 1
    print("smoke test passed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
