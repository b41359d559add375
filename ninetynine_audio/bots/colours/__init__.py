"""Computer players of the colour game, weakest first."""

from __future__ import annotations

from ninetynine_audio.bots.base import register_level
from ninetynine_audio.bots.colours.hard import HardBot, Weights
from ninetynine_audio.bots.colours.simple import EasyBot, NormalBot

FAMILY = "colours"

register_level(FAMILY, "easy", EasyBot, strength=10)
register_level(FAMILY, "normal", NormalBot, strength=20)
register_level(FAMILY, "hard", HardBot, strength=30)

__all__ = ["EasyBot", "HardBot", "NormalBot", "Weights"]
