#!/usr/bin/env python3
"""Measure the speaking-time estimate against espeak-ng, and fit its calibration table again.

The phrases are the game's own: a game of each kind is played through the real loop (the
player's seat choosing as a Normal computer would), and every distinct phrase of 5 to 40
words it said is rendered with ``espeak-ng -v VOICE -s RATE -w out.wav`` and measured with
``sox out.wav -n stat``. With ``--language`` the games are played in that language and its
espeak-ng voice reads them. Prints, for each rate, the estimate's error (median, range, share
within ±20%) and the coefficients fitted afresh, in the form of the calibration rows of
``audio/pacing.py``'s ``VOICES``; ``docs/pacing.md`` holds the last run.

Usage: ``python tools/calibrate_pacing.py [--language es] [--rates 120,200,400] [--every 2]``.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

GAMES = (
    ("colours", ("You", "Lily", "Max", "Zoe")),
    ("classic", ("You", "Lily", "Max", "Zoe")),
    ("tricks", ("You", "Lily", "Max")),
)
FEWEST_WORDS, MOST_WORDS = 5, 40
MAX_FRAMES = 40_000


def game_phrases(game: str, names: tuple[str, ...], seed: int) -> list[str]:
    """Everything a game of ``game`` said through the real loop, in order."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from ninetynine_audio.bots import make_bot
    from ninetynine_audio.games.base import GameSetup
    from ninetynine_audio.games.registry import find_game
    from ninetynine_audio.ui.harness import make_app

    spec = find_game(game)
    setup = GameSetup(game, names, ("human",) + ("normal",) * (len(names) - 1), {}, seed)
    h = make_app(setup, seed=seed)
    table = h.table
    assert table is not None
    me = make_bot(spec.family, "normal")
    rng = random.Random(seed)
    for _ in range(MAX_FRAMES):
        if table.is_over:
            break
        if table.bot_due is None and 0 in spec.seats_to_act(table.state):
            table.perform(h.app, me.choose(spec.view(table.state, 0), rng))
        h.frames(1)
    return list(h.app.speaker.history)


def shipped_phrases(seed: int = 7, every: int = 1, code: str = "en") -> list[str]:
    """The distinct phrases of 5 to 40 spoken words that the games said in the language
    ``code``, every ``every``-th."""
    from ninetynine_audio.audio.pacing import speaking_words
    from ninetynine_audio.i18n import using

    home = tempfile.mkdtemp(prefix="pacing-")
    old = os.environ.get("NINETYNINE_AUDIO_HOME")
    os.environ["NINETYNINE_AUDIO_HOME"] = home
    try:
        seen: dict[str, None] = {}
        for game, names in GAMES:
            with using(code):
                said = game_phrases(game, names, seed)
            for phrase in said:
                if FEWEST_WORDS <= speaking_words(phrase, code) <= MOST_WORDS:
                    seen.setdefault(phrase, None)
    finally:
        if old is None:
            os.environ.pop("NINETYNINE_AUDIO_HOME", None)
        else:
            os.environ["NINETYNINE_AUDIO_HOME"] = old
        shutil.rmtree(home, ignore_errors=True)
    return list(seen)[::every]


def espeak_seconds(text: str, rate: int, folder: Path, code: str = "en") -> float:
    """The length of espeak-ng's audio for ``text`` at ``rate`` words per minute, read by the
    voice of the language ``code``, by sox."""
    from ninetynine_audio.audio.pacing import voice

    wav = folder / "phrase.wav"
    command = ["espeak-ng", "-v", voice(code).espeak, "-s", str(rate), "-w", str(wav), text]
    subprocess.run(command, check=True, timeout=120)
    stat = subprocess.run(
        ["sox", str(wav), "-n", "stat"], capture_output=True, text=True, check=True, timeout=60
    ).stderr
    found = re.search(r"Length \(seconds\):\s*([\d.]+)", stat)
    if found is None:
        raise RuntimeError(f"sox gave no length for {text!r}: {stat}")
    return float(found.group(1))


def features(text: str, code: str = "en") -> tuple[float, float, float, float]:
    """The estimate's four terms in the language ``code``: one, syllables, words and pauses."""
    from ninetynine_audio.audio import pacing

    words = pacing.spoken_words(text, code)
    syllables = float(sum(pacing.syllables(w, code) for w in words))
    return (1.0, syllables, float(len(words)), float(pacing.pauses(text)))


def least_squares(rows: Sequence[Sequence[float]], targets: Sequence[float]) -> list[float]:
    """The coefficients that fit ``rows`` to ``targets`` best (normal equations)."""
    size = len(rows[0])
    a = [[sum(r[i] * r[j] for r in rows) for j in range(size)] for i in range(size)]
    b = [sum(r[i] * t for r, t in zip(rows, targets, strict=True)) for i in range(size)]
    for i in range(size):
        for j in range(i + 1, size):
            factor = a[j][i] / a[i][i]
            a[j] = [x - factor * y for x, y in zip(a[j], a[i], strict=True)]
            b[j] -= factor * b[i]
    solution = [0.0] * size
    for i in reversed(range(size)):
        rest = sum(a[i][j] * solution[j] for j in range(i + 1, size))
        solution[i] = (b[i] - rest) / a[i][i]
    return solution


def main(argv: Sequence[str] | None = None) -> int:
    """Measure every rate and print the table."""
    from ninetynine_audio.audio.pacing import DEFAULT_WORDS_PER_MINUTE, speaking_seconds

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rates", default="80,120,160,200,250,300,350,400,450")
    parser.add_argument("--every", type=int, default=2, help="use every n-th phrase")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--language", default="en", help="a language code of i18n.LANGUAGES")
    parser.add_argument(
        "--write",
        action="store_true",
        help="write the fitted rows into locale/<language>/pacing.toml",
    )
    parser.add_argument("--espeak", help="a new language's espeak-ng voice (default: its code)")
    parser.add_argument("--vowels", help="a new language's letters that make a vowel")
    args = parser.parse_args(argv)
    code = args.language
    if shutil.which("espeak-ng") is None or shutil.which("sox") is None:
        print("espeak-ng and sox are needed", file=sys.stderr)
        return 1
    if args.write:
        start_voice(code, args.espeak, args.vowels)
    rows: list[list[float]] = []
    phrases = shipped_phrases(args.seed, args.every, code)
    print(f"{len(phrases)} phrases of {FEWEST_WORDS} to {MOST_WORDS} words in {code}\n")
    print("| rate | median error | range | within ±20% | fitted lead, syllable, word, pause |")
    print("| ---: | ---: | --- | ---: | --- |")
    with tempfile.TemporaryDirectory() as folder:
        for rate in (int(r) for r in args.rates.split(",")):
            real = [espeak_seconds(p, rate, Path(folder), code) for p in phrases]
            errors = [
                speaking_seconds(p, rate, code) / s - 1 for p, s in zip(phrases, real, strict=True)
            ]
            within = sum(abs(e) <= 0.2 for e in errors) / len(errors)
            scale = rate / DEFAULT_WORDS_PER_MINUTE
            fitted = least_squares([features(p, code) for p in phrases], real)
            rows.append([rate, *(round(c * scale, 3) for c in fitted)])
            print(
                f"| {rate} | {statistics.median(errors):+.1%} | {min(errors):+.1%} to "
                f"{max(errors):+.1%} | {within:.0%} | "
                + ", ".join(f"{c * scale:.3f}" for c in fitted)
                + " |"
            )
    if args.write:
        write_rows(code, rows)
    return 0


def start_voice(code: str, espeak: str | None, vowels: str | None) -> None:
    """Make sure ``code`` has a voice file to count its words and syllables with: a new
    language's starts with its espeak-ng voice, its vowels and English's rows, which the fit
    then replaces."""
    from ninetynine_audio.audio import pacing

    path = pacing.voice_file(code)
    if not path.is_file():
        if not vowels:
            raise SystemExit(f"{code} has no {path.name} yet: give --vowels (and --espeak)")
        english = pacing.voice_file("en").read_text(encoding="utf-8")
        rows = english.partition("calibration = [")[2]
        text = (
            f'# How espeak-ng\'s voice "{espeak or code}" says this language, fitted by\n'
            f"# python tools/calibrate_pacing.py --language {code} --write (docs/pacing.md).\n"
            f'espeak = "{espeak or code}"\n'
            "# the letters that make a syllable's vowel\n"
            f'vowels = "{vowels}"\n'
            "silent_endings = false\n"
            "# rate (words a minute), then lead, syllable, word and pause in seconds at 200\n"
            "calibration = [" + rows
        )
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    pacing.VOICES[code] = pacing.read_voice(code, path)


def write_rows(code: str, rows: list[list[float]]) -> None:
    """Put the fitted rows into ``code``'s voice file, keeping everything above them."""
    from ninetynine_audio.audio import pacing

    path = pacing.voice_file(code)
    head = path.read_text(encoding="utf-8").partition("calibration = [")[0]
    body = "".join(
        f"    [{int(row[0])}, " + ", ".join(f"{c:.3f}" for c in row[1:]) + "],\n" for row in rows
    )
    path.write_text(head + "calibration = [\n" + body + "]\n", encoding="utf-8")
    print(f"\nwritten to {path}")


if __name__ == "__main__":
    sys.exit(main())
