#!/usr/bin/env python3
"""How long the game takes from start to its first spoken word, beside a bare pygame start.

Each round starts, in alternating order, a bare ``pygame.init(); display.set_mode(...)`` that
prints one line, and the game (text mode, and the window with text speech) until it speaks
its first line; both with warm bytecode caches. Prints the medians, the ratio of the medians
and a 95% bootstrap interval of that ratio. The window runs on ``$DISPLAY`` when there is one,
else on SDL's dummy video driver.

Usage: ``python tools/benchmark_start.py [--rounds 15]``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "ninetynine_audio"
BARE = (
    "import pygame; pygame.init(); pygame.display.set_mode((1024, 768)); print('ready', flush=True)"
)


def first_line_seconds(command: list[str], env: dict[str, str]) -> float:
    """Seconds from starting ``command`` to the first line on its standard output."""
    started = time.perf_counter()
    process = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    elapsed = time.perf_counter() - started
    process.kill()
    process.wait()
    if not line:
        raise RuntimeError(f"{command} printed nothing")
    return elapsed


def ratio_interval(game: list[float], bare: list[float], rng: random.Random) -> tuple[float, float]:
    """A 95% bootstrap interval of median(game) / median(bare)."""
    ratios = []
    for _ in range(2000):
        g = [rng.choice(game) for _ in game]
        b = [rng.choice(bare) for _ in bare]
        ratios.append(statistics.median(g) / statistics.median(b))
    ratios.sort()
    return ratios[int(0.025 * len(ratios))], ratios[int(0.975 * len(ratios)) - 1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    env = dict(os.environ)
    # Bytecode caches, as a player's installation has them.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(PACKAGE)], check=True, env=env)
    env["NINETYNINE_AUDIO_HOME"] = tempfile.mkdtemp(prefix="ninetynine-start-")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    if not env.get("DISPLAY"):
        env["SDL_VIDEODRIVER"] = "dummy"
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    python = sys.executable
    modes = {
        "text mode": [python, "-m", "ninetynine_audio", "--text"],
        "window": [python, "-m", "ninetynine_audio", "--speech", "text"],
    }
    bare = [python, "-c", BARE]
    for command in [bare, *modes.values()]:
        first_line_seconds(command, env)  # bytecode caches warm
    rng = random.Random(1)
    times: dict[str, list[float]] = {"bare": [], **{name: [] for name in modes}}
    for round_number in range(args.rounds):
        order = [("bare", bare), *modes.items()]
        if round_number % 2:
            order.reverse()
        for name, command in order:
            times[name].append(first_line_seconds(command, env))
    bare_median = statistics.median(times["bare"])
    print(f"bare pygame start: median {bare_median * 1000:.0f} ms ({args.rounds} runs)")
    for name in modes:
        median = statistics.median(times[name])
        low, high = ratio_interval(times[name], times["bare"], rng)
        print(
            f"{name}: median {median * 1000:.0f} ms, {median / bare_median:.2f}x bare "
            f"(95% interval {low:.2f}x-{high:.2f}x)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
