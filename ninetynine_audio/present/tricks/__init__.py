"""Wording of the trick-taking game: narration, queries, bids by ear, refusals."""

from __future__ import annotations

from ninetynine_audio.present.tricks.events import narrate
from ninetynine_audio.present.tricks.phrases import bid_suits_text, card_name, keep_text
from ninetynine_audio.present.tricks.queries import (
    bid_choice_text,
    bid_status_text,
    card_text_for,
    deal_details_text,
    declared_text,
    hand_text,
    leader_text,
    scores_query_text,
    trick_text,
    tricks_text,
    trumps_text,
    turn_text,
)
from ninetynine_audio.present.tricks.refusals import refusal_text

__all__ = [
    "bid_choice_text",
    "bid_status_text",
    "bid_suits_text",
    "card_name",
    "card_text_for",
    "deal_details_text",
    "declared_text",
    "hand_text",
    "keep_text",
    "leader_text",
    "narrate",
    "refusal_text",
    "scores_query_text",
    "trick_text",
    "tricks_text",
    "trumps_text",
    "turn_text",
]
