"""The adding games' wording: narration, card effects, queries, refusals and advice."""

from __future__ import annotations

from ninetynine_audio.present.adding.effects import (
    card_effect,
    choice_effect,
    is_safe,
    play_effects,
)
from ninetynine_audio.present.adding.events import event_utterances, narrate
from ninetynine_audio.present.adding.refusals import refusal_text
from ninetynine_audio.present.seats import Perspective

__all__ = [
    "Perspective",
    "card_effect",
    "choice_effect",
    "event_utterances",
    "is_safe",
    "narrate",
    "play_effects",
    "refusal_text",
]
