"""What the text mode loads before a player hears anything: no pygame when the sound cues are
off, no Babel for an English player, nothing of ``online/``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]

# The game in text mode, its input ended at once (it quits), then what it had loaded.
PROGRAM = (
    "import sys\n"
    "from ninetynine_audio.cli import main\n"
    "status = main(['--text'])\n"
    "loaded = sorted({m.split('.')[0] for m in sys.modules} & {'pygame', 'babel'})\n"
    "online = sorted(m for m in sys.modules if m.startswith('ninetynine_audio.online'))\n"
    "print('LOADED', loaded, online, status, file=sys.stderr)\n"
)


def run_text_mode(home: Path, settings: dict[str, object]) -> str:
    """The loaded-modules line of a text-mode start with ``settings``."""
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
    lines = [line for line in done.stderr.splitlines() if line.startswith("LOADED")]
    assert lines, done.stderr
    # The game spoke before it quit.
    assert done.stdout.strip(), done.stderr
    return lines[-1]


def test_text_mode_without_cues_loads_neither_pygame_nor_babel_nor_online(tmp_path: Path) -> None:
    assert run_text_mode(tmp_path, {"sound_enabled": False, "language": "en"}).startswith(
        "LOADED [] [] "
    )
