"""Danger cue names are made and read back in one place."""

from __future__ import annotations

from ninetynine_audio.audio.utterance import DANGER_TOTALS, danger_cue_name, danger_total
from ninetynine_audio.present.adding.events import danger_cue


def test_every_danger_total_has_a_name_that_reads_back() -> None:
    for total in DANGER_TOTALS:
        name = danger_cue_name(total)
        assert name == f"danger_{total}"
        assert danger_total(name) == total
        assert danger_cue(total) == name


def test_totals_below_90_and_other_cues_have_no_danger() -> None:
    assert danger_cue_name(89) is None and danger_cue_name(100) is None
    assert danger_total("danger_100") is None
    assert danger_total("card_played") is None
    assert danger_total("danger_x") is None
