"""A whole colour game played by keys, as a Normal player would (the family's by-keys driver,
found by :func:`helpers.table.by_keys_driver`)."""

from __future__ import annotations

import random

from ninetynine_audio.bots.colours.simple import NormalBot
from ninetynine_audio.games.colours import (
    EndPiles,
    PlaceRowCard,
    PlayToPile,
    ScoreRow,
    view,
)
from ninetynine_audio.ui.harness import Harness
from ninetynine_audio.ui.match import MatchScreen

MAX_FRAMES = 20000


def keys_for(table: MatchScreen, step: int, rng: random.Random) -> list[str]:
    """The keys for the next action a Normal player would take."""
    seat = table.state.to_act
    action = NormalBot().choose(view(table.state, seat), rng)
    if isinstance(action, ScoreRow):
        return ["x"]
    if isinstance(action, EndPiles):
        return ["d"]
    hand = table.table.hand()  # type: ignore[attr-defined]
    index = hand.index(action.card)
    if isinstance(action, PlaceRowCard):
        if step % 2:
            return ["left"] * len(hand) + ["right"] * index + ["return"]
        return [str(index + 1)]
    assert isinstance(action, PlayToPile)
    return ["up" if action.pile == 1 else "down", str(index + 1)]


def play_to_the_end(h: Harness) -> MatchScreen:
    table = h.table
    assert table is not None
    rng = random.Random(4)
    step = 0
    for _ in range(MAX_FRAMES):
        if table.is_over:
            return table
        if table.bot_due is None and table.state.to_act in table.humans:
            h.press(*keys_for(table, step, rng), frames=1)
            step += 1
        else:
            h.frames(1)
    raise AssertionError("the game did not end")
