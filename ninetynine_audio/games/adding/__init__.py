"""The adding games: ``classic``, ``arcade`` and ``tactical`` share one engine.

The engine, model and rules are imported when one of their names is first used: registering
the three games (the last lines) needs only their specs, so the menus and the command line
can list the games without loading the engine.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ninetynine_audio.games.adding.spec import SPECS
from ninetynine_audio.games.registry import register

if TYPE_CHECKING:
    from ninetynine_audio.games.adding.engine import (
        Outcome,
        apply,
        card_outcomes,
        check,
        legal_actions,
        legal_actions_for,
        new_game,
        next_seat,
        open_outcomes,
        playable,
        view,
    )
    from ninetynine_audio.games.adding.model import (
        Action,
        AddingState,
        AddingView,
        CardDrawn,
        CardPlayed,
        Choice,
        Direction,
        DirectionChanged,
        DrawCard,
        DrawMissed,
        Event,
        GameEnded,
        GameStarted,
        LivesChanged,
        PlayCard,
        PlayerOut,
        PlayerSkipped,
        PlayerStuck,
        RoundEnded,
        RoundStarted,
        StockRebuilt,
    )
    from ninetynine_audio.games.adding.rules import AddingOptions, AddingRules, Scoring, make_rules

_HOMES = {
    "Action": "model",
    "AddingOptions": "rules",
    "AddingRules": "rules",
    "AddingState": "model",
    "AddingView": "model",
    "CardDrawn": "model",
    "CardPlayed": "model",
    "Choice": "model",
    "Direction": "model",
    "DirectionChanged": "model",
    "DrawCard": "model",
    "DrawMissed": "model",
    "Event": "model",
    "GameEnded": "model",
    "GameStarted": "model",
    "LivesChanged": "model",
    "Outcome": "engine",
    "PlayCard": "model",
    "PlayerOut": "model",
    "PlayerSkipped": "model",
    "PlayerStuck": "model",
    "RoundEnded": "model",
    "RoundStarted": "model",
    "Scoring": "rules",
    "StockRebuilt": "model",
    "apply": "engine",
    "card_outcomes": "engine",
    "check": "engine",
    "legal_actions": "engine",
    "legal_actions_for": "engine",
    "make_rules": "rules",
    "new_game": "engine",
    "next_seat": "engine",
    "open_outcomes": "engine",
    "playable": "engine",
    "view": "engine",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


__all__ = [
    "Action",
    "AddingOptions",
    "AddingRules",
    "AddingState",
    "AddingView",
    "CardDrawn",
    "CardPlayed",
    "Choice",
    "Direction",
    "DirectionChanged",
    "DrawCard",
    "DrawMissed",
    "Event",
    "GameEnded",
    "GameStarted",
    "LivesChanged",
    "Outcome",
    "PlayCard",
    "PlayerOut",
    "PlayerSkipped",
    "PlayerStuck",
    "RoundEnded",
    "RoundStarted",
    "Scoring",
    "StockRebuilt",
    "apply",
    "card_outcomes",
    "check",
    "legal_actions",
    "legal_actions_for",
    "make_rules",
    "new_game",
    "next_seat",
    "open_outcomes",
    "playable",
    "view",
]

for _spec in SPECS:
    register(_spec)
