"""How long a phrase takes to say, for backends that cannot tell when they have finished.

A screen reader queues what it is given and never reports the end of a phrase. The speaker
therefore estimates speaking time from the phrase and the rate the player set for the screen
reader, so the table can wait until the last move has likely been heard.

The estimate is calibrated against espeak-ng, the voice most free screen readers ship: each
row of :data:`CALIBRATION` was fitted to espeak-ng's audio length (``espeak-ng -s RATE``) for
the game's own phrases of 5 to 40 words, and ``tools/calibrate_pacing.py`` measures and fits
it again. ``docs/pacing.md`` gives the table and how close it comes.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

DEFAULT_WORDS_PER_MINUTE = 200
"""A usual screen-reader rate; players who listen faster set their own in Settings."""

# An ordinal ("4th") is one spoken word, said as its number is.
_WORD = re.compile(r"\d+(?:st|nd|rd|th)\b|[^\W\d_]+(?:'[^\W\d_]+)?|\d+")
_ORDINAL_END = re.compile(r"(?<=\d)(?:st|nd|rd|th)$")
_PAUSE = re.compile(r"[.!?:;,]")
_VOWELS = re.compile(r"[aeiouy]+")

_ONES = (
    *("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
    *("eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen"),
    *("eighteen", "nineteen"),
)
_TENS = ("-", "-", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


@dataclass(frozen=True)
class Calibration:
    """Seconds a voice at ``rate`` takes, written at 200 words per minute: a phrase takes
    ``(lead + syllable × syllables + word × words + pause × pauses) × 200 / rate``."""

    rate: int
    lead: float
    syllable: float
    word: float
    pause: float


CALIBRATION: tuple[Calibration, ...] = (
    Calibration(80, 0.530, 0.089, 0.069, 0.428),
    Calibration(120, 0.532, 0.094, 0.077, 0.407),
    Calibration(160, 0.499, 0.092, 0.082, 0.362),
    Calibration(200, 0.365, 0.080, 0.118, 0.315),
    Calibration(250, 0.411, 0.093, 0.094, 0.253),
    Calibration(300, 0.340, 0.092, 0.104, 0.186),
    Calibration(350, 0.217, 0.091, 0.119, 0.087),
    Calibration(400, 0.166, 0.085, 0.135, 0.049),
    Calibration(450, 0.333, 0.109, 0.078, 0.214),
)
"""espeak-ng's speaking time, fitted at each rate it was measured at (``docs/pacing.md``).
Between two rows the coefficients are interpolated; outside the table the nearest row is
used, scaled by the rate."""


def number_words(number: int) -> list[str]:
    """How a voice says ``number``: ``97`` → ``["ninety", "seven"]``; large numbers digit by
    digit, as screen readers often do."""
    if number < 20:
        return [_ONES[number]]
    if number < 100:
        tens, ones = divmod(number, 10)
        return [_TENS[tens]] + ([_ONES[ones]] if ones else [])
    if number < 1000:
        hundreds, rest = divmod(number, 100)
        return [_ONES[hundreds], "hundred"] + (["and", *number_words(rest)] if rest else [])
    return [_ONES[int(digit)] for digit in str(number)]


def syllables(word: str) -> int:
    """An English word's syllables, counted by its groups of vowels (a silent final e and
    the -es and -ed that add none are left out)."""
    lower = word.lower()
    count = len(_VOWELS.findall(lower))
    if count > 1 and lower.endswith("e") and not lower.endswith(("le", "ee")):
        count -= 1
    if count > 1 and lower.endswith("es") and not lower.endswith(("ses", "ces", "ges", "zes")):
        count -= 1
    if count > 1 and lower.endswith("ed") and not lower.endswith(("ted", "ded")):
        count -= 1
    return max(1, count)


def spoken_words(text: str) -> list[str]:
    """The words a voice says for ``text``, numbers written out."""
    words: list[str] = []
    for word in _WORD.findall(text):
        number = _ORDINAL_END.sub("", word)
        words.extend(number_words(int(number)) if number.isdigit() else [word])
    return words


def speaking_words(text: str) -> float:
    """The number of spoken words in ``text``, numbers counted as the words they are said as."""
    return float(len(spoken_words(text)))


def calibration_at(words_per_minute: int) -> Calibration:
    """The coefficients for a rate: interpolated between the two rows around it."""
    rate = max(1, words_per_minute)
    rates = [row.rate for row in CALIBRATION]
    if rate <= rates[0]:
        return CALIBRATION[0]
    if rate >= rates[-1]:
        return CALIBRATION[-1]
    index = bisect.bisect_left(rates, rate)
    low, high = CALIBRATION[index - 1], CALIBRATION[index]
    share = (rate - low.rate) / (high.rate - low.rate)

    def between(a: float, b: float) -> float:
        return a + (b - a) * share

    return Calibration(
        rate,
        between(low.lead, high.lead),
        between(low.syllable, high.syllable),
        between(low.word, high.word),
        between(low.pause, high.pause),
    )


def speaking_seconds(text: str, words_per_minute: int) -> float:
    """The time a voice at ``words_per_minute`` takes to say ``text``, pauses included."""
    words = spoken_words(text)
    if not words:
        return 0.0
    rate = max(1, words_per_minute)
    row = calibration_at(rate)
    pauses = len(_PAUSE.findall(text.rstrip(".!? ")))
    at_200 = (
        row.lead
        + row.syllable * sum(syllables(w) for w in words)
        + row.word * len(words)
        + row.pause * pauses
    )
    return at_200 * DEFAULT_WORDS_PER_MINUTE / rate
