#!/usr/bin/env python3
"""How long the game takes from start to its first spoken word, each face beside its own baseline.

Three faces, each against the bare start of what it cannot do without:

- **window**: the game in its window, speaking in text (``--speech text``), against a bare
  ``pygame.init(); display.set_mode(...)`` that prints one line. It needs a display: the one
  in ``$DISPLAY``, else an Xvfb server this script starts and stops (without either, the row is
  left out and the script says so; SDL's dummy driver would time no window at all).
- **text, cues on**: text mode with the sound cues on (the default settings), against a bare
  ``python -c`` that starts pygame's mixer as the game does and prints one line.
- **text, cues off**: text mode with the cues turned off in the settings, against a bare
  ``python -c`` that prints one line (no pygame at all).

Each round starts every face once and its baseline just before or after it (which first is
drawn each time), the faces in an order shuffled anew each round, with warm bytecode caches, so
that load on the machine falls on a face and its baseline alike. Prints the medians, and for
each face the median of the rounds' ratios of the face to the baseline started beside it, with
a 95% bootstrap interval of that median over the rounds; and the same of the processor time
each program had taken by its first line (on Linux, all its threads, from the scheduler's
statistics), which the load of other programs disturbs far less than the time on the clock. The
game's files are in a player's usual folders below a fresh ``HOME`` (as platformdirs finds
them, not through ``NINETYNINE_AUDIO_HOME``). ``--against DIR`` times the game from another
copy of the project too, in the same rounds (a "before" beside the "after"). ``--installed
VENV`` times text mode as a player's installation runs it too: the ``ninetynine-audio`` command
of a virtual environment the game was installed into (``pip install .``, no editable import
hooks) and ``python -m ninetynine_audio`` there, beside the bare starts of that environment's
own Python; and what starting any program costs there before its code runs: the launcher pip
writes (``import re``) and ``python -m`` (``runpy``), each beside a bare print.

Usage: ``python tools/benchmark_start.py [--rounds 15] [--against /path/to/other/checkout]
[--installed /path/to/venv]``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BARE_WINDOW = (
    "import pygame; pygame.init(); pygame.display.set_mode((1024, 768)); print('ready', flush=True)"
)
# The mixer as ``ninetynine_audio.audio.mixer`` starts it (44.1 kHz, 16-bit, stereo, 512).
BARE_MIXER = (
    "import pygame; pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512); "
    "print('ready', flush=True)"
)
BARE_PRINT = "print('ready', flush=True)"
# What the command pip writes for an entry point runs before the game's code (its launcher
# reads the program's name with ``re.sub``).
BARE_LAUNCHER = "import re, sys; re.sub('x?$', '', sys.argv[0]); print('ready', flush=True)"


def cpu_seconds(pid: int) -> float | None:
    """The processor time the process ``pid`` has had so far, all its threads together, in
    seconds (Linux's scheduler statistics, to the nanosecond); None where they cannot be read."""
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
        return sum(int((task / "schedstat").read_text().split()[0]) for task in tasks) / 1e9
    except (OSError, ValueError, IndexError):
        return None


def first_line_seconds(command: list[str], env: dict[str, str]) -> float:
    """Seconds from starting ``command`` to the first line on its standard output."""
    return first_line_times(command, env)[0]


def first_line_times(command: list[str], env: dict[str, str]) -> tuple[float, float | None]:
    """Seconds from starting ``command`` to the first line on its standard output, and the
    processor time it had taken by then (None where that cannot be read)."""
    started = time.perf_counter()
    # From a folder of no project: ``-m`` would find the package in the current folder first.
    process = subprocess.Popen(
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
        cwd=tempfile.gettempdir(),
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    elapsed = time.perf_counter() - started
    cpu = cpu_seconds(process.pid)
    process.kill()
    process.wait()
    if not line:
        raise RuntimeError(f"{command} printed nothing")
    return elapsed, cpu


def paired_ratio(game: list[float], bare: list[float], rng: random.Random) -> tuple[float, ...]:
    """The median of the rounds' ratios game / bare (each round's two started one just after
    the other), and a 95% bootstrap interval of that median over the rounds."""
    ratios = [g / b for g, b in zip(game, bare, strict=True)]
    medians = sorted(statistics.median(rng.choice(ratios) for _ in ratios) for _ in range(2000))
    return statistics.median(ratios), medians[50], medians[1949]


@contextlib.contextmanager
def display(env: dict[str, str]) -> Iterator[str | None]:
    """The display to open windows on: ``$DISPLAY``, or an Xvfb server started here for the
    length of the block (None when neither is to be had)."""
    if env.get("DISPLAY"):
        yield env["DISPLAY"]
        return
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        yield None
        return
    number = next(
        n
        for n in range(90, 190)
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists()
    )
    server = subprocess.Popen(
        [xvfb, f":{number}", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 20
        while not Path(f"/tmp/.X11-unix/X{number}").exists():
            if server.poll() is not None or time.monotonic() > deadline:
                yield None
                return
            time.sleep(0.05)
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def home_with(settings: dict[str, object], python: str) -> dict[str, str]:
    """The environment of a player whose home is a fresh folder, whose settings file (in the
    user's config folder, where ``store.paths`` finds it as on a player's machine: not through
    ``NINETYNINE_AUDIO_HOME``) holds ``settings``."""
    home = tempfile.mkdtemp(prefix="ninetynine-start-")
    env = {"HOME": home, "USERPROFILE": home, "APPDATA": str(Path(home) / "AppData" / "Roaming")}
    wheres = subprocess.run(
        [python, "-c", "from ninetynine_audio.store import paths; print(paths.settings_file())"],
        env=player_env(dict(os.environ) | env),
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    settings_file = Path(wheres.stdout.strip())
    settings_file.parent.mkdir(parents=True)
    settings_file.write_text(json.dumps(settings), encoding="utf-8")
    return env


def player_env(env: dict[str, str]) -> dict[str, str]:
    """``env`` without what would move the game's folders from where a player's are."""
    for name in ("NINETYNINE_AUDIO_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME"):
        env.pop(name, None)
    return env


def main() -> int:
    """Time every face and its baseline, and print the ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument(
        "--against", type=Path, default=None, help="another copy of the project to time too"
    )
    parser.add_argument(
        "--installed",
        type=Path,
        default=None,
        help="a virtual environment the game is installed in, to time its command too",
    )
    args = parser.parse_args()
    base = dict(os.environ)
    # Bytecode caches, as a player's installation has them.
    base.pop("PYTHONDONTWRITEBYTECODE", None)
    copies = {"": ROOT} | ({" (against)": args.against.resolve()} if args.against else {})
    for root in copies.values():
        subprocess.run(
            [sys.executable, "-m", "compileall", "-q", str(root / "ninetynine_audio")],
            check=True,
            env=base,
        )
    base["SDL_AUDIODRIVER"] = base.get("SDL_AUDIODRIVER", "dummy")
    base["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    python = sys.executable
    cues_on = home_with({}, python)
    cues_off = home_with({"sound_enabled": False}, python)
    with display(base) as shown:
        # name -> (command, environment, the baseline's name); baselines name themselves.
        runs: dict[str, tuple[list[str], dict[str, str], str]] = {}
        faces: list[tuple[str, list[str], str, str]] = [
            ("text, cues on", ["--text"], cues_on, "bare print and mixer"),
            ("text, cues off", ["--text"], cues_off, "bare print"),
        ]
        runs["bare print and mixer"] = ([python, "-c", BARE_MIXER], base, "")
        runs["bare print"] = ([python, "-c", BARE_PRINT], base, "")
        if shown is None:
            print("window: left out (no $DISPLAY and no Xvfb to start)")
        else:
            runs["bare window"] = ([python, "-c", BARE_WINDOW], base | {"DISPLAY": shown}, "")
            faces.insert(0, ("window", ["--speech", "text"], cues_on, "bare window"))
        for face, options, home, baseline in faces:
            for suffix, root in copies.items():
                env = player_env(base | home | {"PYTHONPATH": str(root)})
                if shown is not None:
                    env["DISPLAY"] = shown
                if face != "window":
                    env.pop("DISPLAY", None)
                runs[face + suffix] = ([python, "-m", "ninetynine_audio", *options], env, baseline)
        if args.installed is not None:
            installed = args.installed.resolve() / "bin"
            for bare, code in (("bare print", BARE_PRINT), ("bare print and mixer", BARE_MIXER)):
                runs[bare + " (installed)"] = ([str(installed / "python"), "-c", code], base, "")
            # What starting a program costs before any of it runs: the launcher pip writes for
            # a command imports ``re``; ``python -m`` imports ``runpy``, which imports
            # importlib.util, contextlib, collections and functools.
            bare_module = Path(tempfile.mkdtemp(prefix="ninetynine-start-bare-"))
            (bare_module / "bare_ready.py").write_text(BARE_PRINT + "\n", encoding="utf-8")
            runs["bare launcher (installed)"] = (
                [str(installed / "python"), "-c", BARE_LAUNCHER],
                base,
                "bare print (installed)",
            )
            runs["bare -m (installed)"] = (
                [str(installed / "python"), "-m", "bare_ready"],
                base | {"PYTHONPATH": str(bare_module)},
                "bare print (installed)",
            )
            for face, home, baseline in (
                ("text, cues on", cues_on, "bare print and mixer"),
                ("text, cues off", cues_off, "bare print"),
            ):
                env = player_env(base | home)
                env.pop("DISPLAY", None)
                module = [str(installed / "python"), "-m", "ninetynine_audio", "--text"]
                for way, command in (
                    ("installed", [str(installed / "ninetynine-audio"), "--text"]),
                    ("installed, -m", module),
                ):
                    runs[f"{face} ({way})"] = (command, env, baseline + " (installed)")
        for command, env, _ in runs.values():
            first_line_times(command, env)  # bytecode caches warm
        times: dict[str, list[float]] = {name: [] for name in runs}
        paired: dict[str, list[float]] = {name: [] for name in runs}  # each face's baseline
        # The same in processor time (the process's own, not the display server's), which
        # the load of other programs on the machine disturbs far less than the clock's.
        cpu_times: dict[str, list[float]] = {name: [] for name in runs}
        cpu_paired: dict[str, list[float]] = {name: [] for name in runs}
        shuffler = random.Random(2)
        faces_timed = [name for name, (_, _, baseline) in runs.items() if baseline]
        for _round in range(args.rounds):
            # Each face with a start of its baseline just before or after it, so that both
            # meet the same load; the faces in a new order every round, so that none follows
            # the same command each time (a window closing, a mixer stopping weighs on it).
            shuffler.shuffle(faces_timed)
            for name in faces_timed:
                baseline = runs[name][2]
                pair = [name, baseline]
                shuffler.shuffle(pair)
                took = {who: first_line_times(*runs[who][:2]) for who in pair}
                times[name].append(took[name][0])
                times[baseline].append(took[baseline][0])
                paired[name].append(took[baseline][0])
                cpu, cpu_baseline = took[name][1], took[baseline][1]
                if cpu is not None and cpu_baseline is not None:
                    cpu_times[name].append(cpu)
                    cpu_times[baseline].append(cpu_baseline)
                    cpu_paired[name].append(cpu_baseline)
    rng = random.Random(1)
    print(
        f"{args.rounds} rounds; medians, and each face's ratio to its baseline started beside"
        " it (the median of the rounds' ratios, 95% interval)"
    )
    for name, (_, _, baseline) in runs.items():
        median = statistics.median(times[name])
        if not baseline:
            print(f"{name}: {median * 1000:.0f} ms")
            continue
        ratio, low, high = paired_ratio(times[name], paired[name], rng)
        print(f"{name}: {median * 1000:.0f} ms, {ratio:.2f}x {baseline} ({low:.2f}x-{high:.2f}x)")
    if any(cpu_paired.values()):
        print("processor time to the first line (the program's own)")
        for name, (_, _, baseline) in runs.items():
            if baseline and cpu_paired[name]:
                median = statistics.median(cpu_times[name])
                ratio, low, high = paired_ratio(cpu_times[name], cpu_paired[name], rng)
                print(
                    f"{name}: {median * 1000:.0f} ms CPU, {ratio:.2f}x {baseline}"
                    f" ({low:.2f}x-{high:.2f}x)"
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
