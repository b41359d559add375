"""Answers to the player's questions at the table: turn, total, hand, lives, direction."""

from __future__ import annotations

from ninetynine_audio.cards import Card
from ninetynine_audio.games.adding import AddingRules, AddingView, next_seat
from ninetynine_audio.i18n import _, pgettext
from ninetynine_audio.present.adding.effects import card_effect
from ninetynine_audio.present.adding.events import direction_sentence, sentences
from ninetynine_audio.present.words import (
    BRIEF,
    FULL,
    NORMAL,
    card_name,
    is_you,
    join_and,
    seat_name,
    semicolon_list,
    separated,
)


def _turn_words(name: str) -> str:
    """``"Your turn"`` or ``"Lily's turn"``."""
    return _("Your turn") if is_you(name) else _("{player}'s turn").format(player=name)


def _turn_and_total(name: str, total: int) -> str:
    """``"Your turn, total 45"`` or ``"Lily's turn, total 45"``."""
    if is_you(name):
        return _("Your turn, total {total}").format(total=total)
    return _("{player}'s turn, total {total}").format(player=name, total=total)


def turn_text(view: AddingView, verbosity: str = NORMAL) -> str:
    """``"Your turn, total 45"`` or ``"Lily's turn"``."""
    if view.is_over:
        return _("The game is over")
    name = view.players[view.to_act]
    if verbosity == BRIEF:
        return _turn_words(name)
    return _turn_and_total(name, view.total)


def your_turn_text(view: AddingView, verbosity: str = NORMAL) -> str:
    """Said when a human's turn comes: ``"Your turn, total 45"``, as the turn key says it;
    full verbosity adds the hand."""
    text = _turn_and_total(view.players[view.to_act], view.total)
    if verbosity == FULL:
        text = sentences([text, hand_text(view.rules, view.hand, view.total, verbosity)])
    return text


def total_text(total: int, verbosity: str = NORMAL) -> str:
    """``"Total 45"``; brief ``"45"``."""
    return str(total) if verbosity == BRIEF else _("Total {total}").format(total=total)


def hand_text(rules: AddingRules, hand: tuple[Card, ...], total: int, verbosity: str) -> str:
    """The whole hand; with each card's effect unless brief."""
    if not hand:
        return _("Your hand is empty")
    if verbosity == BRIEF:
        return join_and([card_name(c, verbosity) for c in hand])
    return semicolon_list(card_effect(rules, c, total, verbosity) for c in hand)


def hand_card_text(
    rules: AddingRules, hand: tuple[Card, ...], index: int, total: int, verbosity: str
) -> str:
    """One card of the hand as the cursor reaches it: ``"Queen, to 97"`` (full: ``"…, 2 of 3"``)."""
    text = card_effect(rules, hand[index], total, verbosity)
    if verbosity == FULL:
        # Translators: a card of the hand and what it does, then its place in the hand.
        text = _("{card}, {position} of {count}").format(
            card=text, position=index + 1, count=len(hand)
        )
    return text


def _seat_lives(name: str, lives: int) -> str:
    # The name as the player wrote it: "DJ", "McCoy", "Ann-Marie".
    if lives > 0:
        # Translators: a player and the lives or points they have, in a list ("Lily 4").
        return pgettext("lives in a list", "{player} {count}").format(
            player=seat_name(name), count=lives
        )
    # Translators: a player with no lives or points left, in a list ("Max out").
    return pgettext("lives in a list", "{player} out").format(player=seat_name(name))


def lives_text(view: AddingView, verbosity: str = NORMAL) -> str:
    """``"Lives: You 5, Lily 4, Max out, Zoe 5"``."""
    listing = separated(
        _seat_lives(name, view.lives[seat]) for seat, name in enumerate(view.players)
    )
    if verbosity == BRIEF:
        return listing
    if view.rules.game == "tactical":
        # Translators: {players} lists each player and their points ("You 5, Lily 4, Max out").
        return _("Points: {players}").format(players=listing)
    # Translators: {players} lists each player and their lives ("You 5, Lily 4, Max out").
    return _("Lives: {players}").format(players=listing)


def direction_text(view: AddingView, verbosity: str = NORMAL) -> str:
    """``"Clockwise. After you: Lily"``."""
    way = direction_sentence(view.direction)
    after = next_seat(view, view.to_act, view.direction)
    actor = view.players[view.to_act]
    nxt = view.players[after]
    if verbosity == BRIEF:
        # Translators: the direction of play and who plays next ("Clockwise, then Lily").
        if is_you(nxt):
            return _("{direction}, then you").format(direction=way)
        return _("{direction}, then {player}").format(direction=way, player=nxt)
    if is_you(actor):
        head = _("After you: {player}") if not is_you(nxt) else _("After you: you")
    elif is_you(nxt):
        head = _("After {actor}: you")
    else:
        head = _("After {actor}: {player}")
    return sentences([way, head.format(actor=actor, player=nxt)])


def danger_level_text(total: int) -> str:
    """The danger sound in words, for when no sound can be heard: ``"Danger 7 of 10, total
    96"``; at 99 what may still be played."""
    if total >= 99:
        return _("Danger 10 of 10, total 99: only 4, 9, 10 or King can be played")
    return _("Danger {level} of 10, total {total}").format(level=total - 89, total=total)


def danger_text(total: int) -> str:
    """Said when the danger sound is asked for below 90."""
    return _("Total {total}, below the danger zone").format(total=total)


def empty_hand_text() -> str:
    """A hand key pressed with no cards in the hand."""
    return _("Empty hand")


def table_lines(
    view: AddingView, hand: tuple[Card, ...], cursor: int, is_over: bool
) -> tuple[list[str], int | None]:
    """The window's lines: the total, whose turn, the hand and the selected card, the lives;
    and which line is highlighted (the selected card)."""
    lines = [_("Total {total}").format(total=view.total)]
    if is_over:
        lines.append(_("Game over"))
    else:
        lines.append(_turn_words(view.players[view.to_act]))
    highlight = None
    if hand:
        # Translators: a line of the window: the cards of the hand, spaced apart.
        lines.append(_("Hand: {cards}").format(cards="   ".join(card_name(c) for c in hand)))
        # Translators: a line of the window: the selected card and what it would do.
        lines.append(
            _("Selected: {card}").format(
                card=card_effect(view.rules, hand[cursor % len(hand)], view.total)
            )
        )
        highlight = 3
    lines.append(lives_text(view, "brief"))
    return lines, highlight
