"""The committed sound files: format, level, length, the rising danger, and the generator."""

from __future__ import annotations

import itertools
import math
import re
import shutil
import statistics
import subprocess
import sys
import wave
from array import array
from pathlib import Path
from types import ModuleType

import pytest
from tool_helpers import load_tool

from ninetynine_audio.audio.cues import ALL_CUE_NAMES, default_sounds_dir
from ninetynine_audio.audio.tts import VOICE_GAIN
from ninetynine_audio.store.settings import Settings

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
    # No sample above -12.2 dBFS (tools/make_sounds.py), so the voice and two cues fit.
    assert peak_db(samples) <= -12.1


def test_cues_are_even_in_loudness() -> None:
    levels = {name: loudest_window_db(read(SOUNDS / f"{name}.wav")[1]) for name in ALL_CUE_NAMES}
    assert max(levels.values()) - min(levels.values()) <= 3.0, levels


def test_voice_and_two_cues_stay_below_full_scale() -> None:
    loudest_cue = max(10 ** (peak_db(read(SOUNDS / f"{n}.wav")[1]) / 20) for n in ALL_CUE_NAMES)
    # Even a voice that reaches full scale in its file, with two cues at full volume.
    assert VOICE_GAIN + 2 * loudest_cue < 1.0


VOICE_PHRASES = (
    "Lily plays Queen, total 97. Max, your turn.",
    "You put grey 9 in the row: row of 4, worth 16",
    "Max wins trick 5 with the 6 of hearts",
    "Zoe: row of 3, two cards on the piles, drew 3",
    "Your turn. Trick 7: Lily led the 10 of diamonds",
    "You lose a life: 2 left",
)
needs_sox = pytest.mark.skipif(
    shutil.which("sox") is None or shutil.which("espeak-ng") is None,
    reason="sox measures the files and espeak-ng speaks the voice",
)


RAW_SAMPLES = ("-e", "signed-integer", "-L", "-")
STAT = ("stat",)


def sox_channels(path: Path) -> list[array[int]]:
    """Each channel of the file, decoded by sox to 16 bits at 44.1 kHz (without dither)."""
    count = int(
        subprocess.run(
            ["sox", "--i", "-c", str(path)], capture_output=True, text=True, check=True, timeout=60
        ).stdout
    )
    raw = subprocess.run(
        ["sox", "-D", str(path), "-t", "raw", "-r", "44100", "-b", "16", *RAW_SAMPLES],
        capture_output=True,
        check=True,
        timeout=60,
    ).stdout
    samples = array("h", raw)
    if sys.byteorder == "big":
        samples.byteswap()
    return [samples[channel::count] for channel in range(count)]


def sox_loudest_50ms_db(path: Path) -> float:
    """The loudest 50 ms of either channel of a file in dBFS RMS: found on sox's decoding
    (10 ms steps), then measured by sox's own ``stat`` on that stretch of that channel."""
    width, hop = 2205, 441
    best = (-1, 0, 0)
    for channel, samples in enumerate(sox_channels(path), start=1):
        sums = list(itertools.accumulate((v * v for v in samples), initial=0))
        last = max(0, len(samples) - width)
        for start in [*range(0, last + 1, hop), last]:
            energy = sums[min(start + width, len(samples))] - sums[start]
            best = max(best, (energy, channel, start))
    _, channel, start = best
    stat = subprocess.run(
        [
            "sox",
            str(path),
            "-n",
            "remix",
            str(channel),
            "trim",
            f"{start / 44100:.5f}",
            "0.05",
            *STAT,
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stderr
    found = re.search(r"RMS\s+amplitude:\s*([\d.]+)", stat)
    assert found is not None, stat
    return 20 * math.log10(float(found.group(1)))


@needs_sox
def test_cues_carry_over_the_voice_at_the_usual_volumes(tmp_path: Path) -> None:
    voice = []
    for index, text in enumerate(VOICE_PHRASES):
        path = tmp_path / f"voice{index}.wav"
        rate = str(Settings().tts_rate)
        subprocess.run(["espeak-ng", "-s", rate, "-w", str(path), text], check=True, timeout=60)
        voice.append(sox_loudest_50ms_db(path))
    settings = Settings()
    # The voice as the game plays it: at its volume, times the gain that leaves room for cues.
    voice_db = statistics.median(voice) + 20 * math.log10(VOICE_GAIN * settings.tts_volume / 100)
    usual = 20 * math.log10(settings.sound_volume / 100)
    under = {
        n: voice_db - (sox_loudest_50ms_db(SOUNDS / f"{n}.wav") + usual) for n in ALL_CUE_NAMES
    }
    # Heard over speech, yet under it: the loudest 50 ms of each cue 3 to 7 dB below the voice's.
    assert all(3.0 <= gap <= 7.0 for gap in under.values()), under
    assert statistics.median(under.values()) >= 4.0, under


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
