"""The offline game never loads the network code: only "Play online" and ``serve`` do."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
NETWORK = ("ninetynine_audio.online", "aiohttp", "msgspec", "argon2", "openskill")

PROBE = """
import io, sys
sys.stdin = io.StringIO(LINES)
from ninetynine_audio.cli import main
status = main(ARGS)
loaded = sorted(m for m in sys.modules if m.split(".")[0] in {"aiohttp", "msgspec", "argon2",
    "openskill"} or m.startswith("ninetynine_audio.online"))
print("LOADED", ",".join(loaded))
"""


def loaded_after(args: list[str], lines: str, home: Path) -> list[str]:
    """The network modules loaded by a game run with ``args`` fed ``lines``."""
    code = PROBE.replace("LINES", repr(lines)).replace("ARGS", repr(args))
    env = {
        **os.environ,
        "PYTHONPATH": str(REPO),
        "NINETYNINE_AUDIO_HOME": str(home),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120
    )
    line = next(x for x in done.stdout.splitlines() if x.startswith("LOADED"))
    return [m for m in line.removeprefix("LOADED").strip().split(",") if m]


def test_an_offline_game_loads_no_network_code(tmp_path: Path) -> None:
    args = ["--text", "--game", "classic", "--seed", "1", "--bot-pause", "0"]
    assert loaded_after(args, "h\nreturn\n", tmp_path) == []


@pytest.mark.parametrize("lines", ["end up up up return\n"])
def test_play_online_in_the_main_menu_loads_it(tmp_path: Path, lines: str) -> None:
    # End, then Up three times: "Play online", before Daily deal, Review a past game and Quit;
    # Enter opens its menu.
    loaded = loaded_after(["--text"], lines, tmp_path)
    assert "ninetynine_audio.online.client" in loaded
    assert "aiohttp" in loaded
