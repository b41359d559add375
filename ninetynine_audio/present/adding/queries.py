"""Answers to the player's questions at the table: turn, total, hand, lives, direction."""

from __future__ import annotations

from ninetynine_audio.cards import Card
from ninetynine_audio.games.adding import AddingRules, AddingView, next_seat
from ninetynine_audio.present.adding.effects import card_effect
from ninetynine_audio.present.adding.events import direction_words
from ninetynine_audio.present.adding.nouns import lives_noun
from ninetynine_audio.present.words import (
    BRIEF,
    FULL,
    NORMAL,
    card_name,
    is_you,
    join_and,
    object_name,
    possessive,
)


def turn_text(view: AddingView, verbosity: str = NORMAL) -> str:
    """``"Your turn, total 45"`` or ``"Lily's turn"``."""
    if view.is_over:
        return "The game is over"
    name = view.players[view.to_act]
    if verbosity == BRIEF:
        return f"{possessive(name)} turn"
    return f"{possessive(name)} turn, total {view.total}"


def your_turn_text(view: AddingView, verbosity: str = NORMAL) -> str:
    """Said when a human's turn comes: ``"Your turn, total 45"``, as the turn key says it;
    full verbosity adds the hand."""
    name = view.players[view.to_act]
    text = f"{possessive(name)} turn, total {view.total}"
    if verbosity == FULL:
        text += ". " + hand_text(view.rules, view.hand, view.total, verbosity)
    return text


def total_text(total: int, verbosity: str = NORMAL) -> str:
    """``"Total 45"``; brief ``"45"``."""
    return str(total) if verbosity == BRIEF else f"Total {total}"


def hand_text(rules: AddingRules, hand: tuple[Card, ...], total: int, verbosity: str) -> str:
    """The whole hand; with each card's effect unless brief."""
    if not hand:
        return "Your hand is empty"
    if verbosity == BRIEF:
        return join_and([card_name(c, verbosity) for c in hand])
    return "; ".join(card_effect(rules, c, total, verbosity) for c in hand)


def hand_card_text(
    rules: AddingRules, hand: tuple[Card, ...], index: int, total: int, verbosity: str
) -> str:
    """One card of the hand as the cursor reaches it: ``"Queen, to 97"`` (full: ``"…, 2 of 3"``)."""
    text = card_effect(rules, hand[index], total, verbosity)
    if verbosity == FULL:
        text += f", {index + 1} of {len(hand)}"
    return text


def lives_text(view: AddingView, verbosity: str = NORMAL) -> str:
    """``"Lives: You 5, Lily 4, Max out, Zoe 5"``."""
    game = view.rules.game
    parts = []
    for seat, name in enumerate(view.players):
        lives = view.lives[seat]
        shown = name  # as the player wrote it: "DJ", "McCoy", "Ann-Marie"
        parts.append(f"{shown} {lives}" if lives > 0 else f"{shown} out")
    head = lives_noun(game, 2).capitalize()
    return ", ".join(parts) if verbosity == BRIEF else f"{head}: " + ", ".join(parts)


def direction_text(view: AddingView, verbosity: str = NORMAL) -> str:
    """``"Clockwise, after you: Lily"``."""
    way = direction_words(view.direction)
    after = next_seat(view, view.to_act, view.direction)
    actor = object_name(view.players[view.to_act])
    nxt = object_name(view.players[after])
    if verbosity == BRIEF:
        return f"{way.capitalize()}, then {nxt}"
    return f"{way.capitalize()}. After {actor}: {nxt}"


def danger_level_text(total: int) -> str:
    """The danger sound in words, for when no sound can be heard: ``"Danger 7 of 10, total
    96"``; at 99 what may still be played."""
    if total >= 99:
        return "Danger 10 of 10, total 99: only 4, 9, 10 or King can be played"
    return f"Danger {total - 89} of 10, total {total}"


def danger_text(total: int) -> str:
    """Said when the danger sound is asked for below 90."""
    return f"Total {total}, below the danger zone"


def empty_hand_text() -> str:
    """A hand key pressed with no cards in the hand."""
    return "Empty hand"


def table_lines(
    view: AddingView, hand: tuple[Card, ...], cursor: int, is_over: bool
) -> tuple[list[str], int | None]:
    """The window's lines: the total, whose turn, the hand and the selected card, the lives;
    and which line is highlighted (the selected card)."""
    lines = [f"Total {view.total}"]
    if is_over:
        lines.append("Game over")
    else:
        name = view.players[view.to_act]
        lines.append("Your turn" if is_you(name) else f"{name}'s turn")
    highlight = None
    if hand:
        lines.append("Hand: " + "   ".join(card_name(c) for c in hand))
        lines.append("Selected: " + card_effect(view.rules, hand[cursor % len(hand)], view.total))
        highlight = 3
    lines.append(lives_text(view, "brief"))
    return lines, highlight
