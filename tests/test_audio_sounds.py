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

from ninetynine_audio.audio.cues import ALL_CUE_NAMES, DANGER_TOTALS, default_sounds_dir

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


@pytest.mark.parametrize("name", ALL_CUE_NAMES)
def test_cue_format_length_and_level(name: str) -> None:
    params, samples = read(SOUNDS / f"{name}.wav")
    assert params.sampwidth == 2
    assert params.framerate == 44100
    assert params.nchannels == 2
    assert 0.05 <= params.nframes / params.framerate <= 0.4
    assert rms(samples) > 0.02, "the cue is (nearly) silent"
    peak_db = 20 * math.log10(max(abs(s) for s in samples) / 32768)
    assert -7.0 < peak_db < -5.0


def test_card_played_is_centred_so_it_can_be_panned() -> None:
    _, samples = read(SOUNDS / "card_played.wav")
    assert samples[::2] == samples[1::2]


def test_each_danger_level_differs_and_is_more_urgent_than_the_last() -> None:
    previous: array[int] | None = None
    previous_crossings = -1
    for total in DANGER_TOTALS:
        _, samples = read(SOUNDS / f"danger_{total}.wav")
        crossings = zero_crossings(samples)
        if previous is not None:
            assert samples != previous, f"danger_{total} sounds like the level before"
        # Higher pitch and more pulses both mean more crossings.
        assert crossings > previous_crossings, f"danger_{total} is not more urgent"
        previous, previous_crossings = samples, crossings


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
