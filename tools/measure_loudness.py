#!/usr/bin/env python3
"""How loud each sound cue is beside the voice, as listeners hear it: EBU R128 loudness
(ITU-R BS.1770, K-weighted, in LUFS) measured with pyloudnorm.

The voice is rendered by espeak-ng at the built-in voice's rate (Settings) on a set of the
game's phrases; its level is each phrase's integrated loudness (gated, so pauses do not count:
the active speech level), the median over the phrases. A cue (50-400 ms) is measured over the
400 ms window that holds it (its momentary loudness, EBU Tech 3341: a short sound is heard as
loud as the energy in that window). Both are then taken at the game's usual volumes (the voice
at ``audio.tts.VOICE_GAIN`` times its volume, the cues at the cue volume), and the table gives
each cue's distance under the voice in LU.

Usage: ``python tools/measure_loudness.py [--sounds DIR]``.
"""

from __future__ import annotations

import argparse
import math
import statistics
import subprocess
import sys
import tempfile
import wave
from collections.abc import Sequence
from pathlib import Path

TOP = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(TOP))

MOMENTARY_S = 0.4
VOICE_PHRASES = (
    "Lily plays Queen, total 97. Max, your turn.",
    "You put grey 9 in the row: row of 4, worth 16",
    "Max wins trick 5 with the 6 of hearts",
    "Zoe: row of 3, two on the piles, drew 3",
    "Your turn. Piles orange 6, black 10; row ends on 6",
    "You lose a life: 2 left",
    "Deal 2 scored. You made your bid. Totals: You 33, Lily 12, Max 40",
    "Round 3. Zoe starts. Your cards: 9, Jack and 3",
)


def read_wav(path: Path) -> tuple[int, list[list[float]]]:
    """The rate and each channel of a 16-bit WAV file, as floats in -1..1."""
    from array import array

    with wave.open(str(path), "rb") as handle:
        rate, channels = handle.getframerate(), handle.getnchannels()
        if handle.getsampwidth() != 2:
            raise ValueError(f"{path}: 16-bit samples expected")
        samples = array("h", handle.readframes(handle.getnframes()))
    if sys.byteorder == "big":
        samples.byteswap()
    return rate, [[v / 32768 for v in samples[c::channels]] for c in range(channels)]


def loudness(rate: int, channels: Sequence[Sequence[float]]) -> float:
    """Integrated loudness (LUFS) of a sound at least 400 ms long, by pyloudnorm."""
    import numpy
    import pyloudnorm

    data = numpy.array(channels, dtype=float).T
    return float(pyloudnorm.Meter(rate, block_size=MOMENTARY_S).integrated_loudness(data))


def cue_loudness(path: Path) -> float:
    """A cue's momentary loudness: over the 400 ms window that holds it."""
    rate, channels = read_wav(path)
    window = round(rate * MOMENTARY_S)
    padded = [list(c) + [0.0] * max(0, window - len(c)) for c in channels]
    return loudness(rate, padded)


def voice_loudness(text: str, rate_wpm: int, folder: Path) -> float:
    """One phrase said by espeak-ng, as played to both ears: its integrated loudness."""
    path = folder / "voice.wav"
    subprocess.run(
        ["espeak-ng", "-s", str(rate_wpm), "-w", str(path), text], check=True, timeout=60
    )
    rate, channels = read_wav(path)
    return loudness(rate, [channels[0], channels[0]])


def usual_gains() -> tuple[float, float]:
    """The voice's and the cues' gains at the usual volumes, in dB."""
    from ninetynine_audio.audio.tts import VOICE_GAIN
    from ninetynine_audio.store.settings import Settings

    settings = Settings()
    voice = 20 * math.log10(VOICE_GAIN * settings.tts_volume / 100)
    cues = 20 * math.log10(settings.sound_volume / 100)
    return voice, cues


def measure(sounds: Path) -> tuple[float, dict[str, float]]:
    """The voice's level and each cue's, both as played at the usual volumes (LUFS)."""
    from ninetynine_audio.store.settings import Settings

    voice_gain, cue_gain = usual_gains()
    with tempfile.TemporaryDirectory() as folder:
        voice = statistics.median(
            voice_loudness(text, Settings().tts_rate, Path(folder)) for text in VOICE_PHRASES
        )
    cues = {path.stem: cue_loudness(path) + cue_gain for path in sorted(sounds.glob("*.wav"))}
    return voice + voice_gain, cues


def main(argv: Sequence[str] | None = None) -> int:
    """Print the voice's level and every cue's, with its distance under the voice."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sounds", type=Path, default=TOP / "sounds")
    args = parser.parse_args(argv)
    voice, cues = measure(args.sounds)
    voice_gain, cue_gain = usual_gains()
    print(f"voice (espeak-ng, median of {len(VOICE_PHRASES)} phrases), as played: {voice:.1f} LUFS")
    print(f"  as played: voice gain {voice_gain:+.1f} dB, cue volume {cue_gain:+.1f} dB")
    print(f"{'cue':20} {'LUFS':>7} {'LU under the voice':>19}")
    for name, level in cues.items():
        print(f"{name:20} {level:7.1f} {voice - level:19.1f}")
    gaps = [voice - level for level in cues.values()]
    print(
        f"under the voice: median {statistics.median(gaps):.1f} LU, "
        f"range {min(gaps):.1f} to {max(gaps):.1f}; "
        f"louder than the voice: {sum(1 for g in gaps if g < 0)} of {len(gaps)}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
