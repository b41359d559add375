"""Whole colour games played by key presses through the real loop, against the computer.

The player's keys are those a careful player presses: the row card by its number or by the
arrows and Enter, a pile chosen with Up or Down before a play, the row scored with its key,
the turn ended with its key. Every row card, every scoring and the winner must be heard; a
computer turn is heard as one summary.
"""

from __future__ import annotations

import random

import pytest

from ninetynine_audio.bots.colours.simple import NormalBot
from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.games.colours import (
    DrawPileRenewed,
    EndPiles,
    GameEnded,
    PlaceRowCard,
    PlayToPile,
    RowCardPlaced,
    RowScored,
    ScoreRow,
    view,
)
from ninetynine_audio.present.colours.words import card_name
from ninetynine_audio.present.words import count_noun
from ninetynine_audio.ui.harness import Harness, make_app
from ninetynine_audio.ui.match import MatchScreen

MAX_FRAMES = 20000

pytestmark = pytest.mark.usefixtures("private_home")


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


def assert_game_was_heard(h: Harness, table: MatchScreen) -> None:
    spoken = h.spoken
    text = "\n".join(spoken)
    placed = [e for e in table.events if isinstance(e, RowCardPlaced) and e.player == "You"]
    assert placed, "you placed no row card"
    for event in placed:
        assert any(f"You put {card_name(event.card)} in the row" in line for line in spoken)
    for event in table.events:
        if isinstance(event, RowScored):
            assert any(
                f"a row of {len(event.cards)}: {count_noun(event.points, 'point', 'points')}, "
                f"{event.score} in all" in line
                for line in spoken
            ), event
        if isinstance(event, DrawPileRenewed):
            assert any("draw pile is empty: 15 points" in line for line in spoken), event
    ended = [e for e in table.events if isinstance(e, GameEnded)]
    assert len(ended) == 1
    verb = "win" if ended[0].winner == "You" else "wins"
    assert f"{ended[0].winner} {verb} with" in text
    assert any(line.startswith("Lily: row of") for line in spoken), "no computer turn summary"


@pytest.mark.parametrize(
    ("kinds", "pro"), [(("human", "normal"), False), (("human", "easy", "hard"), True)]
)
def test_a_colour_game_is_played_to_the_end_by_keys(kinds, pro):
    names = ("You", "Lily", "Max")[: len(kinds)]
    setup = GameSetup("colours", names, kinds, {"pro_variant": pro}, seed=7)
    h = make_app(setup)
    table = play_to_the_end(h)
    assert_game_was_heard(h, table)


def test_the_colour_game_is_chosen_in_the_menus_and_its_table_answers_questions():
    h = make_app(seed=5)
    h.frames(1)
    h.press("return")  # Play
    h.press("down", "down", "down")  # Colours
    assert h.new_speech()[-1].startswith("Colours: rising rows")
    h.press("return")  # player count: 4 is offered first
    h.press("up", "up", "return")  # two players
    h.press("return")  # Normal
    h.new_speech()
    h.press("return")  # Start
    table = h.table
    assert table is not None and table.setup.game == "colours"
    assert table.setup.kinds == ("human", "normal")
    heard = h.new_speech()
    assert any(line.startswith("Your turn. Piles ") for line in heard)
    h.press("w")
    assert h.new_speech()[-1] == "Your row is empty: any card starts it"
    h.press("c")
    assert h.new_speech()[-1] == "Scores: You 0, 99 to go; Lily 0, 99 to go"
    h.press("n")
    assert h.new_speech()[-1] == "Your draw pile: 15 cards"
    h.press("i")
    assert h.new_speech()[-1].startswith("Piles: ")
    h.press("right")
    assert ": starts your row, 2 of 6" in h.new_speech()[-1]
    h.press("d")  # ending the turn before the row card is refused with the reason
    assert h.new_speech()[-1] == "First put a card in your row"
    h.press("o")
    assert h.new_speech()[-1].startswith("Hand by colour: ")
