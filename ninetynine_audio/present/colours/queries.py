"""Answers to the player's questions at the colour game's table, and the window's lines."""

from __future__ import annotations

from collections.abc import Sequence

from ninetynine_audio.cards import ColourCard
from ninetynine_audio.games.colours import (
    MAX_PILE_PLAYS,
    TARGET,
    Action,
    ColoursView,
    EndPiles,
    Phase,
    PlaceRowCard,
    PlayToPile,
    ScoreRow,
    row_colours,
    ways_onto,
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
    """What the player is to do now, without their cards."""
    if view.phase is Phase.ROW and view.hand:
        return "choose your row card"
    if view.phase is Phase.ROW:
        return "no cards in hand: end your turn"
    if not view.hand:
        return "hand empty: end your turn"
    return f"play onto the piles, {view.pile_plays} of 5 so far"


def pile_fits(view: ColoursView, pile: int) -> list[str]:
    """The names of the hand cards that fit onto ``pile`` now, lowest first."""
    top = view.pile_tops[pile - 1]
    return [card_name(c) for c in sorted_hand(view.hand, "value") if ways_onto(c, top)]


def fits_text(view: ColoursView, verbosity: str, changed: int | None = None) -> str:
    """What the player can do on the piles now, in a few words: which hand cards fit where.

    ``"Fits left: red 3 and grey 9"``, ``"Fits both: red 3; right: grey 1"``.  After a
    play onto pile ``changed`` only that pile is news (the player has just put its top
    there): ``"Left takes red 5"``, or ``"Left takes none"`` (the other pile, unchanged,
    still takes what it took); ``"Nothing fits: end your turn"``."""
    if not view.hand or view.pile_plays >= MAX_PILE_PLAYS:
        done = "Hand empty" if not view.hand else f"{MAX_PILE_PLAYS} cards on the piles"
        return f"{done}: end your turn"
    fits = {pile: pile_fits(view, pile) for pile in (1, 2)}
    if not fits[1] and not fits[2]:
        return "Nothing fits: end your turn"
    if changed in (1, 2):
        name = pile_name(changed).capitalize()
        now = fits[changed]
        if now:
            return f"{name} takes {', '.join(now)}"
        # The other pile has not changed: what it takes was said already.
        return f"{name} takes none"
    # A card that fits both piles is named once.
    both = [card for card in fits[1] if card in fits[2]]
    sides = [("both", both)] if both else []
    sides += [(pile_name(p), [c for c in f if c not in both]) for p, f in fits.items()]
    said = [f"{side}: {', '.join(cards)}" for side, cards in sides if cards]
    if verbosity == BRIEF:
        return "; ".join(said)
    return "Fits " + "; ".join(said)


def row_card_fits_text(view: ColoursView, verbosity: str) -> str:
    """Right after the player's row card: ``"Orange 4, row of 2. Fits left: red 0"``."""
    if not view.row:
        return fits_text(view, verbosity)
    # The card is named (a row card is for good: a slip of the number keys must be heard),
    # then the row's new length.
    length = len(view.row)
    name = card_name(view.row[-1]).capitalize()
    if verbosity == BRIEF:
        placed = f"{name}, row {length}"
    else:
        placed = f"{name}, new row" if length == 1 else f"{name}, row of {length}"
    return f"{placed}. {fits_text(view, verbosity)}"


def your_turn_text(view: ColoursView, verbosity: str, changed: int | None = None) -> str:
    """The turn's first line, short: ``"Your turn. Piles black 10, orange 6; row up to 7"``
    (the row's colours, the hand and the scores are on keys); on the piles, what fits where
    now (only the pile ``changed`` by the play just made, when given)."""
    if view.phase is Phase.PILES:
        return fits_text(view, verbosity, changed)
    head = "Your extra turn" if view.extra else "Your turn"
    if view.phase is Phase.ROW and not view.hand:
        return f"{head}: no cards in hand, end your turn"
    left, right = view.pile_tops
    if verbosity == BRIEF:
        row = f"row {view.row[-1].value}" if view.row else "row empty"
        return f"{head}. {card_name(left)}, {card_name(right)}; {row}"
    row = f"row up to {view.row[-1].value}" if view.row else "row empty"
    text = f"{head}. Piles {card_name(left)}, {card_name(right)}; {row}"
    if verbosity == FULL:
        text += f". {row_summary('You', view.row, verbosity)}"
    return text


def turn_text(view: ColoursView, verbosity: str, own: bool = True) -> str:
    """Whose turn it is, and where it stands; to the player at the keys (``own``) the turn's
    short line, to a hot seat before the next player has sat down only the stage."""
    name = view.players[view.to_act]
    if view.is_over:
        winner = view.players[view.winner] if view.winner is not None else "nobody"
        return f"The game is over: {winner} won"
    if is_you(name) and view.seat == view.to_act:
        if not own:
            return f"Your turn: {stage_text(view)}"
        # The same short line as the turn's own: on the piles, what fits where now.
        if view.phase is Phase.PILES:
            head = "Your extra turn" if view.extra else "Your turn"
            return f"{head}. {fits_text(view, verbosity)}"
        return your_turn_text(view, verbosity)
    return f"{name}'s turn"


def hand_text(view: ColoursView, order: str, verbosity: str) -> str:
    """The whole hand in the chosen order, each card with how it fits now."""
    hand = sorted_hand(view.hand, order)
    if not hand:
        return "Your hand is empty"
    by = "by colour" if order == BY_COLOUR else "by value"
    if verbosity == BRIEF:
        return "Hand: " + ", ".join(card_name(c) for c in hand)
    if view.phase is Phase.ROW and not view.row:
        # Every card starts an empty row: said once, not on each card.
        names = ", ".join(card_name(c) for c in hand)
        return f"Hand {by}: {names}. Any of them starts your row"
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


def hint_text(action: Action, view: ColoursView | None = None) -> str:
    """What the strongest computer player would do next, and why where it looks odd."""
    if isinstance(action, ScoreRow):
        return "Hint: score your row now"
    if isinstance(action, PlaceRowCard):
        text = f"Hint: put {card_name(action.card)} in your row"
        if view is not None and not view.row and action.card.value == 10:
            # A 10 ends a row at once; the hint says what the move is for.
            text += (
                ": nothing can follow a 10, so the row is scored next turn for 1 point,"
                " and your lower cards stay for the piles"
            )
        return text
    if isinstance(action, PlayToPile):
        return f"Hint: play {card_name(action.card)} on the {pile_name(action.pile)} pile"
    if isinstance(action, EndPiles):
        return "Hint: end your turn and draw"
    return "Hint: nothing to suggest"


KEY_GROUPS: tuple[tuple[str, frozenset[str]], ...] = (
    (
        "Your row",
        frozenset({"play_card", *(f"play_card_{n}" for n in range(1, 10)), "score_row"})
        | frozenset({"announce_row"}),
    ),
    ("The piles", frozenset({"choose_left_pile", "choose_right_pile", "end_piles"})),
    (
        "Your hand",
        frozenset(
            {"next_card", "previous_card", "first_card", "last_card", "speak_hand"}
            | {"toggle_hand_order"}
        ),
    ),
    (
        "Asking",
        frozenset(
            {
                "announce_piles",
                "announce_scores",
                "announce_other_rows",
                "announce_draw_pile",
                "announce_last_turn",
                "announce_turn",
                "hint",
            }
        ),
    ),
)
"""The colour table's key help, in groups under headings: the row (Enter and the number
keys put the row card, then play onto the piles), the piles, the hand, and questions."""


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
    view: ColoursView,
    hand: Sequence[ColourCard],
    cursor: int,
    is_over: bool,
    chosen: int | None = None,
) -> tuple[list[str], int | None]:
    """The window: the piles (the one chosen with Up or Down marked), whose turn, the
    scores, the own row, the hand (the cursor's line marked) and the draw pile; the index
    of the highlighted line."""
    tops = [card_name(top) for top in view.pile_tops]
    if chosen in (1, 2):
        tops[chosen - 1] = f"[{tops[chosen - 1]}]"
    lines = [f"Piles: {tops[0]}  |  {tops[1]}"]
    if is_over:
        lines.append("Game over")
    else:
        lines.append(f"Turn: {view.players[view.to_act]}")
    scores = ", ".join(f"{n} {s}" for n, s in zip(view.players, view.scores, strict=True))
    lines.append(f"Scores: {scores}")
    row = ", ".join(card_name(c) for c in view.row) or "empty"
    lines.append(f"Your row: {row}")
    highlight = None
    for index, card in enumerate(hand):
        if index == cursor:
            highlight = len(lines)
        lines.append(f"{index + 1}. {card_name(card)}")
    lines.append(f"Draw pile: {view.draw_pile_size}")
    return lines, highlight
