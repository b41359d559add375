"""The speaker never loses a result, lets the player's action through at once, keeps the game
moving under a stream of keys, survives a voice that fails once and takes a lost voice back."""

from __future__ import annotations

from dataclasses import dataclass

from ninetynine_audio.audio.backend import RecorderBackend, SimulatedVoice
from ninetynine_audio.audio.pacing import speaking_seconds
from ninetynine_audio.audio.speaker import ANSWERS_FIRST_S, Speaker
from ninetynine_audio.audio.utterance import Priority, Utterance
from ninetynine_audio.audio.wording import backend_failed_message, backend_restored_message


@dataclass
class Clock:
    now: float = 0.0

    def __call__(self) -> float:
        return self.now


def voice(clock: Clock, *, reports: bool = True, wpm: int = 200) -> SimulatedVoice:
    return SimulatedVoice(name="tts", clock=clock, words_per_minute=wpm, reports_speaking=reports)


def run(speaker: Speaker, clock: Clock, seconds: float, step: float = 0.02) -> None:
    for _ in range(round(seconds / step)):
        clock.now += step
        speaker.pump()


def test_skip_drops_only_mergeable_narration() -> None:
    clock = Clock()
    backend = voice(clock)
    speaker = Speaker(backend, fallbacks=[], clock=clock)
    speaker.say(Utterance("Max is stuck at 97 with 5 and 8"))
    speaker.say(Utterance("Lily plays 4, total 97", mergeable=True))
    speaker.say(Utterance("Max loses a life, 2 left"))
    speaker.say(Utterance("Zoe plays 3, total 12", mergeable=True))
    speaker.say(Utterance("You draw King"))
    speaker.skip_narration()
    run(speaker, clock, 20)
    assert backend.heard_whole == [
        "Max is stuck at 97 with 5 and 8",
        "Max loses a life, 2 left",
        "You draw King",
    ]


def test_skip_cuts_a_computer_move_being_said_but_not_a_result() -> None:
    clock = Clock()
    backend = voice(clock)
    speaker = Speaker(backend, fallbacks=[], clock=clock)
    speaker.say(Utterance("Lily plays 4, total 97", mergeable=True))
    speaker.skip_narration()
    assert not speaker.is_speaking()
    speaker.say(Utterance("Round 2. Lily starts. Your cards: 5, 9 and King"))
    speaker.skip_narration()
    assert speaker.is_speaking()


def test_the_player_s_action_interrupts_an_answer_at_once() -> None:
    clock = Clock()
    backend = voice(clock)
    speaker = Speaker(backend, fallbacks=[], clock=clock)
    speaker.say(Utterance("Your cards: 5, 9, King, Queen and 3. Total 40", Priority.NOW))
    clock.now += 0.3
    speaker.interrupt()
    speaker.say(Utterance("You play 9, total 40"))
    assert backend.calls[-1].text == "You play 9, total 40"
    assert backend.heard_start("You play 9") == clock.now


def test_the_player_s_action_keeps_a_result_being_said() -> None:
    clock = Clock()
    backend = voice(clock)
    speaker = Speaker(backend, fallbacks=[], clock=clock)
    speaker.say(Utterance("Max loses a life, 2 left"))
    clock.now += 0.3
    speaker.interrupt()
    speaker.say(Utterance("You play 9, total 40"))
    run(speaker, clock, 10)
    assert backend.heard_whole == ["Max loses a life, 2 left", "You play 9, total 40"]


def test_keys_every_fifth_of_a_second_do_not_hold_narration_back() -> None:
    clock = Clock()
    backend = voice(clock)
    speaker = Speaker(backend, fallbacks=[], clock=clock)
    narration = ["Lily plays Queen, total 97", "You play 4, total 97", "Max loses a life, 2 left"]
    speaker.say(Utterance(narration[0], mergeable=True))
    for text in narration[1:]:
        speaker.say(Utterance(text))
    due = sum(speaking_seconds(text, 200) for text in narration)
    heard_at = None
    for step in range(600):
        clock.now += 0.02
        if step % 10 == 0:
            speaker.say(Utterance("Your turn", Priority.NOW))
        speaker.pump()
        if heard_at is None and speaker.narration_heard():
            heard_at = clock.now
    assert "You play 4, total 97" in backend.heard_whole
    assert "Max loses a life, 2 left" in backend.heard_whole
    # What was due is heard in its own speaking time, after the answers that go first for
    # a moment (each key's answer at once while a player explores).
    assert heard_at is not None and heard_at < due + ANSWERS_FIRST_S + 0.5


def test_a_voice_that_fails_once_is_kept() -> None:
    backend = RecorderBackend(name="tts", fail_times={"speak": 1})
    text = RecorderBackend(name="text")
    speaker = Speaker(backend, fallbacks=[("text", lambda: text)])
    speaker.say(Utterance("Your turn"))
    assert speaker.backend is backend
    assert backend.spoken == ["Your turn"]
    assert text.spoken == []


def test_a_replaced_voice_is_tried_again_later_and_comes_back() -> None:
    clock = Clock()
    broken = RecorderBackend(name="tts", fail_on={"speak"})
    text = RecorderBackend(name="text")
    healed = RecorderBackend(name="tts")
    starts: list[str] = []

    def revive(name: str) -> RecorderBackend:
        starts.append(name)
        if len(starts) == 1:
            raise RuntimeError("still no voice")
        return healed

    speaker = Speaker(
        broken, fallbacks=[("text", lambda: text)], clock=clock, revive=revive, revive_after=30
    )
    speaker.say(Utterance("Your turn"))
    assert speaker.backend is text
    assert text.spoken == [backend_failed_message("tts", "text"), "Your turn"]
    run(speaker, clock, 29, step=1.0)
    assert starts == []
    run(speaker, clock, 2, step=1.0)
    assert starts == ["tts"] and speaker.backend is text
    run(speaker, clock, 61, step=1.0)
    assert starts == ["tts", "tts"]
    assert speaker.backend is healed
    assert healed.spoken == [backend_restored_message("tts")]
