"""Why the trick-taking game refuses an action; each code has its own spoken reason."""

from __future__ import annotations

from ninetynine_audio.games.errors import (
    CardNotInHand,
    GameOverError,
    IllegalAction,
    NotYourTurn,
)


class UnknownSeat(IllegalAction):
    """The action names a seat the table does not have."""

    code = "unknown_seat"


class NotBidding(IllegalAction):
    """A bid was made after the bidding of this deal ended."""

    code = "not_bidding"


class AlreadyBid(IllegalAction):
    """The seat has set its bid aside already this deal."""

    code = "already_bid"


class BidNeedsThreeCards(IllegalAction):
    """A bid names more or fewer than three cards (``details["count"]``)."""

    code = "bid_three_cards"


class BidCardTwice(IllegalAction):
    """A bid names the same card twice."""

    code = "bid_card_twice"


class DeclarationsOff(IllegalAction):
    """A declaration was made in a game played without them."""

    code = "declarations_off"


class BiddingNotOver(IllegalAction):
    """A card was played before everyone had bid (``details["waiting"]``: the seats)."""

    code = "bidding_not_over"


class MustFollowSuit(IllegalAction):
    """The card does not follow the suit led though the hand holds that suit.

    ``details``: ``suit`` (the suit led), ``card`` (the card tried), ``held`` (the cards of the
    suit led in the hand).
    """

    code = "must_follow"


__all__ = [
    "AlreadyBid",
    "BidCardTwice",
    "BidNeedsThreeCards",
    "BiddingNotOver",
    "CardNotInHand",
    "DeclarationsOff",
    "GameOverError",
    "IllegalAction",
    "MustFollowSuit",
    "NotBidding",
    "NotYourTurn",
    "UnknownSeat",
]
