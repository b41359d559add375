"""A whole trick-taking game played by keys (the family's by-keys driver, found by
:func:`helpers.table.by_keys_driver`)."""

from __future__ import annotations

from ninetynine_audio.games.tricks import (
    Phase,
    TricksState,
    playable,
)
from ninetynine_audio.present.tricks.phrases import sort_cards
from ninetynine_audio.ui.harness import Harness
from ninetynine_audio.ui.match import MatchScreen

MAX_FRAMES = 20_000


def go_to(index: int, size: int) -> list[str]:
    """Keys that put the cursor on card ``index`` of a hand of ``size``, from anywhere."""
    return ["left"] * size + ["right"] * index


def keys_for_turn(table: MatchScreen, turn: int) -> list[str]:
    """A player who bids their three lowest cards and plays the first card they may."""
    state: TricksState = table.state
    seat = table.my_seat() or 0  # the seat the keys act for: the only human offline
    hand = sort_cards(state.hands[seat])
    if state.phase is Phase.BIDDING:
        lowest = sorted(range(len(hand)), key=lambda i: (hand[i].rank.value, i))[:3]
        keys: list[str] = []
        for index in sorted(lowest):
            keys += [*go_to(index, len(hand)), "space"]
        return [*keys, "return"]
    allowed = playable(state.hands[seat], state.trick)
    index = next(i for i, card in enumerate(hand) if card in allowed)
    if turn % 2 and index < 7:
        return [str(index + 1)]
    return [*go_to(index, len(hand)), "return"]


def play_to_the_end(h: Harness) -> MatchScreen:
    table = h.table
    assert table is not None
    turn = 0
    for _ in range(MAX_FRAMES):
        if table.is_over:
            return table
        state: TricksState = table.state
        if table.bot_due is None and 0 in table.spec.seats_to_act(state):
            h.press(*keys_for_turn(table, turn), frames=1)
            turn += 1
        else:
            h.frames(1)
    raise AssertionError("the game did not end")
