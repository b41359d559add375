"""Whole colour games played by key presses through the real loop, against the computer.

The player's keys are those a careful player presses: the row card by its number or by the
arrows and Enter, a pile chosen with Up or Down before a play, the row scored with its key,
the turn ended with its key. Every row card, every scoring and the winner must be heard; a
computer turn is heard as one summary.
"""

from __future__ import annotations

import itertools
import random
import re

import pytest
from helpers.by_keys_colours import MAX_FRAMES, keys_for, play_to_the_end

from ninetynine_audio.audio.backend import SimulatedVoice
from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.games.colours import (
    DrawPileRenewed,
    GameEnded,
    RowCardPlaced,
    RowScored,
    view,
)
from ninetynine_audio.present.colours.words import card_name
from ninetynine_audio.ui.harness import Harness, make_app, make_heard_app
from ninetynine_audio.ui.match import MatchScreen

pytestmark = pytest.mark.usefixtures("private_home")


def assert_game_was_heard(h: Harness, table: MatchScreen) -> None:
    spoken = h.spoken
    text = "\n".join(spoken)
    placed = [e for e in table.events if isinstance(e, RowCardPlaced) and e.player == "You"]
    assert placed, "you placed no row card"
    for event in placed:
        # The row card is named first in the line that says what fits now.
        name = card_name(event.card).capitalize()
        length = len(event.row)
        said = f"{name}, new row" if length == 1 else f"{name}, row {length}"
        assert any(line == said or line.startswith(f"{said}. ") for line in spoken), said
    for event in table.events:
        if not isinstance(event, RowScored | DrawPileRenewed):
            continue
        who = "you score" if event.player == "You" else f"{event.player} scores"
        if isinstance(event, RowScored):
            scored = f"{who} {event.points}, now {event.score}"
            assert any(scored in line or scored.capitalize() in line for line in spoken), event
        if isinstance(event, DrawPileRenewed):
            # Alone, or as the last part of a computer turn's summary.
            renewed = (
                f"Draw pile empty: {who} {event.points}, now {event.score}",
                f"{event.player}: ",
            )
            part = f"draw pile empty: {event.points}, now {event.score}"
            assert any(
                renewed[0] in line or (line.startswith(renewed[1]) and line.endswith(part))
                for line in spoken
            ), event
    ended = [e for e in table.events if isinstance(e, GameEnded)]
    assert len(ended) == 1
    verb = "win" if ended[0].winner == "You" else "wins"
    assert f"{ended[0].winner} {verb} with" in text
    summaries = [line for line in spoken if line.startswith("Lily: ")]
    assert any(re.match(r"Lily: (new row|row \d+), \d+ on piles", s) for s in summaries), summaries


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
    assert h.new_speech()[-1] == "Scores: You 0; Lily 0"
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


def colour_table(seed: int = 7) -> tuple[Harness, MatchScreen, SimulatedVoice]:
    setup = GameSetup(
        "colours",
        ("You", "Lily", "Max", "Zoe"),
        ("human", "normal", "normal", "normal"),
        {"pro_variant": False},
        seed=seed,
    )
    h, voice = make_heard_app(setup)
    table = h.table
    assert table is not None
    return h, table, voice


def test_the_turn_cue_sounds_once_a_turn_however_many_steps_it_has() -> None:
    h, table, _ = colour_table()
    rng = random.Random(4)
    cues_at_turn_end: list[int] = []
    steps = 0
    for _ in range(MAX_FRAMES * 5):
        if len(cues_at_turn_end) == 4:
            break
        mine = table.bot_due is None and table.state.to_act in table.humans
        if mine and h.app.speaker.narration_heard():
            h.press(*keys_for(table, 0, rng), frames=1)
            steps += 1
            if table.state.to_act not in table.humans:
                cues_at_turn_end.append(h.app.cues.names.count("your_turn"))
        else:
            h.frames(1)
    # Each turn had a row card and pile plays, yet the cue came once: when the turn began.
    assert len(cues_at_turn_end) == 4 and steps >= 12
    per_turn = [b - a for a, b in itertools.pairwise([0, *cues_at_turn_end])]
    assert per_turn == [1, 1, 1, 1], per_turn


def test_your_own_play_cuts_off_what_was_said_about_the_one_before() -> None:
    h, table, voice = colour_table()
    rng = random.Random(4)
    for _ in range(MAX_FRAMES):
        if table.bot_due is None and table.state.to_act == 0:
            break
        h.frames(1)
    # A fast player: the row card, then pile plays at once, a key every 0.2 s.
    pressed = 0
    for _ in range(MAX_FRAMES):
        if table.state.to_act != 0:
            break
        h.press(*keys_for(table, 0, rng), frames=10)
        pressed += 1
    assert pressed >= 3
    # Nothing said about the player's own earlier steps is said again after their next key,
    # and what was cut off stays cut off.
    said = [p.text for p in voice.timeline]
    cut = [p.text for p in voice.timeline if not p.complete and p.end > p.start]
    steps = [t for t in said if is_row_line(t) or t.startswith(("Fits ", "Left ", "Right "))]
    assert len(steps) == len(set(steps)), steps
    assert not any(said.count(t) > 1 for t in cut if is_row_line(t) or t.startswith("Fits "))
    waiting = [u.text for u in h.app.speaker.pending]
    assert not any(is_row_line(t) or t.startswith("Fits ") for t in waiting), waiting


def is_row_line(text: str) -> bool:
    """Whether ``text`` is the line after the player's row card ("Orange 4, row 2. …")."""
    head = text.split(". ")[0]
    return re.search(r", (new row|row \d+)$", head) is not None


def test_colour_key_help_is_grouped_row_piles_hand_and_asking() -> None:
    h, _, _ = colour_table()
    h.frames(2)
    h.press("f1")
    reader = h.app.stack[-1]
    headings = [p.text for p in reader.paragraphs if p.is_heading]  # type: ignore[attr-defined]
    assert headings[:4] == ["Your row", "The piles", "Your hand", "Asking"]
    texts = [p.text for p in reader.paragraphs]  # type: ignore[attr-defined]
    assert (
        texts.index("The piles")
        < texts.index("Up arrow: Choose the left pile")
        < texts.index("Your hand")
    )


def test_the_window_shows_the_scores_and_marks_the_chosen_pile() -> None:
    h, table, _ = colour_table()
    for _ in range(MAX_FRAMES):
        if table.bot_due is None and table.state.to_act == 0:
            break
        h.frames(1)
    h.press("1")  # the row card
    h.press("up")
    lines = table.display(h.app).lines
    assert lines[0].startswith("Piles: [") and any(
        line.startswith("Scores: You 0") for line in lines
    )


def test_leaving_key_help_on_the_piles_says_the_turn_s_short_line() -> None:
    setup = GameSetup("colours", ("You", "Lily"), ("human", "normal"), {}, seed=7)
    h = make_app(setup)
    table = h.table
    assert table is not None
    h.frames(2)
    h.press(*keys_for(table, 0, random.Random(4)), frames=2)  # the row card: on to the piles
    seen = view(table.state, 0)
    assert seen.phase.name == "PILES" and seen.hand
    h.press("f1")
    h.new_speech()
    h.press("escape")
    said = h.new_speech()
    # What fits where now, as the turn's own lines say it; not the stage and a count of plays.
    assert said and said[-1].startswith("Your turn. "), said
    assert "so far" not in said[-1]
    assert said[-1].endswith(("end your turn", *(card_name(c) for c in seen.hand))), said


def test_scoring_after_the_row_card_does_not_say_again_what_fits() -> None:
    from helpers.colours import stacked_deck

    deck = stacked_deck(["red-1 red-4 pink-3 grey-5 black-6 green-7", ""], tops="red-9 orange-2")
    setup = GameSetup("colours", ("You", "Lily"), ("human", "normal"), {}, seed=7, deck=deck)
    h = make_app(setup)
    h.frames(2)
    h.new_speech()
    h.press("1")
    (placed,) = h.new_speech()
    assert placed.startswith("Red 1, new row. Fits ")
    h.press("x")
    # The row scored; the piles and the hand are as they were, so what fits is not repeated.
    assert h.new_speech() == ["You score 1, now 1"]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_hint_starts_an_empty_row_low_when_the_10_can_end_it_later(seed) -> None:
    from helpers.colours import stacked_deck

    # Green 1 can be followed by the red 10 in hand; started with the 10, the row is scored
    # next turn for 1 point.
    hand = "purple-7 purple-4 yellow-6 purple-6 red-10 green-1"
    deck = stacked_deck([hand, ""], tops="light-blue-2 green-4")
    setup = GameSetup("colours", ("You", "Lily"), ("human", "normal"), {}, seed=seed, deck=deck)
    h = make_app(setup)
    h.frames(2)
    h.press("slash")
    assert h.new_speech()[-1].startswith("Hint: put green 1 in your row")


def test_a_card_put_on_the_pile_the_player_chose_is_said_without_its_side() -> None:
    from helpers.colours import stacked_deck

    deck = stacked_deck(["red-1 red-4 pink-3 grey-5 black-6 green-7", ""], tops="red-9 orange-2")
    setup = GameSetup("colours", ("You", "Lily"), ("human", "normal"), {}, seed=7, deck=deck)
    h = make_app(setup)
    h.frames(2)
    h.press("1")  # red 1 starts the row: red 9 on the left, orange 2 on the right
    h.new_speech()
    # No pile chosen: the card goes on the first it fits, and the side is news.
    h.press("2")
    assert [t for t in h.new_speech() if t] == ["Red 4 left"]
    # The right pile chosen with Down: the card is named, the side is the player's own.
    h.press("down")
    h.new_speech()
    h.press("1")
    assert [t for t in h.new_speech() if t] == ["Pink 3"]
    # Every play goes on the chosen pile until another is chosen.
    h.press("3")
    said = [t for t in h.new_speech() if t]
    assert said and said[0].startswith("Green 7"), said
    assert "left" not in said[0] and "right" not in said[0], said
