"""The committed sound files: format, level, length, the rising danger, and the generator."""

from __future__ import annotations

import importlib.util
import itertools
import math
import wave
from array import array
from pathlib import Path
from types import ModuleType

import pytest

from ninetynine_audio.audio.backend import SpeechBackendError
from ninetynine_audio.audio.cues import ALL_CUE_NAMES, default_sounds_dir
from ninetynine_audio.audio.tts import VOICE_GAIN, Pyttsx3Renderer
from ninetynine_audio.store.settings import Settings

SOUNDS = default_sounds_dir()
ROOT = SOUNDS.parent


def read(path: Path) -> tuple[wave._wave_params, array[int]]:
    with wave.open(str(path), "rb") as wav:
        params = wav.getparams()
        samples = array("h", wav.readframes(wav.getnframes()))
    return params, samples


def rms(samples: array[int]) -> float:
    return math.sqrt(sum(s * s for s in samples) / len(samples)) / 32768


def zero_crossings(samples: array[int]) -> int:
    left = samples[::2]
    return sum((a < 0) != (b < 0) for a, b in itertools.pairwise(left))


def test_every_cue_has_a_file_and_every_file_is_a_cue() -> None:
    files = {p.stem for p in SOUNDS.glob("*.wav")}
    assert files == set(ALL_CUE_NAMES)


def peak_db(samples: array[int]) -> float:
    return 20 * math.log10(max(abs(s) for s in samples) / 32768)


def loudest_window_db(samples: array[int], window_s: float = 0.05) -> float:
    """The RMS of the loudest 50 ms of either channel, in dBFS."""
    width, hop = int(44100 * window_s), 441
    best = 0.0
    for channel in (samples[::2], samples[1::2]):
        last = max(0, len(channel) - width)
        for start in [*range(0, last + 1, hop), last]:
            part = channel[start : start + width]
            best = max(best, sum(v * v for v in part) / len(part))
    return 20 * math.log10(math.sqrt(best) / 32768)


@pytest.mark.parametrize("name", ALL_CUE_NAMES)
def test_cue_format_length_and_level(name: str) -> None:
    params, samples = read(SOUNDS / f"{name}.wav")
    assert params.sampwidth == 2
    assert params.framerate == 44100
    assert params.nchannels == 2
    seconds = params.nframes / params.framerate
    assert 0.05 <= seconds <= 0.4
    if name.startswith("danger_"):
        assert seconds <= 0.2, "a danger cue must not cover the name spoken after it"
    assert rms(samples) > 0.01, "the cue is (nearly) silent"
    assert peak_db(samples) <= -13.9


def test_cues_are_even_in_loudness() -> None:
    levels = {name: loudest_window_db(read(SOUNDS / f"{name}.wav")[1]) for name in ALL_CUE_NAMES}
    assert max(levels.values()) - min(levels.values()) <= 3.0, levels


def test_voice_and_two_cues_stay_below_full_scale() -> None:
    loudest_cue = max(10 ** (peak_db(read(SOUNDS / f"{n}.wav")[1]) / 20) for n in ALL_CUE_NAMES)
    # Even a voice that reaches full scale in its file, with two cues at full volume.
    assert VOICE_GAIN + 2 * loudest_cue < 1.0


def test_cues_are_quieter_than_the_voice(tmp_path: Path) -> None:
    path = tmp_path / "voice.wav"
    renderer = Pyttsx3Renderer()
    for attempt in range(3):  # espeak-ng now and then writes no audio on a loaded machine
        try:
            renderer.render("Lily plays Queen, total 97. Max, your turn.", path)
            break
        except SpeechBackendError:
            if attempt == 2:
                raise
    with wave.open(str(path), "rb") as wav:
        mono = array("h", wav.readframes(wav.getnframes()))
        rate = wav.getframerate()
    # The voice's loudest 50 ms as it plays, against the loudest cue at the usual volume.
    stereo = array("h", [v for v in mono for _ in (0, 1)])
    voice_db = loudest_window_db(stereo, 0.05 * 44100 / rate) + 20 * math.log10(VOICE_GAIN)
    usual = 20 * math.log10(Settings().sound_volume / 100)
    cue_db = max(loudest_window_db(read(SOUNDS / f"{n}.wav")[1]) for n in ALL_CUE_NAMES) + usual
    assert cue_db < voice_db - 4.0


def test_card_played_is_centred_so_it_can_be_panned() -> None:
    _, samples = read(SOUNDS / "card_played.wav")
    assert samples[::2] == samples[1::2]


def pulses(samples: array[int]) -> list[tuple[int, int]]:
    """(start, end) sample indexes of the bursts of sound in the left channel."""
    left = [abs(v) for v in samples[::2]]
    frame = 220  # 5 ms
    levels = [max(left[i : i + frame]) for i in range(0, len(left), frame)]
    threshold = max(levels) * 0.3
    found: list[tuple[int, int]] = []
    start: int | None = None
    for index, level in enumerate(levels):
        if level >= threshold and start is None:
            start = index
        elif level < threshold * 0.5 and start is not None:
            found.append((start * frame, index * frame))
            start = None
    if start is not None:
        found.append((start * frame, len(left)))
    return found


def pitch(samples: array[int], start: int, end: int) -> float:
    left = samples[::2][start:end]
    return zero_crossings(array("h", [v for v in left for _ in (0, 1)])) / 2 / (len(left) / 44100)


def test_each_danger_step_from_90_to_98_is_a_clear_step_higher() -> None:
    previous = 0.0
    counts = []
    for total in range(90, 99):
        _, samples = read(SOUNDS / f"danger_{total}.wav")
        found = pulses(samples)
        counts.append(len(found))
        f0 = pitch(samples, *found[0])
        # A whole tone is 12 %: far more than the smallest step an ear tells apart.
        assert f0 > previous * 1.09, f"danger_{total} is not clearly higher than the one before"
        previous = f0
    assert counts == [1, 1, 1, 2, 2, 2, 3, 3, 3]


def test_danger_99_is_unlike_any_other() -> None:
    _, samples = read(SOUNDS / "danger_99.wav")
    found = pulses(samples)
    assert len(found) == 4  # no other danger cue has four notes
    heights = [pitch(samples, *p) for p in found]
    assert heights[0] > heights[1] * 1.15 and heights[2] > heights[3] * 1.15  # high, low, ...
    _, ninety_eight = read(SOUNDS / "danger_98.wav")
    assert min(heights) > pitch(ninety_eight, *pulses(ninety_eight)[0])


def test_readme_lists_every_cue() -> None:
    readme = (SOUNDS / "README.md").read_text(encoding="utf-8")
    for name in ALL_CUE_NAMES:
        if not name.startswith("danger_"):
            assert f"`{name}.wav`" in readme
    assert "danger_90.wav" in readme and "danger_99.wav" in readme


def load_generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_committed_files_are_what_the_generator_makes(tmp_path: Path) -> None:
    generator = load_generator()
    assert generator.main([str(tmp_path)]) == 0
    for name in ALL_CUE_NAMES:
        made = (tmp_path / f"{name}.wav").read_bytes()
        committed = (SOUNDS / f"{name}.wav").read_bytes()
        assert made == committed, f"{name}.wav is out of date: run tools/make_sounds.py"
