"""Spanish and Portuguese call a deal of the trick-taking game by its own word, never by the
word for the cards a player holds: the catalogue's messages that speak of a deal and the
game's rules in those languages."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from ninetynine_audio.i18n import catalogue_dir
from ninetynine_audio.resources import shipped_dir

# Each language's word for a hand, and for a deal, as its players say them.
HAND = {"es": r"\bmanos?\b", "pt_BR": r"\bmãos?\b"}
DEAL = {"es": r"\brondas?\b", "pt_BR": r"\brodadas?\b"}
# English that speaks of a deal (the noun), and of the cards held.
ENGLISH_DEAL = re.compile(r"\bdeals?\b(?! the)", re.IGNORECASE)
ENGLISH_HAND = re.compile(r"\bhands?\b|by hand", re.IGNORECASE)


def deal_messages(code: str) -> list[tuple[str, str]]:
    """(English, translation) of every message about a deal that says nothing of a hand."""
    path = catalogue_dir() / code / "LC_MESSAGES" / "ninetynine_audio.po"
    with path.open("rb") as file:
        catalogue = read_po(file)
    found = []
    for message in catalogue:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        for english, text in zip(ids, texts, strict=False):
            if not english or ENGLISH_HAND.search(english):
                continue
            # "{player} deals", "You deal": the verb, and the daily deal, have words of their own;
            # so has the same deal an arcade tournament's group plays (the daily deal's word).
            noun = re.sub(
                r"(\byou|\{player\}) deals?\b|daily deal|today's deal|same deal|\{deals\}",
                "",
                english,
                flags=re.IGNORECASE,
            )
            if ENGLISH_DEAL.search(noun):
                found.append((english, text))
    return found


@pytest.mark.parametrize("code", list(HAND))
def test_a_deal_is_not_called_a_hand_in_the_catalogue(code: str) -> None:
    messages = deal_messages(code)
    assert len(messages) >= 15, messages  # "Deal {deal}", "No trumps this deal", ...
    wrong = [(e, t) for e, t in messages if re.search(HAND[code], t, re.IGNORECASE)]
    assert not wrong, wrong
    said = [(e, t) for e, t in messages if re.search(DEAL[code], t, re.IGNORECASE)]
    assert len(said) >= len(messages) - 2, set(messages) - set(said)


@pytest.mark.parametrize("code", list(HAND))
def test_the_rules_call_a_deal_by_its_own_word(code: str) -> None:
    english = (shipped_dir("rules") / "tricks.md").read_text(encoding="utf-8").splitlines()
    rules = (shipped_dir("rules") / code / "tricks.md").read_text(encoding="utf-8").splitlines()
    assert len(rules) == len(english)
    # Line by line: where English names no hand, the translation names none either.
    for line, own in zip(english, rules, strict=True):
        if re.search(HAND[code], own, re.IGNORECASE):
            assert ENGLISH_HAND.search(line), own
    assert sum(bool(re.search(DEAL[code], own, re.IGNORECASE)) for own in rules) >= 8
