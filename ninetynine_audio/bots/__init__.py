"""Computer players for the adding games, and the tournament runner."""

from __future__ import annotations

from ninetynine_audio.bots.base import Bot, levels, make_bot, register_level
from ninetynine_audio.bots.expert import ExpertBot
from ninetynine_audio.bots.hard import CrazyBot, HardBot
from ninetynine_audio.bots.simple import EasyBot, NormalBot

register_level("easy", EasyBot)
register_level("normal", NormalBot)
register_level("hard", HardBot)
register_level("crazy", CrazyBot)
register_level("expert", ExpertBot)

__all__ = [
    "Bot",
    "CrazyBot",
    "EasyBot",
    "ExpertBot",
    "HardBot",
    "NormalBot",
    "levels",
    "make_bot",
    "register_level",
]
