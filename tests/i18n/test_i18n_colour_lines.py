"""The colour game's lines in every language: a line that may begin with a list of what fits
still begins with a capital letter, and a Polish card name stands only where its one form is
the case the sentence needs."""

from __future__ import annotations

import pytest
from helpers.colours import C, deal, with_row

from ninetynine_audio.games.colours import PlaceRowCard, apply, view
from ninetynine_audio.i18n import LANGUAGES, using
from ninetynine_audio.present.colours import queries
from ninetynine_audio.present.colours.words import card_name, row_summary

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


def test_polish_never_puts_a_card_after_a_preposition_taking_the_genitive() -> None:
    """A Polish card is named by its colour's noun ("fiolet 7"), one form: "do fiolet 7" (up
    to purple 7) would need the genitive "fioletu"; the row's last card is said as "na końcu
    fiolet 7" (at its end), where the noun stays as it is."""
    row = [C("red-2"), C("green-5"), C("purple-7")]
    with using("pl"):
        last = card_name(row[-1])
        said = [row_summary(name, row, v) for name in ("You", "Lily") for v in ("normal", "full")]
    assert all(last in text for text in said), said
    for preposition in ("do", "od", "bez", "z"):
        assert not any(f" {preposition} {last}" in text for text in said), said
