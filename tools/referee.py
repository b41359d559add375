#!/usr/bin/env python3
"""Referee event logs against the games' rules, without the game engine.

Usage: ``python tools/referee.py LOG [LOG ...]`` (``-`` reads standard input, ``--quiet``
prints only the summary). The referee itself is the ``refereeing`` package beside this file.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from refereeing.core import main  # noqa: E402  (found through the line above)

if __name__ == "__main__":
    raise SystemExit(main())
