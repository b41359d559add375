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

from ninetynine_audio.i18n import ENGLISH, language

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
    ascending)."""

    code: str
    espeak: str
    vowels: re.Pattern[str]
    number_words: Callable[[int], list[str]]
    calibration: tuple[Calibration, ...]
    silent_endings: bool = False
    """Whether a final e, -es and -ed usually add no syllable (English), or every group of
    vowels is said (Spanish, Portuguese, German)."""


def _english_numbers(number: int) -> list[str]:
    ones = (
        *("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"),
        *("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen"),
        *("seventeen", "eighteen", "nineteen"),
    )
    tens = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
    if number < 20:
        return [ones[number]]
    if number < 100:
        ten, one = divmod(number, 10)
        return [tens[ten]] + ([ones[one]] if one else [])
    hundreds, rest = divmod(number, 100)
    return [ones[hundreds], "hundred"] + (["and", *_english_numbers(rest)] if rest else [])


def _spanish_numbers(number: int) -> list[str]:
    ones = (
        *("cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve"),
        *("diez", "once", "doce", "trece", "catorce", "quince", "dieciséis", "diecisiete"),
        *("dieciocho", "diecinueve", "veinte", "veintiuno", "veintidós", "veintitrés"),
        *("veinticuatro", "veinticinco", "veintiséis", "veintisiete", "veintiocho"),
        "veintinueve",
    )
    tens: tuple[str, ...] = (
        "",
        "",
        "",
        "treinta",
        "cuarenta",
        "cincuenta",
        "sesenta",
        "setenta",
        "ochenta",
        "noventa",
    )
    hundreds: tuple[str, ...] = (
        "",
        "ciento",
        "doscientos",
        "trescientos",
        "cuatrocientos",
        "quinientos",
        "seiscientos",
        "setecientos",
        "ochocientos",
        "novecientos",
    )
    if number < 30:
        return [ones[number]]
    if number < 100:
        ten, one = divmod(number, 10)
        return [tens[ten]] + (["y", ones[one]] if one else [])
    if number == 100:
        return ["cien"]
    hundred, rest = divmod(number, 100)
    return [hundreds[hundred]] + (_spanish_numbers(rest) if rest else [])


def _portuguese_numbers(number: int) -> list[str]:
    ones = (
        *("zero", "um", "dois", "três", "quatro", "cinco", "seis", "sete", "oito", "nove"),
        *("dez", "onze", "doze", "treze", "catorze", "quinze", "dezesseis", "dezessete"),
        *("dezoito", "dezenove"),
    )
    tens: tuple[str, ...] = (
        "",
        "",
        "vinte",
        "trinta",
        "quarenta",
        "cinquenta",
        "sessenta",
        "setenta",
        "oitenta",
        "noventa",
    )
    hundreds: tuple[str, ...] = (
        "",
        "cento",
        "duzentos",
        "trezentos",
        "quatrocentos",
        "quinhentos",
        "seiscentos",
        "setecentos",
        "oitocentos",
        "novecentos",
    )
    if number < 20:
        return [ones[number]]
    if number < 100:
        ten, one = divmod(number, 10)
        return [tens[ten]] + (["e", ones[one]] if one else [])
    if number == 100:
        return ["cem"]
    hundred, rest = divmod(number, 100)
    return [hundreds[hundred]] + (["e", *_portuguese_numbers(rest)] if rest else [])


def _german_number(number: int) -> str:
    ones = (
        *("null", "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun"),
        *("zehn", "elf", "zwölf", "dreizehn", "vierzehn", "fünfzehn", "sechzehn"),
        *("siebzehn", "achtzehn", "neunzehn"),
    )
    tens: tuple[str, ...] = (
        "",
        "",
        "zwanzig",
        "dreißig",
        "vierzig",
        "fünfzig",
        "sechzig",
        "siebzig",
        "achtzig",
        "neunzig",
    )
    if number < 20:
        return ones[number]
    if number < 100:
        ten, one = divmod(number, 10)
        if not one:
            return tens[ten]
        return ("ein" if one == 1 else ones[one]) + "und" + tens[ten]
    hundred, rest = divmod(number, 100)
    head = ("ein" if hundred == 1 else ones[hundred]) + "hundert"
    return head + (_german_number(rest) if rest else "")


def _german_numbers(number: int) -> list[str]:
    return [_german_number(number)]


VOICES: dict[str, Voice] = {
    voice.code: voice
    for voice in (
        Voice(
            ENGLISH,
            "en",
            re.compile(r"[aeiouy]+"),
            _english_numbers,
            (
                Calibration(80, 0.530, 0.089, 0.069, 0.428),
                Calibration(120, 0.532, 0.094, 0.077, 0.407),
                Calibration(160, 0.499, 0.092, 0.082, 0.362),
                Calibration(200, 0.365, 0.080, 0.118, 0.315),
                Calibration(250, 0.411, 0.093, 0.094, 0.253),
                Calibration(300, 0.340, 0.092, 0.104, 0.186),
                Calibration(350, 0.217, 0.091, 0.119, 0.087),
                Calibration(400, 0.166, 0.085, 0.135, 0.049),
                Calibration(450, 0.333, 0.109, 0.078, 0.214),
            ),
            silent_endings=True,
        ),
        Voice(
            "es",
            "es",
            re.compile(r"[aeiouáéíóúüy]+"),
            _spanish_numbers,
            (
                Calibration(80, 0.474, 0.074, 0.075, 0.416),
                Calibration(120, 0.460, 0.078, 0.079, 0.415),
                Calibration(160, 0.418, 0.080, 0.079, 0.383),
                Calibration(200, 0.369, 0.084, 0.079, 0.342),
                Calibration(250, 0.316, 0.094, 0.073, 0.300),
                Calibration(300, 0.250, 0.109, 0.068, 0.257),
                Calibration(350, 0.164, 0.129, 0.051, 0.194),
                Calibration(400, 0.123, 0.140, 0.042, 0.170),
                Calibration(450, 0.301, 0.103, 0.063, 0.245),
            ),
        ),
        Voice(
            "pt_BR",
            "pt-br",
            re.compile(r"[aeiouáéíóúâêôãõàüy]+"),
            _portuguese_numbers,
            (
                Calibration(80, 0.476, 0.052, 0.113, 0.485),
                Calibration(120, 0.460, 0.058, 0.113, 0.482),
                Calibration(160, 0.407, 0.059, 0.110, 0.449),
                Calibration(200, 0.359, 0.063, 0.104, 0.417),
                Calibration(250, 0.307, 0.066, 0.101, 0.381),
                Calibration(300, 0.229, 0.071, 0.098, 0.336),
                Calibration(350, 0.105, 0.079, 0.098, 0.258),
                Calibration(400, 0.080, 0.089, 0.085, 0.223),
                Calibration(450, 0.282, 0.083, 0.085, 0.318),
            ),
        ),
        Voice(
            "de",
            "de",
            re.compile(r"[aeiouäöüy]+"),
            _german_numbers,
            (
                Calibration(80, 0.543, 0.111, 0.061, 0.373),
                Calibration(120, 0.539, 0.128, 0.054, 0.362),
                Calibration(160, 0.506, 0.136, 0.044, 0.331),
                Calibration(200, 0.469, 0.145, 0.031, 0.301),
                Calibration(250, 0.408, 0.156, 0.022, 0.256),
                Calibration(300, 0.354, 0.170, 0.010, 0.200),
                Calibration(350, 0.262, 0.183, 0.000, 0.125),
                Calibration(400, 0.234, 0.181, 0.000, 0.108),
                Calibration(450, 0.383, 0.161, 0.019, 0.197),
            ),
        ),
    )
}
"""Every language's voice; a language without one (a pseudo-language) is paced as English."""

CALIBRATION = VOICES[ENGLISH].calibration
"""English espeak-ng's speaking time, fitted at each rate it was measured at
(``docs/pacing.md``). Between two rows the coefficients are interpolated; outside the table
the nearest row is used, scaled by the rate."""


def voice(code: str | None = None) -> Voice:
    """The voice of ``code``, or of the language in use; English for one without a voice."""
    return VOICES.get(code or language(), VOICES[ENGLISH])


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
    rows = voice(code).calibration or CALIBRATION
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
