"""``python -m ninetynine_audio``, and the ``ninetynine-audio`` command (``main``)."""

from __future__ import annotations

import contextlib
import sys

from ninetynine_audio.firstline import say_first_line, window_opening


def main() -> int:
    """Start the game: text mode's first line at once where it can be told
    (``firstline.py``); for a plain start in the window, the window opened and its first line
    said (``ui.start.open_window_early``); then the command line read and everything else
    loaded."""
    arguments = sys.argv[1:]
    said = say_first_line(arguments)
    early = None
    opening = window_opening(arguments) if said is None else None
    if opening is not None:
        from ninetynine_audio.ui.start import open_window_early

        early = open_window_early(*opening)
    with contextlib.nullcontext() if early is None else early.played():
        from ninetynine_audio.cli import main as start

        return start(arguments, said=said, early=early)


if __name__ == "__main__":
    raise SystemExit(main())
