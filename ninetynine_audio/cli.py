"""Command line: start the game, simulate bot tournaments, replay event logs."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from ninetynine_audio import families
from ninetynine_audio.cards import CardParseError
from ninetynine_audio.firstline import escape_unwritable
from ninetynine_audio.games.base import HUMAN, SWITCH, AnySpec, GameSetup, OptionSpec
from ninetynine_audio.games.errors import SetupError, unreadable_card
from ninetynine_audio.games.registry import all_games, find_game, game_ids
from ninetynine_audio.games.setup import parse_players
from ninetynine_audio.i18n import ENGLISH, LANGUAGES, _, set_language
from ninetynine_audio.i18n import system_language as _system_language
from ninetynine_audio.i18n.pseudo import PSEUDO_LANGUAGES
from ninetynine_audio.store.settings import SPEECH_BACKENDS

if TYPE_CHECKING:
    from ninetynine_audio.bots.tournament import GameRecord, TournamentResult
    from ninetynine_audio.ui.start import EarlyWindow


def default_game() -> str:
    """The game played when none is named: the one its family's manifest marks ``default``."""
    return families.default_game()


def default_kinds(spec: AnySpec, computers_only: bool) -> tuple[str, ...]:
    """The seats of the game's default table; with ``computers_only`` (a simulation) the
    person's seat is taken by the level of the computer seats."""
    kinds = spec.default_kinds
    computer = next((kind for kind in kinds if kind != HUMAN), None)
    if not computers_only or computer is None:
        return kinds
    return tuple(computer if kind == HUMAN else kind for kind in kinds)


def game_option_specs() -> tuple[OptionSpec, ...]:
    """Every option of every registered game, once each (the first game to name it wins)."""
    found: dict[str, OptionSpec] = {}
    for spec in all_games():
        for option in spec.options:
            found.setdefault(option.name, option)
    return tuple(found.values())


def add_game_options(
    parser: argparse.ArgumentParser, default_players: str | None, *, game_options: bool = True
) -> None:
    """Options that set up a game, shared by ``play`` and ``simulate``.

    Without ``game_options`` the games' own options (built from every registered game) are
    left out, so that a plain start need not load the games to read its command line.
    """
    games = ", ".join(game_ids()) if game_options else families.default_game()
    # Translators: {games} lists the games' ids as typed on the command line.
    parser.add_argument(
        "--game", default=None, help=_("one of {games} (default: the first)").format(games=games)
    )
    parser.add_argument(
        "--players",
        default=default_players,
        help=_("seats clockwise: levels (easy,normal,…) or name:kind (You:human,Lily:normal)"),
    )
    parser.add_argument("--seed", type=int, default=None, help=_("seed of the shuffles"))
    parser.add_argument("--deck", default=None, help=_('stack the stock, top first: "KS 9H 4C …"'))
    for option in game_option_specs() if game_options else ():
        if option.kind == SWITCH:
            parser.add_argument(option.flag, action="store_true", help=_(option.help))
        else:
            parser.add_argument(option.flag, type=int, default=None, help=_(option.help))
    parser.add_argument("--log-events", type=Path, default=None, help=_("write a JSON Lines log"))


def setup_from_args(args: argparse.Namespace, seed: int) -> GameSetup:
    """A :class:`GameSetup` from parsed options; raises ``SetupError`` with a clear message."""

    from ninetynine_audio.bots import levels  # the bots load only once a game is set up

    spec = find_game(args.game or default_game())
    players = args.players or ",".join(default_kinds(spec, args.command == "simulate"))
    names, kinds = parse_players(spec.id, players, (HUMAN, *levels(spec.family)))
    try:
        deck = spec.parse_deck(args.deck) if args.deck else None
    except SetupError:
        raise
    except CardParseError as error:
        raise unreadable_card(error.text) from None
    # Only what was given: the game fills in its own defaults, and refuses what it lacks.
    options: dict[str, Any] = {}
    for option in game_option_specs():
        value = getattr(args, option.name, None)
        if value is not None and value is not False:
            options[option.name] = value
    return GameSetup(spec.id, names, kinds, options, seed, deck)


SEED_RANGE = (0, 2**63 - 1)
"""Seeds any reader of a log or save can hold as a 64-bit whole number."""

BOT_PAUSE_RANGE = (0, 3000)
"""The pause the Settings allow, in milliseconds; longer would leave a player waiting."""


def check_ranges(args: argparse.Namespace) -> None:
    """Refuse numbers outside what the game can use, before anything starts.

    Raises:
        SetupError: one sentence naming the option, its allowed range and the value given.
    """
    checks = [("seed", "--seed", SEED_RANGE, False)]
    if getattr(args, "bot_pause", None) is not None:
        checks.append(("bot_pause", "--bot-pause", BOT_PAUSE_RANGE, True))
    if getattr(args, "games", None) is not None:
        checks.append(("games", "--games", (0, 10**9), False))
    for name, flag, (low, high), in_milliseconds in checks:
        value = getattr(args, name, None)
        if value is not None and not low <= value <= high:
            if in_milliseconds:
                raise SetupError(
                    "{flag} must be from {low} to {high} milliseconds, not {value}",
                    option=name,
                    value=value,
                    flag=flag,
                    low=low,
                    high=high,
                )
            raise SetupError(
                "{flag} must be from {low} to {high}, not {value}",
                option=name,
                value=value,
                flag=flag,
                low=low,
                high=high,
            )


def check_deals(setup: GameSetup) -> None:
    """Deal ``setup`` once, so a bad option is refused before a window opens or a word is said.

    Raises:
        SetupError: from the game, naming what is wrong.
    """
    find_game(setup.game).new_game(setup)


def open_log_for_writing(path: Path, mode: str) -> IO[str]:
    """Open ``--log-events`` (``"a"`` appends, ``"x"`` only creates, ``"w"`` replaces).

    Raises:
        SetupError: one sentence: the file exists (with ``"x"``), is a folder, its folder is
            missing, or it cannot be written.
    """
    if path.is_dir():
        raise SetupError(
            "cannot write the event log {path}: it is a folder", option="log_events", path=path
        )
    try:
        return path.open(mode, encoding="utf-8")
    except FileExistsError:
        raise SetupError(
            "{path} exists already; add --force to replace it", option="log_events", path=path
        ) from None
    except OSError as error:
        raise SetupError(
            "cannot write the event log {path}: {reason}",
            option="log_events",
            path=path,
            reason=error.strerror or error,
        ) from None


# ---------------------------------------------------------------------------- simulate


def _write_log(stream: IO[str], record: GameRecord) -> None:
    from ninetynine_audio.play.eventlog import write_events

    write_events(stream, record.events)


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
    from ninetynine_audio.bots.tournament import run_tournament

    check_ranges(args)
    seed = args.seed if args.seed is not None else 1
    setup = setup_from_args(args, seed)
    if HUMAN in setup.kinds:
        raise SetupError("simulate needs computer players only", option="players")
    check_deals(setup)
    # An existing log is replaced only when asked: a run of --games 0 would empty it.
    mode = "w" if args.force else "x"
    log = open_log_for_writing(args.log_events, mode) if args.log_events else None
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
    except OSError as error:  # the log's disk filled up or went away
        raise SetupError(
            "cannot write the event log {path}: {reason}",
            option="log_events",
            path=args.log_events,
            reason=error.strerror or error,
        ) from None
    finally:
        if log:
            with contextlib.suppress(OSError):
                log.close()
    seconds = time.perf_counter() - started
    print(format_tournament(result, seconds, not args.no_rotate))
    return 0


# ---------------------------------------------------------------------------- replay


class _BadLine(Exception):
    """A line of the log that is not a JSON object; the message says which and why."""


def _log_records(stream: IO[str], path: Path) -> Iterator[dict[str, Any]]:
    """The objects of a JSON Lines log, one line at a time (blank lines passed over).

    Raises:
        _BadLine: a line is not JSON, or not a JSON object.
    """
    for number, line in enumerate(stream, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except (ValueError, RecursionError) as error:
            raise _BadLine(f"{path}: line {number} is not JSON: {error}") from None
        if not isinstance(record, dict):
            raise _BadLine(f"{path}: line {number} is not a JSON object")
        yield record


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a log; exit 1 when any game differs or a line is not JSON, 2 when the file is
    not a log at all.

    The log is read as it is replayed, one game at a time, so its size does not matter; a
    line that is not JSON stops the replay there, after the games before it were reported.
    """
    from ninetynine_audio.games.replay import iter_replay

    path: Path = args.log
    games = differ = 0
    try:
        with path.open(encoding="utf-8") as stream:
            for result in iter_replay(_log_records(stream, path)):
                games += 1
                if not result.is_consistent:
                    differ += 1
                    print(f"game {result.index + 1}: {result.problem}")
    except _BadLine as error:
        print(error, file=sys.stderr)
        return 1
    except OSError as error:
        print(f"ninetynine-audio: cannot read {path}: {error.strerror or error}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"ninetynine-audio: {path} is not an event log: it is not text", file=sys.stderr)
        return 2
    print(f"{games} games replayed, {games - differ} the same, {differ} differ")
    return 1 if differ else 0


def cmd_review(args: argparse.Namespace) -> int:
    """The coach's review of one game of a log, printed: its summary, the turning points
    costliest first, then the brilliant moves. Exit 1 when the game cannot be read back, 2
    when the file cannot be read or holds no such game."""
    from ninetynine_audio.games.replay import split_games
    from ninetynine_audio.play.review import Reviewer, ReviewError
    from ninetynine_audio.ui.review import review_lines

    path: Path = args.log
    try:
        with path.open(encoding="utf-8") as stream:
            games = split_games(_log_records(stream, path))
            records = next((g for n, g in enumerate(games, 1) if n == args.index), None)
    except (_BadLine, OSError, UnicodeDecodeError) as error:
        print(f"ninetynine-audio: cannot read {path}: {error}", file=sys.stderr)
        return 2
    if records is None:
        print(f"ninetynine-audio: {path} has no game {args.index}", file=sys.stderr)
        return 2
    try:
        reviewer = Reviewer(records, seats=args.seat)
    except ReviewError as error:
        print(f"game {args.index}: {error}", file=sys.stderr)
        return 1
    for line in review_lines(reviewer.review(), reviewer.states):
        print(line)
    return 0


# ---------------------------------------------------------------------------- play


def cmd_play(args: argparse.Namespace) -> int:
    """Start the game (window, or text mode with ``--text``)."""
    from ninetynine_audio.ui.start import run  # pygame is loaded only when playing

    check_ranges(args)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    # A game named on the command line starts at once; otherwise the player uses the menus.
    wants_game = bool(args.game or args.players or args.deck)
    setup = setup_from_args(args, seed) if wants_game else None
    if setup is not None:
        check_deals(setup)
    if args.log_events is not None:
        open_log_for_writing(args.log_events, "a").close()  # refused here, not mid-game
    server = getattr(args, "server", None)
    if server:
        return run(args, None, seed, _online_start(args))
    return run(args, setup, seed)


def _online_start(args: argparse.Namespace) -> Callable[[Any], None]:
    """Go straight to the table server named by ``--server`` once the game has started."""

    def start(app: Any) -> None:
        from ninetynine_audio.online.client import PASSWORD_VARIABLE, connect, first_messages

        first = first_messages(args.create, args.seats, args.join)
        password = os.environ.get(PASSWORD_VARIABLE) or None
        connect(app, args.server, args.name or "Player", password, first)

    return start


def cmd_serve(args: argparse.Namespace) -> int:
    """Run the table server."""
    if args.event_log is not None:
        from ninetynine_audio.online.gamelog import log_place_problem

        problem = log_place_problem(args.event_log)
        if problem is not None:  # refused here, not when the first game ends
            print(f"ninetynine-audio: {problem}", file=sys.stderr)
            return 2
    if args.cluster and not args.database:
        needs = _("--cluster needs --database postgresql://…")
        print(f"ninetynine-audio: {needs}", file=sys.stderr)
        return 2
    from ninetynine_audio.online.command import serve_main  # the network loads only here

    return serve_main(args)


def cmd_export(args: argparse.Namespace) -> int:
    """Write the match of a table stored by a server as the event log's lines: 0 when
    written, 1 when no stored table has a match under that code (or it cannot be replayed),
    2 when the data folder or the output cannot be used."""
    from ninetynine_audio.games.saved import SaveError
    from ninetynine_audio.online.db import DataProblem, read_stored_tables
    from ninetynine_audio.online.gamelog import export_lines

    try:
        tables = {table.code: table for table in read_stored_tables(args.data)}
    except DataProblem as problem:
        detail = f": {problem.detail}" if problem.detail else ""
        print(f"ninetynine-audio: cannot read {problem.where}{detail}", file=sys.stderr)
        return 2
    table = tables.get(args.code)
    if table is None or table.record is None:
        games = ", ".join(sorted(code for code, t in tables.items() if t.record is not None))
        print(
            f"ninetynine-audio: no stored table {args.code} has a game"
            f" (tables with a game: {games or 'none'})",
            file=sys.stderr,
        )
        return 1
    try:
        if args.output is None:
            export_lines(table.record, sys.stdout)
        else:
            with args.output.open("w", encoding="utf-8") as stream:
                export_lines(table.record, stream)
    except SaveError as error:
        print(f"ninetynine-audio: table {args.code} cannot be replayed: {error}", file=sys.stderr)
        return 1
    except OSError as error:
        print(
            f"ninetynine-audio: cannot write {args.output}: {error.strerror or error}",
            file=sys.stderr,
        )
        return 2
    return 0


def cmd_build_web(args: argparse.Namespace) -> int:
    """Write the game as a folder of static web files (``docs/browser.md``)."""
    from ninetynine_audio.browser.build import build_command

    return build_command(args.out, args.pyodide)


def build_parser(*, game_options: bool = True) -> argparse.ArgumentParser:
    """The command-line parser; ``game_options`` as in :func:`add_game_options`. Without them
    (a plain start, before the first word) it reads ``play`` alone: the other commands' options
    are not made."""
    parser = argparse.ArgumentParser(
        prog="ninetynine-audio",
        description=_("Ninety-Nine card games, played by keyboard and speech."),
        allow_abbrev=game_options,
    )
    commands = parser.add_subparsers(dest="command")
    play = commands.add_parser("play", help=_("play (the default)"), allow_abbrev=game_options)
    _add_play_options(play, game_options=game_options)
    if not game_options:
        return parser
    simulate = commands.add_parser("simulate", help=_("play computer players against each other"))
    add_game_options(simulate, default_players=None, game_options=game_options)
    simulate.add_argument("--games", type=int, default=1000, help=_("how many games to play"))
    simulate.add_argument(
        "--no-rotate",
        action="store_true",
        help=_(
            "entries keep their seats (by default they take every seat and order equally often)"
        ),
    )
    simulate.add_argument("--quiet", action="store_true", help=_("no progress bar"))
    simulate.add_argument(
        "--force", action="store_true", help=_("replace the --log-events file if it exists")
    )
    replay = commands.add_parser("replay", help=_("replay an event log and check it"))
    replay.add_argument("log", type=Path, help=_("the event log (JSON Lines)"))
    review = commands.add_parser("review", help=_("review one game of an event log, move by move"))
    review.add_argument("log", type=Path, help=_("the event log (JSON Lines)"))
    review.add_argument(
        "--index", type=int, default=1, help=_("which game of the log (1 for the first)")
    )
    review.add_argument(
        "--seat",
        type=int,
        action="append",
        help=_("a seat to review, from 0 (by default the people's, or every seat)"),
    )
    serve = commands.add_parser("serve", help=_("run a table server for playing online"))
    serve.add_argument("--host", default="127.0.0.1", help=_("address to listen on"))
    serve.add_argument("--port", type=int, default=9999, help=_("port to listen on (0: any free)"))
    serve.add_argument("--data", default=None, help=_("folder of the server's database"))
    serve.add_argument(
        "--database",
        default=None,
        help=_("PostgreSQL database for the data (postgresql://…; default: a file in --data)"),
    )
    serve.add_argument(
        "--cluster",
        default=None,
        metavar="URL",
        help=_(
            "share the --database with other server processes; URL: where players reach this one"
        ),
    )
    serve.add_argument("--cert", default=None, help=_("TLS certificate chain (PEM), for wss://"))
    serve.add_argument("--key", default=None, help=_("TLS private key (PEM)"))
    serve.add_argument(
        "--insecure",
        action="store_true",
        help=_("listen without TLS on an address other computers can reach"),
    )
    serve.add_argument("--no-guests", action="store_true", help=_("admit accounts only"))
    serve.add_argument(
        "--offline-page",
        type=_offline_build,
        default=None,
        metavar="DIR",
        help=_("offer a folder build-web wrote at /offline/, to play on with no server"),
    )
    serve.add_argument(
        "--event-log",
        type=Path,
        default=None,
        help=_("write every finished game to this event log (a folder: one file per table)"),
    )
    serve.add_argument(
        "--limit",
        action="append",
        metavar="NAME=VALUE",
        help=_("change one of the server's limits (docs/security.md lists them)"),
    )
    serve.add_argument(
        "--admin",
        action="append",
        metavar="NAME",
        help=_("an account that may give the server owner's commands (bans, mutes, announcements)"),
    )
    serve.add_argument(
        "--trusted-proxy",
        action="append",
        metavar="ADDRESS",
        help=_("a reverse proxy whose forwarded client address is believed"),
    )
    export = commands.add_parser(
        "export", help=_("write a table stored by a server as an event log")
    )
    export.add_argument("code", help=_("the table's code"))
    export.add_argument("--data", type=Path, required=True, help=_("the server's data folder"))
    export.add_argument(
        "-o", "--output", type=Path, default=None, help=_("the file to write (else the output)")
    )
    # A command for whoever publishes the page (like ``tools/``), in English only.
    build_web = commands.add_parser(
        "build-web", help="write the game as static web files that play with no server"
    )
    build_web.add_argument("out", type=Path, help="the folder to write (new, or an earlier build)")
    build_web.add_argument(
        "--pyodide", type=Path, default=None, help="a folder with Pyodide's files (pyodide.mjs...)"
    )
    return parser


def _offline_build(text: str) -> Path:
    """``--offline-page``'s folder, which must be one build-web wrote."""
    from ninetynine_audio.online.offline_page import is_offline_build

    folder = Path(text)
    if not is_offline_build(folder):
        raise argparse.ArgumentTypeError(
            _("{folder} is not a folder build-web wrote").format(folder=text)
        )
    return folder


def _add_play_options(parser: argparse.ArgumentParser, *, game_options: bool = True) -> None:
    add_game_options(parser, default_players=None, game_options=game_options)
    # No default game: without --game, --players or --deck the menus choose the game.
    parser.set_defaults(game=None)
    parser.add_argument(
        "--bot-pause",
        type=int,
        default=None,
        metavar="MS",
        help=_("pause before each computer move, in milliseconds (default: the Settings value)"),
    )
    parser.add_argument("--text", action="store_true", help=_("play in the terminal, no window"))
    parser.add_argument(
        "--server",
        default=None,
        metavar="URL",
        help=_("play online at this table server (ws://…)"),
    )
    parser.add_argument(
        "--name",
        default=None,
        help=_("your name online (password: $NINETYNINE_AUDIO_PASSWORD)"),
    )
    online = parser.add_mutually_exclusive_group()
    online.add_argument("--create", default=None, metavar="GAME", help=_("online: create a table"))
    online.add_argument("--join", default=None, metavar="CODE", help=_("online: join a table"))
    parser.add_argument(
        "--seats",
        default=None,
        help=_("online, with --create: each seat, human or a computer level (human,human,normal)"),
    )
    parser.add_argument(
        "--speech",
        choices=SPEECH_BACKENDS,
        default=None,
        help=_("how to speak (default: the Settings choice, else auto)"),
    )
    parser.add_argument(
        "--language",
        choices=[entry.code for entry in LANGUAGES] + sorted(PSEUDO_LANGUAGES),
        default=None,
        help=_("the language of the game (default: the Settings choice, else the system's)"),
    )


def parse_arguments(arguments: list[str]) -> argparse.Namespace:
    """Read the command line. A start that names none of the games' own options (the usual
    ``ninetynine-audio`` or ``--text``) is read without loading the games; anything else, and
    ``--help``, with every game's options."""
    quick = arguments[0] == "play" and not {"-h", "--help"} & set(arguments)
    if quick:
        args, unknown = build_parser(game_options=False).parse_known_args(arguments)
        if not unknown:
            return args
    return build_parser().parse_args(arguments)


def command_line_language(arguments: Sequence[str]) -> str:
    """The language the command line answers in, before it is read: ``--language`` when
    given, else the one chosen in Settings, else the system's (as the game itself starts).
    The settings file is only peeked at here; the game reads it properly (and says what is
    wrong with it) when it starts."""
    for index, argument in enumerate(arguments):
        if argument == "--language" and index + 1 < len(arguments):
            return arguments[index + 1]
        if argument.startswith("--language="):
            return argument.partition("=")[2]
    from ninetynine_audio.store.settings import chosen_language

    return chosen_language() or _system_language() or ENGLISH


def main(
    argv: Sequence[str] | None = None, *, said: str | None = None, early: EarlyWindow | None = None
) -> int:
    """Read the command line and run its command (``__main__.main`` starts here). ``said``:
    what text mode has written already (``firstline.py``: the first line, or its beginning),
    not to be written again; ``early``: the window opened and its first line said already
    (``ui.start.open_window_early``), which the game plays on."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    if not arguments or (arguments[0].startswith("-") and arguments[0] not in ("-h", "--help")):
        arguments.insert(0, "play")
    escape_unwritable()
    set_language(command_line_language(arguments))
    handlers = {
        "play": cmd_play,
        "simulate": cmd_simulate,
        "replay": cmd_replay,
        "review": cmd_review,
        "serve": cmd_serve,
        "export": cmd_export,
        "build-web": cmd_build_web,
    }
    try:
        args = parse_arguments(arguments)
        args.first_line = said
        args.early = early
        return handlers[args.command](args)
    except SetupError as error:
        from ninetynine_audio.present.screens import setup_error_text

        print(f"ninetynine-audio: {setup_error_text(error)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        # Ctrl+C in simulate or replay: stop there, quietly (the log written so far is
        # closed by the command's own clean-up).
        return INTERRUPTED_STATUS
    except BrokenPipeError:
        # The reader of the output left (``| head -1``): nothing more to say to anyone.
        _drop_output()
        return CLOSED_OUTPUT_STATUS


INTERRUPTED_STATUS = 130
"""The exit status after Ctrl+C, as a shell gives it."""

CLOSED_OUTPUT_STATUS = 141
"""The exit status when the output was closed, as a shell gives it for SIGPIPE."""


def _drop_output() -> None:
    """Point standard output at the null device, so Python's flush at exit cannot fail."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
