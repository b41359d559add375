"""The colour game's turn line does not say again what the player already knows: the end of
their own row, which they put there in their last turn and nobody else changes; T still says
it."""

from __future__ import annotations

import random

import pytest

from ninetynine_audio.bots.colours.simple import NormalBot
from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.games.colours import EndPiles, PlaceRowCard, PlayToPile, ScoreRow, view
from ninetynine_audio.ui.harness import make_heard_app

pytestmark = pytest.mark.usefixtures("private_home")


def test_the_turn_line_leaves_out_the_row_end_the_player_put_there_and_t_says_it() -> None:
    setup = GameSetup("colours", ("You", "Lily", "Max"), ("human", "normal", "normal"), {}, seed=5)
    h, voice = make_heard_app(setup)
    table = h.table
    assert table is not None
    rng = random.Random(5)
    turn_lines: list[str] = []
    asked: list[str] = []
    seen_turn = -1
    for _ in range(200_000):
        if len(asked) == 3 or table.is_over:
            break
        if table.bot_due is not None or table.state.to_act != 0:
            h.frames(1)
            continue
        if not h.app.speaker.narration_heard():
            h.frames(1)
            continue
        state = view(table.state, 0)
        if state.turn != seen_turn:
            seen_turn = state.turn
            # The turn's first line: the last one said with the turn cue's words.
            turn_lines.append(next(t for t in reversed(h.spoken) if "Your turn" in t))
            if state.row:
                h.press("t")
                asked.append(h.spoken[-1])
        action = NormalBot().choose(state, rng)
        if isinstance(action, ScoreRow):
            h.press("x")
        elif isinstance(action, EndPiles):
            h.press("d")
        else:
            assert isinstance(action, PlaceRowCard | PlayToPile)
            number = str(table.table.hand().index(action.card) + 1)  # type: ignore[attr-defined]
            if isinstance(action, PlayToPile):
                h.press("up" if action.pile == 1 else "down")
            h.press(number)
    assert len(asked) == 3, (turn_lines, asked)
    # After the first turn, whose row was empty, each turn line names the piles and the new
    # cards, not the row's end ...
    assert all("row ends on" not in line for line in turn_lines[1:]), turn_lines
    assert all(line.startswith("Your turn. Piles ") for line in turn_lines[1:]), turn_lines
    # ... which T says, with the value of the row's last card.
    assert all("row ends on" in answer for answer in asked), asked
    assert voice.timeline
