"""Make every sound cue in ``sounds/`` from code, with the standard library only.

Run ``python tools/make_sounds.py`` (optionally with a target folder) after changing a
sound here; the WAV files are committed so the game needs no build step.  Every file is
16-bit 44.1 kHz stereo, 50-400 ms long, with its loudest sample at about -6 dBFS.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import wave
from array import array
from collections.abc import Callable, Sequence
from pathlib import Path

RATE = 44100
PEAK = 10 ** (-6 / 20)  # -6 dBFS
EDGE_FADE_S = 0.003  # a few milliseconds of fade at both ends, so no file starts with a click

Mono = list[float]
Stereo = tuple[Mono, Mono]

# Partials as (multiple of the fundamental, relative level).
SOFT = ((1, 1.0), (2, 0.25), (3, 0.08))
BELL = ((1, 1.0), (2, 0.35), (3, 0.12), (4.2, 0.06))
HOLLOW = ((1, 1.0), (3, 0.3), (5, 0.1))  # odd partials: a rounded square, "no"
PURE = ((1, 1.0),)


def silence(seconds: float) -> Mono:
    """Silence of the given length."""
    return [0.0] * int(RATE * seconds)


def tone(
    freq: float,
    seconds: float,
    *,
    partials: Sequence[tuple[float, float]] = SOFT,
    decay: float | None = None,
    attack: float = 0.004,
    freq_end: float | None = None,
) -> Mono:
    """A tone with a quick attack and, if ``decay`` is given, an exponential fade (seconds).

    With ``freq_end`` the pitch glides smoothly from ``freq`` to ``freq_end``.
    """
    count = int(RATE * seconds)
    out = [0.0] * count
    phase = 0.0
    for i in range(count):
        t = i / RATE
        f = freq if freq_end is None else freq * (freq_end / freq) ** (i / max(1, count - 1))
        phase += 2 * math.pi * f / RATE
        value = sum(level * math.sin(phase * multiple) for multiple, level in partials)
        envelope = min(1.0, t / attack) if attack > 0 else 1.0
        if decay is not None:
            envelope *= math.exp(-t / decay)
        out[i] = value * envelope
    # A short release, so even an undecayed tone ends without a click.
    release = min(count, int(RATE * 0.01))
    for i in range(release):
        out[count - 1 - i] *= i / release
    return out


def noise(seconds: float, *, decay: float, smooth: float = 0.6, seed: int = 1) -> Mono:
    """A soft, decaying noise burst; ``smooth`` (0..1) rounds off the hiss."""
    rng = random.Random(seed)
    out = []
    previous = 0.0
    for i in range(int(RATE * seconds)):
        previous = smooth * previous + (1 - smooth) * rng.uniform(-1.0, 1.0)
        out.append(previous * math.exp(-(i / RATE) / decay))
    return out


def mix(length_s: float, *parts: tuple[float, Mono, float]) -> Mono:
    """Lay (start second, sound, level) parts onto a track of the given length."""
    out = silence(length_s)
    for start, sound, level in parts:
        offset = int(RATE * start)
        for i, value in enumerate(sound):
            if offset + i < len(out):
                out[offset + i] += value * level
    return out


def centred(mono: Mono) -> Stereo:
    """The same signal on both sides: heard in the middle, and placeable by panning."""
    return list(mono), list(mono)


def placed(mono: Mono, pan: float) -> Stereo:
    """The signal at a fixed position, -1.0 (left) .. 1.0 (right)."""
    return sweep(mono, pan, pan)


def sweep(mono: Mono, start: float, end: float) -> Stereo:
    """The signal moving from one position to another over its length (equal power)."""
    left, right = [], []
    count = max(1, len(mono) - 1)
    for i, value in enumerate(mono):
        pan = start + (end - start) * i / count
        angle = (pan + 1) * math.pi / 4
        # Scaled so the centre is as loud as the unpanned signal.
        left.append(value * math.cos(angle) * math.sqrt(2))
        right.append(value * math.sin(angle) * math.sqrt(2))
    return left, right


def finish(sound: Stereo) -> Stereo:
    """Fade both ends and scale so the loudest sample sits at -6 dBFS."""
    left, right = sound
    fade = int(RATE * EDGE_FADE_S)
    for channel in (left, right):
        for i in range(min(fade, len(channel))):
            channel[i] *= i / fade
            channel[-1 - i] *= i / fade
    peak = max(max(abs(v) for v in left), max(abs(v) for v in right))
    if peak == 0:
        raise ValueError("a cue came out silent")
    gain = PEAK / peak
    return [v * gain for v in left], [v * gain for v in right]


def write_wav(path: Path, sound: Stereo) -> None:
    """Write a stereo 16-bit 44.1 kHz WAV file."""
    left, right = sound
    frames = array("h")
    for a, b in zip(left, right, strict=True):
        frames.append(round(max(-1.0, min(1.0, a)) * 32767))
        frames.append(round(max(-1.0, min(1.0, b)) * 32767))
    if sys.byteorder == "big":
        frames.byteswap()  # WAV samples are little-endian
    with wave.open(str(path), "wb") as out:
        out.setnchannels(2)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames.tobytes())


# The cues ------------------------------------------------------------------------------


def card_played() -> Stereo:
    """A soft tap of a card on the table; centred, so the game can pan it to the seat."""
    tap = noise(0.08, decay=0.012, smooth=0.5, seed=7)
    knock = tone(420, 0.08, partials=SOFT, decay=0.018, attack=0.001)
    return centred(mix(0.08, (0.0, tap, 0.8), (0.0, knock, 0.6)))


def your_turn() -> Stereo:
    """Two rising bell notes: a gentle 'your move'."""
    first = tone(659.3, 0.12, partials=BELL, decay=0.07)
    second = tone(880.0, 0.16, partials=BELL, decay=0.09)
    return centred(mix(0.27, (0.0, first, 0.8), (0.11, second, 1.0)))


def refused() -> Stereo:
    """Two low, hollow, falling notes: 'that cannot be done'."""
    first = tone(220, 0.1, partials=HOLLOW, decay=0.08)
    second = tone(185, 0.12, partials=HOLLOW, decay=0.09)
    return centred(mix(0.23, (0.0, first, 1.0), (0.1, second, 1.0)))


def direction_reversed() -> Stereo:
    """A whoosh that rises and moves from right to left, like play turning round."""
    glide = tone(450, 0.32, partials=SOFT, freq_end=900, decay=0.2)
    air = noise(0.32, decay=0.15, smooth=0.85, seed=3)
    return sweep(mix(0.32, (0.0, glide, 0.8), (0.0, air, 0.5)), 0.8, -0.8)


def player_skipped() -> Stereo:
    """Two quick hops passing from left to right: someone is jumped over."""
    hop = tone(1100, 0.05, partials=SOFT, decay=0.018, attack=0.002)
    track = mix(0.18, (0.0, hop, 1.0), (0.09, tone(1480, 0.05, decay=0.018, attack=0.002), 0.8))
    return sweep(track, -0.6, 0.6)


def life_lost() -> Stereo:
    """Three falling notes, the last held a little: a life is gone."""
    notes = [(493.9, 0.0), (415.3, 0.11), (329.6, 0.22)]
    parts = [(start, tone(f, 0.18, partials=SOFT, decay=0.1), 1.0) for f, start in notes]
    return centred(mix(0.4, *parts))


def player_out() -> Stereo:
    """A long falling glide ending in a low thud: a player leaves the game."""
    fall = tone(420, 0.36, partials=HOLLOW, freq_end=110, decay=0.2)
    thud = tone(80, 0.1, partials=SOFT, decay=0.03, attack=0.002)
    return centred(mix(0.4, (0.0, fall, 0.8), (0.29, thud, 1.0)))


def round_start() -> Stereo:
    """A quick riffle of cards, then a bright chime: the deal is done."""
    parts = [
        (0.025 * i, noise(0.03, decay=0.008, smooth=0.75, seed=20 + i), 0.5 + 0.05 * i)
        for i in range(7)
    ]
    parts.append((0.2, tone(784.0, 0.15, partials=BELL, decay=0.07), 0.9))
    parts.append((0.2, tone(1174.7, 0.15, partials=BELL, decay=0.06), 0.4))
    return centred(mix(0.35, *parts))


def win() -> Stereo:
    """A rising major arpeggio that rings out."""
    notes = [523.3, 659.3, 784.0, 1046.5]
    parts = [
        (0.07 * i, tone(f, 0.4 - 0.07 * i, partials=BELL, decay=0.12), 0.8)
        for i, f in enumerate(notes)
    ]
    return centred(mix(0.4, *parts))


def loss() -> Stereo:
    """A slow falling minor figure, soft and low."""
    notes = [392.0, 311.1, 261.6]
    parts = [
        (0.12 * i, tone(f, 0.4 - 0.12 * i, partials=SOFT, decay=0.15), 1.0)
        for i, f in enumerate(notes)
    ]
    return centred(mix(0.4, *parts))


def menu_move() -> Stereo:
    """A tiny tick for moving through a menu."""
    return centred(tone(1000, 0.05, partials=PURE, decay=0.012, attack=0.001))


def menu_select() -> Stereo:
    """Two quick rising notes: chosen."""
    track = mix(
        0.12,
        (0.0, tone(700, 0.06, partials=SOFT, decay=0.03), 0.9),
        (0.05, tone(1050, 0.07, partials=SOFT, decay=0.035), 1.0),
    )
    return centred(track)


def menu_edge() -> Stereo:
    """A dull low knock: the end of the menu, nothing further."""
    knock = tone(150, 0.09, partials=HOLLOW, decay=0.025, attack=0.001)
    body = noise(0.09, decay=0.015, smooth=0.9, seed=11)
    return centred(mix(0.09, (0.0, knock, 1.0), (0.0, body, 0.5)))


def trick_won() -> Stereo:
    """Cards swept together, then a short bright ding: you took the trick."""
    sweep_in = noise(0.09, decay=0.03, smooth=0.7, seed=31)
    ding = tone(1318.5, 0.14, partials=BELL, decay=0.06)
    return centred(mix(0.22, (0.0, sweep_in, 0.6), (0.08, ding, 0.9)))


def bid_made() -> Stereo:
    """A rising fifth that rings on, softer than a win: your bid is made."""
    first = tone(587.3, 0.2, partials=BELL, decay=0.1)
    second = tone(880.0, 0.26, partials=BELL, decay=0.14)
    return centred(mix(0.36, (0.0, first, 0.8), (0.1, second, 1.0)))


def bid_broken() -> Stereo:
    """A hollow note bent down and a low knock: your bid can no longer be made."""
    bend = tone(330, 0.24, partials=HOLLOW, freq_end=247, decay=0.14)
    knock = tone(110, 0.08, partials=SOFT, decay=0.025, attack=0.002)
    return centred(mix(0.32, (0.0, bend, 0.9), (0.22, knock, 1.0)))


def danger(total: int) -> Stereo:
    """A heartbeat whose pulses grow faster, higher and brighter from 90 to 99."""
    level = total - 90  # 0 .. 9
    length = 0.4
    beats = 2 + level // 2  # 2 pulses at 90, 6 at 98 and 99
    pitch = 150.0 * 2 ** (level * 1.25 / 12)  # about a tone higher each step
    brightness = 0.08 + 0.05 * level
    partials = ((1, 1.0), (2, 0.45), (3, brightness), (5, brightness / 2))
    spacing = length / beats
    parts = []
    for beat in range(beats):
        pulse = tone(pitch, min(spacing, 0.09), partials=partials, decay=0.03, attack=0.002)
        # Every other pulse softer, a heartbeat's "lub-dub".
        parts.append((beat * spacing, pulse, 1.0 if beat % 2 == 0 else 0.7))
    return centred(mix(length, *parts))


CUES: dict[str, Callable[[], Stereo]] = {
    "card_played": card_played,
    "your_turn": your_turn,
    "refused": refused,
    "direction_reversed": direction_reversed,
    "player_skipped": player_skipped,
    "life_lost": life_lost,
    "player_out": player_out,
    "round_start": round_start,
    "win": win,
    "loss": loss,
    "menu_move": menu_move,
    "menu_select": menu_select,
    "menu_edge": menu_edge,
    "trick_won": trick_won,
    "bid_made": bid_made,
    "bid_broken": bid_broken,
}


def _danger_maker(total: int) -> Callable[[], Stereo]:
    return lambda: danger(total)


for _total in range(90, 100):
    CUES[f"danger_{_total}"] = _danger_maker(_total)


def main(argv: Sequence[str] | None = None) -> int:
    """Write every cue to the target folder (default: ``sounds/`` beside this script's parent)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    default = Path(__file__).resolve().parents[1] / "sounds"
    parser.add_argument("folder", nargs="?", type=Path, default=default)
    args = parser.parse_args(argv)
    folder: Path = args.folder
    folder.mkdir(parents=True, exist_ok=True)
    for name, make in CUES.items():
        sound = finish(make())
        write_wav(folder / f"{name}.wav", sound)
        print(f"{name}.wav  {len(sound[0]) / RATE * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
