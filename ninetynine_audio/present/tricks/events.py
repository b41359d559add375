"""The trick-taking game's events as utterances, each with its cue and the seat's position.

Another player's bid is only ever said to be made, never what it is, unless it is declared.
A computer player's card is ``mergeable`` (it may be dropped when play runs ahead of speech);
trick winners, bids made or broken and scores never are.
"""

from __future__ import annotations

from collections.abc import Sequence

from ninetynine_audio.audio.utterance import Utterance
from ninetynine_audio.cards import Suit
from ninetynine_audio.games.tricks import (
    BidDeclared,
    BidMade,
    CardPlayed,
    DealScored,
    DealStarted,
    Event,
    GameEnded,
    GameStarted,
    TrickWon,
)
from ninetynine_audio.i18n import _, ngettext, pgettext
from ninetynine_audio.present.seats import Perspective
from ninetynine_audio.present.tricks.phrases import (
    bid_suits_text,
    bid_value_of,
    card_name,
    names_and,
    scores_text,
    sentences,
    suit_name,
    the_card,
)
from ninetynine_audio.present.words import BRIEF, FULL, is_you, seat_name

TRICKS_PER_DEAL = 9
CUE_CARD = "card_played"
CUE_TRICK_WON = "trick_won"
CUE_TRICK_LOST = "trick_lost"
CUE_BID_MADE = "bid_made"
CUE_BID_BROKEN = "bid_broken"
CUE_DEAL = "round_start"
CUE_WIN = "win"
CUE_LOSS = "loss"

__all__ = ["names_and", "narrate", "scores_text"]


def game_started_text(event: GameStarted, verbosity: str) -> str:
    """``"Trick-taking Ninety-Nine. You, Lily and Max, game to 100."``"""
    target = event.options.target
    if verbosity == BRIEF:
        return _("Tricks, to {target}").format(target=target)
    players = names_and(event.players)
    if event.options.declarations:
        # Translators: {players} is the list of players, "You, Lily and Max".
        return _(
            "Trick-taking Ninety-Nine. {players}, game to {target}, with declarations."
        ).format(players=players, target=target)
    # Translators: {players} is the list of players, "You, Lily and Max".
    return _("Trick-taking Ninety-Nine. {players}, game to {target}.").format(
        players=players, target=target
    )


def deal_started_text(event: DealStarted, verbosity: str) -> str:
    """``"Deal 2, Lily deals, trumps hearts"``."""
    deal = event.deal
    if verbosity == BRIEF:
        if event.trumps:
            return _("Deal {deal}, trumps {suit}").format(deal=deal, suit=suit_name(event.trumps))
        return _("Deal {deal}, no trumps").format(deal=deal)
    you = is_you(event.dealer)
    if event.trumps:
        suit = suit_name(event.trumps)
        if you:
            text = _("Deal {deal}, you deal, trumps {suit}").format(deal=deal, suit=suit)
        else:
            text = _("Deal {deal}, {player} deals, trumps {suit}").format(
                deal=deal, player=event.dealer, suit=suit
            )
    elif you:
        text = _("Deal {deal}, you deal, no trumps").format(deal=deal)
    else:
        text = _("Deal {deal}, {player} deals, no trumps").format(deal=deal, player=event.dealer)
    if verbosity == FULL:
        return sentences(text, _("Choose three cards for your bid"))
    return text


def bid_made_text(event: BidMade, listener: int | None, verbosity: str) -> str:
    """Your own bid in full; another player's only as made."""
    if event.seat == listener:
        if verbosity == BRIEF:
            return _("Bid {bid}").format(bid=event.bid)
        # Translators: {suits} are the bid's cards, "two hearts and a spade".
        return _("You bid {bid}: {suits}").format(
            bid=bid_value_of(event.cards), suits=bid_suits_text(event.cards)
        )
    if is_you(event.player):
        # heard by nobody's seat in particular (a table of people taking turns at the keys)
        return _("You bid") if verbosity == BRIEF else _("You have bid")
    if verbosity == BRIEF:
        return _("{player} bid").format(player=event.player)
    return _("{player} has bid").format(player=event.player)


def bid_declared_text(event: BidDeclared, verbosity: str) -> str:
    """``"Lily declares: bid 5: two hearts and a spade"``."""
    values = {
        "player": event.player,
        "bid": bid_value_of(event.cards),
        "suits": bid_suits_text(event.cards),
    }
    you = is_you(event.player)
    if not event.reveal:
        if you:
            # Translators: {suits} are the bid's cards, "two hearts and a spade".
            return _("You declare: bid {bid}: {suits}").format(**values)
        return _("{player} declares: bid {bid}: {suits}").format(**values)
    if verbosity == BRIEF:
        if you:
            return _("You reveal: bid {bid}: {suits}").format(**values)
        return _("{player} reveals: bid {bid}: {suits}").format(**values)
    if you:
        return _("You reveal: bid {bid}: {suits}, and play with your hand open").format(**values)
    return _("{player} reveals: bid {bid}: {suits}, and plays with the hand open").format(**values)


def card_played_text(event: CardPlayed, verbosity: str, trumps: Suit | None = None) -> str:
    """``"Lily plays the 9 of hearts"``; a card of the ``trumps`` suit is called a trump,
    ``"Max plays the 2 of spades, a trump"``; brief ``"Lily, 9 of hearts"``."""
    player = event.player
    if verbosity == BRIEF:
        # Translators: brief narration of a card played, "Lily, 9 of hearts".
        return _("{player}, {card}").format(player=seat_name(player), card=card_name(event.card))
    card = the_card(event.card)
    if trumps is not None and event.card.suit is trumps:
        # Translators: a card of the trump suit, as it is played: "the 2 of spades, a trump".
        card = pgettext("a card of the trump suit", "{card}, a trump").format(card=card)
    you = is_you(player)
    if event.is_lead and verbosity == FULL:
        if you:
            return _("You lead {card} to trick {trick}").format(card=card, trick=event.trick)
        return _("{player} leads {card} to trick {trick}").format(
            player=player, card=card, trick=event.trick
        )
    if event.is_lead:
        if you:
            return _("You lead {card}").format(card=card)
        return _("{player} leads {card}").format(player=player, card=card)
    if you:
        return _("You play {card}").format(card=card)
    return _("{player} plays {card}").format(player=player, card=card)


def trick_won_text(event: TrickWon, verbosity: str) -> str:
    """``"Max wins trick 3 with the Ace of spades"``."""
    you = is_you(event.winner)
    player = event.winner
    if verbosity == BRIEF:
        card = card_name(event.winning_card)
        if you:
            return _("You take it, {card}").format(card=card)
        return _("{player} takes it, {card}").format(player=player, card=card)
    card = the_card(event.winning_card)
    trick = event.trick
    if verbosity == FULL and event.tricks_won:
        count = event.tricks_won[event.seat]
        if you:
            return ngettext(
                "You win trick {trick} with {card}; you have {count} trick",
                "You win trick {trick} with {card}; you have {count} tricks",
                count,
            ).format(trick=trick, card=card, count=count)
        return ngettext(
            "{player} wins trick {trick} with {card}; {player} has {count} trick",
            "{player} wins trick {trick} with {card}; {player} has {count} tricks",
            count,
        ).format(player=player, trick=trick, card=card, count=count)
    if you:
        return _("You win trick {trick} with {card}").format(trick=trick, card=card)
    return _("{player} wins trick {trick} with {card}").format(
        player=player, trick=trick, card=card
    )


def bid_status(event: TrickWon, listener: int | None, bid: int | None) -> tuple[str, str] | None:
    """The cue and words when this trick made the listener's bid or put it out of reach."""
    if listener is None or bid is None or not event.tricks_won:
        return None
    taken = event.tricks_won[listener]
    left = TRICKS_PER_DEAL - event.trick
    before = taken - (1 if event.seat == listener else 0)
    if event.seat == listener and taken == bid:
        if left == 0:
            # The deal is over: its score says the bid was made; the sound says it now.
            return CUE_BID_MADE, ""
        text = ngettext(
            "You have your {count} trick: take no more",
            "You have your {count} tricks: take no more",
            bid,
        ).format(count=bid)
        return CUE_BID_MADE, text
    if event.seat == listener and taken == bid + 1:
        return CUE_BID_BROKEN, _("One trick too many: your bid of {bid} is broken").format(bid=bid)
    if event.seat != listener and before + left + 1 >= bid > taken + left:
        return CUE_BID_BROKEN, _("Your bid of {bid} is out of reach now").format(bid=bid)
    return None


def made_text(event: DealScored, listener: int | None) -> str:
    """Who made the bid this deal: ``"You made your bid, and so did Lily"``."""
    made = [event.players[seat] for seat in event.made]
    if not made:
        return _("Nobody made the bid")
    if listener is not None and listener in event.made:
        others = [name for name in made if name != event.players[listener]]
        if others:
            # Translators: {players} is a list of names, "Lily and Max".
            return _("You made your bid, and so did {players}").format(players=names_and(others))
        return _("You made your bid")
    # Translators: {players} is a list of names, "Lily and Max".
    return ngettext("{players} made the bid", "{players} made the bid", len(made)).format(
        players=names_and(made)
    )


def deal_scored_text(event: DealScored, listener: int | None, verbosity: str) -> str:
    """Brief by design: who made the bid, the deal's points, the totals."""
    made_words = made_text(event, listener)
    points = scores_text(event.players, event.points)
    totals = scores_text(event.players, event.scores)
    if verbosity == BRIEF:
        # Translators: {totals} is a list of scores, "You 33, Lily 1, Max 5".
        return sentences(made_words, _("Totals {totals}").format(totals=totals))
    parts = [_("Deal {deal} scored").format(deal=event.deal), made_words]
    if points != totals:
        # Translators: {points} is a list of scores, "You 10, Lily 1, Max 5".
        parts.append(_("Points: {points}").format(points=points))
    # Translators: {totals} is a list of scores, "You 33, Lily 1, Max 5". After the first
    # deal the deal's points are the totals, said once.
    parts.append(_("Totals: {totals}").format(totals=totals))
    if verbosity == FULL:
        parts.append(_("The deal's details are on the details key"))
    return sentences(*parts)


def game_ended_text(event: GameEnded, verbosity: str) -> str:
    """``"You win with 103 points. Final totals: …"``."""
    top = event.scores[event.seat]
    if is_you(event.winner):
        text = ngettext("You win with {count} point", "You win with {count} points", top)
    else:
        text = ngettext(
            "{player} wins with {count} point", "{player} wins with {count} points", top
        )
    text = text.format(player=event.winner, count=top)
    if verbosity == BRIEF:
        return text
    # Translators: {totals} is a list of scores, "You 103, Lily 61, Max 75".
    final = _("Final totals: {totals}").format(totals=scores_text(event.players, event.scores))
    return sentences(text, final)


def narrate(
    events: Sequence[Event],
    view: Perspective,
    bid: int | None = None,
    trumps: Suit | None = None,
) -> list[Utterance]:
    """The utterances for ``events``, oldest first.

    ``bid`` is the listener's bid in the deal being played, if made; it is read from the
    events instead when they make it or score the deal. ``trumps`` is the deal's trump suit
    (a deal started among the events says its own).
    """
    spoken: list[Utterance] = []
    v = view.verbosity
    scored = next((event for event in events if isinstance(event, DealScored)), None)
    if scored is not None and view.listener is not None:
        # the deal's last trick: its bid, not the next deal's (not made yet)
        bid = scored.bids[view.listener]
    for event in events:
        if isinstance(event, GameStarted):
            spoken.append(Utterance(game_started_text(event, v), until_action=True))
        elif isinstance(event, DealStarted):
            trumps = event.trumps
            spoken.append(Utterance(deal_started_text(event, v), cue=CUE_DEAL, until_action=True))
        elif isinstance(event, BidMade):
            if event.seat == view.listener:
                bid = event.bid
            spoken.append(
                Utterance(
                    bid_made_text(event, view.listener, v),
                    pan=view.pan(event.seat),
                    mergeable=event.seat != view.listener,
                )
            )
        elif isinstance(event, BidDeclared):
            spoken.append(Utterance(bid_declared_text(event, v), pan=view.pan(event.seat)))
        elif isinstance(event, CardPlayed):
            spoken.append(
                Utterance(
                    card_played_text(event, v, trumps),
                    cue=CUE_CARD,
                    pan=view.pan(event.seat),
                    mergeable=event.seat not in view.humans,
                )
            )
        elif isinstance(event, TrickWon):
            # Another player's trick has a sound of its own, placed at their seat.
            cue = CUE_TRICK_WON if event.seat == view.listener else CUE_TRICK_LOST
            spoken.append(Utterance(trick_won_text(event, v), cue=cue, pan=view.pan(event.seat)))
            status = bid_status(event, view.listener, bid)
            if status is not None:
                spoken.append(Utterance(status[1], cue=status[0]))
        elif isinstance(event, DealScored):
            spoken.append(Utterance(deal_scored_text(event, view.listener, v)))
            bid = None
        elif isinstance(event, GameEnded):
            cue = CUE_WIN if event.seat == view.listener else CUE_LOSS
            spoken.append(Utterance(game_ended_text(event, v), cue=cue))
    return spoken
