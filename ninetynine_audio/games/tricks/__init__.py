"""The trick-taking game for three, with bids coded by the suits of three cards set aside."""

from __future__ import annotations

from ninetynine_audio.games.base import GameSpec
from ninetynine_audio.games.registry import register
from ninetynine_audio.games.tricks.codec import CODEC
from ninetynine_audio.games.tricks.engine import (
    OPTIONS,
    apply,
    beats,
    bidding_order,
    check,
    deck_for_hands,
    legal_actions,
    new_game,
    next_bidder,
    outcome,
    playable,
    progress,
    resample,
    scores,
    seats_to_act,
    shown_voids,
    view,
    winning_index,
)
from ninetynine_audio.games.tricks.model import (
    BID_VALUES,
    GAME_ID,
    Action,
    BidCards,
    BidDeclared,
    BidMade,
    CardPlayed,
    DealResult,
    DealScored,
    DealStarted,
    Declaration,
    Event,
    GameEnded,
    GameStarted,
    Phase,
    PlayCard,
    PlayedTrick,
    TricksOptions,
    TricksState,
    TricksView,
    TrickWon,
    bid_value,
)

FAMILY = "tricks"

__all__ = [
    "BID_VALUES",
    "FAMILY",
    "GAME_ID",
    "OPTIONS",
    "SPEC",
    "Action",
    "BidCards",
    "BidDeclared",
    "BidMade",
    "CardPlayed",
    "DealResult",
    "DealScored",
    "DealStarted",
    "Declaration",
    "Event",
    "GameEnded",
    "GameStarted",
    "Phase",
    "PlayCard",
    "PlayedTrick",
    "TrickWon",
    "TricksOptions",
    "TricksState",
    "TricksView",
    "apply",
    "beats",
    "bid_value",
    "bidding_order",
    "check",
    "deck_for_hands",
    "legal_actions",
    "new_game",
    "next_bidder",
    "outcome",
    "playable",
    "progress",
    "resample",
    "scores",
    "seats_to_act",
    "shown_voids",
    "view",
    "winning_index",
]


def turn_seat(state: TricksState) -> int | None:
    """The seat to bid or to play; ``None`` at the end."""
    seats = seats_to_act(state)
    return seats[-1] if seats else None


def immediate_seats(state: TricksState) -> tuple[int, ...]:
    """Computer players set their bids aside at once: a bid is not a move to watch."""
    return seats_to_act(state) if state.phase is Phase.BIDDING else ()


SPEC = register(
    GameSpec[TricksState, Action, TricksView](
        id=GAME_ID,
        family=FAMILY,
        aliases=("trick", "trick-taking", "bids"),
        min_players=3,
        max_players=3,
        options=OPTIONS,
        new_game=new_game,
        seats_to_act=seats_to_act,
        legal_actions=legal_actions,
        check=check,
        apply=apply,
        view=view,
        outcome=outcome,
        progress=progress,
        scores=scores,
        codec=CODEC,
        turn_seat=turn_seat,
        immediate_seats=immediate_seats,
        default_kinds=("human", "normal", "normal"),
        resample=resample,
    )
)
