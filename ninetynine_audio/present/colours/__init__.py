"""Wording of the colour game: card names, narration, questions about the table, refusals."""

from __future__ import annotations

from ninetynine_audio.present.colours.events import Narrator, narrate
from ninetynine_audio.present.colours.refusals import refusal_text

__all__ = ["Narrator", "narrate", "refusal_text"]
