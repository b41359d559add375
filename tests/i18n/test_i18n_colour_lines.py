"""The colour game's lines in every language: a line that may begin with a list of what fits
still begins with a capital letter."""

from __future__ import annotations

import pytest
from helpers.colours import C, deal, with_row

from ninetynine_audio.games.colours import PlaceRowCard, apply, view
from ninetynine_audio.i18n import LANGUAGES, using
from ninetynine_audio.present.colours import queries

CODES = [entry.code for entry in LANGUAGES]


def sentence_starts(text: str) -> list[str]:
    """The first letter of each sentence of ``text`` (sentences joined by ". ") that begins
    with one (French "7 vert" begins with its number)."""
    return [s.lstrip()[0] for s in text.split(". ") if s.strip() and s.lstrip()[0].isalpha()]


@pytest.mark.parametrize("code", CODES)
def test_what_fits_begins_its_sentence_with_a_capital(code: str) -> None:
    state, _ = deal(
        ["purple-9 red-4 pink-3 grey-5 black-6 green-7", "red-1 red-2 red-3 red-5 red-6 red-7"],
        tops="orange-6 black-10",
    )
    state, _ = apply(with_row(state, 0, "purple-1"), PlaceRowCard(0, C("green-7")))
    seen = view(state, 0)
    with using(code):
        lines = [
            text
            for verbosity in ("brief", "normal")
            for text in (
                queries.fits_text(seen, verbosity),
                queries.turn_text(seen, verbosity),
                queries.row_card_fits_text(seen, verbosity),
            )
        ]
    assert all(lines), lines
    for line in lines:
        # A script without capitals (Persian) has nothing to check.
        assert all(first == first.upper() for first in sentence_starts(line)), line

