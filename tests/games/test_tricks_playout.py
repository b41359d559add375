"""The trick-taking game's mutable copy for searches (``bots/tricks/playout.py``) plays the
engine's rules move for move: in every registered game of the family, from the start and from
the middle of a game, the same seat acts, with the same legal actions in the same order, and
after each action both hold the same table, through later deals to the same end."""

from __future__ import annotations

import random

import pytest

from ninetynine_audio.bots.tricks.fast import to_int
from ninetynine_audio.bots.tricks.playout import TricksPlayout, summary_of
from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.games.registry import all_games, find_game
from ninetynine_audio.games.tricks import BidCards, PlayCard

TRICK_GAMES = [spec.id for spec in all_games() if spec.family == "tricks"]


def legal_in_numbers(actions) -> list[object]:
    return [
        (tuple(to_int(card) for card in action.cards), action.declaration)
        if isinstance(action, BidCards)
        else to_int(action.card)
        for action in actions
    ]


@pytest.mark.parametrize("game", TRICK_GAMES)
@pytest.mark.parametrize(
    ("seed", "options", "copy_at"),
    [
        (1, {"target": 30}, 0),
        (2, {"target": 150, "declarations": True}, 0),
        (3, {"target": 150, "declarations": True}, 17),
    ],
)
def test_the_mutable_copy_plays_the_engines_game_move_for_move(game, seed, options, copy_at):
    spec = find_game(game)
    kinds = ("easy",) * 3
    state, _ = spec.new_game(GameSetup(game, spec.default_names(kinds), kinds, options, seed))
    rng = random.Random(seed)
    copy: TricksPlayout | None = None
    actions = 0
    while spec.outcome(state) is None:
        if actions == copy_at:
            copy = TricksPlayout(state)
        seat = spec.seats_to_act(state)[0]
        legal = spec.legal_actions(state, seat)
        action = legal[rng.randrange(len(legal))]
        if copy is not None:
            assert copy.summary() == summary_of(state)
            assert copy.seat_to_act() == seat
            mine = copy.bids_of(seat) if isinstance(action, BidCards) else copy.plays_of(seat)
            assert mine == legal_in_numbers(legal)
            if isinstance(action, BidCards):
                copy.bid(seat, [to_int(card) for card in action.cards], action.declaration)
            else:
                assert isinstance(action, PlayCard)
                copy.play(seat, to_int(action.card))
        state, _ = spec.apply(state, action)
        actions += 1
    assert copy is not None
    assert copy.summary() == summary_of(state)
    assert copy.seat_to_act() == -1
    assert state.deal > 1  # later deals were dealt by both
