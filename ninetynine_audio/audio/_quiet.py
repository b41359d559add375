"""Keeps pygame from printing its greeting on import.

A player using a terminal screen reader would hear it before the game; this module is
imported first by the package, before anything imports pygame.
"""

from __future__ import annotations

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
