"""Answers to the player's questions at the trick-taking table, from the player's view only."""

from __future__ import annotations

from collections.abc import Sequence

from ninetynine_audio.cards import Card
from ninetynine_audio.games.tricks import Declaration, Phase, TricksView, playable
from ninetynine_audio.present.tricks.events import scores_text
from ninetynine_audio.present.tricks.phrases import (
    bid_suits_text,
    bid_text,
    bid_value_of,
    by_suit,
    keep_text,
    suit_count,
    suit_group_text,
    suit_name,
    the_card,
    tricks_noun,
)
from ninetynine_audio.present.tricks.refusals import upper_first
from ninetynine_audio.present.words import BRIEF, NORMAL, RANK_NAMES, is_you, join_and

TRICKS_PER_DEAL = 9


def _name(view: TricksView, seat: int) -> str:
    return view.players[seat]


def hand_text(view: TricksView, verbosity: str = NORMAL) -> str:
    """The hand by suit; in play the cards that may be played come first."""
    if not view.hand:
        return "Your hand is empty"
    if view.phase is not Phase.PLAYING or view.to_act != view.seat or not view.trick:
        groups = "; ".join(suit_group_text(suit, cards) for suit, cards in by_suit(view.hand))
        return f"Your hand: {groups}" if verbosity != BRIEF else groups
    allowed = playable(view.hand, view.trick)
    led = view.trick[0][1].suit
    rest = [card for card in view.hand if card not in allowed]
    if not rest:
        groups = "; ".join(suit_group_text(suit, cards) for suit, cards in by_suit(view.hand))
        return f"No {suit_name(led)}: any card. {groups}"
    first = suit_group_text(led, allowed)
    others = "; ".join(suit_group_text(suit, cards) for suit, cards in by_suit(rest))
    if verbosity == BRIEF:
        return f"Follow {first}. Others: {others}"
    return f"You must follow {first}. Not playable now: {others}"


def trick_text(view: TricksView, verbosity: str = NORMAL) -> str:
    """The trick so far: ``"Trick 3: Lily led the 9 of hearts, Max played the 6 of hearts"``."""
    number = min(view.trick_number, TRICKS_PER_DEAL)
    if view.phase is Phase.BIDDING:
        return "No trick yet: the bids are being made"
    if not view.trick:
        leader = _name(view, view.leader)
        who = "you lead" if is_you(leader) else f"{leader} leads"
        return f"Trick {number}: no cards yet, {who}"
    parts = []
    for index, (seat, card) in enumerate(view.trick):
        name = _name(view, seat)
        verb = "led" if index == 0 else "played"
        parts.append(f"{name} {verb} {the_card(card)}")
    return f"Trick {number}: " + ", ".join(parts)


def leader_text(view: TricksView) -> str:
    """Who leads the trick being played (or the first trick)."""
    name = _name(view, view.leader)
    return "You lead" if is_you(name) else f"{name} leads"


def trumps_text(view: TricksView) -> str:
    """``"Trumps: hearts"`` or ``"No trumps this deal"``."""
    return f"Trumps: {suit_name(view.trumps)}" if view.trumps else "No trumps this deal"


def bid_status_text(view: TricksView, verbosity: str = NORMAL) -> str:
    """Your bid and your tricks: ``"Your bid 5: two hearts and a spade. You have 2, need 3"``."""
    if not view.bid_cards:
        return "You have not bid yet"
    bid = bid_value_of(view.bid_cards)
    taken = view.tricks_won[view.seat]
    left = TRICKS_PER_DEAL - sum(view.tricks_won)
    if verbosity == BRIEF:
        return f"Bid {bid}, taken {taken}"
    text = f"Your {bid_text(view.bid_cards)}. You have {tricks_noun(taken)}"
    if taken > bid:
        return text + ": the bid is broken"
    if taken == bid:
        return text + ": take no more"
    need = bid - taken
    if need > left:
        return text + f"; {need} more are needed and only {left} are left: out of reach"
    return text + f"; you need {need} more of the {left} left"


def tricks_text(view: TricksView) -> str:
    """Everyone's tricks this deal: ``"Tricks: You 2, Lily 3, Max 1; 3 to play"``."""
    left = TRICKS_PER_DEAL - sum(view.tricks_won)
    return f"Tricks: {scores_text(view.players, view.tricks_won)}; {left} to play"


def scores_query_text(view: TricksView) -> str:
    """``"Scores: You 33, Lily 1, Max 5. Game to 100"``."""
    return f"Scores: {scores_text(view.players, view.scores)}. Game to {view.options.target}"


def declared_text(view: TricksView) -> str:
    """What a declaration shows this deal, or that there is none."""
    if view.declared is None:
        return "No bid is declared this deal"
    seat, declaration = view.declared
    name = _name(view, seat)
    who = "You" if is_you(name) else name
    text = f"{who} declared {bid_text(view.declared_cards)}"
    if declaration is Declaration.REVEAL:
        hand = "; ".join(
            suit_group_text(suit, cards) for suit, cards in by_suit(view.revealed_hand)
        )
        text = f"{who} revealed {bid_text(view.declared_cards)}. Open hand: {hand or 'empty'}"
    return text


def deal_details_text(view: TricksView) -> str:
    """The last deal's score in full: each player's bid (when shown), tricks and points."""
    if not view.results:
        return "No deal has been scored yet"
    result = view.results[-1]
    parts = []
    for seat, name in enumerate(view.players):
        bid = result.bids[seat]
        tricks = result.tricks[seat]
        if seat in result.made:
            what = f"bid {bid} and took it"
        elif bid is not None:
            what = f"bid {bid}, took {tricks}"
        else:
            what = f"took {tricks}, missed the bid"
        points = result.points[seat]
        parts.append(f"{name} {what}: {points} {'point' if points == 1 else 'points'}")
    text = f"Deal {result.deal}. " + "; ".join(parts)
    if result.declared is not None:
        seat, reveal = result.declared
        kind = "revealed" if reveal else "declared"
        text += f". {_name(view, seat)} {kind} the bid"
    return text + f". Totals: {scores_text(view.players, result.scores)}"


def bid_choice_text(hand: Sequence[Card], marked: Sequence[Card]) -> str:
    """The bid marked so far and what is left to play with.

    ``"bid 5: two hearts and a spade; you keep 4 clubs, 2 hearts, 3 spades"``.
    """
    keep = [card for card in hand if card not in marked]
    if not marked:
        return "No cards marked: mark three for your bid"
    if len(marked) < 3:
        more = 3 - len(marked)
        return (
            f"{upper_first(bid_suits_text(marked))} marked, {bid_value_of(marked)} so far;"
            f" mark {more} more"
        )
    if len(marked) > 3:
        return f"{len(marked)} cards marked: a bid is three"
    return f"{upper_first(bid_text(marked))}; {keep_text(keep)}"


def card_text_for(card: Card, view: TricksView) -> str:
    """One card of the hand as you move to it, marked when it cannot be played now."""
    words = the_card(card)[4:]
    if (
        view.phase is Phase.PLAYING
        and view.to_act == view.seat
        and card not in playable(view.hand, view.trick)
    ):
        return f"{words}, not playable"
    return words


def turn_text(view: TricksView) -> str:
    """Whose move it is."""
    if view.phase is Phase.BIDDING:
        waiting = [view.players[s] for s in range(3) if not view.has_bid[s]]
        if not view.has_bid[view.seat]:
            return "Your bid: mark three cards"
        return f"Waiting for {join_and(waiting)} to bid"
    if view.phase is Phase.OVER:
        return "The game is over"
    name = _name(view, view.to_act)
    if is_you(name):
        return "Your lead" if not view.trick else "Your turn"
    return f"{name}'s turn"


def table_lines(
    view: TricksView, hand: Sequence[Card], cursor: int, marked: Sequence[Card]
) -> tuple[list[str], int | None]:
    """The window's lines: the trick, trumps and bid, the hand by suit, tricks and scores;
    and which line is highlighted (the suit of the selected card).

    ``hand`` is the hand in reading order, ``cursor`` the selected card in it; a marked card
    is shown with a star, the selected one in brackets.
    """
    lines = [trick_text(view) if view.phase is not Phase.OVER else "Game over"]
    status = trumps_text(view)
    if view.bid_cards:
        status += f". Your bid {bid_value_of(view.bid_cards)}, taken {view.tricks_won[view.seat]}"
    lines.append(status)
    highlight = None
    selected = hand[cursor] if hand and 0 <= cursor < len(hand) else None
    for suit, cards in by_suit(hand):
        shown = []
        for card in cards:
            text = RANK_NAMES[card.rank] + ("*" if card in marked else "")
            shown.append(f"[{text}]" if card == selected else text)
        if selected is not None and selected.suit is suit:
            highlight = len(lines)
        lines.append(f"{suit_name(suit).capitalize()}: " + "  ".join(shown))
    if view.phase is Phase.BIDDING and marked:
        lines.append(bid_choice_text(hand, marked))
    lines.append(tricks_text(view))
    lines.append(scores_query_text(view))
    return lines, highlight


def empty_hand_text() -> str:
    """A hand key with no cards."""
    return "Your hand is empty"


ENTER_DESCRIPTION = "Play the selected card; while bidding, bid the three marked cards"
"""Key help's words for Enter at the trick-taking table."""


def bid_confirm_text(enter_key: str) -> str:
    """Three cards are marked: how to bid them."""
    return f"Three cards marked: press {enter_key} to bid them"


def bid_marking_text(marked: int) -> str:
    """The bid under way, when asked whose turn it is."""
    more = 3 - marked
    return f"Your bid: {marked} marked, mark {more} more"


def hand_end_text(card_words: str, *, last: bool) -> str:
    """Moving past either end of the hand: that it is the end, and the card."""
    return f"{'Last' if last else 'First'} card: {card_words}"


def marks_full_text() -> str:
    """A fourth card marked for a bid."""
    return "Three cards are marked already: unmark one first"


def no_card_at_text(position: int, size: int) -> str:
    """A number key past the end of the hand."""
    return f"No card {position}: you hold {size}"


def mark_text(
    is_marked: bool, card_words: str, hand: Sequence[Card], marked: Sequence[Card]
) -> str:
    """``"Marked Queen of hearts. Bid 5: two hearts and a spade; you keep …"``."""
    done = "Marked" if is_marked else "Unmarked"
    return f"{done} {card_words}. {bid_choice_text(hand, marked)}"


def suit_jump_text(cards: Sequence[Card], card_words: str) -> str:
    """Moving to a suit: ``"3 hearts: Ace of hearts"``."""
    suit = cards[0].suit
    return f"{suit_count(len(cards), suit)}: {card_words}"


def marked_card_text(card_words: str) -> str:
    """A card of the hand marked for the bid, as the cursor reaches it."""
    return f"{card_words}, marked"


def declaration_choice_text(declaration: Declaration | None) -> str:
    """What the declaration key has chosen."""
    if declaration is Declaration.DECLARE:
        return "Declare the bid: premium 30"
    if declaration is Declaration.REVEAL:
        return "Reveal the bid and play with your hand open: premium 60"
    return "No declaration"


def other_turn_text(name: str) -> str:
    """``"Lily's turn"``."""
    return f"{name}'s turn"


def declarations_off_text() -> str:
    """The declaration key in a game without declarations."""
    return "This game is played without declarations"
