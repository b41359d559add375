"""Make every sound cue in ``sounds/`` from code, with the standard library only.

Run ``python tools/make_sounds.py`` (optionally with a target folder) after changing a
sound here; the WAV files are committed so the game needs no build step.  Every file is
16-bit 44.1 kHz stereo, 50-400 ms long (danger cues at most 200 ms).

Levels: cues sit a few LU below the voice as listeners hear it, so they carry over speech
without covering it, and even with each other.  Loudness is EBU R128's (ITU-R BS.1770:
K-weighted, in LUFS), here worked out with the standard library: each cue is scaled so that
the 400 ms window holding it (its momentary loudness) is at ``LOUDNESS_LUFS``, with no sample
above -12.2 dBFS.  ``tools/measure_loudness.py`` measures the files and espeak-ng's voice with
pyloudnorm: the voice's active speech level is -17.5 LUFS, played at half of full scale
(``audio.tts.VOICE_GAIN``, -6 dB: -23.5 LUFS), so at the usual volumes (voice 100, cues
80, -1.9 dB) every cue is 4 LU under the voice (a cue whose peak limit holds it back a little
more); and the voice and two cues at once, all at full volume, stay below full scale.
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
LOUDNESS_LUFS = -25.6  # every cue's momentary loudness: 4 LU under the voice as played
PEAK_DB = -12.2  # no sample above this
MOMENTARY_S = 0.4
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


def _biquad(kind: str, gain_db: float, q: float, freq: float) -> tuple[float, ...]:
    """The coefficients (b0, b1, b2, a1, a2) of one stage of BS.1770's K-weighting at
    ``RATE``: the high shelf (the head's effect) or the high pass (RLB weighting)."""
    a = 10 ** (gain_db / 40)
    w0 = 2 * math.pi * freq / RATE
    alpha = math.sin(w0) / (2 * q)
    cos = math.cos(w0)
    if kind == "shelf":
        root = 2 * math.sqrt(a) * alpha
        b = (
            a * ((a + 1) + (a - 1) * cos + root),
            -2 * a * ((a - 1) + (a + 1) * cos),
            a * ((a + 1) + (a - 1) * cos - root),
        )
        den = ((a + 1) - (a - 1) * cos + root, 2 * ((a - 1) - (a + 1) * cos))
        den += ((a + 1) - (a - 1) * cos - root,)
    else:
        b = ((1 + cos) / 2, -(1 + cos), (1 + cos) / 2)
        den = (1 + alpha, -2 * cos, 1 - alpha)
    return b[0] / den[0], b[1] / den[0], b[2] / den[0], den[1] / den[0], den[2] / den[0]


K_WEIGHTING = (_biquad("shelf", 4.0, 1 / math.sqrt(2), 1500.0), _biquad("pass", 0.0, 0.5, 38.0))


def momentary_loudness(sound: Stereo) -> float:
    """EBU R128 loudness (LUFS) of the 400 ms window holding the cue: each channel
    K-weighted, its energy over the window (silence after a shorter cue), summed."""
    window = max(int(RATE * MOMENTARY_S), len(sound[0]))
    power = 0.0
    for channel in sound:
        values = channel + [0.0] * (window - len(channel))
        for b0, b1, b2, a1, a2 in K_WEIGHTING:
            out = []
            x1 = x2 = y1 = y2 = 0.0
            for x in values:
                y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
                x2, x1, y2, y1 = x1, x, y1, y
                out.append(y)
            values = out
        power += sum(v * v for v in values) / window
    return -0.691 + 10 * math.log10(power)


def finish(sound: Stereo) -> Stereo:
    """Fade both ends and scale to the common loudness, within the peak limit."""
    left, right = sound
    fade = int(RATE * EDGE_FADE_S)
    for channel in (left, right):
        for i in range(min(fade, len(channel))):
            channel[i] *= i / fade
            channel[-1 - i] *= i / fade
    peak = max(max(abs(v) for v in left), max(abs(v) for v in right))
    if peak == 0:
        raise ValueError("a cue came out silent")
    loudness = momentary_loudness((left, right))
    gain = min(10 ** ((LOUDNESS_LUFS - loudness) / 20), 10 ** (PEAK_DB / 20) / peak)
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
    tap = noise(0.08, decay=0.015, smooth=0.6, seed=7)
    knock = tone(420, 0.08, partials=SOFT, decay=0.03, attack=0.002)
    return centred(mix(0.08, (0.0, tap, 0.6), (0.0, knock, 0.8)))


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
    hop = tone(1100, 0.08, partials=SOFT, decay=0.04, attack=0.003)
    track = mix(0.18, (0.0, hop, 1.0), (0.09, tone(1480, 0.08, decay=0.04, attack=0.003), 0.9))
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
        (0.025 * i, noise(0.03, decay=0.012, smooth=0.8, seed=20 + i), 0.35 + 0.03 * i)
        for i in range(7)
    ]
    parts.append((0.2, tone(784.0, 0.15, partials=BELL, decay=0.12), 1.0))
    parts.append((0.2, tone(1174.7, 0.15, partials=BELL, decay=0.1), 0.4))
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
    return centred(tone(1000, 0.05, partials=PURE, decay=0.02, attack=0.002))


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


def trick_lost() -> Stereo:
    """Cards swept away, then a soft low note: another player took the trick (centred, so
    the game can pan it to the winner's seat)."""
    sweep_out = noise(0.09, decay=0.03, smooth=0.8, seed=37)
    note = tone(392.0, 0.16, partials=SOFT, decay=0.07)
    return centred(mix(0.24, (0.0, sweep_out, 0.6), (0.08, note, 0.9)))


def bid_made() -> Stereo:
    """A rising fifth that rings on, softer than a win: your bid is made.  Its notes (E flat
    and B flat) are in no other cue, least of all the turn bell's 880 Hz."""
    first = tone(622.3, 0.2, partials=BELL, decay=0.1)
    second = tone(932.3, 0.26, partials=BELL, decay=0.14)
    return centred(mix(0.36, (0.0, first, 0.8), (0.1, second, 1.0)))


def bid_broken() -> Stereo:
    """A hollow note bent down and a low knock: your bid can no longer be made."""
    bend = tone(330, 0.24, partials=HOLLOW, freq_end=247, decay=0.14)
    knock = tone(110, 0.08, partials=SOFT, decay=0.025, attack=0.002)
    return centred(mix(0.32, (0.0, bend, 0.9), (0.22, knock, 1.0)))


def row_scored() -> Stereo:
    """Cards gathered with a quick upward run of three notes: a row is scored and cleared."""
    gather = noise(0.1, decay=0.035, smooth=0.75, seed=41)
    notes = [(523.3, 0.06), (659.3, 0.12), (784.0, 0.18)]
    parts = [(start, tone(f, 0.14, partials=BELL, decay=0.07), 0.85) for f, start in notes]
    return centred(mix(0.34, (0.0, gather, 0.5), *parts))


def pile_renewed() -> Stereo:
    """A long shuffle of fresh cards ending on a warm low chord: 15 points and a new pile."""
    riffle = [
        (0.02 * i, noise(0.03, decay=0.012, smooth=0.8, seed=50 + i), 0.3 + 0.02 * i)
        for i in range(9)
    ]
    chord = [(0.2, tone(f, 0.18, partials=SOFT, decay=0.1), 0.8) for f in (261.6, 392.0)]
    return centred(mix(0.38, *riffle, *chord))


def extra_turn() -> Stereo:
    """The turn bell rung twice, the second higher: another whole turn at once."""
    first = tone(880.0, 0.1, partials=BELL, decay=0.06)
    second = tone(1174.7, 0.14, partials=BELL, decay=0.08)
    return centred(mix(0.26, (0.0, first, 0.9), (0.1, second, 1.0)))


DANGER_SEMITONES = 2
"""Each step from 90 to 98 is a whole tone higher: a step anyone can hear."""


def danger_pitch(total: int) -> float:
    """The pitch of a danger cue's pulses, rising a whole tone a step from 220 Hz at 90."""
    return 220.0 * 2 ** ((total - 90) * DANGER_SEMITONES / 12)


def danger_pulses(total: int) -> int:
    """One pulse at 90-92, two at 93-95, three at 96-98; 99 has its own four-note alarm."""
    return 4 if total == 99 else 1 + (total - 90) // 3


def danger(total: int) -> Stereo:
    """Short pulses, higher a whole tone each step and more of them every three steps.

    At most 200 ms, so a cue never covers the name that follows it.  99, where only 4, 9, 10
    and King can be played, is unlike the rest: four fast notes alternating high and low.
    """
    if total == 99:
        high, low = danger_pitch(99) * 1.26, danger_pitch(99)
        parts = [
            (0.045 * i, tone(high if i % 2 == 0 else low, 0.04, partials=HOLLOW, decay=0.03), 1.0)
            for i in range(4)
        ]
        return centred(mix(0.19, *parts))
    pitch = danger_pitch(total)
    pulses = danger_pulses(total)
    spacing = 0.06
    parts = [
        (spacing * beat, tone(pitch, 0.05, partials=SOFT, decay=0.02, attack=0.002), 1.0)
        for beat in range(pulses)
    ]
    return centred(mix(spacing * (pulses - 1) + 0.06, *parts))


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
    "trick_lost": trick_lost,
    "bid_made": bid_made,
    "bid_broken": bid_broken,
    "row_scored": row_scored,
    "pile_renewed": pile_renewed,
    "extra_turn": extra_turn,
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
