"""What the text mode loads before a player hears anything: no pygame when the sound cues are
off, no Babel for an English player, nothing of ``online/``; and by its first word (written by
``firstline.py``) nothing of the games, the computer players, the registry, the menus, the
speech pipeline or the command line, whether the cues are on or off, nor what they would bring
(num2words, Babel, pygame, importlib.resources, dataclasses, argparse, json, pathlib,
platformdirs), with the game's files in ``NINETYNINE_AUDIO_HOME`` or in a player's usual
folders. And the window (under Xvfb): by its first word, opened before the rest loads
(``ui.start.open_window_early``), nothing of the command line, the games, the computer players,
the app and its menus, nor Babel or the number words."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.xvfb import xvfb_display

__all__ = ["xvfb_display"]  # the fixture, used below

REPOSITORY = Path(__file__).resolve().parents[2]

# The game in text mode, its input ended at once (it quits), then what it had loaded; and what
# it had loaded when it wrote its first word.
PROGRAM = (
    "import sys\n"
    "class First:\n"
    "    def __init__(self, stream):\n"
    "        self.stream, self.loaded = stream, None\n"
    "    def __getattr__(self, name):\n"
    "        return getattr(self.stream, name)\n"
    "    def write(self, text):\n"
    "        if self.loaded is None and text.strip():\n"
    "            self.loaded = sorted(sys.modules)\n"
    "        return self.stream.write(text)\n"
    "sys.stdout = first = First(sys.stdout)\n"
    "sys.argv[1:] = ['--text']\n"
    "from ninetynine_audio.__main__ import main\n"
    "status = main()\n"
    "loaded = sorted({m.split('.')[0] for m in sys.modules} & {'pygame', 'babel'})\n"
    "online = sorted(m for m in sys.modules if m.startswith('ninetynine_audio.online'))\n"
    "print('LOADED', loaded, online, status, file=sys.stderr)\n"
    "print('FIRST', ' '.join(first.loaded or ['nothing-written']), file=sys.stderr)\n"
)

# The game's window (a plain start, speaking in text), ended as soon as it has written its
# first word: what it had loaded then.
WINDOW_PROGRAM = (
    "import os, sys\n"
    "class First:\n"
    "    def __init__(self, stream):\n"
    "        self.stream = stream\n"
    "    def __getattr__(self, name):\n"
    "        return getattr(self.stream, name)\n"
    "    def write(self, text):\n"
    "        written = self.stream.write(text)\n"
    "        if text.strip():\n"
    "            self.stream.flush()\n"
    "            print('FIRST', ' '.join(sorted(sys.modules)), file=sys.stderr, flush=True)\n"
    "            os._exit(0)\n"
    "        return written\n"
    "sys.stdout = First(sys.stdout)\n"
    "sys.argv[1:] = ['--speech', 'text']\n"
    "from ninetynine_audio.__main__ import main\n"
    "main()\n"
)

WINDOW_HEAVY = {
    "ninetynine_audio.cli",
    "ninetynine_audio.games.base",
    "ninetynine_audio.games.registry",
    "ninetynine_audio.games.setup",
    "ninetynine_audio.bots",
    "ninetynine_audio.ui.app",
    "ninetynine_audio.ui.menus",
    "ninetynine_audio.ui.drawn_text",
    "ninetynine_audio.input.keymap",
    "ninetynine_audio.play",
    "ninetynine_audio.online",
    "babel",
    "bidi",
    "num2words",
    "argparse",
    "tomllib",
    "ninetynine_audio.families",
    "platformdirs",
}
"""Loaded by the window only after its first word: the command line, the games and their
registry, the computer players, the app and its menus, the keymap, the fonts' text drawing,
Babel and the number words; for an English player not even the families' manifests
(``families.py``, ``tomllib``); on Linux not platformdirs (``store.folders`` tells the
folders)."""

# What the interpreter itself loads here, before any of the game (site, the venv's hooks).
BARE = "import sys; print('FIRST', ' '.join(sorted(sys.modules)), file=sys.stderr)"

HEAVY = {
    "ninetynine_audio.cli",
    "ninetynine_audio.games",
    "ninetynine_audio.games.registry",
    "ninetynine_audio.bots",
    "ninetynine_audio.families",
    "ninetynine_audio.i18n",
    "ninetynine_audio.present",
    "ninetynine_audio.ui",
    "ninetynine_audio.audio",
    "ninetynine_audio.online",
    "ninetynine_audio.store.settings",
    "pygame",
    "babel",
    "num2words",
    "importlib.resources",
    "zipfile",
    "dataclasses",
    "argparse",
    "tomllib",
    "gettext",
    "logging",
    "json",
    "pathlib",
    "re",
    "platformdirs",
}
"""Loaded only after the first word."""


def run_text_mode(
    home: Path,
    settings: dict[str, object],
    line: str = "LOADED",
    program: str = PROGRAM,
    usual_folders: bool = False,
    saved_match: bool = False,
    display: str | None = None,
) -> str:
    """The loaded-modules line of a text-mode start with ``settings`` (``FIRST``: the
    modules loaded when it wrote its first word); with ``usual_folders``, the game's files in
    a player's usual folders below ``home`` as the ``HOME``, not in ``NINETYNINE_AUDIO_HOME``."""
    env = {
        **os.environ,
        "NINETYNINE_AUDIO_HOME": str(home),
        "SDL_AUDIODRIVER": "dummy",
        "SDL_VIDEODRIVER": "dummy",
        "LANGUAGE": "en",
    }
    if display is not None:  # the real window on this display
        env.pop("SDL_VIDEODRIVER")
        env["DISPLAY"] = display
    settings_file = home / "config" / "settings.json"
    if usual_folders:
        for name in ("NINETYNINE_AUDIO_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME"):
            env.pop(name, None)
        env.update(HOME=str(home), USERPROFILE=str(home), APPDATA=str(home / "Roaming"))
        where = "from ninetynine_audio.store import paths; print(paths.settings_file())"
        asked = subprocess.run(
            [sys.executable, "-c", where], env=env, cwd=REPOSITORY, capture_output=True, text=True
        )
        settings_file = Path(asked.stdout.strip())
    settings_file.parent.mkdir(parents=True)
    settings_file.write_text(json.dumps(settings), encoding="utf-8")
    if saved_match:  # what it holds is the game's to read: only the line's beginning is early
        (home / "data").mkdir(parents=True)
        (home / "data" / "current_match.json").write_text("{}", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", program],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        cwd=REPOSITORY,
        env=env,
        timeout=300,
        check=False,
    )
    lines = [text for text in done.stderr.splitlines() if text.startswith(line + " ")]
    assert lines, done.stderr
    # The game spoke before it quit.
    assert done.stdout.strip() or program == BARE, done.stderr
    return lines[-1]


def test_text_mode_without_cues_loads_neither_pygame_nor_babel_nor_online(tmp_path: Path) -> None:
    assert run_text_mode(tmp_path, {"sound_enabled": False, "language": "en"}).startswith(
        "LOADED [] [] "
    )


@pytest.mark.parametrize(
    ("usual_folders", "saved_match"), [(False, False), (True, False), (False, True)]
)
@pytest.mark.parametrize("sound", [False, True])
def test_text_mode_speaks_before_loading_anything_heavy(
    tmp_path: Path, sound: bool, usual_folders: bool, saved_match: bool
) -> None:
    settings = {"sound_enabled": sound, "language": "en"}
    game, bare_home = tmp_path / "game", tmp_path / "bare"
    first = set(
        run_text_mode(
            game, settings, "FIRST", usual_folders=usual_folders, saved_match=saved_match
        ).split()[1:]
    )
    bare = set(run_text_mode(bare_home, settings, "FIRST", BARE, usual_folders).split()[1:])
    assert "nothing-written" not in first
    assert "ninetynine_audio.firstline" in first  # the game's own words, not a warning
    loaded = first - bare
    assert sorted(name for name in loaded if name.split(".")[0] in {"pygame", "babel"}) == []
    assert sorted(HEAVY & loaded) == []


@pytest.mark.parametrize("usual_folders", [False, True])
def test_the_window_speaks_before_loading_the_game(
    tmp_path: Path, xvfb_display: str, usual_folders: bool
) -> None:
    settings = {"language": "en"}
    first = run_text_mode(
        tmp_path, settings, "FIRST", WINDOW_PROGRAM, usual_folders, display=xvfb_display
    ).split()[1:]
    assert "ninetynine_audio.ui.window" in first  # the window was opened first
    heavy = sorted(
        name
        for name in first
        if name in WINDOW_HEAVY or any(name.startswith(f"{h}.") for h in WINDOW_HEAVY)
    )
    assert heavy == []
