"""The adding games: ``classic``, ``arcade`` and ``tactical`` share one engine."""

from __future__ import annotations

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
from ninetynine_audio.games.adding.spec import SPECS
from ninetynine_audio.games.registry import register

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
