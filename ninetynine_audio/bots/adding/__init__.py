"""Computer players of the adding games (classic, arcade, tactical), weakest first."""

from __future__ import annotations

from ninetynine_audio.bots.adding.expert import ExpertBot
from ninetynine_audio.bots.adding.hard import CrazyBot, HardBot
from ninetynine_audio.bots.adding.simple import EasyBot, NormalBot
from ninetynine_audio.bots.base import register_level

FAMILY = "adding"

register_level(FAMILY, "easy", EasyBot, strength=10)
register_level(FAMILY, "normal", NormalBot, strength=20)
register_level(FAMILY, "hard", HardBot, strength=30)
# Crazy is Hard aimed at the human: no stronger, so the hint never picks it over Expert.
register_level(FAMILY, "crazy", CrazyBot, strength=31)
register_level(FAMILY, "expert", ExpertBot, strength=40)

__all__ = ["CrazyBot", "EasyBot", "ExpertBot", "HardBot", "NormalBot"]
