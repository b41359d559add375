"""``ninetynine-audio build-web OUT``: the whole game as a folder of static files.

The folder holds the browser page (``web/``), Pyodide's own files (from the ``pyodide``
package of the npm registry), and ``game.zip``: the game's Python package with its data
(keymaps, rules, catalogues) and the two pure-Python libraries it needs in the browser, Babel
(its locale data cut to the languages the game ships) and platformdirs. The page runs the game
in a worker (``web/worker.js``, :mod:`ninetynine_audio.browser.session`); a service worker
(``web/sw.js``) keeps every file of the folder, so that after the first visit the game starts
with no network, and the manifest lets a phone put it on its home screen.

Pyodide's files are taken from ``--pyodide DIR`` when given, else from
``NINETYNINE_AUDIO_PYODIDE``, else from the build cache
(``~/.cache/ninetynine-audio/npm/node_modules/pyodide``), which ``npm install`` fills once
(the version is :data:`PYODIDE_VERSION`). Nothing the game does not use goes in: no pygame,
aiohttp, msgspec, argon2 or openskill, none of the desktop's windows or voices.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import zipfile
from collections.abc import Iterable
from pathlib import Path

__all__ = [
    "PYODIDE_FILES",
    "PYODIDE_VERSION",
    "BuildError",
    "build_command",
    "build_web",
    "find_pyodide",
    "write_game_zip",
]

PYODIDE_VERSION = "314.0.8"
"""The npm ``pyodide`` release the build uses (its Python is 3.14)."""

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""The files of Pyodide's core the page loads; nothing else of the npm package is shipped."""

PACKAGE = "ninetynine_audio"

LEFT_OUT = (
    # The desktop's faces, voices and sound, and the table server: never run in the page.
    "ui/window.py",
    "ui/drawn_text.py",
    "ui/harness.py",
    "ui/textmode.py",
    "audio/tts.py",
    "input/gestures.py",
    "online/server.py",
    "online/db.py",
    "online/client.py",
    "online/lobby.py",
    "online/hosting.py",
    "browser/build.py",
    "cli.py",
    "__main__.py",
)
"""Modules of the package the page never imports (``tests/web/test_browser_worker.py`` checks
that the worker runs without them)."""

PACKAGE_DATA = (".py", ".toml", ".mo")
"""What of the package's own folder goes into ``game.zip``: code, manifests, catalogues."""


SERVICE_WORKER = "sw.js"
VERSION_LINE = 'const VERSION = "source";'
"""The line of ``web/sw.js`` the build replaces with the build's version."""


class BuildError(Exception):
    """The folder cannot be built; the text says why."""


def cache_dir() -> Path:
    """Where the build keeps what it installs with npm."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "ninetynine-audio" / "npm"


def find_pyodide(given: Path | None = None, *, install: bool = True) -> Path:
    """The folder of Pyodide's files: ``given``, ``NINETYNINE_AUDIO_PYODIDE``, or the build
    cache, installed there with npm when missing and ``install`` is true."""
    candidates = [given] if given is not None else []
    if not candidates and os.environ.get("NINETYNINE_AUDIO_PYODIDE"):
        candidates.append(Path(os.environ["NINETYNINE_AUDIO_PYODIDE"]))
    cached = cache_dir() / "node_modules" / "pyodide"
    if not candidates:
        if not _has_pyodide(cached) and install:
            _npm_install(cache_dir())
        candidates.append(cached)
    folder = candidates[0]
    if not _has_pyodide(folder):
        missing = [name for name in PYODIDE_FILES if not (folder / name).is_file()]
        raise BuildError(f"Pyodide's files are not in {folder} (missing: {', '.join(missing)}).")
    return folder


def _has_pyodide(folder: Path) -> bool:
    return all((folder / name).is_file() for name in PYODIDE_FILES)


def _npm_install(where: Path) -> None:
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError("npm is needed once to fetch Pyodide (or give --pyodide DIR).")
    where.mkdir(parents=True, exist_ok=True)
    command = [npm, "install", "--prefix", str(where), "--no-fund", "--no-audit"]
    result = subprocess.run(
        [*command, "--loglevel=error", f"pyodide@{PYODIDE_VERSION}"],
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        raise BuildError(f"npm could not install pyodide@{PYODIDE_VERSION}: {result.stderr}")


def _package_files(root: Path) -> Iterable[tuple[Path, str]]:
    """Each file of the package that goes into the zip, and its name there."""
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root).as_posix()
        if not path.is_file() or path.suffix not in PACKAGE_DATA:
            continue
        if "__pycache__" in relative or relative.startswith(("web/", "_data/")):
            continue
        if relative in LEFT_OUT:
            continue
        yield path, f"{PACKAGE}/{relative}"


def _shipped_files() -> Iterable[tuple[Path, str]]:
    """The keymaps and rules, where an installed game has them (``_data``)."""
    from ninetynine_audio.resources import shipped_dir

    for name, pattern in (("keymaps", "*.toml"), ("rules", "*.md")):
        folder = shipped_dir(name)
        for path in sorted(folder.rglob(pattern)):
            yield path, f"{PACKAGE}/_data/{name}/{path.relative_to(folder).as_posix()}"


def babel_locales() -> set[str]:
    """The names of Babel's locale data files the shipped languages read: each language's
    locale and its parents, as Babel inherits them (``en_GB``, ``en_001``, ``en``, ``root``)."""
    from babel.core import get_global

    from ninetynine_audio.i18n import LANGUAGES

    exceptions = get_global("parent_exceptions")
    found: set[str] = {"root"}
    for entry in LANGUAGES:
        for name in (entry.locale, entry.code, "en_GB", "en"):
            while name and name != "root":
                found.add(name)
                parts = name.split("_")
                name = exceptions.get(name) or ("_".join(parts[:-1]) if len(parts) > 1 else "")
    return found


def _library_files(name: str, keep: set[str] | None = None) -> Iterable[tuple[Path, str]]:
    """The files of an installed pure-Python library; for Babel, only the locale data in
    ``keep``."""
    import importlib

    module = importlib.import_module(name)
    root = Path(module.__file__ or "").parent
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root).as_posix()
        if not path.is_file() or "__pycache__" in relative:
            continue
        if keep is not None and relative.startswith("locale-data/") and path.stem not in keep:
            continue
        yield path, f"{name}/{relative}"


def _write_zip(target: Path, files: Iterable[tuple[Path, str]]) -> None:
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for path, name in files:
            # A fixed date, so the same sources make the same zip (and the same cache name).
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(info, path.read_bytes())


def write_game_zip(target: Path) -> None:
    """``game.zip``: the package (less :data:`LEFT_OUT`) with its keymaps and rules, Babel with
    the shipped languages' locale data, platformdirs and num2words (the speaking-time
    estimate's numbers in words), laid out as in site-packages."""
    import ninetynine_audio

    root = Path(ninetynine_audio.__file__).parent
    _write_zip(
        target,
        [
            *_package_files(root),
            *_shipped_files(),
            *_library_files("babel", babel_locales()),
            *_library_files("platformdirs"),
            *_library_files("num2words"),
        ],
    )


def _page_data(out: Path) -> None:
    """The page's words and every screen's keys in each language, as the server serves them
    at ``words.json?lang=`` and ``keys.json?lang=``."""
    from ninetynine_audio.i18n import LANGUAGES
    from ninetynine_audio.online.page import keys_document, page_words

    for entry in LANGUAGES:
        folder = out / "lang" / entry.code
        folder.mkdir(parents=True, exist_ok=True)
        for name, data in (
            ("words.json", page_words(entry.code)),
            ("keys.json", keys_document(lang=entry.code)),
        ):
            (folder / name).write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def build_web(out: Path, pyodide: Path | None = None) -> list[str]:
    """Build the folder in ``out`` (emptied first if it holds an earlier build); returns the
    files written, relative to ``out``."""
    from ninetynine_audio.online.page import PAGE_DIR
    from ninetynine_audio.resources import shipped_dir

    source = find_pyodide(pyodide)
    if out.exists():
        if not (out / "build.json").is_file() and any(out.iterdir()):
            raise BuildError(f"{out} is not empty and holds no earlier build: choose a new folder.")
        shutil.rmtree(out)
    out.mkdir(parents=True)
    shutil.copytree(PAGE_DIR, out, dirs_exist_ok=True, ignore=shutil.ignore_patterns("*~", ".*"))
    (out / "config.js").write_text(
        "// Written by ninetynine-audio build-web: the game runs in this page, in a worker.\n"
        'export const TRANSPORT = "worker";\n',
        encoding="utf-8",
    )
    (out / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        shutil.copyfile(source / name, out / "pyodide" / name)
    shutil.copytree(shipped_dir("sounds"), out / "sounds")
    write_game_zip(out / "game.zip")
    _page_data(out)
    files = sorted(
        path.relative_to(out).as_posix()
        for path in out.rglob("*")
        if path.is_file() and not path.name.startswith(".")
    )
    digest = hashlib.sha256()
    for name in files:
        if name != SERVICE_WORKER:
            digest.update(name.encode() + b"\0" + (out / name).read_bytes())
    version = digest.hexdigest()[:16]
    # The service worker names its cache by the version: a new build is a new service worker.
    worker = out / SERVICE_WORKER
    text = worker.read_text(encoding="utf-8")
    if VERSION_LINE not in text:
        raise BuildError(f"{SERVICE_WORKER} has no line {VERSION_LINE!r} to give the version.")
    worker.write_text(text.replace(VERSION_LINE, f'const VERSION = "{version}";'), "utf-8")
    (out / "build.json").write_text(
        json.dumps({"version": version, "pyodide": PYODIDE_VERSION, "files": files}, indent=1),
        encoding="utf-8",
    )
    return [*files, "build.json"]


def build_command(out: Path, pyodide: Path | None = None) -> int:
    """``ninetynine-audio build-web OUT``: build, and say where and how large, or why not."""
    import sys

    try:
        files = build_web(out, pyodide)
    except (BuildError, OSError) as error:
        print(f"ninetynine-audio build-web: {error}", file=sys.stderr)
        return 1
    size = sum((out / name).stat().st_size for name in files)
    print(
        f"{out}: {len(files)} files, {size / 1e6:.1f} MB; serve the folder with any static server"
    )
    return 0
