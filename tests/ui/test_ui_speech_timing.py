"""Speech that is never stale, heard through a simulated screen reader at 200 and 400 words a
minute on the real loop (``ui.harness``, a fake clock): a question is answered at once with the
value true when it is said, a play is heard at once over a round's opening lines, and keys a
few tenths of a second apart each get their answer, the turn's first line still heard."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from helpers.adding_keys import keys_for_turn

from ninetynine_audio.audio.backend import SimulatedVoice
from ninetynine_audio.games.adding import AddingOptions
from ninetynine_audio.games.base import GameSetup
from ninetynine_audio.ui.harness import Harness, make_heard_app
from ninetynine_audio.ui.match import MatchScreen

RATES = [200, 400]


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NINETYNINE_AUDIO_HOME", str(tmp_path))
    return tmp_path


def adding(seed: int) -> GameSetup:
    names = ("You", "Lily", "Max", "Zoe")
    kinds = ("human", "normal", "normal", "normal")
    return GameSetup("classic", names, kinds, AddingOptions(), seed)


def colours(seed: int) -> GameSetup:
    names = ("You", "Lily", "Max", "Zoe")
    kinds = ("human", "normal", "normal", "normal")
    return GameSetup("colours", names, kinds, {"pro_variant": False}, seed)


def table_of(h: Harness) -> MatchScreen:
    assert h.table is not None
    return h.table


def run_until(h: Harness, done: Callable[[], bool], seconds: float = 60) -> None:
    for _ in range(round(seconds / h.frame_seconds)):
        if done():
            return
        h.frames(1)
    raise AssertionError("the table did not get there in time")


def wait(h: Harness, seconds: float) -> None:
    h.frames(round(seconds / h.frame_seconds))


def heard_since(voice: SimulatedVoice, since: float) -> list[tuple[float, str]]:
    """What began to be heard from ``since`` on, with when, in order."""
    return [(p.start, p.text) for p in voice.timeline if p.start >= since and p.end > p.start]


@pytest.mark.parametrize("wpm", RATES)
def test_a_second_question_is_answered_at_once_with_the_value_then(wpm: int) -> None:
    h, voice = make_heard_app(adding(3), wpm=wpm)
    table = table_of(h)
    run_until(h, lambda: table.state.to_act == 0 and h.app.speaker.narration_heard())
    h.press(*keys_for_turn(table, 0), frames=1)
    wait(h, 0.3)
    h.press("t")
    wait(h, 0.3)
    asked_at = h.clock.now
    h.press("t")
    asked = table.table.turn_text(h.app)
    wait(h, 15)
    heard = heard_since(voice, asked_at - h.frame_seconds)
    # The answer starts at once, before anything a computer does after it.
    assert heard[0][1] == asked, heard
    assert heard[0][0] - asked_at < 0.1, heard
    # No computer moved before it was said, so the value it told was still true.
    moves = [at for at, text in heard if " plays " in text]
    assert moves and min(moves) > heard[0][0], heard


@pytest.mark.parametrize("wpm", RATES)
def test_a_play_during_the_opening_lines_is_heard_at_once(wpm: int) -> None:
    h, voice = make_heard_app(adding(1), wpm=wpm)
    table = table_of(h)
    assert table.state.to_act == 0  # this deal lets the player start the round
    wait(h, 0.5)
    played_at = h.clock.now
    h.press(*keys_for_turn(table, 0), frames=1)
    wait(h, 10)
    heard = heard_since(voice, played_at - h.frame_seconds)
    assert heard[0][1].startswith("You play"), heard
    assert heard[0][0] - played_at < 0.1, heard
    # The opening lines and the turn prompt the play made obsolete are not said again.
    later = [text for _, text in heard[1:]]
    assert not any(text.startswith(("Round 1", "Classic", "Your turn, total 0")) for text in later)


def heard_keys(wpm: int, keys: list[str], at: float) -> tuple[Harness, SimulatedVoice, float]:
    """Colours, the player's first turn: ``keys`` 0.3 s apart from ``at`` seconds in."""
    h, voice = make_heard_app(colours(1), wpm=wpm)
    table = table_of(h)
    assert table.state.to_act == 0  # the player's turn comes after the deal
    wait(h, at)
    start = h.clock.now
    for key in keys:
        h.press(key, frames=1)
        wait(h, 0.3 - h.frame_seconds)
    wait(h, 20)
    return h, voice, start


@pytest.mark.parametrize("wpm", RATES)
def test_keys_a_third_of_a_second_apart_each_get_their_answer(wpm: int) -> None:
    h, voice, start = heard_keys(wpm, ["right", "right", "right", "h"], 1.0)
    heard = heard_since(voice, start - h.frame_seconds)
    answers = [(at, text) for at, text in heard if ": " in text and "Piles" not in text]
    # Four keys, four answers, each begun as its key was pressed.
    assert len(answers) >= 4, heard
    for index, (at, _text) in enumerate(answers[:4]):
        assert abs(at - (start + 0.3 * index)) < 0.1, heard
    assert answers[3][1].startswith("Hand"), heard
    assert any(text.startswith("Your turn") for _, text in heard), heard
