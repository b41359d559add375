"""Computer players of the trick-taking game, weakest first.

Each level's module is imported when a bot of that level is first made.
"""

from __future__ import annotations

from ninetynine_audio.bots.base import lazy_factory, register_level

FAMILY = "tricks"
_HERE = __name__

register_level(FAMILY, "easy", lazy_factory(f"{_HERE}.simple", "EasyBot"), strength=10)
register_level(FAMILY, "normal", lazy_factory(f"{_HERE}.simple", "NormalBot"), strength=20)
register_level(FAMILY, "hard", lazy_factory(f"{_HERE}.hard", "HardBot"), strength=30)
register_level(
    FAMILY,
    "expert",
    lazy_factory(f"{_HERE}.expert", "ExpertBot"),
    strength=40,
    hint=lazy_factory(f"{_HERE}.expert", "hint_bot"),
)
