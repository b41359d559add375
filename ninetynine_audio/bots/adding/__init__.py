"""Computer players of the adding games (classic, arcade, tactical), weakest first.

The levels are registered by name here; each bot's module is imported only when a bot of that
level is first made, so the menus can list the levels without loading the search code.
"""

from __future__ import annotations

from ninetynine_audio.bots.base import lazy_factory, register_level

FAMILY = "adding"
_HERE = __name__

register_level(FAMILY, "easy", lazy_factory(f"{_HERE}.simple", "EasyBot"), strength=10)
register_level(FAMILY, "normal", lazy_factory(f"{_HERE}.simple", "NormalBot"), strength=20)
register_level(FAMILY, "hard", lazy_factory(f"{_HERE}.hard", "HardBot"), strength=30)
# Crazy is Hard aimed at the human: no stronger, so the hint never picks it over Expert.
register_level(FAMILY, "crazy", lazy_factory(f"{_HERE}.hard", "CrazyBot"), strength=31)
register_level(
    FAMILY,
    "expert",
    lazy_factory(f"{_HERE}.expert", "ExpertBot"),
    strength=40,
    hint=lazy_factory(f"{_HERE}.expert", "hint_bot"),
)
