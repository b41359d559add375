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

Usage: ``python tools/benchmark_rounds.py [--games tactical,colours] [--languages
en,es,pt_BR,de] [--seeds 1,2,3] [--rounds 15] [--wpm 200] [--breakdown]``.
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import random
import re
import statistics
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
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
    """The seconds of ``text`` that are colour card names (the text said without them)."""
    from ninetynine_audio.audio.pacing import speaking_seconds
    from ninetynine_audio.cards import colour_deck
    from ninetynine_audio.present.colours.words import card_name

    names = sorted({card_name(c) for c in colour_deck()}, key=len, reverse=True)
    bare = text
    for name in names:
        bare = re.sub(re.escape(name), "", bare, flags=re.IGNORECASE)
    return max(0.0, speaking_seconds(text, wpm) - speaking_seconds(bare, wpm))


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


def main(argv: Sequence[str] | None = None) -> int:
    """Print one line per game and language."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", default="tactical,colours")
    parser.add_argument("--languages", default="en,es,pt_BR,de")
    parser.add_argument("--seeds", default="1,2,3")
    parser.add_argument("--rounds", type=int, default=15, help="rounds measured a game")
    parser.add_argument("--wpm", type=int, default=200)
    parser.add_argument("--breakdown", action="store_true", help="where a round's seconds go")
    args = parser.parse_args(argv)
    seeds = [int(s) for s in args.seeds.split(",")]
    print(f"{'game':9} {'lang':6} {'rounds':>6} {'median s':>9} {'IQR':>13} {'> 30 s':>18}")
    for game in args.games.split(","):
        for language in args.languages.split(","):
            measured: list[float] = []
            breakdown: dict[str, list[float]] | None = {} if args.breakdown else None
            for seed in seeds:
                measured += rounds_of(game, language, seed, args.rounds, args.wpm, breakdown)
            if len(measured) < 2:
                print(f"{game:9} {language:6} too few rounds")
                continue
            q1, median, q3 = (
                statistics.quantiles(measured, n=4)[0],
                statistics.median(measured),
                statistics.quantiles(measured, n=4)[2],
            )
            over = sum(1 for r in measured if r > LONG_S)
            low, high = wilson(over, len(measured))
            share = f"{over / len(measured):.0%} ({low:.0%}-{high:.0%})"
            print(
                f"{game:9} {language:6} {len(measured):6d} {median:9.1f} "
                f"{q1:6.1f}-{q3:<6.1f} {share:>18}"
            )
            if breakdown is not None:
                n = len(measured)
                parts = [
                    f"{kind} {breakdown.get(kind, [0.0, 0.0])[0] / n:.1f}"
                    f" ({breakdown.get(kind, [0.0, 0.0])[1] / n:.1f} cards)"
                    for kind in KINDS
                ]
                print(f"{'':16} s a round: " + ", ".join(parts))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
