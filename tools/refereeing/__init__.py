"""An independent referee of the games' event logs: it checks each game against the rules
from the log alone, with its own reading of the rules and nothing of the game's code.

It is run as ``python tools/referee.py LOG [LOG ...]`` (``-`` reads standard input; or
``python -m refereeing`` from ``tools/``). Each game is reported as ``game N: ok`` or with its
first problems and their line numbers; ``--quiet`` prints only the summary. The exit code is 0
when every game is consistent, 1 when any is not, and 2 when a file cannot be read or is not
a text log (said in one line).

The package:

- ``core``: reading JSON Lines logs, splitting them into games at each ``game_started`` line,
  the table of families (``FAMILIES``), problems with their line numbers, the report and the
  command line;
- ``decks``: card accounting for any card game (what a deck holds, taking cards out of hands
  and piles);
- one module per family of games: ``adding`` (classic, arcade, tactical) and ``tricks``.

Adding the referee of a family (say ``colours``, for the game ``colours``):

1. write ``colours.py`` here with a class ``Referee`` that subclasses
   ``core.GameReferee``: its ``__init__(index, line, record)`` reads and checks the
   ``game_started`` line, its ``handlers`` maps each event name to the method checking it
   (``handler(self, line, record)``, where ``line`` is the 1-based line number), it notes
   inconsistencies with ``self.problem(line, text)``, and ``close(line)`` notes what is still
   owed when the game's lines stop without ``game_ended``;
2. add its line to ``core.FAMILIES``: ``"colours": Family("colours", ("colours",)),``.

The core picks the module from the ``game`` field of each ``game_started`` line. Like the
rest of the package, a family module imports only the standard library and this package:
never ``ninetynine_audio`` (``tests/design/test_design_boundaries.py`` checks it).
"""

from __future__ import annotations

from .core import FAMILIES, GameReport, Problem, main, referee_file, referee_lines

__all__ = ["FAMILIES", "GameReport", "Problem", "main", "referee_file", "referee_lines"]
