"""The hint at the trick-taking table: the bid or card the strongest level would choose, and why."""

from __future__ import annotations

from collections.abc import Sequence

from ninetynine_audio.cards import Card
from ninetynine_audio.games.tricks import TricksView, winning_index
from ninetynine_audio.i18n import _, ngettext, pgettext
from ninetynine_audio.present.tricks.phrases import (
    bid_suits_text,
    bid_value_of,
    card_name,
    keep_text,
    the_card,
    upper_first,
)
from ninetynine_audio.present.words import how_often, is_you

TRICKS_PER_DEAL = 9


def bid_hint_text(hand: Sequence[Card], cards: Sequence[Card], likely: float) -> str:
    """``"Try bid 5: two hearts and a spade; you keep …. The nine kept look good for about 5"``.

    ``likely`` is how many tricks the kept cards look good for. Where that is not the bid,
    the hint says why the bid differs, so the two never seem to contradict each other.
    """
    keep = [card for card in hand if card not in cards]
    bid = bid_value_of(cards)
    expected = round(likely)
    # Translators: {suits} are the bid's cards, "two hearts and a spade"; {keep} is a clause,
    # "you keep 4 clubs, 2 hearts, 3 spades".
    head = _("Try bid {bid}: {suits}; {keep}.").format(
        bid=bid, suits=bid_suits_text(cards), keep=keep_text(keep)
    )
    if expected == bid:
        why = ngettext(
            "Those nine look good for about {count} trick",
            "Those nine look good for about {count} tricks",
            expected,
        ).format(count=expected)
    elif expected > bid:
        why = ngettext(
            "A low bid: those nine look good for about {count} trick, and losing a trick on"
            " purpose is easier than winning one",
            "A low bid: those nine look good for about {count} tricks, and losing a trick on"
            " purpose is easier than winning one",
            expected,
        ).format(count=expected)
    else:
        more = bid - expected
        # Translators: {tricks} is how many tricks the kept cards look good for, "3 tricks".
        why = ngettext(
            "A high bid: those nine look good for about {tricks}, so you will need to win"
            " {count} trick more",
            "A high bid: those nine look good for about {tricks}, so you will need to win"
            " {count} tricks more",
            more,
        ).format(tricks=tricks_noun(expected), count=more)
    return f"{head} {why}"


def tricks_noun(count: int) -> str:
    """``"1 trick"``, ``"3 tricks"``, ``"no tricks"``: a noun phrase, placed whole in a
    sentence (none has words of its own: a language may count 0 as one, "0 vaza")."""
    if count == 0:
        return pgettext("a number of tricks", "no tricks")
    return ngettext("{count} trick", "{count} tricks", count).format(count=count)


def search_text(made: float, deals: int, bidding: bool) -> str:
    """What the search over the ways the unseen cards may lie found, in words a newcomer
    follows: ``"That card makes your bid usually."``; when nothing makes it, that the bid
    looks out of reach, so the hint never recommends a card "making" it in none (empty
    without a search)."""
    if deals <= 0:
        return ""
    hits = round(made * deals)
    if hits == 0:
        if bidding:
            return _("No nine look sure to make a bid.")
        return _("Your bid looks out of reach whatever you play.")
    # Translators: {often} is how often ("usually", "about half the time").
    if bidding:
        return _("Those nine make that bid {often}.").format(often=how_often(hits, deals))
    return _("That card makes your bid {often}.").format(often=how_often(hits, deals))


def play_hint_text(view: TricksView, card: Card) -> str:
    """``"Try the Ace of spades: you need 2 more of the 7 left"``, or why to lose this one."""
    bid = view.bid
    taken = view.tricks_won[view.seat]
    words = the_card(card)
    if bid is None:
        return _("Try {card}").format(card=words)
    if taken == bid:
        return _("Try {card}: you have your bid: lose the tricks that are left").format(card=words)
    if taken > bid:
        return _("Try {card}: your bid is broken: keep the others from making theirs").format(
            card=words
        )
    left = TRICKS_PER_DEAL - sum(view.tricks_won)
    need = bid - taken
    return ngettext(
        "Try {card}: you need {count} more of the {left} left",
        "Try {card}: you need {count} more of the {left} left",
        need,
    ).format(card=words, count=need, left=left)


def _effect_text(view: TricksView, card: Card) -> str:
    """What ``card`` does to the trick so far, as a clause."""
    words = the_card(card)
    if not view.trick:
        return _("You lead {card}").format(card=words)
    cards = [played for _seat, played in view.trick]
    best = winning_index(cards, view.trumps)
    if winning_index([*cards, card], view.trumps) == len(cards):
        return upper_first(_("{card} takes the trick so far").format(card=words))
    seat, winning = view.trick[best]
    name = view.players[seat]
    if is_you(name):
        # "You" hears of a card of theirs only from another seat: no "You's"
        text = _("{card} loses to {winning}").format(card=words, winning=the_card(winning))
    else:
        text = _("{card} loses to {player}'s {winning}").format(
            card=words, player=name, winning=card_name(winning)
        )
    return upper_first(text)


def practice_text(view: TricksView, card: Card) -> str:
    """Practice: what ``card`` does to the trick before it is played, and where the bid stands.

    ``"The Ace of spades takes the trick so far; you need 2 more of the 9 left"``.
    """
    what = _effect_text(view, card)
    bid = view.bid
    if bid is None:
        return what
    taken = view.tricks_won[view.seat]
    if taken > bid:
        where = _("your bid is broken already")
    elif taken == bid:
        where = _("you have your bid and want no more tricks")
    else:
        left = TRICKS_PER_DEAL - sum(view.tricks_won)
        need = bid - taken
        where = ngettext(
            "you need {count} more of the {left} left",
            "you need {count} more of the {left} left",
            need,
        ).format(count=need, left=left)
    # Translators: two clauses said together: what a card does to the trick ("The Ace of
    # spades takes the trick so far") and where your bid stands ("you need 2 more of the 9
    # left").
    return pgettext("practice", "{effect}; {bid}").format(effect=what, bid=where)
