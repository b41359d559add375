"""How long a phrase takes to say, for backends that cannot tell when they have finished.

A screen reader queues what it is given and never reports the end of a phrase. The speaker
therefore estimates speaking time from the phrase and the rate the player set for the screen
reader, so the table can wait until the last move has likely been heard.

The estimate is calibrated against espeak-ng, the voice most free screen readers ship, one
table per language: each row of a :class:`Voice`'s calibration was fitted to espeak-ng's audio
length (``espeak-ng -v VOICE -s RATE``) for the game's own phrases of 5 to 40 words in that
language, and ``tools/calibrate_pacing.py --language CODE`` measures and fits it again.
``docs/pacing.md`` gives the tables and how close they come. Words are counted as the language
says them: numbers are written out in its words and syllables are its groups of vowels, so
"97" is two words in English, four in Spanish ("noventa y siete") and one long one in German.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ninetynine_audio.i18n import ENGLISH, LANGUAGES, catalogue_dir, language

DEFAULT_WORDS_PER_MINUTE = 200
"""A usual screen-reader rate; players who listen faster set their own in Settings."""

# An ordinal ("4th", "4.º", "4º", "4.") is one spoken word, said as its number is.
_WORD = re.compile(r"\d+(?:st|nd|rd|th)\b|\d+\.?[ºª]|[^\W\d_ºª]+(?:'[^\W\d_ºª]+)?|\d+")
_ORDINAL_END = re.compile(r"(?<=\d)(?:st|nd|rd|th|\.?[ºª])$")
_PAUSE = re.compile(r"[.!?:;,]")
_ORDINAL_DOT = re.compile(r"(?<=\d)\.(?=[ºª])")


@dataclass(frozen=True)
class Calibration:
    """Seconds a voice at ``rate`` takes, written at 200 words per minute: a phrase takes
    ``(lead + syllable × syllables + word × words + pause × pauses) × 200 / rate``."""

    rate: int
    lead: float
    syllable: float
    word: float
    pause: float


@dataclass(frozen=True)
class Voice:
    """How one language is said: the espeak-ng voice it was measured with, its letters that
    make a syllable's vowel, its numbers in words, and the fitted calibration rows (by rate,
    ascending). Each language keeps its own in ``locale/<code>/pacing.toml``, so a new language
    needs no code here."""

    code: str
    espeak: str
    vowels: re.Pattern[str]
    number_words: Callable[[int], list[str]]
    calibration: tuple[Calibration, ...]
    silent_endings: bool = False
    """Whether a final e, -es and -ed usually add no syllable (English), or every group of
    vowels is said (Spanish, Portuguese, German)."""


def _number_words(code: str) -> Callable[[int], list[str]]:
    """How ``code`` says a whole number, in its words, from num2words: "97" is
    ``["ninety", "seven"]`` in English, ``["noventa", "y", "siete"]`` in Spanish and
    ``["siebenundneunzig"]`` in German (a hyphen parts words, as a voice says them)."""
    names = (code, code.split("_")[0])

    @cache
    def say(number: int) -> list[str]:
        # num2words loads every language it has: only once a number is first said, which is
        # after the game's first word.
        from num2words import CONVERTER_CLASSES, num2words

        lang = next((name for name in names if name in CONVERTER_CLASSES), ENGLISH)
        return [word for word in re.split(r"[\s\-‐]+", num2words(number, lang=lang)) if word]

    return say


def read_voice(code: str, path: Path) -> Voice:
    """A language's voice from its ``pacing.toml`` (``tools/calibrate_pacing.py --write``)."""
    import tomllib  # only when a voice is read: the window's first line needs none

    with path.open("rb") as handle:
        data = tomllib.load(handle)
    return Voice(
        code,
        str(data["espeak"]),
        re.compile(f"[{data['vowels']}]+"),
        _number_words(code),
        tuple(Calibration(int(row[0]), *map(float, row[1:])) for row in data["calibration"]),
        silent_endings=bool(data.get("silent_endings", False)),
    )


def voice_file(code: str) -> Path:
    """Where a language's voice is kept: ``locale/<code>/pacing.toml``."""
    return catalogue_dir() / code / "pacing.toml"


@cache
def _voices() -> dict[str, Voice]:
    """``VOICES``, read the first time a phrase is paced (after the game's first word)."""
    codes = dict.fromkeys([ENGLISH, *(entry.code for entry in LANGUAGES)])
    found = {code: voice_file(code) for code in codes}
    return {code: read_voice(code, path) for code, path in found.items() if path.is_file()}


def __getattr__(name: str) -> Any:
    """``VOICES``: every language's voice, read from ``locale/<code>/pacing.toml``; a language
    without one (a pseudo-language, or a language not measured yet) is paced as English.
    ``CALIBRATION``: English espeak-ng's speaking time, fitted at each rate it was measured at
    (``docs/pacing.md``); between two rows the coefficients are interpolated, outside the
    table the nearest row is used, scaled by the rate. Both are read when first asked for."""
    if name == "VOICES":
        return _voices()
    if name == "CALIBRATION":
        return _voices()[ENGLISH].calibration
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def voice(code: str | None = None) -> Voice:
    """The voice of ``code``, or of the language in use; English for one without a voice."""
    voices = _voices()
    return voices.get(code or language(), voices[ENGLISH])


def number_words(number: int, code: str | None = None) -> list[str]:
    """How a voice says ``number``: ``97`` → ``["ninety", "seven"]`` in English; large
    numbers digit by digit, as screen readers often do."""
    say = voice(code).number_words
    if number < 1000:
        return say(number)
    return [word for digit in str(number) for word in say(int(digit))]


def syllables(word: str, code: str | None = None) -> int:
    """A word's syllables, counted by its groups of vowels (in English a silent final e and
    the -es and -ed that add none are left out)."""
    spoken = voice(code)
    lower = word.lower()
    count = len(spoken.vowels.findall(lower))
    if spoken.silent_endings:
        if count > 1 and lower.endswith("e") and not lower.endswith(("le", "ee")):
            count -= 1
        if count > 1 and lower.endswith("es") and not lower.endswith(("ses", "ces", "ges", "zes")):
            count -= 1
        if count > 1 and lower.endswith("ed") and not lower.endswith(("ted", "ded")):
            count -= 1
    return max(1, count)


def spoken_words(text: str, code: str | None = None) -> list[str]:
    """The words a voice says for ``text``, numbers written out."""
    words: list[str] = []
    for word in _WORD.findall(text):
        number = _ORDINAL_END.sub("", word)
        words.extend(number_words(int(number), code) if number.isdigit() else [word])
    return words


def speaking_words(text: str, code: str | None = None) -> float:
    """The number of spoken words in ``text``, numbers counted as the words they are said as."""
    return float(len(spoken_words(text, code)))


def pauses(text: str) -> int:
    """The marks of punctuation inside ``text`` that a voice pauses at (the dot of a Spanish
    ordinal, "3.º", is none)."""
    return len(_PAUSE.findall(_ORDINAL_DOT.sub("", text.rstrip(".!? "))))


def calibration_at(words_per_minute: int, code: str | None = None) -> Calibration:
    """The coefficients for a rate in a language: interpolated between the two rows around
    it."""
    rows = voice(code).calibration or _voices()[ENGLISH].calibration
    rate = max(1, words_per_minute)
    rates = [row.rate for row in rows]
    if rate <= rates[0]:
        return rows[0]
    if rate >= rates[-1]:
        return rows[-1]
    index = bisect.bisect_left(rates, rate)
    low, high = rows[index - 1], rows[index]
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


def speaking_seconds(text: str, words_per_minute: int, code: str | None = None) -> float:
    """The time a voice at ``words_per_minute`` takes to say ``text`` in ``code`` (the
    language in use when not given), pauses included."""
    code = code or language()
    words = spoken_words(text, code)
    if not words:
        return 0.0
    rate = max(1, words_per_minute)
    row = calibration_at(rate, code)
    at_200 = (
        row.lead
        + row.syllable * sum(syllables(w, code) for w in words)
        + row.word * len(words)
        + row.pause * pauses(text)
    )
    return at_200 * DEFAULT_WORDS_PER_MINUTE / rate
