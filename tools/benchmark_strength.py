"""Measure how strong each computer level is and write the table of ``docs/strength.md``.

For each adding game (classic, arcade, tactical) one bot of each level plays against three
Normal bots, the Expert also against three Hard bots, and Hard and the Expert against two and
three of the reference opponent ``trap``. The entries take every seat and every order round the
table equally often, so no level profits from a seat; an even level wins 25% against three and
33.3% against two. In the trick-taking game one bot of each level plays against two Normal bots,
and the table also says how often the level made its bid exactly and its points per deal. The
games are seeded, so a run with the same options gives the same table (decision times aside).

    python tools/benchmark_strength.py            # 2,000 games per row
    python tools/benchmark_strength.py --games 40 --output /tmp/strength.md   # a smoke run
    python tools/benchmark_strength.py --only tricks   # only the trick-taking rows: the other
                                                       # sections of the page are kept
    python tools/benchmark_strength.py --only colours,tricks   # both games of their own
    python tools/benchmark_strength.py --only tactical-expert   # those rows of the page made
                                                       # again, every other row kept

The games run on ``--workers`` processes, one game at a time on each. Every finished chunk of
games is kept in ``--cache`` (``build/strength`` by default), so an interrupted run picks up
where it stopped; ``--fresh`` starts again. The rows that test a claim (Hard, Expert, trap) run
first; ``--report-only`` writes the table from the chunks finished so far, and a row that is
short of its games says so.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import platform
import shlex
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from ninetynine_audio.bots import levels
from ninetynine_audio.bots.adding.reference import TRAP, register_reference_levels
from ninetynine_audio.bots.tournament import GameRecord, TimeHistogram, run_tournament, wilson
from ninetynine_audio.games.registry import all_games, find_game

FAMILY = "adding"
TRICKS = "tricks"
TRICKS_HEADING = "## The trick-taking game"
COLOURS = "colours"
COLOURS_HEADING = "## The colour game"
SECTIONS = (COLOURS, TRICKS)
"""Games with a section of their own, each kept when only the other rows run."""
HINT_HEADING = "## The hint"
"""The section ``tools/benchmark_hint.py`` writes: kept whenever this page is made again."""
GAMES = tuple(spec.id for spec in all_games() if spec.family == FAMILY)
CHUNK = 96  # games per job: a multiple of 24 (the seatings of four entries), so every chunk is fair
# Games of the Expert against Hard, the closest contest of the table (more narrow its interval).
DUEL_GAMES = 2000


@dataclass(frozen=True)
class Row:
    """One line of the table: ``level`` against ``count`` ``opponent`` bots, seated fairly."""

    game: str
    level: str
    opponent: str
    count: int = 3

    @property
    def name(self) -> str:
        """The row's file-name key."""
        return f"{self.game}-{self.level}-vs-{self.count}-{self.opponent}"

    @property
    def kinds(self) -> list[str]:
        """The entries of the row's tournament, the measured level first."""
        return [self.level] + [self.opponent] * self.count


@dataclass(frozen=True)
class Job:
    """A chunk of games of one row."""

    row: Row
    chunk: int
    games: int
    seed: int


def rows() -> list[Row]:
    """Every row of the table, in table order."""
    found: list[Row] = []
    for game in GAMES:
        found.extend(Row(game, level, "normal") for level in levels(FAMILY))
        found.append(Row(game, "expert", "hard"))
        found.extend(
            Row(game, level, TRAP, count)
            for level in ("hard", "expert")
            for count in (2, 3)
            if _seats_allowed(game, count + 1)
        )
    found.extend(Row(COLOURS, "hard", "normal", count) for count in (1, 2, 3))
    found.append(Row(COLOURS, "normal", "easy", 1))
    found.extend(Row(COLOURS, "expert", opponent, 1) for opponent in ("normal", "hard"))
    found.extend(Row(TRICKS, level, "normal", 2) for level in levels(TRICKS))
    found.append(Row(TRICKS, "expert", "hard", 2))
    return found


def _seats_allowed(game: str, players: int) -> bool:
    """Whether ``game`` is played by ``players`` (arcade: four only)."""
    spec = find_game(game)
    return spec.min_players <= players <= spec.max_players


def _deal_figures(row: Row, record: GameRecord, figures: dict[str, int]) -> None:
    """Add one trick-taking game's deals, bids made and points of the row's level."""
    seats = [s for s, kind in enumerate(record.kinds) if kind == row.level]
    names = record.players
    for event in record.events:
        line = event.to_log()
        if line["event"] != "deal_scored":
            continue
        for seat in seats:
            figures["deals"] += 1
            figures["made"] += names[seat] in line["made"]
            figures["points"] += line["points"][names[seat]]


def run_job(job: Job) -> dict[str, object]:
    """Play one chunk and return its figures (run in a worker process)."""
    row = job.row
    kinds = row.kinds
    deals = {"deals": 0, "made": 0, "points": 0}

    def on_game(index: int, record: GameRecord) -> None:
        if row.game == TRICKS:
            _deal_figures(row, record, deals)
            record.events.clear()

    # One tournament in pieces: chunk k plays games k * CHUNK onwards of the row's seed.
    result = run_tournament(
        row.game,
        kinds,
        job.games,
        job.seed,
        clock=time.process_time,
        first=job.chunk * CHUNK,
        on_game=on_game,
        keep_events=row.game == TRICKS,
    )
    entry = result.entries[0]
    # With four bots of one level every decision counts (the same player anyway).
    times = result.decision_times.get(row.level, TimeHistogram())
    return {
        "row": row.name,
        "chunk": job.chunk,
        "games": result.games,
        "wins": entry.wins,
        "lives_lost": entry.lives_lost,
        "rounds": result.rounds,
        "times": times.to_dict(),
        **deals,
    }


def _cache_file(cache: Path, job: Job) -> Path:
    return cache / f"{job.row.name}-{job.chunk:04d}-{job.games}-{job.seed}-cpu.json"


def priority(row: Row) -> int:
    """Rows that test a target of the table run first (an interrupted run has those)."""
    order = [
        row.game == COLOURS and row.level == "expert",  # the quickest rows of a new level
        row.game == TRICKS and row.level == "expert",
        row.game == "tactical" and row.level == "hard" and row.opponent == "normal",
        row.game == "tactical" and row.level == "expert" and row.opponent in ("normal", "hard"),
        row.level == "expert" and row.opponent == "hard",
        row.game == "tactical" and row.opponent == TRAP,
        TRAP in (row.level, row.opponent),
        row.level == "expert",
    ]
    return order.index(True) if True in order else len(order)


def collect(
    jobs: Sequence[Job], cache: Path, workers: int, run: bool = True
) -> dict[str, list[dict[str, object]]]:
    """Run the jobs not yet in ``cache`` (unless not ``run``) and return the figures of every
    finished chunk by row."""
    cache.mkdir(parents=True, exist_ok=True)
    todo = [job for job in jobs if not _cache_file(cache, job).exists()] if run else []
    # By priority, then chunk by chunk across the rows: a run cut short has some of each row.
    todo.sort(key=lambda job: (priority(job.row), job.chunk))
    by_name = {job.row.name: job for job in jobs}
    print(f"{len(jobs)} chunks, {len(jobs) - len(todo)} already done", file=sys.stderr)
    started = time.perf_counter()
    # The trap-setting yardstick is a level in the workers too.
    with multiprocessing.Pool(workers, initializer=register_reference_levels) as pool:
        for done, figures in enumerate(pool.imap_unordered(run_job, todo), 1):
            job = next(
                j for j in todo if j.row.name == figures["row"] and j.chunk == figures["chunk"]
            )
            _cache_file(cache, job).write_text(json.dumps(figures), encoding="utf-8")
            elapsed = time.perf_counter() - started
            left = elapsed / done * (len(todo) - done)
            print(
                f"[{done}/{len(todo)}] {figures['row']} chunk {figures['chunk']}"
                f"  {elapsed / 60:.1f} min, about {left / 60:.1f} min left",
                file=sys.stderr,
            )
    results: dict[str, list[dict[str, object]]] = {name: [] for name in by_name}
    for job in jobs:
        path = _cache_file(cache, job)
        if path.exists():
            results[job.row.name].append(json.loads(path.read_text(encoding="utf-8")))
    return results


def _int(value: object) -> int:
    assert isinstance(value, int)
    return value


def _histogram(chunks: Sequence[dict[str, object]]) -> TimeHistogram:
    times = TimeHistogram()
    for c in chunks:
        values = c["times"]
        assert isinstance(values, dict)
        times.merge(TimeHistogram.from_dict(values))
    return times


def table(
    game: str,
    chosen: Sequence[Row],
    results: dict[str, list[dict[str, object]]],
    wanted: dict[str, int],
) -> str:
    """The Markdown table of ``game``."""
    lines = [
        f"### {game}",
        "",
        "| level | against | games | even share | win rate | 95% interval"
        " | lives lost per round | decision median | decision 95th pct |",
        "| --- | --- | ---: | ---: | ---: | --- | ---: | ---: | ---: |",
    ]
    for row in chosen:
        if row.game != game:
            continue
        chunks = results[row.name]
        games = sum(_int(c["games"]) for c in chunks)
        if games == 0:
            lines.append(f"| {row.level} | {row.count} × {row.opponent} | not run | | | | | | |")
            continue
        short = f" (of {wanted[row.name]})" if games < wanted[row.name] else ""
        wins = sum(_int(c["wins"]) for c in chunks)
        lost = sum(_int(c["lives_lost"]) for c in chunks)
        rounds = sum(_int(c["rounds"]) for c in chunks)
        times = _histogram(chunks)
        median = times.percentile(50) * 1000
        p95 = times.percentile(95) * 1000
        interval = wilson(wins, games)
        lines.append(
            f"| {row.level} | {row.count} × {row.opponent} | {games}{short}"
            f" | {1 / (row.count + 1):.1%}"
            f" | {interval.rate:.1%}"
            f" | {interval.low:.1%} – {interval.high:.1%} | {lost / max(rounds, 1):.3f}"
            f" | {median:.2f} ms | {p95:.2f} ms |"
        )
    lines.append("")
    return "\n".join(lines)


def section_opening(heading: str, command: str) -> list[str]:
    """The first lines of a game's own section: its heading, the command that made it, the date."""
    return [
        heading,
        "",
        "Made by the command below (the other sections of this page are kept when it runs):",
        "",
        "```",
        command,
        "```",
        "",
        f"- date: {date.today().isoformat()}",
    ]


def _games_text(games: int, wanted: dict[str, int], row: Row) -> str:
    """The games of a row, with how many it should have had when it stopped short."""
    goal = wanted.get(row.name, games)
    return f"{games} (of {goal})" if games < goal else str(games)


def _short_note(
    game: str,
    chosen: Sequence[Row],
    results: dict[str, list[dict[str, object]]],
    wanted: dict[str, int],
) -> list[str]:
    """A line saying that some rows of ``game`` stopped short, when they did."""
    short = [
        row
        for row in chosen
        if row.game == game and sum(_int(c["games"]) for c in results[row.name]) < wanted[row.name]
    ]
    if not short:
        return []
    return [
        '- rows marked "of 2000" stopped short and "not run" never started in the time this run'
        " had (their earlier figures are in this page's history); the command resumes from the"
        " finished games",
    ]


def tricks_section(
    chosen: Sequence[Row],
    results: dict[str, list[dict[str, object]]],
    command: str,
    wanted: dict[str, int],
) -> str:
    """The Markdown section of the trick-taking game, with the command that made it."""
    lines = [
        *section_opening(TRICKS_HEADING, command),
        "- each row: one bot of the level and two opponents (Normal, or Hard), taking every seat"
        " and order in turn, so a level as strong as its opponents wins 33.3%; game to 100, no"
        " declarations; decision time in CPU time, as above",
        "- bid made: the share of the level's deals in which it took exactly its bid; points"
        " per deal: its average points a deal, bonus included; both with the level's own seat"
        " only (a level against its own kind: every seat)",
        *_short_note(TRICKS, chosen, results, wanted),
        "- **easy**: random bid cards, then any legal card.",
        "- **normal**: counts the likely tricks of the nine cards kept for each choice of bid"
        " cards and bids the nearest; wins tricks cheaply while it needs them, ducks with its"
        " highest safe card once its bid is made.",
        "- **hard**: tries its five most promising bids against 14 samples of the other hands,"
        " each played out, and keeps the best; in play it deals the unseen cards out again 20"
        " times consistently with its view (hand sizes, suits shown out of, a declared bid or"
        " revealed hand), plays every playable card out in each, and plays the card that scores"
        " best for it, less a share of what the others score (more for a bid it can read).",
        "- **expert**: tries all 220 choices of bid cards by successive halving (every choice on"
        " 3 samples of the other hands, the best 30 on 12 more, the best 8 on 40 more, the other"
        " two bidding in each as Normal would and the deal played out); in play it deals the"
        " unseen cards out 60 times, weighing each deal by how well the bid it gives each other"
        " player fits the cards that player kept, and from four cards in hand on solves each of"
        " 40 deals exactly (every player playing its best for itself); its choice is the best"
        " for its own points less a quarter of the others'.",
        "",
        "| level | against | games | win rate | 95% interval | bid made | 95% interval"
        " | points per deal | decision median | decision 95th pct |",
        "| --- | --- | ---: | ---: | --- | ---: | --- | ---: | ---: | ---: |",
    ]
    for row in chosen:
        if row.game != TRICKS:
            continue
        chunks = results[row.name]
        games = sum(_int(c["games"]) for c in chunks)
        if games == 0:
            lines.append(f"| {row.level} | {row.count} × {row.opponent} | not run |" + " |" * 7)
            continue
        wins = sum(_int(c["wins"]) for c in chunks)
        deals = sum(_int(c["deals"]) for c in chunks)
        made = sum(_int(c["made"]) for c in chunks)
        points = sum(_int(c["points"]) for c in chunks)
        times = _histogram(chunks)
        median, p95 = times.percentile(50) * 1000, times.percentile(95) * 1000
        won = wilson(wins, games)
        hit = wilson(made, deals)
        lines.append(
            f"| {row.level} | {row.count} × {row.opponent} | {_games_text(games, wanted, row)}"
            f" | {won.rate:.1%}"
            f" | {won.low:.1%} – {won.high:.1%} | {hit.rate:.1%} | {hit.low:.1%} – {hit.high:.1%}"
            f" | {points / max(deals, 1):.2f} | {median:.2f} ms | {p95:.2f} ms |"
        )
    lines.append("")
    return "\n".join(lines)


def colours_section(
    chosen: Sequence[Row],
    results: dict[str, list[dict[str, object]]],
    command: str,
    wanted: dict[str, int],
) -> str:
    """The Markdown section of the colour game, with the command that made it."""
    lines = [
        *section_opening(COLOURS_HEADING, command),
        "- each row: one bot of the level against its opponents, taking every seat and order in"
        " turn; no Pro Variant; decision time in CPU time, as above",
        *_short_note(COLOURS, chosen, results, wanted),
        "- **easy**: any legal move at random. **normal**: greedy: scores when that wins, starts"
        " a row low and adds the lowest card that fits, scores a row that can hardly grow, then"
        " plays onto the piles while it can, keeping back the card its row will want next."
        " **hard**: tries every scoring choice and row card with every order of pile plays and"
        " judges where each line ends (points, how far the row can still grow, cards left, the"
        " draw pile, what the piles offer the next player)."
        " **expert**: a search over deals of the unseen cards: Hard's twelve best plans, each"
        " carried out on the same 32 deals of the cards it cannot see (hands, draw piles and"
        " reserve of their known sizes; the cards the player before it kept from its turn"
        " seldom ones it could have played onto the piles) and played on for two rounds in a"
        " fast copy of the game, its own next two turns by Hard's rules and every other turn"
        " by Normal's; a plan is worth Hard's judgement (with the next player's cards read the"
        " same way) plus twice the average of where its playouts end (a win, a loss, or its"
        " points, draw pile and row ahead of the other player's); after 12 deals the plans"
        " more than 12 points behind the best meet no more (26 deals at a table of three, 22"
        " at four).",
        "",
        "| level | against | games | even share | win rate | 95% interval"
        " | decision median | decision 95th pct |",
        "| --- | --- | ---: | ---: | ---: | --- | ---: | ---: |",
    ]
    for row in chosen:
        if row.game != COLOURS:
            continue
        chunks = results[row.name]
        games = sum(_int(c["games"]) for c in chunks)
        if games == 0:
            lines.append(f"| {row.level} | {row.count} × {row.opponent} | not run | | | | | |")
            continue
        wins = sum(_int(c["wins"]) for c in chunks)
        times = _histogram(chunks)
        won = wilson(wins, games)
        lines.append(
            f"| {row.level} | {row.count} × {row.opponent} | {_games_text(games, wanted, row)}"
            f" | {1 / (row.count + 1):.1%}"
            f" | {won.rate:.1%} | {won.low:.1%} – {won.high:.1%}"
            f" | {times.percentile(50) * 1000:.2f} ms | {times.percentile(95) * 1000:.2f} ms |"
        )
    lines.append("")
    return "\n".join(lines)


def write_report(
    path: Path,
    chosen: Sequence[Row],
    results: dict[str, list[dict[str, object]]],
    argv: list[str],
    wanted: dict[str, int],
) -> None:
    """Write the Markdown report with its tables and how it was made."""
    command = "python tools/benchmark_strength.py" + "".join(f" {shlex.quote(a)}" for a in argv)
    header = [
        "# How strong the computer players are",
        "",
        "Made by the command below; do not edit the tables by hand, run it again.",
        "",
        "```",
        command,
        "```",
        "",
        f"- date: {date.today().isoformat()}",
        f"- machine: {os.cpu_count()} cores (nproc), {platform.machine()},"
        f" Python {platform.python_version()}, one core per game, shared with other work",
        "- each row: one bot of the level against its opponents; the entries take every seat"
        " and every order round the table equally often (all seatings in turn), so a level as"
        " strong as its opponents wins its even share (25% against three, 33.3% against two)",
        "- win rate with its 95% Wilson interval; lives lost per round by the level's bot"
        " (tactical: points); decision time of that bot, median and 95th percentile, in CPU"
        " time of its process (one core; the machine is shared, so wall time would count the"
        " others' work), read from a histogram of 1% buckets",
        "",
        "## The levels",
        "",
        "- **easy**: any safe card at random.",
        "- **normal**: its lowest ordinary safe card; specials only when nothing else fits.",
        "- **hard**: scores every legal play (both ways of a 10 or an ace) by exact chances over"
        " the cards it has not seen: the next player left with no safe card, its own next turn"
        " without one, and the cost of spending a card that is always safe; in tactical the"
        " points won or lost at once, the trap it leaves (the next player's best reply, worked"
        " out exactly over the unseen cards: what it makes Hard lose or costs its player) and"
        " the trap it walks into (what Hard's kept cards can score on the total that reply"
        " leaves).",
        "- **crazy**: Hard that counts harming the human three times and the others less;"
        " with no human at the table (as here) it plays exactly as Hard.",
        "- **expert**: deals the unseen cards at random consistently with what it knows and"
        " plays every candidate out to the end of the round (each seat by its level's habits:"
        " Normal seats as Normal, the stronger ones and itself as a quick likeness of Hard; in"
        " tactical that likeness reads the next player's best reply from a table made with"
        " Hard's own reckoning), a fixed number of deals per decision (120), and adds Hard's"
        " score (in tactical at full weight); in classic and arcade it searches from a total"
        " of 80 and keeps Hard's choice below, and deals the other hands as the whole round's"
        " plays say (a player who plays its ordinary cards first keeps the 4, 9, 10 and King"
        " it draws; a hand counts as much as its player's level would have made those plays"
        " from it); in tactical it deals the other hands as the"
        " other players' last two plays suggest (a hand is kept with the chance that the"
        " player's level would have made those plays from it) and counts a round by how it"
        " changes its chance of outlasting the others (its points squared against everybody's"
        " points squared). The hint asks the Expert with half those deals (60) and, in"
        " tactical, without reading the plays, so that it answers at once, and says what they"
        " found (how many re-deals leave a player stuck; in tactical the points a round the"
        " play gains on the others).",
        "- **trap** (a yardstick, not offered in the menus): one play ahead only; it takes"
        " the play that scores most at once, then in tactical a total just below a mark"
        " (29–32, 62–65, 95–98) and in classic and arcade the play most likely to leave the"
        " next player without a safe card, and otherwise keeps its low cards.",
        "",
        "## Results",
        "",
    ]
    played = {name: sum(_int(c["games"]) for c in chunks) for name, chunks in results.items()}
    if any(played[name] < games for name, games in wanted.items()):
        header += [
            'Some rows did not finish in the time this run had: a row marked "of 2000" stopped'
            ' short and "not run" never started. The command resumes from the finished games.',
            "",
        ]
    writers = {
        COLOURS: (COLOURS_HEADING, colours_section),
        TRICKS: (TRICKS_HEADING, tricks_section),
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    only = {row.game for row in chosen}
    if only <= set(SECTIONS) and path.exists():
        # Only sections of their own were run: keep the rest of the page, replace those.
        page = path.read_text(encoding="utf-8")
        parts = _split_sections(page)
        for game in sorted(only):
            heading, write = writers[game]
            parts[heading] = write(chosen, results, command, wanted)
        path.write_text("\n\n".join(p.rstrip("\n") for p in parts.values()) + "\n", "utf-8")
        return
    body = [table(game, chosen, results, wanted) for game in GAMES]
    every = {row.name for row in rows() if row.game not in SECTIONS}
    adding = {row.name for row in chosen if row.game not in SECTIONS}
    if adding and adding < every and path.exists():
        # Some rows of the adding games' tables were run: they replace their lines of the page
        # as it is, whose other rows, sections and first command stay; a line says which rows
        # were made again, when and how.
        parts = _split_sections(path.read_text(encoding="utf-8"))
        fresh = "\n".join(header + body)
        names = ", ".join(sorted(adding))
        rerun = f"- made again on {date.today().isoformat()} by `{command}`: {names}"
        parts[""] = merge_rows(parts[""], fresh, rerun)
        path.write_text("\n\n".join(p.rstrip("\n") for p in parts.values()) + "\n", "utf-8")
        return
    sections = [
        write(chosen, results, command, wanted)
        for game, (_, write) in writers.items()
        if any(r.game == game for r in chosen)
    ]
    if path.exists():
        # The hint's timings come from their own command: keep them.
        kept = _split_sections(path.read_text(encoding="utf-8")).get(HINT_HEADING)
        if kept:
            sections.append(kept.rstrip("\n") + "\n")
    path.write_text("\n".join(header + body) + "".join("\n" + s for s in sections), "utf-8")


def _row_key(line: str, game: str) -> tuple[str, str, str] | None:
    """The game, level and opponents of a line of an adding game's table; None for other lines."""
    cells = [cell.strip() for cell in line.split("|")]
    if len(cells) < 4 or not line.startswith("| ") or cells[1] in ("level", "---"):
        return None
    return game, cells[1], cells[2]


def _first_table(lines: list[str]) -> int:
    """Where the first game's table starts (its ``###`` heading)."""
    return next((i for i, line in enumerate(lines) if line.startswith("### ")), len(lines))


def merge_rows(old: str, fresh: str, rerun: str) -> str:
    """The adding games' part of the page ``old`` with the rows of ``fresh`` put in: a row of
    both takes its line from ``fresh``, a row new to a table goes at its end, the others stay.
    The levels' descriptions come from ``fresh`` (they describe the code that ran); the first
    command, date and machine stay those of ``old``, followed by the ``rerun`` line (one line
    for each partial run since)."""

    def rows_of(page: str) -> dict[tuple[str, str, str], str]:
        found: dict[tuple[str, str, str], str] = {}
        game = ""
        for line in page.splitlines():
            if line.startswith("### "):
                game = line[4:].strip()
            key = _row_key(line, game)
            if key is not None:
                found[key] = line
        return found

    new_rows = rows_of(fresh)
    old_lines = old.splitlines()
    levels_at = old_lines.index("## The levels") if "## The levels" in old_lines else None
    fresh_lines = fresh.splitlines()
    if levels_at is not None and "## The levels" in fresh_lines:
        # The old page's opening (its command, date and machine, and the partial runs since)
        # and this run's line; then, as this run wrote them, the levels and the words before
        # the tables (whether a row stopped short); then the old page's tables.
        head = old_lines[:levels_at]
        while head and not head[-1].strip():
            head.pop()
        head += [rerun, ""]
        start = fresh_lines.index("## The levels")
        merged = head + fresh_lines[start : _first_table(fresh_lines)]
        merged += old_lines[_first_table(old_lines) :]
    else:
        merged = old_lines
    out: list[str] = []
    game = ""
    placed: set[tuple[str, str, str]] = set()
    for index, line in enumerate(merged):
        if line.startswith("### "):
            game = line[4:].strip()
        key = _row_key(line, game)
        if key is not None and key in new_rows:
            line = new_rows[key]
            placed.add(key)
        out.append(line)
        table_ends = key is not None and (
            index + 1 == len(merged) or _row_key(merged[index + 1], game) is None
        )
        if table_ends:
            for extra, text in new_rows.items():
                if extra[0] == game and extra not in placed:
                    out.append(text)
                    placed.add(extra)
    return "\n".join(out) + "\n"


def _split_sections(page: str) -> dict[str, str]:
    """The page cut at the headings of the games with sections of their own (in page order);
    the part before them is kept under the key ``""``."""
    parts: dict[str, str] = {}
    key, current = "", list[str]()
    headings = {COLOURS_HEADING, TRICKS_HEADING, HINT_HEADING}
    for line in page.splitlines(keepends=True):
        if line.rstrip("\n") in headings:
            parts[key] = "".join(current)
            key, current = line.rstrip("\n"), []
        current.append(line)
    parts[key] = "".join(current)
    return parts


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and write the report."""
    # Only a run adds the yardstick to the levels: a module that imports this one (the hint's
    # benchmark, the tests) leaves the games' levels as the menus have them.
    register_reference_levels()
    arguments = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=2000, help="games per row (default 2000)")
    parser.add_argument("--seed", type=int, default=99, help="seed of the first chunk")
    parser.add_argument("--workers", type=int, default=2, help="processes, one game each")
    parser.add_argument("--output", type=Path, default=Path("docs/strength.md"))
    parser.add_argument("--cache", type=Path, default=Path("build/strength"))
    parser.add_argument("--fresh", action="store_true", help="ignore finished chunks")
    parser.add_argument(
        "--only",
        default=None,
        help="only rows whose name contains this (or one of these, separated by commas)",
    )
    parser.add_argument("--without", default=None, help="leave out rows whose name has this")
    parser.add_argument(
        "--report-only",
        action="store_true",
        help="play nothing: write the report from the finished chunks (a row short of its"
        " games says so)",
    )
    parser.add_argument(
        "--duel-games",
        type=int,
        default=DUEL_GAMES,
        help=f"games per row of the Expert against three Hard bots (default {DUEL_GAMES})",
    )
    args = parser.parse_args(arguments)
    chosen = [
        row
        for row in rows()
        if (args.only is None or any(part in row.name for part in args.only.split(",")))
        and (args.without is None or args.without not in row.name)
    ]
    jobs: list[Job] = []
    wanted: dict[str, int] = {}
    for row in chosen:
        left, chunk = (args.duel_games if row.opponent == "hard" else args.games), 0
        wanted[row.name] = left
        while left > 0:
            size = min(CHUNK, left)
            jobs.append(Job(row, chunk, size, args.seed * 10_000))
            left -= size
            chunk += 1
    if args.fresh:
        for job in jobs:
            _cache_file(args.cache, job).unlink(missing_ok=True)
    results = collect(jobs, args.cache, args.workers, run=not args.report_only)
    command = [a for a in arguments if a != "--report-only"]
    write_report(args.output, chosen, results, command, wanted)
    print(f"wrote {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
