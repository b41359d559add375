"""The built-in voice: real rendering through pyttsx3, and the backend's queue on the mixer."""

from __future__ import annotations

import math
import os
import threading
import time
import wave
from array import array
from collections.abc import Callable, Iterator
from pathlib import Path

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from ninetynine_audio.audio import mixer
from ninetynine_audio.audio.backend import BackendUnavailable, SpeechBackendError
from ninetynine_audio.audio.tts import (
    RENDER_ATTEMPTS,
    VOICE_VOLUME_FLOOR,
    Pyttsx3Renderer,
    TtsBackend,
)

WAIT_LIMIT_S = 10.0


def wait_for(condition: Callable[[], bool]) -> bool:
    """Poll until ``condition`` holds or the limit passes; return whether it held."""
    deadline = time.monotonic() + WAIT_LIMIT_S
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.01)
    return condition()


def wav_rms_and_seconds(path: Path) -> tuple[float, float]:
    with wave.open(str(path), "rb") as wav:
        assert wav.getsampwidth() == 2
        samples = array("h", wav.readframes(wav.getnframes()))
        seconds = wav.getnframes() / wav.getframerate()
    rms = math.sqrt(sum(s * s for s in samples) / max(1, len(samples))) / 32768
    return rms, seconds


def render_real(renderer: Pyttsx3Renderer, text: str, path: Path) -> None:
    """Render as the voice does: espeak-ng now and then writes no audio on a loaded machine,
    and the backend then tries again (RENDER_ATTEMPTS); what it wrote is still checked."""
    for attempt in range(RENDER_ATTEMPTS):
        try:
            renderer.render(text, path)
            return
        except SpeechBackendError:
            if attempt + 1 == RENDER_ATTEMPTS:
                raise


def test_pyttsx3_renders_real_speech_to_a_wav(tmp_path: Path) -> None:
    path = tmp_path / "phrase.wav"
    renderer = Pyttsx3Renderer(rate=180)
    render_real(renderer, "Ninety-nine. Your turn, the total is eighty seven.", path)
    rms, seconds = wav_rms_and_seconds(path)
    assert rms > 0.02, f"speech is too quiet to be speech (RMS {rms:.4f})"
    assert 1.0 < seconds < 10.0, f"implausible length for a short phrase: {seconds:.2f} s"


def test_pyttsx3_rate_changes_the_length(tmp_path: Path) -> None:
    renderer = Pyttsx3Renderer()
    renderer.set_rate(120)
    render_real(renderer, "Seven of hearts", tmp_path / "slow.wav")
    renderer.set_rate(300)
    render_real(renderer, "Seven of hearts", tmp_path / "fast.wav")
    _, slow = wav_rms_and_seconds(tmp_path / "slow.wav")
    _, fast = wav_rms_and_seconds(tmp_path / "fast.wav")
    assert fast < slow


def test_a_new_rate_is_heard_from_the_next_phrase_on(tmp_path: Path) -> None:
    renderer = Pyttsx3Renderer()
    lengths = []
    for index, rate in enumerate((300, 120, 300)):
        renderer.set_rate(rate)
        path = tmp_path / f"{index}.wav"
        render_real(renderer, "Seven of hearts, total ninety seven", path)
        lengths.append(wav_rms_and_seconds(path)[1])
    fast, slow, fast_again = lengths
    # espeak-ng kept the first rate it was given; each change must be heard.
    assert slow > 1.8 * fast and slow > 1.8 * fast_again, lengths


class FakeRenderer:
    """Writes a short tone instead of speech, records what it rendered, can wait or fail."""

    def __init__(
        self,
        gate: threading.Event | None = None,
        fail: bool = False,
        fail_times: int = 0,
        seconds: float = 0.1,
    ) -> None:
        self.rendered: list[str] = []
        self.rates: list[int] = []
        self.gate = gate
        self.fail = fail
        self.fail_times = fail_times
        self.started = threading.Event()
        self.seconds = seconds

    def set_rate(self, words_per_minute: int) -> None:
        self.rates.append(words_per_minute)

    def render(self, text: str, path: Path) -> None:
        self.started.set()
        if self.gate is not None:
            self.gate.wait(WAIT_LIMIT_S)
        if self.fail:
            raise RuntimeError("engine broke")
        if self.fail_times > 0:
            # What espeak-ng sometimes leaves: a WAV header and no sound.
            self.fail_times -= 1
            with wave.open(str(path), "wb") as wav:
                wav.setnchannels(1)
                wav.setsampwidth(2)
                wav.setframerate(22050)
            raise SpeechBackendError(f"the speech engine wrote no audio for {text!r}")
        self.rendered.append(text)
        frames = int(22050 * self.seconds)
        tone = array("h", (int(8000 * math.sin(i / 5)) for i in range(frames)))
        with wave.open(str(path), "wb") as wav:
            wav.setnchannels(1)
            wav.setsampwidth(2)
            wav.setframerate(22050)
            wav.writeframes(tone.tobytes())


@pytest.fixture
def fresh_mixer() -> Iterator[None]:
    mixer.quit_mixer()
    yield
    mixer.quit_mixer()


def make_backend(renderer: FakeRenderer, **kwargs: object) -> TtsBackend:
    return TtsBackend(renderer_factory=lambda: renderer, **kwargs)  # type: ignore[arg-type]


def test_backend_renders_and_plays_on_the_voice_channel(fresh_mixer: None) -> None:
    renderer = FakeRenderer()
    backend = make_backend(renderer)
    try:
        backend.speak("Your turn", pan=-1.0)
        assert backend.is_speaking()
        assert wait_for(lambda: mixer.voice_channel().get_busy())
        assert wait_for(lambda: not backend.is_speaking())
        assert renderer.rendered == ["Your turn"]
    finally:
        backend.close()


def test_interrupt_discards_pending_renders(fresh_mixer: None) -> None:
    gate = threading.Event()
    renderer = FakeRenderer(gate)
    backend = make_backend(renderer)
    try:
        backend.speak("first")  # blocks in render until the gate opens
        assert renderer.started.wait(WAIT_LIMIT_S)
        backend.speak("second")
        backend.speak("third", interrupt=True)
        gate.set()
        assert wait_for(lambda: not backend.is_speaking())
        # "first" was already rendering and is thrown away afterwards; "second" never renders.
        assert renderer.rendered == ["first", "third"]
    finally:
        backend.close()


def test_stop_cuts_speech_at_once(fresh_mixer: None) -> None:
    # A phrase far longer than any wait a loaded machine makes, so it is surely playing.
    backend = make_backend(FakeRenderer(seconds=WAIT_LIMIT_S * 3))
    try:
        backend.speak("a long phrase")
        assert wait_for(lambda: mixer.voice_channel().get_busy())
        backend.stop()
        assert not backend.is_speaking()
        assert not mixer.voice_channel().get_busy()
    finally:
        backend.close()


def test_stop_while_a_phrase_renders_is_silent_at_once(fresh_mixer: None) -> None:
    gate = threading.Event()
    renderer = FakeRenderer(gate)
    backend = make_backend(renderer)
    try:
        backend.speak("a phrase still rendering")
        assert renderer.started.wait(WAIT_LIMIT_S)
        backend.stop()
        # The render under way is thrown away when it ends: nothing is said any more.
        assert not backend.is_speaking()
        gate.set()
        assert wait_for(lambda: renderer.rendered == ["a phrase still rendering"])
        assert not backend.is_speaking()
        assert not mixer.voice_channel().get_busy()
    finally:
        gate.set()
        backend.close()


def test_rate_is_applied_before_the_next_render(fresh_mixer: None) -> None:
    renderer = FakeRenderer()
    backend = make_backend(renderer, rate=150)
    try:
        backend.speak("one")
        assert wait_for(lambda: not backend.is_speaking())
        backend.set_rate(240)
        backend.set_volume(0.5)
        backend.speak("two")
        assert wait_for(lambda: not backend.is_speaking())
        assert renderer.rates == [150, 240]
        assert backend.volume == 0.5
    finally:
        backend.close()


def test_render_failure_is_reported_so_the_speaker_can_fall_back(fresh_mixer: None) -> None:
    backend = make_backend(FakeRenderer(fail=True))
    try:
        backend.speak("doomed")

        def failed() -> bool:
            try:
                backend.is_speaking()
            except SpeechBackendError:
                return True
            return False

        assert wait_for(failed)
        with pytest.raises(SpeechBackendError):
            backend.speak("after")
    finally:
        backend.close()


def test_a_render_that_fails_once_is_tried_again_and_the_voice_goes_on(
    fresh_mixer: None,
) -> None:
    renderer = FakeRenderer(fail_times=1)
    backend = make_backend(renderer)
    try:
        backend.speak("Your turn")
        assert wait_for(lambda: renderer.rendered == ["Your turn"])
        assert wait_for(lambda: not backend.is_speaking())
        backend.speak("Total 40")  # no failure left over: the voice was kept
        assert wait_for(lambda: renderer.rendered == ["Your turn", "Total 40"])
    finally:
        backend.close()


def test_a_render_that_keeps_failing_gets_a_fresh_engine_then_gives_up(
    fresh_mixer: None,
) -> None:
    made: list[FakeRenderer] = []

    def factory() -> FakeRenderer:
        made.append(FakeRenderer(fail_times=10))
        return made[-1]

    backend = TtsBackend(renderer_factory=factory)  # type: ignore[arg-type]
    try:
        backend.speak("doomed")

        def failed() -> bool:
            try:
                backend.is_speaking()
            except SpeechBackendError:
                return True
            return False

        assert wait_for(failed)
        assert len(made) == 2
        assert sum(10 - r.fail_times for r in made) == 3
    finally:
        backend.close()


def test_the_voice_volume_never_goes_below_an_audible_floor(fresh_mixer: None) -> None:
    backend = make_backend(FakeRenderer(), volume=0.0)
    try:
        assert backend.volume == VOICE_VOLUME_FLOOR > 0
        backend.set_volume(0.0)
        assert backend.volume == VOICE_VOLUME_FLOOR
    finally:
        backend.close()


def test_no_mixer_means_no_tts_backend() -> None:
    with pytest.raises(BackendUnavailable):
        TtsBackend(renderer_factory=FakeRenderer, init_mixer=lambda: False)


def test_engine_that_cannot_start_means_no_tts_backend(fresh_mixer: None) -> None:
    def broken() -> FakeRenderer:
        raise OSError("libespeak-ng missing")

    with pytest.raises(BackendUnavailable):
        TtsBackend(renderer_factory=broken)
