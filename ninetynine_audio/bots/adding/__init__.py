"""Computer players of the adding games (classic, arcade, tactical), weakest first.

The levels are registered by name here; each bot's module is imported only when a bot of that
level is first made, so the menus can list the levels without loading the search code.
"""

from __future__ import annotations

import importlib

from ninetynine_audio.bots.base import Bot, BotFactory, register_level

FAMILY = "adding"


def _lazy(module: str, name: str) -> BotFactory:
    def make() -> Bot:
        found = importlib.import_module(f"ninetynine_audio.bots.adding.{module}")
        bot: Bot = getattr(found, name)()
        return bot

    return make


register_level(FAMILY, "easy", _lazy("simple", "EasyBot"), strength=10)
register_level(FAMILY, "normal", _lazy("simple", "NormalBot"), strength=20)
register_level(FAMILY, "hard", _lazy("hard", "HardBot"), strength=30)
# Crazy is Hard aimed at the human: no stronger, so the hint never picks it over Expert.
register_level(FAMILY, "crazy", _lazy("hard", "CrazyBot"), strength=31)
register_level(FAMILY, "expert", _lazy("expert", "ExpertBot"), strength=40)
