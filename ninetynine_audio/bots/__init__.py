"""Computer players: the bot interface and levels per family, and the tournament runner.

Each family's bots are in their own subpackage (``bots/adding``) and are loaded when first
asked for.
"""

from __future__ import annotations

from ninetynine_audio.bots.base import (
    Bot,
    Budget,
    Level,
    levels,
    make_bot,
    make_hint_bot,
    register_level,
    strongest_level,
)

__all__ = [
    "Bot",
    "Budget",
    "Level",
    "levels",
    "make_bot",
    "make_hint_bot",
    "register_level",
    "strongest_level",
]
