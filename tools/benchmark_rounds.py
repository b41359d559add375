#!/usr/bin/env python3
"""How long a round takes by ear, per game and language: the median, its interquartile range
and the share of rounds over 30 s (with a 95% Wilson interval).

The real loop runs on a fake clock with a simulated screen reader (each phrase lasts its
estimated speaking time in the language it is said in, at 200 words a minute, normal
verbosity) against three Normal computers. The player's seat presses the keys for what a
Normal computer would do (a card's number key, Up or Down for a 10's or an Ace's way and
Enter, the second press of a costly tactical play; at the colour table as
``benchmark_speech.py`` does), each as soon as everything said before has been heard, and
asks nothing. A round is the
time from one moment the player may act, having heard everything, to the next (the player's
turn and the three computer turns).

With ``--breakdown`` it also prints where a round's seconds go: the mean seconds a round
of each kind of phrase heard (the computers' turns, the player's turn line, the row card's
line, the lines after pile plays, the rest), and how many of those seconds are card names.

With ``--against REV`` the same rounds are measured on the project as it was at the git
revision ``REV`` (exported to a temporary folder) too, language by language beside this copy:
a line for each, then how the same rounds changed (the games are the same, seed by seed, when
only the words differ): the mean change a round with its 95% interval, and the rounds that
crossed 30 s either way.

Usage: ``python tools/benchmark_rounds.py [--games tactical,colours] [--languages
en,es,pt_BR,de] [--seeds 1,2,3] [--rounds 15] [--wpm 200] [--breakdown] [--against REV]``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import random
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
TOP = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(TOP))
sys.path.insert(0, str(Path(__file__).resolve().parent))

LONG_S = 30.0


def adding_keys(table: Any, rng: random.Random) -> list[str]:
    """The keys for what a Normal computer would do in the player's seat."""
    from ninetynine_audio.bots import make_bot
    from ninetynine_audio.present.adding.effects import UP_CHOICES

    action = make_bot("adding", "normal").choose(table.spec.view(table.state, 0), rng)
    number = str(table.table.hand().index(action.card) + 1)
    if action.choice is None:
        return [number]
    return [number, "up" if action.choice in UP_CHOICES else "down", "return"]


BOTS = ("Lily", "Max", "Zoe")
KINDS = ("computers", "scores", "turn line", "row card", "pile plays", "other")
OWN_KINDS = {
    "TurnStarted": "turn line",
    "CardsDrawn": "turn line",
    "RowCardPlaced": "row card",
    "PileCardPlayed": "pile plays",
}


def phrase_kind(text: str, events: Sequence[Any]) -> str:
    """Which part of a round a phrase heard belongs to, from its words and the last event:
    a computer's turn, a score (a row scored, an emptied draw pile), or a line of the
    player's own turn."""
    last = events[-1] if events else None
    if any(text.startswith(f"{name}:") for name in BOTS):
        return "computers"
    if type(last).__name__ in ("RowScored", "DrawPileRenewed", "GameEnded"):
        return "scores"
    if any(name in text for name in BOTS):
        return "computers"
    if last is None or getattr(last, "seat", None) != 0:
        return "other"
    return OWN_KINDS.get(type(last).__name__, "other")


def card_seconds(text: str, wpm: int) -> float:
    """The seconds of ``text`` that are colour card names (the text said without them; a
    line that is only a card name has its voice's lead said without it)."""
    from ninetynine_audio.audio.pacing import calibration_at, speaking_seconds
    from ninetynine_audio.cards import colour_deck
    from ninetynine_audio.present.colours.words import card_name

    names = sorted({card_name(c) for c in colour_deck()}, key=len, reverse=True)
    bare = text
    for name in names:
        bare = re.sub(re.escape(name), "", bare, flags=re.IGNORECASE)
    lead = calibration_at(wpm).lead * 200 / wpm
    return max(0.0, speaking_seconds(text, wpm) - (speaking_seconds(bare, wpm) or lead))


def rounds_of(
    game: str,
    language: str,
    seed: int,
    rounds: int,
    wpm: int,
    breakdown: dict[str, list[float]] | None = None,
) -> list[float]:
    """The rounds of one seeded game, in seconds, as the player hears them; with
    ``breakdown``, the seconds heard in them added up by kind of phrase (``[seconds, card
    names' seconds]``)."""
    from benchmark_speech import keys_for

    from ninetynine_audio.audio.pacing import speaking_seconds
    from ninetynine_audio.games.base import GameSetup
    from ninetynine_audio.games.registry import find_game
    from ninetynine_audio.i18n import ENGLISH, set_language
    from ninetynine_audio.ui.harness import make_heard_app

    spec = find_game(game)
    names = ("You", "Lily", "Max", "Zoe")
    kinds = ("human", "normal", "normal", "normal")
    options = {"pro_variant": False} if game == "colours" else {}
    setup = GameSetup(game, names, kinds, options, seed)
    os.environ["NINETYNINE_AUDIO_HOME"] = tempfile.mkdtemp(prefix="rounds-")
    h, voice = make_heard_app(setup, wpm=wpm, seed=seed)
    kinds: list[str] = []
    try:
        h.app.update_settings(verbosity="normal", language=language)
        set_language(language)
        table = h.table
        assert table is not None
        choose = keys_for if game == "colours" else adding_keys
        rng = random.Random(seed)
        ready_at: list[float] = []
        waiting = False
        for _ in range(400_000):
            if table.is_over or len(ready_at) > rounds:
                break
            mine = 0 in spec.seats_to_act(table.state) and table.bot_due is None
            if mine and h.app.speaker.narration_heard():
                if not waiting:
                    ready_at.append(h.clock.now)
                    waiting = True
                before = len(table.events)
                keys = choose(table, rng)
                h.press(*keys, frames=1)
                if len(table.events) == before:
                    h.press(keys[-1], frames=1)  # a costly tactical play: the second press
                if breakdown is not None:
                    kinds += [
                        phrase_kind(p.text, table.events) for p in voice.timeline[len(kinds) :]
                    ]
                continue
            if not mine:
                waiting = False
            h.frames(1)
            if breakdown is not None:
                kinds += [phrase_kind(p.text, table.events) for p in voice.timeline[len(kinds) :]]
        if breakdown is not None and len(ready_at) > 1:
            first, last = ready_at[0], ready_at[-1]
            for phrase, kind in zip(voice.timeline, kinds, strict=False):
                if first <= phrase.start < last and phrase.end > phrase.start:
                    heard = phrase.end - phrase.start
                    whole = speaking_seconds(phrase.text, wpm) or heard
                    sums = breakdown.setdefault(kind, [0.0, 0.0])
                    sums[0] += heard
                    sums[1] += card_seconds(phrase.text, wpm) * heard / whole
        return [b - a for a, b in itertools.pairwise(ready_at)]
    finally:
        h.app.running = False
        set_language(ENGLISH)


def wilson(hits: int, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    z = 1.96
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


Measured = tuple[list[list[float]], dict[str, list[float]]]
"""The rounds of each seed, in seconds, and where their seconds went (``rounds_of``)."""


def measure(
    game: str, language: str, seeds: Sequence[int], rounds: int, wpm: int, breakdown: bool
) -> Measured:
    """Every seed's rounds of one game in one language, and their breakdown when asked."""
    sums: dict[str, list[float]] = {}
    each = [
        rounds_of(game, language, seed, rounds, wpm, sums if breakdown else None) for seed in seeds
    ]
    return each, sums


def measure_elsewhere(tree: Path, game: str, language: str, args: argparse.Namespace) -> Measured:
    """``measure`` run on the copy of the project in ``tree``, in a process of its own."""
    command = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--tree",
        str(tree),
        "--games",
        game,
        "--languages",
        language,
        "--seeds",
        args.seeds,
        "--rounds",
        str(args.rounds),
        "--wpm",
        str(args.wpm),
    ]
    if args.breakdown:
        command.append("--breakdown")
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    found = json.loads(out.strip().splitlines()[-1])
    return found["rounds"], found["breakdown"]


def export(revision: str, into: Path) -> Path:
    """The project's files at a git revision, written into ``into``."""
    archive = into / "tree.tar"
    with archive.open("wb") as handle:
        subprocess.run(["git", "-C", str(TOP), "archive", revision], check=True, stdout=handle)
    tree = into / "tree"
    with tarfile.open(archive) as tar:
        tar.extractall(tree, filter="data")
    return tree


def summary_line(label: str, measured: Sequence[float]) -> str:
    """``label``, the rounds, their median and interquartile range, and the share over 30 s."""
    q1, _, q3 = statistics.quantiles(measured, n=4)
    over = sum(1 for r in measured if r > LONG_S)
    low, high = wilson(over, len(measured))
    share = f"{over / len(measured):.0%} ({low:.0%}-{high:.0%})"
    median = statistics.median(measured)
    return f"{label:16} {len(measured):6d} {median:9.1f} {q1:6.1f}-{q3:<6.1f} {share:>18}"


def breakdown_line(sums: dict[str, list[float]], count: int) -> str:
    """The seconds a round of each kind of phrase, and of them the card names'."""
    parts = [
        f"{kind} {sums.get(kind, [0.0, 0.0])[0] / count:.1f}"
        f" ({sums.get(kind, [0.0, 0.0])[1] / count:.1f} cards)"
        for kind in KINDS
    ]
    return f"{'':16} s a round: " + ", ".join(parts)


def change_line(before: Sequence[Sequence[float]], after: Sequence[Sequence[float]]) -> str:
    """How the same rounds changed: paired seed by seed where a seed's game has as many rounds
    on both sides, the mean change with its 95% interval and the rounds crossing 30 s."""
    pairs = [
        (b, a)
        for seed_before, seed_after in zip(before, after, strict=True)
        if len(seed_before) == len(seed_after)
        for b, a in zip(seed_before, seed_after, strict=True)
    ]
    if len(pairs) < 2:
        return f"{'':16} change: too few paired rounds"
    changes = [a - b for b, a in pairs]
    mean = statistics.fmean(changes)
    half = 1.96 * statistics.stdev(changes) / math.sqrt(len(changes))
    under = sum(1 for b, a in pairs if b > LONG_S >= a)
    over = sum(1 for b, a in pairs if a > LONG_S >= b)
    return (
        f"{'':16} change over {len(pairs)} paired rounds: {mean:+.2f} s a round"
        f" ({mean - half:+.2f} to {mean + half:+.2f}), {under} came under 30 s, {over} went over"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Print one line per game and language (two and their change with ``--against``)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", default="tactical,colours")
    parser.add_argument("--languages", default="en,es,pt_BR,de")
    parser.add_argument("--seeds", default="1,2,3")
    parser.add_argument("--rounds", type=int, default=15, help="rounds measured a game")
    parser.add_argument("--wpm", type=int, default=200)
    parser.add_argument("--breakdown", action="store_true", help="where a round's seconds go")
    parser.add_argument("--against", help="a git revision to measure beside this copy")
    parser.add_argument("--tree", type=Path, help=argparse.SUPPRESS)  # one measure, as JSON
    args = parser.parse_args(argv)
    seeds = [int(s) for s in args.seeds.split(",")]
    if args.tree is not None:
        sys.path.insert(0, str(args.tree.resolve()))
        each, sums = measure(
            args.games, args.languages, seeds, args.rounds, args.wpm, args.breakdown
        )
        print(json.dumps({"rounds": each, "breakdown": sums}))
        return 0
    with tempfile.TemporaryDirectory(prefix="rounds-against-") as folder:
        tree = export(args.against, Path(folder)) if args.against else None
        print(f"{'game':9} {'lang':6} {'rounds':>6} {'median s':>9} {'IQR':>13} {'> 30 s':>18}")
        for game in args.games.split(","):
            for language in args.languages.split(","):
                sides: list[tuple[str, Measured]] = []
                if tree is not None:
                    before = measure_elsewhere(tree, game, language, args)
                    sides.append((args.against, before))
                    sides.append(("now", measure_elsewhere(TOP, game, language, args)))
                else:
                    sides.append(
                        ("", measure(game, language, seeds, args.rounds, args.wpm, args.breakdown))
                    )
                for label, (each, sums) in sides:
                    measured = [r for seed_rounds in each for r in seed_rounds]
                    name = f"{game:9} {language:6}"
                    if len(measured) < 2:
                        print(f"{name} too few rounds {label}")
                        continue
                    print(f"{summary_line(name, measured)}  {label}".rstrip())
                    if args.breakdown:
                        print(breakdown_line(sums, len(measured)))
                if len(sides) == 2:
                    print(change_line(sides[0][1][0], sides[1][1][0]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
