"""Seat names, stacked decks and set-ups read back from a log, for the trick-taking game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ninetynine_audio.cards import Card, CardParseError, card_text, parse_cards
from ninetynine_audio.games.base import HUMAN, GameSetup
from ninetynine_audio.games.errors import SetupError, unreadable_card

COMPUTER_NAMES = ("Lily", "Max", "Zoe")


def default_names(kinds: Sequence[str]) -> tuple[str, ...]:
    """You for the first human, Player 2 and on for other humans, Lily, Max, Zoe for computers."""
    names: list[str] = []
    spare = iter(COMPUTER_NAMES)
    humans = 0
    for kind in kinds:
        if kind == HUMAN:
            humans += 1
            names.append("You" if humans == 1 else f"Player {humans}")
        else:
            names.append(next(spare, f"Player {len(names) + 1}"))
    return tuple(names)


def parse_deck(text: str | Sequence[str]) -> tuple[Card, ...]:
    """The cards of a stacked deck, top first (``"AS 10H 6C"``)."""
    try:
        return parse_cards(text)
    except CardParseError as error:
        raise unreadable_card(error.text) from None


def deck_text(cards: Sequence[Card]) -> list[str]:
    """A stacked deck in notation."""
    return [card_text(card) for card in cards]


def setup_from_log(record: Mapping[str, Any]) -> GameSetup:
    """The set-up a ``game_started`` line describes; raises ``SetupError``."""
    try:
        players = tuple(str(name) for name in record["players"])
        kinds = tuple(str(kind) for kind in record.get("kinds", ["human"] * len(players)))
        options = dict(record.get("options", {}))
        seed = int(record["seed"])
    except (KeyError, TypeError, ValueError) as error:
        raise SetupError("the game_started line cannot be read: {reason}", reason=error) from None
    deck = parse_deck(record["deck"]) if record.get("deck") else None
    return GameSetup(
        game="tricks", names=players, kinds=kinds, options=options, seed=seed, deck=deck
    )
