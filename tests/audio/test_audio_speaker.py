"""The speaker's priorities, backlog, key replacement, history and fallback, with recorders."""

from __future__ import annotations

from dataclasses import dataclass

from ninetynine_audio.audio.backend import RecorderBackend, SilentBackend, SpokenCall
from ninetynine_audio.audio.pacing import speaking_seconds
from ninetynine_audio.audio.selection import BackendFactory
from ninetynine_audio.audio.speaker import Speaker, join_phrases
from ninetynine_audio.audio.utterance import Priority, Utterance
from ninetynine_audio.audio.wording import backend_failed_message


@dataclass
class FakeClock:
    now: float = 0.0

    def __call__(self) -> float:
        return self.now


class FakeCues:
    """Records the cues the speaker plays."""

    def __init__(self) -> None:
        self.played: list[tuple[str, float]] = []

    def play(self, name: str, pan: float = 0.0) -> None:
        self.played.append((name, pan))


def busy_speaker(**kwargs: object) -> tuple[Speaker, RecorderBackend]:
    """A speaker whose recorder keeps each phrase 'speaking' until finish() is called."""
    backend = RecorderBackend(hold=True)
    speaker = Speaker(backend, fallbacks=[], **kwargs)  # type: ignore[arg-type]
    return speaker, backend


def finish_and_pump(speaker: Speaker, backend: RecorderBackend) -> None:
    backend.finish()
    speaker.pump()


def test_queue_waits_its_turn_and_is_fed_one_at_a_time() -> None:
    speaker, backend = busy_speaker()
    for text in ("one", "two", "three"):
        speaker.say(Utterance(text))
    assert backend.spoken == ["one"]
    assert [u.text for u in speaker.pending] == ["two", "three"]
    speaker.pump()  # still speaking: nothing new
    assert backend.spoken == ["one"]
    finish_and_pump(speaker, backend)
    finish_and_pump(speaker, backend)
    assert backend.spoken == ["one", "two", "three"]
    assert all(not call.interrupt for call in backend.calls)


def test_an_answer_interrupts_and_the_narration_it_cut_follows_it() -> None:
    speaker, backend = busy_speaker()
    speaker.say(Utterance("bot one plays a four", mergeable=True))
    speaker.say(Utterance("bot two plays a king", mergeable=True))
    speaker.say(Utterance("Total 42", Priority.NOW))
    assert backend.calls[-1] == SpokenCall("Total 42", True, 0.0)
    assert [u.text for u in speaker.pending] == ["bot one plays a four", "bot two plays a king"]
    finish_and_pump(speaker, backend)
    finish_and_pump(speaker, backend)
    assert backend.spoken == [
        "bot one plays a four",
        "Total 42",
        "bot one plays a four",
        "bot two plays a king",
    ]


def test_an_answer_keeps_waiting_results_and_speaks_them_after() -> None:
    speaker, backend = busy_speaker()
    speaker.say(Utterance("Lily plays a king", mergeable=True))
    speaker.say(Utterance("Max loses a life"))
    speaker.say(Utterance("Lily wins"))
    speaker.say(Utterance("Total 42", Priority.NOW))
    assert [u.text for u in speaker.pending] == [
        "Lily plays a king",
        "Max loses a life",
        "Lily wins",
    ]
    for _ in range(4):
        finish_and_pump(speaker, backend)
    assert backend.spoken[-4:] == ["Total 42", "Lily plays a king", "Max loses a life", "Lily wins"]
    assert speaker.history.count("Max loses a life") == 1


def test_next_goes_ahead_of_the_queue_after_the_current_phrase() -> None:
    speaker, backend = busy_speaker()
    speaker.say(Utterance("current"))
    speaker.say(Utterance("queued"))
    speaker.say(Utterance("first next", Priority.NEXT))
    speaker.say(Utterance("second next", Priority.NEXT))
    assert backend.spoken == ["current"]  # NEXT does not cut the current phrase
    for _ in range(3):
        finish_and_pump(speaker, backend)
    assert backend.spoken == ["current", "first next", "second next", "queued"]


def test_backlog_drops_the_oldest_mergeable_phrases_only() -> None:
    speaker, _ = busy_speaker()
    speaker.say(Utterance("your turn"))
    speaker.say(Utterance("round result"))
    for seat in range(1, 7):
        speaker.say(Utterance(f"bot {seat} plays", mergeable=True))
    assert [u.text for u in speaker.pending] == [
        "round result",
        "bot 4 plays",
        "bot 5 plays",
        "bot 6 plays",
    ]
    # Dropped narration is still in the history a player can step through.
    assert "bot 1 plays" in speaker.history


def test_backlog_limit_is_configurable() -> None:
    speaker, _ = busy_speaker(max_mergeable=1)
    speaker.say(Utterance("speaking"))
    speaker.say(Utterance("a", mergeable=True))
    speaker.say(Utterance("b", mergeable=True))
    assert [u.text for u in speaker.pending] == ["b"]


def test_same_key_replaces_the_waiting_phrase_in_place() -> None:
    speaker, backend = busy_speaker()
    speaker.say(Utterance("speaking"))
    speaker.say(Utterance("Total 40", key="total"))
    speaker.say(Utterance("lives"))
    speaker.say(Utterance("Total 47", key="total"))
    assert [u.text for u in speaker.pending] == ["Total 47", "lives"]
    finish_and_pump(speaker, backend)
    assert backend.spoken[-1] == "Total 47"


def test_same_key_with_next_moves_to_the_front() -> None:
    speaker, _ = busy_speaker()
    speaker.say(Utterance("speaking"))
    speaker.say(Utterance("other"))
    speaker.say(Utterance("Total 40", key="total"))
    speaker.say(Utterance("Total 47", Priority.NEXT, key="total"))
    assert [u.text for u in speaker.pending] == ["Total 47", "other"]


def test_backend_without_speaking_state_is_never_asked_and_paced_by_estimate() -> None:
    clock = FakeClock()
    backend = RecorderBackend(name="screenreader", reports_speaking=False, speaking=True)
    speaker = Speaker(backend, fallbacks=[], clock=clock, words_per_minute=200)
    speaker.say(Utterance("Bot one plays a four"))
    speaker.say(Utterance("Total 44"))
    assert backend.spoken == ["Bot one plays a four"]
    assert not speaker.narration_heard()
    clock.now = speaking_seconds("Bot one plays a four", 200) - 0.01
    speaker.pump()
    assert backend.spoken == ["Bot one plays a four"]
    clock.now += 0.02
    speaker.pump()
    assert backend.spoken == ["Bot one plays a four", "Total 44"]
    clock.now += speaking_seconds("Total 44", 200)
    assert speaker.narration_heard()


def test_a_screen_reader_estimate_follows_the_rate_set() -> None:
    clock = FakeClock()
    backend = RecorderBackend(name="screenreader", reports_speaking=False)
    speaker = Speaker(backend, fallbacks=[], clock=clock, words_per_minute=200)
    text = "Lily plays Queen, total 97"
    speaker.say(Utterance(text))
    slow = speaker.heard_at()
    speaker.stop()
    speaker.set_words_per_minute(400)
    speaker.say(Utterance(text))
    assert speaker.heard_at() < slow
    assert 0.0 < speaker.heard_at() - clock.now < 1.5


def test_backend_without_speaking_state_gets_one_phrase_at_a_time_with_its_cue() -> None:
    clock = FakeClock()
    cues = FakeCues()
    voice = RecorderBackend(name="tts", hold=True)
    reader = RecorderBackend(name="screenreader", reports_speaking=False)
    speaker = Speaker(voice, fallbacks=[("screenreader", lambda: reader)], cues=cues, clock=clock)
    for text, cue in (("Bot one plays a four", "card_played"), ("Total 44", None)):
        speaker.say(Utterance(text, cue=cue))
    voice.fail_on.add("is_speaking")
    speaker.pump()
    assert reader.spoken == [backend_failed_message("tts", "screenreader")]
    for _ in range(3):
        clock.now += 5.0
        speaker.pump()
    assert reader.spoken[1:] == ["Bot one plays a four", "Total 44"]
    assert cues.played == [("card_played", 0.0), ("card_played", 0.0)]


def test_join_phrases_adds_stops_only_where_missing() -> None:
    assert join_phrases(["Total 44", "Your turn!", " ", "Ace"]) == "Total 44. Your turn! Ace"
    assert join_phrases(["only"]) == "only"


def test_cue_plays_with_its_phrase_and_pan() -> None:
    cues = FakeCues()
    speaker, backend = busy_speaker(cues=cues)
    speaker.say(Utterance("Bot one plays", cue="card_played", pan=-1.0))
    speaker.say(Utterance("Bot two plays", cue="card_played", pan=1.0))
    assert cues.played == [("card_played", -1.0)]
    assert backend.calls[0].pan == -1.0
    finish_and_pump(speaker, backend)
    assert cues.played == [("card_played", -1.0), ("card_played", 1.0)]


def test_cue_only_utterance_plays_at_once_and_leaves_speech_alone() -> None:
    cues = FakeCues()
    speaker, backend = busy_speaker(cues=cues)
    speaker.say(Utterance("Deal"))
    speaker.say(Utterance("", Priority.NOW, cue="menu_edge"))
    assert cues.played == [("menu_edge", 0.0)]
    assert backend.spoken == ["Deal"]
    assert backend.stops == 0
    assert speaker.history == ("Deal",)


def test_braille_gets_the_text_unless_the_utterance_opts_out() -> None:
    backend = RecorderBackend()
    speaker = Speaker(backend, fallbacks=[])
    speaker.say(Utterance("Total 12"))
    speaker.say(Utterance("tick", braille=False))
    assert backend.brailled == ["Total 12"]


def test_failing_braille_is_dropped_but_speech_goes_on() -> None:
    backend = RecorderBackend(fail_on={"braille"})
    speaker = Speaker(backend, fallbacks=[])
    speaker.say(Utterance("one"))
    speaker.say(Utterance("two"))
    assert speaker.backend is backend
    assert backend.spoken == ["one", "two"]


def test_history_last_and_repeat() -> None:
    backend = RecorderBackend()
    speaker = Speaker(backend, fallbacks=[])
    speaker.say(Utterance("one"))
    speaker.say(Utterance("two", Priority.NEXT))
    assert speaker.history == ("one", "two")
    assert speaker.last == "two"
    speaker.repeat_last()
    assert backend.calls[-1] == SpokenCall("two", True, 0.0)
    assert speaker.history == ("one", "two")


def test_history_keeps_only_the_newest() -> None:
    speaker = Speaker(RecorderBackend(), fallbacks=[], history_limit=2)
    for text in ("a", "b", "c"):
        speaker.say(Utterance(text))
    assert speaker.history == ("b", "c")


def test_stop_silences_and_drops_everything_waiting() -> None:
    speaker, backend = busy_speaker()
    speaker.say(Utterance("one"))
    speaker.say(Utterance("two"))
    speaker.stop()
    assert backend.stops == 1
    assert speaker.pending == ()
    speaker.pump()
    assert backend.spoken == ["one"]


def fallback_to(backend: RecorderBackend) -> list[tuple[str, BackendFactory]]:
    return [(backend.name, lambda: backend)]


def test_failing_backend_is_replaced_and_the_player_told_once() -> None:
    broken = RecorderBackend(name="tts", fail_on={"speak"})
    text = RecorderBackend(name="text")
    speaker = Speaker(broken, fallbacks=fallback_to(text))
    speaker.say(Utterance("Your turn"))
    speaker.say(Utterance("Total 50"))
    notice = backend_failed_message("tts", "text")
    assert text.spoken == [notice, "Your turn", "Total 50"]
    assert text.calls[0].interrupt  # the notice is heard at once
    assert speaker.backend is text
    assert broken.closed
    assert speaker.history == ("Your turn", notice, "Total 50")


def test_failure_found_while_asking_is_speaking_retries_the_phrase() -> None:
    broken = RecorderBackend(name="tts", hold=True)
    text = RecorderBackend(name="text")
    speaker = Speaker(broken, fallbacks=fallback_to(text))
    speaker.say(Utterance("lost in rendering"))
    broken.fail_on.add("is_speaking")
    speaker.say(Utterance("next phrase"))
    assert text.spoken == [
        backend_failed_message("tts", "text"),
        "lost in rendering",
        "next phrase",
    ]


def test_fallback_that_cannot_start_is_skipped() -> None:
    def cannot_start() -> RecorderBackend:
        raise RuntimeError("no device")

    broken = RecorderBackend(name="screenreader", fail_on={"speak"})
    text = RecorderBackend(name="text")
    speaker = Speaker(broken, fallbacks=[("tts", cannot_start), *fallback_to(text)])
    speaker.say(Utterance("hello"))
    assert text.spoken == [backend_failed_message("screenreader", "text"), "hello"]


def test_when_every_backend_fails_the_game_goes_on_silently() -> None:
    first = RecorderBackend(name="tts", fail_on={"speak"})
    second = RecorderBackend(name="text", fail_on={"speak"})
    speaker = Speaker(first, fallbacks=fallback_to(second))
    speaker.say(Utterance("one"))
    speaker.say(Utterance("two", Priority.NOW))
    speaker.stop()
    assert isinstance(speaker.backend, SilentBackend)
    assert speaker.history[-1] == "two"


def test_failure_on_stop_switches_backend() -> None:
    broken = RecorderBackend(name="tts", fail_on={"stop"})
    text = RecorderBackend(name="text")
    speaker = Speaker(broken, fallbacks=fallback_to(text))
    speaker.stop()
    assert speaker.backend is text
    assert text.spoken == [backend_failed_message("tts", "text")]


def test_replace_backend_closes_the_old_one() -> None:
    old = RecorderBackend(name="text")
    new = RecorderBackend(name="recorder")
    speaker = Speaker(old, fallbacks=[])
    speaker.replace_backend(new, fallbacks=[])
    speaker.say(Utterance("hi"))
    assert old.closed
    assert new.spoken == ["hi"]


def test_utterance_rejects_pan_out_of_range() -> None:
    try:
        Utterance("x", pan=1.5)
    except ValueError:
        return
    raise AssertionError("pan 1.5 was accepted")
