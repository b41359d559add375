"""What a native speaker hears in Spanish, Portuguese and German: places said as ordinal words by
espeak-ng (not "dos punto o"), phrasings that need no grammatical gender of a player's name or
of a card, counts in the case and number a sentence asks for, and the deal not called a hand."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from ninetynine_audio.cards import Card, Rank, Suit
from ninetynine_audio.i18n import using
from ninetynine_audio.present.adding.events import direction_words
from ninetynine_audio.present.results import place_text
from ninetynine_audio.present.tricks.advice import tricks_noun
from ninetynine_audio.present.tricks.queries import bid_choice_text
from ninetynine_audio.present.words import ordinal

needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng speaks")


def phonemes(text: str, voice: str) -> str:
    said = subprocess.run(
        ["espeak-ng", "-v", voice, "-q", "-x", text],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    return " ".join(said.split())


@needs_espeak
@pytest.mark.parametrize(
    ("code", "voice", "words"),
    [("es", "es", "segundo"), ("pt_BR", "pt-br", "segundo"), ("de", "de", "Platz zwei")],
)
def test_a_place_is_said_as_an_ordinal_word(code: str, voice: str, words: str) -> None:
    with using(code):
        second = ordinal(2)
    assert phonemes(second, voice) == phonemes(words, voice), second


def test_spanish_says_anticlockwise_and_deals_are_not_hands() -> None:
    from ninetynine_audio.games.adding import Direction
    from ninetynine_audio.present.tricks.events import deal_started_text

    with using("es"):
        assert direction_words(Direction.ANTICLOCKWISE) == "en sentido antihorario"
        from ninetynine_audio.games.tricks import DealStarted

        deal = DealStarted(2, 1, "Lily", Suit.SPADES, ())
        assert deal_started_text(deal, "normal").startswith("Ronda 2")


@pytest.mark.parametrize("code", ["es", "pt_BR", "de"])
def test_marked_cards_need_no_gender_of_the_card(code: str) -> None:
    club = Card(Rank.NINE, Suit.CLUBS)
    with using(code):
        text = bid_choice_text([club, Card(Rank.TEN, Suit.HEARTS)], [club])
    # "Un trébol marcada": the suit word and the participle disagreed.
    assert "marcada" not in text and "marcado" not in text, text


def test_portuguese_skips_a_turn_not_a_person() -> None:
    from ninetynine_audio.games.adding import PlayerSkipped
    from ninetynine_audio.present.adding.events import event_utterances
    from ninetynine_audio.present.seats import Perspective

    view = Perspective(
        game="tactical", players=("You", "Lily"), pans=(0.0, 0.0), humans=frozenset({0})
    )
    with using("pt_BR"):
        for name, seat in (("Lily", 1), ("You", 0)):
            text = event_utterances(PlayerSkipped(seat, name), view)[0].text
            assert "pulado" not in text, text
        assert tricks_noun(0) == "nenhuma vaza"


def test_german_counts_after_a_preposition_and_hints_without_a_case() -> None:
    with using("de"):
        text = place_text(2, 4, 35, game="colours")
        assert "nach 35 Züge" not in text and "35 Züge" in text, text
        from ninetynine_audio.present.tricks import advice

        assert not advice._("Try {card}").startswith("Versuch es mit:")
