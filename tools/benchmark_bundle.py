#!/usr/bin/env python3
"""The unzipped folder beside the installed game: their sizes, and their start to the first
spoken word.

Builds the folder (``tools/build_bundle.py``) unless ``--zip`` names one, unzips it into a
temporary folder, and installs the game as ``pip install .`` does into a fresh venv beside it.
Then, in rounds that alternate which goes first, starts each in text mode with the same clean
environment (an empty home folder, ``PATH=/usr/bin:/bin``, SDL's dummy drivers) until it says
its first line, and prints the medians, the median of the rounds' ratios (folder / installed)
and a 95% bootstrap interval of that median, resampling whole rounds.

Sizes: the unzipped folder and its zip; the venv (the game and its libraries, without the
Python it needs, which the folder carries inside and a player must otherwise have installed).

Usage: ``python tools/benchmark_bundle.py [--rounds 15] [--zip dist/ninetynine-audio-….zip]``
(POSIX systems).
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmark_start import first_line_seconds
from build_bundle import TOP, build_folder, folder_bytes, zip_folder
from smoke_bundle import clean_environment, unpack

MB = 1024 * 1024


def install_venv(folder: Path) -> Path:
    """The game installed from this repository by ``pip install .`` into a fresh venv in
    ``folder``; returns its program."""
    subprocess.run([sys.executable, "-m", "venv", str(folder)], check=True)
    pip = [str(folder / "bin" / "python"), "-m", "pip", "install", "-q", str(TOP)]
    subprocess.run(pip, check=True)
    return folder / "bin" / "ninetynine-audio"


def median_ratio_interval(
    ratios: list[float], rng: random.Random, draws: int = 4000
) -> tuple[float, float]:
    """A 95% bootstrap interval of the median of ``ratios``, each a whole round."""
    medians = sorted(statistics.median(rng.choices(ratios, k=len(ratios))) for _ in range(draws))
    return medians[int(0.025 * draws)], medians[int(0.975 * draws) - 1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--zip", type=Path, default=None, help="a zip build_bundle.py made")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="ninetynine-bundle-bench-") as name:
        work = Path(name)
        archive = args.zip
        if archive is None:
            folder = build_folder(work / "dist", work / "build")
            archive = zip_folder(folder, work / "ninetynine-audio.zip")
        bundled = unpack(archive.resolve(), work / "unzipped")
        installed = install_venv(work / "venv")
        home, temporary = work / "home", work / "temporary"
        home.mkdir()
        temporary.mkdir()
        env = clean_environment(home, temporary)

        print(f"unzipped folder: {folder_bytes(bundled.parent) / MB:.1f} MB")
        print(f"zip: {archive.stat().st_size / MB:.1f} MB")
        print(f"installed venv: {folder_bytes(work / 'venv') / MB:.1f} MB")

        commands = {
            "folder": [str(bundled), "--text"],
            "installed": [str(installed), "--text"],
        }
        for command in commands.values():
            first_line_seconds(command, env)  # caches warm
        times: dict[str, list[float]] = {name: [] for name in commands}
        for round_number in range(args.rounds):
            order = list(commands)
            if round_number % 2:
                order.reverse()
            for which in order:
                times[which].append(first_line_seconds(commands[which], env))
        for which, seconds in times.items():
            print(
                f"{which}: first word, median {statistics.median(seconds) * 1000:.0f} ms"
                f" ({args.rounds} runs, {min(seconds) * 1000:.0f}-{max(seconds) * 1000:.0f} ms)"
            )
        ratios = [f / i for f, i in zip(times["folder"], times["installed"], strict=True)]
        low, high = median_ratio_interval(ratios, random.Random(1))
        print(
            f"folder / installed: median of the rounds' ratios {statistics.median(ratios):.2f}x"
            f" (95% interval {low:.2f}x-{high:.2f}x)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
