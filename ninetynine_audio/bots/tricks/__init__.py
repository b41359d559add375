"""Computer players of the trick-taking game, weakest first."""

from __future__ import annotations

from ninetynine_audio.bots.base import register_level
from ninetynine_audio.bots.tricks.hard import HardBot
from ninetynine_audio.bots.tricks.simple import EasyBot, NormalBot

FAMILY = "tricks"

register_level(FAMILY, "easy", EasyBot, strength=10)
register_level(FAMILY, "normal", NormalBot, strength=20)
register_level(FAMILY, "hard", HardBot, strength=30)

__all__ = ["EasyBot", "HardBot", "NormalBot"]
