"""What the text mode loads before a player hears anything: no pygame when the sound cues are
off, no Babel for an English player, nothing of ``online/``; and by its first word (written by
``firstline.py``) nothing of the games, the computer players, the registry, the menus, the
speech pipeline or the command line, whether the cues are on or off, nor what they would bring
(num2words, Babel, pygame, importlib.resources, dataclasses, argparse, json, pathlib,
platformdirs), with the game's files in ``NINETYNINE_AUDIO_HOME`` or in a player's usual
folders."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

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
