"""Whole games of the adding family played by bots, walked play by play for the tests of what
a level reads from the pile."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from ninetynine_audio.bots import make_bot
from ninetynine_audio.bots.adding.knowledge import RANK_CODE
from ninetynine_audio.games.adding import AddingView, Choice, PlayCard
from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.games.registry import find_game

KINDS = ("hard", "normal", "hard", "crazy")


# A seat's real plays on the pile: (rank code, choice, total, pile height), the latest last.
Played = dict[int, list[tuple[int, Choice | None, int, int]]]


def walk(
    game: str, seed: int, kinds: tuple[str, ...] = KINDS
) -> Iterator[tuple[Any, AddingView, Played]]:
    """Play one game of bots, yielding before each play, while the pile is the round's whole
    pile, the state, the view of the seat to act and each seat's real plays on the pile, the
    latest last: (rank code, choice, total, pile height)."""
    spec = find_game(game)
    setup = GameSetup(spec.id, spec.default_names(kinds), kinds, {}, seed, None)
    state, _ = spec.new_game(setup)
    bots = [make_bot(spec.family, kind) for kind in kinds]
    rng = random.Random(seed)
    played: Played = {}
    round_number, whole, players_in = -1, True, 0
    while spec.outcome(state) is None:
        seat = spec.seats_to_act(state)[0]
        view = spec.view(state, seat)
        if state.round != round_number:
            played, round_number, whole = {}, state.round, True
            players_in = len(state.active_seats)
        if any(plays[-1][3] >= len(state.pile) for plays in played.values()):
            whole = False  # the stock was rebuilt from the pile
        if len(state.active_seats) < players_in:
            whole = False  # a player went out and put the hand under the pile
        if whole and not view.owes_draw:
            yield state, view, {seat: list(plays) for seat, plays in played.items()}
        action = bots[seat].choose(view, rng)
        if isinstance(action, PlayCard):
            play = (RANK_CODE[action.card.rank], action.choice, state.total, len(state.pile))
            played.setdefault(seat, []).append(play)
        state, _ = spec.apply(state, action)
