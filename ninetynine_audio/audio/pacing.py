"""How long a phrase takes to say, for backends that cannot tell when they have finished.

A screen reader queues what it is given and never reports the end of a phrase. The speaker
therefore estimates speaking time from the words and the rate the player set for the screen
reader, so the table can wait until the last move has likely been heard.
"""

from __future__ import annotations

import re

DEFAULT_WORDS_PER_MINUTE = 200
"""A usual screen-reader rate; players who listen faster set their own in Settings."""

_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?|\d+")
_PAUSE = re.compile(r"[.!?:;,]")
# A number of two digits or more is said as two or three words ("ninety-seven").
_NUMBER_WORDS = 1.6
# Screen readers pause briefly at punctuation and a little before each phrase.
_PAUSE_S = 0.12
_LEAD_IN_S = 0.15


def speaking_words(text: str) -> float:
    """The number of spoken words in ``text``; numbers of two digits and more count extra."""
    total = 0.0
    for word in _WORD.findall(text):
        total += _NUMBER_WORDS if word.isdigit() and len(word) > 1 else 1.0
    return total


def speaking_seconds(text: str, words_per_minute: int) -> float:
    """The time a voice at ``words_per_minute`` takes to say ``text``, pauses included."""
    rate = max(1, words_per_minute)
    words = speaking_words(text)
    if words == 0:
        return 0.0
    pauses = len(_PAUSE.findall(text.rstrip(".!?")))
    return _LEAD_IN_S + words * 60.0 / rate + pauses * _PAUSE_S
