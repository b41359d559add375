#!/usr/bin/env python3
"""How the colour game sounds through a screen reader: the speech a round takes, the speech
a fast player still owes at the end of a turn, the your-turn line, and the words a turn.

The real loop runs on a fake clock with a simulated screen reader (it cannot say when it
has finished; each phrase lasts its estimated speaking time) at 200 words a minute, normal
verbosity, against three Normal computers. The player's seat presses the keys a careful
player would for what a Normal computer would do (the row card by its number, a pile chosen
with Up or Down before each pile play, X to score, D to end the turn), and asks nothing.

- round: seconds from one "Your turn" line starting to be heard to the next (the player's
  turn and three computer turns), the player waiting for what is said before each key;
- owed: seconds of speech still to come when a fast player (a key every 0.2 s) ends a turn;
- your turn: the speaking time of the line that opens the player's turn;
- words: words heard in the player's own turn, from its first line to the draw (a phrase
  cut off counts as far as it was heard).

Each figure is the median over the turns of several seeded games, with the interquartile
range.

Usage: ``python tools/benchmark_speech.py [--seeds 7,8,9] [--turns 12] [--wpm 200]``.
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import statistics
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@dataclass
class Figures:
    """Every turn's measures from one run."""

    rounds: list[float] = field(default_factory=list)
    owed: list[float] = field(default_factory=list)
    your_turn: list[float] = field(default_factory=list)
    words: list[int] = field(default_factory=list)


def keys_for(table: Any, rng: random.Random) -> list[str]:
    """The keys for what a Normal computer would do next in the player's seat."""
    from ninetynine_audio.bots import make_bot
    from ninetynine_audio.games.colours import EndPiles, PlaceRowCard, ScoreRow, view

    action = make_bot("colours", "normal").choose(view(table.state, 0), rng)
    if isinstance(action, ScoreRow):
        return ["x"]
    if isinstance(action, EndPiles):
        return ["d"]
    hand = table.table.hand()
    number = str(hand.index(action.card) + 1)
    if isinstance(action, PlaceRowCard):
        return [number]
    return ["up" if action.pile == 1 else "down", number]


def run(seed: int, turns: int, wpm: int, key_every: float | None) -> Figures:
    """Play ``turns`` of the player's turns; ``key_every`` None waits for the speech."""
    from ninetynine_audio.audio.pacing import speaking_seconds, speaking_words
    from ninetynine_audio.games.base import GameSetup
    from ninetynine_audio.ui.harness import make_heard_app

    setup = GameSetup(
        "colours",
        ("You", "Lily", "Max", "Zoe"),
        ("human", "normal", "normal", "normal"),
        {"pro_variant": False},
        seed,
    )
    h, voice = make_heard_app(setup, wpm=wpm, seed=seed)
    h.app.update_settings(verbosity="normal")
    clock = h.clock
    table = h.table
    assert table is not None, h.spoken
    rng = random.Random(seed)
    figures = Figures()
    opened: list[tuple[str, float]] = []  # each turn's first line, and when it was said
    turn_line: str | None = None
    next_key_at = 0.0
    for _ in range(200_000):
        if table.is_over or len(opened) > turns:
            break
        mine = table.state.to_act == 0 and table.bot_due is None
        if mine and turn_line is None:
            turn_line = table.table.your_turn_text(h.app, 0)
            figures.your_turn.append(speaking_seconds(turn_line, wpm))
            opened.append((turn_line, clock.now - h.frame_seconds))
        if mine:
            patient = key_every is None and h.app.speaker.narration_heard()
            hurried = key_every is not None and clock.now >= next_key_at
            if patient or hurried:
                keys = keys_for(table, rng)
                for key in keys:
                    h.press(key, frames=0)
                    h.frames(1)
                next_key_at = clock.now + (key_every or 0.0) * len(keys)
                if table.state.to_act != 0 and turn_line is not None:
                    text, at = opened[-1]
                    start = next(
                        (
                            i
                            for i, p in enumerate(voice.timeline)
                            if p.start >= at - 1e-9 and text in p.text
                        ),
                        None,
                    )
                    if start is None:  # nothing of the turn has been heard yet: it all waits
                        start = len(voice.timeline)
                    waiting = [u.text for u in h.app.speaker.pending]
                    sounding = max(p.end for p in voice.timeline)
                    owed = max(0.0, sounding - clock.now)
                    figures.owed.append(owed + sum(speaking_seconds(t, wpm) for t in waiting))
                    # Words as far as they were heard: an answer cut off at once counts nothing.
                    heard = sum(
                        speaking_words(p.text) * min(1.0, (p.end - p.start) / full)
                        for p in voice.timeline[start:]
                        if (full := speaking_seconds(p.text, wpm)) > 0
                    )
                    coming = sum(speaking_words(t) for t in waiting)
                    figures.words.append(round(heard + coming))
                    turn_line = None
                continue
        h.frames(1)
    starts = []
    for text, at in opened:
        heard = voice.heard_start(text, at - 1e-9)
        if heard is not None:
            starts.append(heard)
    figures.rounds = [b - a for a, b in itertools.pairwise(starts)]
    return figures


def summary(values: Sequence[float]) -> str:
    """The median with the interquartile range."""
    if not values:
        return "no data"
    ordered = sorted(values)
    if len(ordered) < 4:
        return f"{statistics.median(ordered):.1f}"
    q1, _, q3 = statistics.quantiles(ordered, n=4)
    return f"{statistics.median(ordered):.1f} (IQR {q1:.1f} – {q3:.1f}, n={len(ordered)})"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the patient and the fast player and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="7,8,9")
    parser.add_argument("--turns", type=int, default=12, help="player turns a game")
    parser.add_argument("--wpm", type=int, default=200)
    args = parser.parse_args(argv)
    seeds = [int(s) for s in args.seeds.split(",")]
    patient, fast = Figures(), Figures()
    for seed in seeds:
        for into, every in ((patient, None), (fast, 0.2)):
            # A fresh home each run: a match left unfinished is saved, and would be asked about.
            with tempfile.TemporaryDirectory() as home:
                os.environ["NINETYNINE_AUDIO_HOME"] = home
                got = run(seed, args.turns, args.wpm, every)
                into.rounds += got.rounds
                into.owed += got.owed
                into.your_turn += got.your_turn
                into.words += got.words

    def show(name: str, values: Sequence[float], goal: str) -> None:
        print(f"{name:<44} {summary(values):<36} goal {goal}")

    print(f"colour game, {args.wpm} wpm screen reader, normal verbosity, seeds {args.seeds}")
    show("round (your turn + 3 computer turns), s", patient.rounds, "<= 30")
    show("speech owed when a fast player ends, s", fast.owed, "<= 8")
    show("your-turn line, s", patient.your_turn, "<= 3.5")
    show("words heard in your turn, not asking", [float(w) for w in patient.words], "<= 40")
    return 0


if __name__ == "__main__":
    sys.exit(main())
