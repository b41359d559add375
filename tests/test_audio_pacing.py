"""The speaking-time estimate against espeak-ng's real audio, on the game's own phrases.

The test renders phrases with espeak-ng and measures the audio's length with sox: it measures
sound, not wall time, so a loaded machine changes nothing but how long it takes.
"""

from __future__ import annotations

import importlib.util
import itertools
import shutil
import statistics
from pathlib import Path
from types import ModuleType

import pytest

from ninetynine_audio.audio.pacing import (
    CALIBRATION,
    calibration_at,
    number_words,
    speaking_seconds,
    spoken_words,
    syllables,
)

TOOL = Path(__file__).resolve().parents[1] / "tools" / "calibrate_pacing.py"
needs_espeak = pytest.mark.skipif(
    shutil.which("espeak-ng") is None or shutil.which("sox") is None,
    reason="espeak-ng and sox render and measure the real speech",
)


def calibrate_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("calibrate_pacing", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def phrases() -> list[str]:
    """Every fourth distinct phrase of 5 to 40 words a seeded game of each kind said."""
    found: list[str] = calibrate_tool().shipped_phrases(seed=7, every=4)
    return found


def test_numbers_are_counted_as_they_are_said() -> None:
    assert number_words(97) == ["ninety", "seven"]
    assert number_words(15) == ["fifteen"]
    assert spoken_words("Lily plays 10, total 97") == [
        "Lily",
        "plays",
        "ten",
        "total",
        "ninety",
        "seven",
    ]
    assert [syllables(w) for w in ("Lily", "plays", "seven", "queen", "colour")] == [2, 1, 2, 1, 2]


def test_a_faster_rate_is_never_slower_and_the_table_is_in_order() -> None:
    rates = [row.rate for row in CALIBRATION]
    assert rates == sorted(rates)
    text = "Your turn: row of 3 up to purple 7. Piles: black 10, orange 6"
    times = [speaking_seconds(text, rate) for rate in range(80, 901, 20)]
    assert all(a > b for a, b in itertools.pairwise(times)), times
    assert calibration_at(200) == next(r for r in CALIBRATION if r.rate == 200)


@needs_espeak
@pytest.mark.parametrize("rate", [200, 400])
def test_the_estimate_matches_espeak_at_the_same_rate(
    rate: int, phrases: list[str], tmp_path: Path
) -> None:
    tool = calibrate_tool()
    assert len(phrases) >= 40
    errors = [
        speaking_seconds(p, rate) / tool.espeak_seconds(p, rate, tmp_path) - 1 for p in phrases
    ]
    within = sum(abs(e) <= 0.2 for e in errors) / len(errors)
    # Every phrase within a fifth of espeak-ng's time at the usual rate; at twice that,
    # espeak-ng's own rhythm varies more, so nine in ten within a fifth and none off by more
    # than about a third.
    assert abs(statistics.median(errors)) <= 0.06, statistics.median(errors)
    assert within >= (1.0 if rate == 200 else 0.9), sorted(errors)
    assert max(abs(e) for e in errors) <= 0.35
