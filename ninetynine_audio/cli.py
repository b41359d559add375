"""Command line: start the game, simulate bot tournaments, replay event logs."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from ninetynine_audio.bots import levels
from ninetynine_audio.bots.tournament import GameRecord, TournamentResult, run_tournament
from ninetynine_audio.cards import CardParseError, parse_cards
from ninetynine_audio.games.adding import AddingOptions
from ninetynine_audio.games.adding.replay import replay_log
from ninetynine_audio.games.errors import SetupError
from ninetynine_audio.games.setup import GAMES, GameSetup, game_id, parse_players

VARIANT_FLAGS = (
    ("ten_always_minus", "a 10 always takes 10 away"),
    ("swap_nine_king", "the 9 makes 99 and the King passes"),
    ("keep_going", "after a lost token only the total goes back to 0; hands are kept"),
    ("two_player_four", "with two players a 4 gives its player another turn"),
    ("straight_out", "no tokens: a stuck player is out at once"),
    ("manual_draw", "players draw with a key and can forget to"),
)


def add_game_options(parser: argparse.ArgumentParser, default_players: str | None) -> None:
    """Options that set up a game, shared by ``play`` and ``simulate``."""
    parser.add_argument("--game", default="classic", help=f"one of {', '.join(GAMES)}")
    parser.add_argument(
        "--players",
        default=default_players,
        help="seats clockwise: levels (easy,normal,…) or name:kind (You:human,Lily:normal)",
    )
    parser.add_argument("--seed", type=int, default=None, help="seed of the shuffles")
    parser.add_argument("--deck", default=None, help='stack the stock, top first: "KS 9H 4C …"')
    parser.add_argument("--lives", type=int, default=None, help="lives (tokens, points) each")
    parser.add_argument("--hand-size", type=int, default=None, help="classic: 3, 4, 5 or 7")
    for name, text in VARIANT_FLAGS:
        parser.add_argument("--" + name.replace("_", "-"), action="store_true", help=text)
    parser.add_argument("--log-events", type=Path, default=None, help="write a JSON Lines log")


def setup_from_args(args: argparse.Namespace, seed: int) -> GameSetup:
    """A :class:`GameSetup` from parsed options; raises ``SetupError`` with a clear message."""
    game = game_id(args.game)
    spec = args.players or default_players_for(game)
    names, kinds = parse_players(game, spec, ("human", *levels("adding")))
    try:
        deck = parse_cards(args.deck) if args.deck else None
    except CardParseError as error:
        raise SetupError(str(error), option="deck") from None
    options = AddingOptions(
        lives=args.lives,
        hand_size=args.hand_size,
        **{name: bool(getattr(args, name)) for name, _ in VARIANT_FLAGS},
    )
    return GameSetup(game, names, kinds, options, seed, deck)


def default_players_for(game: str) -> str:
    """The table a new player gets: You against three Normal players."""
    return "human,normal,normal,normal"


# ---------------------------------------------------------------------------- simulate


def _write_log(stream: IO[str], record: GameRecord) -> None:
    for event in record.events:
        stream.write(json.dumps(event.to_log()) + "\n")


def _progress(done: int, total: int, started: float, stream: IO[str]) -> None:
    """A bar redrawn in place on a terminal; a line every tenth of the run elsewhere."""
    rate = done / max(time.perf_counter() - started, 1e-9)
    if stream.isatty():
        width = 30
        filled = width * done // total
        stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} ({rate:.0f}/s)")
        if done == total:
            stream.write("\n")
    elif done == total or done % max(1, total // 10) == 0:
        stream.write(f"{done}/{total} games ({rate:.0f}/s)\n")
    stream.flush()


def format_tournament(result: TournamentResult, seconds: float, rotate: bool) -> str:
    """The tournament's figures as a plain-text table."""
    games = result.games
    lines = [
        f"{result.game}: {games} games, "
        + (
            "entries take every seat and every order round the table equally often"
            if rotate
            else "entries keep their seats"
        ),
        f"{'entry':<6}{'level':<10}{'wins':>7}{'win rate':>10}  95% interval   lives lost/round",
    ]
    for entry in result.entries:
        interval = entry.interval(games)
        per_round = entry.lives_lost / max(result.rounds, 1)
        lines.append(
            f"{entry.index + 1:<6}{entry.kind:<10}{entry.wins:>7}{interval.rate:>9.1%}"
            f"  {interval.low:6.1%} – {interval.high:6.1%}   {per_round:.3f}"
        )
    lines.append(f"rounds per game: {result.rounds / max(games, 1):.2f}")
    lines.append(f"games per second: {games / max(seconds, 1e-9):.1f}")
    lines.append("decision time per level (median, 95th percentile):")
    for level in dict.fromkeys(result.kinds):
        median, p95 = result.decision_summary(level)
        lines.append(f"  {level:<8} {median * 1000:8.3f} ms {p95 * 1000:8.3f} ms")
    return "\n".join(lines)


def cmd_simulate(args: argparse.Namespace) -> int:
    """Play bot games and print each entry's results."""
    # The benchmark's yardstick (``trap``) may sit at the table too; the menus never offer it.
    from ninetynine_audio.bots.adding.reference import register_reference_levels

    register_reference_levels()
    seed = args.seed if args.seed is not None else 1
    setup = setup_from_args(args, seed)
    if "human" in setup.kinds:
        raise SetupError("simulate needs computer players only", option="players")
    log = args.log_events.open("w", encoding="utf-8") if args.log_events else None
    show_progress = args.games >= 100 and not args.quiet
    started = time.perf_counter()
    step = max(1, args.games // 100)

    def on_game(index: int, record: GameRecord) -> None:
        if log:
            _write_log(log, record)
        if show_progress and ((index + 1) % step == 0 or index + 1 == args.games):
            _progress(index + 1, args.games, started, sys.stderr)

    try:
        result = run_tournament(
            setup.game,
            setup.kinds,
            args.games,
            seed,
            setup.options,
            rotate=not args.no_rotate,
            clock=time.perf_counter,
            on_game=on_game,
            keep_events=log is not None,
            deck=setup.deck,
        )
    finally:
        if log:
            log.close()
    seconds = time.perf_counter() - started
    print(format_tournament(result, seconds, not args.no_rotate))
    return 0


# ---------------------------------------------------------------------------- replay


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a log; exit 1 when any game differs."""
    records: list[dict[str, Any]] = []
    with args.log.open(encoding="utf-8") as stream:
        for number, line in enumerate(stream, 1):
            if line.strip():
                try:
                    records.append(json.loads(line))
                except json.JSONDecodeError as error:
                    print(f"line {number} is not JSON: {error}", file=sys.stderr)
                    return 1
    results = replay_log(records)
    bad = [r for r in results if not r.is_consistent]
    for r in bad:
        print(f"game {r.index + 1}: {r.problem}")
    print(f"{len(results)} games replayed, {len(results) - len(bad)} the same, {len(bad)} differ")
    return 1 if bad else 0


# ---------------------------------------------------------------------------- play


def cmd_play(args: argparse.Namespace) -> int:
    """Start the game (window, or text mode with ``--text``)."""
    from ninetynine_audio.ui.app import run  # pygame is loaded only when playing

    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    # A game named on the command line starts at once; otherwise the player uses the menus.
    wants_game = bool(args.game or args.players or args.deck)
    args.game = args.game or "classic"
    setup = setup_from_args(args, seed) if wants_game else None
    return run(args, setup, seed)


def build_parser() -> argparse.ArgumentParser:
    """The command-line parser."""
    parser = argparse.ArgumentParser(
        prog="ninetynine-audio",
        description="Ninety-Nine card games, played by keyboard and speech.",
    )
    commands = parser.add_subparsers(dest="command")
    play = commands.add_parser("play", help="play (the default)")
    _add_play_options(play)
    simulate = commands.add_parser("simulate", help="play computer players against each other")
    add_game_options(simulate, default_players="normal,normal,normal,normal")
    simulate.add_argument("--games", type=int, default=1000)
    simulate.add_argument(
        "--no-rotate",
        action="store_true",
        help="entries keep their seats (by default they take every seat and order equally often)",
    )
    simulate.add_argument("--quiet", action="store_true", help="no progress bar")
    replay = commands.add_parser("replay", help="replay an event log and check it")
    replay.add_argument("log", type=Path)
    return parser


def _add_play_options(parser: argparse.ArgumentParser) -> None:
    add_game_options(parser, default_players=None)
    # No default game: without --game, --players or --deck the menus choose the game.
    parser.set_defaults(game=None)
    parser.add_argument(
        "--bot-pause",
        type=int,
        default=None,
        metavar="MS",
        help="pause before each computer move, in milliseconds (default: the Settings value)",
    )
    parser.add_argument("--text", action="store_true", help="play in the terminal, no window")
    parser.add_argument(
        "--speech",
        choices=("auto", "screenreader", "tts", "text"),
        default=None,
        help="how to speak (default: the Settings choice, else auto)",
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``ninetynine-audio`` and ``python -m ninetynine_audio``."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    if not arguments or (arguments[0].startswith("-") and arguments[0] not in ("-h", "--help")):
        arguments.insert(0, "play")
    args = build_parser().parse_args(arguments)
    handlers = {"play": cmd_play, "simulate": cmd_simulate, "replay": cmd_replay}
    try:
        return handlers[args.command](args)
    except SetupError as error:
        print(f"ninetynine-audio: {error}", file=sys.stderr)
        return 2
