"""Computer players for the adding games, and the tournament runner."""

from __future__ import annotations

from ninetynine_audio.bots.base import Bot, levels, make_bot, register_level
from ninetynine_audio.bots.simple import EasyBot, NormalBot

register_level("easy", EasyBot)
register_level("normal", NormalBot)

__all__ = ["Bot", "EasyBot", "NormalBot", "levels", "make_bot", "register_level"]
