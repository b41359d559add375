"""What every family's referee shares: reading logs, splitting them into games, the table of
families, problems with their line numbers, the report and the command line.

Nothing here knows a rule of any game; the family modules do (see the package docstring).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import IO, Any, ClassVar, NoReturn, TextIO

SHOWN = 5
"""How many problems a report keeps for one game; the rest are counted."""

LONGEST = 300
"""The longest a problem's text may be (a damaged line can hold a huge value)."""


# ---------------------------------------------------------------------------- the families


@dataclass(frozen=True)
class Family:
    """A family of games refereed by one module of this package.

    Attributes:
        module: the module beside this one that referees the family's games.
        games: the ``game`` ids of ``game_started`` lines that the module referees.
    """

    module: str
    games: tuple[str, ...]


FAMILIES: dict[str, Family] = {
    "adding": Family("adding", ("classic", "arcade", "tactical")),
    "colours": Family("colours", ("colours",)),
    "tricks": Family("tricks", ("tricks",)),
}
"""Every family this referee knows, by name: adding one is one line here and its module."""

GAME_FAMILY: dict[str, str] = {
    game: name for name, family in FAMILIES.items() for game in family.games
}
"""The family of each game id."""


# ---------------------------------------------------------------------------- problems


@dataclass(frozen=True)
class Problem:
    """One inconsistency, at a 1-based line of the log."""

    line: int
    text: str


def printable(text: str) -> str:
    """``text`` on one line with no control characters, cut to a readable length."""
    clean = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return clean if len(clean) <= LONGEST else clean[: LONGEST - 1] + "…"


@dataclass
class GameReport:
    """The verdict on one game of the log (index 0: the lines before any game)."""

    index: int
    first_line: int
    game: str
    problems: list[Problem] = field(default_factory=list)
    found: int = 0

    @property
    def is_consistent(self) -> bool:
        """True when no problem was found."""
        return not self.problems

    def note(self, line: int, text: str) -> None:
        """Note an inconsistency; only the first few are kept, the others counted."""
        self.found += 1
        if len(self.problems) < SHOWN:
            self.problems.append(Problem(line, printable(text)))

    def close(self, line: int) -> GameReport:
        """The finished report, ending with how many more problems were found (call once)."""
        hidden = self.found - len(self.problems)
        if hidden > 0:
            self.problems.append(Problem(line, f"... and {hidden} more"))
        return self


# ---------------------------------------------------------------------------- fields


class FieldError(ValueError):
    """A field of a line that is missing or not of its documented form; the message names it."""


def texts(record: Mapping[str, Any], name: str, required: bool = True) -> list[str]:
    """The list of texts in field ``name`` (``[]`` when an optional field is absent or null)."""
    value = record.get(name)
    if value is None and not required:
        return []
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise FieldError(f"{name} is not a list of texts")
    return value


def whole_numbers(record: Mapping[str, Any], name: str) -> list[int]:
    """The list of whole numbers in field ``name``."""
    value = record.get(name)
    if not isinstance(value, list) or not all(is_whole(item) for item in value):
        raise FieldError(f"{name} is not a list of whole numbers")
    return value


def is_whole(value: object) -> bool:
    """A JSON whole number (``true`` and ``false`` are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)


def describe(error: Exception) -> str:
    """What went wrong reading a line, in a few words."""
    if isinstance(error, FieldError):
        return str(error)
    return f"{type(error).__name__}: {error}"


# ---------------------------------------------------------------------------- one game

Handler = Callable[[Any, int, dict[str, Any]], None]


class GameReferee:
    """Follows one game, from its ``game_started`` line to its ``game_ended`` line.

    A family's module subclasses this as ``Referee``: its ``__init__`` reads and checks the
    ``game_started`` line, ``handlers`` names the method that checks each other event, and
    ``close`` says what the game still owes when its lines stop. A handler that trips over a
    field of the wrong type or a missing one is reported as a malformed line, so a family's
    code may read fields directly.
    """

    handlers: ClassVar[Mapping[str, Handler]] = {}

    def __init__(self, index: int, line: int, record: dict[str, Any]) -> None:
        self.report = GameReport(index, line, game_name(record))
        self.ended = False

    def problem(self, line: int, text: str) -> None:
        """Note an inconsistency at ``line``."""
        self.report.note(line, text)

    def feed(self, line: int, record: dict[str, Any]) -> None:
        """Check one line of this game."""
        event = record.get("event")
        if self.ended:
            self.problem(line, f"{event} after game_ended")
            return
        handler = self.handlers.get(event) if isinstance(event, str) else None
        if handler is None:
            self.problem(line, f"unknown event {event!r}")
            return
        try:
            handler(self, line, record)
        except Exception as error:  # a damaged line must not stop the referee
            self.problem(line, f"malformed {event} line ({describe(error)})")
        if event == "game_ended":
            self.ended = True

    def close(self, line: int) -> None:
        """The game's lines stopped without ``game_ended``: note what is still owed."""

    def finish(self, line: int) -> GameReport:
        """Close the game at the end of the log or at the next ``game_started``."""
        if not self.ended:
            try:
                self.close(line)
            except Exception as error:  # the state a damaged game leaves may be odd
                self.problem(line, f"the game's end cannot be checked ({error})")
            self.problem(line, "the game has no game_ended line")
        return self.report.close(line)


class PassedOver(GameReferee):
    """A game that cannot be refereed: one problem at its start, its lines passed over."""

    def __init__(self, index: int, line: int, record: dict[str, Any], why: str) -> None:
        super().__init__(index, line, record)
        self.problem(line, why)

    def feed(self, line: int, record: dict[str, Any]) -> None:
        """Lines of a game that cannot be followed say nothing more."""

    def finish(self, line: int) -> GameReport:
        """The report holds only the reason."""
        return self.report.close(line)


def game_name(record: Mapping[str, Any]) -> str:
    """The ``game`` of a ``game_started`` line, as text."""
    return printable(str(record.get("game")))


def referee_for(index: int, line: int, record: dict[str, Any]) -> GameReferee:
    """The referee of the game that ``record`` (a ``game_started`` line) starts."""
    game = record.get("game")
    family = GAME_FAMILY.get(game) if isinstance(game, str) else None
    if family is None:
        known = ", ".join(GAME_FAMILY)
        why = f"game {game!r} is not a game this referee knows ({known})"
        return PassedOver(index, line, record, printable(why))
    module = importlib.import_module(f"{__package__}.{FAMILIES[family].module}")
    referee: type[GameReferee] = module.Referee
    try:
        return referee(index, line, record)
    except Exception as error:  # a damaged game_started line
        why = f"the game_started line cannot be read ({describe(error)})"
        return PassedOver(index, line, record, why)


# ---------------------------------------------------------------------------- whole logs


class LogError(Exception):
    """A file that is not a log at all (binary, not UTF-8); the message says why."""


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON value")


_DECODER = json.JSONDecoder(parse_constant=_no_constant)


def parse_line(text: str) -> tuple[dict[str, Any] | None, str]:
    """The JSON object on one line, or ``None`` and what is wrong with the line."""
    try:
        record = _DECODER.decode(text)
    except RecursionError:
        return None, "not JSON: nested too deeply"
    except ValueError as error:
        return None, f"not JSON: {error}"
    if not isinstance(record, dict):
        return None, "not a JSON object"
    return record, ""


def referee_lines(lines: Iterable[str]) -> Iterator[GameReport]:
    """Referee a log given as lines of text; yields one report per game, in log order.

    Lines before the first ``game_started`` are reported in a report with index 0; lines that
    are not JSON objects are reported there or in the game they interrupt.
    """
    current: GameReferee | None = None
    stray = GameReport(0, 1, "none")
    index = 0
    number = 0
    for number, text in enumerate(lines, 1):
        if not text.strip():
            continue
        record, message = parse_line(text)
        if record is None:
            if current is None:
                stray.note(number, message)
            else:
                current.problem(number, message)
            continue
        if record.get("event") == "game_started":
            if current is not None:
                yield current.finish(number)
            index += 1
            current = referee_for(index, number, record)
        elif current is None:
            stray.note(number, f"{record.get('event')!r} before any game_started")
        else:
            current.feed(number, record)
    if current is not None:
        yield current.finish(number + 1)
    if stray.problems:
        yield stray.close(number + 1)


def text_lines(stream: IO[bytes]) -> Iterator[str]:
    """The lines of a log read as bytes.

    Raises:
        LogError: a line holds a NUL byte or bytes that are not UTF-8: the file is not text.
    """
    for number, raw in enumerate(stream, 1):
        if b"\0" in raw:
            raise LogError(f"line {number} holds a NUL byte: this is not a text file")
        try:
            yield raw.decode("utf-8")
        except UnicodeDecodeError:
            raise LogError(f"line {number} is not UTF-8 text: this is not an event log") from None


def referee_file(path: str) -> list[GameReport]:
    """Referee the log at ``path`` (``-`` for standard input).

    Raises:
        OSError: the file cannot be read.
        LogError: the file is not a text log.
    """
    if path == "-":
        return list(referee_lines(text_lines(sys.stdin.buffer)))
    with open(path, "rb") as stream:
        return list(referee_lines(text_lines(stream)))


def print_reports(reports: Sequence[GameReport], quiet: bool, out: TextIO) -> None:
    """Write each game's verdict (unless ``quiet``) and a closing summary."""
    bad = [r for r in reports if not r.is_consistent]
    if not quiet:
        for report in reports:
            name = f"game {report.index}" if report.index else "outside any game"
            if report.is_consistent:
                out.write(f"{name}: ok\n")
                continue
            out.write(f"{name} ({report.game}, line {report.first_line}):\n")
            for item in report.problems:
                out.write(f"  line {item.line}: {item.text}\n")
    games = sum(1 for r in reports if r.index)
    out.write(
        f"{games} games refereed, {games - sum(1 for r in bad if r.index)} consistent, "
        f"{len(bad)} with problems\n"
    )


DESCRIPTION = "Referee event logs of the games against their rules, without the game engine."


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: referee the logs named.

    Exit 0 when every game is consistent, 1 when any is not, 2 when a file cannot be read or
    is not a log (said in one line on standard error; the other files are still refereed).
    """
    parser = argparse.ArgumentParser(prog="referee", description=DESCRIPTION)
    parser.add_argument("logs", nargs="+", help="JSON Lines event logs (- for standard input)")
    parser.add_argument("--quiet", action="store_true", help="print only the summary")
    args = parser.parse_args(argv)
    try:
        return _referee_files(args.logs, args.quiet)
    except KeyboardInterrupt:
        return 130  # Ctrl+C: stop quietly, as a shell expects
    except BrokenPipeError:
        # The reader of the report left (``| head``): point the output at the null device,
        # so the flush at exit has nowhere to fail either.
        with contextlib.suppress(OSError, ValueError, AttributeError):
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, sys.stdout.fileno())
            os.close(null)
        return 141


def _referee_files(logs: Sequence[str], quiet: bool) -> int:
    args = argparse.Namespace(logs=logs, quiet=quiet)
    reports: list[GameReport] = []
    unreadable = 0
    for path in args.logs:
        try:
            reports.extend(referee_file(path))
        except OSError as error:
            reason = error.strerror or str(error)
            print(f"referee: cannot read {printable(path)}: {reason}", file=sys.stderr)
            unreadable += 1
        except LogError as error:
            print(f"referee: cannot read {printable(path)}: {error}", file=sys.stderr)
            unreadable += 1
    if unreadable < len(args.logs):
        print_reports(reports, args.quiet, sys.stdout)
    if unreadable:
        return 2
    return 0 if all(r.is_consistent for r in reports) else 1
