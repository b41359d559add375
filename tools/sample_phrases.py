#!/usr/bin/env python3
"""Phrases a player hears in one language, sampled across the games, for a close reading.

Each game is played from a seed through the real loop, speaking into a recorder: the player's
seat makes the moves a Normal computer would make (through the table, as the keys do), and at
each of its turns asks the table's questions (T, H and the family's own); three Normal
computers play the other seats. Every distinct phrase said is kept with the game it came
from; an equal share of them is drawn from each game (seeded, so a second run prints the same
sample), and printed one a line after the game's name. The language's catalogue figures come
first: its messages, how many are translated, and the sections of its rules.

``--games`` samples only some of the games, ``--verbosity`` plays at another verbosity than
normal (full says every card of every move).

Usage: ``python tools/sample_phrases.py --language de [--count 60] [--seed 1] [--games
colours,tricks] [--verbosity full]``.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

GAMES = ("classic", "arcade", "tactical", "colours", "tricks")
# The questions asked at each of the player's turns, beside T (whose turn, the total) and H.
QUESTIONS = {"adding": ("c",), "colours": ("c", "w", "e", "l"), "tricks": ("b", "g", "u")}
TURNS = 12
"""The player's turns a game is played for (enough for the phrases of a few rounds)."""


def phrases_of(game: str, language: str, seed: int, verbosity: str = "normal") -> list[str]:
    """The distinct phrases of one seeded game in ``language``, in the order first said."""
    from ninetynine_audio.bots import make_bot
    from ninetynine_audio.games.base import GameSetup
    from ninetynine_audio.games.registry import find_game
    from ninetynine_audio.i18n import ENGLISH, set_language
    from ninetynine_audio.store.settings import Settings, save_settings
    from ninetynine_audio.ui.harness import make_app

    spec = find_game(game)
    seats = 4 if game == "arcade" else 3
    names = ("You", "Lily", "Max", "Zoe")[:seats]
    kinds = ("human", "normal", "normal", "normal")[:seats]
    os.environ["NINETYNINE_AUDIO_HOME"] = tempfile.mkdtemp(prefix="phrases-")
    # The language is the player's setting before the game starts: its opening lines too.
    save_settings(Settings().with_changes(verbosity=verbosity, language=language))
    set_language(language)
    h = make_app(GameSetup(game, names, kinds, {}, seed), seed=seed)
    try:
        table = h.table
        assert table is not None
        bot = make_bot(spec.family, "normal")
        rng = random.Random(seed)
        turns = 0
        for _ in range(50_000):
            if table.is_over or turns >= TURNS:
                break
            if table.bot_due is None and 0 in spec.seats_to_act(table.state):
                turns += 1
                h.press("t", "h", *QUESTIONS.get(spec.family, ()))
                action = bot.choose(spec.view(table.state, 0), rng)
                table.perform(h.app, action)
                h.frames(2)
                continue
            h.frames(1)
        seen: dict[str, None] = {}
        for text in h.spoken:
            if text.strip():
                seen.setdefault(text.strip(), None)
        return list(seen)
    finally:
        h.app.running = False
        set_language(ENGLISH)


def catalogue_figures(language: str) -> str:
    """The language's messages, how many are translated, and its rules' sections."""
    from babel.messages.pofile import read_po

    from ninetynine_audio.i18n import catalogue_dir
    from ninetynine_audio.resources import shipped_dir

    path = catalogue_dir() / language / "LC_MESSAGES" / "ninetynine_audio.po"
    with path.open("rb") as file:
        catalogue = read_po(file)
    messages = [m for m in catalogue if m.id]
    done = [m for m in messages if all(m.string if isinstance(m.string, tuple) else [m.string])]
    rules = shipped_dir("rules") / language
    sections = sum(
        len(re.findall(r"^#+ ", file.read_text(encoding="utf-8"), re.MULTILINE))
        for file in sorted(rules.glob("*.md"))
    )
    return (
        f"{language}: {len(messages)} messages, {len(done)} translated; "
        f"rules: {len(list(rules.glob('*.md')))} games, {sections} sections"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Print the figures, then the sample, game by game."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--language", required=True)
    parser.add_argument("--count", type=int, default=60, help="phrases in all")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", default=",".join(GAMES), help="the games sampled")
    parser.add_argument("--verbosity", default="normal", choices=("brief", "normal", "full"))
    args = parser.parse_args(argv)
    games = args.games.split(",")
    print(catalogue_figures(args.language))
    rng = random.Random(args.seed)
    share = max(1, args.count // len(games))
    for game in games:
        phrases = phrases_of(game, args.language, args.seed, args.verbosity)
        print(f"\n## {game} ({len(phrases)} distinct phrases heard)")
        for text in rng.sample(phrases, min(share, len(phrases))):
            print(f"- {text}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
