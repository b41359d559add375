"""``python -m ninetynine_audio``, and the ``ninetynine-audio`` command (``main``)."""

from __future__ import annotations

import sys

from ninetynine_audio.firstline import say_first_line


def main() -> int:
    """Start the game: text mode's first line at once where it can be told
    (``firstline.py``), then the command line read and everything else loaded."""
    arguments = sys.argv[1:]
    said = say_first_line(arguments)
    from ninetynine_audio.cli import main as start

    return start(arguments, said=said)


if __name__ == "__main__":
    raise SystemExit(main())
