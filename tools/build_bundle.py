#!/usr/bin/env python3
"""Build the folder players unzip and run, and its zip, for the system this runs on.

PyInstaller (``pip install -e '.[bundle]'``) freezes the game with the Python and libraries
installed beside it, following ``packaging/ninetynine-audio.spec``. The result is the folder
``OUT/ninetynine-audio/`` (the program ``ninetynine-audio``, ``.exe`` on Windows, and
``_internal/``) and ``OUT/ninetynine-audio-<version>-<system>-<machine>.zip`` holding that
folder, with each file's permissions and links kept (what ``unzip`` on Linux and macOS's
Archive Utility restore; Windows has neither, and PyInstaller makes no links there).

Usage: ``python tools/build_bundle.py [--out dist]``; prints the zip's path and sizes.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import stat
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

TOP = Path(__file__).resolve().parents[1]
SPEC = TOP / "packaging" / "ninetynine-audio.spec"
NAME = "ninetynine-audio"


def version() -> str:
    """The game's version, as pyproject.toml gives it."""
    with (TOP / "pyproject.toml").open("rb") as file:
        return str(tomllib.load(file)["project"]["version"])


def system_name() -> str:
    """``windows``, ``macos`` or ``linux`` (else the platform's own name), and the machine."""
    names = {"win32": "windows", "darwin": "macos"}
    system = names.get(sys.platform, "linux" if sys.platform.startswith("linux") else sys.platform)
    machine = platform.machine().lower().replace("amd64", "x86_64")
    return f"{system}-{machine}"


def build_folder(out: Path, work: Path) -> Path:
    """Run PyInstaller on the spec; returns the built folder ``out/ninetynine-audio``."""
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        raise SystemExit(
            "PyInstaller is not installed here: pip install -e '.[bundle]' (the extra of this"
            " repository), then run this again"
        ) from None
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean"]
    command += ["--log-level", "WARN", "--distpath", str(out), "--workpath", str(work), str(SPEC)]
    subprocess.run(command, check=True, cwd=TOP)
    folder = out / NAME
    if not folder.is_dir():
        raise SystemExit(f"PyInstaller made no folder {folder}")
    return folder


def zip_folder(folder: Path, archive: Path) -> Path:
    """Zip ``folder`` as one top folder of its name, keeping permissions and links."""
    archive.unlink(missing_ok=True)
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as bundle:
        for root, dirs, files in os.walk(folder):
            dirs.sort()
            here = Path(root)
            for name in [*dirs, *sorted(files)]:
                path = here / name
                arcname = path.relative_to(folder.parent).as_posix()
                info = path.lstat()
                if stat.S_ISLNK(info.st_mode):
                    entry = zipfile.ZipInfo(arcname)
                    entry.create_system = 3  # Unix, so the mode below is read
                    entry.external_attr = (stat.S_IFLNK | 0o777) << 16
                    bundle.writestr(entry, os.readlink(path))
                    dirs[:] = [d for d in dirs if d != name]  # a link to a folder: not entered
                elif stat.S_ISDIR(info.st_mode):
                    bundle.write(path, arcname + "/")
                else:
                    bundle.write(path, arcname)
    return archive


def folder_bytes(folder: Path) -> int:
    """The bytes of the files in ``folder`` (links not followed)."""
    return sum(
        path.lstat().st_size
        for path in folder.rglob("*")
        if path.is_file() and not path.is_symlink()
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=TOP / "dist", help="where to put the result")
    parser.add_argument(
        "--work", type=Path, default=None, help="PyInstaller's work folder (default: OUT/build)"
    )
    args = parser.parse_args()
    out = args.out.resolve()
    work = (args.work or out / "build").resolve()
    if (out / NAME).exists():
        shutil.rmtree(out / NAME)
    folder = build_folder(out, work)
    archive = zip_folder(folder, out / f"{NAME}-{version()}-{system_name()}.zip")
    mb = 1024 * 1024
    print(f"{archive}")
    print(f"folder {folder_bytes(folder) / mb:.1f} MB, zip {archive.stat().st_size / mb:.1f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
