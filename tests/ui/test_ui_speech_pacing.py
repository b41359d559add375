"""The table heard through a voice that takes real time: a simulated screen reader that cannot
report when it has finished, or a built-in voice that can.

Every test runs the real loop (``ui.harness``) on a fake clock; the voice keeps a timeline of
what a listener would hear and when.
"""

from __future__ import annotations

import io
import itertools
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers.adding_keys import keys_for_turn, play_human, put_out_of_the_game, table_of

from ninetynine_audio.audio.backend import SimulatedVoice
from ninetynine_audio.audio.pacing import speaking_seconds
from ninetynine_audio.cards import parse_cards
from ninetynine_audio.games.adding import (
    AddingOptions,
    CardDrawn,
    CardPlayed,
    DrawMissed,
    Event,
    LivesChanged,
    PlayerOut,
    RoundStarted,
)
from ninetynine_audio.games.setup import GameSetup
from ninetynine_audio.play.driver import OWED_ACTION_WINDOW_S as DRAW_WINDOW_S
from ninetynine_audio.present.adding.events import narrate
from ninetynine_audio.present.adding.refusals import draw_prompt_text
from ninetynine_audio.present.screens import out_of_game_text
from ninetynine_audio.ui.harness import FakeClock, Harness, make_app
from ninetynine_audio.ui.match import MatchScreen as TableScreen
from ninetynine_audio.ui.textmode import run_text

PAUSE_MS = 900


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NINETYNINE_AUDIO_HOME", str(tmp_path))
    return tmp_path


def heard_app(
    setup: GameSetup, *, reports: bool, wpm: int = 200, pause_ms: int = PAUSE_MS
) -> tuple[Harness, SimulatedVoice]:
    clock = FakeClock()
    name = "tts" if reports else "screenreader"
    voice = SimulatedVoice(name=name, clock=clock, words_per_minute=wpm, reports_speaking=reports)
    h = make_app(setup, bot_pause_ms=pause_ms, recorder=voice, clock=clock)
    h.app.update_settings(screen_reader_rate_wpm=wpm)
    return h, voice


def four_players(seed: int = 3, **options: object) -> GameSetup:
    return GameSetup(
        "classic",
        ("You", "Lily", "Max", "Zoe"),
        ("human", "normal", "normal", "normal"),
        AddingOptions(**options),  # type: ignore[arg-type]
        seed,
    )


def my_turn_heard(h: Harness) -> Callable[[], bool]:
    """True once it is the player's turn and everything before it has been heard."""
    table = table_of(h)
    return lambda: (
        table.state.to_act == 0 and table.bot_due is None and h.app.speaker.narration_heard()
    )


def run_until(h: Harness, done: Callable[[], bool], seconds: float) -> None:
    for _ in range(round(seconds / h.frame_seconds)):
        if done():
            return
        h.frames(1)
    raise AssertionError("the table did not get there in time")


def your_turn_delays(wpm: int, turns: int = 3) -> list[float]:
    """How long after the last computer move "Your turn" begins to be heard, turn by turn."""
    h, voice = heard_app(four_players(), reports=False, wpm=wpm)
    table = table_of(h)
    delays: list[float] = []
    for turn in range(turns):
        run_until(h, lambda: table.state.to_act == 0 and table.bot_due is None, 60)
        if turn:
            moved_at = h.clock.now - h.frame_seconds
            run_until(h, lambda m=moved_at: voice.heard_start("Your turn", m) is not None, 30)
            heard = voice.heard_start("Your turn", moved_at)
            assert heard is not None
            delays.append(heard - moved_at)
        play_human(h, turn)
    return delays


@pytest.mark.parametrize("wpm", [200, 400])
def test_your_turn_is_heard_right_after_the_last_computer_move(wpm: int) -> None:
    delays = your_turn_delays(wpm)
    # Only the last move's own words come before it ("Zoe plays Queen, total 47").
    longest_move = speaking_seconds("Zoe plays Queen, total 47", wpm)
    assert delays and max(delays) < longest_move + 0.2, delays


def test_computer_moves_wait_until_the_last_one_is_likely_heard() -> None:
    h, voice = heard_app(four_players(), reports=False)
    table = table_of(h)
    run_until(h, my_turn_heard(h), 30)
    play_human(h, 0)
    moved_at: list[float] = []
    for _ in range(round(60 / h.frame_seconds)):
        if my_turn_heard(h)():
            break
        before = len(table.events)
        h.frames(1)
        if any(isinstance(e, CardPlayed) and e.seat != 0 for e in table.events[before:]):
            moved_at.append(h.clock.now - h.frame_seconds)
    assert len(moved_at) == 3
    plays = [p for p in voice.timeline if " plays " in p.text or "You play" in p.text]
    assert len(plays) == 4
    # Each computer move came only once the play before it had been heard to its end.
    for previous, at in zip(plays, moved_at, strict=False):
        assert at >= previous.end - h.frame_seconds, (previous, at)
    assert all(p.complete for p in voice.timeline[1:])
    for before, after in itertools.pairwise(plays):
        assert after.start >= before.end - 1e-9


def test_a_cue_plays_with_its_phrase() -> None:
    h, voice = heard_app(four_players(), reports=False)
    played: list[tuple[str, float]] = []
    router = h.app.cues
    original = router.play

    def timed(name: str, pan: float = 0.0) -> None:
        played.append((name, h.clock.now))
        original(name, pan)

    router.play = timed  # type: ignore[method-assign]
    run_until(h, my_turn_heard(h), 30)
    play_human(h, 0)
    run_until(h, my_turn_heard(h), 60)
    card_cues = [t for name, t in played if name.startswith("card_played")]
    plays = [p.start for p in voice.timeline if " plays " in p.text or "You play" in p.text]
    assert len(card_cues) == len(plays) >= 4
    for cue_at, phrase_at in zip(card_cues, plays, strict=True):
        assert abs(cue_at - phrase_at) <= h.frame_seconds + 1e-9


def narration_seconds(events: list[Event], table: TableScreen, h: Harness) -> float:
    texts = [u.text for u in narrate(events, table.perspective(h.app))]
    return sum(speaking_seconds(t, 200) for t in texts)


@pytest.mark.parametrize("key", ["t", "right", "h"])
def test_computer_players_move_on_while_a_key_is_pressed_every_fifth_of_a_second(
    key: str,
) -> None:
    h, voice = heard_app(four_players(seed=11), reports=True)
    table = table_of(h)
    run_until(h, my_turn_heard(h), 30)
    play_human(h, 0)
    moves: list[tuple[float, int]] = []  # when each computer move happened, events before it
    start = h.clock.now
    for frame in range(round(12 / h.frame_seconds)):
        if table.state.to_act == 0 and table.bot_due is None:
            break
        if frame % 10 == 0:
            h.press(key, frames=0)
        before = len(table.events)
        h.frames(1)
        if len(table.events) != before and any(
            isinstance(e, CardPlayed) and e.seat != 0 for e in table.events[before:]
        ):
            moves.append((h.clock.now, before))
    assert len(moves) == 3, "every computer player moved"
    longest_answer = max(speaking_seconds(text, 200) for text in h.app.speaker.history)
    previous_at, previous_count = start, None
    for at, count in moves:
        due_events = table.events[previous_count:count] if previous_count is not None else []
        due = narration_seconds(list(due_events), table, h)
        # Within its pause plus the time to say what was due (and one answer that went first).
        assert at - previous_at <= PAUSE_MS / 1000 + due + longest_answer + 0.2
        previous_at, previous_count = at, count
    assert any("You play" in p for p in voice.heard_whole), "the player's own play was heard"


def test_skip_never_drops_a_result() -> None:
    setup = GameSetup(
        "classic", ("You", "Lily", "Max"), ("human", "normal", "easy"), AddingOptions(lives=2), 8
    )
    h, voice = heard_app(setup, reports=True)
    h.frame_seconds = 0.05
    table = table_of(h)
    my_turn = my_turn_heard(h)
    turn = 0
    for _ in range(20000):
        if table.is_over:
            break
        if table.bot_due is not None and not table.skipping:
            h.press("s")
        elif my_turn():
            play_human(h, turn)
            turn += 1
        else:
            h.frames(1)
    assert table.is_over
    run_until(h, lambda: h.app.speaker.narration_heard() and not h.app.speaker.pending, 300)
    heard = "\n".join(voice.heard_whole)
    for event in table.events:
        if isinstance(event, LivesChanged):
            assert f"{event.player} lose" in heard, event
        elif isinstance(event, PlayerOut):
            assert f"{event.player} {'are' if event.player == 'You' else 'is'} out" in heard
        elif isinstance(event, RoundStarted) and event.round > 1:
            assert f"Round {event.round}" in heard
        elif isinstance(event, CardDrawn) and event.seat == 0:
            assert f"You draw {event.card.rank.name.title()}" in heard or "You draw" in heard
    own = [e for e in table.events if isinstance(e, CardPlayed) and e.seat == 0]
    assert sum("You play" in line for line in voice.heard_whole) == len(own)


def test_playing_a_card_cuts_off_the_hand_being_read() -> None:
    h, voice = heard_app(four_players(), reports=True)
    table = table_of(h)
    run_until(h, my_turn_heard(h), 30)
    h.press("h")
    h.frames(5)
    pressed_at = h.clock.now
    h.press(*keys_for_turn(table, 0), frames=1)
    heard = voice.heard_start("You play", pressed_at - 1e-9)
    assert heard is not None and heard - pressed_at <= h.frame_seconds


def manual_draw_setup() -> GameSetup:
    return GameSetup(
        "classic",
        ("You", "Lily"),
        ("human", "normal"),
        AddingOptions(manual_draw=True),
        5,
        parse_cards("5S KS 6D KH 7C KD 2S 3S 4C 4D 8H 8C"),
    )


def test_draw_by_hand_is_prompted_and_the_player_has_time_to_draw() -> None:
    h, voice = heard_app(manual_draw_setup(), reports=True)
    table = table_of(h)
    run_until(h, my_turn_heard(h), 30)
    h.press("1", frames=1)
    prompt = draw_prompt_text(h.app.key_name("table.adding", "draw_card"))
    run_until(h, lambda: voice.heard_start(prompt) is not None, 10)
    heard = voice.heard_start(prompt)
    assert heard is not None
    # The prompt is heard to its end, then the player has the draw window.
    h.frames(round((speaking_seconds(prompt, 200) + DRAW_WINDOW_S - 0.3) / h.frame_seconds))
    assert not any(isinstance(e, CardPlayed) and e.seat == 1 for e in table.events)
    assert h.clock.now - heard > PAUSE_MS / 1000
    h.press("space", frames=2)
    assert any(isinstance(e, CardDrawn) and e.seat == 0 for e in table.events)
    assert not any(isinstance(e, DrawMissed) for e in table.events)


def test_draw_by_hand_works_in_text_mode() -> None:
    args_lines = "1\nspace\n"
    setup = manual_draw_setup()
    out = io.StringIO()
    import argparse

    from ninetynine_audio.ui.start import build_app

    args = argparse.Namespace(text=True, speech="text", bot_pause=PAUSE_MS, log_events=None)
    app, notices = build_app(args, 1, stream=out)
    app.start(setup, notices)
    run_text(app, io.StringIO(args_lines), wait_for_game=True, sleep=lambda s: None)
    printed = out.getvalue()
    assert "You draw" in printed
    assert "misses the draw" not in printed and "miss the draw" not in printed


def test_a_player_out_of_the_game_hears_how_to_get_on() -> None:
    h = put_out_of_the_game()
    text = out_of_game_text(
        h.app.key_name("table", "skip_wait"), h.app.key_name("table", "pause_menu")
    )
    assert h.spoken.count(text) == 1
    assert "S to skip to the end" in text and "Escape to leave" in text
