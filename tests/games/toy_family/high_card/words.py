"""High card in words: each event as the listener hears it."""

from __future__ import annotations

from collections.abc import Sequence

from high_card import Card, CardPlayed, Event, GameEnded, GameStarted, HandDealt, RoundWon, View
from ninetynine_audio.audio.utterance import Utterance
from ninetynine_audio.i18n import _, format_list
from ninetynine_audio.present.seats import Perspective
from ninetynine_audio.present.words import card_name, is_you


def cards_text(cards: Sequence[Card]) -> str:
    return format_list([card_name(card) for card in cards])


def points_text(view: View) -> str:
    pairs = zip(view.names, view.points, strict=True)
    return format_list([_("{player} {points}").format(player=p, points=n) for p, n in pairs])


def narrate(events: Sequence[Event], perspective: Perspective) -> list[Utterance]:
    said: list[Utterance] = []
    for event in events:
        if isinstance(event, GameStarted):
            text = _("High card begins: five rounds")
        elif isinstance(event, HandDealt):
            if event.seat != perspective.listener:
                text = _("{player} is dealt five cards").format(player=event.player)
            else:
                text = _("Your cards: {cards}").format(cards=cards_text(event.cards))
        elif isinstance(event, CardPlayed):
            card = card_name(event.card)
            if is_you(event.player):
                text = _("You lay down {card}").format(card=card)
            else:
                text = _("{player} lays down {card}").format(player=event.player, card=card)
        elif isinstance(event, RoundWon):
            facts = {"player": event.player, "round": event.round, "card": card_name(event.card)}
            if is_you(event.player):
                text = _("You win round {round} with {card}").format(**facts)
            else:
                text = _("{player} wins round {round} with {card}").format(**facts)
        elif isinstance(event, GameEnded):
            if is_you(event.winner):
                text = _("You win the game")
            else:
                text = _("{player} wins the game").format(player=event.winner)
        else:
            continue
        said.append(Utterance(text, pan=perspective.pan(getattr(event, "seat", -1))))
    return said
