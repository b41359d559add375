"""What a close reading of sampled phrases found, held: a count of tricks still needed said
with no verb or article that agrees with it (Spanish "te faltan 1", Italian "te ne servono
ancora 1"), and the lists of the adding and trick-taking games read with the language's own
separators (a Persian comma and semicolon, as the colour game's lists already were)."""

from __future__ import annotations

import pytest

from ninetynine_audio.cards import Card, Rank, Suit
from ninetynine_audio.games.adding.rules import make_rules
from ninetynine_audio.i18n import ngettext, using
from ninetynine_audio.present.adding.queries import hand_text
from ninetynine_audio.present.tricks.phrases import hand_groups_text

LANGUAGES = ["es", "pt_BR", "de", "fr", "it", "ru", "pl", "fa"]
NEEDED = (
    ("You have {count} trick; you need {need} more of the {left} left"),
    ("You have {count} tricks; you need {need} more of the {left} left"),
)
OUT_OF_REACH = (
    "You have {count} trick; {need} more are needed and only {left} are left: out of reach",
    "You have {count} tricks; {need} more are needed and only {left} are left: out of reach",
)
# Forms that agree with a plural where the count is 1, found in the sample.
WRONG = (
    "faltan 1 ",
    "faltam 1 ",
    "servono ancora 1 ",
    "fehlen 1,",
    "las 1 ",
    "das 1 ",
    "delle 1 ",
    "les 1 ",
    "der 1 ",
    "из 1 оставшихся",
    "z 1 pozostałych",
    "restano solo 1:",
    "sind nur 1:",
)


@pytest.mark.parametrize("code", LANGUAGES)
def test_one_trick_more_of_one_left_is_said_without_a_plural(code: str) -> None:
    with using(code):
        said = [
            ngettext(*NEEDED, 2).format(count=2, need=1, left=1),
            ngettext(*OUT_OF_REACH, 2).format(count=2, need=2, left=1),
        ]
    for text in said:
        assert not any(wrong in text for wrong in WRONG), text


def test_persian_lists_of_the_adding_and_trick_taking_games_use_persian_separators() -> None:
    cards = [Card(Rank.ACE, Suit.CLUBS), Card(Rank.NINE, Suit.CLUBS), Card(Rank.SEVEN, Suit.HEARTS)]
    rules = make_rules("classic", 2)
    with using("fa"):
        trick_hand = hand_groups_text(cards)
        adding_hand = hand_text(rules, tuple(cards), 40, "normal")
    for text in (trick_hand, adding_hand):
        assert ";" not in text and "," not in text, text
    assert "؛" in trick_hand and "،" in trick_hand, trick_hand
    assert "؛" in adding_hand, adding_hand


@pytest.mark.parametrize("code", ["es", "pt_BR", "it", "ru", "pl"])
def test_what_fits_the_piles_needs_no_verb_agreeing_with_the_cards(code: str) -> None:
    """Spanish said "Caben a la derecha: naranja 1", one card in the plural. The line now
    speaks to the player ("Puedes jugar"), whatever the number of cards."""
    from ninetynine_audio.i18n import _, pgettext

    with using(code):
        sides = pgettext("fits", "right: {cards}").format(cards="1")
        text = _("Fits {sides}").format(sides=sides)
    plural_verbs = ("Caben", "Cabem", "Vanno", "Подходят", "Pasują")
    assert not text.startswith(plural_verbs), text
