"""Wording: game events and the player's view as Utterances, cards and numbers as words.

No module here plays sound or draws; the interface hands what these functions return to the
speaker. All player-facing text of the game lives here, in small functions.
"""

from __future__ import annotations

from ninetynine_audio.present.effects import card_effect, choice_effect, is_safe, play_effects
from ninetynine_audio.present.events import Perspective, event_utterances, narrate
from ninetynine_audio.present.refusals import refusal_text
from ninetynine_audio.present.seats import seat_pans
from ninetynine_audio.present.words import card_name

__all__ = [
    "Perspective",
    "card_effect",
    "card_name",
    "choice_effect",
    "event_utterances",
    "is_safe",
    "narrate",
    "play_effects",
    "refusal_text",
    "seat_pans",
]
