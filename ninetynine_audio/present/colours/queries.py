"""Answers to the player's questions at the colour game's table, and the window's lines."""

from __future__ import annotations

from collections.abc import Sequence

from ninetynine_audio.cards import ColourCard
from ninetynine_audio.games.colours import (
    TARGET,
    Action,
    ColoursView,
    EndPiles,
    Phase,
    PlaceRowCard,
    PlayToPile,
    ScoreRow,
    row_colours,
)
from ninetynine_audio.present.colours.words import (
    BY_COLOUR,
    card_name,
    colour_name,
    pile_fit_text,
    pile_name,
    row_fit_text,
    row_summary,
    sorted_hand,
)
from ninetynine_audio.present.words import BRIEF, FULL, is_you, join_and


def piles_text(view: ColoursView, verbosity: str) -> str:
    """``"Piles: black 10 on the left, orange 6 on the right"``."""
    left, right = view.pile_tops
    if verbosity == BRIEF:
        return f"Piles: {card_name(left)}, {card_name(right)}"
    return f"Piles: {card_name(left)} on the left, {card_name(right)} on the right"


def stage_text(view: ColoursView) -> str:
    """What the player is to do now."""
    if view.phase is Phase.ROW and view.hand:
        return "choose your row card"
    if view.phase is Phase.ROW:
        return "no cards in hand: end your turn"
    if not view.hand:
        return "hand empty: end your turn"
    return f"play onto the piles, {view.pile_plays} of 5 so far"


def your_turn_text(view: ColoursView, verbosity: str) -> str:
    """``"Your turn: choose your row card. Piles: …. Your row: …"``."""
    if view.phase is Phase.PILES and view.hand:
        # Mid-turn only the new pile tops are news.
        if view.pile_plays == 0 and verbosity != BRIEF:
            return "Now the piles: " + piles_text(view, verbosity).removeprefix("Piles: ")
        return piles_text(view, BRIEF)
    if verbosity == BRIEF:
        return f"Your turn. {piles_text(view, verbosity)}"
    head = f"Your turn: {stage_text(view)}"
    if view.extra:
        head = f"Your extra turn: {stage_text(view)}"
    return f"{head}. {piles_text(view, verbosity)}. {row_summary('You', view.row, verbosity)}"


def turn_text(view: ColoursView, verbosity: str) -> str:
    """Whose turn it is, and where it stands."""
    name = view.players[view.to_act]
    if view.is_over:
        winner = view.players[view.winner] if view.winner is not None else "nobody"
        return f"The game is over: {winner} won"
    if is_you(name) and view.seat == view.to_act:
        return f"Your turn: {stage_text(view)}"
    return f"{name}'s turn"


def hand_text(view: ColoursView, order: str, verbosity: str) -> str:
    """The whole hand in the chosen order, each card with how it fits now."""
    hand = sorted_hand(view.hand, order)
    if not hand:
        return "Your hand is empty"
    by = "by colour" if order == BY_COLOUR else "by value"
    if verbosity == BRIEF:
        return "Hand: " + ", ".join(card_name(c) for c in hand)
    parts = [card_fit_text(view, card, verbosity) for card in hand]
    return f"Hand {by}: " + "; ".join(parts)


def card_fit_text(view: ColoursView, card: ColourCard, verbosity: str) -> str:
    """``"purple 9: fits your row"`` before the row card, ``"purple 9: same colour on the
    left, sum ten on the right"`` after it."""
    if view.phase is Phase.ROW:
        return f"{card_name(card)}: {row_fit_text(card, view.row)}"
    return f"{card_name(card)}: {pile_fit_text(card, view.pile_tops)}"


def hand_card_text(view: ColoursView, hand: Sequence[ColourCard], index: int, v: str) -> str:
    """The card under the cursor, how it fits, and where it is in the hand."""
    text = card_fit_text(view, hand[index], v)
    if v == BRIEF:
        return text
    return f"{text}, {index + 1} of {len(hand)}"


def row_text(view: ColoursView, verbosity: str) -> str:
    """The own row: length, last card, colours used and what it is worth."""
    row = view.row
    if not row:
        return "Your row is empty: any card starts it"
    text = row_summary("You", row, verbosity)
    if verbosity == BRIEF:
        return text
    used = [colour_name(card.colour) for card in row]
    text += f". Colours used: {join_and(used)}"
    if verbosity == FULL:
        text += ". The row: " + ", ".join(card_name(c) for c in row)
    free = 10 - len(row_colours(row))
    if row[-1].value == 10 or free == 0:
        text += ". Nothing more can go on it"
    return text


def other_rows_text(view: ColoursView, verbosity: str) -> str:
    """Every other player's row."""
    parts = []
    for seat, name in enumerate(view.players):
        if seat == view.seat:
            continue
        text = row_summary(name, view.rows[seat], verbosity)
        if verbosity == FULL and view.rows[seat]:
            text += ": " + ", ".join(card_name(c) for c in view.rows[seat])
        parts.append(text)
    return ". ".join(parts)


def draw_pile_text(view: ColoursView, verbosity: str) -> str:
    """``"Your draw pile: 9 cards. Reserve: 40"``."""
    count = view.draw_pile_size
    noun = "card" if count == 1 else "cards"
    if verbosity == BRIEF:
        return f"Draw pile {count}"
    text = f"Your draw pile: {count} {noun}"
    if verbosity == FULL:
        text += f". Reserve: {view.reserve_size}"
    return text


def scores_text(view: ColoursView, verbosity: str) -> str:
    """Every score and how far each player is from 99."""
    parts = []
    for name, score in zip(view.players, view.scores, strict=True):
        if verbosity == BRIEF:
            parts.append(f"{name} {score}")
        else:
            left = max(0, TARGET - score)
            parts.append(f"{name} {score}, {left} to go")
    return "Scores: " + "; ".join(parts)


def hint_text(action: Action) -> str:
    """What the strongest computer player would do next."""
    if isinstance(action, ScoreRow):
        return "Hint: score your row now"
    if isinstance(action, PlaceRowCard):
        return f"Hint: put {card_name(action.card)} in your row"
    if isinstance(action, PlayToPile):
        return f"Hint: play {card_name(action.card)} on the {pile_name(action.pile)} pile"
    if isinstance(action, EndPiles):
        return "Hint: end your turn and draw"
    return "Hint: nothing to suggest"


def search_hint_text(hint: str, mine: float, theirs: float, deals: int) -> str:
    """The hint with what the search found: ``"Hint: play … . Over 8 re-deals of the unseen
    cards you can expect 2.5 cards onto the piles next turn, the next player 1.0."``."""
    if deals <= 0:
        return hint
    return (
        f"{hint}. Over {deals} re-deals of the unseen cards you can expect {mine:.1f} cards"
        f" onto the piles next turn, the next player {theirs:.1f}."
    )


def table_lines(
    view: ColoursView, hand: Sequence[ColourCard], cursor: int, is_over: bool
) -> tuple[list[str], int | None]:
    """The window: piles, whose turn, the own row, the hand (the cursor's line marked) and
    the scores; the index of the highlighted line."""
    lines = [f"Piles: {card_name(view.pile_tops[0])}  |  {card_name(view.pile_tops[1])}"]
    if is_over:
        lines.append("Game over")
    else:
        lines.append(f"Turn: {view.players[view.to_act]}")
    row = ", ".join(card_name(c) for c in view.row) or "empty"
    lines.append(f"Your row: {row}")
    highlight = None
    for index, card in enumerate(hand):
        if index == cursor:
            highlight = len(lines)
        lines.append(f"{index + 1}. {card_name(card)}")
    lines.append(f"Draw pile: {view.draw_pile_size}")
    scores = ", ".join(f"{n} {s}" for n, s in zip(view.players, view.scores, strict=True))
    lines.append(f"Scores: {scores}")
    return lines, highlight
