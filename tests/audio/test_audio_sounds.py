"""The committed sound files: format, level, length, the rising danger, and the generator."""

from __future__ import annotations

import importlib.util
import itertools
import math
import shutil
import statistics
import wave
from array import array
from pathlib import Path
from types import ModuleType

import pytest
from helpers.tools import load_tool

from ninetynine_audio.audio.cues import ALL_CUE_NAMES, default_sounds_dir
from ninetynine_audio.audio.tts import VOICE_GAIN

SOUNDS = default_sounds_dir()


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
    # No sample above -12.2 dBFS (tools/make_sounds.py), so the voice and two cues fit.
    assert peak_db(samples) <= -12.1


def test_voice_and_two_cues_stay_below_full_scale() -> None:
    loudest_cue = max(10 ** (peak_db(read(SOUNDS / f"{n}.wav")[1]) / 20) for n in ALL_CUE_NAMES)
    # Even a voice that reaches full scale in its file, with two cues at full volume.
    assert VOICE_GAIN + 2 * loudest_cue < 1.0


needs_loudness = pytest.mark.skipif(
    shutil.which("espeak-ng") is None or importlib.util.find_spec("pyloudnorm") is None,
    reason="espeak-ng speaks the voice and pyloudnorm measures loudness",
)


@needs_loudness
def test_cues_sit_a_few_lu_under_the_voice_as_listeners_hear_it() -> None:
    """EBU R128 loudness (pyloudnorm) of the shipped files and of espeak-ng's voice, both at
    the usual volumes: no cue is as loud as the voice, each is a few LU under it, and they
    are even with each other."""
    measure = load_tool("tools/measure_loudness.py", "measure_loudness").measure
    voice, cues = measure(SOUNDS)
    under = {name: voice - level for name, level in cues.items()}
    assert set(under) == set(ALL_CUE_NAMES)
    assert all(3.0 <= gap <= 8.0 for gap in under.values()), under
    assert 3.5 <= statistics.median(under.values()) <= 5.0, under
    assert max(cues.values()) - min(cues.values()) <= 4.0, cues


@needs_loudness
def test_the_generators_loudness_is_r128s() -> None:
    """The generator's own K-weighted loudness (standard library) agrees with pyloudnorm's."""
    tool = load_tool("tools/measure_loudness.py", "measure_loudness")
    generator = load_generator()
    for name in ("card_played", "win", "danger_99", "menu_move"):
        path = SOUNDS / f"{name}.wav"
        _, channels = tool.read_wav(path)
        ours = generator.momentary_loudness((channels[0], channels[1]))
        assert abs(ours - tool.cue_loudness(path)) < 0.2, name


def level_at(samples: array[int], freq: float) -> float:
    """The strength of one frequency in a file's left channel (Goertzel), in dB."""
    left = samples[::2]
    coefficient = 2 * math.cos(2 * math.pi * freq / 44100)
    before = earlier = 0.0
    for value in left:
        before, earlier = value + coefficient * before - earlier, before
    power = before * before + earlier * earlier - coefficient * before * earlier
    return 10 * math.log10(max(power, 1e-9) / len(left))


def test_bid_made_does_not_share_the_turn_bells_note() -> None:
    turn = level_at(read(SOUNDS / "your_turn.wav")[1], 880.0)
    made = level_at(read(SOUNDS / "bid_made.wav")[1], 880.0)
    assert made < turn - 20, (made, turn)


def test_another_players_trick_has_its_own_centred_cue() -> None:
    _, lost = read(SOUNDS / "trick_lost.wav")
    _, won = read(SOUNDS / "trick_won.wav")
    assert lost[::2] == lost[1::2], "centred, so the game can place it at the winner's seat"
    assert lost != won


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
    return load_tool("tools/make_sounds.py", "make_sounds")


def test_committed_files_are_what_the_generator_makes(tmp_path: Path) -> None:
    generator = load_generator()
    assert generator.main([str(tmp_path)]) == 0
    for name in ALL_CUE_NAMES:
        made = (tmp_path / f"{name}.wav").read_bytes()
        committed = (SOUNDS / f"{name}.wav").read_bytes()
        assert made == committed, f"{name}.wav is out of date: run tools/make_sounds.py"
