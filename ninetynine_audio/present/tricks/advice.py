"""The hint at the trick-taking table: the bid or card the strongest level would choose, and why."""

from __future__ import annotations

from collections.abc import Sequence

from ninetynine_audio.cards import Card
from ninetynine_audio.games.tricks import TricksView, winning_index
from ninetynine_audio.present.tricks.phrases import (
    bid_text,
    bid_value_of,
    keep_text,
    the_card,
    tricks_noun,
)
from ninetynine_audio.present.tricks.refusals import upper_first
from ninetynine_audio.present.words import is_you

TRICKS_PER_DEAL = 9


def bid_hint_text(hand: Sequence[Card], cards: Sequence[Card], likely: float) -> str:
    """``"Try bid 5: two hearts and a spade; you keep …. The nine kept look good for about 5"``.

    ``likely`` is how many tricks the kept cards look good for. Where that is not the bid,
    the hint says why the bid differs, so the two never seem to contradict each other.
    """
    keep = [card for card in hand if card not in cards]
    bid = bid_value_of(cards)
    expected = round(likely)
    head = f"Try {bid_text(cards)}; {keep_text(keep)}."
    if expected == bid:
        return f"{head} Those nine look good for about {tricks_noun(expected)}"
    if expected > bid:
        return (
            f"{head} A low bid: those nine look good for about {tricks_noun(expected)},"
            " and losing a trick on purpose is easier than winning one"
        )
    return (
        f"{head} A high bid: those nine look good for about {tricks_noun(expected)},"
        f" so you will need to win {tricks_noun(bid - expected)} more"
    )


def search_text(made: float, deals: int, bidding: bool) -> str:
    """What the search found: ``"In 31 of 40 re-deals of the cards you cannot see, that card
    makes your bid."`` (empty without a search)."""
    if deals <= 0:
        return ""
    hits = round(made * deals)
    what = "those nine make that bid" if bidding else "that card makes your bid"
    return f"In {hits} of {deals} re-deals of the cards you cannot see, {what}."


def play_hint_text(view: TricksView, card: Card) -> str:
    """``"Try the Ace of spades: you need 2 more tricks"``, or why to lose this one."""
    bid = view.bid
    taken = view.tricks_won[view.seat]
    if bid is None:
        return f"Try {the_card(card)}"
    if taken >= bid:
        why = (
            "you have your bid: lose the tricks that are left"
            if taken == bid
            else ("your bid is broken: keep the others from making theirs")
        )
    else:
        left = TRICKS_PER_DEAL - sum(view.tricks_won)
        why = f"you need {bid - taken} more of the {left} left"
    return f"Try {the_card(card)}: {why}"


def practice_text(view: TricksView, card: Card) -> str:
    """Practice: what ``card`` does to the trick before it is played, and where the bid stands.

    ``"The Ace of spades takes the trick so far; you need 2 more of the 9 left"``.
    """
    if not view.trick:
        what = f"You lead {the_card(card)}"
    else:
        cards = [played for _, played in view.trick]
        best = winning_index(cards, view.trumps)
        if winning_index([*cards, card], view.trumps) == len(cards):
            what = f"{upper_first(the_card(card))} takes the trick so far"
        else:
            seat, winning = view.trick[best]
            name = view.players[seat]
            # "You" hears of a card of theirs only from another seat: no "You's"
            whose = "the " if is_you(name) else f"{name}'s "
            what = f"{upper_first(the_card(card))} loses to {whose}{the_card(winning)[4:]}"
    bid = view.bid
    if bid is None:
        return what
    taken = view.tricks_won[view.seat]
    if taken > bid:
        return f"{what}; your bid is broken already"
    if taken == bid:
        return f"{what}; you have your bid and want no more tricks"
    left = TRICKS_PER_DEAL - sum(view.tricks_won)
    return f"{what}; you need {bid - taken} more of the {left} left"
