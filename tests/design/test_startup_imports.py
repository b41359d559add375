"""What the text mode loads before a player hears anything: no pygame when the sound cues are
off, no Babel for an English player, nothing of ``online/``; and by its first word neither
num2words (every language it has, for the speaking-time estimate) nor importlib.resources (with
zipfile)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

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
    "from ninetynine_audio.cli import main\n"
    "status = main(['--text'])\n"
    "loaded = sorted({m.split('.')[0] for m in sys.modules} & {'pygame', 'babel'})\n"
    "online = sorted(m for m in sys.modules if m.startswith('ninetynine_audio.online'))\n"
    "print('LOADED', loaded, online, status, file=sys.stderr)\n"
    "print('FIRST', ' '.join(first.loaded or ['nothing-written']), file=sys.stderr)\n"
)


def run_text_mode(home: Path, settings: dict[str, object], line: str = "LOADED") -> str:
    """The loaded-modules line of a text-mode start with ``settings`` (``FIRST``: the
    modules loaded when it wrote its first word)."""
    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
    env = {
        **os.environ,
        "NINETYNINE_AUDIO_HOME": str(home),
        "SDL_AUDIODRIVER": "dummy",
        "SDL_VIDEODRIVER": "dummy",
        "LANGUAGE": "en",
    }
    done = subprocess.run(
        [sys.executable, "-c", PROGRAM],
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
    assert done.stdout.strip(), done.stderr
    return lines[-1]


def test_text_mode_without_cues_loads_neither_pygame_nor_babel_nor_online(tmp_path: Path) -> None:
    assert run_text_mode(tmp_path, {"sound_enabled": False, "language": "en"}).startswith(
        "LOADED [] [] "
    )


def test_text_mode_speaks_before_loading_num2words_or_importlib_resources(tmp_path: Path) -> None:
    first = run_text_mode(tmp_path, {"sound_enabled": False, "language": "en"}, "FIRST").split()
    assert "nothing-written" not in first
    assert "ninetynine_audio.ui.textmode" in first  # the game's own words, not a warning
    assert sorted({"num2words", "importlib.resources", "zipfile"} & set(first)) == []
