"""Measure how long the hint takes to answer, in every game, in CPU time.

The hint asks the strongest level of the game's family with the hint's own budget
(``make_hint_bot``). This plays whole games between computer players (the first seat Hard, the
others at the game's default level) and, at every decision of the first seat, times the hint
bot's choice on that seat's view, as a player pressing the hint key would get it. It prints the
median, the 95th percentile and the worst time per game, and a hash of every hint's answer: a
change meant to make the hint quicker without changing what it says leaves it as it was, for
the same ``--games`` and ``--seed``.

    python tools/benchmark_hint.py               # 40 games of each
    python tools/benchmark_hint.py --games 5 --only tricks
    python tools/benchmark_hint.py --output docs/strength.md   # its section of that page

With ``--output`` the table also becomes the section "The hint" of that page (written by
``tools/benchmark_strength.py``, which keeps it), replacing the one there.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ninetynine_audio.bots import make_bot, make_hint_bot
from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.games.registry import all_games, find_game

PLAYERS = {"classic": 4, "arcade": 4, "tactical": 4, "colours": 2, "tricks": 3}
HEADING = "## The hint"


def hint_times(game: str, games: int, seed: int, answers: Any = None) -> list[float]:
    """The CPU seconds of every hint asked at the first seat of ``games`` games; each answer
    is added to the hash ``answers`` when one is given."""
    spec = find_game(game)
    count = PLAYERS.get(game, spec.min_players)
    kinds = ("hard",) * count
    times: list[float] = []
    for index in range(games):
        names = spec.default_names(kinds)
        state, _ = spec.new_game(GameSetup(spec.id, names, kinds, {}, seed + index))
        bots = [make_bot(spec.family, kind) for kind in kinds]
        rngs = [random.Random(f"hint:{seed}:{index}:{seat}") for seat in range(count)]
        while not spec.is_over(state):
            seat = spec.seats_to_act(state)[0]
            seen = spec.view(state, seat)
            if seat == 0:
                hint = make_hint_bot(spec.family)
                started = time.process_time()
                answer = hint.choose(seen, random.Random(f"hint:{index}:{len(times)}"))
                times.append(time.process_time() - started)
                if answers is not None:
                    answers.update(repr(answer).encode())
            state, _ = spec.apply(state, bots[seat].choose(seen, rngs[seat]))
    return times


def main(argv: Sequence[str] | None = None) -> int:
    """Time the hint in each game and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=40, help="games of each (default 40)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default=None, help="only this game")
    parser.add_argument("--output", type=Path, default=None, help="the page to write it into")
    arguments = list(sys.argv[1:] if argv is None else argv)
    args = parser.parse_args(arguments)
    lines = [
        "| game | hints | median | 95th pct | worst | answers hash |",
        "| --- | ---: | ---: | ---: | ---: | --- |",
    ]
    print("\n".join(lines))
    for spec in all_games():
        if args.only and args.only != spec.id:
            continue
        answers = hashlib.sha256()
        times = sorted(hint_times(spec.id, args.games, args.seed, answers))
        if not times:
            continue
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        line = (
            f"| {spec.id} | {len(times)} | {statistics.median(times) * 1000:.1f} ms"
            f" | {p95 * 1000:.1f} ms | {times[-1] * 1000:.1f} ms | {answers.hexdigest()[:16]} |"
        )
        lines.append(line)
        print(line, flush=True)
    if args.output is not None:
        write_section(args.output, lines, arguments)
    return 0


def write_section(path: Path, lines: list[str], arguments: list[str]) -> None:
    """Put the table into ``path`` as its section "The hint" (at the end, replacing any)."""
    # Here, not at the top: the hint's timing also runs in the page's Python, which has no
    # processes for the strength report's workers.
    from benchmark_strength import section_opening

    page = path.read_text(encoding="utf-8") if path.exists() else ""
    if HEADING in page.splitlines():
        start = page.index(HEADING + "\n")
        rest = page[start + len(HEADING) :]
        following = rest.find("\n## ")
        page = page[:start] + (rest[following + 1 :] if following >= 0 else "")
    command = " ".join(["python tools/benchmark_hint.py", *arguments])
    section = [
        *section_opening(HEADING, command),
        "- the time the hint key's search takes (the strongest level with the hint's budget),"
        " in CPU time, at every decision of the first seat of games between Hard players",
        "",
        *lines,
        "",
    ]
    path.write_text(page.rstrip("\n") + "\n\n" + "\n".join(section), encoding="utf-8")


if __name__ == "__main__":
    raise SystemExit(main())
