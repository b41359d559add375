"""The game started in text mode as a process of its own, fed keys on stdin."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

DEADLINE_S = 60


def env_for(home: Path, **changes: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(NINETYNINE_AUDIO_HOME=str(home), SDL_AUDIODRIVER="dummy")
    env.update(changes)
    return env


def text_game(
    home: Path, arguments: Sequence[str | bytes], keys: str, **env: str
) -> subprocess.CompletedProcess[str]:
    """The game started from a shell in text mode, fed ``keys``; it must end by itself."""
    return subprocess.run(
        [sys.executable, "-m", "ninetynine_audio", "--text", *arguments],
        input=keys,
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",  # output a test must judge, not stumble over
        env=env_for(home, **env),
        timeout=DEADLINE_S,
    )
