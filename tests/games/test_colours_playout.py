"""The colour game's mutable copy for searches (``bots/colours/playout.py``) plays the engine's
rules move for move: in every registered colour game, at two to four players, with and without
the Pro Variant, from the start and from the middle of a game, the same actions are legal in
the same order, and after each action both hold the same table, to the same end."""

from __future__ import annotations

import random

import pytest

from ninetynine_audio.bots.colours.playout import (
    END,
    PILE,
    PLACE,
    SCORE,
    ColoursPlayout,
    number_of,
    summary_of,
)
from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.games.colours import EndPiles, PlaceRowCard, PlayToPile, ScoreRow
from ninetynine_audio.games.registry import all_games, find_game

COLOUR_GAMES = [spec.id for spec in all_games() if spec.family == "colours"]


def in_numbers(action) -> tuple[int, int, int]:
    if isinstance(action, ScoreRow):
        return (SCORE, -1, -1)
    if isinstance(action, PlaceRowCard):
        return (PLACE, number_of(action.card), -1)
    if isinstance(action, PlayToPile):
        return (PILE, number_of(action.card), action.pile)
    assert isinstance(action, EndPiles)
    return (END, -1, -1)


@pytest.mark.parametrize("game", COLOUR_GAMES)
@pytest.mark.parametrize(
    ("seed", "players", "pro", "copy_at"),
    [(1, 2, False, 0), (2, 3, True, 0), (3, 4, False, 41), (4, 2, True, 90)],
)
def test_the_mutable_copy_plays_the_engines_game_move_for_move(game, seed, players, pro, copy_at):
    spec = find_game(game)
    kinds = ("easy",) * players
    setup = GameSetup(game, spec.default_names(kinds), kinds, {"pro_variant": pro}, seed)
    state, _ = spec.new_game(setup)
    rng = random.Random(seed)
    copy: ColoursPlayout | None = None
    actions = 0
    while spec.outcome(state) is None:
        if actions == copy_at:
            copy = ColoursPlayout(state)
        seat = spec.seats_to_act(state)[0]
        legal = spec.legal_actions(state, seat)
        action = legal[rng.randrange(len(legal))]
        if copy is not None:
            assert copy.summary() == summary_of(state)
            assert copy.legal() == [in_numbers(each) for each in legal]
            copy.act(*in_numbers(action))
        state, _ = spec.apply(state, action)
        actions += 1
    assert copy is not None
    assert copy.summary() == summary_of(state)
    assert copy.legal() == []
    assert state.shuffles > 1  # the reserve was rebuilt by both
